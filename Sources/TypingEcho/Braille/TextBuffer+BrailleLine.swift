/// The piece of a field's text a braille display shows: the line around the insertion point.
struct BrailleLine: Sendable, Hashable {
    /// The text of the line (or of the part of a long line around the insertion point).
    var text: String
    /// The character offset, in the whole text, of the line's first character.
    var start: Int
    /// The insertion point, in characters from `start`.
    var caret: Int
}

extension TextBuffer {
    /// The line holding the insertion point, cut to about `reach` UTF-16 units on either side
    /// of it (after a space near the cut, where there is one), so that a 10 MB value costs no
    /// more per change than a paragraph. Line breaks are LF, CR, VT, FF, NEL, U+2028 and U+2029.
    /// - Complexity: O(`reach`).
    mutating func brailleLine(reach: Int) -> BrailleLine {
        let storage = uniqueStorage()
        let length = storage.utf16Count
        let here = insertionPoint.utf16
        let isBreak = storage.isLineBreak(at:)
        var lower = here
        let lowest = Swift.max(0, here - reach)
        while lower > lowest && !isBreak(lower - 1) { lower -= 1 }
        if lower > 0 && !isBreak(lower - 1) {
            // Cut inside the line: start after the first space, on a character boundary.
            var index = lower
            while index < here && storage.unit(at: index) != 0x20 { index += 1 }
            lower = characterBoundary(atOrBefore: index < here ? index + 1 : lower, in: storage)
        }
        var upper = here
        let highest = Swift.min(length, here + reach)
        while upper < highest && !isBreak(upper) { upper += 1 }
        if upper < length && !isBreak(upper) {
            var index = upper
            while index > here && storage.unit(at: index - 1) != 0x20 { index -= 1 }
            upper = Swift.max(here, characterBoundary(atOrBefore: index > here ? index - 1 : upper, in: storage))
        }
        let before = countCharacters(in: lower..<here, of: storage)
        return BrailleLine(text: storage.string(lower..<upper), start: insertionPoint.character - before, caret: before)
    }

    /// Moves the insertion point to character `target` by single characters, dropping any
    /// selection; `target` is clamped to the text.
    /// - Complexity: O(*d*) in the distance moved.
    mutating func moveInsertionPoint(toCharacter target: Int) {
        selection = nil
        while insertionPoint.character < target, moveCharacter(.forward) != nil {}
        while insertionPoint.character > target, moveCharacter(.backward) != nil {}
    }
}
