import Testing
@testable import TypingEcho

/// Braille Screen Input's word belongs to its field and to the run of chords that typed it: it
/// never reaches another field when the screen changes under it, never outlives other input, and
/// in a secure field it is entered whole at the word's end.
@Suite("Braille Screen Input: the word held belongs to its field")
struct BrailleInputIdentityTests {
    /// A public field above a secure one, Braille Screen Input on for the secure field with a
    /// contracted table, and two chords held.
    static func heldInSecureField(above: [String] = []) -> [String] {
        ["settings hints=off phonetics=off braille-input-table=en-ueb-g2.ctb"] + above
            + ["field user kind=text label=\"User\"", "field pw kind=secure label=\"Password\"", "field after kind=text label=\"After\"",
               "focus pw", "double-tap", "braille-input on", "chords \"⠎⠑\""]
    }

    /// What a public field holds at the end of a run.
    static func text(of id: String, in run: ReplayRun) -> String? { run.engine?.element(id)?.field?.text }

    @Test("removing the secure field, or an element above it, never enters its held word into another field",
          arguments: [["remove pw"], ["remove user"], ["remove above"], ["remove pw", "remove user"]])
    func removalKeepsHeldWordOut(_ removals: [String]) throws {
        let run = replay(Self.heldInSecureField(above: ["element above label=\"Title\""]) + removals + [
            "focus after", "double-tap", "keys \"x\"", "swipe right", "key return",
        ])
        #expect(run.error == nil, "\(String(describing: run.errorLine))")
        for id in ["user", "after"] {
            #expect(Self.text(of: id, in: run).map { !$0.contains("se") && $0.count <= 1 } ?? true, "\(id): \(String(describing: Self.text(of: id, in: run)))")
        }
        let inserted = run.events.compactMap { if case .edit(let edit) = $0.event, edit.operation == .insert { edit.text } else { nil } }
        #expect(inserted == ["x"], "public insertions: \(inserted)")
    }

    @Test("removing the secure field when it is the last element is no trap; its held word goes with it")
    func removingTheLastElement() throws {
        let run = replay(["settings hints=off braille-input-table=en-ueb-g2.ctb", "field user kind=text label=\"User\"",
                          "field pw kind=secure label=\"Password\"", "focus pw", "double-tap", "braille-input on", "chords \"⠎⠑\"",
                          "remove pw", "focus user", "double-tap", "keys \"a\""])
        #expect(run.error == nil, "\(String(describing: run.errorLine))")
        #expect(Self.text(of: "user", in: run) == "a")
    }

    @Test("declaring the field again drops the word held for it; the new field's text stays as declared")
    func redeclarationDropsHeldWord() throws {
        let run = replay(Self.heldInSecureField() + ["field pw kind=text label=\"Password\"", "swipe right"])
        #expect(run.error == nil, "\(String(describing: run.errorLine))")
        #expect(Self.text(of: "pw", in: run)?.contains("s") != true, "\(String(describing: Self.text(of: "pw", in: run)))")
    }

    @Test("after a key deletes the word, the next chords start a new one: no number mode, no text brought back (uncontracted)")
    func wordEndsAtOtherInput() throws {
        let run = replay(BrailleInputTests.script(table: "en-ueb-g1.ctb") + ["chords \"⠼⠁\"", "key command-backspace", "chords \"⠃⠉\"",
                                                                              "expect value \"bc\""])
        #expect(run.failures.isEmpty, "\(run.failureLines)")
    }

    @Test("number mode ends with the word: a key between two runs of chords starts a new word")
    func numberModeEndsWithTheWord() throws {
        let run = replay(BrailleInputTests.script(table: "en-ueb-g1.ctb") + ["chords \"⠼⠃\"", "key left", "key right", "chord 14",
                                                                              "expect value \"2c\""])
        #expect(run.failures.isEmpty, "\(run.failureLines)")
    }

    @Test("in a secure field, chord sequences of one length that end at one count sound and show the same",
          arguments: [("en-ueb-g1.ctb", "⠠⠁⠃⠉", "⠼⠁⠃⠉"), ("en-ueb-g1.ctb", "⠠⠁⠃⠉", "⠁⠠⠃⠉"), ("en-ueb-g2.ctb", "⠠⠭⠽⠵", "⠭⠠⠽⠵")])
    func secureChordsRevealOnlyTheirNumber(_ table: String, _ first: String, _ second: String) throws {
        func run(_ chords: String) -> ReplayRun {
            replay(["settings hints=off braille=on braille-input-table=\(table)", "field pw kind=secure label=\"PIN\"", "focus pw", "double-tap",
                    "braille-input on", "chords \"\(chords)\"", "swipe right", "key left"])
        }
        let (a, b) = (run(first), run(second))
        #expect(a.error == nil && b.error == nil)
        let count = { (run: ReplayRun) in run.engine?.element("pw")?.field?.characterCount }
        try #require(count(a) == count(b), "the two sequences must end at one count: \(String(describing: count(a))), \(String(describing: count(b)))")
        #expect(a.json == b.json)
        #expect(a.transcript == b.transcript)
    }
}
