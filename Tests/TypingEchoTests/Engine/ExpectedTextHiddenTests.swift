import Testing
@testable import TypingEcho
import TypingEchoTesting

/// Once a secure field has held text, a failed expectation of any kind says nothing of its
/// expected text (it may be the secret) unless the run asks for it with `show-expected=on`.
@Suite("A failed expectation never repeats its expected text once a secure field has held text")
struct ExpectedTextHiddenTests {
    /// The expected text of an expectation, or nil for one that has none (a number, a sound's
    /// name). Exhaustive: a new kind of expectation must say here what it expects.
    static func expectedText(of expectation: TypingEcho.Expectation) -> String? {
        switch expectation {
        case .speech(let text), .heard(let text), .value(let text), .braille(let text): text
        case .count, .cursor, .noSpeech, .sound, .brailleCursor: nil
        }
    }

    /// Every kind of expectation, with `secret` (or `cells`, for the display) as its expected text.
    static func expectations(secret: String, cells: String) -> [TypingEcho.Expectation] {
        [.speech(secret), .heard(secret), .value(secret), .braille(cells), .count(9_999), .cursor(9_999), .noSpeech, .sound(.boundary),
         .brailleCursor(159)]
    }

    /// One generated run: a secret typed into a secure field, then editing moved on (by `key tab`,
    /// by focusing and typing elsewhere, or by deleting the secret), then every expectation.
    struct Case: CustomStringConvertible {
        var secret: String
        var cells: String
        var path: Int
        var showExpected: Bool?

        /// The script's lines.
        var lines: [String] {
            var lines = ["settings braille=on braille-cells=160 hints=off phonetics=off"]
            if let showExpected { lines.append("settings show-expected=\(showExpected ? "on" : "off")") }
            lines += ["field pw kind=secure label=\"Password\"", "field user kind=text label=\"Username\"", "field note kind=area label=\"Note\"",
                      "focus pw", "double-tap", "keys " + ReplayText.quoted(secret)]
            switch path {
            case 0: lines.append("key tab")
            case 1: lines += ["focus user", "double-tap", "keys \"someone\""]
            case 2: lines += ["key tab", "keys \"x\"", "key tab"]
            default: lines += ["key command-a", "key delete"]
            }
            return lines + ExpectedTextHiddenTests.expectations(secret: secret, cells: cells).map { ReplayText.line(for: .expect($0)) }
        }

        var description: String { "path \(path), show-expected \(String(describing: showExpected)), secret \(secret.debugDescription)" }
    }

    /// `count` cases from `seed`: secrets of 6 to 16 characters of the secret alphabet, expected
    /// cells of 8 to 16 eight-dot cells, every path, show-expected unset or off.
    static func cases(seed: Int, count: Int) -> [Case] {
        var random = SeededGenerator(seed: UInt64(seed) &+ 0x5EC2E7)
        return (0..<count).map { index in
            let secret = String((0..<Int.random(in: 6...16, using: &random)).map { _ in SecretAlphabet.characters.randomElement(using: &random)! })
            let cells = String(String.UnicodeScalarView((0..<Int.random(in: 8...16, using: &random)).map { _ in
                Unicode.Scalar(0x2800 + UInt32.random(in: 0...255, using: &random))!
            }))
            return Case(secret: secret, cells: cells, path: index % 4, showExpected: Bool.random(using: &random) ? nil : false)
        }
    }

    @Test("no failure message holds the expected text, whatever the secret and the way editing moved on", arguments: 0..<12)
    func hidden(_ seed: Int) throws {
        for generated in Self.cases(seed: seed, count: 12) {
            let run = replay(generated.lines)
            let texts = Self.expectations(secret: generated.secret, cells: generated.cells).compactMap(Self.expectedText)
            #expect(run.failures.count >= texts.count, "\(generated): \(run.failureLines)")
            for failure in run.failures {
                for text in texts {
                    #expect(!failure.message.contains(text), "\(generated): \(failure.message)")
                }
            }
            #expect(!run.failureLines.joined().contains(generated.secret), "\(generated)")
        }
    }

    @Test("with show-expected=on every failure with an expected text repeats it", arguments: 0..<4)
    func shownOnRequest(_ seed: Int) throws {
        for var generated in Self.cases(seed: seed, count: 8) {
            generated.showExpected = true
            let run = replay(generated.lines)
            for text in [generated.secret, generated.cells] {
                #expect(run.failures.contains { $0.message.contains(text) }, "\(generated): \(run.failureLines)")
            }
        }
    }

    @Test("before any secure field holds text, a failure still shows what was expected")
    func shownWithoutSecureText() throws {
        let run = replay("settings braille=on hints=off", "field user kind=text label=\"Username\"", "focus user", "double-tap", "keys \"ab\"",
                         "expect value \"abc\"", "expect braille \"⠁⠃⠉\"", "expect speech \"abc\"")
        let messages = run.failures.map(\.message)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.first == #"expected value "abc"; the field holds "ab""#)
        #expect(messages.dropFirst().first == #"expected braille "⠁⠃⠉"; the display shows "⠠⠥⠎⠑⠗⠝⠁⠍⠑⠀⠑⠙⠞⠀⠁⠃⠀""#)
        #expect(messages.last?.hasPrefix(#"expected speech "abc"; heard "#) == true)
    }
}
