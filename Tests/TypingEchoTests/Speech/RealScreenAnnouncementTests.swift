import Testing
@testable import TypingEcho

/// What real screens have and hand-written ones rarely did: heading levels, descriptions apart
/// from the hint, an invalid state, read-only fields and live regions, as each reader says them.
@Suite("Real screens' states in every reader")
struct RealScreenAnnouncementTests {
    static let screen = [
        #"element title label="Sign up" kind=heading level=2"#,
        #"field email kind=text label="Email" description="We never share it." invalid"#,
        #"field code kind=text label="Code" value="X1" read-only"#,
        #"element status label="" kind=label live=assertive"#,
    ]

    /// What focusing each of title, email and code says under `reader`.
    static func announcements(_ reader: String) -> [String] {
        let run = replay((["settings reader=\(reader) touch=on"] + screen + ["focus title", "focus email", "focus code"]).joined(separator: "\n"))
        return run.utterances.filter { $0.role == .element }.map(\.text)
    }

    @Test("each reader's words for a heading's level, invalid and read-only", arguments: [
        ("voiceover", ["Sign up, heading level 2", "Email, text field, invalid data", "Code, X1, text field, read-only"]),
        ("nvda", ["Sign up, heading, level 2", "Email, edit, invalid entry, We never share it.", "Code, edit, X1, read only"]),
        ("orca", ["Sign up, heading 2", "Email", "entry", "invalid entry", "We never share it.", "Code", "entry", "X1", "read-only"]),
        ("talkback", ["Sign up, heading level 2", "invalid data, Email, Edit box", "read-only, X1, Edit box"]),
        ("chromevox", ["Sign up, heading level 2", "Email, Edit text, We never share it., invalid data", "Code, X1, Edit text, read-only"]),
    ])
    func words(reader: String, expected: [String]) {
        #expect(Self.announcements(reader) == expected)
    }

    @Test("VoiceOver says a description with the hint, after the hint delay")
    func descriptionWithTheHint() {
        let run = replay((Self.screen + ["settings hint-delay=0.5", "focus email", "wait 10"]).joined(separator: "\n"))
        #expect(run.utterances.filter { $0.role == .hint }.map(\.text) == ["We never share it. Double tap to edit."])
    }

    @Test("a read-only field is not edited by a double tap, and has no editing hint")
    func readOnly() {
        let run = replay((Self.screen + ["focus code", "double-tap", "wait 10"]).joined(separator: "\n"))
        #expect(run.error == nil)
        #expect(run.engine?.editedElement == nil)
        #expect(!run.utterances.contains { $0.role == .hint })
    }

    @Test("a live region says its new text where focus is: assertive cuts, polite waits")
    func liveRegions() {
        let assertive = replay((Self.screen + ["focus email", #"element status label="Wrong code" kind=label live=assertive"#]).joined(separator: "\n"))
        #expect(assertive.utterances.filter { $0.role == .announcement }.map(\.text) == ["Wrong code"])
        #expect(assertive.transcript.contains { $0.contains("cut") })
        let polite = replay([#"element s label="" kind=label live=polite"#, #"field f kind=text label="Name""#, "focus f",
                             #"element s label="3 results" kind=label live=polite"#].joined(separator: "\n"))
        #expect(polite.utterances.filter { $0.role != .hint }.map(\.text) == ["Name, text field", "3 results"])
        #expect(!polite.transcript.contains { $0.contains("cut") })
        // Declared first, or again with the same text: nothing is said.
        let same = replay([#"element s label="Saved" kind=label live=polite"#, #"element s label="Saved" kind=label live=polite"#].joined(separator: "\n"))
        #expect(same.utterances.isEmpty)
    }

    @Test("the new attributes read back as they were written")
    func roundTrip() throws {
        for line in Self.screen + [#"field pw kind=secure label="Password" min=8 autocomplete=new-password"#] {
            let parsed = try #require(try ScriptParser().parse(line: Array(line.utf8), number: 1))
            #expect(ScriptWriter.line(for: parsed.command) == line)
        }
    }
}
