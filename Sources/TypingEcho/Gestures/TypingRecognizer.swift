/// Where a finger is, once hit testing has resolved a `touch`/`slide` target.
enum FingerTarget: Sendable, Hashable {
    /// A key of the on-screen keyboard.
    case key(KeyID)
    /// One of the alternates shown by touch-and-hold, by index.
    case alternate(Int)
    /// An element on screen, by identity.
    case element(ElementID)
    /// Nothing: off the keyboard and outside every element.
    case nothing
}

/// A finger gesture as the typing modes see it.
enum FingerGesture: Sendable, Hashable {
    /// A finger lands on a target.
    case touch(FingerTarget)
    /// The finger moves to a target without lifting.
    case slide(FingerTarget)
    /// The finger leaves the screen.
    case lift
    /// A second finger taps while the first rests.
    case splitTap
    /// Touch-and-hold: the key's alternates appear when it has `alternates` of them.
    case hold(alternates: Int)
    /// A one-finger double tap anywhere.
    case doubleTap
    /// The finger has rested on a key for longer than the tap time (direct typing).
    case rest
}

/// What the engine does in response to a gesture.
enum TypingAction: Sendable, Hashable {
    /// Speak the target and put VoiceOver's cursor on it (a key, an alternate, an element).
    case explore(FingerTarget)
    /// Enter a key.
    case enter(KeyID)
    /// Enter one of a key's alternates.
    case enterAlternate(KeyID, Int)
    /// Show a key's alternates (the first is preselected and spoken).
    case showAlternates(KeyID)
    /// Enter the key VoiceOver's cursor is on; with no key focused, a double tap's usual meaning.
    case enterFocusedKey
    /// Activate the element under the finger (split tap on an element).
    case activateElement
    /// Start the tap-time timer (direct typing).
    case startResting
    /// Stop the tap-time timer.
    case stopResting
}

/// A gesture that cannot be done in the finger's state, with a message saying what to do.
struct GestureRefusal: Error, Sendable, Hashable {
    var message: String
}

/// The alternates shown by touch-and-hold and which one the finger is on.
struct AlternatesPopup: Sendable, Hashable {
    /// The key held.
    var key: KeyID
    /// The alternate under the finger, if the finger is on one.
    var selected: Int?

    /// The finger moves within the popup: speaks an alternate when it reaches a new one.
    mutating func move(to target: FingerTarget) -> [TypingAction] {
        let now: Int? = if case .alternate(let index) = target { index } else { nil }
        defer { selected = now }
        guard let now, now != selected else { return [] }
        return [.explore(.alternate(now))]
    }

    /// Lifting enters the alternate under the finger, in every typing mode.
    var lift: [TypingAction] { selected.map { [.enterAlternate(key, $0)] } ?? [] }

    /// What a gesture does while the popup is open, the same in every typing mode: touching
    /// or sliding selects, lifting enters the selection and closes the popup; anything else
    /// is ignored.
    mutating func respond(to gesture: FingerGesture) -> (actions: [TypingAction], closed: Bool) {
        switch gesture {
        case .touch(let target), .slide(let target): return (move(to: target), false)
        case .lift: return (lift, true)
        default: return ([], false)
        }
    }
}

/// The gesture recogniser of the typing mode in force: one explicit state machine per mode.
enum TypingRecognizer: Sendable, Hashable {
    /// Standard typing: double tap or split tap enters.
    case standard(StandardTyping)
    /// Touch typing: lifting enters.
    case touch(TouchTyping)
    /// Direct touch typing: a quick tap enters.
    case direct(DirectTyping)

    /// A recogniser with the finger up.
    init(mode: TypingMode) {
        switch mode {
        case .standard: self = .standard(StandardTyping())
        case .touch: self = .touch(TouchTyping())
        case .direct: self = .direct(DirectTyping())
        }
    }

    /// The typing mode it recognises.
    var mode: TypingMode {
        switch self {
        case .standard: .standard
        case .touch: .touch
        case .direct: .direct
        }
    }

    /// Where the finger is, or nil when it is up.
    var finger: FingerTarget? {
        switch self {
        case .standard(let machine): machine.finger
        case .touch(let machine): machine.finger
        case .direct(let machine): machine.finger
        }
    }

    /// The alternates shown, while the finger holds a key.
    var popup: AlternatesPopup? {
        switch self {
        case .standard(let machine): machine.popup
        case .touch(let machine): machine.popup
        case .direct(let machine): machine.popup
        }
    }

    /// Feeds a gesture to the mode's state machine.
    /// - Throws: `GestureRefusal` for a gesture that needs a resting finger when there is none.
    mutating func handle(_ gesture: FingerGesture) throws(GestureRefusal) -> [TypingAction] {
        switch self {
        case .standard(var machine):
            defer { self = .standard(machine) }
            return try machine.handle(gesture)
        case .touch(var machine):
            defer { self = .touch(machine) }
            return try machine.handle(gesture)
        case .direct(var machine):
            defer { self = .direct(machine) }
            return try machine.handle(gesture)
        }
    }

    /// The keys changed under a resting finger (another layer is shown).
    mutating func keysChanged(under target: FingerTarget) {
        switch self {
        case .standard(var machine):
            machine.keysChanged(under: target)
            self = .standard(machine)
        case .touch(var machine):
            machine.keysChanged(under: target)
            self = .touch(machine)
        case .direct(var machine):
            machine.keysChanged(under: target)
            self = .direct(machine)
        }
    }

    /// The refusal for a split tap or hold with no finger resting.
    static func needsFinger(_ gesture: String) -> GestureRefusal {
        GestureRefusal(message: "\(gesture) needs a finger resting on a key; touch one first")
    }
}
