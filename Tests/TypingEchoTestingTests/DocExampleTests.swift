import Foundation
import Testing
import TypingEcho
@testable import TypingEchoTesting

/// The examples' `print` calls print nothing here: a passing test prints nothing (the claims
/// are checked on the values the examples return).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// The ```swift examples of TypingEchoTesting's doc comments and of docs/property-testing.md,
// each verbatim inside a function (or, for `@Test` examples, at file scope, where they run as
// tests), so that this file compiles only while every example does. The suite checks what
// the examples' comments claim, and scans Sources/, docs/, the DocC catalogs and the README for
// every swift example: each must stand in some test file, line for line.

// Sources/TypingEchoTesting/Gen.swift
func pairsExample() -> PropertyFailure? {
    let pairs = Gen.zip(Gen.int(in: 0...9), Gen.string(of: Gen.element(of: "ab"), length: 0...4))
    let failure = check("pairs", pairs) { number, text in
        try require(text.count <= number, "text longer than \(number)")
    }
    return failure
}

// Sources/TypingEchoTesting/Gen+Choices.swift
func frequencyExample() -> Gen<Character> {
    let digitOrSpace = Gen.frequency([(9, .element(of: "0123456789")), (1, .constant(" "))])
    return digitOrSpace
}

// Sources/TypingEchoTesting/UnicodeGen.swift
func unicodeTextExample() -> Gen<String> {
    let text = Gen.unicodeText(length: 0...12, families: [.flags, .thai, .whitespace])
    return text
}

// Sources/TypingEchoTesting/SeededGenerator.swift
func seededGeneratorExample() -> UInt64 {
    var generator = SeededGenerator(seed: 42)
    let roll = generator.next(upTo: 5) + 1   // 1...6, the same on every machine
    return roll
}

// Sources/TypingEchoTesting/EditingSession.swift
func editingSessionExample() -> PropertyFailure? {
    let failure = check("cursorStaysInText", Gen.editingSession(steps: 0...40), cases: 200) { steps in
        var buffer = try TextBuffer()
        for step in steps { buffer.apply(step) }
        try require(buffer.insertionPoint.character <= buffer.characterCount, "cursor past the end")
    }
    return failure
}

// Sources/TypingEchoTesting/Property+SwiftTesting.swift (expectIsolatedProperty)
func isolatedPropertyExample() async -> String? {
    let report = await expectIsolatedProperty("indexInRange", Gen.int(in: 0...100), cases: 500, database: nil) { job in
        await #expect(processExitsWith: .failure, observing: [\.standardOutputContent]) { [job = job as IsolatedPropertyJob] in
            job.run(Gen.int(in: 0...100)) { index in
                let table = Array(0..<64)
                try require(table[index] == index, "table[\(index)] is \(table[index])")   // traps from 64 on
            }
        }
    }
    return report
}

// Sources/TypingEchoTesting/Property.swift
@Test func insertingGrowsTheText() {
    let failure = check("insertingGrowsTheText", Gen.unicodeText(length: 0...8)) { text in
        try require(("a" + text).count == text.count + 1, "prefix merged into \(text)")
    }
    if let failure { Issue.record("\(failure)") }
}

// Sources/TypingEchoTesting/Property.swift
func requireExample(_ buffer: TextBuffer, expected: Int) throws {
    try require(buffer.characterCount == expected, "count \(buffer.characterCount) != \(expected)")
}

// Sources/TypingEchoTesting/Property+SwiftTesting.swift
@Test func backspaceNeverGrowsTheText() async {
    await expectProperty("backspaceNeverGrowsTheText", .session(.plain, steps: 0...12), cases: 100) { script in
        var session = try script.makeSession()
        let before = try #require(session.element("text")?.field).characterCount
        try session.key(.backspace)
        let after = session.element("text")?.field?.characterCount ?? 0
        #expect(after <= before)
    }
}

// Sources/TypingEchoTesting/ExampleDatabase.swift
func exampleDatabaseExample() -> PropertyFailure? {
    let database = ExampleDatabase(directory: "/tmp/typing-echo-examples")
    let failure = check("noSeven", Gen.int(in: 0...100), database: database) { try require($0 != 7, "seven") }
    // the next run with the same database tries the saved case (7) before any new one
    return failure
}

// Sources/TypingEchoTesting/ReplayText.swift
func replayTextExample() -> String {
    let line = ReplayText.line(for: .keys("naïve \"quote\""))   // keys "naïve \"quote\""
    return line
}

// Sources/TypingEchoTesting/SessionScript.swift
func sessionScriptExample() throws -> (Session<EventCollector>, SessionScript) {
    let script = SessionScript([
        .field(FieldDeclaration(id: "user", kind: .text, label: "Username")),
        .focus("user"),
        .doubleTap,
        .keys("Hi "),
    ])
    var session = try script.makeSession()
    session.runUntilIdle()
    // session.log.lastSpoken == "Hi"; script.text is the same session as a .replay file
    return (session, script)
}

// Sources/TypingEchoTesting/SessionScript+Gen.swift
func sessionGeneratorExample() -> PropertyFailure? {
    let failure = check("sessionsRun", Gen.session(.plain, steps: 1...20), cases: 50) { script in
        var session = try script.makeSession()
        session.runUntilIdle()
        try require(!session.isSpeaking, "still speaking after runUntilIdle")
    }
    return failure
}

// Sources/TypingEchoTesting/SessionScript+Gen.swift
func customScreenExample() -> Gen<SessionScript> {
    let signIn = Gen.session(
        prelude: [.field(FieldDeclaration(id: "email", kind: .text, label: "Email"))],
        commands: Gen.command(.screen), steps: 1...10)
    return signIn
}

// docs/property-testing.md
@Test func typedCountMatchesTheField() async {
    await expectProperty("typedCountMatchesTheField", .session(.plain, steps: 0...8), cases: 50) { script in
        var session = try script.makeSession()
        let field = try #require(session.element("text")?.field)
        try script.require(.count(field.characterCount), on: &session)
    }
}

// Sources/TypingEchoTesting/LeakCheck.swift
func leakCheckExample() throws -> PropertyFailure? {
    let leaks = try LeakCheck()
    let failure = check("noLeak", .leakCase(steps: 1...16), cases: 100) { leakCase in
        try leaks.verify(leakCase)
    }
    return failure
}

// docs/property-testing.md
func printedSessionExample() -> String {
    var printed = ""
    if let script = Gen.session(.keyboard, steps: 3...3).sample(seed: 7) {
        print(script.text)   // field text kind=text label="Text", focus text, double-tap, then the steps
        printed = script.text
    }
    return printed
}

// Sources/TypingEchoTesting/StateMachine.swift
func stateMachineExample() -> PropertyFailure? {
    struct Counter { var value = 0 }
    let machine = StateMachine<Int, Counter>(model: { 0 }, system: { Counter() })
        .rule("add", .int(in: 1...5)) { model, system, amount in
            model += amount
            system.value += amount
        }
        .rule("reset", when: { $0 > 10 }) { model, system in
            model = 0
            system.value = 0
        }
        .invariant("same value") { model, system in
            try require(model == system.value, "model \(model), system \(system.value)")
        }
    let failure = check("counterAgrees", machine.sequences(steps: 0...20), cases: 200) { try $0.verdict() }
    return failure
}

// Sources/TypingEchoTesting/StateMachine.swift
func unambiguousLiteralExample() -> String {
    let decomposed = "e\u{301}".unambiguousLiteral   // "e\u{301}", with the quotes
    return decomposed
}

// Sources/TypingEchoTesting/StateMachine+Editor.swift
func editorMachineExample() -> PropertyFailure? {
    struct Notes { var text = ""; var cursor = 0 }   // an editor of one's own
    let machine = StateMachine<TextBuffer, Notes>.editor(system: { Notes() }, apply: { notes, step in
        // … the editor's own handling of each EditStep …
    }, state: { EditorState(text: $0.text, insertionPoint: $0.cursor) })
    let failure = check("notesAgree", machine.sequences(steps: 0...30), cases: 500) { try $0.verdict() }
    return failure
}

// Sources/TypingEchoTesting/PropertyEnvironment.swift, docs/property-testing.md
func printFiguresExample() -> Bool {
    PropertyEnvironment.printFigures("pairs 12, equal 3")   // printed with TYPING_ECHO_FIGURES=1 only
    return PropertyEnvironment.showsFigures
}

@Suite("Doc examples of TypingEchoTesting")
struct DocExampleTests {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The paths, relative to the package root, of the files under `folder` whose names end in
    /// one of `extensions` (catalogs, `.docc`, are folders under Sources/ and are included).
    static func files(under folder: String, endingIn extensions: [String]) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { path in extensions.contains { path.hasSuffix($0) } }
            .map { folder + "/" + $0 }.sorted()
    }

    @Test("every swift example in Sources/, docs/, the DocC catalogs and the README stands in a test file, word for word")
    func everyExampleIsCompiled() throws {
        let documented = Self.files(under: "Sources", endingIn: [".swift", ".md"]) + Self.files(under: "docs", endingIn: [".md"])
            + ["README.md", "CONTRIBUTING.md"].filter { FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path) }
        let tests = Self.files(under: "Tests", endingIn: [".swift"]).map { file in
            ((try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)) ?? "")
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var examples = 0
        for file in documented {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for block in DocExamples.codeBlocks(in: text) {
                examples += 1
                if !tests.contains(where: { DocExamples.contains(block, in: $0) }) {
                    Issue.record("\(file): this example is in no test file, so nothing compiles it:\n\(block.joined(separator: "\n"))")
                }
            }
        }
        // The scan finds the examples there are (the session API, the engine, the testing kit,
        // the guides and the catalogs' articles).
        #expect(examples >= 40, "only \(examples) swift examples found")
    }

    @Test("the examples' claims hold")
    func claims() async throws {
        #expect(printFiguresExample() == (getenv("TYPING_ECHO_FIGURES").map { String(cString: $0) == "1" } ?? false))
        let pairs = try #require(pairsExample())
        #expect(pairs.message.contains("text longer than"))
        #expect(Set((0..<200).compactMap { frequencyExample().sample(seed: $0) }).isSubset(of: Set("0123456789 ")))
        #expect(unicodeTextExample().sample(seed: 1) != nil)
        #expect((1...6).contains(seededGeneratorExample()))
        #expect(seededGeneratorExample() == seededGeneratorExample())
        #expect(editingSessionExample() == nil)
        var buffer = try TextBuffer("héllo")
        buffer.apply(.end)
        try requireExample(buffer, expected: 5)
        #expect(throws: PropertyViolation.self) { try requireExample(buffer, expected: 4) }

        let database = ExampleDatabase(directory: "/tmp/typing-echo-examples")
        try? FileManager.default.removeItem(atPath: database.file(for: "noSeven"))
        defer { try? FileManager.default.removeItem(atPath: database.file(for: "noSeven")) }
        #expect(exampleDatabaseExample()?.counterexample == "7")
        #expect(database.examples(for: "noSeven").count == 1)
        #expect(exampleDatabaseExample()?.fromDatabase == true)

        #expect(replayTextExample() == #"keys "naïve \"quote\"""#)
        let (session, script) = try sessionScriptExample()
        #expect(session.log.lastSpoken == "Hi")
        var fromText = try Session()
        try fromText.run(script: script.text)
        fromText.runUntilIdle()
        #expect(fromText.log.events == session.log.events)
        #expect(sessionGeneratorExample() == nil)
        let custom = try #require(customScreenExample().sample(seed: 3))
        #expect(custom.lines.first == #"field email kind=text label="Email""#)
        _ = try custom.makeSession()
        #expect(try leakCheckExample() == nil)
        #expect(stateMachineExample() == nil)
        #expect(unambiguousLiteralExample() == #""e\u{301}""#)
        #expect(editorMachineExample() != nil, "an editor that ignores every step disagrees with the model")
        #expect(printedSessionExample().hasPrefix("field text kind=text label=\"Text\"\nfocus text\ndouble-tap\n"))
    }
}
