import Foundation
import Testing
@testable import TypingEcho

/// The code examples in the doc comments of `Session`, `ScriptError`, `EventCollector`'s log,
/// `AsyncEventSink` and `JSONLines.decode`, and of docs/embedding.md, copied here verbatim
/// (between the `// Example` and `// Checks` marks) so that they compile, followed by checks
/// that they do what their comments say. Change both together.
@Suite("Doc examples of the session API")
struct SessionDocExampleTests {
    /// The files whose `swift` code blocks this suite holds.
    static let documented = [
        "Sources/TypingEcho/Session/Session.swift", "Sources/TypingEcho/Session/Session+Verbs.swift",
        "Sources/TypingEcho/Script/ScriptError.swift", "Sources/TypingEcho/Events/EventCollector+Log.swift",
        "Sources/TypingEcho/Events/AsyncEventSink.swift", "Sources/TypingEcho/Events/JSONLines+Decoding.swift",
        "docs/embedding.md", "README.md",
    ]

    /// The lines of each `swift` code block in a doc comment or Markdown file, trimmed.
    static func codeBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") { line = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil, !line.isEmpty {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test("every swift block of the documented files is in this suite, line for line", arguments: documented)
    func examplesAreHere(_ file: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let suite = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        // One test function per chunk; a block must appear, in order, within one of them.
        let tests = suite.components(separatedBy: "@Test(").dropFirst(2).map {
            $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let blocks = Self.codeBlocks(in: source)
        #expect(!blocks.isEmpty, "\(file) has no swift examples")
        for block in blocks {
            let copied = tests.contains { lines in
                var remaining = block[...]
                for line in lines where line == remaining.first { remaining.removeFirst() }
                return remaining.isEmpty
            }
            #expect(copied, "\(file): an example starting '\(block.first ?? "")' is not copied into one test here")
        }
    }
    @Test("Session")
    func session() throws {
        // Example
        var session = try Session()
        try session.declareField("user", label: "Username")
        try session.focus("user")
        try session.doubleTap()
        try session.keys("Hi ")
        session.runUntilIdle()
        print(session.log.lastSpoken ?? "")   // "Hi", the word echoed after "space"
        // Checks
        #expect(session.log.lastSpoken == "Hi")
    }

    @Test("Session.settings")
    func settings() throws {
        // Example
        var session = try Session()
        session.settings.capitals = .pitch
        session.settings.hardwareFeedback = .words
        // Checks
        #expect(session.settings.capitals == .pitch && session.settings.hardwareFeedback == .words)
    }

    @Test("Session.declareField")
    func declareField() throws {
        // Example
        var session = try Session()
        try session.declareField("pw", kind: .secure, label: "Password")
        // Checks
        #expect(session.element("pw")?.field?.isSecure == true)
    }

    @Test("Session.declareElement")
    func declareElement() throws {
        // Example
        var session = try Session()
        try session.declareElement("send", label: "Send", kind: .button, hint: "Sends the message.")
        // Checks
        #expect(session.element("send")?.traits == .button)
        #expect(session.element("send")?.hint == "Sends the message.")
    }

    @Test("ScriptError")
    func scriptError() throws {
        // Example
        var session = try Session()
        do {
            try session.run(script: "field user kind=text label=\"Username\"\nfocus usr")
        } catch {
            let kind = error.kind                             // .unknownID
            let line = error.formatted(file: "login.replay")  // "login.replay:2:7: error: no element …; did you mean 'user'?"
            // Checks
            #expect(kind == .unknownID)
            #expect(line == "login.replay:2:7: error: no element or field with id 'usr'; did you mean 'user'?")
            return
        }
        Issue.record("no error")
    }

    @Test("EventCollector's log")
    func log() throws {
        // Example
        var session = try Session()
        try session.declareField("user", label: "Username")
        try session.focus("user")
        session.runUntilIdle()
        let phrases = session.log.spokenPhrases  // ["Username, text field", "Double tap to edit."]
        // Checks
        #expect(phrases == ["Username, text field", "Double tap to edit."])
    }

    @Test("AsyncEventSink")
    func asyncEventSink() async throws {
        // Example
        let (events, sink) = AsyncEventSink.makeStream()
        var session = try Session(sink: sink)
        let captions = Task { () -> [String] in
            var spoken: [String] = []
            for await timed in events { if case .speak(let utterance) = timed.event { spoken.append(utterance.text) } }
            return spoken
        }
        try session.declareField("user", label: "Username")
        try session.focus("user")
        session.runUntilIdle()
        session.sink.finish()
        let spoken = await captions.value  // ["Username, text field", "Double tap to edit."]
        // Checks
        #expect(spoken == ["Username, text field", "Double tap to edit."])
    }

    @Test("JSONLines.decode")
    func decode() throws {
        // Example
        let event = try JSONLines.decode(#"{"type":"sound","t":1.500,"name":"click"}"#.utf8)
        // TimedEvent(time: 1.500, event: .sound(.click))
        // Checks
        #expect(event == TimedEvent(time: VirtualTime(milliseconds: 1500), event: .sound(.click)))
    }

    @Test("docs/embedding.md: a run loop stepping through nextDue")
    func runLoop() throws {
        // Example
        var session = try Session()
        try session.declareField("user", label: "Username")
        try session.focus("user")
        var captions: [String] = []
        while let due = session.nextDue {
            try session.advance(to: due)
            if let spoken = session.log.lastSpoken, spoken != captions.last { captions.append(spoken) }
        }
        // captions == ["Username, text field", "Double tap to edit."]
        // Checks
        #expect(captions == ["Username, text field", "Double tap to edit."])
    }

    @Test("docs/embedding.md: decode and re-encode a line")
    func roundTrip() throws {
        // Example
        let line = #"{"type":"speak","t":0.000,"id":1,"text":"Username, text field","role":"element","locale":"en-US","pitch":1.0,"duration":1.400,"interrupts":true}"#
        let event = try JSONLines.decode(line.utf8)
        var bytes: [UInt8] = []
        JSONLines.encode(event, into: &bytes)
        // String(decoding: bytes, as: UTF8.self) == line + "\n"
        // Checks
        #expect(String(decoding: bytes, as: UTF8.self) == line + "\n")
    }
}
