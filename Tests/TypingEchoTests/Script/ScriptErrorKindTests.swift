import Testing
@testable import TypingEcho

/// A mistake made through the typed API, and the kind it must be reported as.
struct TypedMistake: CustomTestStringConvertible, Sendable {
    var name: String
    var kind: ScriptError.Kind
    var act: @Sendable (inout Session<EventCollector>) throws -> Void
    var testDescription: String { name }
}

/// A screen with a field, a hidden element and a button, with the field focused but not edited.
private func screen() throws -> Session<EventCollector> {
    var session = try Session()
    try session.declareField("user", label: "Username")
    var hidden = ElementDeclaration(id: "logo", label: "Logo")
    hidden.hidden = true
    try session.declare(hidden)
    try session.declareElement("send", label: "Send", kind: .button)
    return session
}

@Suite("ScriptError: errors as data")
struct ScriptErrorKindTests {
    static let mistakes: [TypedMistake] = [
        TypedMistake(name: "focus an unknown id", kind: .unknownID) { try $0.focus("usr") },
        TypedMistake(name: "focus a hidden element", kind: .notFocusable) { try $0.focus("logo") },
        TypedMistake(name: "double-tap with nothing focused", kind: .nothingFocused) { try $0.doubleTap() },
        TypedMistake(name: "keys on a button", kind: .notEditing) { session in
            try session.focus("send")
            try session.keys("x")
        },
        TypedMistake(name: "keys before double-tap", kind: .notEditing) { session in
            try session.focus("user")
            try session.keys("x")
        },
        TypedMistake(name: "type with the keyboard hidden", kind: .notEditing) { try $0.type("x") },
        TypedMistake(name: "touch a key with the keyboard hidden", kind: .notEditing) { try $0.touch(.key("q")) },
        TypedMistake(name: "touch a name that is no key", kind: .unknownKey) { session in
            try session.focus("user")
            try session.doubleTap()
            try session.touch(.key("qq"))
        },
        TypedMistake(name: "type a character the keyboard lacks", kind: .cannotType) { session in
            try session.focus("user")
            try session.doubleTap()
            try session.type("ok ☃")
        },
        TypedMistake(name: "type with a finger down", kind: .gesture) { session in
            try session.focus("user")
            try session.doubleTap()
            try session.touch(.key("q"))
            try session.type("a")
        },
        TypedMistake(name: "an error on a button", kind: .notATextField) { try $0.showError("Wrong", on: "send") },
        TypedMistake(name: "an error on an unknown id", kind: .unknownID) { try $0.showError("Wrong", on: "nobody") },
        TypedMistake(name: "a setting that does not exist", kind: .badSetting) { try $0.set("capital", to: "say") },
        TypedMistake(name: "a setting value that is not allowed", kind: .badSetting) { try $0.set("capitals", to: "loud") },
        TypedMistake(name: "an element without an id", kind: .badDeclaration) { try $0.declareElement("", label: "X") },
        TypedMistake(name: "time going backwards", kind: .timeBackwards) { session in
            try session.wait(2)
            try session.advance(to: VirtualTime(milliseconds: 1000))
        },
        TypedMistake(name: "a negative wait", kind: .timeOutOfRange) { try $0.wait(-1) },
    ]

    @Test("each typed mistake throws its kind, with a message and no location", arguments: mistakes)
    func typedMistake(_ mistake: TypedMistake) throws {
        var session = try screen()
        do {
            try mistake.act(&session)
            Issue.record("no error")
        } catch let error as ScriptError {
            #expect(error.kind == mistake.kind)
            #expect(error.location == nil)
            #expect(!error.message.isEmpty)
            #expect(error.description == "error: \(error.message)")
        } catch {
            Issue.record("not a ScriptError: \(error)")
        }
    }

    @Test("the same mistakes in a script keep their kind and gain the line and column", arguments: [
        ("field a kind=text label=\"A\"\nfocus b", ScriptError.Kind.unknownID, TypingEcho.SourceLocation(line: 2, column: 7)),
        ("wait 2\n@1 focus a", .timeBackwards, TypingEcho.SourceLocation(line: 2, column: 4)),
        ("settings capitals=loud", .badSetting, TypingEcho.SourceLocation(line: 1, column: 19)),
        ("field a kind=text label=\"A\"\nfocus a\nkeys \"x\"", .notEditing, TypingEcho.SourceLocation(line: 3, column: 1)),
        ("swipe sideways", .syntax, TypingEcho.SourceLocation(line: 1, column: 7)),
        ("field a kind=text\n", .syntax, TypingEcho.SourceLocation(line: 1, column: 1)),
        ("field a kind=text label=\"A\"\nfocus a\ndouble-tap\ntouch \"zz\"", .unknownKey, TypingEcho.SourceLocation(line: 4, column: 1)),
    ])
    func scriptMistake(_ script: String, kind: ScriptError.Kind, location: TypingEcho.SourceLocation) throws {
        var session = try Session()
        do {
            try session.run(script: script)
            Issue.record("no error")
        } catch {
            #expect(error.kind == kind)
            #expect(error.location == location)
            #expect(error.formatted(file: "x.replay") == "x.replay:\(location): error: \(error.message)")
        }
    }

    @Test("a bad override at creation is a bad setting")
    func badOverride() {
        #expect(throws: ScriptError(.badSetting, "'capitals' expects one of say, pitch, sound, none, got 'loud'", at: nil)) {
            _ = try Session(overrides: [("capitals", "loud")], sink: EventCollector())
        }
    }
}
