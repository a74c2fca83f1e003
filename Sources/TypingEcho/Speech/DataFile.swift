/// A translator-editable data file: `[section]` headers and `key = value` lines, `#` comments.
///
/// The format is documented in `Phonetics/README.md`; `Localization/` files use it too.
public struct DataFile: Sendable {
    /// One `key = value` entry with the line it came from.
    public struct Entry: Sendable, Hashable {
        /// The section the entry belongs to (`letters`, `names`, …).
        public var section: String
        /// The key, trimmed.
        public var key: String
        /// The value, trimmed; never empty.
        public var value: String
        /// The 1-based line number.
        public var line: Int
    }

    /// A problem in a data file, pointing at its line.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file's name as given to the reader.
        public var file: String
        /// The 1-based line number.
        public var line: Int
        /// What is wrong.
        public var message: String

        /// `FILE:LINE: error: MESSAGE`.
        public var description: String { "\(file):\(line): error: \(message)" }
    }

    /// The entries in file order.
    public private(set) var entries: [Entry] = []
    /// The entries by section, then key.
    public private(set) var sections: [String: [String: String]] = [:]
    /// The line of each section's first `[header]`, by section name.
    public private(set) var sectionLines: [String: Int] = [:]

    /// Reads a data file, rejecting entries outside a section, empty values and duplicate keys.
    /// - Throws: The first problem found.
    /// - Complexity: O(n) in the file's size.
    public init(named file: String, utf8 bytes: some Collection<UInt8>) throws(Problem) {
        var problems: [Problem] = []
        self.init(named: file, utf8: bytes, problems: &problems)
        if let first = problems.first { throw first }
    }

    /// Reads a data file leniently: every bad line is appended to `problems` and skipped, so a
    /// translator sees all mistakes at once.
    /// - Complexity: O(n) in the file's size.
    public init(named file: String, utf8 bytes: some Collection<UInt8>, problems: inout [Problem]) {
        self.init(named: file, utf8: bytes, problems: &problems, byteLevel: true)
    }

    /// Reads a data file leniently, with the byte-level reader or (for tests comparing the two)
    /// only the `String` one.
    init(named file: String, utf8 bytes: some Collection<UInt8>, problems: inout [Problem], byteLevel: Bool) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            problems.append(Problem(file: file, line: 1, message: "the file is not valid UTF-8"))
            return
        }
        if text.unicodeScalars.first == "\u{FEFF}" {
            problems.append(Problem(file: file, line: 1, message: "the file starts with a byte-order mark; save it as UTF-8 without BOM"))
        }
        let bytes = Array(text.utf8)
        // The byte-level reader below reads each line as the `String` reader after it would,
        // when no line break is `\r\n` and the file has no byte-order mark (both keep the
        // `String` reader); a line where a non-ASCII scalar could join one of the format's
        // ASCII characters into one `Character` is handed to `readLine` as a `String`.
        if byteLevel, !bytes.contains(0x0D), !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            var reader = Reader(file: file)
            bytes.withUnsafeBufferPointer { buffer in
                var start = 0
                var number = 0
                while start <= buffer.count {
                    var end = start
                    while end < buffer.count && buffer[end] != 0x0A { end += 1 }
                    number += 1
                    reader.readLine(UnsafeBufferPointer(rebasing: buffer[start..<end]), number: number, into: &self, problems: &problems)
                    start = end + 1
                }
            }
            return
        }
        var reader = Reader(file: file)
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            reader.readLine(rawLine, number: number, into: &self, problems: &problems)
        }
    }

    /// The state of one read: the current section and where each key was first seen.
    private struct Reader {
        let file: String
        var section: String?
        var seen: [String: [String: Int]] = [:]

        init(file: String) { self.file = file }

        /// Reads one line given as UTF-8 bytes without its `\n`.
        mutating func readLine(_ line: UnsafeBufferPointer<UInt8>, number: Int, into data: inout DataFile, problems: inout [Problem]) {
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            // A scalar at U+0300 or above may extend the `Character` before it (marks, joiners)
            // and one at U+0600 or above may prepend to the one after it; next to a space,
            // `#`, `[`, `]` or `=` either would change what the `String` reader sees.
            func isSyntax(_ byte: UInt8) -> Bool {
                byte == 0x20 || byte == 0x09 || byte == 0x23 || byte == 0x5B || byte == 0x5D || byte == 0x3D
            }
            var index = 0
            while index < line.count {
                let byte = line[index]
                if byte < 0x80 { index += 1; continue }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var scalar = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
                for offset in 1..<length where index + offset < line.count {
                    scalar = scalar << 6 | UInt32(line[index + offset] & 0x3F)
                }
                let after = index + length
                if (scalar >= 0x300 && index > 0 && isSyntax(line[index - 1]))
                    || (scalar >= 0x600 && after < line.count && isSyntax(line[after])) {
                    readLine(Substring(String(decoding: line, as: UTF8.self)), number: number, into: &data, problems: &problems)
                    return
                }
                index = after
            }
            var lower = 0
            var upper = line.count
            while lower < upper && isSpace(line[lower]) { lower += 1 }
            while upper > lower && isSpace(line[upper - 1]) { upper -= 1 }
            if lower == upper || line[lower] == 0x23 { return }
            func string(_ from: Int, _ to: Int) -> String {
                var from = from
                var to = to
                while from < to && isSpace(line[from]) { from += 1 }
                while to > from && isSpace(line[to - 1]) { to -= 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: line[from..<to]), as: UTF8.self)
            }
            if line[lower] == 0x5B && line[upper - 1] == 0x5D && upper - lower >= 2 {
                enter(section: string(lower + 1, upper - 1), number: number, into: &data)
                return
            }
            guard section != nil else {
                problems.append(Problem(file: file, line: number, message: "an entry before any [section]"))
                return
            }
            var equals = lower
            while equals + 2 < upper && !(line[equals] == 0x20 && line[equals + 1] == 0x3D && line[equals + 2] == 0x20) {
                equals += 1
            }
            guard equals + 2 < upper else {
                let message = line[upper - 1] == 0x3D ? "empty value; write 'key = value'" : "expected 'key = value'"
                problems.append(Problem(file: file, line: number, message: message))
                return
            }
            add(key: string(lower, equals), value: string(equals + 3, upper), number: number, into: &data, problems: &problems)
        }

        /// Reads one line as text: the reader for files the byte-level one leaves alone.
        mutating func readLine(_ rawLine: Substring, number: Int, into data: inout DataFile, problems: inout [Problem]) {
            var line = rawLine.trimmingWhitespace()
            if number == 1, line.unicodeScalars.first == "\u{FEFF}" { line = String(line.unicodeScalars.dropFirst()).trimmingWhitespace() }
            if line.isEmpty || line.hasPrefix("#") { return }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                enter(section: String(line.dropFirst().dropLast()).trimmingWhitespace(), number: number, into: &data)
                return
            }
            guard section != nil else {
                problems.append(Problem(file: file, line: number, message: "an entry before any [section]"))
                return
            }
            guard let equals = line.firstRange(of: " = ") else {
                let message = line.hasSuffix(" =") || line.hasSuffix("=") ? "empty value; write 'key = value'" : "expected 'key = value'"
                problems.append(Problem(file: file, line: number, message: message))
                return
            }
            let key = String(line[..<equals.lowerBound]).trimmingWhitespace()
            let value = String(line[equals.upperBound...]).trimmingWhitespace()
            add(key: key, value: value, number: number, into: &data, problems: &problems)
        }

        private mutating func enter(section name: String, number: Int, into data: inout DataFile) {
            section = name
            if data.sectionLines[name] == nil { data.sectionLines[name] = number }
        }

        private mutating func add(key: String, value: String, number: Int, into data: inout DataFile, problems: inout [Problem]) {
            guard let section else { return }
            func problem(_ message: String) { problems.append(Problem(file: file, line: number, message: message)) }
            guard !key.isEmpty else { problem("empty key"); return }
            guard !value.isEmpty else { problem("empty value for '\(key)'"); return }
            if let first = seen[section]?[key] {
                problem("duplicate key '\(key)' in [\(section)] (first on line \(first))")
                return
            }
            seen[section, default: [:]][key] = number
            data.entries.append(Entry(section: section, key: key, value: value, line: number))
            data.sections[section, default: [:]][key] = value
        }
    }

    /// The entries of one section as a dictionary.
    public func section(_ name: String) -> [String: String] { sections[name] ?? [:] }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
