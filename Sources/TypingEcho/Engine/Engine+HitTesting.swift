extension Engine {
    /// Resolves where a `touch` or `slide` puts the finger: a key by name or point while the
    /// keyboard is shown (an alternate while they are shown), else the element at the point.
    mutating func resolve(_ target: TouchTarget, for gesture: String, at location: SourceLocation?) throws(ScriptError) -> FingerTarget {
        let layout = keyboard.state.layout
        if let popup = keyboard.recognizer.popup {
            switch target {
            case .point(let x, let y):
                return layout.alternate(atX: x, y: y, of: popup.key).map { .alternate($0) } ?? .nothing
            case .key(let name):
                if let index = layout.alternate(named: name, of: popup.key) { return .alternate(index) }
                guard KeyKind(token: name) != nil else { throw ScriptError(.unknownKey, unknownKey(name, gesture), at: location) }
                return .nothing
            }
        }
        switch target {
        case .point(let x, let y):
            if editor.isEditing, let id = layout.key(atX: x, y: y, on: keyboard.state.layer) { return .key(id) }
            return element(atX: x, y: y).map { .element($0) } ?? .nothing
        case .key(let name):
            guard editor.isEditing else {
                throw ScriptError(.notEditing, "\(gesture) \(quoted(name)): the keyboard is shown only while a text field is being edited; focus a field and double-tap it first (or touch X,Y to explore the screen)", at: location)
            }
            if let id = layout.key(named: name, on: keyboard.state.layer) { return .key(id) }
            throw ScriptError(.unknownKey, missingKey(name, gesture), at: location)
        }
    }

    /// Why a key name is not on the layer shown, and how to reach it.
    private func missingKey(_ name: String, _ gesture: String) -> String {
        let state = keyboard.state
        let layout = state.layout
        guard KeyKind(token: name) != nil else { return unknownKey(name, gesture) }
        let here = "\(gesture): \(quoted(name)) is not on the \(state.layer.rawValue) layer of the \(layout.title) keyboard"
        guard let found = layout.whereIs(name, from: state.layer) else {
            return "\(gesture): the \(layout.title) keyboard has no key \(quoted(name))"
        }
        let path = (layout.layerPath(from: state.layer, to: found.layer) ?? []).map { layout[$0].kind.name }
        let reach = path.isEmpty ? "" : "enter \(path.joined(separator: ", then ")), then "
        if let holder = found.alternateOf {
            return "\(here); it is an alternate of \(quoted(layout[holder].kind.name)): \(reach)touch that key, hold, and slide to it"
        }
        return "\(here); it is on the \(found.layer.rawValue) layer: \(reach)touch it"
    }

    private func unknownKey(_ name: String, _ gesture: String) -> String {
        "\(gesture): \(quoted(name)) is not a key; use one character or shift, delete, space, return, numbers, symbols, letters"
    }

    /// A key name quoted for a message, or "that key" while a secure field is edited (what a
    /// script touches there may be part of a password).
    private func quoted(_ name: String) -> String {
        editedElement?.field?.isSecure == true ? "that key" : ScriptErrorText.quoted(name)
    }
}
