/// The record of bounded integer choices a generator makes while building one value.
///
/// Every random decision a ``Gen`` takes is a call to ``draw(upTo:)``. A fresh source
/// answers from a ``SeededGenerator``; a replaying source answers from a recorded
/// choice sequence (and with zero once that runs out). Shrinking edits the recorded
/// sequence and replays the generator, which is why it works through `map`, `flatMap`,
/// `filter` and collections without any per-type shrinking code.
///
/// Zero is always the simplest answer: generators map choice `0` to their simplest value.
public final class Source {
    // The stored properties are not checked for overlapping accesses at run time: a source is
    // one case's, used by one generator on one thread, and each draw's four checked accesses
    // (the generator lent to `fresh`, two appends) were a tenth of a campaign's generation.
    @exclusivity(unchecked) private var random: SeededGenerator?
    private let prefix: [UInt64]
    @exclusivity(unchecked) private(set) var choices: [UInt64] = []
    @exclusivity(unchecked) private(set) var bounds: [UInt64] = []
    @exclusivity(unchecked) private(set) var spans: [Range<Int>] = []

    /// The most choices one value may take before the case is abandoned.
    static let maximumChoices = 50_000

    /// Creates a source that draws fresh random choices.
    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        prefix = []
    }

    /// Creates a source that replays `choices`, then answers zero.
    init(replaying choices: [UInt64]) {
        random = nil
        prefix = choices
    }

    /// Draws an integer in `0...bound`; zero is the simplest answer, the one shrinking moves toward.
    ///
    /// Throws ``GenerationError/overrun`` once a value has taken too many choices.
    public func draw(upTo bound: UInt64) throws -> UInt64 {
        try draw(upTo: bound) { $0.next(upTo: bound) }
    }

    /// Draws an integer in `0...bound`, letting `fresh` pick it when this source is not replaying.
    ///
    /// `fresh` shapes the distribution of new values (biasing toward edges, or choosing
    /// a length up front); the recorded choice is what counts when replaying.
    func draw(upTo bound: UInt64, fresh: (inout SeededGenerator) -> UInt64) throws -> UInt64 {
        guard choices.count < Self.maximumChoices else { throw GenerationError.overrun }
        let index = choices.count
        let value: UInt64
        if index < prefix.count {
            value = min(prefix[index], bound)
        } else if random != nil {
            value = min(fresh(&random!), bound)
        } else {
            value = 0
        }
        choices.append(value)
        bounds.append(bound)
        return value
    }

    /// Whether the next choice comes from the random generator: a fresh source past its (empty) prefix.
    var isFresh: Bool { random != nil && choices.count >= prefix.count }

    /// Lets `body` draw from the random generator itself; only for a fresh source (``isFresh``),
    /// which then records what `body` decided with ``record(_:bound:)``.
    func withRandom<T>(_ body: (inout SeededGenerator) -> T) -> T {
        precondition(isFresh, "withRandom is for fresh sources only")
        return body(&random!)
    }

    /// The number of choices drawn so far.
    var count: Int { choices.count }

    /// Records one choice a fresh source's caller decided itself (with ``withRandom(_:)``), as
    /// if drawn: what a replay then draws at this place. `value` must lie within `bound`.
    func record(_ value: UInt64, bound: UInt64) {
        choices.append(value)
        bounds.append(bound)
    }

    /// Records the choices from `start` to now as one span, as ``span(_:)`` does around a body.
    func recordSpan(from start: Int) {
        if choices.count > start { spans.append(start..<choices.count) }
    }

    /// Throws ``GenerationError/overrun`` if recorded choices took the value past the allowed number.
    func checkRecorded() throws {
        guard choices.count <= Self.maximumChoices else { throw GenerationError.overrun }
    }

    /// Runs `body` and records the choices it drew as one span, a unit shrinking may delete or reorder.
    func span<T>(_ body: () throws -> T) rethrows -> T {
        let start = choices.count
        let value = try body()
        if choices.count > start { spans.append(start..<choices.count) }
        return value
    }
}

@available(*, unavailable, message: "A Source belongs to the one case it is generating.")
extension Source: Sendable {}

/// Why a generator produced no value for a case; such cases are discarded, not failed.
public enum GenerationError: Error, Sendable, Hashable {
    /// A ``Gen/filter(maxAttempts:_:)`` found no acceptable value in its attempts.
    case rejected
    /// The value needed more than the allowed number of choices.
    case overrun
}
