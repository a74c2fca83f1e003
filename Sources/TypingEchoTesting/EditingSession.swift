import TypingEcho

/// One editing action a user takes in a text field, as a screen-reader user would perform it.
public enum EditStep: Sendable, Hashable, CustomStringConvertible {
    /// Types `text` at the insertion point.
    case insert(String)
    /// Deletes the Character before the insertion point.
    case deleteBackward
    /// Deletes the Character after the insertion point.
    case deleteForward
    /// Moves the insertion point one Character forward or backward.
    case moveCharacter(forward: Bool)
    /// Moves the insertion point one word forward or backward.
    case moveWord(forward: Bool)
    /// Moves the insertion point to the start of the text.
    case home
    /// Moves the insertion point to the end of the text.
    case end

    /// A short readable form such as `insert("é")` or `moveWord(back)`.
    public var description: String {
        switch self {
        case .insert(let text): "insert(\(text.unambiguousLiteral))"
        case .deleteBackward: "deleteBackward"
        case .deleteForward: "deleteForward"
        case .moveCharacter(let forward): "moveCharacter(\(forward ? "forward" : "back"))"
        case .moveWord(let forward): "moveWord(\(forward ? "forward" : "back"))"
        case .home: "home"
        case .end: "end"
        }
    }
}

extension Gen where Value == EditStep {
    /// One editing step, inserts of 1 to 3 pieces from `families` being the most common; shrinks toward `insert("a")`.
    public static func editStep(families: [UnicodeFamily] = UnicodeFamily.allCases) -> Gen<EditStep> {
        .frequency([
            (6, Gen<String>.unicodeText(length: 1...3, families: families).map { .insert($0) }),
            (3, .constant(.deleteBackward)),
            (1, .constant(.deleteForward)),
            (3, Gen<Bool>.bool.map { .moveCharacter(forward: $0) }),
            (2, Gen<Bool>.bool.map { .moveWord(forward: $0) }),
            (1, .constant(.home)),
            (1, .constant(.end)),
        ])
    }
}

extension Gen where Value == [EditStep] {
    /// Editing sessions of `steps` steps over Unicode text, shrinking by dropping and simplifying steps.
    ///
    /// ```swift
    /// let failure = check("cursorStaysInText", Gen.editingSession(steps: 0...40), cases: 200) { steps in
    ///     var buffer = try TextBuffer()
    ///     for step in steps { buffer.apply(step) }
    ///     try require(buffer.insertionPoint.character <= buffer.characterCount, "cursor past the end")
    /// }
    /// ```
    public static func editingSession(
        steps: ClosedRange<Int>,
        families: [UnicodeFamily] = UnicodeFamily.allCases
    ) -> Gen<[EditStep]> {
        .array(of: .editStep(families: families), count: steps)
    }
}

extension TextBuffer {
    /// Performs one editing step as the engine does for the matching key: insert, delete
    /// backward or forward, move by character or word, or to the start or end.
    /// - Complexity: That of the underlying `insert`, `delete…` or `move…` call.
    public mutating func apply(_ step: EditStep) {
        switch step {
        case .insert(let text): insert(text)
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .moveCharacter(let forward): _ = moveCharacter(forward ? .forward : .backward)
        case .moveWord(let forward): _ = moveWord(forward ? .forward : .backward)
        case .home: _ = move(toEnd: false)
        case .end: _ = move(toEnd: true)
        }
    }
}
