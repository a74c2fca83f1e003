import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `typing-echo check --update`, `--reader` and `--junit`: the command line over
/// `ScriptUpdater`, and the JUnit report read back by an XML parser.
@Suite("Command line: check --update, --reader and --junit")
struct CheckUpdateCommandLineTests {
    static let gestures = """
        # gestures only
        settings hints=off
        field user kind=text label="Username"
        field pin kind=secure label="PIN"
        focus user
        swipe right
        wait 3
        focus user

        """

    /// A fresh folder for one test's scripts.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-check-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("--update turns two scripts without expectations into passing tests; a second run changes nothing")
    func updateTwoScripts() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a.replay"), second = folder.appendingPathComponent("b.replay")
        try Self.gestures.write(to: first, atomically: true, encoding: .utf8)
        try "settings hints=off\nfield note kind=text label=\"Note\"\nfocus note\nexpect speech \"Nope\"   # wrong\n".write(to: second, atomically: true, encoding: .utf8)
        let failing = try Tool.run(["check", first.path, second.path])
        #expect(failing.status == 1)
        let updated = try Tool.run(["check", "--update", first.path, second.path])
        #expect(updated.status == 0, "\(updated.error)")
        #expect(updated.output.contains("UPDATED \(first.path) (0 rewritten, 3 added)\nPASS \(first.path) (3 expectations)\n"))
        #expect(updated.output.contains("UPDATED \(second.path) (1 rewritten, 0 added)\nPASS \(second.path) (1 expectations)\n"))
        #expect(updated.output.hasSuffix("2 passed, 0 failed\n"))
        let text = try String(contentsOf: second, encoding: .utf8)
        #expect(text == "settings hints=off\nfield note kind=text label=\"Note\"\nfocus note\nexpect speech \"Note, text field\"   # wrong\n")
        let again = try Tool.run(["check", "--update", first.path, second.path])
        #expect(again.status == 0)
        #expect(!again.output.contains("UPDATED"))
        // Standard input cannot be rewritten.
        #expect(try Tool.run(["check", "--update", "-"]).status == 64)
    }

    @Test("--reader all --update writes for= lines where readers differ; check --reader all passes every reader")
    func everyReader() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("readers.replay")
        try "settings hints=off\nfield user kind=text label=\"Username\"\nfocus user\nwait 3\n".write(to: script, atomically: true, encoding: .utf8)
        let updated = try Tool.run(["check", "--update", "--reader", "all", script.path])
        #expect(updated.status == 0, "\(updated.error)")
        for reader in ["voiceover", "talkback", "nvda", "orca", "chromevox"] {
            #expect(updated.output.contains("PASS \(script.path) [\(reader)] ("), "\(reader)")
        }
        let text = try String(contentsOf: script, encoding: .utf8)
        #expect(text.contains("expect heard \"Username, Edit box\" for=talkback\n"))
        #expect(text.contains(" for=voiceover"))
        let subset = try Tool.run(["check", "--reader", "nvda,talkback", script.path])
        #expect(subset.output == "PASS \(script.path) [talkback] (1 expectations)\nPASS \(script.path) [nvda] (1 expectations)\n2 passed, 0 failed\n")
        #expect(try Tool.run(["check", "--reader", "jaws", script.path]).status == 64)
    }

    @Test("--junit FILE: a JUnit report an XML parser reads, with a testcase per script and reader and a failure per failed expectation")
    func junit() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let passing = folder.appendingPathComponent("pass & <ok>.replay"), failing = folder.appendingPathComponent("fail.replay")
        try "settings hints=off\nfield user kind=text label=\"Username\"\nfocus user\nexpect speech \"Username, text field\" for=voiceover\n"
            .write(to: passing, atomically: true, encoding: .utf8)
        try "settings hints=off\nfield user kind=text label=\"Username\"\nfocus user\nexpect speech \"Name\"\nexpect count 3\n"
            .write(to: failing, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report.xml")
        let result = try Tool.run(["check", "--junit", report.path, "--reader", "voiceover,nvda", passing.path, failing.path])
        #expect(result.status == 1)
        let parsed = try #require(JUnitDocument(data: try Data(contentsOf: report)))
        // The schema's required elements and attributes (Jenkins xUnit junit-10.xsd: testsuite
        // name and tests; testcase name; failure with text) and the counts Ant's reports add.
        #expect(parsed.root == "testsuites")
        #expect(parsed.suites.count == 2)
        for suite in parsed.suites {
            for attribute in ["name", "tests", "failures", "errors", "time"] { #expect(suite.attributes[attribute] != nil, "\(attribute)") }
            #expect(Int(suite.attributes["tests"] ?? "") == suite.cases.count)
            #expect(Int(suite.attributes["failures"] ?? "") == suite.cases.filter { !$0.failures.isEmpty }.count)
            for testcase in suite.cases {
                for attribute in ["name", "classname", "time"] { #expect(testcase.attributes[attribute] != nil, "\(attribute)") }
                #expect(Double(testcase.attributes["time"] ?? "") != nil)
            }
        }
        #expect(parsed.suites[0].attributes["name"] == passing.path)
        #expect(parsed.suites[0].cases.map { $0.attributes["name"] } == ["voiceover", "nvda"])
        #expect(parsed.suites[0].cases.allSatisfy { $0.failures.isEmpty })
        let failed = parsed.suites[1].cases
        #expect(failed.map(\.failures.count) == [2, 2])
        let first = try #require(failed.first?.failures.first)
        #expect(first.message.hasPrefix("\(failing.path):4: expected speech \"Name\""))
        #expect(first.text.hasPrefix("\(failing.path):4:1: error: expectation failed: "))
        #expect(failed[0].failures[1].message.hasPrefix("\(failing.path):5: expected count 3"))
    }
}

/// A JUnit report as an XML parser reads it: the root element, and each testsuite's attributes
/// with its testcases, each with its attributes and failures.
struct JUnitDocument {
    struct Failure {
        var message: String
        var text: String
    }

    struct Case {
        var attributes: [String: String]
        var failures: [Failure] = []
    }

    struct Suite {
        var attributes: [String: String]
        var cases: [Case] = []
    }

    var root = ""
    var suites: [Suite] = []

    /// Parses `data`; nil when it is not well-formed XML or an element is out of place.
    init?(data: Data) {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        guard parser.parse(), delegate.valid else { return nil }
        root = delegate.root
        suites = delegate.suites
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var root = ""
        var suites: [Suite] = []
        var valid = true
        private var path: [String] = []
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if path.isEmpty { root = name }
            switch (path.last, name) {
            case (nil, "testsuites"): break
            case ("testsuites", "testsuite"): suites.append(Suite(attributes: attributes))
            case ("testsuite", "testcase"): suites[suites.count - 1].cases.append(Case(attributes: attributes))
            case ("testcase", "failure"), ("testcase", "error"):
                valid = valid && attributes["type"] != nil
                if name == "failure" {
                    let index = suites[suites.count - 1].cases.count - 1
                    suites[suites.count - 1].cases[index].failures.append(Failure(message: attributes["message"] ?? "", text: ""))
                }
            default: valid = false
            }
            path.append(name)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "failure" {
                let suite = suites.count - 1, index = suites[suite].cases.count - 1
                suites[suite].cases[index].failures[suites[suite].cases[index].failures.count - 1].text = text
            }
            path.removeLast()
        }
    }
}
