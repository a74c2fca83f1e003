/// The `KEY=VALUE` lines: `settings`, `field` and `element`.
extension ScriptParser {
    static let fieldAttributes = ["kind", "label", "value", "hint", "placeholder", "error", "dictation", "max", "frame",
                                  "keyboard", "return-key", "autocapitalization", "description", "min", "autocomplete"]
    static let fieldFlags = ["required", "disabled", "hidden", "invalid", "read-only"]
    static let elementAttributes = ["label", "kind", "traits", "value", "hint", "frame", "steps", "labels", "description",
                                    "level", "live"]

    /// The slot of each of ``elementAttributes`` in a declaration's ``DeclaredAttributes``.
    enum ElementSlot {
        static let label = 0, kind = 1, traits = 2, value = 3, hint = 4, frame = 5, steps = 6, labels = 7, description = 8
        static let level = 9, live = 10
    }
    static let elementFlags = ["hidden", "interactive"]

    /// `settings KEY=VALUE …`: raw pairs, each key at most once; the engine checks names and values.
    func settings(_ arguments: inout ScriptArguments, locations: inout [SettingLocation]) throws(ScriptError) -> [SettingAssignment] {
        guard !arguments.isEmpty else { throw arguments.missing("missing argument; usage: settings KEY=VALUE …") }
        var pairs: [SettingAssignment] = []
        var seen: Set<String> = []
        while let token = arguments.next() {
            guard let key = token.key else {
                throw arguments.error("settings expects KEY=VALUE pairs", at: token.offset)
            }
            guard seen.insert(key.text).inserted else {
                throw arguments.error("duplicate setting \(ScriptErrorText.quoted(key.text))", at: key.offset)
            }
            guard token.value.quoted || !token.value.text.isEmpty else {
                throw arguments.error("missing value for setting \(ScriptErrorText.quoted(key.text))", at: token.value.offset)
            }
            pairs.append(SettingAssignment(key: key.text, value: token.value.text))
            locations.append(SettingLocation(key: arguments.location(key.offset), value: arguments.location(token.value.offset)))
        }
        return pairs
    }

    /// `field ID kind=… label="…" [value="…"] [hint="…"] [placeholder="…"] [required] [error="…"] [disabled] [dictation=on|off] [max=N] [frame=X,Y,W,H]`.
    func field(_ arguments: inout ScriptArguments, location: SourceLocation) throws(ScriptError) -> FieldDeclaration {
        let usage = #"field ID kind=text|secure|search|area label="…" …"#
        let id = try declarationID(&arguments, command: "field", usage: usage)
        let found = try attributes(&arguments, of: "field", names: Self.fieldAttributes, flags: Self.fieldFlags)
        guard let kind = found.values["kind"] else {
            throw ScriptError(.syntax, "field needs a kind: kind=text|secure|search|area", at: location)
        }
        guard let label = found.values["label"] else {
            throw ScriptError(.syntax, #"field needs a label: label="…""#, at: location)
        }
        let line = arguments.text
        var field = FieldDeclaration(
            id: id, kind: try ScriptValues.choice(kind, what: "field kind", in: line), label: label.text
        )
        field.value = found.values["value"]?.text ?? ""
        field.hint = found.values["hint"]?.text
        field.placeholder = found.values["placeholder"]?.text
        field.error = found.values["error"]?.text
        field.required = found.flags.contains("required")
        field.disabled = found.flags.contains("disabled")
        field.hidden = found.flags.contains("hidden")
        if let dictation = found.values["dictation"] {
            let setting: DictationSetting = try ScriptValues.choice(dictation, what: "dictation setting", in: line)
            field.dictation = setting == .on
        }
        if let max = found.values["max"] { field.maxLength = try ScriptValues.integer(max, in: line) }
        if let frame = found.values["frame"] { field.frame = try ScriptValues.frame(frame, in: line) }
        if let keyboard = found.values["keyboard"] { field.keyboard = try ScriptValues.choice(keyboard, what: "keyboard type", in: line) }
        if let key = found.values["return-key"] { field.returnKey = try ScriptValues.choice(key, what: "return key", in: line) }
        if let caps = found.values["autocapitalization"] {
            field.autocapitalization = try ScriptValues.choice(caps, what: "autocapitalization", in: line) as Autocapitalization
        }
        field.description = found.values["description"]?.text
        field.invalid = found.flags.contains("invalid")
        field.readOnly = found.flags.contains("read-only")
        if let min = found.values["min"] { field.minLength = try ScriptValues.integer(min, in: line) }
        if let autocomplete = found.values["autocomplete"] {
            guard !autocomplete.text.isEmpty, autocomplete.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw arguments.error("autocomplete= expects autofill tokens (email, current-password, \"section-a new-password\" …)",
                                      at: autocomplete.offset)
            }
            field.autocomplete = autocomplete.text
        }
        return field
    }

    /// `element ID label="…" [kind=button|…] [traits=a,b,…|0xMASK] [value="…"] [hint="…"] [frame=X,Y,W,H]
    /// [steps="A|B|…"] [labels=FIELD] [hidden] [interactive]`.
    func element(_ arguments: inout ScriptArguments, location: SourceLocation) throws(ScriptError) -> ElementDeclaration {
        let id = try declarationID(&arguments, command: "element", usage: #"element ID label="…" …"#)
        let found = try attributes(&arguments, of: "element", names: Self.elementAttributes, flags: Self.elementFlags)
        guard let label = found.values[ElementSlot.label] else {
            throw ScriptError(.syntax, #"element needs a label: label="…""#, at: location)
        }
        var element = ElementDeclaration(id: id, label: label.text)
        if let traits = found.values[ElementSlot.traits] {
            for part in traits.commaSeparated() {
                guard !part.text.isEmpty else { throw arguments.error("empty trait name", at: part.offset) }
                guard let trait = Traits(token: part.text) else {
                    let suggestion = Traits.named.map(\.name).closest(to: part.text).map { "; did you mean '\($0)'?" } ?? ""
                    throw ScriptError(.badDeclaration, "unknown trait \(ScriptErrorText.quoted(part.text))\(suggestion)",
                                      at: arguments.location(part.offset))
                }
                element.traits.insert(trait)
            }
        }
        element.value = found.values[ElementSlot.value]?.text
        element.hint = found.values[ElementSlot.hint]?.text
        element.description = found.values[ElementSlot.description]?.text
        if let level = found.values[ElementSlot.level] {
            let number = try ScriptValues.integer(level, in: arguments.text)
            guard (1...6).contains(number) else { throw arguments.error("level= is a heading level, 1 to 6", at: level.offset) }
            element.level = number
        }
        if let live = found.values[ElementSlot.live] {
            element.live = try ScriptValues.choice(live, what: "live region", in: arguments.text) as LiveRegion
        }
        if let frame = found.values[ElementSlot.frame] { element.frame = try ScriptValues.frame(frame, in: arguments.text) }
        try screenAttributes(found, into: &element, arguments)
        return element
    }

    private func declarationID(
        _ arguments: inout ScriptArguments, command: String, usage: String
    ) throws(ScriptError) -> String {
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.key == nil else { throw arguments.error("\(command) expects an ID before its attributes", at: token.offset) }
        guard !token.value.quoted else { throw arguments.error("\(command) ID must be written without quotes", at: token.offset) }
        return token.value.text
    }

    /// Reads `KEY=VALUE` attributes and bare flags, rejecting unknown, repeated and empty ones.
    ///
    /// Values and unrecognised bare words are never echoed: a misplaced password must not reach the error.
    private func attributes(
        _ arguments: inout ScriptArguments, of what: String, names: [String], flags: [String]
    ) throws(ScriptError) -> (values: DeclaredAttributes, flags: DeclaredFlags) {
        var values = DeclaredAttributes(names: names)
        var setFlags = DeclaredFlags()
        while let token = arguments.next() {
            guard let key = token.key else {
                let piece = token.value
                if !piece.quoted, DeclaredAttributes.index(of: piece.text, in: flags) != nil {
                    guard setFlags.insert(piece.text).inserted else {
                        throw arguments.error("duplicate flag '\(piece.text)'", at: piece.offset)
                    }
                    continue
                }
                throw arguments.error(stray(piece, in: what, names: names, flags: flags), at: token.offset)
            }
            // The names and the flags are apart: a name is no flag.
            guard let slot = DeclaredAttributes.index(of: key.text, in: names) else {
                if DeclaredAttributes.index(of: key.text, in: flags) != nil {
                    throw arguments.error("'\(key.text)' is a flag and takes no value", at: key.offset)
                }
                throw arguments.error(ScriptValues.unknown("\(what) attribute", key, allowed: names + flags), at: key.offset)
            }
            guard !values.isSet(slot) else {
                throw arguments.error("duplicate attribute '\(key.text)'", at: key.offset)
            }
            guard token.value.quoted || !token.value.text.isEmpty else {
                throw arguments.error("missing value for '\(key.text)'", at: token.value.offset)
            }
            values.set(slot, token.value)
        }
        return (values, setFlags)
    }

    /// Why a lone word or string cannot stand in a declaration; the word is named only when it is an attribute name.
    private func stray(_ piece: ScriptPiece, in what: String, names: [String], flags: [String]) -> String {
        if piece.quoted { return #"unexpected quoted string; attribute values are written KEY="…""# }
        if names.contains(piece.text) { return "'\(piece.text)' needs a value: \(piece.text)=…" }
        var message = "unexpected word in \(what) declaration; attributes are written KEY=VALUE"
        if !flags.isEmpty { message += "; flags: \(flags.joined(separator: ", "))" }
        if let guess = ScriptValues.suggestion(for: piece.text, among: flags) { message += "; did you mean '\(guess)'?" }
        return message
    }
}

extension ScriptParser {
    /// The screen attributes: `kind=`, `steps=`, `labels=` and the `hidden` and `interactive` flags.
    fileprivate func screenAttributes(
        _ found: (values: DeclaredAttributes, flags: DeclaredFlags), into element: inout ElementDeclaration,
        _ arguments: ScriptArguments
    ) throws(ScriptError) {
        if let kind = found.values[ElementSlot.kind] {
            element.kind = try ScriptValues.choice(kind, what: "element kind", in: arguments.text) as ElementKind
        }
        if let steps = found.values[ElementSlot.steps] {
            element.steps = steps.text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard !element.steps.contains(where: \.isEmpty) else {
                throw arguments.error(#"empty step; write steps="Low|Medium|High""#, at: steps.offset)
            }
            if let value = element.value, !element.steps.contains(value) {
                throw arguments.error("the value must be one of the steps", at: steps.offset)
            }
        }
        if let labels = found.values[ElementSlot.labels] {
            guard !labels.quoted else { throw arguments.error("labels= expects a field ID without quotes", at: labels.offset) }
            element.labels = labels.text
        }
        element.hidden = found.flags.contains("hidden")
        element.interactive = found.flags.contains("interactive")
    }
}

/// The `KEY=VALUE` attributes of one declaration, each in the slot of its name among the
/// declaration's attribute names (an `element` line's are read by slot, ``ElementSlot``): a
/// value looked up by name in a list of the pairs was a fifth of parsing an `element` line.
struct DeclaredAttributes {
    private let names: [String]
    private var values: [ScriptPiece?]

    /// No attributes yet, with a slot for each of `names`.
    init(names: [String]) {
        self.names = names
        // Filled in place: `Array(repeating:count:)` of optional pieces cost 800 instructions a line.
        values = [ScriptPiece?](unsafeUninitializedCapacity: names.count) { slots, count in
            slots.initialize(repeating: nil)
            count = slots.count
        }
    }

    /// The position of `name` in `names`, if it is there.
    static func index(of name: String, in names: [String]) -> Int? {
        let count = name.utf8.count
        for index in names.indices where names[index].utf8.count == count && names[index] == name { return index }
        return nil
    }

    /// The value given for `key` (one of the names), if any.
    subscript(key: String) -> ScriptPiece? {
        guard let slot = Self.index(of: key, in: names) else { return nil }
        return values[slot]
    }

    /// The value given for the name at `slot`, if any.
    subscript(slot: Int) -> ScriptPiece? { values[slot] }

    /// Whether the name at `slot` has a value.
    func isSet(_ slot: Int) -> Bool { values[slot] != nil }

    /// Gives the name at `slot` its value.
    mutating func set(_ slot: Int, _ value: ScriptPiece) {
        values[slot] = value
    }
}

/// The bare flags of one declaration (`hidden`, `required`, …), each at most once.
struct DeclaredFlags {
    private var names: [String] = []

    /// Whether `name` was given.
    func contains(_ name: String) -> Bool { !names.isEmpty && DeclaredAttributes.index(of: name, in: names) != nil }

    /// Adds `name`; false when it was already there.
    mutating func insert(_ name: String) -> (inserted: Bool, memberAfterInsert: String) {
        if contains(name) { return (false, name) }
        names.append(name)
        return (true, name)
    }
}

/// `dictation=on|off`.
private enum DictationSetting: String, CaseIterable {
    case on, off
}
