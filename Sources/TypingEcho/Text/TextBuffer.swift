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
/// buffer.moveWord(.backward)?.passed   // "there"
/// ```
///
/// Its `description` and mirror never show the text, only counts: a buffer may hold a password.
public struct TextBuffer: Sendable {
    private var storage: TextStorage
    /// Where typing goes, always on a character boundary.
    public private(set) var insertionPoint: TextPosition
    /// The selected range, if any; typing replaces it.
    public private(set) var selection: Range<TextPosition>?
    /// How many characters (grapheme clusters) the text holds.
    public private(set) var characterCount: Int
    /// Whether the text is secret (a secure field's): edits and moves then report counts only,
    /// with empty `text`, `passed` and `span`, so no `String` copy of the secret is made for them.
    public var isSecret = false

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

    /// The text between two positions. - Complexity: O(length of the range).
    public func text(in range: Range<TextPosition>) -> String {
        storage.string(range.lowerBound.utf16..<range.upperBound.utf16)
    }

    /// The end of the text. - Complexity: O(1).
    public var endPosition: TextPosition { TextPosition(character: characterCount, utf16: storage.utf16Count) }

    private mutating func uniqueStorage() -> TextStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    // MARK: - Editing

    /// Inserts `text` at the insertion point, replacing the selection if there is one.
    ///
    /// The edit's `length` is how many characters the insertion point advanced (a combining
    /// mark joins the character before it and advances by 0); for a replacement it is the
    /// number of characters replaced.
    /// - Returns: The edit, or nil when `text` is empty and nothing was selected.
    /// - Complexity: O(m + k): m the inserted length, k the distance from the previous edit.
    @discardableResult
    public mutating func insert(_ text: String) -> TextEdit? {
        let range = selection ?? insertionPoint..<insertionPoint
        if text.isEmpty { return range.isEmpty ? nil : delete(range) }
        var units = Array(text.utf16)
        defer { units.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        let end = replace(range, with: units)
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
        let iterator = uniqueStorage().characterIterator()
        let start = Int(tecu_breaker_preceding(iterator, Int64(insertionPoint.utf16)))
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
        let iterator = uniqueStorage().characterIterator()
        let end = Int(tecu_breaker_following(iterator, Int64(insertionPoint.utf16)))
        let to = TextPosition(character: insertionPoint.character + 1, utf16: end < 0 ? storage.utf16Count : end)
        return delete(insertionPoint..<to)
    }

    /// Replaces the whole text, leaving the insertion point at the end; the old contents are
    /// wiped from memory.
    /// - Complexity: O(n + m).
    public mutating func replaceAll(with text: String) {
        _ = uniqueStorage()
        storage.wipe()
        insertionPoint = .start
        selection = nil
        characterCount = 0
        if !text.isEmpty { insert(text) }
    }

    private mutating func delete(_ range: Range<TextPosition>) -> TextEdit {
        let removed = isSecret ? "" : text(in: range)
        _ = replace(range, with: [])
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

    // MARK: - Moving

    /// Moves the insertion point to the start or the end of the text, dropping any selection.
    /// - Returns: Whether the insertion point moved.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func move(toEnd end: Bool) -> Bool {
        let target = end ? endPosition : .start
        selection = nil
        defer { insertionPoint = target }
        return insertionPoint != target
    }

    /// Moves the insertion point over one character (grapheme cluster).
    /// - Returns: The move, or nil at the start (backward) or end (forward) of the text.
    /// - Complexity: O(c): c the length of the character passed.
    public mutating func moveCharacter(_ direction: TextDirection) -> TextMove? {
        selection = nil
        let iterator = uniqueStorage().characterIterator()
        let here = insertionPoint.utf16
        switch direction {
        case .forward:
            guard here < storage.utf16Count else { return nil }
            let next = Int(tecu_breaker_following(iterator, Int64(here)))
            insertionPoint = TextPosition(character: insertionPoint.character + 1, utf16: next)
            let passed = isSecret ? "" : storage.string(here..<next)
            return TextMove(passed: passed, span: passed, characters: 1)
        case .backward:
            guard here > 0 else { return nil }
            let previous = Int(tecu_breaker_preceding(iterator, Int64(here)))
            insertionPoint = TextPosition(character: insertionPoint.character - 1, utf16: previous)
            let passed = isSecret ? "" : storage.string(previous..<here)
            return TextMove(passed: passed, span: passed, characters: 1)
        }
    }

    /// Moves the insertion point over one word: forward to the end of the next word, backward
    /// to the start of the previous one, passing any spaces and punctuation on the way.
    ///
    /// A segment is a word when it holds a letter, digit, ideograph or symbol (emoji count);
    /// spaces and punctuation alone are not. With no word left, the move goes to the end of
    /// the text in that direction.
    /// - Returns: The move (its `passed` is the whole word, even when the move began inside
    ///   it), or nil at the start or end of the text.
    /// - Complexity: O(w): w the length of the text passed.
    public mutating func moveWord(_ direction: TextDirection) -> TextMove? {
        selection = nil
        let storage = uniqueStorage()
        let iterator = storage.wordIterator()
        let here = insertionPoint.utf16
        var target = here
        var word: Range<Int>?
        switch direction {
        case .forward:
            guard here < storage.utf16Count else { return nil }
            while word == nil {
                let next = Int(tecu_breaker_following(iterator, Int64(target)))
                if next < 0 { break }
                if isWord(target..<next) { word = target..<next }
                target = next
            }
        case .backward:
            guard here > 0 else { return nil }
            while word == nil {
                let previous = Int(tecu_breaker_preceding(iterator, Int64(target)))
                if previous < 0 { break }
                if isWord(previous..<target) { word = previous..<target }
                target = previous
            }
        }
        // Say the whole word even when the move started or ended inside it.
        if let partial = word {
            let start = direction == .forward ? Int(tecu_breaker_preceding(iterator, Int64(partial.upperBound))) : partial.lowerBound
            let end = direction == .forward ? partial.upperBound : Int(tecu_breaker_following(iterator, Int64(partial.lowerBound)))
            if start >= 0 && end > start { word = start..<end }
        }
        let span = min(here, target)..<max(here, target)
        let passed = countCharacters(in: span)
        insertionPoint = TextPosition(
            character: insertionPoint.character + (direction == .forward ? passed : -passed),
            utf16: target)
        if isSecret { return TextMove(passed: "", span: "", characters: passed) }
        let spanText = storage.string(span)
        return TextMove(passed: word.map(storage.string) ?? spanText, span: spanText, characters: passed)
    }

    /// The word that ends exactly at the insertion point, if the text after it (up to the
    /// insertion point) just ended it: used to echo a word when space or punctuation follows.
    ///
    /// Returns the word before `position` when `position` is a word boundary, the segment
    /// before it is a word and the segment starting there is not.
    /// - Complexity: O(w): w the word's length.
    public mutating func word(endingAt position: TextPosition) -> String? {
        let storage = uniqueStorage()
        let end = position.utf16
        guard end > 0, end < storage.utf16Count else { return nil }
        // A letter or digit right after `end` makes the segment there a word, so no word ends at
        // `end`: answered without the word iterator, which after an edit must re-segment
        // (dictionary languages included) from a safe point before it. Typing takes this path
        // for every letter.
        let scalarEnd = UTF16.isLeadSurrogate(storage.unit(at: end)) ? min(end + 2, storage.utf16Count) : end + 1
        if isWord(end..<scalarEnd) { return nil }
        let iterator = storage.wordIterator()
        guard tecu_breaker_is_boundary(iterator, Int64(end)) else { return nil }
        let next = Int(tecu_breaker_following(iterator, Int64(end)))
        guard next > end, !isWord(end..<next) else { return nil }
        let start = Int(tecu_breaker_preceding(iterator, Int64(end)))
        guard start >= 0, isWord(start..<end) else { return nil }
        return storage.string(start..<end)
    }

    // MARK: - Segmentation internals

    /// Whether a word-iterator segment is a word rather than spaces or punctuation.
    private func isWord(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            var scalar = UInt32(storage.unit(at: index))
            index += 1
            if UTF16.isLeadSurrogate(UInt16(scalar)), index < range.upperBound {
                let trail = storage.unit(at: index)
                if UTF16.isTrailSurrogate(trail) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                    index += 1
                }
            }
            if CharacterCategory(tecu_char_category(scalar)).makesWord { return true }
        }
        return false
    }

    /// Counts characters in a range whose ends are character boundaries. - Complexity: O(range).
    ///
    /// Callers have made the storage unique already and may hold a reference to it, so this
    /// must not call `uniqueStorage()`: the extra reference would force a copy of the whole text.
    private func countCharacters(in range: Range<Int>) -> Int {
        let iterator = storage.characterIterator()
        var count = 0
        var position = range.lowerBound
        while position < range.upperBound {
            let next = tecu_breaker_following(iterator, Int64(position))
            if next < 0 { break }
            position = Int(next)
            count += 1
        }
        return count
    }

    /// How far past an edit the old and new segmentations are compared: a short window first
    /// (an edit almost always settles within the next character), then a long one after undoing
    /// the edit, then a recount of the whole text (only long runs of regional indicators get
    /// that far).
    private static let resyncWindows = [8, 64]

    /// Replaces a range with UTF-16 units and keeps the character counts right by
    /// re-segmenting only around the edit.
    ///
    /// Boundaries before the edit cannot change (grapheme rules look at one character to the
    /// right). After the edit, the new segmentation is walked until one of its boundaries
    /// coincides with an old boundary past the edit; from there on ICU's forward rules give
    /// the same boundaries as before. Returns the new insertion point: the end of the inserted
    /// text, or the end of the character it joined when the edit merged characters (a ZWJ
    /// typed between two emoji, a deletion that pairs two regional indicators).
    /// - Complexity: O(m + k + w): m inserted units, k gap movement, w the resync window.
    private mutating func replace(_ range: Range<TextPosition>, with units: [UInt16]) -> TextPosition {
        let storage = uniqueStorage()
        let lower = range.lowerBound.utf16, upper = range.upperBound.utf16
        let anchor = lower == 0 ? 0 : Int(tecu_breaker_preceding(storage.characterIterator(), Int64(lower)))
        let anchorCharacter = lower == 0 ? 0 : range.lowerBound.character - 1
        let oldLength = storage.utf16Count
        let delta = units.count - (upper - lower)
        let insertedEnd = lower + units.count
        // The units replaced, to undo the edit if the short window is not enough; wiped after.
        var replaced = [UInt16](repeating: 0, count: upper - lower)
        replaced.withUnsafeMutableBufferPointer {
            if $0.count > 0 { tecu_text_extract(storage.text, Int64(lower), Int64(upper), $0.baseAddress!) }
        }
        defer { replaced.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        var old: [Int] = []
        var caret: TextPosition?

        for (attempt, window) in Self.resyncWindows.enumerated() {
            if attempt > 0 {
                // Undo the edit to see the old text again.
                replaced.withUnsafeBufferPointer { storage.replace(lower..<insertedEnd, with: $0) }
            }
            // Old boundaries after the anchor, up to the window past the edit.
            var iterator = storage.characterIterator()
            old.removeAll(keepingCapacity: true)
            var position = anchor
            while position < upper + window {
                let next = Int(tecu_breaker_following(iterator, Int64(position)))
                if next < 0 { break }
                old.append(next)
                position = next
            }
            units.withUnsafeBufferPointer { storage.replace(lower..<upper, with: $0) }
            iterator = storage.characterIterator()

            var newBoundaries = 0
            var oldIndex = 0
            // The caret goes to the first boundary at or after the end of the inserted text.
            caret = insertedEnd == anchor ? TextPosition(character: anchorCharacter, utf16: anchor) : nil
            position = anchor
            while true {
                let next = Int(tecu_breaker_following(iterator, Int64(position)))
                if next < 0 {
                    // Reached the end: it matches the old end only if the old scan got there too.
                    guard old.last == oldLength || (oldLength == upper && old.isEmpty) else { break }
                    characterCount += newBoundaries - old.count
                    return settle(caret ?? endPosition)
                }
                position = next
                newBoundaries += 1
                if caret == nil && position >= insertedEnd {
                    caret = TextPosition(character: anchorCharacter + newBoundaries, utf16: position)
                }
                guard position >= insertedEnd else { continue }
                while oldIndex < old.count && (old[oldIndex] < upper || old[oldIndex] + delta < position) { oldIndex += 1 }
                if oldIndex < old.count && old[oldIndex] + delta == position {
                    characterCount += newBoundaries - (oldIndex + 1)
                    return settle(caret!)
                }
                // Past every old boundary scanned (or the window): no resync within this window.
                if (oldIndex == old.count && !old.isEmpty) || position > insertedEnd + window { break }
            }
        }
        // The edit changed boundaries further than the long window: recount everything.
        characterCount = countCharacters(in: 0..<storage.utf16Count)
        let caretUTF16 = caret?.utf16 ?? storage.utf16Count
        return settle(TextPosition(character: countCharacters(in: 0..<caretUTF16), utf16: caretUTF16))
    }

    private mutating func settle(_ caret: TextPosition) -> TextPosition {
        insertionPoint = caret
        selection = nil
        return caret
    }
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
