/// A length of virtual time, kept in whole milliseconds so that output is exact.
public struct VirtualDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The duration in milliseconds.
    public var milliseconds: Int64

    /// Creates a duration in milliseconds.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// Parses non-negative decimal seconds ("1", "0.25"), rounding to the millisecond.
    public init?(seconds text: some StringProtocol) {
        guard let value = Double(text), value.isFinite, value >= 0, value < 1e12,
              text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        milliseconds = Int64((value * 1000).rounded())
    }

    /// Creates a duration from seconds, rounding to the millisecond.
    public init(seconds: Double) { milliseconds = Int64((seconds * 1000).rounded()) }

    /// No time.
    public static let zero = VirtualDuration(milliseconds: 0)

    /// Orders by length.
    public static func < (lhs: VirtualDuration, rhs: VirtualDuration) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// Seconds with three decimals: `1.250`.
    public var description: String { formatThousandths(milliseconds) }
}

/// A point on the virtual clock, in milliseconds since the script started.
public struct VirtualTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since time 0.
    public var milliseconds: Int64

    /// Creates a time in milliseconds since 0.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// Time 0, when every script starts.
    public static let zero = VirtualTime(milliseconds: 0)

    /// Orders by time.
    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The time a duration later.
    public static func + (lhs: VirtualTime, rhs: VirtualDuration) -> VirtualTime {
        VirtualTime(milliseconds: lhs.milliseconds + rhs.milliseconds)
    }

    /// The duration between two times.
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualDuration {
        VirtualDuration(milliseconds: lhs.milliseconds - rhs.milliseconds)
    }

    /// Seconds with three decimals, as in SPEC §4: `12.345`.
    public var description: String { formatThousandths(milliseconds) }
}

/// Formats thousandths as a decimal with exactly three places: 1250 → "1.250".
func formatThousandths(_ value: Int64) -> String {
    let sign = value < 0 ? "-" : ""
    let magnitude = value.magnitude
    let fraction = String(magnitude % 1000)
    return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
