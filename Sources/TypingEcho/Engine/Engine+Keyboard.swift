/// Everything about the on-screen keyboard the engine keeps between commands.
struct OnScreenKeyboard: Sendable {
    /// Layout, layer, shift and the focused key.
    var state: KeyboardState
    /// The typing mode's state machine, with the finger.
    var recognizer: TypingRecognizer
    /// When a finger resting on a key in direct typing is heard, if one is.
    var restDue: VirtualTime?

    /// The keyboard of a locale, in a typing mode, with the finger up.
    init(locale: String, mode: TypingMode) {
        state = KeyboardState(layout: .matching(locale))
        recognizer = TypingRecognizer(mode: mode)
    }
}

extension Engine {
    /// Whether the on-screen keyboard is shown: it is while a text field is being edited.
    public var isKeyboardShown: Bool { focusedElement?.field?.isEditing == true }

    /// The layout in use for the current locale.
    public var keyboardLayout: KeyboardLayout { keyboard.state.layout }

    /// The layer shown and the shift state, for simulators that draw the keyboard.
    public var keyboardLayer: (layer: KeyboardLayer, shift: ShiftState) { (keyboard.state.layer, keyboard.state.shift) }

    /// Whether a finger is on the screen.
    public var isFingerDown: Bool { keyboard.recognizer.finger != nil }

    /// Keeps the keyboard in step with the settings: the locale's layout and the typing mode's
    /// recogniser (a change lifts the finger without entering anything).
    mutating func syncKeyboard() {
        if keyboard.state.layout.locale != KeyboardLayout.matching(settings.locale).locale {
            keyboard = OnScreenKeyboard(locale: settings.locale, mode: settings.typingMode)
        } else if keyboard.recognizer.mode != settings.typingMode {
            releaseFinger()
        }
    }

    /// The finger leaves the screen without entering anything (another kind of input came).
    mutating func releaseFinger() {
        keyboard.recognizer = TypingRecognizer(mode: settings.typingMode)
        keyboard.restDue = nil
    }

    /// The keyboard appears for a field: letters, shift off, no key focused.
    mutating func showKeyboard() {
        syncKeyboard()
        keyboard.state.reset()
    }

    /// `touch`, `slide`, `lift`, `split-tap` and `hold` from a script.
    mutating func fingerGesture(_ command: Command, at location: SourceLocation) throws(ScriptError) {
        syncKeyboard()
        let gesture: FingerGesture
        switch command {
        case .touch(let target): gesture = .touch(try resolve(target, for: "touch", at: location))
        case .slide(let target): gesture = .slide(try resolve(target, for: "slide", at: location))
        case .lift: gesture = .lift
        case .splitTap: gesture = .splitTap
        case .hold:
            if case .key(let id)? = keyboard.recognizer.finger, isKeyboardShown {
                gesture = .hold(alternates: keyboard.state.layout[id].alternates.count)
            } else {
                gesture = .hold(alternates: 0)
            }
        default: return
        }
        try handle(gesture, at: location)
    }

    /// A double tap: enters the focused key while the keyboard is shown, else starts editing
    /// or moves the insertion point.
    mutating func doubleTapGesture(at location: SourceLocation) throws(ScriptError) {
        syncKeyboard()
        try handle(.doubleTap, at: location)
    }

    /// Feeds a gesture to the typing mode's state machine and does what it says.
    mutating func handle(_ gesture: FingerGesture, at location: SourceLocation) throws(ScriptError) {
        let actions: [TypingAction]
        do { actions = try keyboard.recognizer.handle(gesture) } catch {
            throw ScriptError(.gesture, error.message, at: location)
        }
        for action in actions { try perform(action, at: location) }
    }

    /// The finger has rested on a key for the tap time (direct typing): it is heard.
    mutating func fingerRested() {
        keyboard.restDue = nil
        try? handle(.rest, at: SourceLocation(line: 0, column: 0))
    }

    private mutating func perform(_ action: TypingAction, at location: SourceLocation) throws(ScriptError) {
        switch action {
        case .explore(.key(let id)):
            keyboard.state.focusedKey = id
            speakKey(id)
        case .explore(.alternate(let index)):
            if let popup = keyboard.recognizer.popup { speakKey(popup.key, alternate: index) }
        case .explore(.element(let index)):
            focus(index)
        case .explore(.nothing):
            break
        case .enter(let id):
            activate(id)
        case .enterAlternate(let id, let index):
            activate(id, alternate: index)
        case .showAlternates(let id):
            speakKey(id, alternate: 0)
        case .enterFocusedKey:
            if isKeyboardShown, let key = keyboard.state.focusedKey {
                activate(key)
            } else {
                try doubleTap(at: location)
            }
        case .activateElement:
            try doubleTap(at: location)
        case .startResting:
            keyboard.restDue = now + DirectTyping.tapTime
        case .stopResting:
            keyboard.restDue = nil
        }
    }

    /// Whether a secure field is being edited with `secure-keys=silent`: explored keys are not heard.
    private var keysAreSilent: Bool {
        settings.secureKeys == .silent && focusedElement?.field?.isSecure == true && isKeyboardShown
    }

    /// Speaks a key (or one of its alternates) as the finger reaches it, and reports the key focus.
    mutating func speakKey(_ id: KeyID, alternate: Int? = nil) {
        guard !keysAreSilent else { return }
        if let character = keyboard.state.character(of: id, alternate: alternate) {
            emit(.focus(.key(String(character))))
            sayCharacter(String(character), role: .key)
            return
        }
        emit(.focus(.key(keyboard.state.name(of: id))))
        switch keyboard.state.layout[id].kind {
        case .shift: say(phrasebook.string(keyboard.state.shift.spokenKey), role: .key)
        case let kind: say(phrasebook.string("key.\(kind.name)"), role: .key)
        }
    }

    /// Enters a key: types its character (shift applied, then released unless caps lock),
    /// deletes, toggles shift or caps lock, or shows another layer.
    mutating func activate(_ id: KeyID, alternate: Int? = nil) {
        // Only the kind is read: holding a copy of the field would make its text non-unique and
        // the next edit would copy the whole text.
        guard isKeyboardShown, let position = focusIndex, let kind = elements[position].field?.kind else { return }
        let typed: Character?
        switch keyboard.state.layout[id].kind {
        case .character: typed = keyboard.state.character(of: id, alternate: alternate)
        case .space: typed = " "
        case .return: typed = kind == .area ? "\n" : nil
        case .delete:
            delete(.backward, in: position)
            return
        case .shift:
            let before = keyboard.state.shift
            let after = keyboard.state.enterShift(at: now)
            let phrase = after != .off ? after.spokenKey : before == .capsLock ? "keyboard.caps-lock-off" : "keyboard.shift-off"
            say(phrasebook.string(phrase), role: .status)
            return
        case .layer(let layer):
            switchLayer(to: layer)
            return
        }
        if let typed { enter(typed, into: position, feedback: settings.typingFeedback) }
        if keyboard.state.shift == .on { keyboard.state.shift = .off }
    }

    /// Shows another layer; a finger resting on the keyboard is now on the key at the same place.
    private mutating func switchLayer(to layer: KeyboardLayer) {
        let layout = keyboard.state.layout
        func samePlace(_ id: KeyID) -> KeyID? {
            let centre = layout[id].frame.centre
            return layout.key(atX: centre.x, y: centre.y, on: layer)
        }
        keyboard.state.layer = layer
        keyboard.state.focusedKey = keyboard.state.focusedKey.flatMap(samePlace)
        if case .key(let id)? = keyboard.recognizer.finger, let moved = samePlace(id) {
            keyboard.recognizer.keysChanged(under: .key(moved))
        }
    }
}

extension ShiftState {
    /// The key of the spoken state: "shift", "shift on", "caps lock on".
    var spokenKey: String {
        switch self {
        case .off: "key.shift"
        case .on: "keyboard.shift-on"
        case .capsLock: "keyboard.caps-lock-on"
        }
    }
}

extension Engine {
    /// Swipe up or down with the rotor on typing mode: the previous or next mode, announced.
    mutating func switchTypingMode(forward: Bool) {
        let modes = TypingMode.allCases
        let current = modes.firstIndex(of: settings.typingMode)!
        settings.typingMode = modes[(current + (forward ? 1 : modes.count - 1)) % modes.count]
        releaseFinger()
        say(phrasebook.string("typing-mode.\(settings.typingMode.rawValue)"), role: .status)
    }
}
