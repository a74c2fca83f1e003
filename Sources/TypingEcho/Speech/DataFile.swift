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

    /// Reads a data file, rejecting entries outside a section, empty values and duplicate keys.
    /// - Complexity: O(n) in the file's size.
    public init(named file: String, utf8 bytes: some Collection<UInt8>) throws(Problem) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Problem(file: file, line: 1, message: "the file is not valid UTF-8")
        }
        var section: String?
        var seen: Set<String> = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast()).trimmingWhitespace()
                continue
            }
            guard let section else {
                throw Problem(file: file, line: number, message: "an entry before any [section]")
            }
            guard let equals = line.firstRange(of: " = ") else {
                throw Problem(file: file, line: number, message: "expected 'key = value'")
            }
            let key = String(line[..<equals.lowerBound]).trimmingWhitespace()
            let value = String(line[equals.upperBound...]).trimmingWhitespace()
            guard !key.isEmpty else { throw Problem(file: file, line: number, message: "empty key") }
            guard !value.isEmpty else { throw Problem(file: file, line: number, message: "empty value for '\(key)'") }
            guard seen.insert(section + "\u{0}" + key).inserted else {
                throw Problem(file: file, line: number, message: "duplicate key '\(key)' in [\(section)]")
            }
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
