import CICU

/// The text of a field with its insertion point and selection, segmented by ICU.
///
/// Characters are extended grapheme clusters and words follow ICU's word rules for the
/// buffer's locale, including dictionary languages (Thai "สวัสดีครับ" is two words).
/// Storage is a UTF-16 gap buffer that ICU walks in place, so an edit or a move costs time
/// in proportion to the text it touches, not to the whole text:
///
/// ```swift
/// var buffer = try TextBuffer("Hi", locale: "en_US")
/// buffer.insert(" there")
/// let passed = buffer.moveWord(.backward).map { buffer.text(passedBy: $0) }   // "there"
/// ```
///
/// Its `description` and mirror never show the text, only counts: a buffer may hold a password.
public struct TextBuffer: Sendable {
    var storage: TextStorage
    /// Where typing goes, always on a character boundary.
    public internal(set) var insertionPoint: TextPosition
    /// The selected range, if any; typing replaces it.
    public internal(set) var selection: Range<TextPosition>?
    /// How many characters (grapheme clusters) the text holds.
    public internal(set) var characterCount: Int
    /// A character boundary and the boundary before it, as the last edit left them (offsets
    /// only, never text): typing again there needs no ICU `preceding`, which after an edit
    /// must re-run the rules from a safe point. Valid until the text changes again.
    var lastBoundaries: (boundary: Int, previous: Int)?
    /// The property rules' state of the character that ends at the last edit's insertion point
    /// (`offset`, with the character's start), when that edit knew it: typing on into a
    /// growing cluster resumes from it instead of re-reading the cluster (see
    /// `replace(_:with:)`). Every edit sets or clears it.
    var clusterTail: ClusterTail?
    /// Whether the text is secret (a secure field's): edits then report counts only, with an
    /// empty `text`, so no `String` copy of the secret is made for them. (Moves never copy the
    /// text: they carry offsets.)
    public var isSecret = false
    /// How far the search for the paragraph's first strong character has got (offsets only):
    /// arrow keys ask for it on every press, and it is searched again only after an edit
    /// before the character found. Valid for the text as it is; edits update it.
    var directionScan = DirectionScan()

    /// Creates a buffer holding `text` with the insertion point at its end.
    /// - Parameters:
    ///   - text: The initial text.
    ///   - locale: An ICU locale id (`en_US`, `th`) whose segmentation rules apply.
    /// - Complexity: O(n) in the length of `text`.
    public init(_ text: String = "", locale: String = "en_US") throws(ICUError) {
        storage = try TextStorage(locale: locale)
        insertionPoint = .start
        selection = nil
        characterCount = 0
        if !text.isEmpty { insert(text) }
    }

    /// The ICU locale id whose rules segment the text.
    public var locale: String { storage.locale }

    /// The length in UTF-16 code units. - Complexity: O(1).
    public var utf16Count: Int { storage.utf16Count }

    /// Whether the text is empty. - Complexity: O(1).
    public var isEmpty: Bool { storage.utf16Count == 0 }

    /// The whole text. - Complexity: O(n).
    public var string: String { storage.string(0..<storage.utf16Count) }

    /// Whether the text is exactly `text`, compared in place: no copy of the text is made, so
    /// checking a secure field's value leaves no `String` of it behind. - Complexity: O(n).
    public func hasText(_ text: String) -> Bool {
        guard text.utf16.count == storage.utf16Count else { return false }
        var index = 0
        for unit in text.utf16 {
            guard storage.unit(at: index) == unit else { return false }
            index += 1
        }
        return true
    }

    /// How many characters are selected; 0 with no selection. - Complexity: O(1).
    public var selectedCharacterCount: Int {
        selection.map { $0.upperBound.character - $0.lowerBound.character } ?? 0
    }

    /// The text between two positions.
    ///
    /// ```swift
    /// let buffer = try TextBuffer("ab")
    /// let all = try buffer.text(in: .start..<buffer.endPosition)                          // "ab"
    /// let outside = try? buffer.text(in: .start..<TextPosition(character: 2, utf16: 200)) // nil: TextRangeError
    /// ```
    /// - Throws: `TextRangeError` when either end lies outside the text (a negative offset,
    ///   one past `endPosition`, or character offsets in the wrong order); nothing is read.
    /// - Complexity: O(length of the range).
    public func text(in range: Range<TextPosition>) throws(TextRangeError) -> String {
        try validate(range)
        return storage.string(range.lowerBound.utf16..<range.upperBound.utf16)
    }

    /// Checks that a range lies inside the text: both UTF-16 offsets in `0...utf16Count`, both
    /// character offsets in `0...characterCount` and in the same order. (Whether a position is
    /// a character boundary is not checked: that would cost a segmentation; a range that cuts a
    /// surrogate pair reads U+FFFD for the half.) - Complexity: O(1).
    public func validate(_ range: Range<TextPosition>) throws(TextRangeError) {
        try validate(range.lowerBound)
        try validate(range.upperBound)
        guard range.lowerBound.character <= range.upperBound.character else {
            throw TextRangeError(position: range.upperBound, characterCount: characterCount, utf16Count: utf16Count)
        }
    }

    /// Checks that a position lies inside the text (see `validate(_:)` for ranges).
    /// - Complexity: O(1).
    public func validate(_ position: TextPosition) throws(TextRangeError) {
        guard (0...storage.utf16Count).contains(position.utf16), (0...characterCount).contains(position.character),
              position.character <= position.utf16 else {
            throw TextRangeError(position: position, characterCount: characterCount, utf16Count: utf16Count)
        }
    }

    /// The text of a range the buffer made itself (its selection, a deletion's range).
    func unvalidatedText(in range: Range<TextPosition>) -> String {
        storage.string(range.lowerBound.utf16..<range.upperBound.utf16)
    }

    /// The text a move passed over, as it is spoken: the character, or the whole word; empty
    /// for a secret buffer. The move's offsets refer to the text it moved in, so ask before
    /// the text changes again.
    /// - Complexity: O(length of the unit passed).
    public func text(passedBy move: TextMove) -> String {
        isSecret ? "" : storage.string(move.passedUTF16.clamped(to: 0..<storage.utf16Count))
    }

    /// The end of the text. - Complexity: O(1).
    public var endPosition: TextPosition { TextPosition(character: characterCount, utf16: storage.utf16Count) }

    /// Which storage object holds the text: the tests check that edits and moves never copy it.
    var storageIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    // MARK: - Editing

    /// Inserts `text` at the insertion point, replacing the selection if there is one.
    ///
    /// The edit's `length` is how many characters the insertion point advanced (a combining
    /// mark joins the character before it and advances by 0); for a replacement it is the
    /// number of characters replaced. Typing a character below U+0300 between neighbours below
    /// U+0300 asks ICU nothing (see `replace(_:with:)`).
    /// - Returns: The edit, or nil when `text` is empty and nothing was selected.
    /// - Complexity: O(m + k): m the inserted length, k the distance from the previous edit.
    @discardableResult
    public mutating func insert(_ text: String) -> TextEdit? {
        let range = selection ?? insertionPoint..<insertionPoint
        if text.isEmpty { return range.isEmpty ? nil : delete(range) }
        let end: TextPosition
        let utf16 = text.utf16
        // `utf16.count` walks a long text (and builds its breadcrumbs): ask only when one unit is possible.
        if text.utf8.count <= 3, utf16.count == 1, var unit = utf16.first {
            // One code unit, the usual keystroke: no array.
            end = withUnsafePointer(to: unit) { replace(range, with: UnsafeBufferPointer(start: $0, count: 1)) }
            unit = 0
        } else {
            var units = text.utf16Units
            defer { units.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
            end = units.withUnsafeBufferPointer { replace(range, with: $0) }
        }
        let inserted = end.character - range.lowerBound.character
        return TextEdit(
            operation: range.isEmpty ? .insert : .replace,
            offset: range.lowerBound.character,
            length: range.isEmpty ? inserted : range.upperBound.character - range.lowerBound.character,
            count: characterCount,
            text: isSecret ? "" : text
        )
    }

    /// Deletes the selection, or the character before the insertion point (backspace).
    /// - Returns: The edit with the removed text, or nil at the start of the text.
    /// - Complexity: O(c + k): c the character's length, k the distance from the previous edit.
    @discardableResult
    public mutating func deleteBackward() -> TextEdit? {
        if let selection { return delete(selection) }
        guard insertionPoint.utf16 > 0 else { return nil }
        // The unique storage in a scope of its own: `delete` makes it unique again, and a
        // reference still alive then (or `self` copied for the call before the argument
        // made it unique) would copy the whole text.
        let start: Int
        do {
            let unique = uniqueStorage()
            start = boundary(before: insertionPoint.utf16, in: unique)
        }
        let from = TextPosition(character: insertionPoint.character - 1, utf16: max(start, 0))
        return delete(from..<insertionPoint)
    }

    /// Deletes the selection, or the character after the insertion point (forward delete).
    /// - Returns: The edit with the removed text, or nil at the end of the text.
    /// - Complexity: O(c + k), as `deleteBackward()`.
    @discardableResult
    public mutating func deleteForward() -> TextEdit? {
        if let selection { return delete(selection) }
        guard insertionPoint.utf16 < storage.utf16Count else { return nil }
        // No local reference to the storage may outlive this line: `delete` makes it unique
        // again, and a second reference would copy the whole text.
        let end = Int(tecu_breaker_following_character(uniqueStorage().characterIterator(), storage.text, Int64(insertionPoint.utf16)))
        let to = TextPosition(character: insertionPoint.character + 1, utf16: end < 0 ? storage.utf16Count : end)
        return delete(insertionPoint..<to)
    }

    /// Replaces the whole text, leaving the insertion point at the end; the old contents are
    /// wiped from memory.
    /// - Complexity: O(n + m).
    public mutating func replaceAll(with text: String) {
        uniqueStorage().wipe()
        lastBoundaries = nil
        clusterTail = nil
        directionScan = DirectionScan()
        insertionPoint = .start
        selection = nil
        characterCount = 0
        if !text.isEmpty { insert(text) }
    }

    private mutating func delete(_ range: Range<TextPosition>) -> TextEdit {
        let removed = isSecret ? "" : unvalidatedText(in: range)
        _ = replace(range, with: UnsafeBufferPointer(start: nil, count: 0))
        return TextEdit(operation: .delete, offset: range.lowerBound.character,
                        length: range.upperBound.character - range.lowerBound.character,
                        count: characterCount, text: removed)
    }

    // MARK: - Selection

    /// Selects the whole text; an empty text selects nothing. - Complexity: O(1).
    public mutating func selectAll() {
        selection = isEmpty ? nil : .start..<endPosition
    }

    /// Removes the selection, leaving the insertion point where it was. - Complexity: O(1).
    public mutating func clearSelection() { selection = nil }
}

extension TextBuffer: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Counts only, never the text: `TextBuffer(5 characters, insertion point 3)`.
    public var description: String {
        "TextBuffer(\(characterCount) characters, insertion point \(insertionPoint.character))"
    }

    /// The same as `description`: the text may be secret.
    public var debugDescription: String { description }

    /// A mirror with counts only, so `dump` cannot reveal the text.
    public var customMirror: Mirror {
        Mirror(self, children: ["characterCount": characterCount, "insertionPoint": insertionPoint,
                                "selection": selection as Any], displayStyle: .struct)
    }
}

/// A position or range given to a `TextBuffer` that lies outside its text.
///
/// Positions and ranges from outside the engine are checked before anything is read:
/// `TextBuffer.text(in:)` throws this instead of reading past the text. (The buffer's own
/// positions — its insertion point, selection and moves — are always valid.)
public struct TextRangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending position.
    public var position: TextPosition
    /// Characters in the text when it was checked.
    public var characterCount: Int
    /// UTF-16 code units in the text when it was checked.
    public var utf16Count: Int

    /// `position 2 (utf16 200) is outside the text (2 characters, 2 UTF-16 code units)`.
    public var description: String {
        "position \(position) is outside the text (\(characterCount) characters, \(utf16Count) UTF-16 code units)"
    }
}

/// The property rules' state at the end of the character the last edit's insertion point
/// ends (see `TextBuffer.clusterTail`).
struct ClusterTail {
    /// The insertion point: the end of the character.
    var offset: Int
    /// The character's start.
    var start: Int
    /// The rules' state after the character's last code point.
    var state: tecu_cluster_state
}
