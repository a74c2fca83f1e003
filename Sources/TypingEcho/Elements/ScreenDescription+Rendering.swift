/// `describe`'s two formats: a readable text and one JSON document.
extension ScreenDescription {
    /// The readable report, one block per element.
    ///
    /// ```
    /// 1. username  field kind=text
    ///    says:     Username, text field, required
    ///    hint:     Double tap to edit.
    ///    traits:   textEntry (0x40000)
    ///    ARIA:     role=textbox aria-label="Username" aria-required="true"
    ///    Android:  android.widget.EditText isClickable="true"
    ///    Flutter:  isTextField, hasEnabledState, isEnabled
    /// ```
    ///
    /// Labels, values and messages are shown with ``TerminalText`` rules (controls and bidi
    /// controls as `\u{…}`).
    /// - Complexity: O(*n*) in the elements and the length of their texts.
    public var text: String {
        let total = findings.count
        var lines = ["\(items.count) element\(items.count == 1 ? "" : "s"), \(total) lint finding\(total == 1 ? "" : "s")", ""]
        for (number, item) in items.enumerated() {
            let element = item.element
            lines.append("\(number + 1). \(element.id)  \(element.declaredAs)\(element.isHidden ? "  (hidden from the screen reader)" : "")")
            lines.append("   says:     \(item.announcement)")
            for (reader, announcement) in item.readers {
                let name = reader.displayName + ":"
                lines.append("   " + name + String(repeating: " ", count: max(1, 11 - name.count)) + announcement)
            }
            if let hint = item.hint { lines.append("   hint:     \(hint)") }
            lines.append("   traits:   \(element.traits.names.joined(separator: ",")) (\(element.traits.hex))")
            let equivalents = item.equivalents
            let aria = ["role=\(equivalents.ariaRole ?? "none (plain text)")"] + equivalents.ariaAttributes.map(\.description)
            lines.append("   ARIA:     \(aria.joined(separator: " "))")
            var android = [equivalents.androidClassName]
            if let state = equivalents.androidStateDescription { android.append("stateDescription=\"\(state)\"") }
            android += equivalents.androidProperties.map(\.description)
            lines.append("   Android:  \(android.joined(separator: " "))")
            lines.append("   Flutter:  \(equivalents.flutterFlags.isEmpty ? "(no flags)" : equivalents.flutterFlags.joined(separator: ", "))")
            for finding in item.findings { lines.append("   lint:     \(finding.rule.rawValue): \(finding.message)") }
            lines.append("")
        }
        for finding in screenFindings { lines.append("screen lint: \(finding.rule.rawValue): \(finding.message)") }
        if total == 0 { lines.append("no lint findings") }
        var bytes: [UInt8] = []
        for line in lines {
            TerminalText.append(line, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One JSON object: `{"elements":[…],"lint":[…]}`, one element per line, ending in a newline.
    public var json: String {
        let elements = items.map { item -> String in
            let element = item.element, equivalents = item.equivalents
            var fields: [String] = [
                "\"id\":\(JSONText.quote(element.id))",
                "\"declared\":\(JSONText.quote(element.declaredAs))",
                "\"hidden\":\(element.isHidden)",
                "\"announcement\":\(JSONText.quote(item.announcement))",
                "\"parts\":[" + item.parts.map { "{\"part\":\(JSONText.quote($0.part.rawValue)),\"text\":\(JSONText.quote($0.text))}" }.joined(separator: ",") + "]",
            ]
            if !item.readers.isEmpty {
                fields.append("\"readers\":{" + item.readers.map { "\(JSONText.quote($0.reader.rawValue)):\(JSONText.quote($0.announcement))" }.joined(separator: ",") + "}")
            }
            if let hint = item.hint { fields.append("\"hint\":\(JSONText.quote(hint))") }
            fields.append("\"traits\":{\"names\":[\(element.traits.names.map(JSONText.quote).joined(separator: ","))],\"mask\":\(JSONText.quote(element.traits.hex))}")
            fields.append("\"lint\":[\(item.findings.map(Self.json).joined(separator: ","))]")
            let aria = equivalents.ariaRole.map(JSONText.quote) ?? "null"
            fields.append("\"aria\":{\"role\":\(aria),\"attributes\":\(JSONText.object(equivalents.ariaAttributes))}")
            let state = equivalents.androidStateDescription.map(JSONText.quote) ?? "null"
            fields.append("\"android\":{\"className\":\(JSONText.quote(equivalents.androidClassName)),\"stateDescription\":\(state),\"properties\":\(JSONText.object(equivalents.androidProperties))}")
            fields.append("\"flutter\":[\(equivalents.flutterFlags.map(JSONText.quote).joined(separator: ","))]")
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"elements\":[\n" + elements.joined(separator: ",\n") + "\n],\"lint\":["
            + screenFindings.map(Self.json).joined(separator: ",") + "]}\n"
    }

    private static func json(_ finding: LintFinding) -> String {
        let element = finding.element.map(JSONText.quote) ?? "null"
        return "{\"rule\":\(JSONText.quote(finding.rule.rawValue)),\"element\":\(element),\"message\":\(JSONText.quote(finding.message))}"
    }
}

/// JSON string and object text without Foundation.
enum JSONText {
    /// A JSON string literal, escaped as the event stream escapes its strings.
    static func quote(_ text: String) -> String { JSONLines.quoted(text) }

    /// `{"name":"value",…}` in the attributes' order.
    static func object(_ attributes: [PlatformEquivalents.Attribute]) -> String {
        "{" + attributes.map { "\(quote($0.name)):\(quote($0.value))" }.joined(separator: ",") + "}"
    }
}
