/// A deterministic xoshiro256** random number generator whose four words of state are
/// expanded from one `UInt64` seed with SplitMix64.
///
/// It uses only 64-bit integer arithmetic, so a seed yields the same numbers on every
/// platform and with every standard library version.
///
/// ```swift
/// var generator = SeededGenerator(seed: 42)
/// let roll = generator.next(upTo: 5) + 1   // 1...6, the same on every machine
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose state is expanded from `seed` with SplitMix64, as Vigna recommends.
    public init(seed: UInt64) {
        var mixer = seed
        s0 = Self.splitMix64(&mixer)
        s1 = Self.splitMix64(&mixer)
        s2 = Self.splitMix64(&mixer)
        s3 = Self.splitMix64(&mixer)
    }

    /// Creates a generator with the raw xoshiro256** state; at least one word must be non-zero.
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state != (0, 0, 0, 0), "xoshiro256** state must not be all zero")
        (s0, s1, s2, s3) = state
    }

    /// Returns the next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// Returns a uniformly distributed integer in `0...bound`, without modulo bias.
    ///
    /// Uses Lemire's multiply-and-reject method, written out here so that the
    /// sequence never depends on the standard library's implementation.
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        let range = bound + 1
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return product.high
    }

    /// Advances a SplitMix64 state and returns its next output; used for seeding and sub-seeds.
    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Derives the independent seed of case `index` from a run seed, so one case replays alone:
    /// `Gen.sample(seed:)` with it gives case `index` of a property run with that seed.
    public static func subSeed(of seed: UInt64, index: Int) -> UInt64 {
        var state = seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03)
        return splitMix64(&state)
    }
}

private func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
}
