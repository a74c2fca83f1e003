extension Engine {
    /// `edit ACTION`: performs an edit action on the field being edited.
    /// - Throws: `ScriptError` when no field is being edited.
    mutating func edit(_ action: EditAction, at location: SourceLocation) throws(ScriptError) {
        let (position, _) = try editingField(for: "edit \(action.rawValue)", at: location)
        perform(action, in: position)
    }

    /// Swipe down or up with the rotor on `edit`: the next or previous edit action, said by
    /// name. The list is always select all, copy, cut, paste and wraps around; the first swipe
    /// down after choosing the rotor says the first. Choosing an action takes the screen
    /// reader's focus off any keyboard key, so the next double tap performs it.
    mutating func chooseEditAction(forward: Bool) {
        let actions = EditAction.allCases
        let next: Int
        if let chosen = chosenEditAction, let index = actions.firstIndex(of: chosen) {
            next = (index + (forward ? 1 : actions.count - 1)) % actions.count
        } else {
            next = forward ? 0 : actions.count - 1
        }
        chosenEditAction = actions[next]
        keyboard.state.focusedKey = nil
        say(phrasebook.string("edit.\(actions[next].rawValue)"), role: .status)
    }

    /// Performs the edit action chosen with the rotor, if there is one and a field is being
    /// edited. The choice stays (another double tap performs it again) until focus moves or
    /// the rotor changes. - Returns: Whether an action was performed.
    mutating func performChosenEditAction() -> Bool {
        guard rotor == .edit, let action = chosenEditAction, let position = editingIndex,
              focusIndex == nil || focusIndex == position else { return false }
        perform(action, in: position)
        return true
    }

    /// Select all, copy, cut or paste in a field, with what VoiceOver says about it.
    ///
    /// In a secure field copy and cut are refused (the `refused` sound and a spoken reason)
    /// and the clipboard is left as it was: a secure field's text never reaches it. A paste
    /// into a secure field is said by count ("3 characters, pasted").
    mutating func perform(_ action: EditAction, in position: Int) {
        // Fields are read in place, never bound: a live copy would make each edit copy the text.
        guard let isSecure = elements[position].field?.isSecure else { return }
        switch action {
        case .selectAll:
            guard update(position, { $0.buffer.isEmpty }) == false else {
                refuse(phrasebook.string("edit.nothing-selected"))
                return
            }
            update(position) { $0.buffer.selectAll() }
            let buffer = elements[position].field!.buffer
            let selected = isSecure ? phrasebook.count("characters", buffer.characterCount) : buffer.string
            say(phrasebook.string("edit.selected").replacingPlaceholder(with: selected), role: .status)
        case .copy, .cut:
            guard !isSecure else {
                refuse(phrasebook.string("refused.\(action.rawValue)-secure"))
                return
            }
            guard let selection = elements[position].field!.buffer.selection else {
                refuse(phrasebook.string("edit.nothing-selected"))
                return
            }
            clipboard = elements[position].field!.buffer.unvalidatedText(in: selection)
            if action == .cut, let edit = update(position, { $0.buffer.deleteBackward() }) {
                emitEdit(edit, in: position)
                emitCursor(position)
            }
            say(phrasebook.string(action == .copy ? "edit.copied" : "edit.cut-done"), role: .status)
        case .paste:
            guard let text = clipboard, !text.isEmpty else {
                refuse(phrasebook.string("edit.clipboard-empty"))
                return
            }
            guard insert(text, into: position) != nil else { return }
            emitCursor(position)
            // The clipboard's own count, not the field's change: that would say whether the
            // pasted text joined the secret's last character (a flag, a combining mark).
            let pasted = isSecure ? phrasebook.count("characters", characterCount(of: text, in: position)) : text
            say(phrasebook.string("edit.pasted").replacingPlaceholder(with: pasted), role: .status)
        }
    }

    /// `dictate "TEXT"`: inserts the phrase into the field being edited and says it back;
    /// refused in secure fields and in fields declared `dictation=off`.
    /// - Throws: `ScriptError` when no field is being edited.
    mutating func dictate(_ text: String, at location: SourceLocation) throws(ScriptError) {
        let position = try editingField(for: "dictate", at: location).0
        guard elements[position].field?.isSecure == false else {
            // The phrase was offered to a secure field: it counts as held (see `check`).
            if !text.isEmpty { secureInputSeen = true }
            refuse(phrasebook.string("refused.dictation-secure"))
            return
        }
        guard elements[position].field?.allowsDictation == true else {
            refuse(phrasebook.string("refused.dictation-off"))
            return
        }
        guard insert(text, into: position) != nil else { return }
        emitCursor(position)
        say(text, role: .echo, pitch: settings.pitchChange ? 1.2 : 1.0)
    }

    /// How many characters `text` holds on its own, segmented by the field's rules.
    private func characterCount(of text: String, in position: Int) -> Int {
        let locale = elements[position].field!.buffer.locale
        return (try? TextBuffer(text, locale: locale).characterCount) ?? text.count
    }
}
