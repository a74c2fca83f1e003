/// The session's virtual clock: the current time, which never passes `VirtualTime.limit`,
/// and whether something asked it to.
struct Clock: Sendable {
    /// The current time.
    private(set) var now = VirtualTime.zero
    /// Whether something asked the clock to pass `VirtualTime.limit` (the line fails).
    private(set) var overran = false

    /// The time a move to `requested` may reach: `requested`, or the limit (marking the overrun).
    mutating func bound(_ requested: VirtualTime) -> VirtualTime {
        if requested > VirtualTime.limit { overran = true }
        return Swift.min(requested, VirtualTime.limit)
    }

    /// Moves on to `time` if it is later; the clock never goes back.
    mutating func reach(_ time: VirtualTime) { now = Swift.max(now, time) }
}
