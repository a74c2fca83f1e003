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
/// if let move = buffer.moveWord(.backward) {
///     buffer.text(passedBy: move)          // "there"
/// }
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
    /// A character boundary and the boundary before it, as the last edit left them (offsets
    /// only, never text): typing again there needs no ICU `preceding`, which after an edit
    /// must re-run the rules from a safe point. Valid until the text changes again.
    private var lastBoundaries: (boundary: Int, previous: Int)?
    /// Whether the text is secret (a secure field's): edits then report counts only, with an
    /// empty `text`, so no `String` copy of the secret is made for them. (Moves never copy the
    /// text: they carry offsets.)
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

    private mutating func uniqueStorage() -> TextStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

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
        if utf16.count == 1, var unit = utf16.first {
            // One code unit, the usual keystroke: no array.
            end = withUnsafePointer(to: unit) { replace(range, with: UnsafeBufferPointer(start: $0, count: 1)) }
            unit = 0
        } else {
            var units = Array(utf16)
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
        _ = uniqueStorage()
        let start = boundary(before: insertionPoint.utf16)
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
        _ = uniqueStorage()
        storage.wipe()
        lastBoundaries = nil
        insertionPoint = .start
        selection = nil
        characterCount = 0
        if !text.isEmpty { insert(text) }
    }

    private mutating func delete(_ range: Range<TextPosition>) -> TextEdit {
        let removed = isSecret ? "" : text(in: range)
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
    ///
    /// The move carries offsets, not text: `text(passedBy:)` makes the `String` to speak.
    /// Where the two code units at the boundary are below U+0300 (ASCII, Latin-1, Latin
    /// Extended), the boundary is found without ICU; see `tecu_text_simple_following`.
    /// - Returns: The move, or nil at the start (backward) or end (forward) of the text.
    /// - Complexity: O(c): c the length of the character passed.
    public mutating func moveCharacter(_ direction: TextDirection) -> TextMove? {
        selection = nil
        let storage = uniqueStorage()
        let here = insertionPoint
        switch direction {
        case .forward:
            guard here.utf16 < storage.utf16Count else { return nil }
            let next = Int(tecu_breaker_following_character(storage.characterIterator(), storage.text, Int64(here.utf16)))
            insertionPoint = TextPosition(character: here.character + 1, utf16: next)
            return TextMove(range: here..<insertionPoint, passedUTF16: here.utf16..<next)
        case .backward:
            guard here.utf16 > 0 else { return nil }
            let previous = Int(tecu_breaker_preceding_character(storage.characterIterator(), storage.text, Int64(here.utf16)))
            insertionPoint = TextPosition(character: here.character - 1, utf16: previous)
            return TextMove(range: insertionPoint..<here, passedUTF16: previous..<here.utf16)
        }
    }

    /// Moves the insertion point over one word: forward to the end of the next word, backward
    /// to the start of the previous one, passing any spaces and punctuation on the way.
    ///
    /// A segment is a word when it holds a letter, digit, ideograph or symbol (emoji count);
    /// spaces and punctuation alone are not. With no word left, the move goes to the end of
    /// the text in that direction. Where ICU's word rules break inside a character (they pair
    /// regional indicators across combining marks, which grapheme rules do not; the Thai
    /// dictionary can split a vowel from its cluster), the move goes on to the end of that
    /// character, so the insertion point stays on a character boundary.
    /// - Returns: The move (what it passed is the whole word, even when the move began inside
    ///   it), or nil at the start or end of the text. It carries offsets, not text:
    ///   `text(passedBy:)` makes the `String` to speak.
    /// - Complexity: O(w): w the length of the text passed (one word-iterator pass; the
    ///   characters passed are counted without ICU where every code unit is below U+0300).
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
        // Say the whole word even when the move started inside it. A word segment found past
        // the first one lies between two word boundaries, so it is whole already.
        if let partial = word, direction == .forward ? partial.lowerBound == here : partial.upperBound == here {
            let start = direction == .forward ? Int(tecu_breaker_preceding(iterator, Int64(partial.upperBound))) : partial.lowerBound
            let end = direction == .forward ? partial.upperBound : Int(tecu_breaker_following(iterator, Int64(partial.lowerBound)))
            if start >= 0 && end > start { word = start..<end }
        }
        let from = insertionPoint
        let passed: Int
        if direction == .forward {
            // Counting from `here` stops at the first character boundary at or after `target`.
            var reached: Int64 = 0
            passed = Int(tecu_breaker_count_characters(storage.characterIterator(), storage.text, Int64(here), Int64(target), &reached))
            target = Int(reached)
        } else {
            target = characterBoundary(atOrBefore: target)
            passed = countCharacters(in: target..<here)
        }
        insertionPoint = TextPosition(character: from.character + (direction == .forward ? passed : -passed), utf16: target)
        let span = min(here, target)..<max(here, target)
        // The word said reaches the insertion point when it had to go on to a character boundary.
        let spoken = word.map { direction == .forward ? $0.lowerBound..<max($0.upperBound, target) : min($0.lowerBound, target)..<$0.upperBound }
        return TextMove(range: direction == .forward ? from..<insertionPoint : insertionPoint..<from, passedUTF16: spoken ?? span)
    }

    /// Moves the insertion point to the start of the next or previous line (text areas; the
    /// rotor's `lines`). Lines end at a line break: LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029.
    ///
    /// Forward goes to the start of the next line; backward to the start of the previous
    /// line (from inside a line, its own start does not count: VoiceOver moves a whole line).
    /// - Returns: The move, whose passed range is the line arrived on without its line break
    ///   (empty for a blank line), or nil on the last line (forward) or the first (backward).
    /// - Complexity: O(l): l the length of the lines passed and arrived on.
    public mutating func moveLine(_ direction: TextDirection) -> TextMove? {
        selection = nil
        let storage = uniqueStorage()
        let length = storage.utf16Count
        let isBreak: (Int) -> Bool = { index in
            switch storage.unit(at: index) {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
            default: return false
            }
        }
        /// The offset just after the line break that starts at `index`.
        let afterBreak: (Int) -> Int = { index in
            storage.unit(at: index) == 0x0D && index + 1 < length && storage.unit(at: index + 1) == 0x0A ? index + 2 : index + 1
        }
        /// The start of the line holding `offset`.
        let lineStart: (Int) -> Int = { offset in
            var start = offset
            while start > 0 && !isBreak(start - 1) { start -= 1 }
            return start
        }
        let here = insertionPoint.utf16
        let target: Int
        switch direction {
        case .forward:
            var end = here
            while end < length && !isBreak(end) { end += 1 }
            guard end < length else { return nil }
            target = afterBreak(end)
        case .backward:
            let start = lineStart(here)
            guard start > 0 else { return nil }
            var previousEnd = start - 1
            if previousEnd > 0 && storage.unit(at: previousEnd) == 0x0A && storage.unit(at: previousEnd - 1) == 0x0D {
                previousEnd -= 1
            }
            target = lineStart(previousEnd)
        }
        var lineEnd = target
        while lineEnd < length && !isBreak(lineEnd) { lineEnd += 1 }
        let span = min(here, target)..<max(here, target)
        let passed = countCharacters(in: span)
        let from = insertionPoint
        insertionPoint = TextPosition(character: from.character + (direction == .forward ? passed : -passed), utf16: target)
        return TextMove(range: direction == .forward ? from..<insertionPoint : insertionPoint..<from, passedUTF16: target..<lineEnd)
    }

    /// The word that ends exactly at the insertion point, if the text after it (up to the
    /// insertion point) just ended it: used to echo a word when space or punctuation follows.
    ///
    /// Returns the word before `position` when `position` is a word boundary, the segment
    /// before it is a word and the segment starting there is not. In ASCII text the answer
    /// comes from the code units around `position` without the word iterator (see
    /// `asciiWordEnding(at:)`).
    /// - Complexity: O(w): w the word's length.
    public mutating func word(endingAt position: TextPosition) -> String? {
        word(endingAt: position, shortcuts: true)
    }

    /// `word(endingAt:)`, optionally without the ASCII shortcut (the tests compare the two).
    mutating func word(endingAt position: TextPosition, shortcuts: Bool) -> String? {
        let storage = uniqueStorage()
        let end = position.utf16
        guard end > 0, end < storage.utf16Count else { return nil }
        // A letter or digit right after `end` makes the segment there a word, so no word ends at
        // `end`: answered without the word iterator, which after an edit must re-segment
        // (dictionary languages included) from a safe point before it. Typing takes this path
        // for every letter.
        let scalarEnd = UTF16.isLeadSurrogate(storage.unit(at: end)) ? min(end + 2, storage.utf16Count) : end + 1
        if isWord(end..<scalarEnd) { return nil }
        if shortcuts {
            switch asciiWordEnding(at: end) {
            case .word(let word): return storage.string(word)
            case .none: return nil
            case .unknown: break
            }
        }
        let iterator = storage.wordIterator()
        guard tecu_breaker_is_boundary(iterator, Int64(end)) else { return nil }
        let next = Int(tecu_breaker_following(iterator, Int64(end)))
        guard next > end, !isWord(end..<next) else { return nil }
        let start = Int(tecu_breaker_preceding(iterator, Int64(end)))
        guard start >= 0, isWord(start..<end) else { return nil }
        return storage.string(start..<end)
    }

    // MARK: - Segmentation internals

    /// What the code units around a position say about a word ending there.
    private enum WordEnding {
        /// This range is the word segment ending at the position, and the segment after it is
        /// not a word.
        case word(Range<Int>)
        /// No word ends there.
        case none
        /// Only the word iterator can tell.
        case unknown
    }

    /// Answers `word(endingAt:)` from ASCII code units alone, where few word rules (UAX #29)
    /// can apply: letters and digits join each other (WB5, WB8–WB10); `. , ; : '` join only
    /// between two of them (WB6, WB7, WB11, WB12) or after a Hebrew letter (WB7a); `_` joins
    /// them (WB13a/b); ICU counts `@` as a letter (for e-mail addresses); and the rest of
    /// ASCII that is not a letter, digit or symbol (spaces, controls,
    /// `! # % & ( ) * - / ? [ \ ] { }`: "separators" here) never joins anything but space to
    /// space (WB3d) and CR to LF (WB3). Anything else goes to the word iterator.
    private func asciiWordEnding(at end: Int) -> WordEnding {
        let count = storage.utf16Count
        let typed = storage.unit(at: end)
        if Self.isSeparator(typed) {
            // The segment at `end` is `typed` alone (or CR LF): nothing after it can join it.
            if end + 1 < count {
                let next = storage.unit(at: end + 1)
                // U+00AD (soft hyphen) is Format, which WB4 attaches to what precedes it.
                if next >= 0x300 || next == 0xAD || (typed == 0x20 && next == 0x20) { return .unknown }
            }
        } else if !(Self.isMidPunctuation(typed) && end + 1 == count) {
            // `. , ; : '` at the end of the text cannot join the letters before it.
            return .unknown
        }
        let last = storage.unit(at: end - 1)
        if Self.isSeparator(last) { return .none }
        if Self.isMidPunctuation(last) {
            // Alone unless it follows a Hebrew letter (perhaps with marks or a soft hyphen).
            guard end == 1 || { let before = storage.unit(at: end - 2); return before < 0x300 && before != 0xAD }() else { return .unknown }
            return .none
        }
        guard Self.isASCIIAlphanumeric(last) else { return .unknown }
        var start = end - 1
        while start > 0 && Self.isASCIIAlphanumeric(storage.unit(at: start - 1)) { start -= 1 }
        if start > 0 && !Self.isSeparator(storage.unit(at: start - 1)) { return .unknown }
        return .word(start..<end)
    }

    private static func isASCIIAlphanumeric(_ unit: UInt16) -> Bool {
        (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }

    /// `. , ; : '`: MidNumLet, MidNum, MidLetter and Single_Quote in ASCII.
    private static func isMidPunctuation(_ unit: UInt16) -> Bool {
        unit == 0x2E || unit == 0x2C || unit == 0x3B || unit == 0x3A || unit == 0x27
    }

    /// ASCII that never joins a word and never makes a segment a word: controls, space and
    /// `! # % & ( ) * - / ? [ \ ] { }` (not `"`, `@`, `_`, the mid punctuation or symbols).
    private static func isSeparator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x00...0x20, 0x7F, 0x21, 0x23, 0x25, 0x26, 0x28, 0x29, 0x2A, 0x2D, 0x2F, 0x3F, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D:
            return true
        default:
            return false
        }
    }

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

    /// Counts characters in a range whose ends are character boundaries: code units below
    /// U+0300 one each (CR LF one), ICU's character iterator for the rest.
    /// - Complexity: O(range).
    ///
    /// Callers have made the storage unique already and may hold a reference to it, so this
    /// must not call `uniqueStorage()`: the extra reference would force a copy of the whole text.
    private func countCharacters(in range: Range<Int>) -> Int {
        Int(tecu_breaker_count_characters(storage.characterIterator(), storage.text,
                                          Int64(range.lowerBound), Int64(range.upperBound), nil))
    }

    /// `offset` if it is a character boundary, else the boundary before it. Two units below
    /// U+0300 that are not CR LF always have one between them, so ICU is asked only beside
    /// other text. Must not call `uniqueStorage()`, as `countCharacters(in:)`.
    private func characterBoundary(atOrBefore offset: Int) -> Int {
        guard offset > 0, offset < storage.utf16Count else { return offset }
        let before = storage.unit(at: offset - 1), after = storage.unit(at: offset)
        if before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A) { return offset }
        let iterator = storage.characterIterator()
        if tecu_breaker_is_boundary(iterator, Int64(offset)) { return offset }
        return max(Int(tecu_breaker_preceding(iterator, Int64(offset))), 0)
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
    ///
    /// An edit whose inserted units and both neighbours are below U+0300 (and that neither
    /// inserts CR or LF nor sits between CR and LF) asks ICU nothing: every such unit is a
    /// character of its own, and nothing on either side can join across it (see
    /// `tecu_text_simple_following`; `TextBufferTests` checks it against ICU).
    /// - Complexity: O(m + k + w): m inserted units, k gap movement, w the resync window;
    ///   O(m + k) on the path without ICU.
    private mutating func replace(_ range: Range<TextPosition>, with units: UnsafeBufferPointer<UInt16>) -> TextPosition {
        let storage = uniqueStorage()
        let lower = range.lowerBound.utf16, upper = range.upperBound.utf16
        if Self.joinsNothing(storage, lower..<upper, units) {
            storage.replace(lower..<upper, with: units)
            characterCount += units.count - (range.upperBound.character - range.lowerBound.character)
            lastBoundaries = units.isEmpty ? nil : (lower + units.count, lower + units.count - 1)
            return settle(TextPosition(character: range.lowerBound.character + units.count, utf16: lower + units.count))
        }
        let anchor = lower == 0 ? 0 : boundary(before: lower)
        let anchorCharacter = lower == 0 ? 0 : range.lowerBound.character - 1
        lastBoundaries = nil
        // Old boundaries in (anchor, upper]: `lower` itself (anchor is the one before it) and
        // those of the characters replaced. The old scan starts at `upper`.
        let oldBeforeUpper = (lower > 0 ? 1 : 0) + (range.upperBound.character - range.lowerBound.character)
        let oldBase = upper > anchor ? oldBeforeUpper - 1 : 0
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
            // Old boundaries from `upper` (after the anchor) up to the window past the edit;
            // `oldBase` more lie between the anchor and the first of them.
            var iterator = storage.characterIterator()
            old.removeAll(keepingCapacity: true)
            if upper > anchor { old.append(upper) }
            var position = upper
            while position < upper + window {
                let next = Int(tecu_breaker_following(iterator, Int64(position)))
                if next < 0 { break }
                old.append(next)
                position = next
            }
            storage.replace(lower..<upper, with: units)
            iterator = storage.characterIterator()

            var newBoundaries = 0
            var oldIndex = 0
            // The caret goes to the first boundary at or after the end of the inserted text.
            caret = insertedEnd == anchor ? TextPosition(character: anchorCharacter, utf16: anchor) : nil
            var beforeCaret: Int?
            position = anchor
            while true {
                let next = Int(tecu_breaker_following(iterator, Int64(position)))
                if next < 0 {
                    // Reached the end: it matches the old end only if the old scan got there too.
                    guard old.last == oldLength || (oldLength == upper && old.isEmpty) else { break }
                    characterCount += newBoundaries - (oldBase + old.count)
                    if let caret, let beforeCaret { lastBoundaries = (caret.utf16, beforeCaret) }
                    return settle(caret ?? endPosition)
                }
                if caret == nil && next >= insertedEnd { beforeCaret = position }
                position = next
                newBoundaries += 1
                if caret == nil && position >= insertedEnd {
                    caret = TextPosition(character: anchorCharacter + newBoundaries, utf16: position)
                }
                guard position >= insertedEnd else { continue }
                while oldIndex < old.count && old[oldIndex] + delta < position { oldIndex += 1 }
                if oldIndex < old.count && old[oldIndex] + delta == position {
                    characterCount += newBoundaries - (oldBase + oldIndex + 1)
                    if let beforeCaret { lastBoundaries = (caret!.utf16, beforeCaret) }
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

    /// Whether replacing `range` with `units` leaves every boundary outside the edit as it was
    /// and makes each inserted unit a character: all inserted units and both neighbours are
    /// below U+0300, no inserted unit is CR or LF, the neighbour before is not CR and the one
    /// after is not LF. Below U+0300 the only grapheme rule that joins is CR × LF, and a unit
    /// there ends any run of regional indicators or emoji joiners that could reach past it.
    private static func joinsNothing(_ storage: TextStorage, _ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in units where unit >= 0x300 || unit == 0x0D || unit == 0x0A { return false }
        if range.lowerBound > 0 {
            let before = storage.unit(at: range.lowerBound - 1)
            if before >= 0x300 || before == 0x0D { return false }
        }
        if range.upperBound < storage.utf16Count {
            let after = storage.unit(at: range.upperBound)
            if after >= 0x300 || after == 0x0A { return false }
        }
        return true
    }

    /// The character boundary before `offset` (a boundary): from the last edit when it left
    /// one there, else without ICU below U+0300, else from ICU. Callers have made the storage
    /// unique.
    private func boundary(before offset: Int) -> Int {
        if let lastBoundaries, lastBoundaries.boundary == offset { return lastBoundaries.previous }
        return Int(tecu_breaker_preceding_character(storage.characterIterator(), storage.text, Int64(offset)))
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
