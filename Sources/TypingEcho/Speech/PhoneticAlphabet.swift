/// A phonetic alphabet file (`Phonetics/<locale>.txt`, or a user's own loaded at run time),
/// read and checked against the format in `Phonetics/README.md`.
///
/// ```swift
/// let alphabet = try PhoneticAlphabet(named: "my-alphabet.txt", utf8: bytes)
/// let gaps = alphabet.coverageProblems()   // exemplar letters of its locale without a word
/// ```
public struct PhoneticAlphabet: Sendable, Hashable {
    /// The file name used in messages.
    public let file: String
    /// `[meta] locale`, a BCP 47 tag (`pl`).
    public let locale: String
    /// `[meta] direction`: `ltr` or `rtl`.
    public let direction: String
    /// Phonetic words by lower-case NFC letter (`ł` → "Łukasz").
    public let letters: [String: String]
    /// The word said before a capital letter.
    public let capitalWord: String
    /// Spoken names by character (`U+0020` keys decoded to the character).
    public let names: [String: String]
    /// The line of each letter and name, for messages.
    let lines: [String: Int]
    /// The line of the `[letters]` header (1 when absent).
    let lettersLine: Int
    /// The line of the `[names]` header (1 when absent).
    let namesLine: Int
    /// The line of `[meta] locale`.
    let localeLine: Int

    /// The sections a phonetics file may have.
    static let sections: Set<String> = ["meta", "letters", "words", "names"]

    /// Reads and checks a file's format: sections, `[meta]`, `capital`, key spelling (`U+XXXX`,
    /// one character, lower-case NFC letters), NFC values, duplicates and empty values.
    /// - Throws: `PhoneticsError` listing every problem as `FILE:LINE: error: …`.
    public init(named file: String, utf8 bytes: some Collection<UInt8>) throws(PhoneticsError) {
        var problems: [DataFile.Problem] = []
        self.init(named: file, utf8: bytes, problems: &problems)
        guard problems.isEmpty else { throw PhoneticsError(problems: problems) }
    }

    /// Reads a file leniently: every format problem is appended to `problems` and the entry
    /// is left out, so that coverage can be checked too and all mistakes reported at once.
    public init(named file: String, utf8 bytes: some Collection<UInt8>, problems: inout [DataFile.Problem]) {
        let data = DataFile(named: file, utf8: bytes, problems: &problems)
        func problem(_ line: Int, _ message: String) { problems.append(.init(file: file, line: line, message: message)) }
        for (section, line) in data.sectionLines.sorted(by: { $0.value < $1.value }) where !Self.sections.contains(section) {
            problem(line, "unknown section [\(section)]; sections are [meta], [letters], [words], [names]")
        }
        let meta = data.section("meta")
        let metaLine = data.sectionLines["meta"] ?? 1
        for key in ["locale", "name", "direction", "source"] where meta[key] == nil {
            problem(metaLine, "[meta] has no '\(key)'")
        }
        let direction = meta["direction"] ?? "ltr"
        if direction != "ltr" && direction != "rtl" {
            problem(Self.line(of: "direction", in: "meta", data) ?? metaLine, "direction must be ltr or rtl, not '\(direction)'")
        }
        let locale = meta["locale"] ?? "und"
        let localeLine = Self.line(of: "locale", in: "meta", data) ?? metaLine
        if meta["locale"] != nil, (try? LocaleInfo(tag: locale)) == nil {
            problem(localeLine, "'\(locale)' is not a BCP 47 language tag")
        }
        let icuLocale = (try? LocaleInfo(tag: locale))?.identifier ?? "en"
        for entry in data.entries where entry.value != CaseMapping.nfc(entry.value) {
            problem(entry.line, "the value is not in Unicode NFC form; retype it or save the file as NFC")
        }
        // The bytes first: a value without the bytes of " #" cannot hold the characters.
        for entry in data.entries where Self.hasSpaceHashBytes(entry.value) && entry.value.contains(" #") {
            problem(entry.line, "the value contains ' #'; comments go on their own line")
        }
        var letters: [String: String] = [:], names: [String: String] = [:], lines: [String: Int] = [:]
        for entry in data.entries where entry.section == "letters" {
            let key = CaseMapping.nfc(entry.key)
            if key != entry.key { problem(entry.line, "the letter '\(entry.key)' is not in Unicode NFC form") }
            if CaseMapping.lowercase(key, locale: icuLocale) != key {
                problem(entry.line, "write the letter in lower case: '\(CaseMapping.lowercase(key, locale: icuLocale))', not '\(key)'")
            }
            if let first = lines["l" + key] {
                problem(entry.line, "duplicate letter '\(key)' (first on line \(first))")
                continue
            }
            letters[key] = entry.value
            lines["l" + key] = entry.line
        }
        for entry in data.entries where entry.section == "names" {
            guard let key = Self.nameKey(entry.key, line: entry.line, problem: problem) else { continue }
            if let first = lines["n" + key] {
                problem(entry.line, "duplicate name for U+\(Self.hex(key)) (first on line \(first))")
                continue
            }
            if letters[key] != nil { problem(entry.line, "'\(entry.key)' is both a letter and a name; keep one") }
            names[key] = entry.value
            lines["n" + key] = entry.line
        }
        let words = data.section("words")
        if words["capital"] == nil { problem(data.sectionLines["words"] ?? metaLine, "[words] has no 'capital'") }
        self.file = file
        self.locale = locale
        self.direction = direction
        self.letters = letters
        self.capitalWord = words["capital"] ?? "capital"
        self.names = names
        self.lines = lines
        self.lettersLine = data.sectionLines["letters"] ?? metaLine
        self.namesLine = data.sectionLines["names"] ?? metaLine
        self.localeLine = localeLine
    }

    /// Decodes a `[names]` key: `U+XXXX` (4–6 upper-case hex digits) or one literal character.
    private static func nameKey(_ key: String, line: Int, problem: (Int, String) -> Void) -> String? {
        if key.hasPrefix("U+") {
            let digits = key.dropFirst(2)
            guard (4...6).contains(digits.count), digits.allSatisfy({ $0.isHexDigit && !$0.isLowercase }),
                  let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                problem(line, "'\(key)' is not a code point; write U+ and 4 to 6 upper-case hex digits (U+00A0)")
                return nil
            }
            return String(scalar)
        }
        if key == "=" || key == "[" {
            problem(line, "write '\(key)' as U+\(hex(key)) (it would make the line ambiguous)")
            return nil
        }
        guard key.unicodeScalars.count == 1 else {
            problem(line, "a [names] key is one character; '\(key)' has \(key.unicodeScalars.count) code points")
            return nil
        }
        return key
    }

    static func hex(_ text: String) -> String {
        let value = text.unicodeScalars.first?.value ?? 0
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func line(of key: String, in section: String, _ data: DataFile) -> Int? {
        data.entries.first { $0.section == section && $0.key == key }?.line
    }
}

/// Problems in a phonetics file, each pointing at its line.
public struct PhoneticsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem found, in line order.
    public var problems: [DataFile.Problem]

    /// One `FILE:LINE: error: MESSAGE` line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }

    /// Collects problems, sorted by line (stable within a line).
    public init(problems: [DataFile.Problem]) {
        self.problems = problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }
}

extension PhoneticAlphabet {
    /// Whether the UTF-8 of `value` holds a space followed by `#`.
    static func hasSpaceHashBytes(_ value: String) -> Bool {
        var afterSpace = false
        for byte in value.utf8 {
            if afterSpace && byte == 0x23 { return true }
            afterSpace = byte == 0x20
        }
        return false
    }
}
