/// The output stage: the clock moves on, feedback is delivered to the speech channel, events
/// are emitted; and what is due, for simulators that pace a session and tests that wait until
/// speech ends.
extension Engine {
    /// Moves the clock forward, performing everything scheduled up to and including `time`.
    /// The clock never passes `VirtualTime.limit`: asked to, it stops there and marks the
    /// session (`checkClock` then fails the line); `advance(to:at:)` refuses before moving.
    mutating func advance(to requested: VirtualTime) {
        let time = output.boundTime(requested)
        while true {
            if let rest = keyboard.restDue, rest <= time, output.speech.nextDue.map({ rest < $0 }) ?? true {
                output.reachTime(rest)
                fingerRested()
                continue
            }
            guard let due = output.popDue(through: time) else { break }
            output.reachTime(due.time)
            switch due.action {
            case .finish(let id):
                emit(.finished(id: id, completed: true))
            case .speak(let delayed):
                say(delayed.text, role: delayed.role, pitch: delayed.pitch, interrupts: false, fallback: delayed.fallback)
            }
        }
        output.reachTime(time)
    }

    /// Sends an event at the current time; with braille on, a change of text, insertion point
    /// or focus is followed on the display.
    mutating func emit(_ event: Event) {
        output.emit(event, at: output.clock.now)
        if braille.isOn {
            switch event {
            case .edit, .cursor, .focus: refreshBraille()
            case .speak, .sound, .finished, .braille, .activate, .editing: break
            }
        }
    }

    /// Speaks now: an interrupting utterance cuts everything being said or queued. Typing
    /// feedback (`isTyping`: a typed character's echo, the words it ends) is remembered as such,
    /// so the next key's feedback may follow it (`SpeechChannel.mayFollowTyping`).
    mutating func say(_ text: String, role: SpeechRole, pitch: Double = 1.0, interrupts: Bool = true, isTyping: Bool = false, fallback: Bool = false) {
        if interrupts {
            let cut = output.cutSpeech(at: output.clock.now)
            var index = 0
            while index < cut.count {
                emit(.finished(id: cut[index], completed: false))
                index += 1
            }
        }
        let (locale, timing) = voice.spoken
        let duration = SpeechTiming.duration(of: text, model: timing, rate: configuration.current.rate)
        let (id, start) = output.queueSpeech(duration: duration, at: output.clock.now, isTyping: isTyping)
        emit(.speak(Utterance(id: id, text: text, role: role, locale: locale, pitch: pitch,
                              duration: duration, interrupts: interrupts, startDelay: start - output.clock.now, fallback: fallback)))
    }

    /// Schedules an utterance after a delay that any input cancels (hints, phonetic words).
    mutating func sayLater(_ text: String, role: SpeechRole, after delay: VirtualDuration, fallback: Bool = false) {
        output.schedule(DelayedUtterance(text: text, role: role, pitch: 1.0, fallback: fallback), at: output.speech.quietTime(after: output.clock.now) + delay)
    }

    /// Plays a sound now.
    mutating func play(_ sound: SoundName) { emit(.sound(sound)) }

    /// Composes the feedback for a change and delivers it; `report` sends the change's own
    /// events (its `edit`, `cursor` or `focus`) where the feedback puts them.
    mutating func echo(_ change: EchoChange, report: (inout Engine) -> Void = { _ in }) {
        assert(voice.followedRevision == configuration.revision && keyboard.followedRevision == configuration.revision
               && braille.followedRevision == configuration.revision, "a follower of the settings is behind the settings in force")
        deliver(voice.echo.feedback(for: change), report: report)
    }

    /// The output stage: plays the feedback's sounds, puts its utterances on the speech
    /// channel (cutting, queueing, following typing or scheduled later, as each says) and
    /// calls `report` where the feedback marks the change, or first when it does not.
    mutating func deliver(_ feedback: Feedback, report: (inout Engine) -> Void = { _ in }) {
        if feedback.reportsFirst { report(&self) }
        var typingTurnTaken = false
        feedback.forEachCue { cue in
            switch cue {
            case .report:
                report(&self)
            case .sound(let name):
                play(name)
            case .speech(let spoken):
                switch spoken.turn {
                case .interrupts:
                    say(spoken.text, role: spoken.role, pitch: spoken.pitch, fallback: spoken.fallback)
                case .queues:
                    say(spoken.text, role: spoken.role, pitch: spoken.pitch, interrupts: false, fallback: spoken.fallback)
                case .followsTyping:
                    // Only the first typing utterance of a change may cut: the rest follow it.
                    let interrupts = !typingTurnTaken && !output.speech.mayFollowTyping(at: output.clock.now)
                    typingTurnTaken = true
                    say(spoken.text, role: spoken.role, pitch: spoken.pitch, interrupts: interrupts, isTyping: true, fallback: spoken.fallback)
                case .later(let delay):
                    sayLater(spoken.text, role: spoken.role, after: delay, fallback: spoken.fallback)
                }
            }
        }
    }

    // MARK: - What is due

    /// When the next scheduled thing happens (an utterance ends, a hint or phonetic word is
    /// said, a finger resting on a key is heard), or nil when nothing is pending.
    package var nextDue: VirtualTime? {
        [output.speech.nextDue, keyboard.restDue].compactMap { $0 }.min()
    }

    /// Whether an utterance is playing or queued to play at the current time.
    package var isSpeaking: Bool { output.speech.isSpeaking }

    /// The hints and phonetic words waiting for their delay, first due first; any input
    /// before their time drops them.
    package var pendingSpeech: [PendingUtterance] {
        output.speech.pending.map { PendingUtterance(text: $0.utterance.text, role: $0.utterance.role, due: $0.time) }
    }
}

/// A hint or phonetic word waiting for its delay to pass.
public struct PendingUtterance: Sendable, Hashable {
    /// The words that will be spoken.
    public var text: String
    /// `hint` or `phonetic`.
    public var role: SpeechRole
    /// When it will be spoken if no input comes first.
    public var due: VirtualTime

    /// Creates a pending utterance.
    public init(text: String, role: SpeechRole, due: VirtualTime) {
        self.text = text
        self.role = role
        self.due = due
    }
}
