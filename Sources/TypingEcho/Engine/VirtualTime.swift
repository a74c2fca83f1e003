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
    ///
    /// `seconds` must be finite and within ±`VirtualTime.limitSeconds`: the clock never goes
    /// further, and a larger value would not fit in milliseconds. Script numbers are checked
    /// before they get here (`wait` and `@S` are script errors beyond the limit); anything else
    /// is a programming error, stopped with this message rather than a conversion trap.
    public init(seconds: Double) {
        precondition(seconds.isFinite && seconds.magnitude <= VirtualTime.limitSeconds,
                     "VirtualDuration(seconds:): \(seconds) is not a finite number of seconds within ±1,000,000,000")
        milliseconds = Int64((seconds * 1000).rounded())
    }

    /// A duration from seconds if it is finite and within ±`VirtualTime.limitSeconds`.
    public init?(checkedSeconds seconds: Double) {
        guard seconds.isFinite, seconds.magnitude <= VirtualTime.limitSeconds else { return nil }
        milliseconds = Int64((seconds * 1000).rounded())
    }

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

    /// The latest time a session's clock can reach, in seconds: `wait` and `@S`
    /// accept at most this, and a command that would take the clock past it is a script error.
    public static let limitSeconds: Double = 1_000_000_000

    /// The latest time a session's clock can reach: 1,000,000,000 s.
    public static let limit = VirtualTime(milliseconds: 1_000_000_000_000)

    /// A time from seconds since 0 if it is finite, not negative and at most `limit`.
    public init?(checkedSeconds seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.limitSeconds else { return nil }
        milliseconds = Int64((seconds * 1000).rounded())
    }

    /// Orders by time.
    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The time a duration later; saturates at the ends of `Int64` instead of trapping (the
    /// engine refuses anything past `limit` long before that).
    public static func + (lhs: VirtualTime, rhs: VirtualDuration) -> VirtualTime {
        let (sum, overflow) = lhs.milliseconds.addingReportingOverflow(rhs.milliseconds)
        return VirtualTime(milliseconds: overflow ? (rhs.milliseconds > 0 ? .max : .min) : sum)
    }

    /// The duration between two times; saturates instead of trapping.
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualDuration {
        let (difference, overflow) = lhs.milliseconds.subtractingReportingOverflow(rhs.milliseconds)
        return VirtualDuration(milliseconds: overflow ? (rhs.milliseconds < 0 ? .max : .min) : difference)
    }

    /// Seconds with three decimals, as in the event stream: `12.345`.
    public var description: String { formatThousandths(milliseconds) }
}

/// Formats thousandths as a decimal with exactly three places: 1250 → "1.250".
func formatThousandths(_ value: Int64) -> String {
    let sign = value < 0 ? "-" : ""
    let magnitude = value.magnitude
    let fraction = String(magnitude % 1000)
    return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
