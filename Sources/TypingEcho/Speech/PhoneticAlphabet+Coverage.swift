extension PhoneticAlphabet {
    /// Characters every phonetics file must name (`Phonetics/README.md`): space, tab, new line
    /// and common punctuation and symbols.
    public static let requiredNames: [String] =
        [" ", "\t", "\n"] + ".,;:!?'\"()[]{}-_/\\@#$%^&*+=<>|~`€£¥§°•…–—".map(String.init)

    /// What the file fails to cover, checked against ICU's data for its `[meta] locale`: a letter
    /// of the main exemplar set with no phonetic word, a required name (including the locale's
    /// quotation marks) that is missing, or a word or name with letters outside the locale's
    /// script (`WritingScript`). Empty when the file is complete.
    ///
    /// A locale ICU has no data for is checked for the required names only.
    /// - Complexity: O(n) in the size of the exemplar set.
    public func coverageProblems() -> [DataFile.Problem] {
        var problems: [DataFile.Problem] = []
        guard let info = try? LocaleInfo(tag: locale) else { return problems }
        if info.isKnownToICU {
            let script = WritingScript(locale: info)
            for (key, word) in letters.sorted(by: { $0.key < $1.key }) {
                if let message = script.problem(in: word, locale: locale) {
                    problems.append(.init(file: file, line: lines["l" + key] ?? lettersLine, message: "the word for '\(key)': " + message))
                }
            }
            for (key, name) in names.sorted(by: { $0.key < $1.key }) {
                if let message = script.problem(in: name, locale: locale) {
                    problems.append(.init(file: file, line: lines["n" + key] ?? namesLine, message: "the name of U+\(Self.hex(key)): " + message))
                }
            }
            let missing = missingLetters(in: info)
            if !missing.isEmpty {
                let list = missing.map { "'\($0)'" }.joined(separator: ", ")
                problems.append(.init(file: file, line: lettersLine,
                                      message: "no phonetic word for \(list) of the \(locale) alphabet (ICU exemplar set); add '\(missing[0]) = …' under [letters]"))
            }
        }
        var required = Self.requiredNames
        for mark in info.quotationMarks where !required.contains(mark) { required.append(mark) }
        let missingNames = required.filter { names[CaseMapping.nfc($0)] == nil }
        if !missingNames.isEmpty {
            let list = missingNames.map { "U+\(Self.hex($0))" }.joined(separator: ", ")
            problems.append(.init(file: file, line: namesLine, message: "[names] lacks \(list)"))
        }
        return problems
    }

    /// The letters of the locale's exemplar set, lower-cased by the locale's rules, that have no word.
    func missingLetters(in info: LocaleInfo) -> [String] {
        var missing: [String] = []
        for letter in info.exemplarLetters {
            let key = CaseMapping.nfc(CaseMapping.lowercase(letter, locale: info.identifier))
            if letters[key] == nil && !missing.contains(key) { missing.append(key) }
        }
        return missing
    }

    /// Reads a file and checks both its format and its coverage, as done for `--phonetics FILE`.
    /// - Throws: `PhoneticsError` listing every problem as `FILE:LINE: error: …`.
    public static func load(named file: String, utf8 bytes: some Collection<UInt8>) throws(PhoneticsError) -> PhoneticAlphabet {
        var problems: [DataFile.Problem] = []
        let alphabet = PhoneticAlphabet(named: file, utf8: bytes, problems: &problems)
        problems += alphabet.coverageProblems()
        guard problems.isEmpty else { throw PhoneticsError(problems: problems) }
        return alphabet
    }

    /// The line a letter (`letter: true`) or a name is written on, if the file has it.
    public func line(of key: String, letter: Bool) -> Int? {
        lines[(letter ? "l" : "n") + CaseMapping.nfc(key)]
    }
}
