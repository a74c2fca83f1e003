#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The leak oracle of the secure invariant (docs/secure-entry.md).
///
/// It looks for every run of two adjacent characters of the secret (a one-character secret:
/// that character) in the output, as UTF-8 bytes: the engine never normalises what it says,
/// so a leak is the secret's own bytes. A run that also occurs in `publicText` (what the
/// output may legitimately contain: the decoy run's output, labels, public input) is not a leak.
public enum LeakOracle {
    /// The first run of two or more characters of `secret` that appears in `output` but not in
    /// `publicText`, or nil when nothing leaked. A one-character secret is checked as itself.
    /// - Complexity: O(s · o) byte comparisons for a secret of s characters and an output of o bytes.
    public static func leak(of secret: String, in output: String, publicText: String = "") -> String? {
        leak(of: secret, in: Array(output.utf8), publicText: Array(publicText.utf8))
    }

    /// The same check on outputs already encoded as UTF-8, so one output can be checked
    /// against many secrets without encoding it again.
    public static func leak(of secret: String, in output: [UInt8], publicText: [UInt8]) -> String? {
        let characters = Array(secret)
        guard !characters.isEmpty else { return nil }
        let width = characters.count == 1 ? 1 : 2
        var seen: Set<String> = []
        for start in 0...(characters.count - width) {
            let piece = String(characters[start..<(start + width)])
            guard seen.insert(piece).inserted else { continue }
            let bytes = Array(piece.utf8)
            if contains(output, bytes) && !contains(publicText, bytes) { return piece }
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack`, byte for byte.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
                // memchr finds candidate first bytes at C speed, memcmp checks the rest.
                guard let base = hay.baseAddress, let needleBase = pin.baseAddress else { return false }
                var offset = 0
                let last = hay.count - pin.count
                while offset <= last, let found = memchr(base + offset, Int32(first), last - offset + 1) {
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, needleBase, pin.count) == 0 { return true }
                    offset = at + 1
                }
                return false
                #else
                var index = 0
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == first {
                        var matched = 1
                        while matched < pin.count && hay[index + matched] == pin[matched] { matched += 1 }
                        if matched == pin.count { return true }
                    }
                    index += 1
                }
                return false
                #endif
            }
        }
    }
}
