import CICU
import Testing
@testable import TypingEcho
import TypingEchoTesting

@Suite("Field characters")
struct FieldCharactersTests {
    @Test("Text is split as ICU's character iterator splits it, not as Swift's Character does")
    func matchesICU() throws {
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        var texts = ["", "ab", "a\r\nb", "a\rb", "e\u{301}x", "🇵🇱🇺🇸🇯", "👨\u{200D}👩\u{200D}👧!", "नमस्ते", "สวัสดี", "\u{1100}\u{1161}\u{11AB}"]
        texts += SegmentationDisagreement.scalars.map { "a\($0)b\($0)\($0)" }
        for text in texts {
            let units = Array(text.utf16)
            let boundaries = segmenter.boundaries(units)
            let pieces = zip(boundaries, boundaries.dropFirst()).map { String(decoding: units[$0..<$1], as: UTF16.self) }
            #expect(FieldCharacters.characters(of: text, locale: "en_US") == (text.isEmpty ? [] : pieces), "\(String(reflecting: text))")
            #expect(FieldCharacters.count(of: text, locale: "en_US") == (try TextBuffer(text)).characterCount)
        }
    }

    @Test("The doc example splits U+0897 from the letter before it")
    func docExample() {
        #expect(TextBuffer.characters(of: "a\u{897}b") == ["a", "\u{897}", "b"])
    }

    @Test("The disagreement set, computed over every code point, holds the known ones (93 with ICU 72 and Swift 6.3)")
    func disagreements() {
        let found = Set(SegmentationDisagreement.standalone)
        let known: [ClosedRange<UInt32>] = [0x897...0x897, 0x1ACF...0x1ADD, 0x10D69...0x10D6D]
        for range in known {
            for value in range { #expect(found.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16, uppercase: true))") }
        }
        #expect(found.count >= 30)
        for scalar in SegmentationDisagreement.standalone {
            // Swift joins it to the letter before; a field does not.
            #expect("a\(scalar)".count == 1 && (try? TextBuffer("a\(scalar)").characterCount) == 2)
        }
    }
}

/// The doc example of `TextBuffer.characters(of:locale:)`, word for word.
@discardableResult
func fieldCharactersDocExample() -> [String] {
    TextBuffer.characters(of: "a\u{897}b")   // ["a", "\u{897}", "b"]
}

