import Testing
@_spi(Testing) @testable import TypingEcho
import TypingEchoTesting

/// Uncontracted Braille Screen Input keeps the word being typed (its cells and the text they
/// entered) so that a cell that changes what the earlier ones mean can replace their text. That
/// word must end where the text around it changes by other means: a key, a move, a deletion.
/// It does not: after `key command-backspace` the next chord brings the deleted text back, and
/// number mode outlives the word. A correctness bug, not a leak (both runs of a leak case show
/// it alike, so the leak property does not see it): these tests and the editing property below
/// find it.
@Suite("Braille Screen Input's word ends with other input")
struct BrailleWordStateTests {
    /// A note field being edited with Braille Screen Input on, in UEB grade 1.
    static let start = """
        settings hints=off braille-input-table=en-ueb-g1.ctb
        field note kind=text label="Note"
        focus note
        double-tap
        braille-input on

        """

    @Test("After command-backspace the next chord starts a word: the deleted text does not come back")
    func deletedTextStaysDeleted() {
        // ⠒ alone is ":", doubled "∷": the second ⠒ would replace the first's text.
        let run = replay(Self.start + "chords \"⠁⠃⠒\"\nkey command-backspace\nchord 25")
        #expect(run.value == ":")
    }

    @Test("Number mode ends with the word: a key or a move between two chords starts a new word")
    func numberModeEndsWithTheWord() {
        let afterSpace = replay(Self.start + "chords \"⠼⠁\"\nkeys \" \"\nchord 12")
        let afterMove = replay(Self.start + "chords \"⠼⠁\"\nkey left\nchord 12")
        #expect(afterSpace.value == "1 b")
        #expect(afterMove.value == "b1")
    }

    /// What the field should hold: its characters, the insertion point, and the word being
    /// typed (its cells, and the text they entered).
    struct Model: Sendable {
        var characters: [String] = []
        var insertion = 0
        var word: [BrailleCell] = []
        var entered = ""

        /// Ends the word being typed.
        mutating func endWord() {
            word.removeAll()
            entered = ""
        }

        /// Inserts `text` at the insertion point, character by character as the field counts.
        mutating func insert(_ text: String) {
            let added = TextBuffer.characters(of: text).map { String($0) }
            characters.insert(contentsOf: added, at: insertion)
            insertion += added.count
        }

        /// Deletes up to `count` characters before the insertion point.
        mutating func deleteBackward(_ count: Int) {
            let count = min(count, insertion)
            characters.removeSubrange((insertion - count)..<insertion)
            insertion -= count
        }
    }

    /// The editing property: chords (letters, indicators and cells whose meaning changes with the
    /// next), Braille Screen Input's space and deletion, and hardware keys that delete and move,
    /// against a model in which the word ends at every input that is not a chord.
    static func machine() throws -> StateMachine<Model, Session<EventCollector>> {
        let translator = try Liblouis.load().translator(for: BrailleTable("en-ueb-g1.ctb"))
        let cells = "⠁⠃⠉⠼⠠⠒⠶⠲".unicodeScalars.compactMap(BrailleCell.init)
        let keys: [HardwareKey] = [.backspace, .commandBackspace, .left, .right, .home, .end]
        return StateMachine<Model, Session<EventCollector>>(model: { Model() }, system: {
            var session = try Session()
            try session.feedScript(Array(Self.start.utf8))
            return session
        })
        .rule("chord", .element(of: cells)) { model, session, cell in
            try session.chord(cell)
            model.word.append(cell)
            let text = (try? translator.backTranslate(model.word)) ?? ""
            guard text != model.entered else { return }
            if text.hasPrefix(model.entered) {
                model.insert(String(text.dropFirst(model.entered.count)))
            } else {
                model.deleteBackward(model.entered.count)
                model.insert(text)
            }
            model.entered = text
        }
        .rule("swipe right") { model, session in
            try session.swipe(.right)
            model.endWord()
            model.insert(" ")
        }
        .rule("swipe left") { model, session in
            try session.swipe(.left)
            if model.entered.isEmpty && !model.word.isEmpty {
                model.word.removeLast()
            } else {
                model.endWord()
                model.deleteBackward(1)
            }
        }
        .rule("key", .element(of: keys)) { model, session, key in
            try session.key(key)
            model.endWord()
            switch key {
            case .backspace: model.deleteBackward(1)
            case .commandBackspace: model.deleteBackward(model.insertion)
            case .left: model.insertion = max(0, model.insertion - 1)
            case .right: model.insertion = min(model.characters.count, model.insertion + 1)
            case .home: model.insertion = 0
            default: model.insertion = model.characters.count
            }
        }
        .invariant("the field holds the model's text and insertion point") { model, session in
            let field = try #require(session.element("note")?.field)
            let text = field.secretTextForTesting
            try require(text == model.characters.joined() && field.insertionPoint.character == model.insertion,
                        "the field holds \(text.unambiguousLiteral) at \(field.insertionPoint.character); the model \(model.characters.joined().unambiguousLiteral) at \(model.insertion)")
        }
    }

    @Test("Typing with uncontracted Braille Screen Input among keys and deletions edits the field as the word model does")
    func editingProperty() async throws {
        let machine = try Self.machine()
        await expectProperty("brailleWordEndsWithOtherInput", machine.sequences(steps: 0...12), cases: 400, seed: 20_261_207, database: nil) {
            try $0.verdict()
        }
    }
}
