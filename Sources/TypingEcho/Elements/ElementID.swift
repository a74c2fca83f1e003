/// An element's identity on the screen: handed out when its id is first declared, kept through
/// every re-declaration of that id, and never given to another element, even after `remove`.
///
/// Every component outside `Elements/` that remembers an element (the reader's focus, the field
/// being edited, Braille Screen Input's held cells, the braille display's row) remembers it by
/// identity, never by its place in reading order: removing an element renumbers nothing, and
/// state kept for a removed element can reach no other. `Screen` resolves an identity in O(1)
/// and answers nil (never a trap) for one whose element has gone.
package struct ElementID: Hashable, Sendable, CustomStringConvertible {
    /// The declaration's serial number: the number of ids declared before this one.
    let serial: Int

    /// The serial number, for debugging: `#3`.
    package var description: String { "#\(serial)" }
}

/// A set of slots of the screen, ascending, with the next and previous member found by a scan of
/// 64-slot words and of a summary bit per word (64 × 64 = 4,096 slots per summary word).
///
/// The screen keeps the slots the screen reader can reach in one: a swipe past hidden or removed
/// elements skips 4,096 of them per summary word read, and a removal is two bit operations, where
/// a sorted array of positions moved every later entry.
struct SlotSet: Sendable {
    /// One bit per slot.
    private var words: [UInt64] = []
    /// One bit per word of `words`: set when that word has any slot.
    private var summary: [UInt64] = []

    /// An empty set.
    init() {}

    /// Whether a slot is in the set. - Complexity: O(1).
    func contains(_ slot: Int) -> Bool {
        slot >= 0 && slot >> 6 < words.count && words[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }

    /// Adds a slot. - Complexity: O(1) amortised.
    mutating func insert(_ slot: Int) {
        let word = slot >> 6
        while words.count <= word { words.append(0) }
        while summary.count <= word >> 6 { summary.append(0) }
        words[word] |= 1 << UInt64(slot & 63)
        summary[word >> 6] |= 1 << UInt64(word & 63)
    }

    /// Removes a slot. - Complexity: O(1).
    mutating func remove(_ slot: Int) {
        let word = slot >> 6
        guard word < words.count else { return }
        words[word] &= ~(1 << UInt64(slot & 63))
        if words[word] == 0 { summary[word >> 6] &= ~(1 << UInt64(word & 63)) }
    }

    /// The smallest member greater than `slot` (the first member for -1), if any.
    /// - Complexity: O(1 + s / 4,096) for a gap of s slots.
    func next(after slot: Int) -> Int? {
        let start = slot + 1
        guard start >= 0 else { return next(after: -1) }
        var word = start >> 6
        guard word < words.count else { return nil }
        let here = words[word] & (~0 << UInt64(start & 63))
        if here != 0 { return word << 6 | here.trailingZeroBitCount }
        word += 1
        guard word < words.count else { return nil }
        var block = word >> 6
        var bits = summary[block] & (~0 << UInt64(word & 63))
        while bits == 0 {
            block += 1
            guard block < summary.count else { return nil }
            bits = summary[block]
        }
        let found = block << 6 | bits.trailingZeroBitCount
        return found << 6 | words[found].trailingZeroBitCount
    }

    /// The greatest member less than `slot` (the last member for `Int.max`), if any.
    /// - Complexity: O(1 + s / 4,096) for a gap of s slots.
    func previous(before slot: Int) -> Int? {
        guard slot > 0, !words.isEmpty else { return nil }
        let end = min(slot - 1, words.count << 6 - 1)
        var word = end >> 6
        let here = words[word] & (~0 >> UInt64(63 - end & 63))
        if here != 0 { return word << 6 | (63 - here.leadingZeroBitCount) }
        guard word > 0 else { return nil }
        word -= 1
        var block = word >> 6
        var bits = summary[block] & (~0 >> UInt64(63 - word & 63))
        while bits == 0 {
            guard block > 0 else { return nil }
            block -= 1
            bits = summary[block]
        }
        let found = block << 6 | (63 - bits.leadingZeroBitCount)
        return found << 6 | (63 - words[found].leadingZeroBitCount)
    }
}
