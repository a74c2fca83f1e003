/// What a change may tell of a field's text: the value for a public field, nothing for a
/// secure one.
///
/// Only `Disclosure` (this file) makes one, and it decides from the field's kind alone: no other
/// code can put a field's text into an `EchoChange`, so no rule downstream (speech, sounds,
/// braille, events) is ever handed a secret to leak. A secure field's value is not even read:
/// `Disclosure.show(_:)` takes it as an autoclosure.
struct Disclosed<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value; nil when it came from a secure field.
    let value: Value?

    fileprivate init(_ value: Value?) { self.value = value }

    /// Whether it came from a secure field, so that nothing of it is told.
    var isSecret: Bool { value == nil }
}

/// A character typed into a public field and the words it ended (empty unless the typing
/// feedback speaks words).
struct TypedCharacter: Hashable, Sendable {
    /// The character, as its echo speaks it.
    var character: Character
    /// The words it ended.
    var endedWords: [String]
}

/// The one place that decides what a field shows of its text outside the engine: in changes
/// (`Disclosed`), `edit` and `cursor` events, the braille display, and the public API's view of
/// a field. A secure field shows its count and character positions only.
struct Disclosure: Sendable, Hashable {
    /// Whether the field is secure: its text never leaves the engine.
    let isSecure: Bool

    fileprivate init(isSecure: Bool) { self.isSecure = isSecure }

    /// A disclosure for tests of the rules that read `Disclosed` values; the engine takes a
    /// field's own (`TextField.disclosure`), and `EngineStructureTests` checks it never calls this.
    package static func forTesting(secure: Bool) -> Disclosure { Disclosure(isSecure: secure) }

    /// A value of the field's text as a change may carry it: nothing in a secure field, where
    /// `value` is not evaluated.
    func show<Value>(_ value: @autoclosure () -> Value) -> Disclosed<Value> {
        Disclosed(reveal(value()))
    }

    /// The one decision: `value` for a public field, nothing (and `value` not evaluated) for a
    /// secure one. Everything this type tells goes through it.
    fileprivate func reveal<Value>(_ value: @autoclosure () -> Value) -> Value? {
        isSecure ? nil : value()
    }

    /// A character typed and the words it ended, as the echo may tell them: nothing in a secure
    /// field, whose echo is the same whatever was typed (`endedWords` is not evaluated there).
    func typed(_ character: String, endedWords: @autoclosure () -> [String]) -> Disclosed<TypedCharacter> {
        show(TypedCharacter(character: character.first ?? " ", endedWords: endedWords()))
    }

    /// An edit as the `edit` event carries it: a secure field's without its text.
    func event(for edit: TextEdit, in field: String) -> FieldEdit {
        FieldEdit(field: field, operation: edit.operation, offset: edit.offset, length: edit.length, count: edit.count,
                  text: reveal(edit.text))
    }

    /// A position as it may be told: in a secure field its UTF-16 offset is its character offset,
    /// since the real one would tell how the secret is encoded (é as one or two code units, an
    /// emoji as a surrogate pair).
    func position(_ position: TextPosition) -> TextPosition {
        reveal(position) ?? TextPosition(character: position.character, utf16: position.character)
    }

    /// What a selection by word (shift-option-arrow) takes: a secret has no words to show, so in
    /// a secure field it takes the whole text to that end, as word moves go to an end.
    func selectionByWord(_ direction: TextDirection) -> SelectionStep {
        reveal(SelectionStep.word(direction)) ?? .end(direction)
    }

    /// Braille Screen Input's held cells as the display shows them: all eight dots per cell in a
    /// secure field (its dots would tell the letters).
    func heldCells(_ cells: [BrailleCell]) -> [BrailleCell] {
        reveal(cells) ?? Array(repeating: BrailleCell.allDots, count: cells.count)
    }
}

extension TextField {
    /// What the field shows of its text: the one decision, from its kind.
    var disclosure: Disclosure { Disclosure(isSecure: kind == .secure) }

    /// Whether the text must never leave the engine.
    public var isSecure: Bool { kind == .secure }

    /// The text, or `nil` in a secure field, whose text never leaves the engine.
    public var text: String? { disclosure.show(buffer.string).value }

    /// The text with its insertion point and selection, or `nil` in a secure field.
    public var readableBuffer: TextBuffer? { disclosure.reveal(buffer) }

    /// Where the insertion point is, as character and UTF-16 offsets; in a secure field the
    /// UTF-16 offset is the character offset (see `Disclosure.position(_:)`).
    public var insertionPoint: TextPosition { disclosure.position(buffer.insertionPoint) }

    /// The selected range, if any, as positions; in a secure field with UTF-16 offsets equal to
    /// the character offsets (see `Disclosure.position(_:)`).
    public var selection: Range<TextPosition>? {
        buffer.selection.map { disclosure.position($0.lowerBound)..<disclosure.position($0.upperBound) }
    }
}
