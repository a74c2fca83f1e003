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
package struct Engine: Sendable {
    /// The settings in force, with the command line's overrides.
    var configuration: SettingsInForce
    /// The elements, their ids, where touches land and the values spoken.
    var screen = Screen()
    /// The screen reader's focus and rotor.
    var reader = Reader()
    /// The field being edited, the clipboard, and whether a secure field has held text.
    var editor = Editor()
    /// The locale's words, a user's phonetic alphabet and the warnings they gave.
    var voice: Voice
    /// The clock, the synthesizer's queue, where events go, and what was heard for `expect`.
    var output = Output()
    /// The on-screen keyboard: its layout and layer, the finger on it, when a resting finger is heard.
    var keyboard = OnScreenKeyboard(locale: "en-US", mode: .standard)
    /// The braille display and Braille Screen Input: what is shown, the tables, held cells.
    var braille = BrailleDisplay()

    /// Creates an engine with VoiceOver's default settings and command-line overrides.
    /// - Parameters:
    ///   - settings: The settings to start from (VoiceOver's defaults unless given).
    ///   - overrides: `KEY=VALUE` pairs that win over any `settings` line.
    package init(settings: Settings = Settings(), overrides: [(key: String, value: String)] = []) throws(SettingError) {
        configuration = try SettingsInForce(settings, overrides: overrides)
        do {
            voice = try Voice(locale: configuration.current.locale, settings: configuration.current)
        } catch {
            throw SettingError(key: "locale", problem: error.description)
        }
        do { try followSettings(at: nil) } catch { throw SettingError(key: "braille", problem: error.message) }
    }

    /// The settings in force.
    package var settings: Settings { configuration.current }

    /// The words of the locale in force.
    var phrasebook: Phrasebook { voice.phrasebook }

    /// The place of the focused element in `elements`, for tests.
    /// - Complexity: O(1) while nothing was removed since the screen last compacted; O(n) otherwise.
    package var focusIndex: Int? { reader.focus.element.flatMap { screen.readingPosition(of: $0) } }

    /// What swipe up and down act on.
    package var rotor: RotorUnit { reader.rotor }

    /// The current time; never past `VirtualTime.limit`.
    package var now: VirtualTime { output.clock.now }

    /// The synthesizer's queue and what is scheduled on the clock.
    var speech: SpeechChannel { output.speech }

    /// Events emitted outside `run` and `finish`, waiting for the next.
    var outbox: [TimedEvent] { output.outbox }

    /// The focused element, if any.
    package var focusedElement: Element? { reader.focus.element.flatMap { screen.element($0) } }

    /// The element with an id.
    package func element(_ id: String) -> Element? { screen.element(id) }

    /// Elements in reading order.
    package var elements: [Element] { screen.elements }

    /// Runs one script line: advances the clock to its `@S` time if it has one, performs the
    /// command, and sends its events to `sink` as they happen (during the command, not when it
    /// ends, so a long `keys` line holds none of them).
    /// - Returns: A failed expectation, if the line was an `expect` that did not hold.
    /// - Throws: `ScriptError` for a command that cannot be performed here (an unknown id,
    ///   typing with no field being edited, time going backwards, a clock that would pass
    ///   1,000,000,000 s).
    @discardableResult
    package mutating func run(_ line: ScriptLine, into sink: inout some EventSink) throws(ScriptError) -> ExpectationFailure? {
        let place = LinePlace(line)
        let failure = try streaming(to: { sink.receive($0) }) { engine throws(ScriptError) in try engine.perform(line.command, at: line.at, place) }
        return failure.map { ExpectationFailure(location: line.location, message: $0) }
    }

    /// Runs one command that did not come from a script (a `Session` verb), as `run(_:into:)`
    /// runs a line: its errors have no location.
    /// - Returns: What a failed expectation expected and what happened instead.
    @discardableResult
    package mutating func run(_ command: Command, into sink: inout some EventSink) throws(ScriptError) -> String? {
        try streaming(to: { sink.receive($0) }) { engine throws(ScriptError) in try engine.perform(command, at: nil, LinePlace()) }
    }

    private mutating func perform(_ command: Command, at: Double?, _ place: LinePlace) throws(ScriptError) -> String? {
        if let at {
            guard let target = VirtualTime(checkedSeconds: at) else {
                throw ScriptError(.timeOutOfRange, "@S accepts at most 1,000,000,000 seconds (the clock stops there)", at: place.line)
            }
            guard target >= output.clock.now else {
                throw ScriptError(.timeBackwards, "@\(target) is before the current time \(output.clock.now)", at: place.line)
            }
            try advance(to: target, at: place.line)
        }
        let failure = try perform(command, place)
        if braille.isOn { try showBraille(at: place.line) }
        try checkClock(at: place.line)
        return failure
    }

    /// Moves the clock to `time`, or fails at `location` when that is past `VirtualTime.limit`.
    mutating func advance(to time: VirtualTime, at location: SourceLocation?) throws(ScriptError) {
        guard time <= VirtualTime.limit else { throw Self.clockError(at: location) }
        advance(to: time)
        try checkClock(at: location)
    }

    /// Moves the clock on by `duration`, or fails at `location` when that passes the limit.
    mutating func advance(by duration: VirtualDuration, at location: SourceLocation?) throws(ScriptError) {
        try advance(to: output.clock.now + duration, at: location)
    }

    /// Fails at `location` when the clock reached its limit or something is scheduled past it
    /// (speech that would end, a hint or a phonetic word that would start after 1,000,000,000 s).
    mutating func checkClock(at location: SourceLocation?) throws(ScriptError) {
        // No array, no `Optional.map`: this runs after every line (generic calls in a debug build).
        var late = false
        if let due = output.speech.lastDue, due > VirtualTime.limit { late = true }
        if let rest = keyboard.restDue, rest > VirtualTime.limit { late = true }
        guard !output.clock.overran, !late else { throw Self.clockError(at: location) }
    }

    static func clockError(at location: SourceLocation?) -> ScriptError {
        ScriptError("this would take the session's clock past 1,000,000,000 seconds, where it stops", at: location)
    }

    /// Lets virtual time run until nothing more is pending (queued speech ends, hints are said)
    /// and sends those events to `sink`. Call once at the end of a session.
    package mutating func finish(into sink: inout some EventSink) {
        streaming(to: { sink.receive($0) }) { engine in
            // Nothing past the clock's limit is run (a line that scheduled it failed already).
            while let next = [engine.speech.nextDue, engine.keyboard.restDue].compactMap({ $0 }).min(), next <= VirtualTime.limit {
                engine.advance(to: next)
            }
        }
    }

    /// Runs `body` with `receive` live: `emit` hands each event to it at once.
    ///
    /// It takes the sink's `receive`, not the sink: generic over the sink too, it was not
    /// specialised when a session of another module's sink called it, and looked up the
    /// metadata of its result's type at run time on every line (5 % of declaring a million elements).
    private mutating func streaming<Result, Failure: Error>(
        to receive: (TimedEvent) -> Void, _ body: (inout Engine) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var outcome: Swift.Result<Result, Failure>?
        withoutActuallyEscaping(receive) { forward in
            output.open(forward)
            defer { output.close() }
            do throws(Failure) { outcome = .success(try body(&self)) } catch { outcome = .failure(error) }
        }
        return try outcome!.get()
    }

    // MARK: - Dispatch

    private mutating func perform(_ command: Command, _ place: LinePlace) throws(ScriptError) -> String? {
        let location = place.line
        if let gesture = command.touchGesture, !configuration.current.style.touch {
            throw ScriptError(.gesture, "\(gesture): reader=\(configuration.current.reader.rawValue) (\(configuration.current.reader.displayName)) has no touch screen; use keys, or settings touch=on",
                              at: location)
        }
        if command.isInput { output.cancelPendingSpeech() }
        // A move or any other input ends Braille Screen Input's word: held cells are entered first.
        if command.isInput, !(command.continuesBrailleWord && brailleInputActive) { endBrailleWord() }
        if command.releasesFinger { releaseFinger() }
        if case .expect = command {} else { output.commandRan() }
        switch command {
        case .settings(let assignments):
            try apply(assignments, at: place)
        case .field(let declaration):
            let field: Element
            do { field = try Element(declaration, locale: voice.echo.phrasebook.icuLocale) } catch {
                throw ScriptError(.badDeclaration, error.description, at: location)
            }
            try declare(field, at: location)
        case .element(let declaration):
            try declare(makeElement(declaration), at: location)
        case .focus(let id):
            focus(try focusable(id, at: place.argument))
        case .focusKey(let name):
            try focusKey(name, at: place.argument)
        case .dismiss:
            try dismiss(at: location)
        case .error(let id, let message):
            try setError(id, message, at: place.argument)
        case .validate:
            validate()
        case .swipe(let direction):
            if brailleInputActive { try brailleSwipe(direction, fingers: 1, at: location) } else { try swipe(direction, at: location) }
        case .rotor(let unit):
            reader.turnRotor(to: unit)
            echo(.rotorTurned(unit))
        case .doubleTap:
            try doubleTapGesture(at: location)
        case .keys(let text):
            try typeOnHardwareKeyboard(text, at: location)
        case .key(let key):
            try press(key, at: location)
        case .wait(let seconds):
            guard let duration = VirtualDuration(checkedSeconds: seconds), duration.milliseconds >= 0 else {
                throw ScriptError("wait accepts at most 1,000,000,000 seconds (the clock stops there)", at: location)
            }
            try advance(by: duration, at: location)
        case .expect(let expectation):
            return check(expectation)
        case .touch(let target):
            try fingerGesture(.touch(target), at: location)
        case .slide(let target):
            try fingerGesture(.slide(target), at: location)
        case .lift:
            try fingerGesture(.lift, at: location)
        case .splitTap:
            try fingerGesture(.splitTap, at: location)
        case .hold:
            try fingerGesture(.hold, at: location)
        case .type(let text):
            try type(text, at: location)
        case .edit(let action):
            try edit(action, at: location)
        case .clipboard(let text):
            editor.copy(text)
        case .dictate(let text):
            try dictate(text, at: location)
        case .route(let cell):
            try route(cell, at: location)
        case .pan(let direction):
            pan(direction)
        case .brailleInput(let on):
            try setBrailleInput(on, at: location)
        case .chord(let cell):
            try chord(cell, at: location)
        case .chords(let cells):
            try chords(cells, at: location)
        case .fingerSwipe(let direction, let fingers):
            try fingerSwipe(direction, fingers: fingers, at: location)
        case .announce(let text):
            echo(.announced(text))
        case .screenChanged(let target):
            try screenChanged(focus: target, at: place.argument)
        case .layoutChanged(let target):
            try layoutChanged(focus: target, at: place.argument)
        case .remove(let id):
            try remove(id, at: place.argument)
        }
        return nil
    }

    private mutating func apply(_ assignments: [SettingAssignment], at place: LinePlace) throws(ScriptError) {
        // A reader's defaults come first: the other keys of the line apply on top of them.
        let ordered = assignments.indices.filter { assignments[$0].key == "reader" } + assignments.indices.filter { assignments[$0].key != "reader" }
        for index in ordered where !configuration.isOverridden(assignments[index].key) {
            let assignment = assignments[index]
            let written = place.setting(index)
            do { try configuration.set(assignment.key, to: assignment.value) } catch {
                // A reader's defaults may be in force before a later key failed: everything
                // follows whatever is in force now, and the key's own error is the one reported.
                try? followSettings(at: written.value)
                let location = Settings.keys.contains(assignment.key) ? written.value : written.key
                throw ScriptError(.badSetting, error.description, at: location)
            }
            try followSettings(at: written.value)
            if assignment.key == "locale" {
                do { try voice.speak(locale: configuration.current.locale, warningAt: written.value) } catch {
                    throw ScriptError(.badSetting, error.description, at: written.value)
                }
            }
        }
    }

    private mutating func declare(_ element: Element, at location: SourceLocation?) throws(ScriptError) {
        if let field = element.field { editor.offer(nonEmpty: !field.buffer.isEmpty, toSecureField: field.isSecure) }
        // A new declaration of an id replaces the element in place (a screen update).
        switch screen.declare(element) {
        case .replaced(let identity, let old)?:
            // The app replaced the field: a word held or being read back for it is dropped, and
            // the keyboard follows the edited field's keyboard type.
            brailleFieldReplaced(identity)
            if identity == editor.editedField { syncKeyboard() }
            noticeUpdate(from: old, to: element, at: identity)
        case .added?:
            break
        case nil:
            throw ScriptError(.badDeclaration, "an element needs an id", at: location)
        }
    }
}

/// Where the parts of the line being run are in its script, for the errors that point at
/// them; nothing for a command that did not come from a script (its errors have no location).
struct LinePlace {
    /// Where the command word starts.
    var line: SourceLocation?
    /// Where the argument an error points at starts, the line's start when none was given.
    var argument: SourceLocation?
    /// Where each pair of a `settings` line starts.
    private var settings: [SettingLocation] = []

    /// No place: a command from a `Session` verb.
    init() {}

    /// The places of a script line.
    init(_ line: ScriptLine) {
        self.line = line.location
        argument = line.argumentLocation ?? line.location
        settings = line.settingLocations
    }

    /// Where the `index`th pair of a `settings` line starts (the line's start for both when the
    /// line does not say).
    func setting(_ index: Int) -> (key: SourceLocation?, value: SourceLocation?) {
        settings.indices.contains(index) ? (settings[index].key, settings[index].value) : (line, line)
    }
}

extension Command {
    /// Whether the command is user input, which cancels a pending hint or phonetic word.
    /// Every command is named, so a new one must say whether it is input.
    var isInput: Bool {
        switch self {
        // The app's own changes are not the user's input: a focus move they make drops a
        // pending hint itself (`Engine+App`).
        case .settings, .field, .element, .clipboard, .wait, .expect, .error, .pan, .announce, .screenChanged, .layoutChanged, .remove:
            return false
        // `validate` is the user submitting a form: input.
        case .validate, .focus, .focusKey, .dismiss, .swipe, .rotor, .doubleTap, .touch, .slide, .lift, .splitTap, .hold,
             .type, .keys, .key, .edit, .dictate, .route, .brailleInput, .chord, .chords, .fingerSwipe:
            return true
        }
    }

    /// Whether the command, while Braille Screen Input is on, is one of its gestures (a chord,
    /// its swipes), which handle the word being typed themselves; any other input ends the word
    /// first (`braille-input on|off` included).
    var continuesBrailleWord: Bool {
        switch self {
        case .chord, .chords, .fingerSwipe, .swipe: true
        case .brailleInput, .settings, .field, .element, .focus, .focusKey, .dismiss, .rotor, .doubleTap, .touch, .slide, .lift, .splitTap,
             .hold, .type, .keys, .key, .edit, .clipboard, .dictate, .error, .validate, .wait, .expect, .announce,
             .screenChanged, .layoutChanged, .remove, .route, .pan:
            false
        }
    }

    /// The command's name when it is a touch-screen gesture, which a reader without one
    /// (`touch=off`) cannot perform; nil for keys, declarations and the rest.
    var touchGesture: String? {
        switch self {
        case .swipe(let direction): "swipe \(direction.rawValue)"
        case .rotor: "rotor"
        case .doubleTap: "double-tap"
        case .touch: "touch"
        case .slide: "slide"
        case .lift: "lift"
        case .splitTap: "split-tap"
        case .hold: "hold"
        case .type: "type"
        case .focusKey: "focus-key"
        case .fingerSwipe(let direction, let fingers): "swipe \(direction.rawValue) fingers=\(fingers)"
        case .settings, .field, .element, .clipboard, .wait, .expect, .error, .validate, .focus, .dismiss, .keys, .key,
             .edit, .dictate, .route, .pan, .brailleInput, .chord, .chords, .announce, .screenChanged, .layoutChanged, .remove:
            nil
        }
    }

    /// Whether the command is input that takes the finger off the screen (it does not enter
    /// the key under it): everything but finger gestures, double tap and `type`.
    var releasesFinger: Bool {
        switch self {
        case .touch, .slide, .lift, .splitTap, .hold, .doubleTap, .type:
            return false
        case .settings, .field, .element, .clipboard, .wait, .expect, .error, .validate,
             .focus, .focusKey, .dismiss, .swipe, .rotor, .keys, .key, .edit, .dictate, .route, .pan, .brailleInput,
             .chord, .chords, .fingerSwipe,
             .announce, .screenChanged, .layoutChanged, .remove:
            return isInput
        }
    }
}

extension Engine: CustomStringConvertible, CustomReflectable {
    /// A summary without any text: `Engine(at 3.000, 3 elements, focus pw)`.
    public var description: String {
        // The focused element's id read in place (not the element copied), the parts appended.
        var text = "Engine(at "
        text += output.clock.now.description
        text += ", "
        text += String(screen.count)
        text += " elements"
        if let focused = reader.focus.element {
            text += ", focus "
            text += screen.id(of: focused)
        }
        text += ")"
        return text
    }

    /// The state a debugger needs; fields show counts only (see `TextField`).
    public var customMirror: Mirror {
        Mirror(self, children: ["now": output.clock.now, "elements": screen.elements, "focusIndex": focusIndex as Any,
                                "rotor": reader.rotor, "settings": configuration.current], displayStyle: .struct)
    }
}
