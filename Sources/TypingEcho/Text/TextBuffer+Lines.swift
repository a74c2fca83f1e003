/// Moving within and between lines as a desktop text view does: Home and End to the ends of
/// the line, Up and Down keeping the column.
extension TextBuffer {
    /// Moves the insertion point to the start or the `end` of its line, dropping any
    /// selection; a secret text is one line.
    /// - Returns: Whether the insertion point moved.
    /// - Complexity: O(l): l the length of the line.
    @discardableResult
    public mutating func move(toLineEnd end: Bool) -> Bool {
        guard !isSecret else { return move(toEnd: end) }
        selection = nil
        let storage = uniqueStorage()
        let here = insertionPoint
        let line = storage.line(holding: here.utf16)
        let target = end ? line.upperBound : line.lowerBound
        guard target != here.utf16 else { return false }
        let span = min(target, here.utf16)..<max(target, here.utf16)
        let passed = countCharacters(in: span, of: storage)
        insertionPoint = TextPosition(character: here.character + (end ? passed : -passed), utf16: target)
        return true
    }

    /// Moves by one line keeping the column: to the character of the next (or previous) line
    /// as far from its start as the insertion point is from the start of its own line, or that
    /// line's end when it is shorter (columns in characters; a toolkit keeps the column in
    /// pixels, which a proportional font makes differ).
    /// - Returns: The move, whose passed range is the whole line arrived on without its line
    ///   break, or nil on the last line (forward) or the first (backward).
    /// - Complexity: O(l): l the length of the lines passed and arrived on.
    public mutating func moveLineKeepingColumn(_ direction: TextDirection) -> TextMove? {
        let storage = uniqueStorage()
        let from = insertionPoint
        let column = countCharacters(in: storage.line(holding: from.utf16).lowerBound..<from.utf16, of: storage)
        guard let move = moveLine(direction) else { return nil }
        let arrived = storage.line(holding: insertionPoint.utf16)
        var moved = 0
        while moved < column, insertionPoint.utf16 < arrived.upperBound, moveCharacter(.forward) != nil { moved += 1 }
        let to = insertionPoint
        return TextMove(range: direction == .forward ? from..<to : to..<from, passedUTF16: arrived.lowerBound..<move.passedUTF16.upperBound)
    }
}
