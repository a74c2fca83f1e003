import TypingEcho

/// What an editor under test shows after a step, for comparing with the reference model.
public struct EditorState: Sendable, Hashable, CustomStringConvertible {
    /// The whole text.
    public var text: String
    /// The insertion point, in grapheme clusters (user-perceived characters) from the start.
    public var insertionPoint: Int

    /// Creates the state of an editor: its text and its insertion point in grapheme clusters.
    public init(text: String, insertionPoint: Int) {
        self.text = text
        self.insertionPoint = insertionPoint
    }

    /// The text, unambiguous, and the insertion point: `"e\u{301}" at 1`.
    public var description: String { "\(text.unambiguousLiteral) at \(insertionPoint)" }
}

extension StateMachine where Model == TextBuffer {
    /// A machine that checks an editor of one's own against `TextBuffer`, the
    /// engine's own text model, step by step.
    ///
    /// The rules are the ``EditStep`` kinds — insert text drawn from `families`, delete
    /// backward and forward, move by character and by word, go to the start or the end — each
    /// applied to the model with `TextBuffer.apply(_:)` and to the system with
    /// `apply`. After every step the invariant "same text and insertion point" compares
    /// `state(system)` with the model; the texts are compared scalar by scalar, because Swift's
    /// `String ==` calls `"\u{E9}"` and `"e\u{301}"` equal (canonical equivalence) while an
    /// editor that stores one and shows the other is wrong.
    ///
    /// ```swift
    /// struct Notes { var text = ""; var cursor = 0 }   // an editor of one's own
    /// let machine = StateMachine<TextBuffer, Notes>.editor(system: { Notes() }, apply: { notes, step in
    ///     // … the editor's own handling of each EditStep …
    /// }, state: { EditorState(text: $0.text, insertionPoint: $0.cursor) })
    /// let failure = check("notesAgree", machine.sequences(steps: 0...30), cases: 500) { try $0.verdict() }
    /// ```
    public static func editor(
        families: [UnicodeFamily] = UnicodeFamily.allCases, locale: String = "en_US",
        system: @escaping @Sendable () throws -> System,
        apply: @escaping @Sendable (inout System, EditStep) throws -> Void,
        state: @escaping @Sendable (System) -> EditorState
    ) -> StateMachine {
        func both(_ step: EditStep) -> @Sendable (inout TextBuffer, inout System) throws -> Void {
            { model, system in
                model.apply(step)
                try apply(&system, step)
            }
        }
        return StateMachine(model: { try TextBuffer(locale: locale) }, system: system)
            .rule("insert", Gen<String>.unicodeText(length: 1...3, families: families)) { model, system, text in
                model.apply(.insert(text))
                try apply(&system, .insert(text))
            }
            .rule("deleteBackward", when: { $0.insertionPoint.character > 0 }, perform: both(.deleteBackward))
            .rule("deleteForward", when: { $0.insertionPoint.character < $0.characterCount }, perform: both(.deleteForward))
            .rule("moveCharacter(back)", perform: both(.moveCharacter(forward: false)))
            .rule("moveCharacter(forward)", perform: both(.moveCharacter(forward: true)))
            .rule("moveWord(back)", perform: both(.moveWord(forward: false)))
            .rule("moveWord(forward)", perform: both(.moveWord(forward: true)))
            .rule("home", perform: both(.home))
            .rule("end", perform: both(.end))
            .invariant("same text and insertion point") { model, system in
                let expected = EditorState(text: model.string, insertionPoint: model.insertionPoint.character)
                let shown = state(system)
                guard Array(shown.text.unicodeScalars) == Array(expected.text.unicodeScalars),
                    shown.insertionPoint == expected.insertionPoint
                else { throw PropertyViolation("the editor shows \(shown); the model has \(expected)") }
            }
    }
}
