import Testing
import TypingEcho
import TypingEchoTesting

@testable import TypingEchoImport

/// A password input's value is imported as a secure field's content and never printed: the
/// script, JSON, notes and descriptions of a page with a secret equal those of the same page
/// with a decoy of the same length that differs in every character, and hold no two
/// consecutive characters of the secret that the page's other text lacks.
struct HTMLSecretTests {
    /// Where the password sits: its own value, inside another field's label, referenced by
    /// aria-labelledby, aria-describedby and aria-errormessage, with attributes noted.
    static func page(_ secret: String) -> String {
        let value = secret.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
        return """
            <label>Code <input id=pw type=password value="\(value)" inputmode=zz enterkeyhint=qq pattern=x autocapitalize=on> here
            <input id=other></label>
            <input id=a aria-labelledby="pw">
            <input id=b aria-label="B" aria-describedby="pw" aria-invalid="true" aria-errormessage="pw">
            <div contenteditable aria-labelledby="pw"></div>
            <input type=password id=pw2 value="\(value)" aria-invalid=true maxlength=1>
            """
    }

    static func outputs(_ secret: String) throws -> [String] {
        let screen = try ScreenImport.importScreen(Array(page(secret).utf8), format: .html, source: "page.html")
        let (script, scriptNotes) = screen.script()
        return [script, screen.json, String(describing: screen), String(reflecting: screen)] + (screen.notes + scriptNotes).map(\.description)
    }

    @Test func noOutputDependsOnThePasswordBeyondItsLength() throws {
        var random = SeededGenerator(seed: 43)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'()*+,-./:;<=>?@[]^_{|}~\" éßж")
        for _ in 0..<150 {
            let length = Int.random(in: 1...24, using: &random)
            var secret = ""
            var decoy = ""
            for _ in 0..<length {
                let character = alphabet.randomElement(using: &random)!
                var other = alphabet.randomElement(using: &random)!
                while other == character { other = alphabet.randomElement(using: &random)! }
                secret.append(character)
                decoy.append(other)
            }
            let real = try Self.outputs(secret)
            let shadow = try Self.outputs(decoy)
            #expect(real == shadow, "the output depends on the password (length \(length))")
            let text = real.joined(separator: "\n")
            let pageText = Self.page("")
            let pairs = zip(secret, secret.dropFirst()).map { String([$0, $1]) }
            for pair in pairs where !pageText.contains(pair) && text.contains(pair) && !shadow.joined().contains(pair) {
                Issue.record("two characters of the password appear in the output")
            }
        }
    }

    @Test func theCountIsImportedAndTheSessionGetsTheText() throws {
        let screen = try ScreenImport.importScreen(Array(Self.page("s3cr3t").utf8), format: .html, source: "page.html")
        let field = try #require(screen.elements.first { $0.id == "pw" })
        #expect(field.secureValue?.count == 6)
        #expect(field.value == nil)
        #expect(screen.json.contains("\"count\":6"))
        var session = try Session()
        try session.declare(screen)
        try session.run(script: "focus pw")
        #expect(!(session.log.lastSpoken ?? "").contains("s3cr3t"))
    }
}
