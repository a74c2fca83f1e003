import Testing
// Deliberately not `@testable`: this file sees only what a simulator sees, plus the one
// testing-only route.
@_spi(Testing) import TypingEcho

/// A secure field's text never leaves through the public API: every public property and
/// description reachable from a session shows counts and positions only.
@Suite("A secure field's text stays inside: the public surface")
struct SecretSurfaceTests {
    /// Secrets from a seeded generator over letters no announcement contains, of 8 to 15 characters.
    static func secrets(count: Int) -> [String] {
        let alphabet = Array("qzxjQZXJ79ął€ßé")
        var state: UInt64 = 0x5EC2_E7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<count).map { _ in String((0..<(8 + next() % 8)).map { _ in alphabet[next() % alphabet.count] }) }
    }

    /// A sign-in screen whose password field holds `secret`, typed and pasted, still being edited.
    static func session(holding secret: String) throws -> Session<EventCollector> {
        var session = try Session()
        try session.declareField("user", label: "Username")
        try session.declareField("pw", kind: .secure, label: "Password")
        try session.declareElement("go", label: "Sign in", traits: .button)
        try session.focus("pw")
        try session.doubleTap()
        try session.keys(String(secret.prefix(4)))
        try session.setClipboard(String(secret.dropFirst(4)))
        try session.edit(.paste)
        try session.edit(.selectAll)
        try session.edit(.copy)
        session.runUntilIdle()
        return session
    }

    /// Everything public a simulator can read from the session, as text.
    static func everythingShown(by session: inout Session<EventCollector>) -> [String] {
        func shown(_ value: Any) -> [String] {
            var dumped = ""
            dump(value, to: &dumped)
            return [String(describing: value), String(reflecting: value), dumped]
        }
        var shownText = shown(session) + shown(session.engine) + shown(session.elements)
        shownText += [session.clipboard ?? "", String(describing: session.focusedElement), String(describing: session.editedElement)]
        shownText += session.pendingSpeech.map(\.text)
        for element in session.elements {
            shownText += [element.label, element.value ?? "", element.hint ?? ""] + shown(element)
            shownText.append(session.announcement(for: element.id) ?? "")
            if let field = element.field {
                shownText += shown(field) + [field.text ?? "", field.placeholder ?? "", field.error ?? ""]
                shownText += field.readableBuffer.map(shown) ?? []
                shownText += shown(field.insertionPoint) + shown(field.selection as Any)
            }
        }
        let description = ScreenDescription(session.screen, readers: ScreenReader.allCases)
        shownText += [description.text, description.json]
        for item in description.items {
            shownText += [item.announcement, item.hint ?? ""] + item.parts.map(\.text) + item.readers.map(\.announcement)
        }
        var transcript = Transcript()
        for event in session.log.events {
            shownText.append(JSONLines.line(event))
            shownText.append(transcript.line(for: event) ?? "")
        }
        shownText += session.log.spokenPhrases
        shownText.append(session.check(.value("wrong")) ?? "")
        shownText.append(session.check(.speech("wrong")) ?? "")
        return shownText
    }

    @Test("For generated secrets nothing public shows the text; the testing-only route does")
    func nothingPublicShowsTheSecret() throws {
        for secret in Self.secrets(count: 12) {
            var session = try Self.session(holding: secret)
            let field = try #require(session.element("pw")?.field)
            #expect(field.text == nil)
            #expect(field.readableBuffer == nil)
            #expect(field.characterCount == secret.count)
            #expect(field.isEmpty == false)
            #expect(field.selection.map { $0.upperBound.character - $0.lowerBound.character } == secret.count)
            #expect(session.clipboard == String(secret.dropFirst(4)), "copy from a secure field leaves the clipboard as it was")
            let shown = Self.everythingShown(by: &session)
            let leaks = shown.filter { $0.contains(secret) || $0.contains(String(secret.prefix(4))) }
            #expect(leaks.isEmpty, "the secret shows in \(leaks.count) public outputs")
            #expect(field.secretTextForTesting == secret)
        }
    }

    @Test("A public field shows its text through the same accessors")
    func publicFieldShowsItsText() throws {
        var session = try Session()
        try session.declareField("user", label: "Username")
        try session.focus("user")
        try session.doubleTap()
        try session.keys("qzx")
        let field = try #require(session.element("user")?.field)
        #expect(field.text == "qzx")
        #expect(field.readableBuffer?.string == "qzx")
        #expect(field.characterCount == 3 && field.insertionPoint.character == 3)
    }
}
