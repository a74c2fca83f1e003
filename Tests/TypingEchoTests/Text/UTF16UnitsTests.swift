import Testing
import TypingEchoTesting
@testable import TypingEcho

@Suite("UTF-16 units of inserted text")
struct UTF16UnitsTests {
    @Test("One-pass transcoding equals Array(utf16) for every length of UTF-8 sequence and for random text")
    func equalsStandardLibrary() {
        let fixed = ["", "a", "é", "ł", "€", "한", "😀", "👨‍👩‍👧", "🇵🇱🇺🇦", "e\u{301}", "\u{10FFFF}\u{FFFF}\u{800}\u{7FF}\u{80}\u{7F}",
                     String(repeating: "zażółć 👍🏽 ", count: 1_000)]
        for text in fixed { #expect(text.utf16Units == Array(text.utf16), "\(text.unicodeScalars.map(\.value))") }
        var generator = SeededGenerator(seed: 0x16)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let limit: UInt32 = [0x7F, 0x7FF, 0xFFFF, 0x10FFFF].randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: 0...limit, using: &generator)) { scalars.append(scalar) }
            }
            let text = String(scalars)
            #expect(text.utf16Units == Array(text.utf16), "\(scalars.map(\.value))")
        }
    }

    @Test("Text from a substring or a bridged-like non-native form is transcoded the same")
    func substrings() {
        let whole = "ab😀cd€"
        let part = String(whole.dropFirst(2))
        #expect(part.utf16Units == Array(part.utf16))
    }
}
