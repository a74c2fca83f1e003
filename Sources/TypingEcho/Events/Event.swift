/// Why something is spoken (`role` in the event stream).
public enum SpeechRole: String, Sendable, Hashable, CaseIterable {
    /// A focus announcement of an element.
    case element
    /// A hint, after the hint delay.
    case hint
    /// A key explored on the on-screen keyboard.
    case key
    /// A typed character echoed back.
    case echo
    /// A finished word echoed back.
    case word
    /// A deleted character.
    case delete
    /// A phonetic word, after the phonetic delay.
    case phonetic
    /// The unit the insertion point passed over.
    case cursor
    /// A state change: editing, insertion point, rotor, typing mode.
    case status
    /// An announcement posted by the app or the engine (refusals, errors).
    case announcement
}

/// One utterance: what is said, how, and for how long.
public struct Utterance: Sendable, Hashable {
    /// A number unique within one run, used by `finished`.
    public var id: Int
    /// The words spoken.
    public var text: String
    /// Why it is spoken.
    public var role: SpeechRole
    /// The BCP 47 tag of the voice.
    public var locale: String
    /// Pitch multiplier; 1.0 is normal.
    public var pitch: Double
    /// The estimated time it takes to say.
    public var duration: VirtualDuration
    /// Whether it cut whatever was being said (otherwise it waits its turn).
    public var interrupts: Bool
    /// How long after its event's time it starts to be heard: zero unless it waits behind
    /// speech queued before it (the JSON's `start` is the event's `t` plus this).
    public var startDelay: VirtualDuration
    /// Whether the reader's words for it are unknown, so it is said as VoiceOver says it
    /// (`"fallback":true` in the event stream; always false with `reader=voiceover`).
    public var fallback: Bool

    /// Creates an utterance as a `speak` event carries it.
    public init(
        id: Int, text: String, role: SpeechRole, locale: String, pitch: Double = 1.0,
        duration: VirtualDuration, interrupts: Bool = true, startDelay: VirtualDuration = .zero, fallback: Bool = false
    ) {
        self.id = id
        self.text = text
        self.role = role
        self.locale = locale
        self.pitch = pitch
        self.duration = duration
        self.interrupts = interrupts
        self.startDelay = startDelay
        self.fallback = fallback
    }
}

/// A change to a field's text (`edit` event).
public struct FieldEdit: Sendable, Hashable {
    /// The field's id.
    public var field: String
    /// insert, delete or replace.
    public var operation: TextEdit.Operation
    /// Where the edit starts, in characters.
    public var offset: Int
    /// Characters inserted (how far the insertion point advanced) or removed.
    public var length: Int
    /// Characters in the field after the edit.
    public var count: Int
    /// The inserted or removed text; nil for secure fields, whose text never leaves the engine.
    public var text: String?

    /// Creates an edit as an `edit` event carries it; `text` is nil for a secure field.
    public init(field: String, operation: TextEdit.Operation, offset: Int, length: Int, count: Int, text: String?) {
        self.field = field
        self.operation = operation
        self.offset = offset
        self.length = length
        self.count = count
        self.text = text
    }
}

/// What gained focus (`focus` event).
public enum FocusTarget: Sendable, Hashable {
    /// An element by id.
    case element(String)
    /// A key of the on-screen keyboard by name.
    case key(String)
}

/// Something that happened, as a consumer of the event stream sees it (docs/event-stream.md).
public enum Event: Sendable, Hashable {
    /// Speech started or was queued.
    case speak(Utterance)
    /// A sound played.
    case sound(SoundName)
    /// A field's text changed.
    case edit(FieldEdit)
    /// The insertion point moved: field, offset in characters, offset in UTF-16.
    case cursor(field: String, offset: Int, utf16: Int)
    /// Focus moved.
    case focus(FocusTarget)
    /// An utterance ended, completely or cut.
    case finished(id: Int, completed: Bool)
    /// What the braille display shows changed (only with `braille=on`).
    case braille(BrailleWindow)
    /// The user activated an element (a double tap on a button, link, toggle, adjustable
    /// element or a key of the app's own): the app answers, as a simulator would.
    case activate(element: String)
    /// Editing of a text field started (`true`: the keyboard is shown for it) or ended.
    case editing(field: String, editing: Bool)
}

/// An event at its time on the virtual clock.
public struct TimedEvent: Sendable, Hashable {
    /// When it happened.
    public var time: VirtualTime
    /// What happened.
    public var event: Event

    /// When a `speak` event's utterance starts to be heard (its `start` in the JSON): ``time``
    /// unless it was queued behind earlier speech; nil for any other event.
    public var speechStart: VirtualTime? {
        if case .speak(let utterance) = event { time + utterance.startDelay } else { nil }
    }

    /// Creates a timed event.
    public init(time: VirtualTime, event: Event) {
        self.time = time
        self.event = event
    }
}

/// Where the engine sends events as they happen, so nothing has to be kept in memory.
public protocol EventSink {
    /// Receives the next event in time order.
    mutating func receive(_ event: TimedEvent)
}

/// A sink that collects events into an array, for tests and small simulations.
public struct EventCollector: EventSink, Sendable {
    /// The events received so far.
    public var events: [TimedEvent] = []

    /// Creates an empty collector.
    public init() {}

    /// Appends the event.
    public mutating func receive(_ event: TimedEvent) { events.append(event) }
}
