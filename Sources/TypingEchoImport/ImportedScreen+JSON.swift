import TypingEcho

extension ImportedScreen {
    /// The screen as one JSON object: `{"type":"screen","source":…,"format":…,"elements":[…]}`, one
    /// element per line. A key is absent when the source does not state it; a secure field has
    /// `count`, never `value`.
    ///
    /// Keys, in this order: `id`, `kind`, `role`, `name`, `description`, `hint`, `value`, `count`,
    /// `placeholder`, `required`, `invalid`, `error`, `disabled`, `read-only`, `max`, `min`,
    /// `keyboard`, `return-key`, `autocapitalization`, `autocomplete`, `level`, `live`, `frame`
    /// (`{"x":…,"y":…,"width":…,"height":…}` in points), `traits` (names), `labels`, `steps`,
    /// `interactive`, `source` (`"LINE:COLUMN"`), `dropped`.
    /// - Complexity: O(*n*) in the number of elements and the length of their text.
    public var json: String {
        var out = "{\"type\":\"screen\",\"source\":\(Self.json(source)),\"format\":\(Self.json(format.rawValue)),\"elements\":["
        for (index, element) in elements.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += Self.json(element)
        }
        out += elements.isEmpty ? "]}" : "\n]}"
        return out
    }

    private static func json(_ element: ImportedElement) -> String {
        var parts: [String] = []
        func add(_ key: String, _ value: String?) { if let value { parts.append("\(json(key)):\(json(value))") } }
        func add(_ key: String, _ value: Bool?) { if let value { parts.append("\(json(key)):\(value)") } }
        func add(_ key: String, _ value: Int?) { if let value { parts.append("\(json(key)):\(value)") } }
        add("id", element.id)
        add("kind", element.kind.word)
        add("role", element.role)
        add("name", element.name)
        add("description", element.description)
        add("hint", element.hint)
        if !element.kind.isSecure { add("value", element.value) }
        add("count", element.secureValue?.count)
        add("placeholder", element.placeholder)
        add("required", element.required)
        add("invalid", element.invalid)
        add("error", element.error)
        add("disabled", element.disabled)
        add("read-only", element.readOnly)
        add("max", element.maxLength)
        add("min", element.minLength)
        add("keyboard", element.keyboard?.rawValue)
        add("return-key", element.returnKey?.rawValue)
        add("autocapitalization", element.autocapitalization?.rawValue)
        add("autocomplete", element.autocomplete)
        add("level", element.level)
        add("live", element.live?.rawValue)
        if let frame = element.frame {
            let numbers = [("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height)]
            parts.append("\"frame\":{" + numbers.map { "\"\($0.0)\":\(ScriptWriter.number($0.1))" }.joined(separator: ",") + "}")
        }
        if let traits = element.traits, !traits.isEmpty {
            parts.append("\"traits\":[" + traits.names.map(json).joined(separator: ",") + "]")
        }
        add("labels", element.labels)
        if !element.steps.isEmpty { parts.append("\"steps\":[" + element.steps.map(json).joined(separator: ",") + "]") }
        add("interactive", element.interactive)
        add("source", element.source.description)
        if !element.dropped.isEmpty { parts.append("\"dropped\":[" + element.dropped.map(json).joined(separator: ",") + "]") }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// A JSON string literal, escaped as the event stream's fields are (quotes, backslashes,
    /// C0 and C1 controls, DEL, U+2028 and U+2029).
    static func json(_ text: String) -> String { JSONLines.quoted(text) }
}
