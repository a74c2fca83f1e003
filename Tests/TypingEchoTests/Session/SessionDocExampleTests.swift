import Foundation
import Testing
@testable import TypingEcho
import TypingEchoTesting

/// The examples' `print` calls print nothing here: a passing test prints nothing (the claims
/// are checked on the values the examples return).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// The ```swift examples of the session API's doc comments (Session, Session+Verbs, ScriptError,
// EventCollector+Log, AsyncEventSink, JSONLines+Decoding), README's library section and
// docs/embedding.md, each verbatim inside a function that returns what its comments claim,
// so that this file compiles only while every example does. The suite checks the claims; the
// doc-example scan (DocExampleTests) requires every example to stand in a test file.

// Sources/TypingEcho/Session/Session.swift, README.md, docs/embedding.md
func sessionExample() throws -> String? {
    var session = try Session()
    try session.declareField("user", label: "Username")
    try session.focus("user")
    try session.doubleTap()
    try session.keys("Hi ")
    session.runUntilIdle()
    print(session.log.lastSpoken ?? "")   // "Hi", the word echoed after "space"
    return session.log.lastSpoken
}

// Sources/TypingEcho/Session/Session.swift
func sessionSettingsExample() throws -> Settings {
    var session = try Session()
    session.settings.capitals = .pitch
    session.settings.hardwareFeedback = .words
    return session.settings
}

// Sources/TypingEcho/Session/Session+Verbs.swift
func declareFieldExample() throws -> Element? {
    var session = try Session()
    try session.declareField("pw", kind: .secure, label: "Password")
    return session.element("pw")
}

// Sources/TypingEcho/Session/Session+Verbs.swift
func declareElementExample() throws -> Element? {
    var session = try Session()
    try session.declareElement("send", label: "Send", kind: .button, hint: "Sends the message.")
    return session.element("send")
}

// Sources/TypingEcho/Script/ScriptError.swift
func scriptErrorKindExample() throws {
    var session = try Session()
    do {
        try session.run(script: "field user kind=text label=\"Username\"\nfocus usr")
    } catch {
        print(error.kind)                             // unknownID
        print(error.formatted(file: "login.replay"))  // login.replay:2:7: error: no element … did you mean 'user'?
    }
}

// Sources/TypingEcho/Events/EventCollector+Log.swift
func logExample() throws -> [String] {
    var session = try Session()
    try session.declareField("user", label: "Username")
    try session.focus("user")
    session.runUntilIdle()
    let phrases = session.log.spokenPhrases  // ["Username, text field", "Double tap to edit."]
    return phrases
}

// Sources/TypingEcho/Events/AsyncEventSink.swift
func asyncEventSinkExample() async throws -> [String] {
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
    return spoken
}

// Sources/TypingEcho/Events/JSONLines+Decoding.swift
func decodeExample() throws -> TimedEvent {
    let event = try JSONLines.decode(#"{"type":"sound","t":1.500,"name":"click"}"#.utf8)
    // TimedEvent(time: 1.500, event: .sound(.click))
    return event
}

// Sources/TypingEcho/Events/JSONLines+Decoding.swift
func readerExample() throws -> TimedEvent? {
    var reader = JSONLines.Reader()
    reader.append(Array(#"{"type":"sound","t":0.500,"name":"tick"}"#.utf8) + [10, 123])
    let first = try reader.next()   // the tick; the "{" waits for the rest of its line
    return first
}

// docs/embedding.md
func runLoopExample() throws -> [String] {
    var session = try Session()
    try session.declareField("user", label: "Username")
    try session.focus("user")
    var captions: [String] = []
    while let due = session.nextDue {
        try session.advance(to: due)
        if let spoken = session.log.lastSpoken, spoken != captions.last { captions.append(spoken) }
    }
    // captions == ["Username, text field", "Double tap to edit."]
    return captions
}

// docs/embedding.md
func roundTripExample() throws -> (String, [UInt8]) {
    let line = #"{"type":"speak","t":0.000,"start":0.000,"id":1,"text":"Username, text field","role":"element","locale":"en-US","pitch":1.0,"duration":1.400,"interrupts":true}"#
    let event = try JSONLines.decode(line.utf8)
    var bytes: [UInt8] = []
    JSONLines.encode(event, into: &bytes)
    // String(decoding: bytes, as: UTF8.self) == line + "\n"
    return (line, bytes)
}

@Suite("Doc examples of the session API")
struct SessionDocExampleTests {
    @Test("the examples' claims hold")
    func claims() async throws {
        #expect(try sessionExample() == "Hi")
        let settings = try sessionSettingsExample()
        #expect(settings.capitals == .pitch && settings.hardwareFeedback == .words)
        #expect(try declareFieldExample()?.field?.isSecure == true)
        #expect(try declareElementExample()?.traits == .button)
        try scriptErrorKindExample()
        #expect(try logExample() == ["Username, text field", "Double tap to edit."])
        #expect(try await asyncEventSinkExample() == ["Username, text field", "Double tap to edit."])
        #expect(try decodeExample() == TimedEvent(time: VirtualTime(milliseconds: 1500), event: .sound(.click)))
        #expect(try readerExample() == TimedEvent(time: VirtualTime(milliseconds: 500), event: .sound(.tick)))
        #expect(try runLoopExample() == ["Username, text field", "Double tap to edit."])
        let (line, bytes) = try roundTripExample()
        #expect(String(decoding: bytes, as: UTF8.self) == line + "\n")
        #expect(try screenQueriesExample() == ["hidden 7", "pw true", "Username, text field", "shift", "false"])
    }

    @Test("the ScriptError example's error is what its comments say")
    func scriptErrorClaim() throws {
        var session = try Session()
        #expect(throws: ScriptError(.unknownID, "no element or field with id 'usr'; did you mean 'user'?",
                                    at: TypingEcho.SourceLocation(line: 2, column: 7))) {
            try session.run(script: "field user kind=text label=\"Username\"\nfocus usr")
        }
    }
}

// docs/embedding.md ("What the screen holds")
func screenQueriesExample() throws -> [String] {
    var shown: [String] = []
    func print(_ items: Any...) { shown.append(items.map { "\($0)" }.joined(separator: " ")) }
    var session = try Session()
    try session.declareField("user", label: "Username")
    try session.declareField("pw", kind: .secure, label: "Password")
    try session.focus("pw")
    try session.doubleTap()
    try session.keys("hunter2")
    let password = session.element("pw")?.field
    print(password?.text ?? "hidden", password?.characterCount ?? 0)   // hidden 7
    print(session.editedFieldID ?? "none", session.isKeyboardShown)    // pw true
    print(session.announcement(for: "user") ?? "")                      // Username, text field
    try session.focusKey("shift")
    print(session.focusedKeyName ?? "none")                             // shift
    try session.dismiss()
    print(session.isKeyboardShown)                                      // false
    return shown
}
