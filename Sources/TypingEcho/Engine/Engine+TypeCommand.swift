extension Engine {
    /// `type "TEXT"`: enters the text through the on-screen keyboard with the gestures a user
    /// makes in the current typing mode (shift for capitals, layer keys for digits and symbols,
    /// touch-and-hold for alternates).
    ///
    /// Standard typing touches or slides to each key and split-taps (double-taps a key that
    /// is already focused); touch typing touches and lifts; direct typing taps quickly.
    ///
    /// In a public field every gesture takes `cadence` seconds, as a finger needs. In a secure
    /// field every character takes exactly one `cadence`, whatever gestures it needs: the
    /// shift, layer and touch-and-hold gestures happen at the start of the character's time,
    /// the key is entered `SecureTyping.keyDown` later, and at the end the keyboard is put
    /// back as it was (layer, shift, no key focused, finger up), so nothing after the `type`
    /// depends on which characters it entered (see docs/secure-entry.md).
    /// - Throws: `ScriptError` when no field is being edited, a finger is down, or some
    ///   character cannot be typed on the layout. The message gives the character's position
    ///   only: the text may be a password.
    mutating func type(_ text: String, at location: SourceLocation?) throws(ScriptError) {
        guard let position = editor.editedField, let (secure, kind) = withField(position, { ($0.isSecure, $0.kind) }) else {
            throw ScriptError(.notEditing, "type needs a text field being edited, which shows the keyboard; focus a field and double-tap it first", at: location)
        }
        guard keyboard.recognizer.finger == nil else {
            throw ScriptError(.gesture, "type: a finger is still on the screen; lift it first", at: location)
        }
        // Offered to a secure field counts as held, even if the keyboard cannot type it.
        editor.offer(text, toSecureField: secure)
        let layout = keyboard.state.layout
        let routes = KeyRoutes(layout: layout, inArea: kind == .area)
        // A character with no key of its own (a Thai tone mark on its letter) is typed as its keys.
        let locale = withField(position, { $0.buffer.locale }) ?? phrasebook.icuLocale
        let keystrokes = layout.keystrokes(for: text, locale: locale, inArea: kind == .area)
        for (offset, character) in keystrokes where routes.route(for: character, from: .letters) == nil {
            throw ScriptError(.cannotType, "type: character \(offset + 1) of the text cannot be typed on the \(layout.title) keyboard", at: location)
        }
        if secure {
            try typeSecurely(keystrokes, routes: routes, at: location)
            if editor.editedField == position {
                // Which key was typed last must not show (a swipe from it would tell): VoiceOver's
                // cursor goes back to the field, without a word.
                reader.settle(onElement: position)
            }
            return
        }
        for (offset, character) in keystrokes {
            guard editor.isEditing else { break }
            try enterCharacter(character, number: offset + 1, routes: routes, timing: .cadence, at: location)
        }
        if keyboard.recognizer.finger != nil { try gesture(.lift, at: location) }
    }

    /// `type` into a secure field: one `cadence` per character, the key entered at the same
    /// moment of each, and the keyboard left as it was found.
    private mutating func typeSecurely(_ keystrokes: [(offset: Int, character: Character)], routes: KeyRoutes, at location: SourceLocation?) throws(ScriptError) {
        let before = keyboard.state
        let down = Swift.min(SecureTyping.keyDown, configuration.current.cadence)
        let last = keystrokes.count - 1
        var end = output.clock.now
        for (slot, (offset, character)) in keystrokes.enumerated() {
            guard editor.isEditing else { break }
            let start = output.clock.now
            end = start + configuration.current.cadence
            try enterCharacter(character, number: offset + 1, routes: routes, timing: .enterAt(start + down), at: location)
            if slot == last || !editor.isEditing { break }
            advance(to: end)
        }
        if editor.isEditing {
            try restore(before, at: location)
        }
        if keyboard.recognizer.finger != nil { try gesture(.lift, at: location, timing: .instant) }
        advance(to: end)
    }

    /// Puts the keyboard back as it was before a secure `type`: shift (entered at once, on a
    /// layer that has it), the layer (by its layer keys), then the whole keyboard state as it
    /// was (the caps-lock timer, anything the gestures could not restore), with no key focused.
    private mutating func restore(_ before: KeyboardState, at location: SourceLocation?) throws(ScriptError) {
        let layout = keyboard.state.layout
        if keyboard.state.shift != before.shift {
            if layout.key(.shift, on: keyboard.state.layer) == nil, let path = layout.layerPath(from: keyboard.state.layer, to: .letters) {
                for key in path { try press(key, alternate: nil, timing: .instant, at: location) }
            }
            // off → on → caps lock (entered again at once) → off: at most three presses.
            var presses = 0
            while keyboard.state.shift != before.shift, presses < 3, let shift = layout.key(.shift, on: keyboard.state.layer) {
                try press(shift, alternate: nil, timing: .instant, at: location)
                presses += 1
            }
        }
        if keyboard.state.layer != before.layer, let path = layout.layerPath(from: keyboard.state.layer, to: before.layer) {
            for key in path { try press(key, alternate: nil, timing: .instant, at: location) }
        }
        // Everything else the keyboard keeps (the caps-lock timer, automatic shift) as before too.
        keyboard.restore(before)
        reader.leaveKey()
    }

    /// Enters one character: the layer keys and shift it needs, then its key or alternate.
    private mutating func enterCharacter(_ character: Character, number: Int, routes: KeyRoutes, timing: GestureTiming, at location: SourceLocation?) throws(ScriptError) {
        var preparations = 0
        while true {
            guard let route = routes.route(for: character, from: keyboard.state.layer) else {
                throw ScriptError(.cannotType, "type: character \(number) of the text cannot be typed on the \(keyboard.state.layout.title) keyboard", at: location)
            }
            guard let key = preparatoryKey(for: route) else {
                try press(route.key, alternate: route.alternate, timing: timing, at: location)
                return
            }
            preparations += 1
            guard preparations <= 2 * KeyboardLayer.allCases.count + 2 else {
                throw ScriptError("type: the keyboard did not reach the key for character \(number)", at: location)
            }
            try press(key, alternate: nil, timing: timing == .cadence ? .cadence : .instant, at: location)
        }
    }

    /// The layer key or shift to enter before the route's key, if the keyboard is not ready.
    private mutating func preparatoryKey(for route: KeyRoute) -> KeyID? {
        let state = keyboard.state
        if route.key.layer != state.layer {
            return state.layout.layerPath(from: state.layer, to: route.key.layer)?.first
        }
        if route.caseSensitive && route.shifted != state.isShifted(on: state.layer) {
            return state.layout.key(.shift, on: state.layer)
        }
        return nil
    }

    /// Enters one key (or one of its alternates) with the current typing mode's gestures; the
    /// last gesture is the one that enters it.
    private mutating func press(_ key: KeyID, alternate: Int?, timing: GestureTiming, at location: SourceLocation?) throws(ScriptError) {
        let mode = configuration.current.typingMode
        let entering = timing.enteringGesture
        if mode == .standard && alternate == nil {
            if keyboard.recognizer.finger == nil && reader.focus.key == key {
                try gesture(.doubleTap, at: location, timing: entering)
                return
            }
            try reach(key, timing: timing.reachingGesture, at: location)
            try gesture(.splitTap, at: location, timing: entering)
            return
        }
        if mode == .direct && alternate == nil {
            if timing == .cadence {
                // A quick tap: the finger is up again well before the tap time.
                let down = Swift.min(SecureTyping.keyDown, configuration.current.cadence)
                try gesture(.touch(.key(key)), at: location, timing: .lasting(down))
                try gesture(.lift, at: location, timing: .lasting(VirtualDuration(milliseconds: configuration.current.cadence.milliseconds - down.milliseconds)))
            } else {
                try gesture(.touch(.key(key)), at: location, timing: .instant)
                try gesture(.lift, at: location, timing: entering)
            }
            return
        }
        try reach(key, timing: timing.reachingGesture, at: location)
        if let alternate {
            try gesture(.hold(alternates: keyboard.state.layout[key].alternates.count), at: location, timing: timing.reachingGesture)
            if alternate > 0 { try gesture(.slide(.alternate(alternate)), at: location, timing: timing.reachingGesture) }
        }
        try gesture(.lift, at: location, timing: entering)
    }

    /// Puts the finger on a key: touches it, or slides to it when the finger is down elsewhere.
    private mutating func reach(_ key: KeyID, timing: GestureTiming, at location: SourceLocation?) throws(ScriptError) {
        switch keyboard.recognizer.finger {
        case nil: try gesture(.touch(.key(key)), at: location, timing: timing)
        case .key(key)?: break
        case _?: try gesture(.slide(.key(key)), at: location, timing: timing)
        }
    }

    /// One gesture of `type`: it is input (a pending phonetic word is dropped), and takes the
    /// time `timing` gives it.
    private mutating func gesture(_ gesture: FingerGesture, at location: SourceLocation?, timing: GestureTiming = .cadence) throws(ScriptError) {
        if case .at(let time) = timing { advance(to: time) }
        output.cancelPendingSpeech()
        try handle(gesture, at: location)
        switch timing {
        case .cadence: try advance(by: configuration.current.cadence, at: location)
        case .lasting(let duration): try advance(by: duration, at: location)
        case .instant, .at, .enterAt: break
        }
    }
}

/// Where one `type` command finds its routes: the layout's route index, for the field it types
/// into (a line break only in a text area).
private struct KeyRoutes {
    let layout: KeyboardLayout
    let inArea: Bool

    /// `KeyboardLayout.route(for:from:inArea:)` for this field.
    func route(for character: Character, from layer: KeyboardLayer) -> KeyRoute? {
        layout.route(for: character, from: layer, inArea: inArea)
    }
}

/// How long the gestures of `type` take.
private enum GestureTiming: Equatable {
    /// Each gesture takes `cadence` (public fields).
    case cadence
    /// The gesture takes this long.
    case lasting(VirtualDuration)
    /// The gesture takes no time (shift, layer keys and reaching in a secure field).
    case instant
    /// The gesture waits until this time, then takes no time (entering a key in a secure field).
    case at(VirtualTime)
    /// A key press whose gestures take no time except the one that enters it, at this time.
    case enterAt(VirtualTime)

    /// The timing of the gesture that enters a key.
    var enteringGesture: GestureTiming {
        if case .enterAt(let time) = self { return .at(time) }
        return self
    }

    /// The timing of the gestures before it (reaching, holding, choosing an alternate).
    var reachingGesture: GestureTiming {
        if case .enterAt = self { return .instant }
        return self
    }
}

/// The timing of `type` in secure fields.
enum SecureTyping {
    /// How long after a character's time starts its key is entered (a quick tap, shorter than
    /// direct typing's tap time, so a key tapped in direct typing is never heard).
    static let keyDown = VirtualDuration(milliseconds: 100)
}
