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
        var bytes: [UInt8] = []
        Self.writeText(items.count, findingCount: findings.count, items: items, screenFindings: screenFindings) {
            bytes.append(contentsOf: $0)
            return true
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One JSON object: `{"elements":[…],"lint":[…]}`, one element per line, ending in a newline.
    public var json: String {
        var bytes: [UInt8] = []
        Self.writeJSON(items: items, screenFindings: screenFindings) {
            bytes.append(contentsOf: $0)
            return true
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the report of a screen (``text``, or ``json`` when `json` is true) in
    /// pieces as it is made, one element at a time, without holding the whole report or every
    /// element's description: `describe` of a million elements needs memory for one.
    /// - Parameters:
    ///   - screen: The screen described.
    ///   - json: Whether to write the JSON document instead of the text.
    ///   - readers: The readers whose announcements are shown beside each element's (`--reader`).
    ///   - write: Takes the next bytes; returns false to stop (the output failed).
    /// - Returns: How many lint findings the screen has.
    /// - Complexity: O(*n*) time in the elements and their texts.
    public static func write(_ screen: ScreenSnapshot, json: Bool, readers: [ScreenReader] = [], to write: ([UInt8]) -> Bool) -> Int {
        let describer = Describer(screen, readers: readers)
        let items = screen.elements.enumerated().lazy.map { describer.item(for: $1, at: $0) }
        if json {
            writeJSON(items: items, screenFindings: describer.screenFindings, to: write)
        } else {
            writeText(screen.elements.count, findingCount: describer.findingCount, items: items,
                      screenFindings: describer.screenFindings, to: write)
        }
        return describer.findingCount
    }

    /// Each line is written in pieces straight into the bytes (each piece's text shown with
    /// ``TerminalText`` rules, the fixed words as they are): the same bytes as escaping the
    /// whole line, since no escape spans two pieces, without a `String` built per line.
    private static func writeText(_ count: Int, findingCount total: Int, items: some Sequence<Item>, screenFindings: [LintFinding],
                                  to write: ([UInt8]) -> Bool) {
        var report = ReportBytes()
        report.line("\(count) element\(count == 1 ? "" : "s"), \(total) lint finding\(total == 1 ? "" : "s")")
        report.line("")
        var number = 0
        for item in items {
            number += 1
            report.element(item, number: number)
            if report.bytes.count >= 1 << 16 {
                guard write(report.bytes) else { return }
                report.bytes.removeAll(keepingCapacity: true)
            }
        }
        for finding in screenFindings { report.line("screen lint: \(finding.rule.rawValue): \(finding.message)") }
        if total == 0 { report.line("no lint findings") }
        _ = write(report.bytes)
    }

    private static func writeJSON(items: some Sequence<Item>, screenFindings: [LintFinding], to write: ([UInt8]) -> Bool) {
        var bytes = Array("{\"elements\":[\n".utf8)
        var first = true
        for item in items {
            if !first { bytes.append(contentsOf: ",\n".utf8) }
            first = false
            bytes.append(contentsOf: jsonElement(item).utf8)
            if bytes.count >= 1 << 16 {
                guard write(bytes) else { return }
                bytes.removeAll(keepingCapacity: true)
            }
        }
        bytes.append(contentsOf: ("\n],\"lint\":[" + screenFindings.map(Self.json).joined(separator: ",") + "]}\n").utf8)
        _ = write(bytes)
    }

    private static func jsonElement(_ item: Item) -> String {
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
        if let braille = item.braille { fields.append("\"braille\":\(JSONText.quote(braille))") }
        fields.append("\"traits\":{\"names\":[\(element.traits.names.map(JSONText.quote).joined(separator: ","))],\"mask\":\(JSONText.quote(element.traits.hex))}")
        fields.append("\"lint\":[\(item.findings.map(Self.json).joined(separator: ","))]")
        let aria = equivalents.ariaRole.map(JSONText.quote) ?? "null"
        fields.append("\"aria\":{\"role\":\(aria),\"attributes\":\(JSONText.object(equivalents.ariaAttributes))}")
        let state = equivalents.androidStateDescription.map(JSONText.quote) ?? "null"
        fields.append("\"android\":{\"className\":\(JSONText.quote(equivalents.androidClassName)),\"stateDescription\":\(state),\"properties\":\(JSONText.object(equivalents.androidProperties))}")
        fields.append("\"flutter\":[\(equivalents.flutterFlags.map(JSONText.quote).joined(separator: ","))]")
        return "{" + fields.joined(separator: ",") + "}"
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

/// The text report's bytes as they are written: a piece of text is shown with ``TerminalText``
/// rules, a literal (the report's fixed words) as it is. (Methods of a value, not functions
/// sharing a captured buffer: those checked their access to it at run time, piece by piece.)
private struct ReportBytes {
    var bytes: [UInt8] = []

    /// A whole line of text and its line feed.
    mutating func line(_ line: String) {
        text(line)
        end()
    }

    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func text(_ text: String) {
        TerminalText.append(text, to: &bytes)
    }

    mutating func end() {
        bytes.append(UInt8(ascii: "\n"))
    }

    /// An attribute after a space, as its `description` writes it (`name="value"`), in pieces:
    /// two of them an element, making each `String` first cost more than writing it.
    mutating func attribute(_ attribute: PlatformEquivalents.Attribute) {
        literal(" ")
        text(attribute.name)
        literal("=\"")
        text(attribute.value)
        literal("\"")
    }

    /// One element's block, numbered from 1, and the empty line after it.
    mutating func element(_ item: ScreenDescription.Item, number: Int) {
        let element = item.element
        bytes.appendWriting(atMost: ByteWriter.numberBound) { $0.decimal(number) }
        literal(". ")
        text(element.id)
        literal("  ")
        text(element.declaredAs)
        if element.isHidden { literal("  (hidden from the screen reader)") }
        end()
        literal("   says:     ")
        text(item.announcement)
        end()
        for (reader, announcement) in item.readers {
            let name = reader.displayName + ":"
            line("   " + name + String(repeating: " ", count: max(1, 11 - name.count)) + announcement)
        }
        if let hint = item.hint {
            literal("   hint:     ")
            text(hint)
            end()
        }
        if let braille = item.braille {
            literal("   braille:  ")
            text(braille)
            end()
        }
        literal("   traits:   ")
        // The traits' `names` and `hex`, written as they are made: no array of names, no
        // `String(_:radix:)` per element.
        var first = true
        for (name, trait) in Traits.named where element.traits.contains(trait) {
            if !first { literal(",") }
            first = false
            text(name)
        }
        literal(" (0x")
        bytes.appendWriting(atMost: ByteWriter.numberBound) { $0.hexadecimal(element.traits.rawValue) }
        literal(")")
        end()
        let equivalents = item.equivalents
        literal("   ARIA:     role=")
        text(equivalents.ariaRole ?? "none (plain text)")
        for attribute in equivalents.ariaAttributes { self.attribute(attribute) }
        end()
        literal("   Android:  ")
        text(equivalents.androidClassName)
        if let state = equivalents.androidStateDescription {
            literal(" stateDescription=\"")
            text(state)
            literal("\"")
        }
        for property in equivalents.androidProperties { attribute(property) }
        end()
        literal("   Flutter:  ")
        if equivalents.flutterFlags.isEmpty { literal("(no flags)") }
        first = true
        for flag in equivalents.flutterFlags {
            if !first { literal(", ") }
            first = false
            text(flag)
        }
        end()
        for finding in item.findings {
            literal("   lint:     ")
            text(finding.rule.rawValue)
            literal(": ")
            text(finding.message)
            end()
        }
        end()
    }
}
