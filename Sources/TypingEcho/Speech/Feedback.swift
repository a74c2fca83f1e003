/// What the user hears (and, with braille, will feel) for one change, in the order it is heard:
/// sounds, utterances and the place where the model reports the change itself.
///
/// Feedback is a value: the echo composer (`EchoComposer`) and the focus composer
/// (`Announcer`) make it from a change without touching the engine, and one output stage
/// (`Engine.deliver(_:reporting:)`) puts it on the clock and turns it into events.
struct Feedback: Sendable, Hashable {
    /// The first cues, held in the value itself: almost every change's feedback has at most
    /// four (a sound, the report, what is said, a phonetic word later), so composing it
    /// allocates nothing. `Cue.report` fills the unused slots.
    private var first = Cue.report, second = Cue.report, third = Cue.report, fourth = Cue.report
    /// The cues past the fourth, in order (the words a typed character ends, when it ends many).
    private var overflow: [Cue] = []
    /// How many cues there are.
    private(set) var count = 0
    /// Whether the change is reported before every cue (no `reportChange()` mark).
    private(set) var reportsFirst = true

    /// How many cues are held inline.
    private static let inlineCount = 4

    /// Nothing heard.
    static let silence = Feedback()

    /// Feedback of one sound.
    static func sound(_ name: SoundName) -> Feedback {
        var feedback = Feedback()
        feedback.play(name)
        return feedback
    }

    /// The cue at `index` (0 ..< `count`), in the order it happens.
    subscript(index: Int) -> Cue {
        precondition(index >= 0 && index < count, "cue index out of range")
        switch index {
        case 0: return first
        case 1: return second
        case 2: return third
        case 3: return fourth
        default: return overflow[index - Self.inlineCount]
        }
    }

    /// Calls `body` with each cue in the order they happen, lent without a copy.
    func forEachCue(_ body: (Cue) -> Void) {
        guard count > 0 else { return }
        body(first)
        guard count > 1 else { return }
        body(second)
        guard count > 2 else { return }
        body(third)
        guard count > 3 else { return }
        body(fourth)
        for cue in overflow { body(cue) }
    }

    /// The cues in the order they happen (tests and descriptions; delivery reads them by index).
    var cues: [Cue] { (0..<count).map { self[$0] } }

    /// Adds a cue after the others.
    private mutating func add(_ cue: Cue) {
        switch count {
        case 0: first = cue
        case 1: second = cue
        case 2: third = cue
        case 3: fourth = cue
        default: overflow.append(cue)
        }
        count += 1
    }

    /// Plays a sound next.
    mutating func play(_ name: SoundName) { add(.sound(name)) }

    /// Marks where the model's own events for the change (its `edit`, `cursor` or `focus`)
    /// are reported: a move ticks as it leaves, then the insertion point is reported, then
    /// what it passed is said. Feedback without the mark reports the change first.
    mutating func reportChange() {
        add(.report)
        reportsFirst = false
    }

    /// Says something next.
    /// `fallback`: its words are VoiceOver's for want of a source for the reader's.
    mutating func say(_ text: String, role: SpeechRole, pitch: Double = 1.0, turn: SpeechTurn = .interrupts, fallback: Bool = false) {
        add(.speech(SpokenCue(text: text, role: role, pitch: pitch, turn: turn, fallback: fallback)))
    }

    /// Says something once what is queued has been said and `delay` has passed, unless any
    /// input comes first (a hint, a phonetic word).
    mutating func sayLater(_ text: String, role: SpeechRole, after delay: VirtualDuration, fallback: Bool = false) {
        add(.speech(SpokenCue(text: text, role: role, pitch: 1.0, turn: .later(delay), fallback: fallback)))
    }

    /// Adds another feedback's cues after these.
    mutating func append(_ other: Feedback) {
        other.forEachCue { add($0) }
        if !other.reportsFirst { reportsFirst = false }
    }

    /// The texts that will be spoken, in order (delayed ones included).
    var spokenTexts: [String] {
        cues.compactMap { if case .speech(let cue) = $0 { cue.text } else { nil } }
    }

    /// The sounds that will be played, in order.
    var sounds: [SoundName] {
        cues.compactMap { if case .sound(let name) = $0 { name } else { nil } }
    }

    /// Equal when the same cues happen in the same order, reported at the same place.
    static func == (left: Feedback, right: Feedback) -> Bool {
        left.count == right.count && left.reportsFirst == right.reportsFirst && (0..<left.count).allSatisfy { left[$0] == right[$0] }
    }

    /// Hashes the cues in order and where the change is reported.
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(reportsFirst)
        for index in 0..<count { hasher.combine(self[index]) }
    }
}

/// One step of feedback.
enum Cue: Sendable, Hashable {
    /// A sound (`click`, `tick`, `boundary`...).
    case sound(SoundName)
    /// Something said.
    case speech(SpokenCue)
    /// Where the model's own events for the change go (see `Feedback.reportChange()`).
    case report
}

/// Something said: its words, why, at what pitch, and when it takes its turn.
struct SpokenCue: Sendable, Hashable {
    /// The words.
    var text: String
    /// Why they are said (the `role` of the `speak` event).
    var role: SpeechRole
    /// Pitch multiplier; 1.0 is normal.
    var pitch: Double
    /// Whether it cuts what is being said, waits, follows typing or is said later.
    var turn: SpeechTurn
    /// Whether its words are VoiceOver's for want of a source for the reader's own.
    var fallback = false
}

/// When an utterance takes its turn in the synthesizer's queue.
enum SpeechTurn: Sendable, Hashable {
    /// It cuts everything being said or queued.
    case interrupts
    /// It waits until what is being said has been said.
    case queues
    /// Typing feedback: it cuts what is being said unless that is the typing feedback of
    /// earlier keys less than a second behind, which it then follows; later cues of the same
    /// feedback follow it (`SpeechChannel.mayFollowTyping`).
    case followsTyping
    /// It is said after what is queued and this delay; any input before then drops it.
    case later(VirtualDuration)
}
