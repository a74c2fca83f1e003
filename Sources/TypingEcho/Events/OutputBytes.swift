/// Writing output as UTF-8 bytes straight into a buffer: the JSON Lines and transcript encoders
/// append literals, numbers and escaped strings here without building a `String` per field.
extension Array where Element == UInt8 {
    /// The bytes as one line's text without the line feed that ends them (`JSONLines.line`,
    /// `Transcript.line(for:)`), decoded through the buffer: `dropLast()` made a slice and
    /// `removeLast()` went through generic calls a debug build paid for on every line.
    var lineWithoutLineFeed: String {
        withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(start: $0.baseAddress, count: Swift.max(0, $0.count - 1)), as: UTF8.self) }
    }

    /// Appends what `body` writes, at most `bound` bytes: the bytes are written through a
    /// pointer into scratch space (on the stack for a line's worth) and appended in one copy,
    /// so no field pays for a capacity check or a `String`.
    @inline(__always)
    mutating func appendWriting(atMost bound: Int, _ body: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
            var writer = ByteWriter(start: buffer.baseAddress!)
            body(&writer)
            // The bounds callers give are worst cases (6 bytes out per byte of text in); a
            // writer past its bound is a bug to stop here.
            precondition(writer.count <= bound, "output line longer than its bound")
            append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
        }
    }

    /// Appends `text`'s UTF-8 with what `flavour` must not show raw escaped.
    mutating func append(escaping text: String, for flavour: EscapeFlavour) {
        appendWriting(atMost: ByteWriter.escapedBound(text)) { $0.escaping(text, for: flavour) }
    }
}

/// Writes bytes through a pointer into space its caller sized (see `appendWriting`).
struct ByteWriter {
    private var cursor: UnsafeMutablePointer<UInt8>
    private let start: UnsafeMutablePointer<UInt8>

    init(start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        cursor = start
    }

    /// Bytes written so far.
    var count: Int { cursor - start }

    /// The most bytes `text` can take escaped: six for each byte (`\u001b`, `\u{1B}`), plus its quotes.
    static func escapedBound(_ text: String) -> Int { 6 * text.utf8.count + 2 }

    /// The most bytes a number written by this writer takes (sign, 20 digits, point).
    static let numberBound = 24

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        cursor.pointee = value
        cursor += 1
    }

    /// The bytes of a literal (keys, punctuation, fixed words).
    @inline(__always)
    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            UnsafeMutableRawPointer(cursor).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            cursor += bytes.count
        }
    }

    /// The decimal digits of an integer, with a minus sign when negative.
    @inline(__always)
    mutating func decimal(_ value: Int) { decimal(Int64(value)) }

    /// The decimal digits of an integer, with a minus sign when negative.
    mutating func decimal(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        magnitude(value.magnitude)
    }

    /// The digits of a non-negative number.
    mutating func magnitude(_ value: UInt64) {
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        var value = value
        var index = length
        repeat {
            index -= 1
            cursor[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        } while index > 0
        cursor += length
    }

    /// The lower-case hex digits of a number, as `String(value, radix: 16)` writes them.
    mutating func hexadecimal(_ value: UInt64) {
        var length = 1
        while length < 16, value >> (4 * length) != 0 { length += 1 }
        for index in 0..<length {
            let digit = UInt8(truncatingIfNeeded: value >> (4 * (length - 1 - index)) & 0xF)
            cursor[index] = digit < 10 ? UInt8(ascii: "0") &+ digit : UInt8(ascii: "a") &+ digit &- 10
        }
        cursor += length
    }

    /// Thousandths as a decimal with exactly three places: 1250 → `1.250`, -5 → `-0.005`
    /// (the text of `VirtualTime.description`).
    mutating func thousandths(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        self.magnitude(magnitude / 1000)
        let fraction = magnitude % 1000
        byte(UInt8(ascii: "."))
        byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100))
        byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10 % 10))
        byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10))
    }

    /// Hundredths with one or two decimals, never a trailing zero after the first:
    /// 100 → `1.0`, 120 → `1.2`, 85 → `0.85`.
    mutating func hundredths(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        self.magnitude(magnitude / 100)
        let fraction = UInt8(truncatingIfNeeded: magnitude % 100)
        byte(UInt8(ascii: "."))
        byte(UInt8(ascii: "0") &+ fraction / 10)
        if fraction % 10 != 0 { byte(UInt8(ascii: "0") &+ fraction % 10) }
    }

    /// `count` spaces (none for a count below one).
    mutating func spaces(_ count: Int) {
        var count = count
        while count > 0 {
            byte(UInt8(ascii: " "))
            count -= 1
        }
    }

    /// A JSON string literal: quotes, backslashes, every C0 and C1 control, DEL, U+2028 and
    /// U+2029 escaped (the last three break consumers that split lines on them).
    mutating func jsonString(_ value: String) {
        byte(UInt8(ascii: "\""))
        escaping(value, for: .json)
        byte(UInt8(ascii: "\""))
    }

    /// `"text"`, the text shown with terminal escapes.
    mutating func terminalQuoted(_ value: String) {
        byte(UInt8(ascii: "\""))
        escaping(value, for: .terminal)
        byte(UInt8(ascii: "\""))
    }

    /// `text`'s UTF-8 with what `flavour` must not show raw escaped. Runs that need no
    /// escaping (almost all text) are copied in one go; a table says which bytes to look at.
    mutating func escaping(_ text: String, for flavour: EscapeFlavour) {
        // A native string's bytes are read in place; only a bridged one is made contiguous
        // (`withUTF8` on a copy cost every piece a retain and a release).
        if text.utf8.withContiguousStorageIfAvailable({ escaping($0, for: flavour) }) != nil { return }
        var text = text
        text.withUTF8 { escaping($0, for: flavour) }
    }

    /// ``escaping(_:for:)`` over UTF-8 bytes.
    private mutating func escaping(_ bytes: UnsafeBufferPointer<UInt8>, for flavour: EscapeFlavour) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let json = flavour == .json
        // Plain text (almost every label, id and word) is copied in one go without the table.
        var plain = 0
        while plain &+ 8 <= count, Self.isPlain(UnsafeRawPointer(base + plain).loadUnaligned(as: UInt64.self), json: json) {
            plain &+= 8
        }
        while plain < count, Self.isPlain(byte: base[plain], json: json) { plain &+= 1 }
        guard plain < count else {
            copy(bytes, 0, count)
            return
        }
        escapeTable.withUnsafeBufferPointer { table in
            let mask = flavour.mask
            var run = 0
            var index = plain
            while index < count {
                // Eight printable ASCII bytes at a time (none escaped in either flavour, but `"`
                // and `\` in JSON): a 250,000-character value is mostly such words.
                while index &+ 8 <= count, Self.isPlain(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self), json: json) {
                    index &+= 8
                }
                guard index < count else { break }
                let byte = bytes[index]
                let kind = table[Int(byte)] & mask
                guard kind != 0 else {
                    index += 1
                    continue
                }
                // The scalar starting here, and how many bytes it takes, if it is to be escaped.
                var scalar = UInt32(byte)
                var length = 1
                if kind & EscapeFlavour.leadC2 != 0 {
                    // U+0080–U+009F (C1 controls, U+0085 NEXT LINE among them): C2 80–C2 9F.
                    guard index + 1 < count, bytes[index + 1] & 0xE0 == 0x80 else { index += 1; continue }
                    scalar = UInt32(bytes[index + 1])
                    length = 2
                } else if kind & EscapeFlavour.leadE2 != 0 {
                    guard index + 2 < count else { index += 1; continue }
                    scalar = 0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    guard flavour.escapes(scalar), bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else {
                        index += 1
                        continue
                    }
                    length = 3
                }
                copy(bytes, run, index)
                flavour == .json ? jsonEscape(scalar) : terminalEscape(scalar)
                index += length
                run = index
            }
            copy(bytes, run, count)
        }
    }

    /// Whether all eight bytes of `word` are printable ASCII (0x20–0x7E), and none is `"` or
    /// `\` when `json`. Each test is the exact "some byte is below n" or "some byte is zero" of
    /// the bytes' high bits (no false answers once no high bit is set).
    @inline(__always)
    private static func isPlain(_ word: UInt64, json: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Below 0x20 or DEL: `(x - 0x20…) & ~x` and `(d - 1…) & ~d` for `d = x ^ 0x7F…` (written
        // out: a debug build calls every local function).
        let deletes = word ^ 0x7F7F_7F7F_7F7F_7F7F
        guard (word | (word &- 0x2020_2020_2020_2020) & ~word | (deletes &- ones) & ~deletes) & highs == 0 else { return false }
        guard json else { return true }
        let quotes = word ^ 0x2222_2222_2222_2222, backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        return ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs == 0
    }

    /// Whether `byte` is printable ASCII (0x20–0x7E), and not `"` or `\` when `json`.
    @inline(__always)
    private static func isPlain(byte: UInt8, json: Bool) -> Bool {
        byte &- 0x20 < 0x5F && !(json && (byte == 0x22 || byte == 0x5C))
    }

    @inline(__always)
    private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        guard to > from else { return }
        UnsafeMutableRawPointer(cursor).copyMemory(from: bytes.baseAddress! + from, byteCount: to - from)
        cursor += to - from
    }

    /// `\"`, `\\`, `\n`, `\r`, `\t`, or `\u` and four lowercase hex digits.
    private mutating func jsonEscape(_ scalar: UInt32) {
        switch scalar {
        case 0x22: literal("\\\"")
        case 0x5C: literal("\\\\")
        case 0x0A: literal("\\n")
        case 0x0D: literal("\\r")
        case 0x09: literal("\\t")
        default:
            literal("\\u")
            for shift in stride(from: 12, through: 0, by: -4) { byte(lowercaseHexDigits[Int(scalar >> UInt32(shift) & 15)]) }
        }
    }

    /// `\u{…}` with the scalar's value in uppercase hex, as the script language writes it.
    private mutating func terminalEscape(_ scalar: UInt32) {
        literal("\\u{")
        var started = false
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = Int(scalar >> UInt32(shift) & 15)
            guard started || digit != 0 || shift == 0 else { continue }
            started = true
            byte(uppercaseHexDigits[digit])
        }
        byte(UInt8(ascii: "}"))
    }
}

/// Which characters an output must not show raw.
enum EscapeFlavour: Equatable {
    /// JSON strings: `"`, `\`, C0 and C1 controls, DEL, U+2028, U+2029.
    case json
    /// Text on a terminal: C0 and C1 controls, DEL, and the bidi controls U+202A–U+202E and
    /// U+2066–U+2069.
    case terminal

    static let jsonByte: UInt8 = 1
    static let terminalByte: UInt8 = 2
    static let leadC2: UInt8 = 4
    static let leadE2: UInt8 = 8

    /// The bits of `escapeTable` that concern this flavour.
    var mask: UInt8 {
        switch self {
        case .json: return Self.jsonByte | Self.leadC2 | Self.leadE2
        case .terminal: return Self.terminalByte | Self.leadC2 | Self.leadE2
        }
    }

    /// Whether a scalar of the U+2000 block (three UTF-8 bytes starting E2) is escaped.
    func escapes(_ scalar: UInt32) -> Bool {
        switch self {
        case .json: return scalar == 0x2028 || scalar == 0x2029
        case .terminal: return (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
        }
    }
}

/// For each byte, which flavours must look at it: bit 1 JSON, bit 2 terminal, bit 4 the lead
/// byte of U+0080–U+00BF, bit 8 the lead byte of U+2000–U+2FFF.
let escapeTable: [UInt8] = (0...255).map { byte -> UInt8 in
    switch byte {
    case 0..<0x20, 0x7F: return EscapeFlavour.jsonByte | EscapeFlavour.terminalByte
    case 0x22, 0x5C: return EscapeFlavour.jsonByte
    case 0xC2: return EscapeFlavour.leadC2
    case 0xE2: return EscapeFlavour.leadE2
    default: return 0
    }
}

let lowercaseHexDigits: [UInt8] = Array("0123456789abcdef".utf8)
let uppercaseHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
