import Testing
import TypingEcho
@testable import TypingEchoTesting

/// An editor that counts its insertion point in Unicode scalars on insert: right for text of
/// one-scalar graphemes only.
private struct ScalarCursor {
    var buffer: TextBuffer
    /// The insertion point the editor shows.
    var cursor = 0

    mutating func apply(_ step: EditStep) {
        buffer.apply(step)
        if case .insert(let text) = step { cursor += text.unicodeScalars.count } else { cursor = buffer.insertionPoint.character }
    }
}

@Suite("Shrinking inside a step's text")
struct GraphemeShrinkingTests {
    @Test("Unicode text draws the same text for a seed as joined pieces, and leaves the random stream where they do")
    func sameTextAsJoinedPieces() {
        let families: [UnicodeFamily] = [.ascii, .polish, .thai, .flags, .hangul, .zwjSequences]
        for length in [0...3, 1...4, 2...2, 0...12] {
            let text = Gen<(String, Int)>.zip(.unicodeText(length: length, families: families), .int(in: 0...1_000_000))
            let pieces = Gen<(String, Int)>.zip(
                .concatenation(of: .unicodePiece(from: families), count: length), .int(in: 0...1_000_000))
            for seed in 0..<300 as Range<UInt64> {
                let new = text.sample(seed: seed), old = pieces.sample(seed: seed)
                #expect(new.map { Array($0.0.unicodeScalars) } == old.map { Array($0.0.unicodeScalars) })
                #expect(new?.1 == old?.1, "the draw after the text")
            }
        }
    }

    @Test("A fresh text's recorded choices replay to the same text, choices and spans")
    func freshChoicesReplay() throws {
        let gen = Gen<(String, String)>.zip(.unicodeText(length: 0...6), .unicodeText(length: 2...3, families: [.thai, .ascii]))
        for seed in 0..<200 as Range<UInt64> {
            let fresh = Source(seed: seed)
            let value = try gen.run(fresh)
            let replay = Source(replaying: fresh.choices)
            let again = try gen.run(replay)
            #expect(Array(again.0.unicodeScalars) == Array(value.0.unicodeScalars) && Array(again.1.unicodeScalars) == Array(value.1.unicodeScalars))
            #expect(replay.choices == fresh.choices && replay.bounds == fresh.bounds && replay.spans == fresh.spans)
        }
    }

    @Test("A failing grapheme inside a piece is shrunk to alone: Thai words to the first two-scalar grapheme")
    func insidePieces() throws {
        let failure = try #require(check("oneScalarGraphemes", Gen.unicodeText(length: 1...3, families: [.thai]), seed: 11) { text in
            for grapheme in TextBuffer.characters(of: text) {
                try require(grapheme.unicodeScalars.count == 1, "\(grapheme.unambiguousLiteral) is more than one scalar")
            }
        })
        // "สวัสดี", the family's first piece, is the simplest whole piece; its second grapheme fails alone.
        #expect(failure.counterexample == #""\u{E27}\u{E31}""#, "\(failure)")
        #expect(failure.original.count > failure.counterexample.count, "\(failure.original)")
    }

    @Test("An insert of several graphemes shrinks to the single one that fails, the others removed")
    func editStepInsert() throws {
        let session = Gen.editingSession(steps: 1...6, families: [.ascii, .flags, .polish])
        let failure = try #require(check("scalarCursor", session, cases: 1_000, seed: 5) { steps in
            var model = try TextBuffer(), editor = ScalarCursor(buffer: try TextBuffer())
            for step in steps {
                model.apply(step)
                editor.apply(step)
                try require(model.insertionPoint.character == editor.cursor,
                            "cursor at \(editor.cursor), model at \(model.insertionPoint.character)")
            }
        })
        #expect(failure.counterexample == #"[insert("\u{1F1F5}\u{1F1F1}")]"#, "\(failure)")
        // The first failing insert held a letter and a flag: the letter removed, the flag simplified to the family's first.
        #expect(failure.original.contains(#"insert("\u{144}\u{1F1FA}\u{1F1E6}")"#), "\(failure.original)")
    }

    @Test("Graphemes that pass are simplified to the first one (\"a\"), those that matter kept")
    func simplifiesTheRest() throws {
        let gen = Gen.unicodeText(length: 2...6, families: [.ascii, .flags, .polish])
        let failure = try #require(check("flagAfterTwo", gen, seed: 3) { text in
            let graphemes = TextBuffer.characters(of: text)
            try require(!(graphemes.count >= 3 && graphemes[2].unicodeScalars.count == 2), "a flag third")
        })
        #expect(failure.counterexample == #""aa\u{1F1F5}\u{1F1F1}""#, "\(failure)")
    }

    @Test("The stateful editor's insert shrinks inside its text: a planted cursor bug to one flag")
    func stateMachineInsert() throws {
        let machine = StateMachine<TextBuffer, ScalarCursor>.editor(
            families: [.ascii, .polish, .flags], system: { ScalarCursor(buffer: try TextBuffer()) }, apply: { $0.apply($1) },
            state: { EditorState(text: $0.buffer.string, insertionPoint: $0.cursor) })
        let failure = try #require(check("scalarCursorMachine", machine.sequences(steps: 0...20), cases: 1_000, seed: 2) { try $0.verdict() })
        #expect(failure.counterexample.hasPrefix(#"insert("\u{1F1F5}\u{1F1F1}") -> invariant"#), "\(failure)")
        #expect(failure.original.contains(#"insert("\u{1F3F4}\u{E0067}"#), "a tag-sequence flag simplified to the first flag")
    }
}
