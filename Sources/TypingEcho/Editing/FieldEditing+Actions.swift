/// Select all, copy, cut, paste and dictation, with what VoiceOver says about them.
extension FieldEditing {
    /// Performs an edit action. In a secure field copy and cut are refused (the `refused` sound
    /// and a spoken reason) and nothing is copied: a secure field's text never reaches the
    /// clipboard. A paste into a secure field is said by count ("3 characters, pasted").
    /// - Parameter clipboard: What the user has copied, for `paste`.
    /// - Complexity: O(n) in the field's text (select all reads it; cut and paste edit it).
    func perform(_ action: EditAction, in field: inout TextField, clipboard: String?) -> EditingOutcome {
        var outcome = EditingOutcome()
        switch action {
        case .selectAll:
            guard !field.buffer.isEmpty else {
                outcome.echo(.refused(.nothingSelected))
                return outcome
            }
            field.buffer.selectAll()
            outcome.echo(.editAction(.selectedAll(text: handle.disclosure.show(field.buffer.string), count: field.buffer.characterCount)))
        case .copy, .cut:
            guard !handle.isSecure else {
                outcome.echo(.refused(.secureCopy(action)))
                return outcome
            }
            guard let selection = field.buffer.selection else {
                outcome.echo(.refused(.nothingSelected))
                return outcome
            }
            let copied = field.buffer.unvalidatedText(in: selection)
            outcome.copied = copied
            if action == .cut, let edit = field.buffer.deleteBackward() {
                outcome.report(.edit(edit))
                outcome.report(.cursor)
            }
            let told = handle.disclosure.show(copied)
            outcome.echo(.editAction(action == .copy ? .copied(told) : .cut(told)))
        case .paste:
            guard let text = clipboard, !text.isEmpty else {
                outcome.echo(.refused(.clipboardEmpty))
                return outcome
            }
            outcome = insert(text, into: &field)
            guard outcome.inserted != nil else { return outcome }
            outcome.report(.cursor)
            // The clipboard's own count, not the field's change: that would say whether the
            // pasted text joined the secret's last character (a flag, a combining mark).
            outcome.echo(.editAction(.pasted(text: handle.disclosure.show(text), count: characterCount(of: text))))
        }
        return outcome
    }

    /// Inserts a dictated phrase and says it back; refused in secure fields and in fields
    /// declared `dictation=off`.
    /// - Complexity: O(n) in the text after the insertion point.
    func dictate(_ text: String, into field: inout TextField) -> EditingOutcome {
        var outcome = EditingOutcome()
        guard !handle.isSecure else {
            outcome.echo(.refused(.secureDictation))
            return outcome
        }
        guard field.allowsDictation else {
            outcome.echo(.refused(.dictationOff))
            return outcome
        }
        outcome = insert(text, into: &field)
        guard outcome.inserted != nil else { return outcome }
        outcome.echo(.dictated(handle.disclosure.show(text)), reporting: .cursor)
        return outcome
    }

    /// How many characters `text` holds on its own, segmented by the field's rules.
    private func characterCount(of text: String) -> Int {
        (try? TextBuffer(text, locale: handle.locale).characterCount) ?? text.count
    }
}
