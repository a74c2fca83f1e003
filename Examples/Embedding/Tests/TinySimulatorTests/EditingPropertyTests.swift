import Foundation
import Testing
import TinySimulator
import TypingEcho
import TypingEchoTesting

@Suite("Editing rules, property-tested through the simulator")
struct EditingPropertyTests {
    @Test("backspace removes exactly one character, or plays boundary in an empty field")
    func backspaceRemovesOneCharacter() async {
        let scenario = Gen<(String, Int)>.zip(Gen.unicodeText(length: 0...8), Gen.int(in: 0...12))
        await expectProperty("backspaceRemovesOneCharacter", scenario, cases: 200) { text, presses in
            var simulator = try SignInSimulator()
            try simulator.visit("username")
            try simulator.startEditing()
            try simulator.typeOnKeyboard(text)
            for press in 1...max(1, presses) {
                let before = try #require(simulator.characterCount(of: "username"))
                let edits = simulator.session.log.edits.count, sounds = simulator.session.log.sounds.count
                try simulator.backspace()
                let after = simulator.characterCount(of: "username")
                let newEdits = Array(simulator.session.log.edits.dropFirst(edits))
                let newSounds = Array(simulator.session.log.sounds.dropFirst(sounds))
                if before > 0 {
                    #expect(after == before - 1, "press \(press)")
                    #expect(newEdits.map(\.operation) == [.delete] && newEdits.first?.length == 1 && newEdits.first?.count == after,
                            "press \(press): the edit events")
                    #expect(newSounds.isEmpty, "press \(press): sounds in a plain field")
                } else {
                    #expect(after == 0 && newEdits.isEmpty && newSounds == [.boundary], "press \(press) in an empty field")
                }
            }
        }
    }

    /// A belief that is wrong on purpose — "typing adds one character per code point" — to
    /// show what a failure looks like: one issue with the seed, the command that replays it,
    /// and the shrunk counterexample as a `.replay` script (written to
    /// `TYPING_ECHO_COUNTEREXAMPLES`, else `.typing-echo/counterexamples`) that
    /// `typing-echo check` fails on the same way.
    @Test("a deliberately wrong property reports its seed and a replayable counterexample")
    func charactersAreNotCodePoints() async throws {
        let seed = PropertyEnvironment.current.seed ?? 20_261_130
        var reported: PropertyFailure?
        await withKnownIssue("deliberately wrong: a character is a grapheme cluster, not a code point") {
            reported = await expectProperty("charactersAreNotCodePoints", Gen.unicodeText(length: 1...6), cases: 300, seed: seed) { text in
                var simulator = try SignInSimulator()
                try simulator.visit("username")
                try simulator.startEditing()
                try simulator.typeOnKeyboard(text)
                let believed = text.unicodeScalars.count
                let counted = simulator.characterCount(of: "username")
                if counted != believed {
                    let script = simulator.script + ScriptWriter.line(for: .expect(.count(believed))) + "\n"
                    throw ReplayCounterexample(script: script, message: "the field counts \(counted ?? -1), the code points are \(believed)")
                }
            }
        }
        let failure = try #require(reported, "the wrong property must fail (seed \(seed))")
        // The shrunk counterexample is one piece of more than one code point, typed at once.
        let replay = try #require(failure.replayScript)
        #expect(replay.hasPrefix("field username kind=text"))
        #expect(replay.hasSuffix("expect count \(replay.split(separator: "\n").last!.split(separator: " ").last!)\n"))
        let file = try #require(failure.replayFile, "the counterexample script was written")
        #expect(file.hasSuffix("/charactersAreNotCodePoints.replay"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix(replay))
        PropertyEnvironment.printFigures("""
            \(failure)
            `swift run typing-echo check \(file)` fails on its expect line.
            """)
    }
}
