#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif
import TypingEcho

/// The property-run settings read from environment variables, so CI and replays need no code change.
public struct PropertyEnvironment: Sendable, Hashable {
    /// The run seed from `TYPING_ECHO_SEED`, if set and valid.
    public var seed: UInt64?
    /// The number of cases from `TYPING_ECHO_CASES`, if set and valid; used when a property gives no `cases`.
    public var cases: Int?
    /// The single case to run from `TYPING_ECHO_CASE`, if set and valid.
    public var caseNumber: Int?
    /// How many cases run at once from `TYPING_ECHO_JOBS` (1 or more), if set and valid.
    public var jobs: Int?

    /// Creates settings from explicit values.
    public init(seed: UInt64? = nil, cases: Int? = nil, caseNumber: Int? = nil, jobs: Int? = nil) {
        self.seed = seed
        self.cases = cases
        self.caseNumber = caseNumber
        self.jobs = jobs
    }

    /// How many cases a property runs at once: ``jobs``, else the cores this process may use.
    public var effectiveJobs: Int { jobs ?? Self.cores }

    /// The cores this process may run on (at least 1).
    public static var cores: Int { machineCores }

    /// The settings in this process's environment right now.
    public static var current: PropertyEnvironment {
        PropertyEnvironment(
            seed: variable("TYPING_ECHO_SEED").flatMap(parseSeed),
            cases: variable("TYPING_ECHO_CASES").flatMap { Int(trimmed($0)) }.flatMap { $0 >= 0 ? $0 : nil },
            caseNumber: variable("TYPING_ECHO_CASE").flatMap { Int(trimmed($0)) }.flatMap { $0 > 0 ? $0 : nil },
            jobs: variable("TYPING_ECHO_JOBS").flatMap { Int(trimmed($0)) }.flatMap { $0 > 0 ? $0 : nil })
    }

    /// Whether tests print their figures (a passing property's cases and rate, agreement rates,
    /// counts): only when `TYPING_ECHO_FIGURES` is `1`, so that a passing `swift test` prints
    /// nothing but the totals.
    public static var showsFigures: Bool { variable("TYPING_ECHO_FIGURES").map { trimmed($0) == "1" } ?? false }

    /// Writes a line of figures to standard output in one piece, when ``showsFigures``.
    ///
    /// ```swift
    /// PropertyEnvironment.printFigures("pairs 12, equal 3")   // printed with TYPING_ECHO_FIGURES=1 only
    /// ```
    public static func printFigures(_ text: @autoclosure () -> String) {
        guard showsFigures else { return }
        PropertySummary.printLine(text())
    }

    /// Parses a seed written in decimal (`1234`) or hexadecimal with a `0x` prefix (`0x4D2`).
    public static func parseSeed(_ text: String) -> UInt64? {
        let text = trimmed(text)
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// The value of an environment variable, if set.
    static func variable(_ name: String) -> String? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin) || canImport(ucrt)
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
        #else
        return nil
        #endif
    }

    private static func trimmed(_ text: String) -> Substring {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return slice
    }
}
