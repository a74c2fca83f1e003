/// A small XML reader (no DTD, no external entity, no network).
struct XMLReader {
    /// Whether a byte can be part of an XML name (ASCII letters, digits, `-`, `_`, `.`, `:`, and any non-ASCII byte).
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...: true
        default: false
        }
    }
}
