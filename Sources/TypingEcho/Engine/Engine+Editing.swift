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
        var shiftHeld = false
        try FieldCharacters.forEach(in: text, locale: position.locale) { (character: Substring) throws(ScriptError) in
            shiftHeld = echoShift(for: character, held: shiftHeld, in: position)
            enter(String(character), into: position, hardware: true)
            if cadence > .zero { try advance(by: cadence, at: location) }
        }
    }

    /// Runs an editing operation on a field in place and delivers what it did: its changes
    /// echoed, its `edit` and `cursor` events where their feedback puts them, copied text on
    /// the clipboard. Nothing happens once the field's element was removed.
    /// - Returns: What the operation did.
    @discardableResult
    mutating func edit(_ field: FieldHandle, _ operation: (FieldEditing, inout TextField) -> EditingOutcome) -> EditingOutcome {
        let editing = FieldEditing(handle: field, wantsMoveText: configuration.current.style.wantsMoveText)
        let style = configuration.current.style
        let before = style.selectionNotices ? withField(field, { $0.buffer.selection != nil ? $0.buffer.insertionPoint : nil }) ?? nil : nil
        guard let outcome = update(field, { operation(editing, &$0) }) else { return EditingOutcome() }
        if let copied = outcome.copied { editor.copy(copied) }
        // `selection-notices`: a selection typed or deleted over, or collapsed by a move (in
        // Chromium, only by one that moved the insertion point).
        let after = withField(field, { $0.buffer.selection == nil ? $0.buffer.insertionPoint : nil }) ?? nil
        // A password's selection the toolkit does not report: no notice, and typing over it is
        // not heard (`EchoStyle.secureSelectionHidden`).
        let hidden = field.isSecure && style.secureSelectionHidden
        if hidden, before != nil, outcome.inserted != nil {
            deliver(outcome.silenced, in: field)
            return outcome
        }
        let notice: String? = if !hidden, let before, let after, !outcome.saysSelection, outcome.edits || style.toolkit != .chromium || before != after {
            outcome.edits ? "selection.deleted" : "selection.collapsed"
        } else {
            nil
        }
        // The notice follows what the edit says, except in a secure field, where the text event
        // that says the character comes after it (no key echo tells the key first); Chromium
        // says none for a selection typed over (both heard under Orca 43.1 live).
        let typedOver = outcome.inserted != nil && outcome.edits
        let spoken = typedOver && style.toolkit == .chromium ? nil : notice
        let sayNoticeAfter = outcome.edits && !(field.isSecure && typedOver)
        if let spoken, !sayNoticeAfter { sayNotice(spoken) }
        deliver(outcome, in: field)
        if let spoken, sayNoticeAfter { sayNotice(spoken) }
        return outcome
    }

    /// Says one of the reader's own selection notices ("Text unselected.").
    private mutating func sayNotice(_ key: String) {
        var feedback = Feedback()
        feedback.say(voice.phrasebook.string(key), role: .status, turn: .queues)
        deliver(feedback)
    }

    /// Delivers an editing outcome, step by step, in order.
    private mutating func deliver(_ outcome: EditingOutcome, in field: FieldHandle) {
        for step in outcome.steps {
            switch step {
            case .echo(let change, let reports):
                echo(change) { engine in
                    for report in reports { engine.report(report, in: field) }
                }
            case .report(let report):
                self.report(report, in: field)
            }
        }
    }

    /// Sends a field's `edit` or `cursor` event.
    private mutating func report(_ report: FieldReport, in field: FieldHandle) {
        switch report {
        case .edit(let edit): emitEdit(edit, in: field)
        case .cursor: emitCursor(field)
        }
    }

    /// Enters one character of a field (one ICU grapheme cluster, see `FieldCharacters`) and
    /// echoes it (`FieldEditing.enter`); `hardware` picks the typing feedback setting that
    /// applies (`hardware-feedback` or `feedback`). Its echo in a public field speaks it as one
    /// `Character`: the first, in the rare text that ICU joins and Swift does not.
    mutating func enter(_ character: String, into field: FieldHandle, hardware: Bool) {
        // Text offered to a secure field counts as held even when the field refuses it.
        editor.offer(character, toSecureField: field.isSecure)
        // Typing feedback follows the echo of earlier keys less than a second behind, so a
        // person typing at an everyday pace hears every character (docs/hardware-editing.md).
        let wantsWords = voice.echo.wantsEndedWords(hardware: hardware)
        edit(field) { $0.enter(character, into: &$1, wantsWords: wantsWords, hardware: hardware) }
    }

    /// Inserts text into a field and sends the `edit` event, or refuses it past the field's
    /// `max=N` (see `FieldEditing.insert`). - Returns: The edit, or nil when nothing changed.
    @discardableResult
    mutating func insert(_ text: String, into field: FieldHandle) -> TextEdit? {
        editor.offer(text, toSecureField: field.isSecure)
        return edit(field) { $0.insert(text, into: &$1) }.inserted
    }

    /// Sends an `edit` event, as the field's disclosure shows it (a secure field's without text).
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
        if key == .tab || key == .shiftTab {
            echoKeys(of: key)
            try pressTab(forward: key == .tab, at: location)
            return
        }
        let position = try editingField(for: "key \(key.rawValue)", at: location)
        echoKeys(of: key)
        switch key {
        case .backspace: edit(position) { $0.delete(.backward, in: &$1) }
        case .delete: edit(position) { $0.delete(.forward, in: &$1) }
        // Left and right follow the paragraph's direction (Engine+RightToLeft).
        case .left, .right:
            let direction = arrowDirection(left: key == .left, in: position)
            let collapsing = configuration.current.style.selectionArrow == .toEnd
            edit(position) { $0.moveCharacter(direction, collapsingSelection: collapsing, in: &$1) }
        case .optionLeft, .optionRight:
            let direction = arrowDirection(left: key == .optionLeft, in: position)
            let chromium = configuration.current.style.toolkit == .chromium
            edit(position) { $0.moveWord(direction, stoppingAtPunctuation: chromium, in: &$1) }
        case .home, .end:
            let ofLine = configuration.current.style.homeEndUnit == .line
            edit(position) { $0.moveToEnd(key == .end, ofLine: ofLine, in: &$1) }
        case .return:
            if position.kind == .area {
                enter("\n", into: position, hardware: true)
            } else {
                pressReturn(in: position)
            }
        case .optionBackspace: edit(position) { $0.deleteWord(in: &$1) }
        case .commandBackspace: edit(position) { $0.deleteToLineStart(in: &$1) }
        case .shiftLeft: edit(position) { $0.extendSelection(.character(.backward), in: &$1) }
        case .shiftRight: edit(position) { $0.extendSelection(.character(.forward), in: &$1) }
        case .shiftOptionLeft: edit(position) { $0.extendSelection(position.disclosure.selectionByWord(.backward), in: &$1) }
        case .shiftOptionRight: edit(position) { $0.extendSelection(position.disclosure.selectionByWord(.forward), in: &$1) }
        case .shiftHome, .shiftEnd:
            let direction: TextDirection = key == .shiftEnd ? .forward : .backward
            let ofLine = configuration.current.style.homeEndUnit == .line && position.kind == .area
            edit(position) { $0.extendSelection(ofLine ? .lineEnd(direction) : .end(direction), in: &$1) }
        case .shiftUp, .shiftDown:
            let direction: TextDirection = key == .shiftDown ? .forward : .backward
            let keepingColumn = configuration.current.style.lineMove == .column
            edit(position) { $0.extendSelection(.line(direction, keepingColumn: keepingColumn), in: &$1) }
        case .commandA: perform(.selectAll, in: position)
        case .commandC: perform(.copy, in: position)
        case .commandX: perform(.cut, in: position)
        case .commandV: perform(.paste, in: position)
        case .up, .down:
            let keepingColumn = configuration.current.style.lineMove == .column
            edit(position) { $0.moveLine(key == .down ? .forward : .backward, keepingColumn: keepingColumn, in: &$1) }
        case .tab, .shiftTab: break  // above: Tab needs no field being edited
        }
    }

    /// Swipe up or down with the rotor on a unit: moves the insertion point by that unit.
    mutating func moveByRotor(_ direction: TextDirection, at location: SourceLocation?) throws(ScriptError) {
        let position = try editingField(for: "swipe \(direction == .forward ? "down" : "up")", at: location)
        switch reader.rotor {
        case .characters: edit(position) { $0.moveCharacter(direction, in: &$1) }
        case .words: edit(position) { $0.moveWord(direction, in: &$1) }
        case .edit: chooseEditAction(forward: direction == .forward)
        case .lines: edit(position) { $0.moveLine(direction, in: &$1) }
        case .typingMode: break  // handled by swipe(_:at:) before it gets here
        }
    }

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
