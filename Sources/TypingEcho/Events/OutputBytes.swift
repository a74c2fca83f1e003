/// Writing output as UTF-8 bytes straight into a buffer: the JSON Lines and transcript encoders
/// append literals, numbers and escaped strings here without building a `String` per field.
extension Array where Element == UInt8 {
    /// Appends the bytes of a literal (keys, punctuation, fixed words).
    @inline(__always)
    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 as it is (for text known to need no escaping).
    @inline(__always)
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the decimal digits of an integer, with a minus sign when negative.
    mutating func append(decimal value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        append(magnitude: value.magnitude)
    }

    /// Appends the decimal digits of an integer, with a minus sign when negative.
    @inline(__always)
    mutating func append(decimal value: Int) { append(decimal: Int64(value)) }

    /// Appends the digits of a non-negative number.
    mutating func append(magnitude value: UInt64) {
        var value = value
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, filled from the end
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            } while value > 0
            append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Appends thousandths as a decimal with exactly three places: 1250 → `1.250`, -5 → `-0.005`
    /// (the text of `VirtualTime.description`).
    mutating func append(thousandths value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        append(magnitude: magnitude / 1000)
        let fraction = magnitude % 1000
        append(UInt8(ascii: "."))
        append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100))
        append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10 % 10))
        append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10))
    }

    /// Appends hundredths with one or two decimals, never a trailing zero after the first:
    /// 100 → `1.0`, 120 → `1.2`, 85 → `0.85`.
    mutating func append(hundredths value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        append(magnitude: magnitude / 100)
        let fraction = UInt8(truncatingIfNeeded: magnitude % 100)
        append(UInt8(ascii: "."))
        append(UInt8(ascii: "0") &+ fraction / 10)
        if fraction % 10 != 0 { append(UInt8(ascii: "0") &+ fraction % 10) }
    }

    /// Appends `count` spaces.
    mutating func append(spaces count: Int) {
        for _ in 0..<Swift.max(0, count) { append(UInt8(ascii: " ")) }
    }

    /// Appends a JSON string literal: quotes, backslashes, every C0 and C1 control, DEL,
    /// U+2028 and U+2029 escaped (the last three break consumers that split lines on them).
    mutating func append(jsonString value: String) {
        append(UInt8(ascii: "\""))
        append(escaping: value, for: .json)
        append(UInt8(ascii: "\""))
    }

    /// Appends `text`'s UTF-8 with what `flavour` must not show raw escaped. Runs that need no
    /// escaping (almost all text) are copied in one go; a table says which bytes to look at.
    mutating func append(escaping text: String, for flavour: EscapeFlavour) {
        var text = text
        escapeTable.withUnsafeBufferPointer { table in text.withUTF8 { bytes in
            let mask = flavour.mask
            var run = 0
            var index = 0
            let count = bytes.count
            while index < count {
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
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                flavour == .json ? append(jsonEscape: scalar) : append(terminalEscape: scalar)
                index += length
                run = index
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        } }
    }

    /// `\"`, `\\`, `\n`, `\r`, `\t`, or `\u` and four lowercase hex digits.
    private mutating func append(jsonEscape scalar: UInt32) {
        switch scalar {
        case 0x22: append(literal: "\\\"")
        case 0x5C: append(literal: "\\\\")
        case 0x0A: append(literal: "\\n")
        case 0x0D: append(literal: "\\r")
        case 0x09: append(literal: "\\t")
        default:
            append(literal: "\\u")
            for shift in stride(from: 12, through: 0, by: -4) { append(lowercaseHexDigits[Int(scalar >> UInt32(shift) & 15)]) }
        }
    }

    /// `\u{…}` with the scalar's value in uppercase hex, as the script language writes it.
    private mutating func append(terminalEscape scalar: UInt32) {
        append(literal: "\\u{")
        var started = false
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = Int(scalar >> UInt32(shift) & 15)
            guard started || digit != 0 || shift == 0 else { continue }
            started = true
            append(uppercaseHexDigits[Int(digit)])
        }
        append(UInt8(ascii: "}"))
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
