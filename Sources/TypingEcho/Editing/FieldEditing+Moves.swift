/// Moving the insertion point and growing or shrinking the selection.
extension FieldEditing {
    /// Moves by one character; at either end, what the reader says of a move that cannot go.
    /// - Complexity: O(1) amortised (one grapheme boundary).
    ///
    /// With a selection and `collapsingSelection` (`selection-arrow=to-end`), the selection
    /// collapses to its end in that direction instead, as desktop text fields do: Left to its
    /// start, Right to its end; what is said is what a move there says, and nothing when the
    /// insertion point was there already.
    func moveCharacter(_ direction: TextDirection, collapsingSelection: Bool = false, in field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        if collapsingSelection, let selected = field.buffer.selection {
            let from = field.buffer.insertionPoint
            let to = direction == .forward ? selected.upperBound : selected.lowerBound
            field.buffer.selection = nil
            field.buffer.insertionPoint = to
            // Collapsed where the insertion point already was: no move to tell of (the
            // toolkit reports none; GTK 3 and Chromium under Orca 43.1, live).
            guard from != to else {
                outcome.report(.cursor)
                return outcome
            }
            let range = min(from, to)..<max(from, to)
            let move = TextMove(range: range, passedUTF16: range.lowerBound.utf16..<range.upperBound.utf16)
            outcome.echo(.moved(.character(passedText(move, in: field)), facts(of: move, by: .character, in: &field)), reporting: .cursor)
            return outcome
        }
        guard let move = field.buffer.moveCharacter(direction) else {
            outcome.echo(cannotMove(.character, in: &field))
            return outcome
        }
        outcome.echo(.moved(.character(passedText(move, in: field)), facts(of: move, by: .character, in: &field)), reporting: .cursor)
        return outcome
    }

    /// Moves by one word; a secure field is one word, so the move goes to an end and says how
    /// many characters it passed.
    /// - Complexity: O(w) in the word passed (ICU's word boundaries, dictionary-based for Thai and CJK).
    ///
    /// `stoppingAtPunctuation` moves as Chromium does (`toolkit=chromium`): every punctuation
    /// mark is a word, spaces are skipped, and what the move crosses is the word it passed
    /// without the spaces (nothing for a line break).
    func moveWord(_ direction: TextDirection, stoppingAtPunctuation: Bool = false, in field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        if handle.isSecure {
            let from = field.buffer.insertionPoint.character
            guard field.buffer.move(toEnd: direction == .forward) else {
                outcome.echo(cannotMove(.word, in: &field))
                return outcome
            }
            let to = field.buffer.insertionPoint.character
            var facts = MoveFacts(passedNumber: min(from, to) + 1)
            facts.arrivedAtEnd = direction == .forward
            outcome.echo(.moved(.word(handle.disclosure.show(""), count: abs(to - from)), facts), reporting: .cursor)
            return outcome
        }
        guard let move = stoppingAtPunctuation ? field.buffer.moveWordStoppingAtPunctuation(direction) : field.buffer.moveWord(direction) else {
            outcome.echo(cannotMove(.word, in: &field))
            return outcome
        }
        let passed = field.buffer.text(passedBy: move)
        var facts = facts(of: move, by: .word, in: &field)
        if stoppingAtPunctuation && wantsMoveText {
            facts.crossed = handle.disclosure.show(passed.allSatisfy(\.isNewline) ? "" : passed)
        }
        outcome.echo(.moved(.word(handle.disclosure.show(passed), count: move.characters), facts), reporting: .cursor)
        return outcome
    }

    /// Moves by line in a text area, to the next line's start or `keepingColumn` to its
    /// character in the same column (`line-move`), saying the line arrived on ("blank" when
    /// empty); other fields are one line, so the move meets a boundary.
    /// - Complexity: O(l) in the lines' length.
    func moveLine(_ direction: TextDirection, keepingColumn: Bool = false, in field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        guard handle.kind == .area,
              let move = keepingColumn ? field.buffer.moveLineKeepingColumn(direction) : field.buffer.moveLine(direction) else {
            outcome.echo(.boundary)
            return outcome
        }
        outcome.echo(.moved(.line(handle.disclosure.show(field.buffer.text(passedBy: move)))), reporting: .cursor)
        return outcome
    }

    /// Moves to the start or the `end` of the text, or `ofLine` of the line in a text area
    /// (`home-end-unit`); `boundary` when it is there already.
    /// - Complexity: O(1) for the text, O(l) in the line's length for a line.
    func moveToEnd(_ end: Bool, ofLine: Bool = false, in field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        let from = field.buffer.insertionPoint
        let moved = ofLine && handle.kind == .area ? field.buffer.move(toLineEnd: end) : field.buffer.move(toEnd: end)
        guard moved else {
            outcome.echo(.boundary)
            return outcome
        }
        var facts = MoveFacts(arrivedAtEnd: end)
        if wantsMoveText {
            let to = field.buffer.insertionPoint
            let range = end ? from..<to : to..<from
            facts.crossed = handle.disclosure.show(field.buffer.unvalidatedText(in: range))
            facts.atCaret = handle.disclosure.show(unitAtInsertionPoint(.character, in: &field))
        }
        outcome.echo(.moved(.toEnd(end: end), facts), reporting: .cursor)
        return outcome
    }

    /// Moves the insertion point and the selection's moving end with it, then says what was
    /// added, then "selected" (or "unselected" when the selection shrank). A secure field's part
    /// is said by count. At either end: `boundary`.
    /// - Complexity: O(u) in the unit passed.
    func extendSelection(_ step: SelectionStep, in field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        let fromCaret = field.buffer.selection == nil
        guard let change = field.buffer.extendSelection(step) else {
            outcome.echo(.boundary)
            return outcome
        }
        let text = handle.disclosure.show(field.buffer.unvalidatedText(in: change.range))
        let count = change.range.upperBound.character - change.range.lowerBound.character
        outcome.echo(.selectionChanged(grew: change.grew, text: text, count: count, fromCaret: fromCaret,
                                       first: change.range.lowerBound.character + 1), reporting: .cursor)
        return outcome
    }

    /// The text a move passed, as a change may tell it (nothing in a secure field).
    func passedText(_ move: TextMove, in field: TextField) -> Disclosed<String> {
        handle.disclosure.show(field.buffer.text(passedBy: move))
    }

    /// What a reader may say of where a move left the insertion point: the end it arrived at,
    /// the number of the character passed, and (only when the style asks) the text crossed and
    /// the unit now at the insertion point; nothing of a secure field's text.
    func facts(of move: TextMove, by unit: MoveUnit, in field: inout TextField) -> MoveFacts {
        var facts = MoveFacts(passedNumber: move.range.lowerBound.character + 1)
        let point = field.buffer.insertionPoint
        if point == .start { facts.arrivedAtEnd = false } else if point == field.buffer.endPosition { facts.arrivedAtEnd = true }
        guard wantsMoveText else { return facts }
        facts.crossed = handle.disclosure.show(field.buffer.unvalidatedText(in: move.range))
        facts.atCaret = handle.disclosure.show(unitAtInsertionPoint(unit, in: &field))
        return facts
    }

    /// A move by a unit that could not go: with the unit at the insertion point when the style
    /// asks for it.
    func cannotMove(_ unit: MoveUnit, in field: inout TextField) -> EchoChange {
        .cannotMove(atCaret: handle.disclosure.show(wantsMoveText ? unitAtInsertionPoint(unit, in: &field) : nil))
    }

    /// The character or word a move forward from the insertion point would pass, the insertion
    /// point left where it is; nil at the end of the text.
    func unitAtInsertionPoint(_ unit: MoveUnit, in field: inout TextField) -> String? {
        let here = field.buffer.insertionPoint
        defer { field.buffer.insertionPoint = here }
        let move = unit == .character ? field.buffer.moveCharacter(.forward) : field.buffer.moveWord(.forward)
        return move.map { field.buffer.text(passedBy: $0) }
    }
}
