/// The editing component: insertion, deletion, moves, selection and the edit actions, as
/// operations on one field's state (lent in place) that return what they did as an
/// `EditingOutcome`, the way `TypingRecognizer` returns the actions of a gesture. It owns no
/// state: the field owns its text, insertion point and selection; the engine's `Editor` owns
/// which field is edited and the clipboard, and delivers the outcome.
///
/// Every change it reports tells of the text only through the field's `Disclosure`: nothing of
/// a secure field's text is in an outcome.
struct FieldEditing {
    /// The field operated on (its disclosure, kind and locale).
    let handle: FieldHandle
    /// Whether the reader's style speaks the text a move crossed and the unit at the insertion
    /// point (`EchoStyle.wantsMoveText`); found only then.
    let wantsMoveText: Bool

    /// The unit of a move a reader may speak at the insertion point.
    enum MoveUnit { case character, word }

    /// Inserts text. Text that would take the field past its `max=N` is refused whole: the
    /// change `refused` with the limit, and the field is unchanged.
    /// - Complexity: O(n) in the text after the insertion point (see `TextBuffer.insert`).
    func insert(_ text: String, into field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        switch field.insert(text) {
        case .inserted(let edit):
            outcome.report(.edit(edit))
            outcome.inserted = edit
        case .unchanged:
            break
        case .refused(let limit):
            outcome.echo(.refused(.textLimit(limit)))
        }
        return outcome
    }

    /// Enters one character of the field (one ICU grapheme cluster) and echoes it: a click in a
    /// secure field; otherwise the character and, with `wantsWords`, the words it ended.
    func enter(_ character: String, into field: inout TextField, wantsWords: Bool, hardware: Bool) -> EditingOutcome {
        // Typing over a selection replaces it: a word can end only where the selection began.
        let before = field.buffer.selection?.lowerBound ?? field.buffer.insertionPoint
        var outcome = insert(character, into: &field)
        guard outcome.inserted != nil else { return outcome }
        // A secure field's echo is a click whatever was typed: its character and words are not
        // consulted (the disclosure does not evaluate them).
        let typed = handle.disclosure.typed(character, endedWords: wantsWords ? field.buffer.words(endingAt: before) : [])
        outcome.echo(.typed(typed, hardware: hardware))
        return outcome
    }

    /// Deletes the character before (`backward`) or after the insertion point, or the selection.
    /// - Complexity: O(n) in the text after the insertion point.
    func delete(_ direction: TextDirection, in field: inout TextField) -> EditingOutcome {
        let selected = field.buffer.selection != nil
        let countBefore = field.buffer.characterCount
        let edit = direction == .backward ? field.buffer.deleteBackward() : field.buffer.deleteForward()
        var facts = DeleteFacts(forward: direction == .forward && !selected)
        facts.count = countBefore - field.buffer.characterCount
        if facts.forward && wantsMoveText { facts.atCaret = handle.disclosure.show(unitAtInsertionPoint(.character, in: &field)) }
        facts.emptied = field.buffer.isEmpty
        return deletion(edit, selection: selected, facts: facts)
    }

    /// Deletes the word before the insertion point (or the selection), said at deletion pitch.
    /// - Complexity: O(n) in the text after the insertion point, plus the word's segmentation.
    func deleteWord(in field: inout TextField) -> EditingOutcome {
        let selected = field.buffer.selection != nil
        var outcome = deletion(field.buffer.deleteWordBackward(), selection: selected)
        outcome.report(.cursor)
        return outcome
    }

    /// Deletes to the start of the line (or the selection).
    /// - Complexity: O(n) in the text after the insertion point.
    func deleteToLineStart(in field: inout TextField) -> EditingOutcome {
        let selected = field.buffer.selection != nil
        var outcome = deletion(field.buffer.deleteToLineStart(), selection: selected)
        outcome.report(.cursor)
        return outcome
    }

    /// Takes back the `count` characters before the insertion point without an echo (Braille
    /// Screen Input's word whose earlier cells changed meaning: its text goes, the new one comes).
    /// - Complexity: O(count × n) in the text after the insertion point.
    func takeBack(_ count: Int, in field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        for _ in 0..<max(0, count) {
            guard let edit = field.buffer.deleteBackward() else { break }
            outcome.report(.edit(edit))
        }
        return outcome
    }

    /// A deletion's `edit` and what it says: the text at lowered pitch (nothing of a secure
    /// field's), or `boundary` when nothing could be deleted. `selection` is whether the selected
    /// text went.
    func deletion(_ edit: TextEdit?, selection: Bool = false, facts: DeleteFacts = DeleteFacts()) -> EditingOutcome {
        var outcome = EditingOutcome()
        guard let edit else {
            outcome.echo(.boundary)
            return outcome
        }
        outcome.echo(.deleted(text: handle.disclosure.show(edit.text), selection: selection, facts: facts), reporting: .edit(edit))
        return outcome
    }
}
