/// An event sink that hands events to an `AsyncStream`, for consumers that prefer
/// `for await` to a synchronous sink (a UI that shows captions, a task that logs).
///
/// The engine stays synchronous: it calls ``receive(_:)`` as each event happens, and the
/// stream buffers events (without limit unless a policy is given) until the consumer
/// takes them. Call ``finish()`` when the session is over so the `for await` loop ends.
///
/// ```swift
/// let (events, sink) = AsyncEventSink.makeStream()
/// var session = try Session(sink: sink)
/// let captions = Task { () -> [String] in
///     var spoken: [String] = []
///     for await timed in events { if case .speak(let utterance) = timed.event { spoken.append(utterance.text) } }
///     return spoken
/// }
/// try session.declareField("user", label: "Username")
/// try session.focus("user")
/// session.runUntilIdle()
/// session.sink.finish()
/// let spoken = await captions.value  // ["Username, text field", "Double tap to edit."]
/// ```
public struct AsyncEventSink: EventSink, Sendable {
    private let continuation: AsyncStream<TimedEvent>.Continuation

    /// Creates a sink that yields to `continuation`.
    public init(_ continuation: AsyncStream<TimedEvent>.Continuation) { self.continuation = continuation }

    /// A stream of events and the sink that feeds it.
    /// - Parameter bufferingPolicy: How many events the stream keeps while the consumer is
    ///   behind; unbounded by default, so no event is lost.
    public static func makeStream(
        bufferingPolicy: AsyncStream<TimedEvent>.Continuation.BufferingPolicy = .unbounded
    ) -> (events: AsyncStream<TimedEvent>, sink: AsyncEventSink) {
        let (stream, continuation) = AsyncStream.makeStream(of: TimedEvent.self, bufferingPolicy: bufferingPolicy)
        return (stream, AsyncEventSink(continuation))
    }

    /// Yields the event to the stream.
    public mutating func receive(_ event: TimedEvent) { continuation.yield(event) }

    /// Ends the stream: the consumer's `for await` loop finishes after the buffered events.
    public func finish() { continuation.finish() }
}
