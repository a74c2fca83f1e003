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

/// What an edit did, for the `edit` event.
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

/// A move of the insertion point: where it went and what it passed over, as ranges into the
/// text. A move copies no text; `TextBuffer.text(passedBy:)` makes the `String` to speak.
///
/// It holds no reference to the text: a second reference to the buffer's storage would make
/// the next edit copy the whole text.
public struct TextMove: Sendable, Hashable {
    /// The text between the old and the new insertion point, lower bound first.
    public var range: Range<TextPosition>
    /// The UTF-16 offsets of the unit passed over, as it is spoken: the character, or the whole
    /// word for word moves (wider than `range` when the move began inside the word), or
    /// `range` when no word was passed (only spaces and punctuation were left).
    public var passedUTF16: Range<Int>

    /// Creates a move.
    public init(range: Range<TextPosition>, passedUTF16: Range<Int>) {
        self.range = range
        self.passedUTF16 = passedUTF16
    }

    /// How many characters the move passed. - Complexity: O(1).
    public var characters: Int { range.upperBound.character - range.lowerBound.character }
}
