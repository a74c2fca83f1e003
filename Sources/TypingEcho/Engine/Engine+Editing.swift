extension Engine {
    /// The field being edited (wherever screen-reader focus is), or a script error saying how
    /// to get there.
    mutating func editingField(for what: String, at location: SourceLocation?) throws(ScriptError) -> FieldHandle {
        if let position = editor.editedField, let field = handle(for: position) { return field }
        guard let position = reader.focus.element, screen.hasField(position) else {
            throw ScriptError(.notEditing, "\(what) needs a text field being edited; focus a field and double-tap it first", at: location)
        }
        throw ScriptError(.notEditing, "\(what): the field '\(screen.id(of: position))' is not being edited; double-tap it first", at: location)
    }

    /// Types text on a hardware keyboard into the field being edited, one character at a time,
    /// with echo per `hardware-feedback`; after each key the clock moves on by `key-cadence`
    ///, so echoes are heard for as long as a person typing leaves them.
    ///
    /// Every character is one key press and one slot of `key-cadence`, whatever it is and
    /// whether the field takes it (a field at its `max=N` refuses it): in a secure field the
    /// timing says no more than the count of clicks does. A line that would take the clock
    /// past 1,000,000,000 s fails at the key that would, with the keys before it typed.
    ///
    /// A character is one of the field's own (`FieldCharacters`: ICU's grapheme clusters for
    /// the field's locale), never a Swift `Character`: where the two disagree (`"a\u{897}"` is
    /// one `Character` and two characters of the field) the keys, clicks and time follow the
    /// count the field shows.
    mutating func typeOnHardwareKeyboard(_ text: String, at location: SourceLocation?) throws(ScriptError) {
        // Only the position and locale are kept: a copy of the field alive during the loop
        // would make every insertion copy the whole text.
        let position = try editingField(for: "keys", at: location)
        let cadence = configuration.current.keyCadence
        try FieldCharacters.forEach(in: text, locale: position.locale) { (character: Substring) throws(ScriptError) in
            enter(String(character), into: position, hardware: true)
            if cadence > .zero { try advance(by: cadence, at: location) }
        }
    }

    /// Enters one character into a field and echoes it: a click in a secure field; otherwise
    /// the character and, when it ends a word, the word. A character past the field's
    /// `max=N` is refused (see `insert(_:into:)`). `hardware` picks the typing feedback
    /// setting that applies (`hardware-feedback` or `feedback`).
    mutating func enter(_ character: Character, into position: FieldHandle, hardware: Bool) {
        enter(String(character), into: position, hardware: hardware)
    }

    /// Enters one character of a field (one ICU grapheme cluster, see `FieldCharacters`) and
    /// echoes it as `enter(_:into:hardware:)` does. Its echo in a public field speaks it as one
    /// `Character`: the first, in the rare text that ICU joins and Swift does not.
    mutating func enter(_ character: String, into position: FieldHandle, hardware: Bool) {
        // No copy of the field is kept: it would make the insertion copy the whole text.
        // Typing over a selection replaces it: a word can end only where the selection began.
        guard let before = withField(position, { $0.buffer.selection?.lowerBound ?? $0.buffer.insertionPoint }) else { return }
        guard insert(character, into: position) != nil else { return }
        // A secure field's echo is a click whatever was typed: its character and words are not
        // consulted (the disclosure does not evaluate them).
        // Typing feedback follows the echo of earlier keys less than a second behind, so a
        // person typing at an everyday pace hears every character (docs/hardware-editing.md).
        let wantsWords = voice.echo.wantsEndedWords(hardware: hardware)
        let typed = position.disclosure.typed(character, endedWords: wantsWords ? update(position, { $0.buffer.words(endingAt: before) }) ?? [] : [])
        echo(.typed(typed, hardware: hardware))
    }

    /// Inserts text into a field and sends the `edit` event. Text that would take the field
    /// past its `max=N` is refused whole: the `refused` sound and "text limit reached, N
    /// characters" (an announcement), and the field is unchanged.
    /// - Returns: The edit, or nil when nothing changed.
    @discardableResult
    mutating func insert(_ text: String, into position: FieldHandle) -> TextEdit? {
        // Text offered to a secure field counts as held even when the field refuses it.
        editor.offer(text, toSecureField: position.isSecure)
        switch update(position, { $0.insert(text) }) ?? .unchanged {
        case .inserted(let edit):
            emitEdit(edit, in: position)
            return edit
        case .unchanged:
            return nil
        case .refused(let limit):
            echo(.refused(.textLimit(limit)))
            return nil
        }
    }

    /// Sends an `edit` event; a secure field's text is left out.
    mutating func emitEdit(_ edit: TextEdit, in position: FieldHandle) {
        defer { if position.identity == editor.editedField { refreshAutomaticShift() } }
        emit(.edit(position.disclosure.event(for: edit, in: screen.id(of: position.identity))))
    }

    /// A hardware editing key: deletion, arrows by character, option-arrows by word, home, end,
    /// return, the selection keys, the command shortcuts and tab.
    mutating func press(_ key: HardwareKey, at location: SourceLocation?) throws(ScriptError) {
        // Return with no field being edited activates the focused button, as Enter does.
        if key == .return, !editor.isEditing, let focused = reader.focus.element, screen.read(focused, Self.activates) == true {
            emit(.activate(element: screen.id(of: focused)))
            return
        }
        let position = try editingField(for: "key \(key.rawValue)", at: location)
        switch key {
        case .backspace: delete(.backward, in: position)
        case .delete: delete(.forward, in: position)
        // Left and right follow the paragraph's direction (Engine+RightToLeft).
        case .left: moveCharacter(arrowDirection(left: true, in: position), in: position)
        case .right: moveCharacter(arrowDirection(left: false, in: position), in: position)
        case .optionLeft: moveWord(arrowDirection(left: true, in: position), in: position)
        case .optionRight: moveWord(arrowDirection(left: false, in: position), in: position)
        case .home, .end: moveToEnd(key == .end, in: position)
        case .return:
            if position.kind == .area {
                enter("\n", into: position, hardware: true)
            } else {
                pressReturn(in: position)
            }
        case .optionBackspace: deleteWord(in: position)
        case .commandBackspace: deleteToLineStart(in: position)
        case .shiftLeft: extendSelection(.character(.backward), in: position)
        case .shiftRight: extendSelection(.character(.forward), in: position)
        case .shiftOptionLeft: extendSelection(position.disclosure.selectionByWord(.backward), in: position)
        case .shiftOptionRight: extendSelection(position.disclosure.selectionByWord(.forward), in: position)
        case .shiftHome: extendSelection(.end(.backward), in: position)
        case .shiftEnd: extendSelection(.end(.forward), in: position)
        case .commandA: perform(.selectAll, in: position)
        case .commandC: perform(.copy, in: position)
        case .commandX: perform(.cut, in: position)
        case .commandV: perform(.paste, in: position)
        case .tab: moveEditingToNextField(after: position)
        }
    }

    /// Swipe up or down with the rotor on a unit: moves the insertion point by that unit.
    mutating func moveByRotor(_ direction: TextDirection, at location: SourceLocation?) throws(ScriptError) {
        let position = try editingField(for: "swipe \(direction == .forward ? "down" : "up")", at: location)
        switch reader.rotor {
        case .characters: moveCharacter(direction, in: position)
        case .words: moveWord(direction, in: position)
        case .edit: chooseEditAction(forward: direction == .forward)
        case .lines: moveLine(direction, in: position)
        case .typingMode: break  // handled by swipe(_:at:) before it gets here
        }
    }

    mutating func delete(_ direction: TextDirection, in position: FieldHandle) {
        let selected = withField(position, { $0.buffer.selection != nil }) ?? false
        let edit = update(position) { field in
            direction == .backward ? field.buffer.deleteBackward() : field.buffer.deleteForward()
        } ?? nil
        announceDeletion(edit, in: position, selection: selected)
    }

    /// Sends a deletion's `edit` and says what went: the text at lowered pitch, or the
    /// `delete` sound in a secure field; `boundary` when nothing could be deleted.
    /// `selection` is whether the selected text went.
    mutating func announceDeletion(_ edit: TextEdit?, in position: FieldHandle, selection: Bool = false) {
        guard let edit else {
            echo(.boundary)
            return
        }
        echo(.deleted(text: position.disclosure.show(edit.text), selection: selection)) { $0.emitEdit(edit, in: position) }
    }

    private mutating func moveCharacter(_ direction: TextDirection, in position: FieldHandle) {
        guard let move = update(position, { $0.buffer.moveCharacter(direction) }) ?? nil else {
            echo(cannotMove(.character, in: position))
            return
        }
        echo(.moved(.character(passedText(move, in: position)), facts(of: move, by: .character, in: position))) { $0.emitCursor(position) }
    }

    /// The text a move passed in a field, as a change may tell it (nothing in a secure field).
    mutating func passedText(_ move: TextMove, in position: FieldHandle) -> Disclosed<String> {
        position.disclosure.show(withField(position) { $0.buffer.text(passedBy: move) } ?? "")
    }

    /// What a reader may say of where a move left the insertion point: the end it arrived at,
    /// the number of the character passed, and (only when the style asks) the text crossed
    /// and the unit now at the insertion point. A secure field gives no text.
    mutating func facts(of move: TextMove, by unit: MoveUnit, in position: FieldHandle) -> MoveFacts {
        let wantsText = configuration.current.style.wantsMoveText
        var facts = MoveFacts(passedNumber: move.range.lowerBound.character + 1)
        let state = withField(position) { field in (field.buffer.insertionPoint, field.buffer.endPosition) }
        guard let (point, end) = state else { return facts }
        if point == .start { facts.arrivedAtEnd = false } else if point == end { facts.arrivedAtEnd = true }
        guard wantsText else { return facts }
        facts.crossed = position.disclosure.show(withField(position) { $0.buffer.unvalidatedText(in: move.range) } ?? "")
        facts.atCaret = position.disclosure.show(unitAtInsertionPoint(unit, in: position))
        return facts
    }

    /// A move by a unit that could not go: with the unit at the insertion point when the
    /// style asks for it.
    mutating func cannotMove(_ unit: MoveUnit, in position: FieldHandle) -> EchoChange {
        let wantsText = configuration.current.style.wantsMoveText
        return .cannotMove(atCaret: position.disclosure.show(wantsText ? unitAtInsertionPoint(unit, in: position) : nil))
    }

    /// The character or word a move forward from the insertion point would pass, the
    /// insertion point left where it is; nil at the end of the text.
    mutating func unitAtInsertionPoint(_ unit: MoveUnit, in position: FieldHandle) -> String? {
        update(position) { field -> String? in
            let here = field.buffer.insertionPoint
            defer { field.buffer.insertionPoint = here }
            let move = unit == .character ? field.buffer.moveCharacter(.forward) : field.buffer.moveWord(.forward)
            return move.map { field.buffer.text(passedBy: $0) }
        } ?? nil
    }

    private mutating func moveWord(_ direction: TextDirection, in position: FieldHandle) {
        if position.isSecure {
            // A secure field is one word: the move jumps to the end, saying how much it passed.
            guard let (moved, from, to) = update(position, { field in
                let from = field.buffer.insertionPoint.character
                return (field.buffer.move(toEnd: direction == .forward), from, field.buffer.insertionPoint.character)
            }), moved else {
                echo(cannotMove(.word, in: position))
                return
            }
            var facts = MoveFacts(passedNumber: min(from, to) + 1)
            facts.arrivedAtEnd = direction == .forward
            echo(.moved(.word(position.disclosure.show(""), count: abs(to - from)), facts)) { $0.emitCursor(position) }
            return
        }
        guard let move = update(position, { $0.buffer.moveWord(direction) }) ?? nil else {
            echo(cannotMove(.word, in: position))
            return
        }
        echo(.moved(.word(passedText(move, in: position), count: move.characters), facts(of: move, by: .word, in: position))) {
            $0.emitCursor(position)
        }
    }

    /// Moves by line in a text area, saying the line arrived on ("blank" when empty); other
    /// fields are one line, so the move meets a boundary.
    private mutating func moveLine(_ direction: TextDirection, in position: FieldHandle) {
        guard position.kind == .area,
              let move = update(position, { $0.buffer.moveLine(direction) }) ?? nil else {
            echo(.boundary)
            return
        }
        echo(.moved(.line(position.disclosure.show(withField(position) { $0.buffer.text(passedBy: move) } ?? "")))) { $0.emitCursor(position) }
    }

    private mutating func moveToEnd(_ end: Bool, in position: FieldHandle) {
        guard update(position, { $0.buffer.move(toEnd: end) }) == true else {
            echo(.boundary)
            return
        }
        echo(.moved(.toEnd(end: end))) { $0.emitCursor(position) }
    }

    /// The unit of a move a reader may speak at the insertion point.
    enum MoveUnit { case character, word }

    /// Reports where a field's insertion point is (nothing for an element without a field).
    mutating func emitCursor(_ identity: ElementID) {
        if let field = handle(for: identity) { emitCursor(field) }
    }

    /// Reports where the focused field's insertion point is, as its disclosure tells positions
    /// (a secure field's UTF-16 offset is its character offset).
    mutating func emitCursor(_ position: FieldHandle) {
        if position.identity == editor.editedField { refreshAutomaticShift() }
        guard let point = withField(position, { $0.buffer.insertionPoint }) else { return }
        let shown = position.disclosure.position(point)
        emit(.cursor(field: screen.id(of: position.identity), offset: shown.character, utf16: shown.utf16))
    }
}
