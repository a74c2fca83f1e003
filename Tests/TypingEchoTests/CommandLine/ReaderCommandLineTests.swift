import Foundation
import Testing

/// The command line with `reader=`: `--set reader=…`, `describe --reader all|NAME`, and a
/// gesture a reader does not have.
@Suite("Command line: screen readers")
struct ReaderCommandLineTests {
    @Test("a touch gesture under reader=orca is a script error (65) naming the reader")
    func missingGesture() throws {
        let result = try Tool.run(["replay", Repository.path("Examples/plain-field.replay"), "--set", "reader=orca"])
        #expect(result.status == 65)
        #expect(result.error.contains("reader=orca (Orca) has no touch screen"))
    }

    @Test("describe --reader all: five announcements per element, in text and JSON")
    func describeAll() throws {
        let login = Repository.path("Examples/login-form.replay")
        let text = try Tool.run(["describe", login, "--reader", "all"])
        #expect(text.status == 0)
        for name in ["VoiceOver:", "TalkBack:", "NVDA:", "Orca:", "ChromeVox:"] {
            #expect(text.output.components(separatedBy: "\n   \(name)").count - 1 == 7, "\(name)")
        }
        #expect(text.output.contains("   Orca:      Password password text black circle required · invalid entry: Use 8 characters or more · Use 8 characters or more\n"))
        let json = try Tool.run(["describe", login, "--reader", "nvda", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.output.contains(#""readers":{"nvda":"Email, edit, required, Enter an email address, like name@example.com, jan"}"#))
        #expect(try Tool.run(["describe", login, "--reader", "jaws"]).status == 64)
    }

    @Test("describe with reader=talkback reports that TalkBack speaks passwords by default")
    func talkBackLint() throws {
        let result = try Tool.run(["describe", Repository.path("Examples/login-form.replay"), "--set", "reader=talkback"])
        #expect(result.output.contains("lint:     speaks-passwords: TalkBack speaks passwords by default"))
    }
}
