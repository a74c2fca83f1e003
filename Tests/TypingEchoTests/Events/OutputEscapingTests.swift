import Foundation
import Testing
@testable import TypingEcho
import TypingEchoTesting

/// Text that output must not show raw, and text around it.
enum EscapingText {
    /// C0 controls, DEL, C1 controls (NEL among them), line and paragraph separators, bidi
    /// controls, and neighbours that must stay as they are (NBSP, RLM, ZWJ emoji, Polish, quotes).
    static let pieces: [String] = (0x00...0x1F).map { String(Unicode.Scalar($0)!) } + ["\u{7F}"]
        + (0x80...0x9F).map { String(Unicode.Scalar($0)!) }
        + ["\u{2028}", "\u{2029}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
           "\u{1B}]0;title\u{7}", "\u{1B}[31m", "\u{9B}2J", "\u{A0}", "\u{200F}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "\u{C2}",
           "\u{E2}", "👨\u{200D}👩\u{200D}👧", "zażółć", "\"", "\\", "\\u{1B}", "a", " ", "é"]

    /// A string of one to eight pieces.
    static func string(_ random: inout SeededGenerator) -> String {
        (0..<(1 + Int(random.next(upTo: 7)))).map { _ in pieces[Int(random.next(upTo: UInt64(pieces.count - 1)))] }.joined()
    }

    /// Every kind of event, with generated text in every string field.
    static func events(_ random: inout SeededGenerator) -> [TimedEvent] {
        let time = VirtualTime(milliseconds: Int64(random.next(upTo: 5_000_000)))
        let pitch = [1.0, 1.2, 0.8, 1.56, 0.85][Int(random.next(upTo: 4))]
        return [
            .speak(Utterance(id: 7, text: string(&random), role: .echo, locale: string(&random), pitch: pitch,
                             duration: VirtualDuration(milliseconds: 1234), interrupts: random.next(upTo: 1) == 0)),
            .edit(FieldEdit(field: string(&random), operation: .insert, offset: 3, length: 1, count: 4, text: string(&random))),
            .edit(FieldEdit(field: string(&random), operation: .delete, offset: 0, length: 2, count: 0, text: nil)),
            .cursor(field: string(&random), offset: 2, utf16: 3),
            .focus(.element(string(&random))),
            .focus(.key(string(&random))),
            .sound(.tick),
            .finished(id: 7, completed: false),
        ].map { TimedEvent(time: time, event: $0) }
    }

    /// Where `bytes` hold a character that JSON Lines must not carry raw: a C0 or C1 control,
    /// DEL, U+2028 or U+2029 (a newline is allowed only as the last byte).
    static func rawLineBreaker(in bytes: [UInt8]) -> Int? {
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && !(byte == 0x0A && index == bytes.count - 1)) || byte == 0x7F { return index }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return index }
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 { return index }
        }
        return nil
    }

    /// Where `text` holds a character a terminal must not get raw: a C0 or C1 control, DEL or a
    /// bidi control (line breaks between lines are allowed when `lines` is true).
    static func rawTerminalControl(in text: some StringProtocol, lines: Bool = false) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            let value = scalar.value
            if lines && value == 0x0A { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }
}

@Suite("Output escaping: JSON Lines and terminal text")
struct OutputEscapingTests {
    @Test("Escaping reads eight plain bytes at a time: an escaped character at every offset of a long run is found")
    func escapesAtEveryOffsetOfARun() {
        // Each character either flavour looks at, and printable neighbours of the tested byte ranges.
        let specials: [Unicode.Scalar] = ["\u{0}", "\u{1F}", " ", "!", "\"", "#", "[", "\\", "]", "~", "\u{7F}", "\u{80}", "\u{85}", "\u{A0}",
                                          "é", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "€", "😀"]
        for special in specials {
            let alone = String(special)
            let json = JSONLines.quoted(alone).dropFirst().dropLast(), terminal = TerminalText.escaped(alone)
            for offset in 0..<20 {
                let before = String(repeating: "a", count: offset), after = String(repeating: "b", count: 19 - offset)
                #expect(JSONLines.quoted(before + alone + after) == "\"" + before + json + after + "\"", "U+\(String(special.value, radix: 16)) at \(offset)")
                #expect(TerminalText.escaped(before + alone + after) == before + terminal + after, "U+\(String(special.value, radix: 16)) at \(offset)")
            }
        }
    }

    @Test("JSON Lines escapes every C0 and C1 control, DEL, U+2028 and U+2029, and reads back the same")
    func jsonEscapesEachControl() throws {
        let expected: [UInt32: String] = [0x00: #"\u0000"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0D: #"\r"#, 0x1B: #"\u001b"#, 0x7F: #"\u007f"#,
                                          0x80: #"\u0080"#, 0x85: #"\u0085"#, 0x9F: #"\u009f"#, 0x2028: #"\u2028"#, 0x2029: #"\u2029"#]
        for value in Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) + [0x2028, 0x2029] {
            let text = "a" + String(Unicode.Scalar(UInt32(value))!) + "b"
            let event = TimedEvent(time: .zero, event: .speak(Utterance(id: 1, text: text, role: .echo, locale: "en-US", duration: .zero)))
            var bytes: [UInt8] = []
            JSONLines.encode(event, into: &bytes)
            #expect(EscapingText.rawLineBreaker(in: bytes) == nil, "U+\(String(value, radix: 16)) raw in \(bytes)")
            if let escape = expected[UInt32(value)] {
                #expect(String(decoding: bytes, as: UTF8.self).contains("\"text\":\"a\(escape)b\""), "U+\(String(value, radix: 16))")
            }
            #expect(try JSONLines.decode(bytes.dropLast()) == event)
            #expect(try JSONDecoder().decode(TimedEvent.self, from: Data(bytes)) == event)
        }
        // Neighbours of the escaped ranges stay as they are.
        for text in ["\u{A0}", "\u{2027}", "\u{202A}", "\u{202F}", "\u{200F}", "é"] {
            let line = JSONLines.line(TimedEvent(time: .zero, event: .focus(.element(text))))
            #expect(line == #"{"type":"focus","t":0.000,"element":""# + text + #""}"#)
        }
    }

    @Test("generated strings with controls in every field of every event: no raw line breaker, byte-exact round trip")
    func jsonRoundTripsGeneratedText() throws {
        var random = SeededGenerator(seed: 2028)
        let foundation = JSONDecoder()
        for _ in 0..<400 {
            for event in EscapingText.events(&random) {
                var bytes: [UInt8] = []
                JSONLines.encode(event, into: &bytes)
                #expect(bytes.last == 0x0A && bytes.filter { $0 == 0x0A }.count == 1)
                #expect(EscapingText.rawLineBreaker(in: bytes) == nil, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                let decoded = try JSONLines.decode(bytes.dropLast())
                #expect(decoded == event)
                #expect(try foundation.decode(TimedEvent.self, from: Data(bytes)) == event)
                var again: [UInt8] = []
                JSONLines.encode(decoded, into: &again)
                #expect(again == bytes)
            }
        }
    }

    @Test("JSONLines.Reader splits only on newlines: U+2028, U+2029 and U+0085 inside strings stay inside")
    func readerKeepsLineBreakersInStrings() throws {
        let events = ["a\u{2028}b", "c\u{2029}d", "e\u{85}f", "g\rh"].map { TimedEvent(time: .zero, event: .focus(.element($0))) }
        var bytes: [UInt8] = []
        for event in events { JSONLines.encode(event, into: &bytes) }
        var reader = JSONLines.Reader()
        reader.append(bytes)
        reader.finish()
        var read: [TimedEvent] = []
        while let event = try reader.next() { read.append(event) }
        #expect(read == events)
        // A consumer that splits on every Unicode line break sees one line per event too.
        #expect(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).count == events.count)
    }

    @Test("TerminalText writes C0, C1 and bidi controls as \\u{…} and leaves everything else alone")
    func terminalText() {
        #expect(TerminalText.escaped("a\u{1B}]0;pwned\u{7}b") == #"a\u{1B}]0;pwned\u{7}b"#)
        #expect(TerminalText.escaped("\u{1B}[31mred\u{1B}[0m") == #"\u{1B}[31mred\u{1B}[0m"#)
        #expect(TerminalText.escaped("\u{0}\u{9}\u{A}\u{D}\u{7F}") == #"\u{0}\u{9}\u{A}\u{D}\u{7F}"#)
        #expect(TerminalText.escaped("\u{80}\u{85}\u{9B}\u{9F}") == #"\u{80}\u{85}\u{9B}\u{9F}"#)
        #expect(TerminalText.escaped("abc\u{202E}gpj.exe") == #"abc\u{202E}gpj.exe"#)
        #expect(TerminalText.escaped("\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}")
                == #"\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}"#)
        // Not controls: kept as they are (right-to-left text needs its marks and joiners).
        for text in ["\u{A0}", "\u{200F}", "\u{200D}", "\u{2029}", "\u{2065}", "\u{206A}", "\u{2029}", "\u{C0}", "\u{E2}",
                     "👨\u{200D}👩\u{200D}👧", "\u{0627}\u{0644}", "zażółć", "back\\slash", #"\u{1B} as text"#, ""] {
            #expect(TerminalText.escaped(text) == text, "\(text.debugDescription)")
        }
    }

    @Test("escaping twice gives what escaping once gives, and the result has no raw control")
    func terminalTextIsIdempotent() {
        var random = SeededGenerator(seed: 0x1B)
        for _ in 0..<2000 {
            let text = EscapingText.string(&random)
            let once = TerminalText.escaped(text)
            #expect(TerminalText.escaped(once) == once)
            #expect(EscapingText.rawTerminalControl(in: once) == nil, "\(once.debugDescription)")
            var bytes: [UInt8] = Array("prefix".utf8)
            TerminalText.append(text, to: &bytes)
            #expect(bytes == Array(("prefix" + once).utf8))
        }
    }

    @Test("no raw control or bidi control reaches a transcript line; with colour, ESC only starts the colours")
    func transcriptShowsControlsEscaped() throws {
        var random = SeededGenerator(seed: 0x202E)
        for _ in 0..<400 {
            var plain = Transcript(), coloured = Transcript(colour: true)
            for event in EscapingText.events(&random) {
                var bytes: [UInt8] = []
                let wrote = plain.write(event, into: &bytes)
                let line = coloured.line(for: event)
                #expect(wrote == (line != nil))
                guard let line else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(text.last == "\n")
                #expect(EscapingText.rawTerminalControl(in: text.dropLast()) == nil, "\(text.debugDescription)")
                var uncoloured = line
                for code in ["\u{1B}[1m", "\u{1B}[32m", "\u{1B}[33m", "\u{1B}[36m", "\u{1B}[0m"] {
                    uncoloured = uncoloured.replacingOccurrences(of: code, with: "")
                }
                #expect(uncoloured + "\n" == text, "colour changes only the colour codes")
                #expect(EscapingText.rawTerminalControl(in: uncoloured) == nil)
            }
        }
    }

    @Test("describe's text shows labels, values and hints with controls escaped; its JSON carries no raw line breaker")
    func describeShowsControlsEscaped() throws {
        var random = SeededGenerator(seed: 0x85)
        for round in 0..<40 {
            func quoted(_ text: String) -> String {
                // The script language's own escapes, so any scalar can be written.
                text.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined()
            }
            let script = """
            field f\(round) kind=text label="\(quoted(EscapingText.string(&random)))" value="\(quoted(EscapingText.string(&random)))" hint="\(quoted(EscapingText.string(&random)))" placeholder="\(quoted(EscapingText.string(&random)))"
            element e label="\(quoted(EscapingText.string(&random)))" kind=slider value="\(quoted(EscapingText.string(&random)))"
            element b label="\(quoted(EscapingText.string(&random)))" kind=button hint="\(quoted(EscapingText.string(&random)))"
            """
            var session = try Session()
            try session.feedScript(Array(script.utf8))
            try session.finishScript()
            let description = ScreenDescription(session.screen)
            #expect(EscapingText.rawTerminalControl(in: description.text, lines: true) == nil, "\(description.text.debugDescription)")
            let json = Array(description.json.utf8)
            #expect(EscapingText.rawLineBreaker(in: json.filter { $0 != 0x0A } + [0x0A]) == nil)
            #expect(try JSONSerialization.jsonObject(with: Data(json)) is [String: Any])
        }
    }

    @Test("the CLI: no raw ESC, C1 or bidi control on stdout or stderr of text output; none of U+2028, U+2029, U+0085 raw in JSON")
    func commandLine() throws {
        let label = #"\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{202E}gnp.exe\u{2066}\u{85}\u{2028}\u{2029}"#
        let script = """
        field f kind=text label="Name\(label)" hint="Hint\(label)"
        element b label="Go\(label)" kind=button value="v\(label)"
        focus f
        double-tap
        keys "x\(label)"
        expect speech "not this"
        expect value "nor\\nthis\(label)"
        """
        let path = try Tool.script(Array(script.utf8), name: "controls\u{1B}[31m.replay")
        for arguments in [["replay", path], ["replay", path, "--format", "text"], ["describe", path], ["check", path]] {
            let result = try Tool.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.error)")
            #expect(EscapingText.rawTerminalControl(in: result.error, lines: true) == nil, "\(arguments): \(result.error.debugDescription)")
            // Each failed expectation is one line, though the value it quotes holds a newline.
            #expect(result.error.split(separator: "\n").allSatisfy { $0.contains(": error: expectation failed: ") }, "\(result.error)")
            #expect(result.error.contains(#"controls\u{1B}[31m.replay:6:1: error: expectation failed"#), "\(result.error)")
            #expect(EscapingText.rawTerminalControl(in: result.output, lines: true) == nil, "\(arguments): \(result.output.debugDescription)")
            #expect(result.output.contains(arguments[0] == "check" ? #"controls\u{1B}[31m.replay"# : #"\u{1B}]0;pwned\u{7}"#))
        }
        for arguments in [["replay", path, "--format", "json"], ["describe", path, "--format", "json"]] {
            let result = try Tool.run(arguments)
            let bytes = Array(result.output.utf8)
            for line in bytes.split(separator: 0x0A) {
                #expect(EscapingText.rawLineBreaker(in: Array(line)) == nil, "\(arguments): \(String(decoding: line, as: UTF8.self).debugDescription)")
            }
            #expect(result.output.contains(#"\u001b]0;pwned\u0007"#) && result.output.contains(#"\u0085\u2028\u2029"#))
        }
        let events = try JSONLines.decodeAll(try Tool.run(["replay", path, "--format", "json"]).output)
        #expect(events.contains { if case .speak(let utterance) = $0.event { utterance.text.hasPrefix("Name\u{1B}]0;pwned\u{7}") } else { false } })
    }
}
