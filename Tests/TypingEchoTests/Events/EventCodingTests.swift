import Foundation
import Testing
import TypingEchoTesting
@testable import TypingEcho

@Suite("Events as values: Codable and the JSON Lines decoder")
struct EventCodingTests {
    /// Every JSON line `typing-echo replay --format json` writes for every example, and the
    /// same with settings that change pitch, phonetics and typing mode.
    static func exampleLines() throws -> [(name: String, line: String)] {
        var lines: [(String, String)] = []
        for (name, _) in try allExamples() {
            for settings in [[], ["--set", "capitals=pitch", "--set", "typing=touch", "--set", "rate=1.7"]] {
                let result = try Tool.run(["replay", examplePath(name), "--format", "json"] + settings)
                #expect(result.status == 0 || result.status == 1, "\(name): \(result.error)")
                let output = result.output.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(output.last == "", "\(name): output ends with a newline")
                lines += output.dropLast().map { (name, String($0)) }
            }
        }
        return lines
    }

    @Test("every JSON line of every example decodes and re-encodes byte for byte")
    func examplesRoundTrip() throws {
        let lines = try Self.exampleLines()
        #expect(lines.count > 1000)
        let foundation = JSONDecoder()
        for (name, line) in lines {
            let event = try JSONLines.decode(line.utf8)
            var bytes: [UInt8] = []
            JSONLines.encode(event, into: &bytes)
            #expect(bytes == Array((line + "\n").utf8), "\(name): \(line)")
            // Foundation's decoder reads the same line to the same value through Codable.
            #expect(try foundation.decode(TimedEvent.self, from: Data(line.utf8)) == event, "\(name): \(line)")
            // And what Foundation's encoder writes reads back to it.
            #expect(try foundation.decode(TimedEvent.self, from: JSONEncoder().encode(event)) == event, "\(name): \(line)")
        }
    }

    @Test("the CLI writes what a Session fed the same script gives, for every example")
    func cliMatchesSession() throws {
        for (name, text) in try allExamples() {
            var replay = try Session()
            try replay.feedScript(Array(text.utf8))
            try replay.finishScript()
            var expected: [UInt8] = []
            for event in replay.log.events { JSONLines.encode(event, into: &expected) }
            let result = try Tool.run(["replay", examplePath(name), "--format", "json"])
            #expect(Array(result.output.utf8) == expected, "\(name)")
        }
    }

    @Test("decodeAll reads a whole stream, empty lines skipped, and says which line is bad")
    func decodeAll() throws {
        let stream = #"{"type":"sound","t":1.500,"name":"click"}"# + "\n\n" + #"{"type":"focus","t":2.000,"key":"q"}"# + "\n"
        #expect(try JSONLines.decodeAll(stream) == [
            TimedEvent(time: VirtualTime(milliseconds: 1500), event: .sound(.click)),
            TimedEvent(time: VirtualTime(milliseconds: 2000), event: .focus(.key("q"))),
        ])
        #expect(throws: JSONLinesError(message: "'name' is not one of click, delete, boundary, capital, tick, refused, beep", column: nil, line: 2)) {
            try JSONLines.decodeAll("\n" + #"{"type":"sound","t":1.500,"name":"bang"}"#)
        }
    }

    @Test("the chunked reader gives the same events as decodeAll, whatever the chunk size")
    func reader() throws {
        let lines = try Self.exampleLines().prefix(400).map(\.line)
        let text = lines.joined(separator: "\n") + "\n\n" + lines[0]  // an empty line; a last line without newline
        let expected = try JSONLines.decodeAll(text)
        for size in [1, 7, 4096] {
            var reader = JSONLines.Reader()
            var events: [TimedEvent] = []
            for chunk in Array(text.utf8).chunked(by: size) {
                reader.append(chunk)
                while let event = try reader.next() { events.append(event) }
            }
            reader.finish()
            while let event = try reader.next() { events.append(event) }
            #expect(events == expected, "chunks of \(size)")
        }
        var reader = JSONLines.Reader()
        reader.append(Array("{\"type\":\"sound\"}\n{\"type\":\"sound\",\"t\":1,\"name\":\"tick\"}\n".utf8))
        #expect(throws: JSONLinesError(message: "missing 't'", column: nil, line: 1)) { try reader.next() }
        #expect(try reader.next() == TimedEvent(time: VirtualTime(milliseconds: 1000), event: .sound(.tick)))
    }

    @Test("the doc example of decode")
    func docExample() throws {
        let event = try JSONLines.decode(#"{"type":"sound","t":1.500,"name":"click"}"#.utf8)
        #expect(event == TimedEvent(time: VirtualTime(milliseconds: 1500), event: .sound(.click)))
    }

    @Test("malformed lines are errors with a column, never a trap", arguments: [
        ("", "expected '{' to start an event object", 1),
        ("{", "expected a quoted key", 2),
        (#"{"type":"sound","t":1,"name":"click"} x"#, "unexpected text after the object", 39),
        (#"{"type":"sound","t":1,"t":2,"name":"click"}"#, "duplicate key", 23),
        (#"{"type":"sound","t":[1],"name":"click"}"#, "nested objects and arrays are not event fields", 21),
        (#"{"type":"sound","t":01,"name":"click"}"#, "bad number", 23),
        (#"{"type":"sound","t":1,"name":"cl\ud800ick"}"#, "lone surrogate in a string", 33),
        (#"{"type":"sound","t":1,"name":"click\q"}"#, "unknown escape in a string", 36),
        (#"{"type":"sound","t":1,"name":"click"#, "unclosed string", 30),
        (#"{"type":"sound","t":tru,"name":"click"}"#, "expected a value", 21),
    ])
    func malformed(_ line: String, message: String, column: Int) {
        #expect(throws: JSONLinesError(message: message, column: column)) { try JSONLines.decode(line.utf8) }
    }

    @Test("wrong or missing fields are errors naming the field", arguments: [
        (#"{"type":"sound","t":1e300,"name":"click"}"#, "'t' is out of range"),
        (#"{"type":"speak","t":0,"id":1,"text":"a","role":"key","locale":"en","pitch":1e300,"duration":0.1,"interrupts":true}"#, "'pitch' is out of range"),
        (#"{"type":"speak","t":0,"id":1,"text":"a","role":"key","locale":"en","pitch":1,"duration":-1e13,"interrupts":true}"#, "'duration' is out of range"),
        (#"{"type":"finished","t":1,"id":99999999999999999999,"completed":true}"#, "'id' is not a whole number in range"),
        (#"{"type":"finished","t":1,"id":1.5,"completed":true}"#, "'id' is not a whole number in range"),
        (#"{"type":"finished","t":1,"id":1}"#, "missing 'completed'"),
        (#"{"type":"finished","t":1,"id":1,"completed":"yes"}"#, "'completed' is not true or false"),
        (#"{"type":"shout","t":1}"#, "'type' is not speak, sound, edit, cursor, focus, finished, braille, activate or editing"),
        (#"{"t":1}"#, "missing 'type'"),
    ])
    func wrongFields(_ line: String, message: String) {
        #expect(throws: JSONLinesError(message: message, column: nil)) { try JSONLines.decode(line.utf8) }
    }

    @Test("invalid UTF-8 inside a string is an error")
    func invalidUTF8() {
        let line = Array(#"{"type":"focus","t":1,"element":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: JSONLinesError(message: "invalid UTF-8 in a string", column: 33)) { try JSONLines.decode(line) }
    }

    @Test("every prefix of every kind of line decodes or throws; fields a newer writer adds are ignored")
    func prefixes() throws {
        let lines = try Self.exampleLines().map(\.line)
        var kinds: [String: String] = [:]
        for line in lines { kinds[String(line.prefix(16))] = line }
        for line in kinds.values {
            let bytes = Array(line.utf8)
            for end in 0..<bytes.count { _ = try? JSONLines.decode(bytes[..<end]) }
        }
        let newer = #"{"type":"sound","t":1.000,"name":"tick","volume":0.5,"extra":null}"#
        #expect(try JSONLines.decode(newer.utf8) == TimedEvent(time: VirtualTime(milliseconds: 1000), event: .sound(.tick)))
    }

    @Test("generated events with any Unicode text survive encode, decode and encode")
    func generatedRoundTrip() {
        let text = Gen<String>.unicodeText(length: 0...6)
        let controls = Gen<String>.element(of: ["\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", "\"", "\\", "\n", "/"])
        let mixed = Gen<[String]>.array(of: .oneOf(text, controls), count: 0...6).map { $0.joined() }
        let event = Gen<(String, Int, Int)>.zip(mixed, .int(in: 0...10_000_000), .int(in: -5...200)).map { text, time, number in
            let events: [Event] = [
                .speak(Utterance(id: number, text: text, role: .echo, locale: "pl-PL", pitch: Double(number) / 100,
                                 duration: VirtualDuration(milliseconds: Int64(time % 100_000)), interrupts: number % 2 == 0)),
                .edit(FieldEdit(field: text, operation: .replace, offset: number, length: 1, count: 3, text: text)),
                .edit(FieldEdit(field: "pw", operation: .delete, offset: 0, length: number, count: 0, text: nil)),
                .cursor(field: text, offset: number, utf16: number * 2),
                .focus(.element(text)), .focus(.key(text)),
                .finished(id: number, completed: false), .sound(.refused),
            ]
            return TimedEvent(time: VirtualTime(milliseconds: Int64(time)), event: events[abs(number) % events.count])
        }
        let failure = TypingEchoTesting.check("generatedRoundTrip", event, cases: 2_000) { timed in
            var bytes: [UInt8] = []
            JSONLines.encode(timed, into: &bytes)
            let decoded = try JSONLines.decode(bytes.dropLast())
            var again: [UInt8] = []
            JSONLines.encode(decoded, into: &again)
            try require(again == bytes, "re-encoded differently: \(String(decoding: bytes, as: UTF8.self))")
            try require(decoded == timed, "decoded to a different event")
        }
        if let failure { Issue.record("\(failure)") }
    }
}
