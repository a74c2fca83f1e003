/// Decides what is heard for each change to the text, the insertion point, the selection and
/// the keyboard: the echo of typing, deleting, moving, selecting, editing and exploring keys.
///
/// Every rule is pure: a change (`EchoChange`), the settings and the locale's phrasebook in,
/// `Feedback` out. Nothing here reads or changes the engine, so a test composes feedback for a
/// change without one, and a second output (braille) can take the same changes.
///
/// What differs between screen readers is kept as data in `style` (VoiceOver's is
/// `EchoStyle.voiceOver`): a reader whose echo differs in pitches, sounds or which units it
/// says is another `EchoStyle`, not a branch in the engine.
struct EchoComposer: Sendable {
    /// The locale's words: character names, phonetic words, status phrases, plurals.
    let phrasebook: Phrasebook
    /// The user's settings (feedback, capitals, phonetics, pitch change, secure keys...).
    let settings: Settings
    /// The reader's conventions.
    var style = EchoStyle.voiceOver

    /// The feedback for one change.
    func feedback(for change: EchoChange) -> Feedback {
        switch change {
        case .typed(let character, let words, let secure, let hardware):
            typed(character, endedWords: words, secure: secure, hardware: hardware)
        case .dictated(let text): dictated(text)
        case .deleted(let text): deleted(text)
        case .boundary: .sound(style.boundarySound)
        case .moved(let move): moved(move)
        case .selectionChanged(let grew, let text, let count): selectionChanged(grew: grew, text: text, count: count)
        case .editAction(let action): editAction(action)
        case .refused(let refusal): refused(refusal)
        case .keyExplored(let key): explored(key)
        case .shiftEntered(let before, let after): shiftEntered(before: before, after: after)
        case .rotorTurned(let unit): status("rotor.\(unit.rawValue)")
        case .typingModeSwitched(let mode): status("typing-mode.\(mode.rawValue)")
        case .valueChanged(let value, let byItself): valueChanged(value, byItself: byItself)
        case .invalidFields(let count): invalidFields(count)
        }
    }

    /// Whether a typed character's change must carry the words it ends (the typing feedback
    /// of that keyboard speaks words); finding them is skipped otherwise.
    func wantsEndedWords(hardware: Bool) -> Bool { typingFeedback(hardware: hardware).speaksWords }

    // MARK: - Typing

    /// A typed character: a click in a secure field; otherwise the character at echo pitch
    /// (its capital marked as `capitals` says), then each word it ended, as typing feedback
    /// that may follow the echo of earlier keys.
    func typed(_ character: Character, endedWords: [String], secure: Bool, hardware: Bool) -> Feedback {
        guard !secure else { return .sound(style.secureEntrySound) }
        var feedback = Feedback()
        let raised = settings.pitchChange ? style.echoPitch : 1.0
        if typingFeedback(hardware: hardware).speaksCharacters {
            let spoken = phrasebook.spoken(character, capitals: settings.capitals)
            if spoken.capitalSound { feedback.play(.capital) }
            feedback.say(spoken.text, role: .echo, pitch: raised * spoken.pitch, turn: .followsTyping)
        }
        for word in endedWords { feedback.say(word, role: .word, pitch: raised, turn: .followsTyping) }
        return feedback
    }

    /// A dictated phrase, said back at echo pitch.
    func dictated(_ text: String) -> Feedback {
        var feedback = Feedback()
        feedback.say(text, role: .echo, pitch: settings.pitchChange ? style.echoPitch : 1.0)
        return feedback
    }

    /// Deleted text, at deletion pitch (its capital by pitch if `capitals=pitch`); in a secure
    /// field (no text) the `delete` sound.
    func deleted(_ text: String?) -> Feedback {
        guard let text else { return .sound(style.secureDeleteSound) }
        let spoken = phrasebook.spokenUnit(text, capitals: settings.capitals)
        var feedback = Feedback()
        feedback.say(spoken.text, role: .delete, pitch: (settings.pitchChange ? style.deletePitch : 1.0) * spoken.pitch)
        return feedback
    }

    // MARK: - Moving and selecting

    /// A move of the insertion point: a tick as it leaves, the new position reported, then
    /// what it passed (a character with its phonetic word, a word, the line arrived on) or
    /// where it is (start, end). A secure field's moves say "bullet" or a count.
    func moved(_ move: CursorMove) -> Feedback {
        var feedback = Feedback()
        feedback.play(style.moveSound)
        feedback.reportChange()
        switch move {
        case .character(let text?), .word(let text?, _):
            feedback.append(character(text, role: .cursor))
        case .character(nil):
            feedback.say(phrasebook.string("bullet"), role: .cursor)
        case .word(nil, let count):
            feedback.say(phrasebook.count("characters", count), role: .cursor)
        case .line(let line):
            feedback.say(line.isEmpty ? phrasebook.string("blank") : line, role: .cursor)
        case .toEnd(let end):
            feedback.say(phrasebook.string(end ? "insertion-point.end" : "insertion-point.start"), role: .status)
        }
        return feedback
    }

    /// A character (or a run of text) passed over or explored: its name with capitals applied,
    /// and its phonetic word (after the phonetic delay, or instead of it).
    func character(_ text: String, role: SpeechRole) -> Feedback {
        var feedback = Feedback()
        let spoken = phrasebook.spokenUnit(text, capitals: settings.capitals)
        let phonetic = text.count == 1 ? text.first.flatMap(phrasebook.phoneticWord(for:)) : nil
        if spoken.capitalSound { feedback.play(.capital) }
        switch (settings.phonetics, phonetic) {
        case (.phoneticsOnly, let word?):
            // With capitals=say a capital is still heard as one: "capital Mike".
            let isCapital = settings.capitals == .say && spoken.text != phrasebook.spokenUnit(text, capitals: .none).text
            feedback.say(isCapital ? "\(phrasebook.capitalWord) \(word)" : word, role: .phonetic, pitch: spoken.pitch)
        case (.characterAndPhonetics, let word?):
            feedback.say(spoken.text, role: role, pitch: spoken.pitch)
            feedback.sayLater(word, role: .phonetic, after: settings.phoneticDelay)
        default:
            feedback.say(spoken.text, role: role, pitch: spoken.pitch)
        }
        return feedback
    }

    /// A selection grown or shrunk: what was added or removed, then "selected" or
    /// "unselected"; a secure field's part by count.
    func selectionChanged(grew: Bool, text: String?, count: Int) -> Feedback {
        let part = text.map { phrasebook.spokenUnit($0, capitals: settings.capitals).text } ?? phrasebook.count("characters", count)
        var feedback = Feedback()
        feedback.say(phrasebook.string(grew ? "edit.selected" : "edit.unselected").replacingPlaceholder(with: part), role: .cursor)
        return feedback
    }

    // MARK: - Edit actions and refusals

    /// An edit action chosen with the rotor (said by name) or performed (what it did).
    func editAction(_ change: EditActionChange) -> Feedback {
        switch change {
        case .chose(let action): status("edit.\(action.rawValue)")
        case .selectedAll(let text, let count): status("edit.selected", with: text ?? phrasebook.count("characters", count))
        case .copied: status("edit.copied")
        case .cut: status("edit.cut-done")
        // A secure paste is said by the clipboard's own count, never by its text.
        case .pasted(let text, let count): status("edit.pasted", with: text ?? phrasebook.count("characters", count))
        }
    }

    /// A refusal: the `refused` sound, then why, as an announcement.
    func refused(_ refusal: Refusal) -> Feedback {
        let reason = switch refusal {
        case .nothingSelected: phrasebook.string("edit.nothing-selected")
        case .clipboardEmpty: phrasebook.string("edit.clipboard-empty")
        case .secureCopy(let action): phrasebook.string("refused.\(action.rawValue)-secure")
        case .secureDictation: phrasebook.string("refused.dictation-secure")
        case .dictationOff: phrasebook.string("refused.dictation-off")
        case .textLimit(let limit): phrasebook.string("refused.max-length").replacingPlaceholder(with: phrasebook.count("characters", limit))
        }
        var feedback = Feedback.sound(style.refusalSound)
        feedback.say(reason, role: .announcement)
        return feedback
    }

    // MARK: - The keyboard

    /// A key explored: its character as a cursor move says one (phonetics included), or its
    /// name; shift with its state, return by the field's label.
    func explored(_ key: ExploredKey) -> Feedback {
        switch key {
        case .character(let character): return self.character(String(character), role: .key)
        case .shift(let state): return say(phrasebook.string(state.spokenKey), role: .key)
        case .returnKey(let label): return say(phrasebook.string(label.spokenKey), role: .key)
        case .named(let name): return say(phrasebook.string("key.\(name)"), role: .key)
        }
    }

    /// Shift entered: the keyboard's new state ("shift on", "caps lock on", "shift off",
    /// "caps lock off").
    func shiftEntered(before: ShiftState, after: ShiftState) -> Feedback {
        let phrase = after != .off ? after.spokenKey : before == .capsLock ? "keyboard.caps-lock-off" : "keyboard.shift-off"
        return status(phrase)
    }

    // MARK: - Values

    /// A focused element's value: said at once when the user adjusted it, queued after what
    /// is being said when it changed by itself.
    func valueChanged(_ value: String, byItself: Bool) -> Feedback {
        var feedback = Feedback()
        feedback.say(value, role: .status, turn: byItself ? .queues : .interrupts)
        return feedback
    }

    /// Validation's count of fields with errors: "2 errors".
    func invalidFields(_ count: Int) -> Feedback {
        say(phrasebook.count("errors", count), role: .announcement)
    }

    // MARK: - Helpers

    private func typingFeedback(hardware: Bool) -> TypingFeedback {
        hardware ? settings.hardwareFeedback : settings.typingFeedback
    }

    private func say(_ text: String, role: SpeechRole) -> Feedback {
        var feedback = Feedback()
        feedback.say(text, role: role)
        return feedback
    }

    /// A status phrase from the phrasebook, its placeholder filled if given.
    private func status(_ key: String, with value: String? = nil) -> Feedback {
        let phrase = phrasebook.string(key)
        return say(value.map { phrase.replacingPlaceholder(with: $0) } ?? phrase, role: .status)
    }
}

/// A screen reader's echo conventions as data: the pitches and sounds its rules use.
struct EchoStyle: Sendable, Hashable {
    /// Pitch of typed characters and words with `pitch-change` on.
    var echoPitch: Double
    /// Pitch of deleted text with `pitch-change` on.
    var deletePitch: Double
    /// The sound of a character entered into a secure field.
    var secureEntrySound: SoundName
    /// The sound of a character deleted from a secure field.
    var secureDeleteSound: SoundName
    /// The sound as the insertion point moves.
    var moveSound: SoundName
    /// The sound at the start or end of the text (or of the screen).
    var boundarySound: SoundName
    /// The sound of a refused action.
    var refusalSound: SoundName

    /// VoiceOver on iOS: echo raised to 1.2, deletion lowered to 0.8.
    static let voiceOver = EchoStyle(echoPitch: 1.2, deletePitch: 0.8, secureEntrySound: .click, secureDeleteSound: .delete,
                                     moveSound: .tick, boundarySound: .boundary, refusalSound: .refused)
}
