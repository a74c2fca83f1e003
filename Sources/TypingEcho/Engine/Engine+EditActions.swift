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

    /// Select all, copy, cut or paste in a field (`FieldEditing.perform`): a secure field's copy
    /// and cut are refused, and its text never reaches the clipboard.
    mutating func perform(_ action: EditAction, in field: FieldHandle) {
        let clipboard = action == .paste ? editor.clipboard : nil
        // What is pasted into a secure field counts as held, even when the field refuses it.
        if let clipboard { editor.offer(clipboard, toSecureField: field.isSecure) }
        // `selection-notices`: selecting all of a text already all selected says nothing (Orca).
        if action == .selectAll, configuration.current.style.selectionNotices,
           withField(field, { !$0.buffer.isEmpty && $0.buffer.selection?.lowerBound.utf16 == 0 && $0.buffer.selection?.upperBound.utf16 == $0.buffer.utf16Count }) == true {
            return
        }
        edit(field) { $0.perform(action, in: &$1, clipboard: clipboard) }
    }

    /// `dictate "TEXT"`: inserts the phrase into the field being edited and says it back;
    /// refused in secure fields and in fields declared `dictation=off` (`FieldEditing.dictate`).
    /// - Throws: `ScriptError` when no field is being edited.
    mutating func dictate(_ text: String, at location: SourceLocation?) throws(ScriptError) {
        let field = try editingField(for: "dictate", at: location)
        // The phrase was offered to the field: in a secure field it counts as held (see `check`).
        editor.offer(text, toSecureField: field.isSecure)
        edit(field) { $0.dictate(text, into: &$1) }
    }
}
