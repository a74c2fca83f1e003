import Foundation
import Testing
import TinySimulator
import TypingEcho
import TypingEchoTesting

/// A property's failing case as a replay script: the simulator's actions and the expectation
/// the property believed; `typing-echo check` on it fails the way the property did.
struct ReplayCounterexample: Error, CustomStringConvertible, CustomDebugStringConvertible {
    var script: String
    var description: String { script }
    var debugDescription: String { script }
}

/// Where counterexample scripts are written: `TYPING_ECHO_COUNTEREXAMPLES`, else a folder in
/// the temporary directory.
func counterexampleDirectory() -> URL {
    if let path = ProcessInfo.processInfo.environment["TYPING_ECHO_COUNTEREXAMPLES"] { return URL(fileURLWithPath: path) }
    return FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-counterexamples")
}

@Suite("Editing rules, property-tested through the simulator")
struct EditingPropertyTests {
    @Test("backspace removes exactly one character, or plays boundary in an empty field")
    func backspaceRemovesOneCharacter() {
        let scenario = Gen<(String, Int)>.zip(Gen.unicodeText(length: 0...8), Gen.int(in: 0...12))
        let failure = check("backspaceRemovesOneCharacter", scenario, cases: 200) { text, presses in
            var simulator = try SignInSimulator()
            try simulator.visit("username")
            try simulator.startEditing()
            try simulator.typeOnKeyboard(text)
            for press in 1...max(1, presses) {
                let before = simulator.characterCount(of: "username") ?? -1
                let edits = simulator.session.log.edits.count, sounds = simulator.session.log.sounds.count
                try simulator.backspace()
                let after = simulator.characterCount(of: "username") ?? -1
                let newEdits = simulator.session.log.edits.dropFirst(edits)
                let newSounds = simulator.session.log.sounds.dropFirst(sounds)
                if before > 0 {
                    try require(after == before - 1, "press \(press): \(before) characters became \(after)")
                    try require(newEdits.map(\.operation) == [.delete] && newEdits.first?.length == 1 && newEdits.first?.count == after,
                                "press \(press): the edit events were \(Array(newEdits))")
                    try require(newSounds.isEmpty, "press \(press): sounds \(Array(newSounds)) in a plain field")
                } else {
                    try require(after == 0 && newEdits.isEmpty && Array(newSounds) == [.boundary],
                                "press \(press) in an empty field: \(after) characters, edits \(Array(newEdits)), sounds \(Array(newSounds))")
                }
            }
        }
        if let failure { Issue.record("\(failure)") }
    }

    /// A belief that is wrong on purpose — "typing adds one character per code point" — to
    /// show what a failure looks like: the seed, the command that replays it, and the shrunk
    /// counterexample as a `.replay` script that `typing-echo check` fails on the same way.
    @Test("a deliberately wrong property reports its seed and a replayable counterexample")
    func charactersAreNotCodePoints() throws {
        let seed = PropertyEnvironment.current.seed ?? 20_261_130
        var reported: PropertyFailure?
        withKnownIssue("deliberately wrong: a character is a grapheme cluster, not a code point") {
            let failure = check("charactersAreNotCodePoints", Gen.unicodeText(length: 1...6), cases: 300, seed: seed) { text in
                var simulator = try SignInSimulator()
                try simulator.visit("username")
                try simulator.startEditing()
                try simulator.typeOnKeyboard(text)
                let believed = text.unicodeScalars.count
                if simulator.characterCount(of: "username") != believed {
                    var script = simulator.script
                    script.expectCount(believed)
                    throw ReplayCounterexample(script: script.text)
                }
            }
            if let failure {
                reported = failure
                Issue.record("\(failure)")
            }
        }
        let failure = try #require(reported, "the wrong property must fail (seed \(seed))")
        // The shrunk counterexample is one piece of more than one code point, typed at once.
        let replay = failure.message
        #expect(replay.hasPrefix("field username kind=text"))
        #expect(replay.hasSuffix("expect count \(replay.split(separator: "\n").last!.split(separator: " ").last!)\n"))

        let directory = counterexampleDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("characters-are-not-code-points.replay")
        try ("# Counterexample of charactersAreNotCodePoints, seed \(failure.seed)\n" + replay).write(to: file, atomically: true, encoding: .utf8)
        print("""
            \(failure)
            The counterexample as a script; `typing-echo check \(file.path)` fails on its expect line:
            \(replay)
            """)
    }
}
