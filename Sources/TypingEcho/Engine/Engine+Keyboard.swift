/// The on-screen keyboard and the editing it serves: everything about them the engine keeps
/// between commands.
///
/// **What the keyboard owns**: which field is being edited (iOS's first responder; the
/// keyboard is on screen exactly while there is one), the layout for that field's keyboard
/// type, the layer, shift and the key VoiceOver's cursor is on (`state`), and the finger
/// (`recognizer`, `restDue`).
///
/// **What it asks of the rest of the engine** (see the extension below): the settings
/// (locale, typing mode, `secure-keys`), the edited field's kind, return key,
/// auto-capitalisation and the few characters before its insertion point; it speaks and
/// reports focus through `say`/`emit`, and enters text through `enter(_:into:feedback:)`.
/// Screen-reader focus on an element (`focusIndex`) is the engine's; focus on a key is
/// `state.focusedKey`, and at most one of the two is set.
struct OnScreenKeyboard: Sendable {
    /// The index of the field being edited, for which the keyboard is shown; nil when hidden.
    /// Editing is not focus: it lasts while screen-reader focus visits other elements or keys.
    var editedField: Int? {
        // A shown keyboard is read on every key: make its state once, here, not per read.
        didSet { if editedField != nil && madeState == nil { madeState = KeyboardState(layout: .matching(layoutTag)) } }
    }
    /// Layout, layer, shift and the focused key. Made on first use: reading the layout file
    /// is most of an engine's creation, and a script that never edits a field, touches the
    /// keyboard or asks for its layout does not need it. Until it is first changed or the
    /// keyboard is shown, it is the state this keyboard was created with, made on each read.
    var state: KeyboardState {
        get { madeState ?? KeyboardState(layout: .matching(layoutTag)) }
        set { madeState = newValue }
        _modify {
            if madeState == nil { madeState = KeyboardState(layout: .matching(layoutTag)) }
            yield &madeState!
        }
    }
    /// The state once made or changed.
    private var madeState: KeyboardState?
    /// The locale tag the initial layout is matched from.
    private let layoutTag: String
    /// The typing mode's state machine, with the finger.
    var recognizer: TypingRecognizer
    /// When a finger resting on a key in direct typing is heard, if one is.
    var restDue: VirtualTime?
    /// The locale setting and keyboard type the layout was made for.
    var madeFor: (locale: String, type: KeyboardType)
    /// Keyboard-type layouts already made, by layout locale and type: at most one per built-in
    /// layout and type, so switching between fields does not read files again.
    var typeLayouts: [String: KeyboardLayout] = [:]

    /// The keyboard of a locale, in a typing mode, with the finger up and nothing edited.
    init(locale: String, mode: TypingMode) {
        layoutTag = locale
        recognizer = TypingRecognizer(mode: mode)
        madeFor = (locale, .default)
    }
}

extension Engine {
    /// Whether the on-screen keyboard is shown: it is while a text field is being edited,
    /// wherever screen-reader focus is.
    public var isKeyboardShown: Bool { keyboard.editedField != nil }

    /// The index in `elements` of the field being edited (iOS's first responder), if any.
    public var editingIndex: Int? { keyboard.editedField }

    /// The field being edited, if any (it need not have screen-reader focus).
    public var editedElement: Element? { keyboard.editedField.map { elements[$0] } }

    /// The name of the keyboard key that has screen-reader focus (`q`, `shift`), if one has.
    public var focusedKeyName: String? {
        guard isKeyboardShown, let id = keyboard.state.focusedKey else { return nil }
        return keyboard.state.name(of: id)
    }

    /// The layout in use: the locale's, changed by the edited field's keyboard type.
    public var keyboardLayout: KeyboardLayout { keyboard.state.layout }

    /// The layer shown and the shift state, for simulators that draw the keyboard.
    public var keyboardLayer: (layer: KeyboardLayer, shift: ShiftState) { (keyboard.state.layer, keyboard.state.shift) }

    /// Whether a finger is on the screen.
    public var isFingerDown: Bool { keyboard.recognizer.finger != nil }

    /// Keeps the keyboard in step with the settings and the edited field: the layout for the
    /// locale and keyboard type, and the typing mode's recogniser (a change lifts the finger
    /// without entering anything).
    mutating func syncKeyboard() {
        let type = editedElement?.field?.keyboardType ?? .default
        if keyboard.madeFor.locale != settings.locale || keyboard.madeFor.type != type {
            let edited = keyboard.editedField
            let current = keyboard.state.layout
            let base = KeyboardLayout.matching(settings.locale)
            if current.type != type || current.locale != base.locale {
                let cache = keyboard.typeLayouts
                keyboard = OnScreenKeyboard(locale: settings.locale, mode: settings.typingMode)
                keyboard.editedField = edited
                keyboard.typeLayouts = cache
                let key = "\(base.locale)|\(type.rawValue)"
                if type != .default, let layout = cache[key] ?? (try? KeyboardLayout.matching(settings.locale, type: type)) {
                    // A type file that does not read (the tests read each one) leaves the locale's layout.
                    keyboard.state = KeyboardState(layout: layout)
                    keyboard.typeLayouts[key] = layout
                }
            }
            keyboard.madeFor = (settings.locale, type)
        } else if keyboard.recognizer.mode != settings.typingMode {
            releaseFinger()
        }
    }

    /// The finger leaves the screen without entering anything (another kind of input came).
    mutating func releaseFinger() {
        keyboard.recognizer = TypingRecognizer(mode: settings.typingMode)
        keyboard.restDue = nil
    }

    /// Starts editing a field (the keyboard for its type appears: first layer, shift as its
    /// auto-capitalisation wants), ending the editing of any other field.
    mutating func beginEditing(_ position: Int) {
        if let other = keyboard.editedField, other != position { endEditing(returnFocus: false) }
        update(position) { field in
            field.isEditing = true
            field.buffer.move(toEnd: true)
        }
        keyboard.editedField = position
        syncKeyboard()
        keyboard.state.reset()
        refreshAutomaticShift()
    }

    /// Ends editing: the keyboard goes away. When screen-reader focus was on a key (or
    /// nowhere) it returns to the field, which is announced, unless `returnFocus` is false
    /// (another field is taking over).
    mutating func endEditing(returnFocus: Bool = true) {
        guard let position = keyboard.editedField else { return }
        let focusWasOnKey = keyboard.state.focusedKey != nil
        if elements[position].field?.isEditing == true { update(position) { $0.isEditing = false } }
        keyboard.editedField = nil
        keyboard.state.focusedKey = nil
        releaseFinger()
        if returnFocus && (focusWasOnKey || focusIndex == nil) { focus(position) }
    }

    /// `dismiss`: the user hides the keyboard, and editing ends.
    mutating func dismiss(at location: SourceLocation) throws(ScriptError) {
        guard isKeyboardShown else {
            throw ScriptError("dismiss: no field is being edited, so no keyboard is shown", at: location)
        }
        endEditing()
    }

    /// `focus key:NAME`: screen-reader focus on a key of the layer shown, which is spoken.
    mutating func focusKey(_ name: Located<String>) throws(ScriptError) {
        syncKeyboard()
        let target = try resolve(.key(name.value), for: "focus key", at: name.location)
        guard case .key(let id) = target else { return }
        focusKey(id)
    }

    /// Puts screen-reader focus on a key and speaks it; no element has focus then.
    mutating func focusKey(_ id: KeyID) {
        focusIndex = nil
        chosenEditAction = nil
        keyboard.state.focusedKey = id
        speakKey(id)
    }

    /// Swipe left or right: through the screen's elements, then, while a field is edited, the
    /// keyboard's keys. - Returns: Whether focus moved (false at either end).
    mutating func swipeThroughKeys(forward: Bool) -> Bool {
        if isKeyboardShown, let key = keyboard.state.focusedKey, let next = keyboard.state.key(after: key, forward: forward) {
            if let next {
                focusKey(next)
                return true
            }
            // Left from the first key: back to the screen's last element.
            guard !forward, let last = neighbour(of: nil, step: -1) else { return false }
            focus(last)
            return true
        }
        if let target = neighbour(of: focusIndex, step: forward ? 1 : -1) {
            focus(target)
            return true
        }
        guard forward, isKeyboardShown, let first = keyboard.state.keysInSwipeOrder.first,
              focusIndex != nil || elements.isEmpty else { return false }
        focusKey(first)
        return true
    }

    /// Keeps shift where the edited field's auto-capitalisation wants it (after every edit
    /// and insertion-point move, and when editing starts).
    mutating func refreshAutomaticShift() {
        // The field is read in place: a copy of it would make the next edit copy the text.
        guard let position = keyboard.editedField,
              let (rule, tail) = withField(position, { field -> (Autocapitalization, Substring) in
                  (field.autocapitalization, field.autocapitalization == .none ? "" : field.buffer.tailBeforeInsertionPoint())
              }), rule != .none else { return }
        keyboard.state.autocapitalize(rule, after: tail)
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
            focusKey(id)
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
        settings.secureKeys == .silent && editedElement?.field?.isSecure == true
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
        case .return:
            let label = editedElement?.field?.returnKey ?? .default
            say(phrasebook.string(label.spokenKey), role: .key)
        case let kind: say(phrasebook.string("key.\(kind.name)"), role: .key)
        }
    }

    /// Enters a key: types its character (shift applied, then released unless caps lock),
    /// deletes, toggles shift or caps lock, or shows another layer.
    mutating func activate(_ id: KeyID, alternate: Int? = nil) {
        // Only the kind is read: holding a copy of the field would make its text non-unique and
        // the next edit would copy the whole text.
        guard let position = keyboard.editedField, let kind = elements[position].field?.kind else { return }
        let typed: Character?
        switch keyboard.state.layout[id].kind {
        case .character: typed = keyboard.state.character(of: id, alternate: alternate)
        case .space: typed = " "
        case .return:
            guard kind == .area else {
                pressReturn(in: position)
                return
            }
            typed = "\n"
        case .delete:
            delete(.backward, in: position)
            return
        case .shift:
            let before = keyboard.state.shift
            let after = keyboard.state.enterShift(at: now)
            let phrase = after != .off ? after.spokenKey : before == .capsLock ? "keyboard.caps-lock-off" : "keyboard.shift-off"
            if announcesKeyboardState { say(phrasebook.string(phrase), role: .status) }
            return
        case .layer(let layer):
            switchLayer(to: layer)
            return
        }
        // Shift goes off before the character goes in, so auto-capitalisation can turn it on
        // again for the next one.
        if keyboard.state.shift == .on {
            keyboard.state.shift = .off
            keyboard.state.shiftIsAutomatic = false
        }
        if let typed { enter(typed, into: position, feedback: settings.typingFeedback) }
    }

    /// Return in a single-line field (on-screen or hardware): the `default` return key types
    /// nothing and editing goes on; `next` moves focus and editing to the next field; any
    /// other ends editing.
    mutating func pressReturn(in position: Int) {
        switch elements[position].field?.returnKey ?? .default {
        case .default: return
        case .next:
            if !moveEditingToNextField(after: position) { endEditing() }
        default:
            endEditing()
        }
    }

    /// Focus and editing move to the next enabled, visible text field in reading order, which
    /// is announced. - Returns: Whether there was one.
    @discardableResult
    mutating func moveEditingToNextField(after position: Int) -> Bool {
        guard let next = elements.indices.first(where: { $0 > position && !elements[$0].isHidden
            && elements[$0].field.map { !$0.isDisabled } == true }) else { return false }
        beginEditing(next)
        focus(next)
        emitCursor(next)
        return true
    }

    /// Shows another layer; a finger resting on the keyboard is now on the key at the same place.
    private mutating func switchLayer(to layer: KeyboardLayer) {
        let layout = keyboard.state.layout
        func samePlace(_ id: KeyID) -> KeyID? {
            let centre = layout[id].frame.centre
            return layout.key(atX: centre.x, y: centre.y, on: layer)
        }
        keyboard.state.layer = layer
        if let key = keyboard.state.focusedKey {
            // Focus stays on the keyboard: on the key at the same place, else the layer's first.
            keyboard.state.focusedKey = samePlace(key) ?? layout.ids(on: layer).first
        }
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
