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
        guard let text = String(validating: bytes, as: UTF8.self) else {
            problems.append(Problem(file: file, line: 1, message: "the file is not valid UTF-8"))
            return
        }
        if text.unicodeScalars.first == "\u{FEFF}" {
            problems.append(Problem(file: file, line: 1, message: "the file starts with a byte-order mark; save it as UTF-8 without BOM"))
        }
        var section: String?
        var seen: [String: Int] = [:]
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = rawLine.trimmingWhitespace()
            if number == 1, line.unicodeScalars.first == "\u{FEFF}" { line = String(line.unicodeScalars.dropFirst()).trimmingWhitespace() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                let name = String(line.dropFirst().dropLast()).trimmingWhitespace()
                section = name
                if sectionLines[name] == nil { sectionLines[name] = number }
                continue
            }
            func problem(_ message: String) { problems.append(Problem(file: file, line: number, message: message)) }
            guard let section else { problem("an entry before any [section]"); continue }
            guard let equals = line.firstRange(of: " = ") else {
                problem(line.hasSuffix(" =") || line.hasSuffix("=") ? "empty value; write 'key = value'" : "expected 'key = value'")
                continue
            }
            let key = String(line[..<equals.lowerBound]).trimmingWhitespace()
            let value = String(line[equals.upperBound...]).trimmingWhitespace()
            guard !key.isEmpty else { problem("empty key"); continue }
            guard !value.isEmpty else { problem("empty value for '\(key)'"); continue }
            if let first = seen[section + "\u{0}" + key] {
                problem("duplicate key '\(key)' in [\(section)] (first on line \(first))")
                continue
            }
            seen[section + "\u{0}" + key] = number
            entries.append(Entry(section: section, key: key, value: value, line: number))
            sections[section, default: [:]][key] = value
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
