extension Engine {
    /// The focused field if it is being edited, or a script error saying how to get there.
    func editingField(for what: String, at location: SourceLocation) throws(ScriptError) -> (Int, TextField) {
        guard let position = focusIndex, let field = elements[position].field else {
            throw ScriptError(.notATextField, "\(what) needs a focused text field; use focus ID first", at: location)
        }
        guard field.isEditing else {
            throw ScriptError(.notEditing, "\(what): the field '\(elements[position].id)' is not being edited; double-tap it first", at: location)
        }
        return (position, field)
    }

    /// Types text on a hardware keyboard into the field being edited, one character at a time,
    /// with echo per `hardware-feedback`.
    mutating func typeOnHardwareKeyboard(_ text: String, at location: SourceLocation) throws(ScriptError) {
        let (position, _) = try editingField(for: "keys", at: location)
        for character in text {
            enter(character, into: position, feedback: settings.hardwareFeedback)
        }
    }

    /// Enters one character into a field and echoes it: a click in a secure field; otherwise
    /// the character and, when it ends a word, the word. A character past the field's
    /// `max=N` is refused (see `insert(_:into:)`).
    mutating func enter(_ character: Character, into position: Int, feedback: TypingFeedback) {
        // No copy of the field is kept: it would make the insertion copy the whole text.
        guard let isSecure = elements[position].field?.isSecure,
              let before = elements[position].field?.buffer.insertionPoint else { return }
        guard insert(String(character), into: position) != nil else { return }
        if isSecure {
            play(.click)
            return
        }
        let endedWord = feedback.speaksWords ? update(position, { $0.buffer.word(endingAt: before) }) : nil
        let raised = settings.pitchChange ? 1.2 : 1.0
        var spokeCharacter = false
        if feedback.speaksCharacters {
            let spoken = phrasebook.spoken(character, capitals: settings.capitals)
            if spoken.capitalSound { play(.capital) }
            say(spoken.text, role: .echo, pitch: raised * spoken.pitch)
            spokeCharacter = true
        }
        if let endedWord {
            say(endedWord, role: .word, pitch: raised, interrupts: !spokeCharacter)
        }
    }

    /// Inserts text into a field and sends the `edit` event. Text that would take the field
    /// past its `max=N` is refused whole: the `refused` sound and "text limit reached, N
    /// characters" (an announcement), and the field is unchanged.
    /// - Returns: The edit, or nil when nothing changed.
    @discardableResult
    mutating func insert(_ text: String, into position: Int) -> TextEdit? {
        switch update(position, { $0.insert(text) }) {
        case .inserted(let edit):
            if elements[position].field!.isSecure { secureInputSeen = true }
            emitEdit(edit, in: position)
            return edit
        case .unchanged:
            return nil
        case .refused(let limit):
            refuse(phrasebook.string("refused.max-length").replacingPlaceholder(with: phrasebook.count("characters", limit)))
            return nil
        }
    }

    /// Refuses an action: the `refused` sound, then why, as an announcement.
    mutating func refuse(_ reason: String) {
        play(.refused)
        say(reason, role: .announcement)
    }

    /// Sends an `edit` event; a secure field's text is left out.
    mutating func emitEdit(_ edit: TextEdit, in position: Int) {
        let isSecure = elements[position].field?.isSecure ?? true
        emit(.edit(FieldEdit(field: elements[position].id, operation: edit.operation, offset: edit.offset,
                             length: edit.length, count: edit.count, text: isSecure ? nil : edit.text)))
    }

    /// A hardware editing key: deletion, arrows by character, option-arrows by word, home, end.
    mutating func press(_ key: HardwareKey, at location: SourceLocation) throws(ScriptError) {
        let (position, _) = try editingField(for: "key \(key.rawValue)", at: location)
        switch key {
        case .backspace: delete(.backward, in: position)
        case .delete: delete(.forward, in: position)
        case .left: moveCharacter(.backward, in: position)
        case .right: moveCharacter(.forward, in: position)
        case .optionLeft: moveWord(.backward, in: position)
        case .optionRight: moveWord(.forward, in: position)
        case .home, .end: moveToEnd(key == .end, in: position)
        case .return:
            if elements[position].field?.kind == .area {
                enter("\n", into: position, feedback: settings.hardwareFeedback)
            }
        }
    }

    /// Swipe up or down with the rotor on a unit: moves the insertion point by that unit.
    mutating func moveByRotor(_ direction: TextDirection, at location: SourceLocation) throws(ScriptError) {
        let (position, _) = try editingField(for: "swipe \(direction == .forward ? "down" : "up")", at: location)
        switch rotor {
        case .characters: moveCharacter(direction, in: position)
        case .words: moveWord(direction, in: position)
        case .edit: chooseEditAction(forward: direction == .forward)
        case .lines: moveLine(direction, in: position)
        case .typingMode: break  // handled by swipe(_:at:) before it gets here
        }
    }

    mutating func delete(_ direction: TextDirection, in position: Int) {
        let edit = update(position) { field in
            direction == .backward ? field.buffer.deleteBackward() : field.buffer.deleteForward()
        }
        guard let edit else {
            play(.boundary)
            return
        }
        emitEdit(edit, in: position)
        if elements[position].field!.isSecure {
            play(.delete)
            return
        }
        let spoken = phrasebook.spokenUnit(edit.text, capitals: settings.capitals)
        say(spoken.text, role: .delete, pitch: (settings.pitchChange ? 0.8 : 1.0) * spoken.pitch)
    }

    private mutating func moveCharacter(_ direction: TextDirection, in position: Int) {
        guard let move = update(position, { $0.buffer.moveCharacter(direction) }) else {
            play(.boundary)
            return
        }
        emitCursor(position)
        if elements[position].field!.isSecure {
            say(phrasebook.string("bullet"), role: .cursor)
            return
        }
        sayCharacter(elements[position].field!.buffer.text(passedBy: move), role: .cursor)
    }

    /// Says a character passed over or explored, with capitals and phonetics applied.
    mutating func sayCharacter(_ text: String, role: SpeechRole) {
        let spoken = phrasebook.spokenUnit(text, capitals: settings.capitals)
        let phonetic = text.count == 1 ? text.first.flatMap(phrasebook.phoneticWord(for:)) : nil
        if spoken.capitalSound { play(.capital) }
        switch (settings.phonetics, phonetic) {
        case (.phoneticsOnly, let word?):
            say(word, role: .phonetic, pitch: spoken.pitch)
        case (.characterAndPhonetics, let word?):
            say(spoken.text, role: role, pitch: spoken.pitch)
            sayLater(word, role: .phonetic, after: settings.phoneticDelay)
        default:
            say(spoken.text, role: role, pitch: spoken.pitch)
        }
    }

    private mutating func moveWord(_ direction: TextDirection, in position: Int) {
        if elements[position].field!.isSecure {
            // A secure field is one word: the move jumps to the end, saying how much it passed.
            let from = elements[position].field!.buffer.insertionPoint.character
            guard update(position, { $0.buffer.move(toEnd: direction == .forward) }) else {
                play(.boundary)
                return
            }
            emitCursor(position)
            let to = elements[position].field!.buffer.insertionPoint.character
            say(phrasebook.count("characters", abs(to - from)), role: .cursor)
            return
        }
        guard let move = update(position, { $0.buffer.moveWord(direction) }) else {
            play(.boundary)
            return
        }
        emitCursor(position)
        sayCharacter(elements[position].field!.buffer.text(passedBy: move), role: .cursor)
    }

    /// Moves by line in a text area, saying the line arrived on ("blank" when empty); other
    /// fields are one line, so the move meets a boundary.
    private mutating func moveLine(_ direction: TextDirection, in position: Int) {
        guard elements[position].field?.kind == .area,
              let move = update(position, { $0.buffer.moveLine(direction) }) else {
            play(.boundary)
            return
        }
        emitCursor(position)
        let line = elements[position].field!.buffer.text(passedBy: move)
        say(line.isEmpty ? phrasebook.string("blank") : line, role: .cursor)
    }

    private mutating func moveToEnd(_ end: Bool, in position: Int) {
        guard update(position, { $0.buffer.move(toEnd: end) }) else {
            play(.boundary)
            return
        }
        emitCursor(position)
        say(phrasebook.string(end ? "insertion-point.end" : "insertion-point.start"), role: .status)
    }
}
