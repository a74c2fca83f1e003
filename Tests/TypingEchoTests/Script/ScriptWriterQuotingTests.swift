import Testing
@testable import TypingEcho

@Suite("Script string literals")
struct ScriptWriterQuotingTests {
    /// What `ScriptWriter.quoted` writes, scalar by scalar as the language describes it: the
    /// reference the byte-level writer is checked against.
    static func reference(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    @Test("Every escape and its neighbours: quotes, backslashes, line feeds, C0, DEL, C1 and the characters around them")
    func escapes() {
        let edges: [UInt32] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x0F, 0x10, 0x1F, 0x20, 0x22, 0x5C, 0x7E, 0x7F,
                               0x80, 0x85, 0x8F, 0x9F, 0xA0, 0xC2, 0xFF, 0x100, 0x2028, 0xFEFF, 0x1F600, 0x10FFFD]
        for value in edges {
            let text = "a" + String(Unicode.Scalar(value)!) + "b"
            #expect(ScriptWriter.quoted(text) == Self.reference(text), "U+\(String(value, radix: 16))")
        }
        #expect(ScriptWriter.quoted("") == "\"\"")
        #expect(ScriptWriter.quoted("say \"hi\"\n\\") == #""say \"hi\"\n\\""#)
        #expect(ScriptWriter.quoted("\u{1}\u{85}") == #""\u{1}\u{85}""#)
    }

    @Test("Generated texts of every kind of code point are written as the reference writes them")
    func generated() {
        var generator = XorShift(state: 0x9E37_79B9_7F4A_7C15)
        // Code points from the escapes' neighbourhoods and from every plane, in runs.
        let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0xFF, 0x100...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let range = ranges.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.unicodeScalars.append(scalar) }
            }
            #expect(ScriptWriter.quoted(text) == Self.reference(text))
            #expect(Array(ScriptWriter.quoted(text).utf8) == Array(Self.reference(text).utf8))
        }
    }
}

/// A seeded generator, so that the generated texts are the same in every run.
private struct XorShift: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
