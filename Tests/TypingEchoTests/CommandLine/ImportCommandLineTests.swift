import Foundation
import Testing

/// `typing-echo import` and `--screen`: output, notes, exit codes.
@Suite("import and --screen")
struct ImportCommandLineTests {
    static let samples = "Tests/TypingEchoImportTests/Samples/"

    @Test("import prints declarations with their source, notes on stderr; the script replays")
    func script() throws {
        let result = try Tool.run(["import", Repository.path(Self.samples + "signup-xcuitest.txt")])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix(#"field password kind=secure label="Password" value="••••••••""#) && $0.hasSuffix("signup-xcuitest.txt:8:9") })
        #expect(result.error.contains(": note: "))
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("imported-\(getpid()).replay")
        try Data(result.output.utf8).write(to: saved)
        defer { try? FileManager.default.removeItem(at: saved) }
        #expect(try Tool.run(["check", saved.path]).status == 0)
    }

    @Test("import --format json: one screen object, a count and no value for the password")
    func json() throws {
        let result = try Tool.run(["import", "--format=json", Repository.path(Self.samples + "signup-aria.yml")])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "screen")
        let elements = try #require(object["elements"] as? [[String: Any]])
        let password = try #require(elements.first { $0["kind"] as? String == "secure" })
        #expect(password["count"] as? Int == 8 && password["value"] == nil)
        #expect(!result.output.contains("hunter22") && !result.error.contains("hunter22"))
    }

    @Test("a format that cannot be told asks for --from (64); a malformed source is 65 at its place")
    func exitCodes() throws {
        let ambiguous = try Tool.run(["import", "-"], input: Data("- a\nAttributes: x\n".utf8))
        #expect(ambiguous.status == 64 && ambiguous.error.contains("--from"))
        let malformed = try Tool.run(["import", "--from", "uiautomator", "-"], input: Data("<hierarchy>\n<node>".utf8))
        #expect(malformed.status == 65 && malformed.error.hasPrefix("<stdin>:2:1: error: "))
        #expect(try Tool.run(["import", "--from", "yaml", "-"]).status == 64)
        #expect(try Tool.run(["import", "--density", "0", "-"]).status == 64)
        #expect(try Tool.run(["import", "/nonexistent/screen.xml"]).status == 66)
    }

    @Test("--screen declares the screen before the script's first line")
    func screen() throws {
        let script = "focus email\nexpect speech \"Email, name@example.com, text field\"\nfocus password\nexpect speech \"Password, secure text field, 8 characters\"\n"
        let checked = try Tool.run(["check", "-", "--screen", Repository.path(Self.samples + "signup-xcuitest.txt")], input: Data(script.utf8))
        #expect(checked.status == 0)
        let described = try Tool.run(["describe", "-", "--screen", Repository.path(Self.samples + "signup-uiautomator.xml"), "--density=2.625"],
                                     input: Data())
        #expect(described.status == 0 && described.output.contains("password  field kind=secure"))
        #expect(try Tool.run(["replay", "-", "--from", "xcuitest"]).status == 64)
    }
}
