import CICU

/// Moving by word as Chromium's text fields do: every punctuation mark or symbol is a word of
/// its own ("ann@example.com" is "ann", "@", "example", ".", "com"), spaces are skipped, and a
/// line break is a stop of its own.
extension TextBuffer {
    /// What a code point is to a Chromium word move.
    private enum WordClass { case space, lineBreak, wordCharacter, mark }

    /// The scalar ending (backward) or starting (forward) at `offset`, and its UTF-16 length.
    private func scalar(at offset: Int, forward: Bool, in storage: UniqueStorage) -> (Unicode.Scalar, Int) {
        let unit = storage.unit(at: forward ? offset : offset - 1)
        if forward, UTF16.isLeadSurrogate(unit), offset + 1 < storage.utf16Count, UTF16.isTrailSurrogate(storage.unit(at: offset + 1)) {
            return (UTF16.decode(UTF16.EncodedScalar([unit, storage.unit(at: offset + 1)])), 2)
        }
        if !forward, UTF16.isTrailSurrogate(unit), offset >= 2, UTF16.isLeadSurrogate(storage.unit(at: offset - 2)) {
            return (UTF16.decode(UTF16.EncodedScalar([storage.unit(at: offset - 2), unit])), 2)
        }
        return (Unicode.Scalar(unit) ?? "\u{FFFD}", 1)
    }

    private func wordClass(_ scalar: Unicode.Scalar) -> WordClass {
        if scalar.value <= 0xFFFF, UniqueStorage.isLineBreak(UInt16(scalar.value)) { return .lineBreak }
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
            return .wordCharacter
        default:
            return .mark
        }
    }

    /// Moves by one word the way Chromium's text fields do on Linux: spaces are skipped, then
    /// a run of letters and digits (with their marks and "_") is passed whole, and any other
    /// character (a punctuation mark, a symbol, a line break) is passed alone. Forward ends
    /// at the end of what was passed, backward at its start.
    /// - Returns: The move, whose passed range is what was passed after the spaces skipped
    ///   (a line break's own range when one was), or nil at the start or end of the text.
    /// - Complexity: O(w): w the length of the text passed.
    public mutating func moveWordStoppingAtPunctuation(_ direction: TextDirection) -> TextMove? {
        selection = nil
        let storage = uniqueStorage()
        let length = storage.utf16Count
        let forward = direction == .forward
        let here = insertionPoint.utf16
        guard forward ? here < length : here > 0 else { return nil }
        var offset = here
        func atLimit() -> Bool { forward ? offset >= length : offset <= 0 }
        func next() -> (WordClass, Int) {
            let (scalar, size) = scalar(at: offset, forward: forward, in: storage)
            return (wordClass(scalar), size)
        }
        while !atLimit(), next().0 == .space { offset += forward ? next().1 : -next().1 }
        let segmentStart = offset
        if !atLimit() {
            let (first, size) = next()
            offset += forward ? size : -size
            if first == .lineBreak, forward, offset < length, storage.unit(at: offset - 1) == 0x0D, storage.unit(at: offset) == 0x0A { offset += 1 }
            if first == .lineBreak, !forward, offset > 0, storage.unit(at: offset) == 0x0A, storage.unit(at: offset - 1) == 0x0D { offset -= 1 }
            if first == .wordCharacter {
                while !atLimit(), next().0 == .wordCharacter { offset += forward ? next().1 : -next().1 }
            }
        }
        // The insertion point stays on a character boundary (a mark joined to a space or a
        // symbol): forward the first at or after the stop, backward the one at or before it.
        let target: Int
        let passed: Int
        if forward {
            var reached: Int64 = 0
            passed = Int(tecu_breaker_count_characters(storage.characterIterator(), storage.text, Int64(here), Int64(offset), &reached))
            target = Int(reached)
        } else {
            target = characterBoundary(atOrBefore: offset, in: storage)
            passed = countCharacters(in: target..<here, of: storage)
        }
        let from = insertionPoint
        insertionPoint = TextPosition(character: from.character + (forward ? passed : -passed), utf16: target)
        let segment = min(segmentStart, target)..<max(segmentStart, target)
        return TextMove(range: forward ? from..<insertionPoint : insertionPoint..<from, passedUTF16: segment)
    }
}
