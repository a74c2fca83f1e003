import Testing
@testable import TypingEcho

/// The one "did you mean" rule, shared by the parser, the settings, element ids and the CLI.
@Suite("Suggestions")
struct SuggestionTests {
    @Test("a typo away: one edit or swap per three letters, at least one, at most three", arguments: [
        ("kyes", ["keys", "key"], "keys"),
        ("Swipe", ["swipe"], "swipe"),
        ("replai", ["replay", "check", "describe"], "replay"),
        ("--frmat", ["--format", "--set"], "--format"),
        ("hardwre-feedback", ["feedback", "hardware-feedback"], "hardware-feedback"),
        ("xyzzy", ["replay", "check", "describe", "layouts"], nil),
        ("ab", ["xy"], nil),
        ("sign-in", ["signIn"], "signIn"),
        ("characterz-and-wordz", ["characters-and-words"], "characters-and-words"),
        ("chXrXctXrs-Xnd-wXrds", ["characters-and-words"], nil),
    ] as [(String, [String], String?)])
    func closest(word: String, names: [String], expected: String?) {
        #expect(Suggestion.closest(to: word, among: names) == expected)
    }

    @Test("the first of equally close names wins; nothing for a very long word")
    func ties() {
        #expect(Suggestion.closest(to: "cat", among: ["bat", "cab"]) == "bat")
        let long = String(repeating: "a", count: Suggestion.longestWord + 1)
        #expect(Suggestion.closest(to: long, among: [long + "b"]) == nil)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }

    @Test("the parser, the settings and element ids all suggest with it")
    func everyoneUsesIt() {
        var settings = Settings()
        #expect(throws: SettingError.self) { try settings.set("hardwre-feedback", to: "words") }
        do { try settings.set("hardwre-feedback", to: "words") } catch {
            #expect(error.description.contains("did you mean 'hardware-feedback'?"))
        }
        #expect(["user", "password"].closest(to: "usr") == "user")
        #expect(ScriptValues.suggestion(for: "lfet", among: ["left", "right"]) == "left")
    }
}
