import Testing
@testable import TypingEcho

/// Braille Screen Input's word on its own: the steps its state asks of the field, with no engine.
@Suite("Braille word input: the steps a chord asks of its field")
struct BrailleWordInputTests {
    /// Input on with `table`, as `braille-input on` starts it.
    static func input(_ table: BrailleTable, contracted: Bool) throws -> BrailleInputState {
        let translator = try BrailleOracle.library.translator(for: table)
        return BrailleInputState(field: nil, translator: translator, contracted: contracted)
    }

    static let shown = Disclosure.forTesting(secure: false), secret = Disclosure.forTesting(secure: true)

    @Test("uncontracted in a public field: each letter typed at once; a number sign adds nothing and says its dots")
    func uncontractedTypesAtOnce() throws {
        var input = try Self.input(.englishGrade1, contracted: false)
        let sign = input.chord(try #require(BrailleCell.cells(of: "⠼")?.first), disclosure: Self.shown)
        guard case .echo(.brailleCell(let text, _))? = sign.first else { Issue.record("\(sign)"); return }
        #expect(text.value == "")
        #expect(input.chord(try #require(BrailleCell.cells(of: "⠁")?.first), disclosure: Self.shown) == [.type("1")])
        #expect(input.endWord(committing: true).isEmpty, "nothing is held: the word was typed")
    }

    @Test("in a secure field every table holds the chords, each the same secret echo, and enters the word whole")
    func secureHoldsUntilTheWordEnds() throws {
        for (table, contracted) in [(BrailleTable.englishGrade1, false), (.englishGrade2, true)] {
            var input = try Self.input(table, contracted: contracted)
            for cell in try #require(BrailleCell.cells(of: "⠠⠁⠃⠉")) {
                let steps = input.chord(cell, disclosure: Self.secret)
                #expect(steps.count == 1)
                guard case .echo(.brailleCell(let text, _))? = steps.first else { Issue.record("\(steps)"); continue }
                #expect(text.isSecret)
            }
            let commit = input.endWord(committing: true)
            guard case .commit(let word)? = commit.first else { Issue.record("\(commit)"); continue }
            #expect(word.count == 3, "\(table): \(word.count) characters")
            #expect(!input.hasWord)
        }
    }

    @Test("the word's end forgets number mode: the next chord is a letter")
    func endForgetsNumberMode() throws {
        var input = try Self.input(.englishGrade1, contracted: false)
        for cell in try #require(BrailleCell.cells(of: "⠼⠁")) { _ = input.chord(cell, disclosure: Self.shown) }
        _ = input.endWord(committing: true)
        #expect(input.chord(try #require(BrailleCell.cells(of: "⠃")?.first), disclosure: Self.shown) == [.type("b")])
    }

    @Test("taking back: a held cell first, an indicator alone next, else the field's own character")
    func takingBack() throws {
        var held = try Self.input(.englishGrade2, contracted: true)
        _ = held.chord(try #require(BrailleCell.cells(of: "⠁")?.first), disclosure: Self.secret)
        let steps = try #require(held.takeBackCell(disclosure: Self.secret) { _ in "dots" })
        guard case .echo(.takenBack(let text))? = steps.first else { Issue.record("\(steps)"); return }
        #expect(text.isSecret && !held.hasWord)
        #expect(held.takeBackCell(disclosure: Self.secret) { _ in "dots" } == nil)
    }
}
