extension Engine {
    /// What the user has copied, if anything; never text from a secure field.
    package var clipboardText: String? { editor.clipboard }

    /// `edit ACTION`: performs an edit action on the field being edited.
    /// - Throws: `ScriptError` when no field is being edited.
    mutating func edit(_ action: EditAction, at location: SourceLocation?) throws(ScriptError) {
        let position = try editingField(for: "edit \(action.rawValue)", at: location)
        perform(action, in: position)
    }

    /// Swipe down or up with the rotor on `edit`: the next or previous edit action, said by
    /// name. The list is always select all, copy, cut, paste and wraps around; the first swipe
    /// down after choosing the rotor says the first. Choosing an action takes the screen
    /// reader's focus off any keyboard key, so the next double tap performs it.
    mutating func chooseEditAction(forward: Bool) {
        echo(.editAction(.chose(reader.chooseEditAction(forward: forward))))
    }

    /// Performs the edit action chosen with the rotor, if there is one and a field is being
    /// edited. The choice stays (another double tap performs it again) until focus moves or
    /// the rotor changes. - Returns: Whether an action was performed.
    mutating func performChosenEditAction() -> Bool {
        guard reader.rotor == .edit, let action = reader.chosenEditAction, let position = editedHandle,
              reader.focus.element == nil || reader.focus.element == position.identity else { return false }
        perform(action, in: position)
        return true
    }

    /// Select all, copy, cut or paste in a field, with what VoiceOver says about it.
    ///
    /// In a secure field copy and cut are refused (the `refused` sound and a spoken reason)
    /// and the clipboard is left as it was: a secure field's text never reaches it. A paste
    /// into a secure field is said by count ("3 characters, pasted").
    mutating func perform(_ action: EditAction, in position: FieldHandle) {
        // Fields are read in place, never bound: a live copy would make each edit copy the text.
        switch action {
        case .selectAll:
            guard update(position, { $0.buffer.isEmpty }) == false else {
                echo(.refused(.nothingSelected))
                return
            }
            guard let count = update(position, { field in
                field.buffer.selectAll()
                return field.buffer.characterCount
            }) else { return }
            let text = position.disclosure.show(withField(position) { $0.buffer.string } ?? "")
            echo(.editAction(.selectedAll(text: text, count: count)))
        case .copy, .cut:
            guard !position.isSecure else {
                echo(.refused(.secureCopy(action)))
                return
            }
            guard let selected = withField(position, { field in field.buffer.selection.map { field.buffer.unvalidatedText(in: $0) } }) ?? nil else {
                echo(.refused(.nothingSelected))
                return
            }
            editor.copy(selected)
            if action == .cut, let edit = update(position, { $0.buffer.deleteBackward() }) ?? nil {
                emitEdit(edit, in: position)
                emitCursor(position)
            }
            echo(.editAction(action == .copy ? .copied : .cut))
        case .paste:
            guard let text = editor.clipboard, !text.isEmpty else {
                echo(.refused(.clipboardEmpty))
                return
            }
            guard insert(text, into: position) != nil else { return }
            emitCursor(position)
            // The clipboard's own count, not the field's change: that would say whether the
            // pasted text joined the secret's last character (a flag, a combining mark).
            echo(.editAction(.pasted(text: position.disclosure.show(text), count: characterCount(of: text, in: position))))
        }
    }

    /// `dictate "TEXT"`: inserts the phrase into the field being edited and says it back;
    /// refused in secure fields and in fields declared `dictation=off`.
    /// - Throws: `ScriptError` when no field is being edited.
    mutating func dictate(_ text: String, at location: SourceLocation?) throws(ScriptError) {
        let position = try editingField(for: "dictate", at: location)
        guard !position.isSecure else {
            // The phrase was offered to a secure field: it counts as held (see `check`).
            editor.offer(text, toSecureField: true)
            echo(.refused(.secureDictation))
            return
        }
        guard withField(position, { $0.allowsDictation }) == true else {
            echo(.refused(.dictationOff))
            return
        }
        guard insert(text, into: position) != nil else { return }
        echo(.dictated(position.disclosure.show(text))) { $0.emitCursor(position) }
    }

    /// How many characters `text` holds on its own, segmented by the field's rules.
    private mutating func characterCount(of text: String, in position: FieldHandle) -> Int {
        (try? TextBuffer(text, locale: position.locale).characterCount) ?? text.count
    }
}
