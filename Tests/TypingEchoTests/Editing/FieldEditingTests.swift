import Testing
@testable import TypingEcho
import TypingEchoTesting

/// The editing component on its own: operations on a field lent in place, checked by what they
/// return, with no engine, clock or voice.
@Suite("Field editing: operations on one field and what they report")
struct FieldEditingTests {
    /// A field of `kind` holding `value`, its insertion point at the end, and the component for it.
    static func field(_ kind: FieldKind, _ value: String, wantsMoveText: Bool = false) throws -> (FieldEditing, TextField) {
        var declaration = FieldDeclaration(id: "f", kind: kind, label: "F")
        declaration.value = value
        let field = try TextField(declaration, locale: "en_US")
        let identity = try #require(Self.identity)
        let handle = FieldHandle(identity: identity, disclosure: field.disclosure, kind: kind, locale: "en_US")
        return (FieldEditing(handle: handle, wantsMoveText: wantsMoveText), field)
    }

    /// An identity from a real screen (the component never resolves it).
    static let identity: ElementID? = {
        var screen = Screen()
        guard case .added(let identity)? = screen.declare(Element(ElementDeclaration(id: "x", label: "X"), traits: [])) else { return nil }
        return identity
    }()

    /// Every text an outcome's changes and reports carry, as the echo rules and events would get it.
    static func texts(in outcome: EditingOutcome) -> [String] {
        outcome.steps.flatMap { step -> [String] in
            switch step {
            case .echo(let change, _): ["\(change)"]
            case .report(let report): ["\(report)"]
            }
        }
    }

    @Test("a deletion reports its edit with its echo; nothing to delete is a boundary")
    func deletion() throws {
        var (editing, field) = try Self.field(.text, "ab")
        let outcome = editing.delete(.backward, in: &field)
        #expect(field.text == "a")
        guard case .echo(.deleted(let text, false), let reports)? = outcome.steps.first else { Issue.record("\(outcome.steps)"); return }
        #expect(text.value == "b")
        #expect(reports.count == 1)
        _ = editing.delete(.backward, in: &field)
        let atStart = editing.delete(.backward, in: &field)
        guard case .echo(.boundary, _)? = atStart.steps.first else { Issue.record("\(atStart.steps)"); return }
    }

    @Test("a word move in a secure field goes to an end and tells a count, never text")
    func secureWordMove() throws {
        var (editing, field) = try Self.field(.secure, "hunter2", wantsMoveText: true)
        let outcome = editing.moveWord(.backward, in: &field)
        #expect(field.insertionPoint.character == 0)
        guard case .echo(.moved(.word(let text, let count), let facts), _)? = outcome.steps.first else { Issue.record("\(outcome.steps)"); return }
        #expect(text.isSecret && count == 7 && facts.crossed == nil && facts.atCaret == nil)
    }

    @Test("copy and cut in a secure field are refused and copy nothing; paste says a count")
    func secureActions() throws {
        var (editing, field) = try Self.field(.secure, "pa55")
        _ = editing.perform(.selectAll, in: &field, clipboard: nil)
        for action in [EditAction.copy, .cut] {
            let outcome = editing.perform(action, in: &field, clipboard: nil)
            #expect(outcome.copied == nil)
            guard case .echo(.refused(.secureCopy(action)), _)? = outcome.steps.first else { Issue.record("\(outcome.steps)"); continue }
        }
        let pasted = editing.perform(.paste, in: &field, clipboard: "xyz")
        #expect(pasted.inserted != nil)
        guard case .echo(.editAction(.pasted(let text, 3)), _)? = pasted.steps.last else { Issue.record("\(pasted.steps)"); return }
        #expect(text.isSecret)
    }

    @Test("cut in a public field copies the selection, then reports the edit and the cursor, then echoes")
    func publicCut() throws {
        var (editing, field) = try Self.field(.text, "hello")
        _ = editing.perform(.selectAll, in: &field, clipboard: nil)
        let outcome = editing.perform(.cut, in: &field, clipboard: nil)
        #expect(outcome.copied == "hello" && field.text == "")
        #expect(outcome.steps.count == 3)
        guard case .echo(.editAction(.cut), _)? = outcome.steps.last else { Issue.record("\(outcome.steps)"); return }
    }

    @Test("no operation on a secure field puts a character of its text in what it returns",
          arguments: ["hunter2", "pässwörd", "😀b", "a\u{301}bc"])
    func secureOutcomesCarryNoText(_ secret: String) throws {
        var (editing, field) = try Self.field(.secure, secret, wantsMoveText: true)
        var all: [EditingOutcome] = []
        for direction in [TextDirection.backward, .forward] {
            all.append(editing.moveCharacter(direction, in: &field))
            all.append(editing.moveWord(direction, in: &field))
            all.append(editing.extendSelection(.character(direction), in: &field))
            all.append(editing.extendSelection(.end(direction), in: &field))
            all.append(editing.moveToEnd(direction == .forward, in: &field))
        }
        all.append(editing.perform(.selectAll, in: &field, clipboard: nil))
        all.append(editing.perform(.copy, in: &field, clipboard: nil))
        all.append(editing.enter("Q", into: &field, wantsWords: true, hardware: true))
        all.append(editing.deleteWord(in: &field))
        all.append(editing.delete(.backward, in: &field))
        for outcome in all {
            #expect(outcome.copied == nil)
            for step in outcome.steps {
                guard case .echo(let change, _) = step else { continue }
                #expect(Self.shownParts(of: change).allSatisfy { !$0 }, "\(change)")
            }
        }
        #expect(all.contains { !$0.steps.isEmpty })
    }

    /// For every part of a change that comes from the field's text, whether it shows anything.
    static func shownParts(of change: EchoChange) -> [Bool] {
        switch change {
        case .typed(let typed, _): [!typed.isSecret]
        case .dictated(let text), .takenBack(let text), .deleted(let text, _), .selectionChanged(_, let text, _, _): [!text.isSecret]
        case .cannotMove(let atCaret): [!atCaret.isSecret]
        case .deletedForward(let text, let atCaret): [!text.isSecret] + (atCaret.map { [!$0.isSecret] } ?? [])
        case .brailleCell(let text, _): [!text.isSecret]
        case .moved(let move, let facts):
            (facts.crossed.map { [!$0.isSecret] } ?? []) + (facts.atCaret.map { [!$0.isSecret] } ?? [])
                + {
                    switch move {
                    case .character(let text), .word(let text, _), .line(let text): [!text.isSecret]
                    case .toEnd: []
                    }
                }()
        case .editAction(.selectedAll(let text, _)), .editAction(.pasted(let text, _)): [!text.isSecret]
        case .editAction, .boundary, .refused, .keyExplored, .shiftEntered, .rotorTurned, .typingModeSwitched, .valueChanged,
             .invalidFields, .announced, .liveRegionChanged:
            []
        }
    }
}
