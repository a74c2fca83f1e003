import Testing
import TypingEcho
import TypingEchoTesting
@testable import TypingEchoImport

// The ```swift examples of TypingEchoImport's doc comments, each verbatim inside a function that
// returns what its comments claim; the suite checks the claims.

// Sources/TypingEchoImport/SecureValue.swift
func secureValueExample() -> (String, Int) {
    let value = SecureValue("hunter2")
    let shown = "\(value)"  // "secure value, 7 characters"
    let count = value.count  // 7
    return (shown, count)
}

// Sources/TypingEchoImport/ImportedScreen.swift
func importedScreenExample() throws -> String {
    let dump = #"<hierarchy rotation="0"><node class="android.widget.EditText" text="" "#
        + #"resource-id="com.example:id/email" hint="Email" bounds="[0,0][100,50]"/></hierarchy>"#
    let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "dump.xml")
    let id = screen.elements[0].id  // "email"
    return id
}

// Sources/TypingEchoImport/ImportedIDs.swift
func importedIDsExample() -> [String] {
    var ids = ImportedIDs()
    let first = ids.id(source: "user name", kind: "text")   // "user-name"
    let second = ids.id(source: "user name", kind: "text")  // "user-name-2"
    let third = ids.id(source: nil, kind: "button")         // "button-1"
    return [first, second, third]
}

// Sources/TypingEchoImport/ScreenImport.swift
func screenImportExample() throws -> [String] {
    let tree = """
        Attributes: Application, pid: 42, label: 'Demo'
        Element subtree:
         →Application, 0x1, pid: 42, label: 'Demo'
            TextField, 0x2, {{20.0, 100.0}, {335.0, 44.0}}, identifier: 'email', placeholderValue: 'Email', value: Email
        """
    let screen = try ScreenImport.importScreen(Array(tree.utf8), format: .xcuitest, source: "tree.txt")
    let ids = screen.elements.map(\.id)  // ["email"]
    return ids
}

// Sources/TypingEchoImport/Session+Import.swift
func sessionImportExample() throws -> String? {
    let dump = #"<hierarchy rotation="0"><node class="android.widget.EditText" text="" "#
        + #"resource-id="com.example:id/email" content-desc="Email" bounds="[0,0][100,50]"/></hierarchy>"#
    let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "dump.xml")
    var session = try Session()
    try session.declare(screen)
    try session.focus("email")
    let spoken = session.log.lastSpoken  // "Email, text field"
    return spoken
}

@Suite struct ImportDocExamples {
    @Test func claims() throws {
        #expect(secureValueExample() == ("secure value, 7 characters", 7))
        #expect(try importedScreenExample() == "email")
        #expect(importedIDsExample() == ["user-name", "user-name-2", "button-1"])
        #expect(try screenImportExample() == ["email"])
        #expect(try sessionImportExample() == "Email, text field")
    }
}

// docs/embedding.md
func embeddingImportExample() throws -> (Int?, String?) {
    let dump = #"<hierarchy rotation="0"><node class="android.widget.EditText" text="hunter22" password="true" "#
        + #"resource-id="app:id/password" content-desc="Password" bounds="[0,0][840,150]"/></hierarchy>"#
    let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "dump.xml",
                                               options: ImportOptions(density: 2.625))
    let count = screen.elements[0].secureValue?.count        // 8: the text itself is never shown
    var session = try Session()
    try session.declare(screen)
    try session.focus("password")
    let spoken = session.log.lastSpoken                      // "Password, secure text field, 8 characters"
    return (count, spoken)
}

// Sources/TypingEchoTesting/SessionScript+AnyScreen.swift
func anyScreenExample() -> Gen<SessionScript> {
    let screen: [Command] = [.field(FieldDeclaration(id: "email", kind: .text, label: "Email")),
                             .element(ElementDeclaration(id: "go", label: "Sign in"))]
    let sessions = Gen.session(over: screen, steps: 1...12)
    return sessions
}

@Suite struct ImportedScreenSessions {
    @Test func embeddingClaims() throws {
        let (count, spoken) = try embeddingImportExample()
        #expect(count == 8 && spoken == "Password, secure text field, 8 characters")
    }

    /// Generated sessions over an imported screen run, and no password leaks into what they say.
    @Test func generatedSessionsOverAnImportedScreen() throws {
        let screen = try ImportSample.screen("signup-xcuitest.txt", .xcuitest)
        #expect(!screen.commands.map(ScriptWriter.line(for:)).joined().contains("hunter"))
        let failure = check("sessionsOverAnImportedScreen", Gen.session(over: screen.commands, steps: 1...20), cases: 100) { script in
            // The same script on a new session says the same, and the secure field keeps its count
            // unless the session edited it (by keys, or by a key of the on-screen keyboard that a
            // swipe past the last element reached while the field was being edited).
            var session = try script.makeSession()
            session.runUntilIdle()
            var again = try Session()
            try again.run(script: script.text)
            again.runUntilIdle()
            try require(session.log.spokenPhrases == again.log.spokenPhrases, "the written script says something else")
            let edited = session.log.events.contains { if case .edit(let edit) = $0.event { edit.field == "password" } else { false } }
            try require(edited || session.element("password")?.field?.characterCount == 8, "the secure field lost its count")
        }
        if let failure { Issue.record("\(failure)") }
        #expect(anyScreenExample().sample(seed: 1) != nil)
    }
}
