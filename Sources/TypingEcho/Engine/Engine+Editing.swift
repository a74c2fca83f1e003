extension Engine {
    /// The field being edited (wherever screen-reader focus is), or a script error saying how
    /// to get there.
    func editingField(for what: String, at location: SourceLocation) throws(ScriptError) -> (Int, TextField) {
        if let position = keyboard.editedField, let field = elements[position].field { return (position, field) }
        guard let position = focusIndex, elements[position].field != nil else {
            throw ScriptError(.notEditing, "\(what) needs a text field being edited; focus a field and double-tap it first", at: location)
        }
        throw ScriptError(.notEditing, "\(what): the field '\(elements[position].id)' is not being edited; double-tap it first", at: location)
    }

    /// Types text on a hardware keyboard into the field being edited, one character at a time,
    /// with echo per `hardware-feedback`; after each key the clock moves on by `key-cadence`
    ///, so echoes are heard for as long as a person typing leaves them.
    ///
    /// Every character is one key press and one slot of `key-cadence`, whatever it is and
    /// whether the field takes it (a field at its `max=N` refuses it): in a secure field the
    /// timing says no more than the count of clicks does. A line that would take the clock
    /// past 1,000,000,000 s fails at the key that would, with the keys before it typed.
    mutating func typeOnHardwareKeyboard(_ text: String, at location: SourceLocation) throws(ScriptError) {
        let (position, _) = try editingField(for: "keys", at: location)
        let cadence = settings.keyCadence
        for character in text {
            enter(character, into: position, feedback: settings.hardwareFeedback)
            if cadence > .zero { try advance(by: cadence, at: location) }
        }
    }

    /// Enters one character into a field and echoes it: a click in a secure field; otherwise
    /// the character and, when it ends a word, the word. A character past the field's
    /// `max=N` is refused (see `insert(_:into:)`).
    mutating func enter(_ character: Character, into position: Int, feedback: TypingFeedback) {
        // No copy of the field is kept: it would make the insertion copy the whole text.
        // Typing over a selection replaces it: a word can end only where the selection began.
        guard let (isSecure, before) = withField(position, { ($0.isSecure, $0.buffer.selection?.lowerBound ?? $0.buffer.insertionPoint) }) else { return }
        guard insert(String(character), into: position) != nil else { return }
        if isSecure {
            play(.click)
            return
        }
        let endedWords = feedback.speaksWords ? update(position, { $0.buffer.words(endingAt: before) }) : []
        let raised = settings.pitchChange ? 1.2 : 1.0
        // The first utterance of this key cuts what is being said, unless that is the feedback
        // of earlier keys and speech is less than a second behind: then it follows, so a person
        // typing at an everyday pace hears every character (docs/hardware-editing.md).
        var interrupts = !speech.mayFollowTyping(at: now)
        if feedback.speaksCharacters {
            let spoken = phrasebook.spoken(character, capitals: settings.capitals)
            if spoken.capitalSound { play(.capital) }
            say(spoken.text, role: .echo, pitch: raised * spoken.pitch, interrupts: interrupts, isTyping: true)
            interrupts = false
        }
        for word in endedWords {
            say(word, role: .word, pitch: raised, interrupts: interrupts, isTyping: true)
            interrupts = false
        }
    }

    /// Inserts text into a field and sends the `edit` event. Text that would take the field
    /// past its `max=N` is refused whole: the `refused` sound and "text limit reached, N
    /// characters" (an announcement), and the field is unchanged.
    /// - Returns: The edit, or nil when nothing changed.
    @discardableResult
    mutating func insert(_ text: String, into position: Int) -> TextEdit? {
        // Text offered to a secure field counts as held even when the field refuses it.
        if withField(position, { $0.isSecure })! && !text.isEmpty { secureInputSeen = true }
        switch update(position, { $0.insert(text) }) {
        case .inserted(let edit):
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
        defer { if position == keyboard.editedField { refreshAutomaticShift() } }
        let isSecure = withField(position, { $0.isSecure }) ?? true
        emit(.edit(FieldEdit(field: elements[position].id, operation: edit.operation, offset: edit.offset,
                             length: edit.length, count: edit.count, text: isSecure ? nil : edit.text)))
    }

    /// A hardware editing key: deletion, arrows by character, option-arrows by word, home, end,
    /// return, the selection keys, the command shortcuts and tab.
    mutating func press(_ key: HardwareKey, at location: SourceLocation) throws(ScriptError) {
        let (position, _) = try editingField(for: "key \(key.rawValue)", at: location)
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
            if elements[position].field?.kind == .area {
                enter("\n", into: position, feedback: settings.hardwareFeedback)
            } else {
                pressReturn(in: position)
            }
        case .optionBackspace: deleteWord(in: position)
        case .commandBackspace: deleteToLineStart(in: position)
        case .shiftLeft: extendSelection(.character(.backward), in: position)
        case .shiftRight: extendSelection(.character(.forward), in: position)
        // A secret has no words to show: by word, a selection takes the whole text, as word moves do.
        case .shiftOptionLeft: extendSelection(elements[position].field?.isSecure == true ? .end(.backward) : .word(.backward), in: position)
        case .shiftOptionRight: extendSelection(elements[position].field?.isSecure == true ? .end(.forward) : .word(.forward), in: position)
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
        announceDeletion(edit, in: position)
    }

    /// Sends a deletion's `edit` and says what went: the text at lowered pitch, or the
    /// `delete` sound in a secure field; `boundary` when nothing could be deleted.
    mutating func announceDeletion(_ edit: TextEdit?, in position: Int) {
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
        play(.tick)
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
            // With capitals=say a capital is still heard as one: "capital Mike".
            let isCapital = settings.capitals == .say && spoken.text != phrasebook.spokenUnit(text, capitals: .none).text
            say(isCapital ? "\(phrasebook.capitalWord) \(word)" : word, role: .phonetic, pitch: spoken.pitch)
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
            play(.tick)
            emitCursor(position)
            let to = elements[position].field!.buffer.insertionPoint.character
            say(phrasebook.count("characters", abs(to - from)), role: .cursor)
            return
        }
        guard let move = update(position, { $0.buffer.moveWord(direction) }) else {
            play(.boundary)
            return
        }
        play(.tick)
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
        play(.tick)
        emitCursor(position)
        let line = elements[position].field!.buffer.text(passedBy: move)
        say(line.isEmpty ? phrasebook.string("blank") : line, role: .cursor)
    }

    private mutating func moveToEnd(_ end: Bool, in position: Int) {
        guard update(position, { $0.buffer.move(toEnd: end) }) else {
            play(.boundary)
            return
        }
        play(.tick)
        emitCursor(position)
        say(phrasebook.string(end ? "insertion-point.end" : "insertion-point.start"), role: .status)
    }
}
