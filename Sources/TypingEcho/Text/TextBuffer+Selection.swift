import CICU

/// One step of a hardware selection key (`shift-left`, `shift-option-right`, `shift-home`, …).
public enum SelectionStep: Sendable, Hashable {
    /// One character.
    case character(TextDirection)
    /// One word (a secure text is one word).
    case word(TextDirection)
    /// To the start or end of the text.
    case end(TextDirection)
    /// To the start or end of the line (Shift+Home and Shift+End in a desktop text area).
    case lineEnd(TextDirection)
    /// One line, to the next line's start or `keepingColumn` to its same column; a text
    /// with no line break in that direction is at its boundary.
    case line(TextDirection, keepingColumn: Bool)
}

/// How a selection key changed the selection.
public struct SelectionChange: Sendable, Hashable {
    /// The text between the old and the new insertion point: what was added or taken away.
    public var range: Range<TextPosition>
    /// Whether the selection grew (false: it shrank).
    public var grew: Bool
}

/// Editing with a selection and the hardware keyboard's word and line deletions.
extension TextBuffer {
    /// Extends (or shrinks) the selection by moving its moving end, the insertion point; the
    /// other end, the anchor, stays. A selection that becomes empty is removed.
    /// - Returns: The change, or nil at the start or end of the text (nothing changes).
    /// - Complexity: as the move: O(c) for a character, O(w) for a word, O(1) to an end, O(l)
    ///   for a line or to a line's end.
    public mutating func extendSelection(_ step: SelectionStep) -> SelectionChange? {
        let old = selection
        let from = insertionPoint
        let anchor = old.map { $0.lowerBound == from ? $0.upperBound : $0.lowerBound } ?? from
        let moved: Bool
        switch step {
        case .character(let direction): moved = moveCharacter(direction) != nil
        case .word(let direction) where !isSecret: moved = moveWord(direction) != nil
        case .word(let direction), .end(let direction): moved = move(toEnd: direction == .forward)
        case .lineEnd(let direction): moved = move(toLineEnd: direction == .forward)
        case .line(let direction, let keepingColumn):
            moved = (keepingColumn ? moveLineKeepingColumn(direction) : moveLine(direction)) != nil
        }
        guard moved else {
            insertionPoint = from
            selection = old
            return nil
        }
        let to = insertionPoint
        selection = anchor == to ? nil : Swift.min(anchor, to)..<Swift.max(anchor, to)
        // Measured in characters, not UTF-16 units: in a secret text the units' count is the
        // secret's shape, and a move that crosses the anchor would compare the two sides' shapes.
        let grew = abs(to.character - anchor.character) > abs(from.character - anchor.character)
        return SelectionChange(range: Swift.min(from, to)..<Swift.max(from, to), grew: grew)
    }

    /// Deletes the selection, or the word before the insertion point with any spaces after it
    /// (option-backspace); in a secret text, everything before the insertion point.
    /// - Returns: The edit, or nil at the start of the text.
    /// - Complexity: O(w): w the length of the word.
    public mutating func deleteWordBackward() -> TextEdit? {
        if selection != nil { return deleteBackward() }
        let end = insertionPoint
        let start: TextPosition
        if isSecret {
            start = .start
        } else {
            guard let move = moveWord(.backward) else { return nil }
            start = move.range.lowerBound
            insertionPoint = end
        }
        guard start < end else { return nil }
        selection = start..<end
        return deleteBackward()
    }

    /// Deletes the selection, or everything from the start of the line to the insertion point
    /// (command-backspace); in a secret text, everything before the insertion point.
    /// - Returns: The edit, or nil at the start of a line.
    /// - Complexity: O(l): l the length of the line before the insertion point.
    public mutating func deleteToLineStart() -> TextEdit? {
        if selection != nil { return deleteBackward() }
        let end = insertionPoint.utf16
        var lineStart = end
        // A secret text is one line: a line feed pasted into it must not show where it is.
        while lineStart > 0 && (isSecret || storage.unit(at: lineStart - 1) != 0x0A) { lineStart -= 1 }
        guard lineStart < end else { return nil }
        let characters = countCharacters(in: lineStart..<end, of: uniqueStorage())
        selection = TextPosition(character: insertionPoint.character - characters, utf16: lineStart)..<insertionPoint
        return deleteBackward()
    }

    /// The last few characters before the insertion point (at most `limit` UTF-16 units),
    /// for auto-capitalisation; empty for a secret text.
    /// - Complexity: O(limit).
    func tailBeforeInsertionPoint(limit: Int = 16) -> Substring {
        guard !isSecret else { return "" }
        let end = insertionPoint.utf16
        var start = Swift.max(0, end - limit)
        if start > 0, start < end, UTF16.isTrailSurrogate(storage.unit(at: start)) { start += 1 }
        return Substring(storage.string(start..<end))
    }

    /// Every word that ends at `position` because the character after it is not part of a
    /// word: the word before it and the words right before that one with nothing between them
    /// (dictionary languages write words without spaces: "สวัสดีครับ " ends two words).
    /// - Complexity: O(w): w the length of the words returned.
    public mutating func words(endingAt position: TextPosition) -> [String] {
        guard let last = word(endingAt: position, shortcuts: true) else { return [] }
        let start = position.utf16 - last.utf16.count
        // A space or ASCII punctuation before the word separates it from any word before.
        if start == 0 { return [last] }
        let before = storage.unit(at: start - 1)
        if before < 0x80 && !Self.isASCIIAlphanumeric(before) { return [last] }
        let unique = uniqueStorage()
        var back = WordWindow.context
        // The words before `last` ending where the next begins, read in a window before it
        // (twice the context when a boundary came too close to a cut in a run).
        while true {
            let window = wordWindow(around: start, back: back, ahead: WordWindow.context, in: unique)
            let iterator = unique.wordIterator(in: window.range)
            var ranges: [Range<Int>] = [], from = start, sure = true
            while from > 0 && ranges.count < 63 {
                let previous = Int(tecu_breaker_preceding(iterator, Int64(from)))
                guard previous >= 0, previous < from else { break }
                if window.tooCloseToStart(previous) { sure = false; break }
                guard isWord(previous..<from) else { break }
                ranges.append(previous..<from)
                from = previous
                // At the window's start (a fixed boundary) the words may go on before it.
                if from == window.range.lowerBound && from > 0 && ranges.count < 63 { sure = false; break }
            }
            if sure { return ranges.reversed().map { unique.string($0) } + [last] }
            back *= 2
        }
    }
}
