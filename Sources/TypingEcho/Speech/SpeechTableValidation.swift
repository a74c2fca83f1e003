/// Checks a speech table (`Localization/speech-<locale>.txt`) against English's table and
/// ICU's data for its language, reporting every problem as `FILE:LINE: error: …`.
///
/// A table must have every `[strings]` key English has, unless it says where the missing ones
/// come from: a regional table (`speech-pt-PT.txt`) inherits from its language's table, and a
/// table whose `[meta]` has `fallback = en` takes the strings it lacks from English on purpose.
/// Nothing else falls back, so a French session never hears an English word by accident.
///
/// ```swift
/// let bytes = BundledData.speechFile("fr") ?? []
/// let problems = SpeechTableValidation.problems(file: "speech-fr.txt", utf8: bytes, tag: "fr")
/// for problem in problems { print(problem) }   // FILE:LINE: error: …
/// ```
public enum SpeechTableValidation {
    /// The sections a speech table may have.
    static let sections: Set<String> = ["meta", "strings", "plurals"]

    /// Every problem of one table, sorted by line.
    /// - Parameters:
    ///   - file: The name used in messages.
    ///   - bytes: The table's text, UTF-8.
    ///   - tag: The locale the file name says (`fr` for `speech-fr.txt`).
    ///   - english: English's table (the reference); the bundled one when nil.
    ///   - parent: The language's table for a regional one (`pt` for `pt-PT`).
    ///   - phonetics: The language's phonetics file, whose space name and capital word the
    ///     table's `key.space` and `character.capital` must repeat.
    /// - Complexity: O(n) in the table's size plus ICU's exemplar set.
    public static func problems(file: String, utf8 bytes: some Collection<UInt8>, tag: String,
                                english: DataFile? = nil, parent: DataFile? = nil,
                                phonetics: PhoneticAlphabet? = nil) -> [DataFile.Problem] {
        var problems: [DataFile.Problem] = []
        let table = DataFile(named: file, utf8: bytes, problems: &problems)
        guard let english = english ?? EmbeddedData.speechTables["en"] else { return problems }
        func problem(_ line: Int, _ message: String) { problems.append(.init(file: file, line: line, message: message)) }
        func line(_ section: String, _ key: String) -> Int {
            table.entries.first { $0.section == section && $0.key == key }?.line ?? table.sectionLines[section] ?? 1
        }
        for (section, at) in table.sectionLines.sorted(by: { $0.value < $1.value }) where !sections.contains(section) {
            problem(at, "unknown section [\(section)]; sections are [meta], [strings], [plurals]")
        }
        let meta = table.section("meta")
        let metaLine = table.sectionLines["meta"] ?? 1
        for key in ["locale", "name", "source"] where meta[key] == nil { problem(metaLine, "[meta] has no '\(key)'") }
        if let locale = meta["locale"], locale != tag {
            problem(line("meta", "locale"), "[meta] locale is '\(locale)' but the file name says '\(tag)'")
        }
        let fallsBackToEnglish = meta["fallback"] == "en"
        if let fallback = meta["fallback"], fallback != "en" {
            problem(line("meta", "fallback"), "fallback may only be 'en' (a regional table falls back to its language by itself)")
        }
        guard let info = try? LocaleInfo(tag: tag), info.isKnownToICU else {
            problem(metaLine, "ICU has no data for '\(tag)'")
            return PhoneticsError(problems: problems).problems
        }
        let script = WritingScript(locale: info)
        for entry in table.entries where entry.section != "meta" {
            if entry.value != CaseMapping.nfc(entry.value) { problem(entry.line, "the value is not in Unicode NFC form") }
            if let message = script.problem(in: entry.value, locale: tag) { problem(entry.line, "'\(entry.key)': " + message) }
        }

        // [strings]: exactly English's keys, with the same placeholders.
        let strings = table.section("strings"), reference = english.section("strings")
        let inherited = parent?.section("strings") ?? [:]
        let stringsLine = table.sectionLines["strings"] ?? metaLine
        for entry in english.entries where entry.section == "strings" && strings[entry.key] == nil {
            if inherited[entry.key] != nil || fallsBackToEnglish { continue }
            problem(stringsLine, "no '\(entry.key)' (English: \"\(entry.value)\"); add '\(entry.key) = …' under [strings], or 'fallback = en' under [meta] to say English is meant")
        }
        for entry in table.entries where entry.section == "strings" {
            guard let englishValue = reference[entry.key] else {
                problem(entry.line, "'\(entry.key)' is not a key of speech-en.txt (a typo?)")
                continue
            }
            if englishValue.contains("{0}") != entry.value.contains("{0}") {
                problem(entry.line, englishValue.contains("{0}") ? "'\(entry.key)' needs {0} where the engine puts the value" : "'\(entry.key)' has {0} but the engine fills in nothing")
            }
        }

        // [plurals]: one form per ICU category of the language, each with {0}.
        let categories = (try? PluralRules(locale: info.identifier).categories) ?? ["other"]
        let plurals = table.section("plurals"), inheritedPlurals = parent?.section("plurals") ?? [:]
        let pluralsLine = table.sectionLines["plurals"] ?? stringsLine
        var phrases: [String] = []
        for entry in english.entries where entry.section == "plurals" {
            guard let dot = entry.key.lastIndex(of: ".") else { continue }
            let phrase = String(entry.key[..<dot])
            if !phrases.contains(phrase) { phrases.append(phrase) }
        }
        for phrase in phrases {
            let present = categories.filter { plurals["\(phrase).\($0)"] != nil }
            if present.isEmpty && (fallsBackToEnglish || categories.allSatisfy({ inheritedPlurals["\(phrase).\($0)"] != nil })) { continue }
            for category in categories where plurals["\(phrase).\(category)"] == nil {
                problem(pluralsLine, "no '\(phrase).\(category)': ICU's plural categories for \(tag) are \(categories.joined(separator: ", "))")
            }
        }
        for entry in table.entries where entry.section == "plurals" {
            guard let dot = entry.key.lastIndex(of: "."), phrases.contains(String(entry.key[..<dot])) else {
                problem(entry.line, "'\(entry.key)' is not a counted phrase of speech-en.txt")
                continue
            }
            let category = String(entry.key[entry.key.index(after: dot)...])
            if !categories.contains(category) {
                problem(entry.line, "ICU has no plural category '\(category)' for \(tag) (it has \(categories.joined(separator: ", ")))")
            }
            if !entry.value.contains("{0}") { problem(entry.line, "'\(entry.key)' has no {0} for the number") }
        }

        // The same word for the same thing as the phonetics file: space and capital.
        if let phonetics {
            if let space = phonetics.names[" "], let key = strings["key.space"], key != space {
                problem(line("strings", "key.space"), "key.space is \"\(key)\" but \(phonetics.file) names U+0020 \"\(space)\"; exploring the space key and typing a space must sound the same")
            }
            if let capital = strings["character.capital"], capital != phonetics.capitalWord {
                problem(line("strings", "character.capital"), "character.capital is \"\(capital)\" but \(phonetics.file) says \"\(phonetics.capitalWord)\" before a capital")
            }
        }
        return PhoneticsError(problems: problems).problems
    }

    /// Checks a bundled table by its locale, with the bundled English, parent and phonetics.
    public static func problems(bundled tag: String) -> [DataFile.Problem] {
        guard let bytes = EmbeddedData.speech[tag] else {
            return [.init(file: "Localization/speech-\(tag).txt", line: 1, message: "no such table")]
        }
        let info = try? LocaleInfo(tag: tag)
        let parent = info.flatMap { $0.language != tag ? EmbeddedData.speechTables[$0.language] : nil }
        let phonetics = info.flatMap { EmbeddedData.alphabets[tag] ?? EmbeddedData.alphabets[$0.language] }
        return problems(file: "Localization/speech-\(tag).txt", utf8: bytes, tag: tag, parent: parent, phonetics: phonetics)
    }
}
