/// A place in a text, in characters (grapheme clusters, what a user counts) and in UTF-16
/// code units (what platform text APIs count).
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Characters (grapheme clusters) before this position.
    public var character: Int
    /// UTF-16 code units before this position.
    public var utf16: Int

    /// Creates a position.
    public init(character: Int, utf16: Int) {
        self.character = character
        self.utf16 = utf16
    }

    /// The start of any text.
    public static let start = TextPosition(character: 0, utf16: 0)

    /// Orders by UTF-16 offset (the two offsets always agree in order).
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool { lhs.utf16 < rhs.utf16 }

    /// `5 (utf16 7)`.
    public var description: String { "\(character) (utf16 \(utf16))" }
}

/// Which way a move goes: forward is toward the end of the text.
public enum TextDirection: Sendable, Hashable, CaseIterable {
    /// Toward the start of the text (swipe up, left arrow).
    case backward
    /// Toward the end of the text (swipe down, right arrow).
    case forward
}

/// What an edit did, for the `edit` event (SPEC §4).
public struct TextEdit: Sendable, Hashable {
    /// The kind of edit.
    public enum Operation: String, Sendable, Hashable {
        /// Text was inserted where nothing was selected.
        case insert
        /// Text was removed.
        case delete
        /// A selection was replaced by new text.
        case replace
    }

    /// The kind of edit.
    public var operation: Operation
    /// Where the edit starts, in characters.
    public var offset: Int
    /// Characters inserted (insert, replace: how far the insertion point advanced) or removed.
    public var length: Int
    /// The characters in the text after the edit.
    public var count: Int
    /// The inserted text (insert, replace) or the removed text (delete).
    public var text: String
}

/// A move of the insertion point: where it went and what it passed over.
public struct TextMove: Sendable, Hashable {
    /// The text passed over: one character, or the word for word moves.
    public var passed: String
    /// The text between the old and new insertion point, in full.
    public var span: String
    /// How many characters the move passed.
    public var characters: Int
}
