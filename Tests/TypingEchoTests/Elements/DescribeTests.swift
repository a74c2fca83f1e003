import Foundation
import Testing
@testable import TypingEcho

/// The screen description after running script lines.
func describeScreen(_ lines: [String]) throws -> ScreenDescription {
    let run = replay(lines.joined(separator: "\n"))
    if let error = run.error { throw error }
    return ScreenDescription(try #require(run.engine).screenSnapshot)
}

/// The text of a file in Examples/.
func example(_ name: String) throws -> String {
    let root = Repository.root
    return try String(contentsOf: root.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
}

@Suite("describe")
struct DescribeTests {
    @Test("text: announcement, hint, traits with hex, equivalents and lint per element")
    func text() throws {
        let description = try describeScreen([
            #"element filter label="Filter by price" kind=button traits=selected"#,
            #"field phone kind=text label="" placeholder="Phone number" required"#,
        ])
        #expect(description.text == """
        2 elements, 1 lint finding

        1. filter  element kind=button
           says:     Selected, Filter by price, button
           traits:   button,selected (0x9)
           ARIA:     role=button aria-label="Filter by price" aria-pressed="true"
           Android:  android.widget.Button isSelected="true" isClickable="true"
           Flutter:  isSelected, isButton, hasEnabledState, isEnabled

        2. phone  field kind=text
           says:     Phone number, text field, required
           hint:     Double tap to edit.
           traits:   textEntry (0x40000)
           ARIA:     role=textbox aria-placeholder="Phone number" aria-required="true"
           Android:  android.widget.EditText hintText="Phone number" isClickable="true"
           Flutter:  isTextField, hasEnabledState, isEnabled
           lint:     placeholder-as-label: its only label is the placeholder 'Phone number', which disappears once text is typed; give it a label


        """)
    }

    @Test("JSON: one document with parts, traits names and mask, lint and equivalents")
    func json() throws {
        let json = try describeScreen([#"element v label="Volume" kind=slider value="50%" steps="0%|50%|100%""#]).json
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let element = try #require((object?["elements"] as? [[String: Any]])?.first)
        #expect(element["announcement"] as? String == "Volume, 50%, adjustable")
        #expect((element["traits"] as? [String: Any])?["mask"] as? String == "0x1000")
        #expect((element["android"] as? [String: Any])?["className"] as? String == "android.widget.SeekBar")
        #expect((element["android"] as? [String: Any])?["stateDescription"] as? String == "50%")
        #expect((element["aria"] as? [String: Any])?["role"] as? String == "slider")
        #expect(element["flutter"] as? [String] == ["isSlider", "hasEnabledState", "isEnabled"])
        #expect((element["parts"] as? [[String: String]])?.map { $0["part"]! } == ["label", "value", "traits"])
        #expect(object?["lint"] as? [Any] != nil)
    }

    @Test("a secure field is described by its count only, typed or declared")
    func secureInvariant() throws {
        let secret = "hunter2!"
        let run = replay(#"field pw kind=secure label="Password" value="s3cr3t" error="Too short""#, "focus pw", "double-tap",
                            "keys \"\(secret)\"")
        let description = ScreenDescription(try #require(run.engine).screenSnapshot)
        for output in [description.text, description.json] {
            #expect(!output.contains(secret) && !output.contains("s3cr3t"))
            #expect(output.contains("14 characters"))
        }
    }

    @Test("the bad example screen breaks every rule; the good one none")
    func examples() throws {
        func findings(_ name: String) throws -> [LintRule] {
            var session = try Session()
            try session.feedScript(Array(try example(name).utf8))
            try session.finishScript()
            return ScreenDescription(session.screen).findings.map(\.rule)
        }
        // The reader-specific rule (`speaks-passwords`, reader=talkback) is the Lint and
        // reader profile tests'; the example is VoiceOver's.
        let bad = Set(try findings("bad-screen.replay")).union(try findings("bad-form.replay"))
        #expect(bad == Set(LintRule.allCases).subtracting([.speaksPasswords]))
        #expect(Set(try findings("bad-form.replay")) == [.unnamedField, .invalidWithoutMessage, .passwordAutocomplete, .requiredOnlyVisual, .duplicateLabels])
        #expect(try findings("good-screen.replay").isEmpty)
        #expect(try findings("login-form.replay").isEmpty)
    }

    @Test("equivalents of fields and hidden labels", arguments: [
        (#"field f kind=search label="Search""#, "searchbox", "android.widget.EditText"),
        (#"element s label="Wi-Fi" kind=switch value="1""#, "switch", "android.widget.Switch"),
        (#"element i label="Close" traits=button,image"#, "button", "android.widget.ImageButton"),
        (#"element t label="Home" kind=tab traits=selected"#, "tab", "android.widget.Button"),
        (#"element c label="Canvas" traits=allowsDirectInteraction"#, "application", "android.view.View"),
    ])
    func equivalents(declaration: String, role: String, className: String) throws {
        let item = try #require(try describeScreen([declaration]).items.first)
        #expect(item.equivalents.ariaRole == role)
        #expect(item.equivalents.androidClassName == className)
    }
}

@Suite("describe on the command line")
struct DescribeCommandLineTests {
    @Test("describe prints the login form as VoiceOver reads it; exit codes as documented")
    func exitCodes() throws {
        let login = try Tool.script(Array(try example("login-form.replay").utf8), name: "login-form.replay")
        let text = try Tool.run(["describe", login])
        #expect(text.status == 0)
        #expect(text.output.contains("says:     Selected, Filter by price, button"))
        #expect(text.output.contains("traits:   button,selected (0x9)"))
        let json = try Tool.run(["describe", login, "--format", "json"])
        #expect(json.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) is [String: Any])
        #expect(try Tool.run(["describe"]).status == 64)
        #expect(try Tool.run(["describe", login, "--format", "yaml"]).status == 64)
        #expect(try Tool.run(["describe", "/nonexistent/screen.replay"]).status == 66)
        let bad = try Tool.script(Array("element x label=\"X\" kind=buton\n".utf8), name: "bad-kind.replay")
        #expect(try Tool.run(["describe", bad]).status == 65)
        let failing = try Tool.script(Array("element x label=\"X\"\nexpect speech \"Y\"\n".utf8), name: "failing-describe.replay")
        let result = try Tool.run(["describe", failing])
        #expect(result.status == 1 && result.output.hasPrefix("1 element, 0 lint findings"))
        #expect(try Tool.run(["--help"]).output.contains("typing-echo describe SCRIPT"))
    }
}

@Suite("describe, streamed")
struct DescribeStreamTests {
    @Test("The streamed report is the text and JSON byte for byte, written in pieces", arguments: ["bad-screen.replay", "good-screen.replay", "login-form.replay"])
    func streamedIsTheSame(_ name: String) throws {
        let run = replay(try example(name))
        let screen = try #require(run.engine).screenSnapshot
        let description = ScreenDescription(screen)
        for json in [false, true] {
            var bytes: [UInt8] = []
            let findings = ScreenDescription.write(screen, json: json) { bytes += $0; return true }
            #expect(String(decoding: bytes, as: UTF8.self) == (json ? description.json : description.text))
            #expect(findings == description.findings.count)
        }
    }

    @Test("A large screen is written in pieces as it is made, and stops when the output fails")
    func largeScreenInPieces() throws {
        let lines = (0..<3_000).map { "element e\($0) label=\"Item \($0)\" traits=button" }
        let run = replay(lines.joined(separator: "\n"))
        let screen = try #require(run.engine).screenSnapshot
        var pieces: [Int] = []
        _ = ScreenDescription.write(screen, json: false) { pieces.append($0.count); return true }
        #expect(pieces.count > 4 && pieces.dropLast().allSatisfy { $0 < 70_000 })
        var calls = 0
        _ = ScreenDescription.write(screen, json: true) { _ in calls += 1; return false }
        #expect(calls == 1)
    }

    @Test("Described on several threads, a screen gives the same bytes and findings as on one, and stops when the output fails")
    func severalJobsSameBytes() throws {
        // Buttons, labels naming the next element (a finding when it is no field), fields, hidden
        // elements, button-links (a finding), sliders
        // and secure fields, over more blocks than one round of two jobs takes (16).
        let lines = (0..<(ScreenDescription.blockSize * 17 + 7)).map { number -> String in
            switch number % 5 {
            case 0: "element l\(number) kind=label label=\"Label \(number)\" labels=e\(number + 1)"
            case 1: "element e\(number) label=\"Item \(number)\" traits=button"
            case 2: "field f\(number) kind=\(number % 10 == 2 ? "secure" : "text") label=\"Field \(number)\" value=\"v\(number)\""
            case 3: number % 10 == 3 ? "element h\(number) label=\"Hidden \(number)\" hidden" : "element b\(number) label=\"Both \(number)\" traits=button,link"
            default: "element s\(number) label=\"Value \(number)\" traits=adjustable value=\"\(number)%\""
            }
        }
        let run = replay(lines.joined(separator: "\n"))
        let screen = try #require(run.engine).screenSnapshot
        for json in [false, true] {
            for readers in json ? [[ScreenReader.talkback, .orca]] : [[]] {
                var one: [[UInt8]] = [], two: [[UInt8]] = []
                let findings = ScreenDescription.write(screen, json: json, readers: readers, jobs: 1) { one.append($0); return true }
                #expect(ScreenDescription.write(screen, json: json, readers: readers, jobs: 2) { two.append($0); return true } == findings)
                let same = Array(one.joined()) == Array(two.joined())
                #expect(same, "\(json ? "JSON" : "text"), readers \(readers)")
                #expect(findings > 0 && one.count > 5 && two.count > 17)
            }
            var calls = 0
            _ = ScreenDescription.write(screen, json: json, jobs: 2) { _ in calls += 1; return calls < 3 }
            #expect(calls == 3)
        }
    }

    @Test("Rounds whose texts weigh more than the limit are described one element at a time, in pieces of about 64 KiB, for the same bytes")
    func heavyRoundsOneByOne() throws {
        // Every 150th element has a 6,000-character label: with a limit of 100,000 bytes the
        // rounds holding one (16 blocks of 128 elements: 2,048) are heavy, the others light.
        let lines = (0..<(ScreenDescription.blockSize * 20)).map { number in
            "element e\(number) label=\"\(number % 150 == 0 ? String(repeating: "long ", count: 1_200) : "Item \(number)")\" traits=button"
        }
        let run = replay(lines.joined(separator: "\n"))
        let screen = try #require(run.engine).screenSnapshot
        // The text only: the rounds are the same for both formats (the severalJobs test covers JSON).
        for json in [false] {
            var one: [UInt8] = [], heavy: [[UInt8]] = [], light: [[UInt8]] = []
            _ = ScreenDescription.write(screen, json: json, jobs: 1) { one += $0; return true }
            _ = ScreenDescription.write(screen, json: json, readers: [], jobs: 2, roundWeightLimit: 100_000) { heavy.append($0); return true }
            _ = ScreenDescription.write(screen, json: json, readers: [], jobs: 2, roundWeightLimit: .max) { light.append($0); return true }
            let same = Array(heavy.joined()) == one && Array(light.joined()) == one
            #expect(same, "\(json ? "JSON" : "text")")
            // Heavy rounds write pieces of 64 KiB and a little more; light ones a block at a time.
            #expect(heavy.count != light.count && heavy.allSatisfy { $0.count < 100_000 })
        }
    }
}
