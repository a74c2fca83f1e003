import Testing
import TypingEchoTesting
@testable import TypingEcho

/// How many expectations of `script` fail, and how many ran, under `reader` (nil: the
/// script's own), as `typing-echo check` runs it.
private func check(_ script: String, reader: ScreenReader? = nil) throws -> (failed: Int, ran: Int) {
    var session = try Session(overrides: reader.map { [(key: "reader", value: $0.rawValue)] } ?? [])
    let failures = try session.run(script: script)
    return (failures.count, session.expectationCount)
}

/// A sign-in screen made of gestures only: no expectations.
private let gestures = """
    # A sign-in screen, gestures only.
    settings hints=off
    field user kind=text label="Username"
    field password kind=secure label="Password"
    element signin label="Sign in" kind=button

    focus user
    swipe right
    wait 3
    focus user
    double-tap
    keys "Ann Lee."
    key backspace
    wait 1
    focus password
    double-tap
    keys "abc"
    focus signin

    """

// Sources/TypingEcho/Script/ScriptUpdater.swift
private func scriptUpdaterExample() throws -> String {
    let updater = ScriptUpdater()
    let update = try updater.update("field user kind=text label=\"Username\"\nfocus user\nwait 2\n")
    let script = update.script   // the same three lines, then: expect heard "Username, text field"
    return script
}

@Suite("check --update: ScriptUpdater rewrites expectations so they hold")
struct ScriptUpdaterTests {
    @Test("a script of gestures with no expectations becomes a passing test, and a second update changes nothing")
    func gesturesBecomeATest() throws {
        let first = try ScriptUpdater().update(gestures)
        #expect(first.added > 0)
        #expect(first.replaced == 0)
        let result = try check(first.script)
        #expect(result.failed == 0)
        #expect(result.ran == first.added)
        let second = try ScriptUpdater().update(first.script)
        #expect(!second.changed)
        #expect(second.script == first.script)
        // The focus announcement the swipe cuts was said, not heard (written after the focus);
        // the one after the swipe is heard to its end during the wait.
        #expect(first.script.contains("focus user\nexpect speech \"Username, text field\"\nswipe right\nwait 3\nexpect heard \"Password, secure text field\"\n"))
        // Comments and blank lines stay.
        #expect(first.script.hasPrefix("# A sign-in screen, gestures only.\nsettings hints=off\n"))
        #expect(first.script.contains("element signin label=\"Sign in\" kind=button\n\nfocus user\n"))
    }

    @Test("under all five readers: shared lines where they agree, for= lines where they differ; idempotent")
    func fiveReaders() throws {
        let readers = ScreenReader.allCases
        // Keyboard focus edits (Orca has no touch screen for a double tap).
        let script = gestures.replacingOccurrences(of: "double-tap\n", with: "").replacingOccurrences(of: "swipe right\n", with: "")
            .replacingOccurrences(of: "hints=off", with: "hints=off focus-edits=on").replacingOccurrences(of: "key backspace\n", with: "key backspace\nexpect count 0\n")
        let first = try ScriptUpdater().update(script, readers: readers)
        for reader in readers {
            let result = try check(first.script, reader: reader)
            #expect(result.failed == 0, "\(reader)")
            #expect(result.ran > 0, "\(reader)")
        }
        #expect(first.script.contains("focus user\nwait 3\nexpect heard \"Username, text field, is editing\" for=voiceover\nexpect heard \"Editing, Username, Edit box\" for=talkback\n"))
        // Where every reader agrees, one shared line: the count after the backspace.
        #expect(first.script.contains("key backspace\nexpect count 7\nwait 1\n"))
        #expect(first.replaced == 1)
        let second = try ScriptUpdater().update(first.script, readers: readers)
        #expect(!second.changed)
        #expect(second.script == first.script)
    }

    @Test("the doc example's script")
    func docExample() throws {
        #expect(try scriptUpdaterExample() == "field user kind=text label=\"Username\"\nfocus user\nwait 2\nexpect heard \"Username, text field\"\n")
    }

    @Test("a failed line is replaced by what happened; passing lines, comments, indentation, @ times and CRLF stay")
    func replacesFailures() throws {
        let script = [
            "settings hints=off   # quiet", "field user kind=text label=\"Username\"", "  focus user",
            "  expect speech \"Username, text feld\"   # a typo", "  expect count 0", "double-tap", "keys \"hi\"",
            "@5 expect value \"ho\"", "expect cursor 9", "expect speech \"h\"",
        ].joined(separator: "\r\n") + "\r\n"
        let update = try ScriptUpdater().update(script)
        #expect(update.replaced == 3)
        let lines = update.script.components(separatedBy: "\r\n")
        #expect(lines[0] == "settings hints=off   # quiet")
        #expect(lines[3] == "  expect speech \"Username, text field\"   # a typo")
        #expect(lines[4] == "  expect count 0")
        #expect(lines.contains("@5 expect value \"hi\""))
        #expect(lines.contains("expect cursor 2"))
        #expect(lines.contains("expect speech \"h\""))
        #expect(!update.script.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(try check(update.script).failed == 0)
        #expect(try ScriptUpdater().update(update.script).script == update.script)
    }

    @Test("a script without a final line feed keeps it so, with the lines added before its end")
    func noFinalLineFeed() throws {
        let update = try ScriptUpdater().update("settings hints=off\nfield a kind=text label=\"A\"\nfocus a")
        #expect(update.script == "settings hints=off\nfield a kind=text label=\"A\"\nfocus a\nexpect speech \"A, text field\"")
    }

    @Test("expect heard of speech not heard to its end becomes expect speech")
    func heardOfCutSpeech() throws {
        let script = """
            settings hints=off
            field a kind=text label="A"
            field b kind=text label="B"
            focus a
            swipe right
            expect heard "A, text field"
            wait 2
            expect no-speech

            """
        let update = try ScriptUpdater().update(script)
        // The focus announcement the swipe cuts gets its `expect speech` after the focus; the
        // failed `expect heard` after the swipe becomes `expect speech` of what the swipe said
        // (not over yet); nothing was said during the wait, so `expect no-speech` holds.
        #expect(update.script.hasSuffix("focus a\nexpect speech \"A, text field\"\nswipe right\nexpect speech \"B, text field\"\nwait 2\nexpect no-speech\n"))
        #expect(try check(update.script).failed == 0)
    }

    @Test("generated secrets: a value expectation on a secure field becomes a count, and nothing written depends on the secret")
    func secureFieldIsNeverWritten() throws {
        var random = SeededGenerator(seed: 44)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$%&*+-./:;?@ ąéß")
        for _ in 0..<12 {
            let length = Int.random(in: 1...12, using: &random)
            let secret = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            var decoy = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            if decoy == secret { decoy = String(decoy.reversed()) + "" }
            func script(_ typed: String) -> String {
                "field pw kind=secure label=\"PIN\"\nfocus pw\ndouble-tap\nkeys \(ScriptWriter.line(for: .clipboard(typed)).dropFirst("clipboard ".count))\n"
                    + "expect value \(ScriptWriter.line(for: .clipboard(typed + "x")).dropFirst("clipboard ".count))\nwait 2\n"
            }
            let real = try ScriptUpdater().update(script(secret))
            let fake = try ScriptUpdater().update(script(decoy))
            let keysLine = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("keys ") } }
            #expect(keysLine(real.script) == keysLine(fake.script))
            #expect(real.script.contains("expect count \(length)\n") || real.script.contains("expect count "))
            #expect(!real.script.contains("expect value"))
        }
    }

    @Test("for= applies a line to some readers only; an unknown reader is a script error at its name")
    func forReaders() throws {
        let line = try #require(try ScriptParser().parse(line: Array(#"expect speech "x" for=nvda,talkback"#.utf8), number: 3))
        #expect(line.command == .expect(.speech("x")))
        #expect(line.readers == [.talkback, .nvda])
        #expect(ScriptWriter.line(for: .speech("x"), readers: line.readers) == #"expect speech "x" for=talkback,nvda"#)
        #expect(ScriptWriter.line(for: line) == #"expect speech "x" for=talkback,nvda"#)
        #expect(throws: ScriptError.self) { try ScriptParser().parse(line: Array(#"expect speech "x" for=jaws"#.utf8), number: 1) }
        do {
            _ = try ScriptParser().parse(line: Array(#"expect speech "x" for=nvda,talkbak"#.utf8), number: 2)
        } catch {
            #expect(error.location == TypingEcho.SourceLocation(line: 2, column: 28))
            #expect(error.message.contains("did you mean 'talkback'?"))
        }
        // `for=` on another command is an attribute it does not take.
        #expect(throws: ScriptError.self) { try ScriptParser().parse(line: Array("focus a for=nvda".utf8), number: 1) }
        let script = "field a kind=text label=\"A\"\nfocus a\nexpect speech \"A, edit, blank\" for=nvda\nexpect speech \"A, text field\" for=voiceover\n"
        #expect(try check(script, reader: .nvda) == (0, 1))
        #expect(try check(script, reader: .voiceover) == (0, 1))
        #expect(try check(script, reader: .orca) == (0, 0))
    }
}
