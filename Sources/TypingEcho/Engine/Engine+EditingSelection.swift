/// Hardware keyboard editing with a selection: option-backspace,
/// command-backspace and the shift keys that grow or shrink the selection.
extension Engine {
    /// `key option-backspace`: deletes the word before the insertion point (or the selection),
    /// saying it at deletion pitch.
    mutating func deleteWord(in position: Int) {
        announceDeletion(update(position) { $0.buffer.deleteWordBackward() }, in: position)
        emitCursor(position)
    }

    /// `key command-backspace`: deletes to the start of the line (or the selection).
    mutating func deleteToLineStart(in position: Int) {
        announceDeletion(update(position) { $0.buffer.deleteToLineStart() }, in: position)
        emitCursor(position)
    }

    /// `key shift-…`: moves the insertion point and the selection's moving end with it, then
    /// says what was added, then "selected" (or "unselected" when the selection shrank). A
    /// secure field's part is said by count. At either end: `boundary`.
    mutating func extendSelection(_ step: SelectionStep, in position: Int) {
        guard let change = update(position, { $0.buffer.extendSelection(step) }) else {
            play(.boundary)
            return
        }
        emitCursor(position)
        let field = elements[position].field!
        let text = field.isSecure
            ? phrasebook.count("characters", change.range.upperBound.character - change.range.lowerBound.character)
            : phrasebook.spokenUnit(field.buffer.unvalidatedText(in: change.range), capitals: settings.capitals).text
        say(phrasebook.string(change.grew ? "edit.selected" : "edit.unselected").replacingPlaceholder(with: text), role: .cursor)
    }
}
