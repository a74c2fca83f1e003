import Testing
@testable import TypingEcho

@Suite("show-expected: the expected text of a failed expect, on request")
struct ShowExpectedTests {
    static let lines = [
        #"field pw kind=secure label="Password""#, #"field user kind=text label="Username""#,
        "focus pw", "double-tap", #"keys "qzx79""#, "focus user",
        #"expect speech "Email, text field""#, "focus pw", #"expect value "wrong""#,
    ].joined(separator: "\n")

    @Test("Off by default: once a secure field has held text the expected text is not repeated")
    func hiddenByDefault() throws {
        let run = replay(Self.lines)
        let messages = run.failures.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { !$0.contains("Email") && !$0.contains("wrong") && !$0.contains("qzx79") })
        #expect(messages.first?.contains("(17 characters, not shown once a secure field has held text)") == true)
    }

    @Test("show-expected=on repeats the expected text, by setting or override; the secure field's text never")
    func shownOnRequest() throws {
        for run in [replay("settings show-expected=on\n" + Self.lines), replay(Self.lines, overrides: [("show-expected", "on")])] {
            let messages = run.failures.map(\.message)
            #expect(messages.count == 2)
            #expect(messages.first?.hasPrefix(#"expected speech "Email, text field"; heard"#) == true)
            #expect(messages.last?.contains(#""wrong""#) == true && messages.last?.contains("5 characters") == true)
            #expect(messages.allSatisfy { !$0.contains("qzx79") })
        }
        var settings = Settings()
        settings.showExpected = true
        #expect(settings.scriptValue(for: "show-expected") == "on" && Settings().showExpected == false)
    }
}
