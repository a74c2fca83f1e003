/// The on-screen keyboard: the layout for the edited field's keyboard type, the layer and
/// shift (`state`), and the finger (`recognizer`, `restDue`).
///
/// It is shown while the editor has a field being edited (`Editor.editedField`); the key the
/// screen reader's cursor is on is the reader's focus (`ReaderFocus.key`). Everything here is
/// changed through the methods below, named for what the user did.
struct OnScreenKeyboard: Sendable {
    /// Layout, layer and shift. Made on first use: reading the layout file is most of an
    /// engine's creation, and a script that never edits a field, touches the keyboard or asks
    /// for its layout does not need it. Until the keyboard first appears it is the state this
    /// keyboard was created with, made on each read.
    var state: KeyboardState { madeState ?? KeyboardState(layout: .matching(layoutTag)) }
    /// The state once made.
    private var madeState: KeyboardState?
    /// The locale tag the initial layout is matched from.
    private let layoutTag: String
    /// The typing mode's state machine, with the finger.
    private(set) var recognizer: TypingRecognizer
    /// When a finger resting on a key in direct typing is heard, if one is.
    private(set) var restDue: VirtualTime?
    /// The locale setting and keyboard type the layout was made for.
    private var madeFor: (locale: String, type: KeyboardType)
    /// The ``SettingsInForce/revision`` the keyboard last followed.
    private(set) var followedRevision = -1
    /// Keyboard-type layouts already made, by layout locale and type: at most one per built-in
    /// layout and type, so switching between fields does not read files again.
    private var typeLayouts: [String: KeyboardLayout] = [:]

    /// The keyboard of a locale, in a typing mode, with the finger up and nothing edited.
    init(locale: String, mode: TypingMode) {
        layoutTag = locale
        recognizer = TypingRecognizer(mode: mode)
        madeFor = (locale, .default)
    }

    /// The keyboard appears (a field is being edited). A shown keyboard is read on every key:
    /// its state is made once, here, not per read.
    mutating func appear() {
        if madeState == nil { madeState = KeyboardState(layout: .matching(layoutTag)) }
    }

    /// What keeping in step with the settings did.
    enum Sync {
        /// Nothing changed.
        case unchanged
        /// Another keyboard replaced this one (another layout): a key focused on it is gone.
        case replaced
    }

    /// Keeps the keyboard in step with the locale, the edited field's keyboard type and the
    /// typing mode: another layout makes another keyboard (finger up); another typing mode
    /// lifts the finger without entering anything.
    mutating func sync(locale: String, type: KeyboardType, mode: TypingMode, shown: Bool, revision: Int) -> Sync {
        defer { followedRevision = revision }
        if madeFor.locale != locale || madeFor.type != type {
            defer { madeFor = (locale, type) }
            let base = KeyboardLayout.matching(locale)
            let current = state.layout
            guard current.type != type || current.locale != base.locale else { return .unchanged }
            let cache = typeLayouts
            self = OnScreenKeyboard(locale: locale, mode: mode)
            if shown { appear() }
            typeLayouts = cache
            let key = "\(base.locale)|\(type.rawValue)"
            if type != .default, let layout = cache[key] ?? (try? KeyboardLayout.matching(locale, type: type)) {
                // A type file that does not read (the tests read each one) leaves the locale's layout.
                madeState = KeyboardState(layout: layout)
                typeLayouts[key] = layout
            }
            return .replaced
        }
        if recognizer.mode != mode { liftFinger(mode: mode) }
        return .unchanged
    }

    /// The finger leaves the screen without entering anything; the recogniser starts again in `mode`.
    mutating func liftFinger(mode: TypingMode) {
        recognizer = TypingRecognizer(mode: mode)
        restDue = nil
    }

    /// Feeds a gesture to the typing mode's state machine. - Returns: What it does.
    mutating func handle(_ gesture: FingerGesture) throws(GestureRefusal) -> [TypingAction] {
        try recognizer.handle(gesture)
    }

    /// A finger starts resting on a key (direct typing): it is heard at `time`.
    mutating func startResting(until time: VirtualTime) { restDue = time }

    /// The finger stopped resting (it moved, lifted, or was heard).
    mutating func stopResting() { restDue = nil }

    /// The first layer with shift off, as when the keyboard appears for a field.
    mutating func showFirstLayer() { changeState { $0.reset() } }

    /// Shift follows the field's auto-capitalisation after `tail`, the text before the insertion point.
    mutating func autocapitalize(_ rule: Autocapitalization, after tail: Substring) {
        changeState { $0.autocapitalize(rule, after: tail) }
    }

    /// Shift is entered at `time`. - Returns: The new shift state.
    mutating func enterShift(at time: VirtualTime) -> ShiftState { changeState { $0.enterShift(at: time) } }

    /// A character was entered: shift (not caps lock) goes off before it goes in, so
    /// auto-capitalisation can turn it on again for the next one.
    mutating func releaseShift() { changeState { $0.releaseShift() } }

    /// Shows another layer; a finger on a key is now on the key at the same place (`moved`).
    mutating func show(_ layer: KeyboardLayer, fingerNowOn moved: KeyID?) {
        changeState { $0.show(layer) }
        if let moved { recognizer.keysChanged(under: .key(moved)) }
    }

    /// Starts from a given layer and shift (tests and simulators that set the keyboard up).
    mutating func preset(layer: KeyboardLayer, shift: ShiftState) { changeState { $0.preset(layer: layer, shift: shift) } }

    /// Puts the whole keyboard state back as it was (after `type` into a secure field).
    mutating func restore(_ before: KeyboardState) { madeState = before }

    /// Changes the state in place, made first if it was not yet.
    private mutating func changeState<Result>(_ change: (inout KeyboardState) -> Result) -> Result {
        if madeState == nil { madeState = KeyboardState(layout: .matching(layoutTag)) }
        // Changed in place inside its optional: moving it out and back copied it per keystroke.
        guard let result = madeState?.lend(change) else { preconditionFailure("the keyboard state was just made") }
        return result
    }
}

extension KeyboardState {
    /// Lends this state to `body` in place; `state?.lend(body)` reaches it inside its optional
    /// without copying it.
    fileprivate mutating func lend<Result>(_ body: (inout KeyboardState) -> Result) -> Result { body(&self) }
}
