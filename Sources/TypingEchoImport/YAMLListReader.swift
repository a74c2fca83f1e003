import TypingEcho

/// One item of a YAML list: `- KEY`, `- KEY: VALUE`, or `- KEY:` with a nested list.
struct YAMLItem {
    /// The key (or the whole scalar of `- SCALAR`), unquoted.
    var key: String
    /// The value after `: `, unquoted; nil for `- KEY` and `- KEY:`.
    var value: String?
    /// The nested items.
    var children: [YAMLItem] = []
    /// Where the item's `-` is.
    var location: SourceLocation
    /// Whether it was written `- KEY:` with nothing after the colon (its children follow).
    var hasNestedList = false
}

/// Reads the YAML subset Playwright's aria snapshots are written in: nested block lists of
/// scalars and one-pair mappings (`- role "name" [attr]: text`), plain, single-quoted and
/// double-quoted scalars, comments. Anything else (tabs in indentation, block scalars, flow
/// collections, anchors, aliases, tags, documents markers after content) is an ``ImportError`` at
/// its `LINE:COLUMN`. Depth and size are bounded by ``ImportOptions``.
/// - Complexity: O(*n*) in the source's size.
struct YAMLListReader {
    private let bytes: [UInt8]
    private let options: ImportOptions

    init(_ bytes: [UInt8], options: ImportOptions) {
        self.bytes = bytes
        self.options = options
    }

    /// The top-level list.
    func read() throws(ImportError) -> [YAMLItem] {
        var positions = SourcePositions(bytes)
        if let bad = firstInvalidUTF8(bytes) { throw ImportError(.malformed, "invalid UTF-8", at: positions.location(of: bad)) }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let text = String(decoding: bytes[start...], as: UTF8.self)
        // Open items: their indentation, and the item itself (children gathered as they come).
        var stack: [(indent: Int, item: YAMLItem, childIndent: Int?)] = []
        var topIndent: Int?
        var top: [YAMLItem] = []
        var count = 0
        var lineNumber = 0
        func close(downTo indent: Int) {
            while let last = stack.last, last.indent >= indent {
                stack.removeLast()
                if stack.isEmpty { top.append(last.item) } else { stack[stack.count - 1].item.children.append(last.item) }
            }
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            let indentText = line.prefix { $0 == " " || $0 == "\t" }
            let body = line.dropFirst(indentText.count)
            func at(_ index: Substring.Index) -> SourceLocation {
                SourceLocation(line: lineNumber, column: line.distance(from: line.startIndex, to: index) + 1)
            }
            if body.isEmpty || body.hasPrefix("#") { continue }
            if lineNumber == 1 && body == "---" { continue }
            if let tab = indentText.firstIndex(of: "\t") {
                throw ImportError(.malformed, "a tab in indentation; YAML indents with spaces", at: at(tab))
            }
            let indent = indentText.count
            guard body.hasPrefix("- ") || body == "-" else {
                throw ImportError(.malformed, "expected a list item '- …'; an aria snapshot is a YAML list", at: at(body.startIndex))
            }
            let location = at(body.startIndex)
            close(downTo: indent)
            if let parent = stack.last, !parent.item.hasNestedList {
                throw ImportError(.malformed, "a nested item under an item that has a value on its line", at: location)
            }
            // Siblings stand at one indentation.
            let siblingIndent = stack.isEmpty ? topIndent : stack[stack.count - 1].childIndent
            if let siblingIndent, siblingIndent != indent {
                throw ImportError(.malformed, "this item is indented \(indent) spaces, its siblings \(siblingIndent)", at: location)
            }
            if stack.isEmpty { topIndent = indent } else { stack[stack.count - 1].childIndent = indent }
            guard stack.count < options.maxDepth else {
                throw ImportError(.tooLarge, "lists nest deeper than \(options.maxDepth) levels", at: location)
            }
            count += 1
            guard count <= options.maxElements else {
                throw ImportError(.tooLarge, "more than \(options.maxElements) items", at: location)
            }
            var item = try Self.item(body.dropFirst(body == "-" ? 1 : 2), location: location, at: at)
            item.location = location
            stack.append((indent, item, nil))
        }
        close(downTo: 0)
        return top
    }

    /// `KEY`, `KEY: VALUE` or `KEY:`.
    private static func item(
        _ text: Substring, location: SourceLocation, at: (Substring.Index) -> SourceLocation
    ) throws(ImportError) -> YAMLItem {
        var rest = text.drop { $0 == " " }
        guard !rest.isEmpty else { throw ImportError(.malformed, "an empty list item", at: location) }
        if let first = rest.first, "&*!|>{[%@`".contains(first) {
            throw ImportError(.malformed, "'\(first)' starts YAML that aria snapshots do not use (anchors, tags, block scalars, flow collections)",
                              at: at(rest.startIndex))
        }
        let key: String
        if rest.first == "'" || rest.first == "\"" {
            let (scalar, after) = try quoted(rest, at: at)
            key = scalar
            rest = after
        } else {
            // A plain key ends at the first ': ' or a ':' that ends the line.
            var end = rest.startIndex
            var inName = false
            while end < rest.endIndex {
                let character = rest[end]
                if character == "\"" { inName.toggle() }
                if !inName, character == ":" {
                    let next = rest.index(after: end)
                    if next == rest.endIndex || rest[next] == " " { break }
                }
                if !inName, character == "#", end > rest.startIndex, rest[rest.index(before: end)] == " " { break }
                end = rest.index(after: end)
            }
            key = String(rest[..<end]).trimmingSpaces
            rest = rest[end...]
        }
        rest = rest.drop { $0 == " " }
        if rest.isEmpty || rest.hasPrefix("#") { return YAMLItem(key: key, value: nil, location: location) }
        guard rest.first == ":" else { throw ImportError(.malformed, "expected ':' after the key", at: at(rest.startIndex)) }
        rest = rest.dropFirst().drop { $0 == " " }
        if rest.isEmpty || rest.hasPrefix("#") {
            var item = YAMLItem(key: key, value: nil, location: location)
            item.hasNestedList = true
            return item
        }
        if let first = rest.first, "&*!|>{[%@`".contains(first) {
            throw ImportError(.malformed, "'\(first)' starts YAML that aria snapshots do not use (anchors, tags, block scalars, flow collections)",
                              at: at(rest.startIndex))
        }
        let value: String
        if rest.first == "'" || rest.first == "\"" {
            let (scalar, after) = try quoted(rest, at: at)
            let tail = after.drop { $0 == " " }
            guard tail.isEmpty || tail.hasPrefix("#") else { throw ImportError(.malformed, "text after a quoted value", at: at(tail.startIndex)) }
            value = scalar
        } else {
            var end = rest.endIndex
            if let comment = rest.firstIndex(ofText: " #") { end = comment }
            value = String(rest[..<end]).trimmingSpaces
            if value.contains(": ") { throw ImportError(.malformed, "': ' inside a plain value; quote the value", at: at(rest.startIndex)) }
        }
        return YAMLItem(key: key, value: value, location: location)
    }

    /// A single- or double-quoted scalar and the text after it.
    private static func quoted(_ text: Substring, at: (Substring.Index) -> SourceLocation) throws(ImportError) -> (String, Substring) {
        let quote = text.first!
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == quote {
                let next = text.index(after: index)
                if quote == "'", next < text.endIndex, text[next] == "'" {
                    result.append("'")
                    index = text.index(after: next)
                    continue
                }
                return (result, text[next...])
            }
            if quote == "\"", character == "\\" {
                let escape = text.index(after: index)
                guard escape < text.endIndex else { break }
                switch text[escape] {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "/": result.append("/")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\u{0}")
                case "u", "x", "U":
                    let length = text[escape] == "x" ? 2 : text[escape] == "u" ? 4 : 8
                    let digitsStart = text.index(after: escape)
                    let digits = text[digitsStart...].prefix(length)
                    guard digits.count == length, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw ImportError(.malformed, "a \\\(text[escape]) escape needs \(length) hex digits of a character", at: at(index))
                    }
                    result.unicodeScalars.append(scalar)
                    index = digits.endIndex
                    continue
                default:
                    throw ImportError(.malformed, "unknown escape '\\\(text[escape])'", at: at(index))
                }
                index = text.index(after: escape)
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        throw ImportError(.malformed, "unclosed quote (a quoted scalar must end on its line)", at: at(text.startIndex))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: String {
        var text = Substring(self).drop { $0 == " " }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
