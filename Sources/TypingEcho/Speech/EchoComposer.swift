/// Decides what is heard for each change to the text, the insertion point, the selection and
/// the keyboard: the echo of typing, deleting, moving, selecting, editing and exploring keys.
///
/// Every rule is pure: a change (`EchoChange`), the settings and the locale's phrasebook in,
/// `Feedback` out. Nothing here reads or changes the engine, so a test composes feedback for a
/// change without one, and a second output (braille) can take the same changes.
///
/// What differs between screen readers is kept as data in `style` (VoiceOver's is
/// `EchoStyle.voiceOver`): a reader whose echo differs in pitches, sounds or which units it
/// says is another `EchoStyle`, not a branch in the engine. Its words are the phrasebook's,
/// loaded in that reader's wording.
struct EchoComposer: Sendable {
    /// The locale's words: character names, phonetic words, status phrases, plurals.
    let phrasebook: Phrasebook
    /// The user's settings (feedback, capitals, phonetics, pitch change, secure keys...).
    let settings: Settings

    /// The reader's conventions, as the settings put them in force.
    var style: EchoStyle { settings.style }

    /// The feedback for one change.
    func feedback(for change: EchoChange) -> Feedback {
        switch change {
        case .typed(let typed, let hardware):
            self.typed(typed.value?.character ?? "•", endedWords: typed.value?.endedWords ?? [], secure: typed.isSecret, hardware: hardware)
        case .dictated(let text): text.value.map(dictated) ?? typed("•", endedWords: [], secure: true, hardware: false)
        case .deleted(let text, let selection, let facts): deleted(text.value, selection: selection, facts: facts)
        case .takenBack(let text): deleted(text.value)
        case .boundary: style.boundarySounds ? .sound(style.boundarySound) : .silence
        case .cannotMove(let atCaret): cannotMove(atCaret: atCaret.value ?? nil, secure: atCaret.isSecret)
        case .moved(let move, let facts): moved(move, facts: facts)
        case .selectionChanged(let grew, let text, let count, let fromCaret, let first):
            selectionChanged(grew: grew, text: text.value, count: count, fromCaret: fromCaret, first: first)
        case .editAction(let action): editAction(action)
        case .refused(let refusal): refused(refusal)
        case .keyExplored(let key): explored(key)
        case .shiftEntered(let before, let after): shiftEntered(before: before, after: after)
        case .rotorTurned(let unit): status("rotor.\(unit.rawValue)")
        case .typingModeSwitched(let mode): status("typing-mode.\(mode.rawValue)")
        case .valueChanged(let value, let byItself): valueChanged(value, byItself: byItself)
        case .invalidFields(let count): invalidFields(count)
        case .brailleCell(let text, let dots): brailleCell(text: text.value, dots: dots, secure: text.isSecret)
        case .announced(let text): announced(text)
        case .liveRegionChanged(let text, let assertive): liveRegionChanged(text, assertive: assertive)
        }
    }

    /// A Braille Screen Input chord that enters nothing yet: in a secure field the secure echo
    /// of a typed character (never its dots: they tell the letter); otherwise what it means on
    /// its own, or its dots in the reader's form (`chord-echo`).
    func brailleCell(text: String?, dots: BrailleCell, secure: Bool) -> Feedback {
        if secure { return typed("•", endedWords: [], secure: true, hardware: false) }
        var feedback = Feedback()
        let meaning = text.flatMap { $0.isEmpty ? nil : $0 }
        feedback.say(meaning ?? chordDots(dots), role: .echo, pitch: settings.pitchChange ? style.echoPitch : 1.0,
                     fallback: meaning == nil && style.unsourced.contains(.chordEcho))
        return feedback
    }

    /// A cell's dots as the reader says them: TalkBack's "dot 6" and "dots 1 2 5", NVDA's
    /// "dot 1 2 5" (`chord-echo`). English words: the locale tables do not have them yet.
    func chordDots(_ cell: BrailleCell) -> String {
        let numbers = cell.dotNumbers.map(String.init).joined(separator: " ")
        switch style.chordEcho {
        case .dots: return (cell.dotNumbers.count == 1 ? "dot " : "dots ") + numbers
        case .dot: return "dot " + numbers
        }
    }

    /// Whether a typed character's change must carry the words it ends (the typing feedback
    /// of that keyboard speaks words); finding them is skipped otherwise.
    func wantsEndedWords(hardware: Bool) -> Bool { typingFeedback(hardware: hardware).speaksWords }

    // MARK: - Typing

    /// A typed character: in a secure field the reader's secure echo (a click, a word such as
    /// "star", or nothing); otherwise the character at echo pitch (its capital marked as
    /// `capitals` says, a `beep` first with `capital-beep`), then each word it ended in the
    /// reader's word echo form, as typing feedback that may follow the echo of earlier keys
    /// (`interrupt=follows-typing`) or cuts it.
    func typed(_ character: Character, endedWords: [String], secure: Bool, hardware: Bool) -> Feedback {
        var feedback = Feedback()
        var first = true
        func say(_ text: String, role: SpeechRole, pitch: Double, fallback: Bool = false) {
            let turn: SpeechTurn = style.typingFollows ? .followsTyping : first ? .interrupts : .queues
            feedback.say(text, role: role, pitch: pitch, turn: turn, fallback: fallback)
            first = false
        }
        guard !secure else {
            switch style.secureEcho {
            case .click: return .sound(style.secureEntrySound)
            case .word: say(phrasebook.string("secure.character"), role: .echo, pitch: 1.0, fallback: isFallback("secure.character"))
            case .mask: say(maskName, role: .echo, pitch: 1.0)
            case .silent: break
            }
            return feedback
        }
        // A key-echoing reader has said "return" for a line break typed: nothing more is said.
        if hardware && style.keyEcho && character.isNewline { return feedback }
        let raised = settings.pitchChange ? style.echoPitch : 1.0
        let spoken = phrasebook.spoken(character, capitals: settings.capitals, capitalPitch: style.capitalPitch)
        let nameFallback = isFallback(character, spoken)
        // The word echo may take the place of the delimiter's own echo.
        let replaced = style.wordEcho != .afterCharacter && !endedWords.isEmpty
        if typingFeedback(hardware: hardware).speaksCharacters && !replaced {
            if style.capitalBeep && spoken.isCapital { feedback.play(.beep) }
            if spoken.capitalSound { feedback.play(.capital) }
            say(spoken.text, role: .echo, pitch: raised * spoken.pitch, fallback: nameFallback)
        }
        switch style.wordEcho {
        case .afterCharacter:
            for word in endedWords { say(word, role: .word, pitch: raised) }
        case .replacesDelimiter where replaced:
            say(endedWords.joined(separator: " ") + " " + spoken.text, role: .word, pitch: raised, fallback: nameFallback)
        case .withDelimiter where replaced:
            say(endedWords.joined(separator: " ") + String(character), role: .word, pitch: raised)
        default:
            break
        }
        return feedback
    }

    /// A dictated phrase, said back at echo pitch.
    func dictated(_ text: String) -> Feedback {
        var feedback = Feedback()
        feedback.say(text, role: .echo, pitch: settings.pitchChange ? style.echoPitch : 1.0)
        return feedback
    }

    /// Deleted text, at deletion pitch (its capital by pitch if `capitals=pitch`), said as the
    /// reader's `delete-echo` says ("o", "o deleted", "world, deleted"); a deleted selection
    /// says nothing with `selection-delete=silent`. In a secure field (no text) the `delete`
    /// sound, or with `secure-echo=word` the reader's hidden character deleted.
    func deleted(_ text: String?, selection: Bool = false, facts: DeleteFacts = DeleteFacts()) -> Feedback {
        let pitch = settings.pitchChange ? style.deletePitch : 1.0
        var feedback = Feedback()
        guard let text else {
            // Chromium reports no selection in a password field, so Orca hears a deleted
            // selection as the masks that went ("6 bullet characters", live).
            if selection && style.secureSelectionHidden {
                feedback.say(phrasebook.run(of: maskName, count: facts.count, limit: style.repeatLimit), role: .delete, pitch: pitch)
                return feedback
            }
            if selection && style.selectionNotices { return feedback }
            switch style.secureEcho {
            case .word: feedback.say(deletedPhrase(phrasebook.string("secure.character")), role: .delete, pitch: pitch, fallback: isFallback("delete.template"))
            case .mask: feedback.say(maskName, role: .delete, pitch: pitch)
            case .click, .silent: return .sound(style.secureDeleteSound)
            }
            return feedback
        }
        if selection && !style.selectionDeleteSpoken { return feedback }
        // A deletion that empties the field, in the words of a reader that has some for it.
        if facts.emptied, !phrasebook.string("delete.cleared").isEmpty {
            feedback.say(phrasebook.string("delete.cleared"), role: .delete, pitch: pitch)
            return feedback
        }
        if facts.forward && style.forwardDelete == .atCaret, let atCaret = facts.atCaret?.value {
            // Delete says what is now at the insertion point, as a move onto it would.
            guard let unit = atCaret else {
                let end = phrasebook.string("delete.at-end")
                if !end.isEmpty { feedback.say(end, role: .cursor, fallback: isFallback("delete.at-end")) }
                return feedback
            }
            return character(unit, role: .cursor)
        }
        let spoken = phrasebook.spokenUnit(text, capitals: settings.capitals, capitalPitch: style.capitalPitch)
        let words = switch style.deleteEcho {
        case .text: spoken.text
        case .textDeleted: deletedPhrase(spoken.text)
        case .longerDeleted: text.count > 1 ? deletedPhrase(text) : spoken.text
        }
        let templated = style.deleteEcho == .textDeleted || (style.deleteEcho == .longerDeleted && text.count > 1)
        let fallback = (templated && isFallback("delete.template")) || (text.count == 1 && isFallback(text.first!, spoken))
            || (selection && style.unsourced.contains(.selectionDelete)) || (facts.forward && style.unsourced.contains(.forwardDelete))
        feedback.say(words, role: .delete, pitch: pitch * spoken.pitch, fallback: fallback)
        return feedback
    }

    /// The name of the toolkit's mask character, as the reader speaks it ("black circle").
    var maskName: String { phrasebook.maskName(in: style.toolkit) }

    /// "X deleted" in the reader's words.
    private func deletedPhrase(_ text: String) -> String {
        phrasebook.string("delete.template").replacingPlaceholder(with: text)
    }

    // MARK: - Moving and selecting

    /// A move of the insertion point: a tick as it leaves (`cursor-sound`), the new position
    /// reported, then what the reader says of it: what it passed, the unit now at the
    /// insertion point or the word for the end (`character-move`, `word-move`), the line
    /// arrived on, or where it is (start, end); with `arrival=words` the end it reached. A
    /// secure field's moves say "bullet", the character's number or a count.
    func moved(_ move: CursorMove, facts: MoveFacts = MoveFacts()) -> Feedback {
        var feedback = Feedback()
        if let sound = style.moveSound { feedback.play(sound) }
        feedback.reportChange()
        let arrival = style.arrivalWords ? facts.arrivedAtEnd.map { phrasebook.string($0 ? "boundary.end" : "boundary.start") } : nil
        // What is said of a unit, or nil for "the end of the text" in the reader's words.
        let unit: String?
        var crossed = false
        let atCaret = facts.atCaret?.value ?? nil
        switch move {
        case .character(let shown) where !shown.isSecret:
            unit = style.characterMove == .atCaret ? atCaret : shown.value
        case .word(let shown, _) where !shown.isSecret:
            switch style.wordMove {
            case .atCaret: unit = atCaret
            case .crossed:
                unit = facts.crossed?.value ?? shown.value
                crossed = true
            case .word, .passedOver: unit = shown.value
            }
        case .character:
            let key = style.secureMove == .bullet ? "bullet" : "secure.traversed"
            let words = style.secureMove == .bullet && style.secureEcho == .mask
                ? maskName : phrasebook.string(key).replacingPlaceholder(with: String(facts.passedNumber))
            feedback.say(joined(words, arrival), role: .cursor,
                         fallback: isFallback(key) || style.unsourced.contains(.secureMove) || arrivalFallback(facts))
            return feedback
        case .word(_, let count) where style.secureEcho == .mask:
            // The masks crossed, grouped as `repeat-limit` says. Arrived at by a word move back,
            // Orca drops a word's last character when it is neither a space nor a letter or
            // digit, as a mask is (script_utilities.getWordAtOffsetAdjustedForNavigation), so
            // one mask fewer is said (nine crossed: "8 black circle characters", live).
            let said = facts.arrivedAtEnd == false && count > 1 ? count - 1 : count
            feedback.say(joined(phrasebook.run(of: maskName, count: said, limit: style.repeatLimit), arrival), role: .cursor,
                         fallback: arrivalFallback(facts))
            return feedback
        case .word(_, let count):
            feedback.say(joined(phrasebook.count("characters", count), arrival), role: .cursor,
                         fallback: isFallback("characters") || arrivalFallback(facts))
            return feedback
        case .line(let line):
            let text = line.value ?? ""
            feedback.say(text.isEmpty ? phrasebook.string("blank") : text, role: .cursor, fallback: text.isEmpty && isFallback("blank"))
            return feedback
        case .toEnd(let end):
            switch (style.homeEnd, facts.crossed?.value, facts.atCaret?.value) {
            case (.atCaret, _, let atCaret?):
                unit = atCaret
            case (.atCaret, _, nil) where facts.atCaret != nil && style.secureEcho == .mask:
                // A password's start is its mask character; its end the reader's word for it.
                feedback.say(end ? phrasebook.string("end-of-text") : maskName, role: .cursor)
                return feedback
            case (.crossed, let crossedText?, _):
                unit = crossedText
                crossed = true
            default:
                let key = end ? "insertion-point.end" : "insertion-point.start"
                feedback.say(phrasebook.string(key), role: .status, fallback: isFallback(key) || style.unsourced.contains(.homeEnd))
                return feedback
            }
        }
        guard let unit else {
            feedback.say(phrasebook.string("end-of-text"), role: .cursor, fallback: isFallback("end-of-text"))
            return feedback
        }
        // A word move that crossed only a line break (Chromium's) is not said.
        if crossed && unit.isEmpty { return feedback }
        // A line break at the insertion point, in the words of a reader that has some for it
        // (Orca's "blank": scripts/default.py `sayCharacter`).
        if !crossed, unit.count == 1, unit.first?.isNewline == true, let word = phrasebook.ownString("at-line-break") {
            feedback.say(word, role: .cursor)
            return feedback
        }
        // The characters crossed by a word move are said as they are, spaces and punctuation too.
        let run = crossed && unit.count > 1
            ? SpokenCharacter(text: unit, pitch: 1.0, capitalSound: false)
            : phrasebook.spokenUnit(unit, capitals: settings.capitals, capitalPitch: style.capitalPitch)
        if let arrival {
            let nameFallback = unit.count == 1 && isFallback(unit.first!, run)
            feedback.say(joined(run.text, arrival), role: .cursor, pitch: run.pitch, fallback: nameFallback || arrivalFallback(facts))
        } else if crossed && unit.count > 1 {
            feedback.say(unit, role: .cursor)
        } else {
            feedback.append(character(unit, role: .cursor))
        }
        return feedback
    }

    /// A move by character or word that could not go further: the `boundary` sound, nothing,
    /// or the unit at the insertion point again (`cannot-move`).
    func cannotMove(atCaret: String?, secure: Bool) -> Feedback {
        switch style.cannotMove {
        case .sound: return .sound(style.boundarySound)
        case .silent: return .silence
        case .repeats:
            guard !secure else { return .sound(style.boundarySound) }
            guard let atCaret else { return say("end-of-text", role: .cursor) }
            return character(atCaret, role: .cursor)
        }
    }

    /// Whether the arrival words a move adds are VoiceOver's for want of the reader's.
    private func arrivalFallback(_ facts: MoveFacts) -> Bool {
        guard style.arrivalWords, let end = facts.arrivedAtEnd else { return false }
        return isFallback(end ? "boundary.end" : "boundary.start")
    }

    /// "d, End of field": what was said and the end arrived at, joined as one utterance.
    private func joined(_ text: String, _ arrival: String?) -> String {
        arrival.map { text + phrasebook.listSeparator + $0 } ?? text
    }

    /// A character (or a run of text) passed over or explored: its name with capitals applied,
    /// and its phonetic word (after the phonetic delay, or instead of it).
    func character(_ text: String, role: SpeechRole) -> Feedback {
        var feedback = Feedback()
        let spoken = phrasebook.spokenUnit(text, capitals: settings.capitals, capitalPitch: style.capitalPitch)
        let phonetic = text.count == 1 ? text.first.flatMap(phrasebook.phoneticWord(for:)) : nil
        let fallback = text.count == 1 && isFallback(text.first!, spoken)
        if style.capitalBeep && spoken.isCapital { feedback.play(.beep) }
        if spoken.capitalSound { feedback.play(.capital) }
        switch (settings.phonetics, phonetic) {
        case (.phoneticsOnly, let word?):
            // With capitals=say a capital is still heard as one: "capital Mike".
            let isCapital = settings.capitals == .say && spoken.text != phrasebook.spokenUnit(text, capitals: .none).text
            feedback.say(isCapital ? "\(phrasebook.capitalWord) \(word)" : word, role: .phonetic, pitch: spoken.pitch)
        case (.characterAndPhonetics, let word?):
            feedback.say(spoken.text, role: role, pitch: spoken.pitch, fallback: fallback)
            feedback.sayLater(word, role: .phonetic, after: settings.phoneticDelay)
        default:
            feedback.say(spoken.text, role: role, pitch: spoken.pitch, fallback: fallback)
        }
        return feedback
    }

    /// A selection grown or shrunk: what was added or removed, then "selected" or
    /// "unselected" in one utterance, or as a second (`selection=separate`), or "selected",
    /// "added to selection" and "removed from selection" (`selection=added-removed`); a
    /// secure field's part by count.
    func selectionChanged(grew: Bool, text: String?, count: Int, fromCaret: Bool = false, first: Int = 0) -> Feedback {
        // A password's selection that the toolkit does not report is not heard (Chromium, live).
        if text == nil && style.secureSelectionHidden { return .silence }
        // A secure field's one character by its number with `secure-move=character-number`
        // (TalkBack's "Character 3"), else by count.
        let byNumber = text == nil && count == 1 && first > 0 && style.secureMove == .characterNumber
        let part = text.map { phrasebook.spokenUnit($0, capitals: settings.capitals, capitalPitch: style.capitalPitch).text }
            ?? (byNumber ? phrasebook.string("secure.traversed").replacingPlaceholder(with: String(first))
                : style.secureEcho == .mask && count == 1 ? maskName : phrasebook.count("characters", count))
        let partFallback = text.map { $0.count == 1 && isFallback($0.first!, phrasebook.spoken($0.first!, capitals: settings.capitals)) }
            ?? isFallback(byNumber ? "secure.traversed" : "characters")
        var feedback = Feedback()
        switch style.selection {
        case .joined:
            let key = grew ? "edit.selected" : "edit.unselected"
            feedback.say(phrasebook.string(key).replacingPlaceholder(with: part), role: .cursor, fallback: isFallback(key) || partFallback)
        case .separate:
            // A capital selected alone is said as a move onto it says it (Orca's uppercase voice, live).
            let pitch = text.map { phrasebook.spokenUnit($0, capitals: settings.capitals, capitalPitch: style.capitalPitch).pitch } ?? 1.0
            feedback.say(part, role: .cursor, pitch: pitch, fallback: partFallback)
            let key = grew ? "selection.selected" : "selection.unselected"
            feedback.say(phrasebook.string(key), role: .cursor, turn: .queues, fallback: isFallback(key))
        case .addedRemoved:
            // Rich text says a selection across lines line by line; a line break alone is not said.
            for line in part.split(separator: "\n", omittingEmptySubsequences: true) {
                feedback.say(phrasebook.spokenUnit(String(line), capitals: settings.capitals, capitalPitch: style.capitalPitch).text,
                             role: .cursor, fallback: line.count == 1 && isFallback(line.first!, phrasebook.spoken(line.first!, capitals: settings.capitals)))
            }
            let key = grew ? (fromCaret ? "selection.selected" : "selection.added") : "selection.removed"
            feedback.say(phrasebook.string(key), role: .cursor, turn: .queues, fallback: isFallback(key))
        }
        return feedback
    }

    // MARK: - Edit actions and refusals

    /// An edit action chosen with the rotor (said by name) or performed (what it did).
    func editAction(_ change: EditActionChange) -> Feedback {
        switch change {
        case .chose(let action): status("edit.\(action.rawValue)")
        case .selectedAll where style.selectionNotices: status("selection.all")
        case .selectedAll(let text, let count):
            // A reader that says selections in parts says select all as a new selection.
            style.selection == .joined
                ? status("edit.selected", with: text.value ?? phrasebook.count("characters", count))
                : selectionChanged(grew: true, text: text.value, count: count, fromCaret: true)
        case .copied(let text): status("edit.copied", with: text.value ?? "")
        case .cut(let text): status("edit.cut-done", with: text.value ?? "")
        // A secure paste is said by the clipboard's own count, never by its text.
        case .pasted(let text, let count): status("edit.pasted", with: text.value ?? phrasebook.count("characters", count))
        }
    }

    /// A refusal: the `refused` sound, then why, as an announcement.
    func refused(_ refusal: Refusal) -> Feedback {
        // A selection notice reader says nothing when there is nothing to select (Orca, live).
        if refusal == .nothingSelected && style.selectionNotices { return .silence }
        let reason = switch refusal {
        case .nothingSelected: phrasebook.string("edit.nothing-selected")
        case .clipboardEmpty: phrasebook.string("edit.clipboard-empty")
        case .secureCopy(let action): phrasebook.string("refused.\(action.rawValue)-secure")
        case .secureDictation: phrasebook.string("refused.dictation-secure")
        case .dictationOff: phrasebook.string("refused.dictation-off")
        case .textLimit(let limit): phrasebook.string("refused.max-length").replacingPlaceholder(with: phrasebook.count("characters", limit))
        }
        let key = switch refusal {
        case .nothingSelected: "edit.nothing-selected"
        case .clipboardEmpty: "edit.clipboard-empty"
        case .secureCopy(let action): "refused.\(action.rawValue)-secure"
        case .secureDictation: "refused.dictation-secure"
        case .dictationOff: "refused.dictation-off"
        case .textLimit: "refused.max-length"
        }
        var feedback = Feedback.sound(style.refusalSound)
        feedback.say(reason, role: .announcement, fallback: isFallback(key))
        return feedback
    }

    // MARK: - The keyboard

    /// A key explored: its character as a cursor move says one (phonetics included), or its
    /// name; shift with its state, return by the field's label.
    func explored(_ key: ExploredKey) -> Feedback {
        switch key {
        case .character(let character): return self.character(String(character), role: .key)
        case .shift(let state): return say(state.spokenKey, role: .key)
        case .returnKey(let label): return say(label.spokenKey, role: .key)
        case .named(let name): return say("key.\(name)", role: .key)
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
        var feedback = Feedback()
        feedback.say(phrasebook.count("errors", count), role: .announcement, fallback: isFallback("errors"))
        return feedback
    }

    /// An app's announcement: its words, queued behind what is being said (every reader
    /// queues an app's announcement; see docs/screen-readers.md).
    func announced(_ text: String) -> Feedback {
        var feedback = Feedback()
        feedback.say(text, role: .announcement, turn: .queues)
        return feedback
    }

    /// A live region's new text: a polite region's waits its turn; an assertive region's
    /// (`role=alert`) cuts what is being said where the reader's `live-assertive` says so.
    func liveRegionChanged(_ text: String, assertive: Bool) -> Feedback {
        var feedback = Feedback()
        feedback.say(text, role: .announcement, turn: assertive && style.liveAssertive == .cuts ? .interrupts : .queues)
        return feedback
    }

    // MARK: - Helpers

    private func typingFeedback(hardware: Bool) -> TypingFeedback {
        hardware ? settings.hardwareFeedback : settings.typingFeedback
    }

    /// A phrase of the phrasebook, by key, marked as a fallback when the reader lacks it.
    private func say(_ key: String, role: SpeechRole) -> Feedback {
        var feedback = Feedback()
        feedback.say(phrasebook.string(key), role: role, fallback: isFallback(key))
        return feedback
    }

    /// A status phrase from the phrasebook, its placeholder filled if given.
    private func status(_ key: String, with value: String? = nil) -> Feedback {
        let phrase = phrasebook.string(key)
        var feedback = Feedback()
        feedback.say(value.map { phrase.replacingPlaceholder(with: $0) } ?? phrase, role: .status, fallback: isFallback(key))
        return feedback
    }

    /// Whether the words of `key` are VoiceOver's for want of the reader's own.
    func isFallback(_ key: String) -> Bool { phrasebook.isFallback(key) }

    /// Whether a character as `spoken` says it is VoiceOver's: its name (a symbol the reader's
    /// names lack), or the word before a capital the reader has no word for.
    func isFallback(_ character: Character, _ spoken: SpokenCharacter) -> Bool {
        phrasebook.isNameFallback(character) || (spoken.isCapital && settings.capitals == .say && isFallback("character.capital"))
    }
}
