import TypingEcho

/// Turns byte offsets into `LINE:COLUMN` (1-based; columns in characters) for one source.
///
/// Offsets asked for in increasing order cost the bytes between them: a 1 MB dump written on one
/// line (as `uiautomator dump` writes it) is counted once, not once per element.
struct SourcePositions {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    private var lineStart = 0

    /// Positions in `bytes`.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Where the byte at `target` is.
    /// - Complexity: O(*k*) for the *k* bytes since the last position asked for (from the start when going back).
    mutating func location(of target: Int) -> SourceLocation {
        let target = max(0, min(target, bytes.count))
        if target < offset {
            offset = 0
            line = 1
            column = 1
            lineStart = 0
        }
        var runStart = offset
        var index = offset
        while index < target {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
                lineStart = index + 1
                runStart = index + 1
            }
            index += 1
        }
        column += String(decoding: bytes[runStart..<target], as: UTF8.self).count
        offset = target
        return SourceLocation(line: line, column: column)
    }

    /// Where the byte at `target` is, without moving the cache (for errors).
    func locationOnce(of target: Int) -> SourceLocation {
        var copy = self
        return copy.location(of: target)
    }
}

/// The offset of the first byte that is not valid UTF-8, if any.
/// - Complexity: O(*n*).
func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return index
        }
        guard index + length <= count else { return index }
        guard (low...high).contains(bytes[index + 1]) else { return index }
        for next in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + next]) { return index }
        index += length
    }
    return nil
}
