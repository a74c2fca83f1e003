/// The model of a screen-reader session: it takes commands at times on a virtual clock and
/// produces, in time order, what the user hears and what happens to the text.
///
/// ```swift
/// var engine = try Engine()
/// var events = EventCollector()
/// try engine.run(ScriptLine(location: .init(line: 1, column: 1),
///                           command: .field(FieldDeclaration(id: "name", kind: .text, label: "Name"))), into: &events)
/// ```
///
/// The engine keeps no history: events go to the sink as they happen, so memory does not grow
/// with the length of a session (expectations remember a bounded window, see `expectations`).
public struct Engine: Sendable {
    /// The settings in force.
    public internal(set) var settings: Settings
    /// Settings given on the command line, which win over the script's.
    private let overrides: [(key: String, value: String)]
    /// The current time.
    public private(set) var now = VirtualTime.zero
    /// Elements in reading order.
    public internal(set) var elements: [Element] = []
    var index: [String: Int] = [:]
    /// The index of the focused element in `elements`.
    public internal(set) var focusIndex: Int?
    /// What swipe up and down act on.
    public private(set) var rotor = RotorUnit.characters
    /// What the user has copied; never text from a secure field.
    var clipboard: String?
    /// The edit action chosen with the rotor, performed by the next double tap.
    var chosenEditAction: EditAction?
    /// Whether any secure field has ever held text in this session (see `check`).
    var secureInputSeen = false
    var phrasebook: Phrasebook
    var speech = SpeechChannel()
    var expectations = ExpectationLog()
    var outbox: [TimedEvent] = []
    /// A user's own phonetic alphabet, kept across locale changes.
    var customPhonetics: PhoneticAlphabet?
    /// Warnings not yet taken by `takeWarnings()`.
    var pendingWarnings: [EngineWarning] = []
    var keyboard = OnScreenKeyboard(locale: "en-US", mode: .standard)
    /// Value updates already spoken (see `Engine+Screen`).
    var screen = ScreenState()

    /// Creates an engine with VoiceOver's default settings and command-line overrides.
    /// - Parameter overrides: `KEY=VALUE` pairs that win over any `settings` line.
    public init(settings: Settings = Settings(), overrides: [(key: String, value: String)] = []) throws(SettingError) {
        var settings = settings
        for (key, value) in overrides { try settings.set(key, to: value) }
        self.settings = settings
        self.overrides = overrides
        do {
            phrasebook = try Phrasebook(locale: settings.locale)
        } catch {
            throw SettingError(key: "locale", problem: error.description)
        }
        if let warning = phrasebook.warning { pendingWarnings.append(EngineWarning(warning, at: nil)) }
    }

    /// The focused element, if any.
    public var focusedElement: Element? { focusIndex.map { elements[$0] } }

    /// The element with an id.
    public func element(_ id: String) -> Element? { index[id].map { elements[$0] } }

    /// Runs one script line: advances the clock to its `@S` time if it has one, performs the
    /// command, and sends every event up to now to `sink`.
    /// - Returns: A failed expectation, if the line was an `expect` that did not hold.
    /// - Throws: `ScriptError` for a command that cannot be performed here (an unknown id,
    ///   typing with no field being edited, time going backwards).
    @discardableResult
    public mutating func run(_ line: ScriptLine, into sink: inout some EventSink) throws(ScriptError) -> ExpectationFailure? {
        defer { drain(into: &sink) }
        if let at = line.at {
            let target = VirtualTime(milliseconds: Int64((at * 1000).rounded()))
            guard target >= now else {
                throw ScriptError(.timeBackwards, "@\(VirtualTime(milliseconds: target.milliseconds)) is before the current time \(now)", at: line.location)
            }
            advance(to: target)
        }
        return try perform(line.command, at: line.location)
    }

    /// Lets virtual time run until nothing more is pending (queued speech ends, hints are said)
    /// and sends those events to `sink`. Call once at the end of a session.
    public mutating func finish(into sink: inout some EventSink) {
        while let next = [speech.nextDue, keyboard.restDue].compactMap({ $0 }).min() { advance(to: next) }
        drain(into: &sink)
    }

    private mutating func drain(into sink: inout some EventSink) {
        for event in outbox { sink.receive(event) }
        outbox.removeAll(keepingCapacity: true)
    }

    // MARK: - Dispatch

    private mutating func perform(_ command: Command, at location: SourceLocation) throws(ScriptError) -> ExpectationFailure? {
        if command.isInput { speech.cancelPending() }
        if command.releasesFinger { releaseFinger() }
        if case .expect = command {} else { expectations.commandRan() }
        switch command {
        case .settings(let assignments):
            try apply(assignments)
        case .field(let declaration):
            let field: Element
            do { field = try Element(declaration, locale: phrasebook.icuLocale) } catch {
                throw ScriptError(.badDeclaration, error.description, at: location)
            }
            try declare(field, at: location)
        case .element(let declaration):
            try declare(makeElement(declaration), at: location)
        case .focus(let id):
            focus(try focusable(id))
        case .error(let id, let message):
            try setError(id, message)
        case .validate:
            validate()
        case .swipe(let direction):
            try swipe(direction, at: location)
        case .rotor(let unit):
            rotor = unit
            chosenEditAction = nil
            say(phrasebook.string("rotor.\(unit.rawValue)"), role: .status)
        case .doubleTap:
            try doubleTapGesture(at: location)
        case .keys(let text):
            try typeOnHardwareKeyboard(text, at: location)
        case .key(let key):
            try press(key, at: location)
        case .wait(let seconds):
            advance(to: now + VirtualDuration(seconds: seconds))
        case .expect(let expectation):
            return check(expectation, at: location)
        case .touch, .slide, .lift, .splitTap, .hold:
            try fingerGesture(command, at: location)
        case .type(let text):
            try type(text, at: location)
        case .edit(let action):
            try edit(action, at: location)
        case .clipboard(let text):
            clipboard = text
        case .dictate(let text):
            try dictate(text, at: location)
        }
        return nil
    }

    private mutating func apply(_ assignments: [SettingAssignment]) throws(ScriptError) {
        for assignment in assignments where !overrides.contains(where: { $0.key == assignment.key }) {
            do { try settings.set(assignment.key, to: assignment.value) } catch {
                let location = Settings.keys.contains(assignment.key) ? assignment.valueLocation : assignment.location
                throw ScriptError(.badSetting, error.description, at: location)
            }
            if assignment.key == "locale" {
                do { try loadPhrasebook(warningAt: assignment.valueLocation) } catch {
                    throw ScriptError(.badSetting, error.description, at: assignment.valueLocation)
                }
            }
        }
    }

    private mutating func declare(_ element: Element, at location: SourceLocation) throws(ScriptError) {
        if let field = element.field, field.isSecure, !field.buffer.isEmpty { secureInputSeen = true }
        if let existing = index[element.id] {
            // A new declaration of an id replaces the element in place (a screen update).
            let old = elements[existing]
            elements[existing] = element
            noticeUpdate(from: old, to: element, at: existing)
            return
        }
        guard !element.id.isEmpty else { throw ScriptError(.badDeclaration, "an element needs an id", at: location) }
        index[element.id] = elements.count
        elements.append(element)
    }

    func suggestion(for id: String) -> String {
        elements.map(\.id).closest(to: id).map { "; did you mean '\($0)'?" } ?? ""
    }

    // MARK: - Time and output

    /// Moves the clock forward, performing everything scheduled up to and including `time`.
    mutating func advance(to time: VirtualTime) {
        while true {
            if let rest = keyboard.restDue, rest <= time, speech.nextDue.map({ rest < $0 }) ?? true {
                now = Swift.max(now, rest)
                fingerRested()
                continue
            }
            guard let due = speech.popDue(through: time) else { break }
            now = Swift.max(now, due.time)
            switch due.action {
            case .finish(let id):
                emit(.finished(id: id, completed: true))
            case .speak(let delayed):
                say(delayed.text, role: delayed.role, pitch: delayed.pitch, interrupts: false)
            }
        }
        now = Swift.max(now, time)
    }

    /// Sends an event at the current time.
    mutating func emit(_ event: Event) {
        expectations.record(event)
        outbox.append(TimedEvent(time: now, event: event))
    }

    /// Speaks now: an interrupting utterance cuts everything being said or queued.
    mutating func say(_ text: String, role: SpeechRole, pitch: Double = 1.0, interrupts: Bool = true) {
        if interrupts {
            for id in speech.cutAll(at: now) { emit(.finished(id: id, completed: false)) }
        }
        let duration = SpeechTiming.duration(of: text, rate: settings.rate)
        let id = speech.enqueue(duration: duration, at: now)
        emit(.speak(Utterance(id: id, text: text, role: role, locale: phrasebook.locale, pitch: pitch,
                              duration: duration, interrupts: interrupts)))
    }

    /// Schedules an utterance after a delay that any input cancels (hints, phonetic words).
    mutating func sayLater(_ text: String, role: SpeechRole, after delay: VirtualDuration) {
        speech.schedule(DelayedUtterance(text: text, role: role, pitch: 1.0), at: speech.quietTime(after: now) + delay)
    }

    /// Plays a sound now.
    mutating func play(_ sound: SoundName) { emit(.sound(sound)) }
}

extension Command {
    /// Whether the command is user input, which cancels a pending hint or phonetic word.
    var isInput: Bool {
        switch self {
        case .settings, .field, .element, .clipboard, .wait, .expect, .error: return false
        default: return true
        }
    }

    /// Whether the command is input that takes the finger off the screen (it does not enter
    /// the key under it): everything but finger gestures, double tap and `type`.
    var releasesFinger: Bool {
        switch self {
        case .touch, .slide, .lift, .splitTap, .hold, .doubleTap, .type: return false
        default: return isInput
        }
    }
}

extension Engine: CustomStringConvertible, CustomReflectable {
    /// A summary without any text: `Engine(at 3.000, 3 elements, focus pw)`.
    public var description: String {
        let focus = focusedElement.map { ", focus \($0.id)" } ?? ""
        return "Engine(at \(now), \(elements.count) elements\(focus))"
    }

    /// The state a debugger needs; fields show counts only (see `TextField`).
    public var customMirror: Mirror {
        Mirror(self, children: ["now": now, "elements": elements, "focusIndex": focusIndex as Any,
                                "rotor": rotor, "settings": settings], displayStyle: .struct)
    }
}
