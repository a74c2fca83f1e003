/// The small text rules HTML states for attribute values: ASCII whitespace, ASCII case,
/// tokens, non-negative integers, and the inline `style` declarations the importer reads.
enum HTMLText {
    /// HTML's ASCII whitespace: tab, line feed, form feed, carriage return, space.
    static func isWhitespace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}"
    }

    /// Whether a byte is HTML's ASCII whitespace.
    static func isWhitespace(byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }

    /// The value without ASCII whitespace at either end.
    static func trimmed(_ value: String) -> String {
        let bytes = value.utf8
        guard let first = bytes.first, let last = bytes.last, isWhitespace(byte: first) || isWhitespace(byte: last) else { return value }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end && isWhitespace(byte: bytes[start]) { start = bytes.index(after: start) }
        while end > start && isWhitespace(byte: bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return String(value[start..<end])
    }

    /// The value's tokens, split on ASCII whitespace.
    static func tokens(_ value: String) -> [String] {
        value.split(whereSeparator: isWhitespace).map(String.init)
    }

    /// ASCII letters lowercased, everything else kept.
    static func asciiLowercase(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return value }
        return String(decoding: value.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Runs of ASCII whitespace become one space, and none is left at either end (the name
    /// computation's flat string: a no-break space or a blank braille pattern is kept). ASCII
    /// whitespace never occurs inside another character's UTF-8, so the bytes are folded.
    /// - Complexity: O(*n*) in the text's length.
    static func flattened(_ text: String) -> String {
        var needed = false
        var previousSpace = true
        for byte in text.utf8 {
            let space = isWhitespace(byte: byte)
            if space && (previousSpace || byte != 0x20) {
                needed = true
                break
            }
            previousSpace = space
        }
        if !needed && !previousSpace { return text }
        if !needed && text.utf8.isEmpty { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if isWhitespace(byte: byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The value without line feeds and carriage returns (HTML's value sanitization for text,
    /// search, tel and password inputs, and how a placeholder is shown).
    static func withoutLineBreaks(_ value: String) -> String {
        value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) ? value.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" } : value
    }

    /// A valid non-negative integer (HTML's rules: leading ASCII whitespace, then digits); nil
    /// when the value is not one or does not fit in an Int.
    static func nonNegativeInteger(_ value: String) -> Int? {
        var digits = Substring(value)
        while let first = digits.first, isWhitespace(first) { digits.removeFirst() }
        if digits.first == "+" { digits.removeFirst() }
        let run = digits.prefix { $0.isASCII && $0.isNumber }
        guard !run.isEmpty else { return nil }
        return Int(run)
    }

    /// Every type an `input` can have; any other value is the text state.
    static let inputTypes: Set<String> = [
        "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local",
        "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
    ]

    /// The declarations of an inline `style` attribute, lowercase property to lowercase value
    /// (without `!important`); later declarations win.
    static func styleDeclarations(_ style: String) -> [String: String] {
        var declarations: [String: String] = [:]
        for declaration in style.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = asciiLowercase(trimmed(String(declaration[..<colon])))
            var value = asciiLowercase(trimmed(String(declaration[declaration.index(after: colon)...])))
            if let bang = find("!important", in: value) { value = trimmed(String(value[..<bang.lowerBound])) }
            if !property.isEmpty { declarations[property] = value }
        }
        return declarations
    }

    /// Where `needle` first occurs in `text`, by characters.
    /// - Complexity: O(*n* · *m*) in the two lengths.
    static func find(_ needle: String, in text: String) -> Range<String.Index>? {
        guard !needle.isEmpty else { return nil }
        var start = text.startIndex
        while start < text.endIndex {
            if text[start...].hasPrefix(needle) { return start..<text.index(start, offsetBy: needle.count) }
            start = text.index(after: start)
        }
        return nil
    }
}
