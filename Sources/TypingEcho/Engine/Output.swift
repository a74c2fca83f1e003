/// The output stage's state: the virtual clock, the synthesizer's queue with everything
/// scheduled on it (`speech`), where events go, and what was heard for `expect`.
///
/// Events go straight to the sink of the `run` or `finish` in progress, or, outside those
/// calls, into an outbox sent with the next.
struct Output: Sendable {
    /// The virtual clock, which only the output stage moves on.
    private(set) var clock = Clock()
    /// The synthesizer's queue, hints and phonetic words waiting for their delay.
    private(set) var speech = SpeechChannel()
    /// What was heard since the previous `expect`.
    private(set) var heard = ExpectationLog()
    /// Events emitted while no sink is live (outside `run` and `finish`), sent with the next.
    private(set) var outbox: [TimedEvent] = []
    /// The sink of the `run` or `finish` in progress: events go straight to it as they happen,
    /// so a long command (a 10 MB `keys` line) holds none of them. Always nil outside those
    /// calls, so copies of an engine never carry one; hence `nonisolated(unsafe)`.
    private nonisolated(unsafe) var liveSink: ((TimedEvent) -> Void)?

    /// Sends an event at a time, and remembers it for expectations.
    mutating func emit(_ event: Event, at time: VirtualTime) {
        heard.record(event)
        let timed = TimedEvent(time: time, event: event)
        if let liveSink { liveSink(timed) } else { outbox.append(timed) }
    }

    /// Makes `forward` the live sink, after handing it what waited in the outbox.
    mutating func open(_ forward: @escaping (TimedEvent) -> Void) {
        // Mostly nothing waits: no iterator is made for an empty outbox (a debug build's
        // generic calls, on every command).
        guard !outbox.isEmpty else {
            liveSink = forward
            return
        }
        for event in outbox { forward(event) }
        outbox.removeAll()
        liveSink = forward
    }

    /// Ends the live sink: events wait in the outbox again.
    mutating func close() { liveSink = nil }

    /// A command ran (not an `expect`): a checked window of what was heard starts again.
    mutating func commandRan() { heard.commandRan() }

    /// The window of what was heard has been checked by an `expect`.
    mutating func closeExpectationWindow() { heard.close() }

    // MARK: - The clock

    /// The time a move to `requested` may reach: `requested`, or the clock's limit (marking
    /// the overrun).
    mutating func boundTime(_ requested: VirtualTime) -> VirtualTime { clock.bound(requested) }

    /// Moves the clock on to `time` if it is later; it never goes back.
    mutating func reachTime(_ time: VirtualTime) { clock.reach(time) }

    // MARK: - The synthesizer's queue

    /// Cuts whatever is playing or queued at `time`; returns their ids in order.
    mutating func cutSpeech(at time: VirtualTime) -> [Int] { speech.cutAll(at: time) }

    /// Queues an utterance of `duration` after what is playing at `time`; returns its id and
    /// when it starts to be heard.
    mutating func queueSpeech(duration: VirtualDuration, at time: VirtualTime, isTyping: Bool) -> (id: Int, start: VirtualTime) {
        speech.enqueue(duration: duration, at: time, isTyping: isTyping)
    }

    /// Schedules an utterance that any input cancels.
    mutating func schedule(_ utterance: DelayedUtterance, at time: VirtualTime) { speech.schedule(utterance, at: time) }

    /// Drops pending hints and phonetic words: the user did something first.
    mutating func cancelPendingSpeech() { speech.cancelPending() }

    /// Removes and returns the first thing due at or before `time`.
    mutating func popDue(through time: VirtualTime) -> SpeechChannel.Due? { speech.popDue(through: time) }
}
