/// Hardware keyboard editing with a selection: option-backspace,
/// command-backspace and the shift keys that grow or shrink the selection.
extension Engine {
    /// `key option-backspace`: deletes the word before the insertion point (or the selection),
    /// saying it at deletion pitch.
    mutating func deleteWord(in position: FieldHandle) {
        let selected = withField(position, { $0.buffer.selection != nil }) ?? false
        announceDeletion(update(position) { $0.buffer.deleteWordBackward() } ?? nil, in: position, selection: selected)
        emitCursor(position)
    }

    /// `key command-backspace`: deletes to the start of the line (or the selection).
    mutating func deleteToLineStart(in position: FieldHandle) {
        let selected = withField(position, { $0.buffer.selection != nil }) ?? false
        announceDeletion(update(position) { $0.buffer.deleteToLineStart() } ?? nil, in: position, selection: selected)
        emitCursor(position)
    }

    /// `key shift-…`: moves the insertion point and the selection's moving end with it, then
    /// says what was added, then "selected" (or "unselected" when the selection shrank). A
    /// secure field's part is said by count. At either end: `boundary`.
    mutating func extendSelection(_ step: SelectionStep, in position: FieldHandle) {
        let fromCaret = withField(position, { $0.buffer.selection == nil }) ?? true
        guard let change = update(position, { $0.buffer.extendSelection(step) }) ?? nil else {
            echo(.boundary)
            return
        }
        let text = position.disclosure.show(withField(position) { $0.buffer.unvalidatedText(in: change.range) } ?? "")
        let count = change.range.upperBound.character - change.range.lowerBound.character
        echo(.selectionChanged(grew: change.grew, text: text, count: count, fromCaret: fromCaret)) { $0.emitCursor(position) }
    }
}
