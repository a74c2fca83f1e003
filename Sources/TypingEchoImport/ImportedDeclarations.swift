import TypingEcho

/// An imported element as a declaration of the script language.
public enum ImportedDeclaration: Sendable, Hashable {
    /// A `field` line.
    case field(FieldDeclaration)
    /// An `element` line.
    case element(ElementDeclaration)

    /// The declaration as a command.
    public var command: Command {
        switch self {
        case .field(let field): .field(field)
        case .element(let element): .element(element)
        }
    }
}

extension ImportedElement {
    /// The element as a `field` or `element` declaration, with a note for each of its attributes
    /// the declaration defaults or cannot carry.
    ///
    /// A secure field's value is given as one `•` per character (its count, never its text):
    /// what the model says of a secure field depends only on its count.
    public var declaration: (ImportedDeclaration, notes: [ImportNote]) { declaration(revealing: false) }

    /// The declaration; with `revealing`, a secure field holds its own text (for a ``Session``, which keeps it secret).
    func declaration(revealing: Bool) -> (ImportedDeclaration, notes: [ImportNote]) {
        var notes: [ImportNote] = []
        func note(_ message: String) { notes.append(ImportNote(message, at: source)) }
        let label = name ?? ""
        switch kind {
        case .field(let fieldKind):
            var field = FieldDeclaration(id: id, kind: fieldKind, label: label)
            if fieldKind == .secure {
                if let secureValue {
                    field.value = revealing ? secureValue.text : String(repeating: "\u{2022}", count: secureValue.count)
                }
            } else {
                field.value = value ?? ""
            }
            field.placeholder = placeholder
            field.required = required ?? false
            field.error = error
            field.disabled = disabled ?? false
            field.maxLength = maxLength
            field.frame = frame
            if let keyboard { field.keyboard = keyboard }
            if let returnKey { field.returnKey = returnKey }
            field.autocapitalization = autocapitalization
            field.hint = hint
            field.description = description
            field.invalid = invalid ?? false
            field.readOnly = readOnly ?? false
            field.minLength = minLength
            field.autocomplete = autocomplete
            if invalid == true, error == nil { note("\(id) is invalid with no error message: it is announced as invalid") }
            if let traits, traits.contains(.selected) { note("\(id) is selected: a field cannot carry 'selected'") }
            if live != nil { note("\(id) is a live region: a field's changes are not announced as one") }
            if level != nil { note("\(id) has a heading level: a field cannot carry one") }
            return (.field(field), notes)
        case .element(let elementKind):
            var element = ElementDeclaration(id: id, label: label)
            element.kind = elementKind
            var traits = self.traits ?? []
            if disabled == true { traits.insert(.notEnabled) }
            element.traits = traits
            element.value = value
            element.hint = hint
            element.description = description
            element.frame = frame
            element.steps = steps
            element.labels = labels
            element.interactive = interactive ?? false
            element.level = level
            element.live = live
            for (present, what) in [(placeholder != nil, "a placeholder"), (required == true, "'required'"), (error != nil, "an error"),
                                    (maxLength != nil, "a maximum length"), (minLength != nil, "a minimum length"),
                                    (autocomplete != nil, "autocomplete"), (readOnly == true, "'read-only'"),
                                    (invalid == true, "'invalid'")] where present {
                note("\(id) is not a text field: \(what) is dropped")
            }
            return (.element(element), notes)
        }
    }
}

extension ImportedScreen {
    /// The screen as a `.replay` script: a comment naming the source, then one declaration line per
    /// element in reading order, each followed by `# FILE:LINE:COLUMN`. A secure field gets its
    /// length (one `•` per character), never its characters.
    /// - Returns: The script, and the notes about what the declarations default or drop.
    /// - Complexity: O(*n*) in the number of elements and the length of their text.
    public func script() -> (text: String, notes: [ImportNote]) {
        var text = "# \(Self.commentSafe(source)): \(format.displayName), imported by typing-echo import\n"
        var notes: [ImportNote] = []
        let file = Self.commentSafe(source)
        for element in elements {
            let (declaration, more) = element.declaration
            notes += more
            text += ScriptWriter.line(for: declaration.command)
            text += "  # \(file):\(element.source)\n"
        }
        return (text, notes)
    }

    /// A file name as a script comment can hold it: control characters as `?`.
    static func commentSafe(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { $0.properties.generalCategory == .control
            || $0 == "\u{2028}" || $0 == "\u{2029}" ? "?" : $0 }))
    }
}

extension ImportedScreen {
    /// The screen's declarations as commands, in reading order, for a session or the testing
    /// kit's generators (`Gen.session(over:steps:)`): a secure field holds one `•` per character
    /// of its text, so a counterexample printed from them never shows a password.
    public var commands: [Command] { elements.map(\.declaration.0.command) }
}
