import Testing
import TypingEcho
import TypingEchoTesting

/// An editor built on TextBuffer with one wrong rule: backspace removes one Unicode scalar,
/// not the whole character before the insertion point.
private struct OneScalarBackspace {
    var buffer: TextBuffer

    mutating func apply(_ step: EditStep) throws {
        guard case .deleteBackward = step else { return buffer.apply(step) }
        let text = buffer.string
        let end = String.Index(utf16Offset: buffer.insertionPoint.utf16, in: text)
        var before = String(text[..<end])
        guard !before.isEmpty else { return }
        before.unicodeScalars.removeLast()
        var rebuilt = try TextBuffer(before + text[end...])
        _ = rebuilt.move(toEnd: false)
        for _ in 0..<(try TextBuffer(before).characterCount) { _ = rebuilt.moveCharacter(.forward) }
        buffer = rebuilt
    }
}

private func editor(_ make: @escaping @Sendable () throws -> TextBuffer) -> StateMachine<TextBuffer, OneScalarBackspace> {
    .editor(system: { OneScalarBackspace(buffer: try make()) }, apply: { try $0.apply($1) },
            state: { EditorState(text: $0.buffer.string, insertionPoint: $0.buffer.insertionPoint.character) })
}

@Suite("Model-based properties: StateMachine")
struct StateMachineTests {
    @Test("finds a planted 'backspace removes one scalar' bug and shrinks it to one insertion and one backspace")
    func plantedBackspaceBug() throws {
        let failure = try #require(check("plantedBackspaceBug", editor { try TextBuffer() }.sequences(steps: 0...30),
                                         cases: 2_000, seed: 7) { try $0.verdict() })
        let steps = failure.counterexample.components(separatedBy: " -> ")[0].components(separatedBy: "; ")
        #expect(steps.count == 2, "\(failure.counterexample)")
        #expect(steps.last == "deleteBackward")
        let insert = try #require(steps.first)
        #expect(insert.hasPrefix("insert(\"") && insert.contains("\\u{"), "two scalars of one character, escaped: \(insert)")
        #expect(failure.message.contains("the editor shows"))
        #expect(failure.counterexample.hasPrefix(#"insert("e\u{301}"); deleteBackward -> invariant "same text and insertion point""#))
    }

    @Test("an editor that is the reference model passes, with every rule drawn")
    func referenceAgreesWithItself() {
        struct Same { var buffer: TextBuffer }
        let machine = StateMachine<TextBuffer, Same>.editor(
            system: { Same(buffer: try TextBuffer()) }, apply: { $0.buffer.apply($1) },
            state: { EditorState(text: $0.buffer.string, insertionPoint: $0.buffer.insertionPoint.character) })
        let seen = Gen<StateMachineRun>.sequences(machine, steps: 5...30)
        var names = Set<String>()
        for seed in 0..<200 {
            guard let run = seen.sample(seed: UInt64(seed)) else { continue }
            #expect(run.failure == nil, "\(run)")
            for step in run.steps { names.insert(String(step.prefix { $0 != "(" || step.hasPrefix("move") })) }
        }
        #expect(names.isSuperset(of: ["insert", "deleteBackward", "deleteForward", "home", "end"]), "\(names)")
        #expect(check("referenceAgreesWithItself", machine.sequences(steps: 0...30), cases: 300, seed: 1) { try $0.verdict() } == nil)
    }

    @Test("a rule runs only while its precondition holds, also in shrunk sequences")
    func preconditionsHold() throws {
        struct Stack { var items: [Int] = [] }
        let machine = StateMachine<Int, Stack>(model: { 0 }, system: { Stack() })
            .rule("push", .int(in: 0...9)) { count, stack, value in
                count += 1
                stack.items.append(value)
            }
            .rule("pop", when: { $0 > 0 }) { count, stack in
                try require(!stack.items.isEmpty, "pop ran on an empty stack")
                count -= 1
                stack.items.removeLast()
            }
            .invariant("three at most") { count, _ in try require(count < 3, "\(count) items") }
        let failure = try #require(check("preconditionsHold", machine.sequences(steps: 0...20), cases: 500, seed: 3) { try $0.verdict() })
        #expect(failure.counterexample.hasPrefix("push(0); push(0); push(0) -> invariant \"three at most\" does not hold"),
                "\(failure.counterexample)")
    }

    @Test("a failing invariant before any step is reported without steps")
    func failsAtStart() throws {
        let machine = StateMachine<Int, Int>(model: { 0 }, system: { 1 })
            .rule("noop") { _, _ in }
            .invariant("equal") { model, system in try require(model == system, "\(model) != \(system)") }
        let failure = try #require(check("failsAtStart", machine.sequences(steps: 0...5), cases: 10, seed: 1) { try $0.verdict() })
        #expect(failure.counterexample.hasPrefix("(no steps) -> invariant \"equal\" does not hold"))
    }

    @Test("unambiguous literals tell apart what prints alike", arguments: [
        ("\u{E9}", #""\u{E9}""#), ("e\u{301}", #""e\u{301}""#), ("a\u{2028}b", #""a\u{2028}b""#),
        ("\u{3000}", #""\u{3000}""#), ("\u{A0}", #""\u{A0}""#), ("say \"hi\" \\", #""say \"hi\" \\""#),
        ("\t\n", #""\u{9}\u{A}""#), ("🇵🇱", #""\u{1F1F5}\u{1F1F1}""#), ("", #""""#),
    ])
    func unambiguous(text: String, literal: String) {
        #expect(text.unambiguousLiteral == literal)
    }
}

extension Gen where Value == StateMachineRun {
    /// The machine's runs, for sampling in a test.
    static func sequences<M, S>(_ machine: StateMachine<M, S>, steps: ClosedRange<Int>) -> Gen<StateMachineRun> {
        machine.sequences(steps: steps)
    }
}
