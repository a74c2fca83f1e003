import CICU

/// Moving the insertion point: by character, word, line, and to either end.
extension TextBuffer {
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
    /// Extended), the boundary is found without ICU; see `tecu_text_simple_following`. Other
    /// forward moves use the shim's property rules (`tecu_text_grapheme_following`), which give
    /// ICU's boundaries without its iterator.
    /// - Returns: The move, or nil at the start (backward) or end (forward) of the text.
    /// - Complexity: O(c): c the length of the character passed.
    public mutating func moveCharacter(_ direction: TextDirection) -> TextMove? {
        selection = nil
        let here = insertionPoint
        if direction == .forward {
            // Forward, the shortcut below U+0300 and the property rules only read the text, so
            // they need neither the break iterator nor a unique storage (no retain, no check).
            let text = storage.text
            guard here.utf16 < Int(tecu_text_length(text)) else { return nil }
            var next = Int(tecu_text_simple_following(text, Int64(here.utf16)))
            if next < 0 { next = Int(tecu_text_grapheme_following(text, Int64(here.utf16))) }
            if next >= 0 {
                insertionPoint = TextPosition(character: here.character + 1, utf16: next)
                return TextMove(range: here..<insertionPoint, passedUTF16: here.utf16..<next)
            }
        }
        let storage = uniqueStorage()
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
        let here = insertionPoint.utf16
        switch direction {
        case .forward: guard here < storage.utf16Count else { return nil }
        case .backward: guard here > 0 else { return nil }
        }
        var back = WordWindow.context, ahead = WordWindow.context
        var found = wordMove(direction, from: here, in: wordWindow(around: here, back: back, ahead: ahead, in: storage), storage)
        // Asked again with more context where the answer came too close to a cut in a run.
        while found.needsBack || found.needsAhead {
            if found.needsBack { back *= 2 }
            if found.needsAhead { ahead *= 2 }
            found = wordMove(direction, from: here, in: wordWindow(around: here, back: back, ahead: ahead, in: storage), storage)
        }
        var target = found.target
        let word = found.word
        let from = insertionPoint
        let passed: Int
        if direction == .forward {
            // Counting from `here` stops at the first character boundary at or after `target`.
            // The property rules need no break iterator (attaching it is a call per move); ICU's
            // iterator counts only when they cannot.
            var reached: Int64 = 0
            var counted = Int(tecu_text_count_characters(storage.text, Int64(here), Int64(target), &reached))
            if counted < 0 {
                counted = Int(tecu_breaker_count_characters(storage.characterIterator(), storage.text, Int64(here), Int64(target), &reached))
            }
            passed = counted
            target = Int(reached)
        } else {
            target = characterBoundary(atOrBefore: target, in: storage)
            passed = countCharacters(in: target..<here, of: storage)
        }
        insertionPoint = TextPosition(character: from.character + (direction == .forward ? passed : -passed), utf16: target)
        let span = min(here, target)..<max(here, target)
        // The word said reaches the insertion point when it had to go on to a character boundary.
        let spoken = word.map { direction == .forward ? $0.lowerBound..<max($0.upperBound, target) : min($0.lowerBound, target)..<$0.upperBound }
        return TextMove(range: direction == .forward ? from..<insertionPoint : insertionPoint..<from, passedUTF16: spoken ?? span)
    }

    /// What a word move finds in one window: where it goes, the word it passes, and whether
    /// the window was too short on either side to be sure (then nothing else is used).
    struct WordMoveFound {
        var target: Int
        var word: Range<Int>?
        var needsBack = false
        var needsAhead = false
    }

    /// The segments a word move from `here` passes, in the word iterator attached to `window`.
    /// - Complexity: O(w + window): w the text passed; in dictionary text ICU segments the window.
    func wordMove(_ direction: TextDirection, from here: Int, in window: WordWindow, _ storage: UniqueStorage) -> WordMoveFound {
        let iterator = storage.wordIterator(in: window.range)
        let length = storage.utf16Count
        // The iterator stands only on word boundaries; after a word move it stands where the
        // move ended, so the next one needs no re-seek, and the word found is whole (the C
        // walk tells whether it stood at `here`).
        var startsAtBoundary = false
        var found = WordMoveFound(target: here)
        switch direction {
        case .forward:
            // The segments passed and the word found, in one C call (`isWord` for each segment).
            var start: Int64 = -1
            found.target = Int(tecu_breaker_following_word(iterator, storage.text, Int64(here), &start, &startsAtBoundary))
            if start >= 0 { found.word = Int(start)..<found.target }
            // No word before the window's end: the text after it may hold one.
            found.needsAhead = window.tooCloseToEnd(found.target) || (start < 0 && window.range.upperBound < length)
        case .backward:
            var end: Int64 = -1
            found.target = Int(tecu_breaker_preceding_word(iterator, storage.text, Int64(here), &end, &startsAtBoundary))
            if end >= 0 { found.word = found.target..<Int(end) }
            found.needsBack = window.tooCloseToStart(found.target) || (end < 0 && window.range.lowerBound > 0)
        }
        // Say the whole word even when the move started inside it. A word segment found past
        // the first one lies between two word boundaries, so it is whole already, and so is
        // the first when the move started on a boundary.
        if !startsAtBoundary, let partial = found.word, direction == .forward ? partial.lowerBound == here : partial.upperBound == here {
            let start = direction == .forward ? Int(tecu_breaker_preceding(iterator, Int64(partial.upperBound))) : partial.lowerBound
            let end = direction == .forward ? partial.upperBound : Int(tecu_breaker_following(iterator, Int64(partial.lowerBound)))
            if start >= 0 && end > start { found.word = start..<end }
            if direction == .forward, start >= 0, window.tooCloseToStart(start) { found.needsBack = true }
            if direction == .backward, window.tooCloseToEnd(end) { found.needsAhead = true }
        }
        return found
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
        let here = insertionPoint.utf16
        let target: Int
        switch direction {
        case .forward:
            let end = storage.line(holding: here).upperBound
            guard end < length else { return nil }
            // Just after the line break (both units of a CR LF).
            target = storage.unit(at: end) == 0x0D && end + 1 < length && storage.unit(at: end + 1) == 0x0A ? end + 2 : end + 1
        case .backward:
            let start = storage.line(holding: here).lowerBound
            guard start > 0 else { return nil }
            var previousEnd = start - 1
            if previousEnd > 0 && storage.unit(at: previousEnd) == 0x0A && storage.unit(at: previousEnd - 1) == 0x0D {
                previousEnd -= 1
            }
            target = storage.line(holding: previousEnd).lowerBound
        }
        let lineEnd = storage.line(holding: target).upperBound
        let span = min(here, target)..<max(here, target)
        let passed = countCharacters(in: span, of: storage)
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
    /// - Throws: `TextRangeError` for a position outside the text.
    /// - Complexity: O(w): w the word's length.
    public mutating func word(endingAt position: TextPosition) throws(TextRangeError) -> String? {
        try validate(position)
        return word(endingAt: position, shortcuts: true)
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
            // A joiner, combining mark, emoji modifier or variation selector after `end` joins
            // what precedes it (ICU's WB4) unless that is a line break or the start, and the
            // dictionary breaker (Thai, Lao, Khmer, Myanmar, CJK) cannot break between two code
            // points neither of which is its own. So no word ends there, and typing onto a
            // growing cluster never asks the word iterator (which would re-read the cluster).
            if Self.attachesToPrevious(storage, at: end) { return nil }
            switch asciiWordEnding(at: end) {
            case .word(let word): return storage.string(word)
            case .none: return nil
            case .unknown: break
            }
        }
        var back = WordWindow.context, ahead = WordWindow.context
        while true {
            let window = wordWindow(around: end, back: back, ahead: ahead, in: storage)
            switch wordEnding(at: end, in: window, storage) {
            case .word(let word): return storage.string(word)
            case .none: return nil
            case .unknown:
                // Too close to a cut in a run on one side or the other: more context on both.
                back *= 2
                ahead *= 2
            }
        }
    }

    /// Whether a word ends at `end` by the word iterator attached to `window`: `.unknown` when
    /// a boundary it needs lies too close to a cut inside a run.
    /// - Complexity: O(w + window): w the word's length.
    func wordEnding(at end: Int, in window: WordWindow, _ storage: UniqueStorage) -> WordEnding {
        let iterator = storage.wordIterator(in: window.range)
        guard tecu_breaker_is_boundary(iterator, Int64(end)) else { return .none }
        let next = Int(tecu_breaker_following(iterator, Int64(end)))
        if window.tooCloseToEnd(next) { return .unknown }
        guard next > end, !isWord(end..<next) else { return .none }
        let start = Int(tecu_breaker_preceding(iterator, Int64(end)))
        if start >= 0, window.tooCloseToStart(start) { return .unknown }
        guard start >= 0, isWord(start..<end) else { return .none }
        return .word(start..<end)
    }

    /// Whether the code point at `end` is one ICU's word rules always attach to the code point
    /// before it (ZWJ, U+0300–U+036F, U+1F3FB–U+1F3FF, U+FE00–U+FE0F: Word_Break Extend or
    /// ZWJ) and that one is neither a line break nor a character a dictionary breaker handles
    /// (below U+0E00, the emoji blocks U+1F000–U+1FAFF, or one of those attaching points).
    static func attachesToPrevious(_ storage: UniqueStorage, at end: Int) -> Bool {
        func scalar(at index: Int) -> UInt32 {
            let unit = storage.unit(at: index)
            if UTF16.isLeadSurrogate(unit), index + 1 < storage.utf16Count {
                let trail = storage.unit(at: index + 1)
                if UTF16.isTrailSurrogate(trail) { return 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00) }
            }
            return UInt32(unit)
        }
        func attaches(_ value: UInt32) -> Bool {
            value == 0x200D || (0x300...0x36F).contains(value) || (0x1F3FB...0x1F3FF).contains(value) || (0xFE00...0xFE0F).contains(value)
        }
        guard end > 0, end < storage.utf16Count, attaches(scalar(at: end)) else { return false }
        var start = end - 1
        if UTF16.isTrailSurrogate(storage.unit(at: start)), start > 0, UTF16.isLeadSurrogate(storage.unit(at: start - 1)) { start -= 1 }
        let before = scalar(at: start)
        if before == 0x0A || before == 0x0B || before == 0x0C || before == 0x0D || before == 0x85 { return false }
        return before < 0xE00 || (0x1F000...0x1FAFF).contains(before) || attaches(before)
    }
}
