/// Queues kept as an array and the index of their first live entry: taking the first entry
/// moves the index on instead of shifting every later entry down (`removeFirst()` and
/// `remove(at: 0)` are O(n) each, so draining n entries from the front was O(n²)).
extension Array {
    /// Drops the entries before `start` (the ones already taken) once they are all of the
    /// array, or at least 16 and at least half of it; `start` becomes 0 when they go.
    /// - Complexity: Amortised O(1) per entry taken: a compaction moves at most as many live
    ///   entries as were taken since the previous one; O(1) when nothing is dropped.
    mutating func dropConsumedFront(_ start: inout Int) {
        if start == count {
            removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 16 && start * 2 >= count {
            removeSubrange(0..<start)
            start = 0
        }
    }
}
