extension Engine {
    /// `type "TEXT"`: enters the text through the on-screen keyboard with the gestures a user
    /// makes in the current typing mode (shift for capitals, layer keys for digits and symbols,
    /// touch-and-hold for alternates), one gesture every `cadence` seconds.
    ///
    /// Standard typing touches or slides to each key and split-taps (double-taps a key that
    /// is already focused); touch typing touches and lifts; direct typing taps quickly.
    /// - Throws: `ScriptError` when no field is being edited, a finger is down, or some
    ///   character cannot be typed on the layout. The message gives the character's position
    ///   only: the text may be a password.
    mutating func type(_ text: String, at location: SourceLocation) throws(ScriptError) {
        syncKeyboard()
        guard isKeyboardShown, let position = focusIndex else {
            throw ScriptError(.notEditing, "type needs a text field being edited, which shows the keyboard; focus a field and double-tap it first", at: location)
        }
        guard keyboard.recognizer.finger == nil else {
            throw ScriptError(.gesture, "type: a finger is still on the screen; lift it first", at: location)
        }
        let layout = keyboard.state.layout
        let inArea = elements[position].field?.kind == .area
        for (offset, character) in text.enumerated() where layout.route(for: character, from: .letters, inArea: inArea) == nil {
            throw ScriptError(.cannotType, "type: character \(offset + 1) of the text cannot be typed on the \(layout.locale) keyboard", at: location)
        }
        for (offset, character) in text.enumerated() {
            guard isKeyboardShown else { break }
            var preparations = 0
            while true {
                let route = layout.route(for: character, from: keyboard.state.layer, inArea: inArea)!
                guard let key = preparatoryKey(for: route) else {
                    try press(route.key, alternate: route.alternate, at: location)
                    break
                }
                preparations += 1
                guard preparations <= 2 * KeyboardLayer.allCases.count + 2 else {
                    throw ScriptError(.cannotType, "type: the keyboard did not reach the key for character \(offset + 1)", at: location)
                }
                try press(key, alternate: nil, at: location)
            }
        }
        if keyboard.recognizer.finger != nil { try gesture(.lift, at: location) }
    }

    /// The layer key or shift to enter before the route's key, if the keyboard is not ready.
    private func preparatoryKey(for route: KeyRoute) -> KeyID? {
        let state = keyboard.state
        if route.key.layer != state.layer {
            return state.layout.layerPath(from: state.layer, to: route.key.layer)?.first
        }
        if route.caseSensitive && route.shifted != state.isShifted(on: state.layer) {
            return state.layout.key(.shift, on: state.layer)
        }
        return nil
    }

    /// Enters one key (or one of its alternates) with the current typing mode's gestures.
    private mutating func press(_ key: KeyID, alternate: Int?, at location: SourceLocation) throws(ScriptError) {
        let mode = settings.typingMode
        if mode == .standard && alternate == nil {
            if keyboard.recognizer.finger == nil && keyboard.state.focusedKey == key {
                try gesture(.doubleTap, at: location)
                return
            }
            try reach(key, at: location)
            try gesture(.splitTap, at: location)
            return
        }
        if mode == .direct && alternate == nil {
            // A quick tap: the finger is up again well before the tap time.
            let down = Swift.min(VirtualDuration(milliseconds: 100), settings.cadence)
            try gesture(.touch(.key(key)), at: location, lasting: down)
            try gesture(.lift, at: location, lasting: VirtualDuration(milliseconds: settings.cadence.milliseconds - down.milliseconds))
            return
        }
        try reach(key, at: location)
        if let alternate {
            try gesture(.hold(alternates: keyboard.state.layout[key].alternates.count), at: location)
            if alternate > 0 { try gesture(.slide(.alternate(alternate)), at: location) }
        }
        try gesture(.lift, at: location)
    }

    /// Puts the finger on a key: touches it, or slides to it when the finger is down elsewhere.
    private mutating func reach(_ key: KeyID, at location: SourceLocation) throws(ScriptError) {
        switch keyboard.recognizer.finger {
        case nil: try gesture(.touch(.key(key)), at: location)
        case .key(key)?: break
        case _?: try gesture(.slide(.key(key)), at: location)
        }
    }

    /// One gesture of `type`: it is input (a pending phonetic word is dropped), then time
    /// passes until the next gesture.
    private mutating func gesture(_ gesture: FingerGesture, at location: SourceLocation, lasting: VirtualDuration? = nil) throws(ScriptError) {
        speech.cancelPending()
        try handle(gesture, at: location)
        advance(to: now + (lasting ?? settings.cadence))
    }
}
