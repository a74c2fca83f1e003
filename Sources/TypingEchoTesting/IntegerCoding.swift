/// The bijection between the integers of a closed range and choices `0...bound`,
/// ordered so that smaller choices mean values closer to zero.
///
/// For a range that contains zero the order is `0, 1, -1, 2, -2, …`, continuing on the
/// longer side once the shorter one runs out; otherwise it counts away from the end
/// nearest zero. Shrinking a choice therefore shrinks the value's magnitude.
struct IntegerCoding: Sendable {
    let lower: Int
    let upper: Int

    /// The largest choice, `upper - lower`, computed without overflow.
    var bound: UInt64 { UInt64(bitPattern: Int64(upper) &- Int64(lower)) }

    private var positiveReach: UInt64 { UInt64(upper) }
    private var negativeReach: UInt64 { UInt64(lower.magnitude) }
    private var symmetricReach: UInt64 { min(positiveReach, negativeReach) }

    /// The value that choice `choice` stands for.
    func value(for choice: UInt64) -> Int {
        if lower >= 0 { return Int(truncatingIfNeeded: UInt64(lower) &+ choice) }
        if upper <= 0 { return Int(truncatingIfNeeded: UInt64(bitPattern: Int64(upper)) &- choice) }
        let reach = symmetricReach
        let magnitude: UInt64
        let isPositive: Bool
        if choice <= 2 * reach {
            magnitude = (choice + 1) / 2
            isPositive = choice % 2 == 1
        } else {
            magnitude = reach + (choice - 2 * reach)
            isPositive = positiveReach > negativeReach
        }
        return isPositive ? Int(magnitude) : Int(truncatingIfNeeded: 0 &- magnitude)
    }

    /// The choice that stands for `value`, which must lie in the range.
    func choice(for value: Int) -> UInt64 {
        if lower >= 0 { return UInt64(value) &- UInt64(lower) }
        if upper <= 0 { return UInt64(bitPattern: Int64(upper) &- Int64(value)) }
        let reach = symmetricReach
        let magnitude = UInt64(value.magnitude)
        if magnitude <= reach {
            return value == 0 ? 0 : (value > 0 ? 2 * magnitude - 1 : 2 * magnitude)
        }
        return 2 * reach + (magnitude - reach)
    }
}
