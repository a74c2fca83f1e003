import Testing
@testable import TypingEcho

@Suite("Expectation window")
struct ExpectationWindowTests {
    @Test("Each utterance keeps a bounded prefix, its length and a digest; expect speech still compares whole texts")
    func boundedText() throws {
        let value = String(repeating: "ab", count: 50_000) + "z"
        var log = ExpectationLog()
        let utterance = Utterance(id: 1, text: value, role: .element, locale: "en-US", duration: .zero)
        for _ in 0..<10 { log.record(.speak(utterance)) }
        #expect(log.spoken.count == 10)
        #expect(log.spoken.allSatisfy { $0.prefix.utf8.count <= HeardText.prefixBytes && $0.isCut })
        #expect(log.spoken[0].matches(value))
        #expect(!log.spoken[0].matches(String(repeating: "ab", count: 50_000) + "y"))
        #expect(!log.spoken[0].matches(String(value.dropLast())))
        // Cut at a scalar boundary, never inside a UTF-8 sequence.
        let wide = HeardText(String(repeating: "ż", count: 1_000))
        #expect(wide.prefix.utf8.count == HeardText.prefixBytes && wide.matches(String(repeating: "ż", count: 1_000)))

        let script = "field f kind=text label=\"Name\" value=\"\(value)\"\nfocus f\nexpect speech \"Name, \(value), text field\"\n"
        let passing = replay(script)
        #expect(passing.error == nil && passing.failures.isEmpty)
        let failing = replay(script.replacingOccurrences(of: "z, text", with: "y, text"))
        let message = try #require(failing.failures.first?.message)
        // The failure quotes what was heard cut to its prefix.
        #expect(message.contains("…\"") && message.utf8.count < 2 * HeardText.prefixBytes + 200)
    }

    @Test("A long utterance changed in any one byte past its kept prefix no longer matches")
    func digestSeesEveryByte() {
        // Past the prefix, in the 8-byte words and in the last bytes (1,003 is not a multiple of 8).
        let text = String(repeating: "abcdefghij", count: 100) + "xyz"
        let heard = HeardText(text)
        #expect(heard.isCut && heard.matches(text))
        var bytes = Array(text.utf8)
        for position in HeardText.prefixBytes..<bytes.count {
            let original = bytes[position]
            bytes[position] = original == UInt8(ascii: "q") ? UInt8(ascii: "r") : UInt8(ascii: "q")
            #expect(!heard.matches(String(decoding: bytes, as: UTF8.self)), "changed at byte \(position)")
            bytes[position] = original
        }
    }
}

