#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Seconds on the monotonic clock.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The median of some numbers (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs `body` `repeats` times and returns the median of the seconds each run reports.
/// `body` returns the seconds it measured itself, so set-up work can stay outside the clock.
func medianSeconds(repeats: Int, _ body: () -> Double) -> Double {
    median((0..<repeats).map { _ in body() })
}

/// Times one call of `body` in seconds.
func time(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return now() - start
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { _ = $0 }
}

/// SplitMix64: a small, fast, seeded generator so every run sees the same inputs.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Formats a number with a fixed count of decimals, without Foundation.
func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int(rounded / scale)
    let fraction = Int(rounded - Double(whole) * scale)
    var text = (value < 0 && rounded > 0 ? "-" : "") + String(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

/// Formats a large number with a thin grouping: 1234567 → "1,234,567".
func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let digits = String(Int(value.rounded()))
    var result = ""
    for (index, digit) in digits.reversed().enumerated() {
        if index > 0 && index % 3 == 0 && digit != "-" { result.append(",") }
        result.append(digit)
    }
    return String(result.reversed())
}

/// A number with three significant figures where that reads best: 0.123, 12.3, 1,234.
func readable(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let magnitude = abs(value)
    if magnitude >= 1000 { return grouped(value) }
    if magnitude >= 100 { return fixed(value, 0) }
    if magnitude >= 10 { return fixed(value, 1) }
    if magnitude >= 1 { return fixed(value, 2) }
    return fixed(value, 3)
}
