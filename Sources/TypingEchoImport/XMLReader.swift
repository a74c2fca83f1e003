/// One element of an XML document: its name, its attributes in source order, where it starts
/// (the byte offset of its `<`), and its children's indices in ``XMLDocument/elements``.
struct XMLElement {
    /// The tag name.
    var name: String
    /// The attributes, decoded, with the offset of each name.
    var attributes: [(name: String, value: String, offset: Int)]
    /// The byte offset of the `<` that opens it.
    var offset: Int
    /// How deep it is: 0 for the root.
    var depth: Int

    /// The value of an attribute, if given.
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

/// An XML document read by ``XMLReader``: its elements in document order (parents before children).
struct XMLDocument {
    /// Every element, in document order.
    var elements: [XMLElement]
}

/// A small XML reader for screen dumps: elements, attributes, character data, comments,
/// processing instructions and CDATA. It reads no DTD (a `<!DOCTYPE` is refused, which also
/// refuses every entity declaration: billion-laughs files and external entities), resolves only
/// the five predefined entities and character references, and opens nothing: no file, no network.
///
/// Malformed input is an ``ImportError`` at its `LINE:COLUMN`; the document's size, depth and
/// element count are bounded by ``ImportOptions``.
/// - Complexity: O(*n*) in the document's size.
struct XMLReader {
    private let bytes: [UInt8]
    private let options: ImportOptions
    private var index = 0
    private var positions: SourcePositions

    /// A reader of `bytes`.
    init(_ bytes: [UInt8], options: ImportOptions) {
        self.bytes = bytes
        self.options = options
        positions = SourcePositions(bytes)
    }

    /// Whether a byte can be part of an XML name (ASCII letters, digits, `-`, `_`, `.`, `:`, and any non-ASCII byte).
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...: true
        default: false
        }
    }

    private func error(_ kind: ImportError.Kind, _ message: String, at offset: Int) -> ImportError {
        ImportError(kind, message, at: positions.locationOnce(of: offset))
    }

    private func error(_ message: String, at offset: Int) -> ImportError { error(.malformed, message, at: offset) }

    /// Reads the whole document.
    mutating func read() throws(ImportError) -> XMLDocument {
        if let bad = firstInvalidUTF8(bytes) { throw error("invalid UTF-8", at: bad) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var elements: [XMLElement] = []
        var open: [(name: String, offset: Int)] = []
        var rootSeen = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte != UInt8(ascii: "<") {
                let start = index
                while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
                if open.isEmpty {
                    // Outside the root only white space may stand.
                    if let other = bytes[start..<index].firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                        throw error("text outside the root element", at: other)
                    }
                } else {
                    try checkText(start, index)
                }
                continue
            }
            let start = index
            if starts("<?") {
                try skip(past: "?>", what: "processing instruction", from: start)
            } else if starts("<!--") {
                try skip(past: "-->", what: "comment", from: start)
            } else if starts("<![CDATA[") {
                guard !open.isEmpty else { throw error("CDATA outside the root element", at: start) }
                try skip(past: "]]>", what: "CDATA section", from: start)
            } else if starts("<!DOCTYPE") || starts("<!doctype") {
                throw error(.refused, "a DOCTYPE is not read: DTDs and entity declarations are refused (remove the DOCTYPE)", at: start)
            } else if starts("<!") {
                throw error("unexpected markup declaration", at: start)
            } else if starts("</") {
                index += 2
                let name = try readName()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw error("expected '>' to close the end tag", at: index) }
                index += 1
                guard let last = open.popLast() else { throw error("end tag with no open element", at: start) }
                guard last.name == name else {
                    let opened = positions.locationOnce(of: last.offset)
                    throw error("end tag '\(Self.excerpt(name))' does not match '\(Self.excerpt(last.name))' opened at \(opened)", at: start)
                }
            } else {
                guard open.isEmpty ? !rootSeen : true else { throw error("a second root element", at: start) }
                index += 1
                let name = try readName()
                var attributes: [(name: String, value: String, offset: Int)] = []
                var selfClosing = false
                while true {
                    let hadSpace = skipSpace()
                    guard index < bytes.count else { throw error("unclosed start tag", at: start) }
                    if bytes[index] == UInt8(ascii: ">") { index += 1; break }
                    if starts("/>") { index += 2; selfClosing = true; break }
                    guard hadSpace else { throw error("expected white space before an attribute", at: index) }
                    let nameOffset = index
                    let attribute = try readName()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                        throw error("attribute '\(Self.excerpt(attribute))' needs a value", at: nameOffset)
                    }
                    index += 1
                    skipSpace()
                    let value = try readAttributeValue()
                    guard !attributes.contains(where: { $0.name == attribute }) else {
                        throw error("duplicate attribute '\(Self.excerpt(attribute))'", at: nameOffset)
                    }
                    attributes.append((attribute, value, nameOffset))
                }
                guard open.count < options.maxDepth else {
                    throw error(.tooLarge, "elements nest deeper than \(options.maxDepth) levels", at: start)
                }
                guard elements.count < options.maxElements else {
                    throw error(.tooLarge, "more than \(options.maxElements) elements", at: start)
                }
                elements.append(XMLElement(name: name, attributes: attributes, offset: start, depth: open.count))
                rootSeen = true
                if !selfClosing { open.append((name, start)) }
            }
        }
        if let last = open.last { throw error("element '\(Self.excerpt(last.name))' is never closed", at: last.offset) }
        guard rootSeen else { throw error("no root element", at: min(index, bytes.count)) }
        return XMLDocument(elements: elements)
    }

    /// A name as a message shows it: at most 40 characters.
    static func excerpt(_ name: String) -> String { name.count > 40 ? String(name.prefix(40)) + "…" : name }

    private func starts(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func skip(past end: StaticString, what: String, from start: Int) throws(ImportError) {
        while index < bytes.count {
            if starts(end) {
                index += end.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw error("unclosed \(what)", at: start)
    }

    private mutating func readName() throws(ImportError) -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw error("expected a name", at: start) }
        let first = bytes[start]
        guard first >= 0x80 || first == UInt8(ascii: "_") || first == UInt8(ascii: ":")
            || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z"))
        else { throw error("a name cannot start with '\(Character(Unicode.Scalar(first)))'", at: start) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted attribute value with its references resolved.
    private mutating func readAttributeValue() throws(ImportError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error("an attribute value must be quoted", at: index)
        }
        let quote = bytes[index]
        let start = index
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unclosed attribute value", at: start) }
            let byte = bytes[index]
            if byte == quote { index += 1; break }
            if byte == UInt8(ascii: "<") { throw error("'<' in an attribute value", at: index) }
            if byte == UInt8(ascii: "&") {
                try reference(into: &value)
                continue
            }
            // Attribute-value normalisation: white space characters become spaces.
            value.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
            index += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Checks the references in character data.
    private mutating func checkText(_ start: Int, _ end: Int) throws(ImportError) {
        index = start
        var sink: [UInt8] = []
        while index < end {
            if bytes[index] == UInt8(ascii: "&") {
                try reference(into: &sink)
                sink.removeAll(keepingCapacity: true)
            } else {
                index += 1
            }
        }
    }

    /// Resolves `&name;` or `&#N;` at `index` into `value`.
    private mutating func reference(into value: inout [UInt8]) throws(ImportError) {
        let start = index
        index += 1
        var end = index
        while end < bytes.count, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw error("'&' that starts no reference (write &amp;)", at: start) }
        let body = Array(bytes[index..<end])
        index = end + 1
        switch String(decoding: body, as: UTF8.self) {
        case "lt": value.append(UInt8(ascii: "<"))
        case "gt": value.append(UInt8(ascii: ">"))
        case "amp": value.append(UInt8(ascii: "&"))
        case "quot": value.append(UInt8(ascii: "\""))
        case "apos": value.append(UInt8(ascii: "'"))
        case let name where name.hasPrefix("#"):
            let hex = name.hasPrefix("#x")
            let digits = name.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, digits.count <= 8, let number = UInt32(digits, radix: hex ? 16 : 10),
                  let scalar = Unicode.Scalar(number), Self.isXMLCharacter(number)
            else { throw error("character reference to no XML character", at: start) }
            value.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error(.refused, "unknown entity '&\(Self.excerpt(String(decoding: body, as: UTF8.self)));': no DTD is read, only &lt; &gt; &amp; &quot; &apos; and character references", at: start)
        }
    }

    /// Whether XML 1.0 allows the character.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }
}
