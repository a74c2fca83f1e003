import Testing
@testable import TypingEcho

/// Every bundled data file checked against ICU's locale data (issue 4): a translator who
/// removes a letter, duplicates a key or forgets a plural form breaks these tests.
@Suite("Bundled locale data against ICU")
struct LocaleDataValidationTests {
    /// The locales with phonetics files the project promises (issues 4 and 14).
    static let requiredPhonetics = ["en", "en-GB", "pl", "de", "fr", "es", "it", "pt", "nl", "sv", "cs", "ur",
                                    "ru", "uk", "bg", "sr", "mk", "el", "ka", "he", "ar", "fa", "th",
                                    "tr", "fi", "da", "nb", "ro", "sk", "sl", "hr", "ca", "lt", "lv", "et", "is",
                                    "gl", "eu", "id", "ms"]
    /// The languages with speech tables the project promises (issue 14).
    static let requiredSpeech = ["en", "pl", "ur", "de", "fr", "es", "it", "pt", "nl", "sv", "cs", "ar", "he", "ru", "th", "ja"]

    @Test("the required locales have phonetics files and speech tables")
    func requiredLocalesExist() {
        for locale in Self.requiredPhonetics { #expect(BundledData.phoneticsLocales.contains(locale), "no Phonetics/\(locale).txt") }
        for locale in Self.requiredSpeech { #expect(BundledData.speechLocales.contains(locale), "no Localization/speech-\(locale).txt") }
        #expect(BundledData.phoneticsLocales.count >= 40)
        #expect(BundledData.speechLocales.count >= 16)
    }

    @Test("phonetics file is well-formed: sections, meta, no duplicate or empty entries, NFC, lower-case letters",
          arguments: BundledData.phoneticsLocales)
    func phoneticsFileIsWellFormed(locale: String) throws {
        let alphabet = try Self.alphabet(locale)
        #expect(alphabet.locale == locale, "[meta] locale must match the file name")
    }

    @Test("every letter of ICU's exemplar set has a phonetic word, and every required name is present",
          arguments: BundledData.phoneticsLocales)
    func phoneticsCoverExemplarsAndNames(locale: String) throws {
        let alphabet = try Self.alphabet(locale)
        let info = try LocaleInfo(tag: locale)
        #expect(info.isKnownToICU)
        #expect(info.exemplarLetters.count >= 20, "ICU's exemplar set for \(locale) looks empty")
        let problems = alphabet.coverageProblems()
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("speech table has every English key, ICU's plural categories, its language's script, and the phonetics file's space and capital words",
          arguments: BundledData.speechLocales)
    func speechTableValidates(locale: String) throws {
        let problems = SpeechTableValidation.problems(bundled: locale)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        #expect(try Self.speechTable(locale).section("meta")["locale"] == locale)
    }

    @Test("ICU reports the plural categories the tables were written for")
    func pluralCategoriesAreICUs() throws {
        #expect(try Phrasebook(locale: "pl-PL").pluralCategories.sorted() == ["few", "many", "one", "other"])
        #expect(try Phrasebook(locale: "ur-PK").pluralCategories.sorted() == ["one", "other"])
        #expect(try Phrasebook(locale: "en-US").pluralCategories.sorted() == ["one", "other"])
    }

    // MARK: - Helpers

    static func alphabet(_ locale: String) throws -> PhoneticAlphabet {
        let bytes = try #require(BundledData.phoneticsFile(locale))
        return try PhoneticAlphabet(named: "Phonetics/\(locale).txt", utf8: bytes)
    }

    static func speechTable(_ locale: String) throws -> DataFile {
        let bytes = try #require(BundledData.speechFile(locale))
        return try DataFile(named: "Localization/speech-\(locale).txt", utf8: bytes)
    }
}

/// A line a test expected in a bundled file is not there.
struct MissingLine: Error {}

/// The validator itself: a file with a letter removed, a duplicate or a bad key must fail,
/// with the line of the problem (this is how a broken file shows up, without leaving one).
@Suite("Phonetics validation catches mistakes")
struct PhoneticsValidationTests {
    /// The Polish file with one line dropped or replaced.
    static func polish(replacing line: String, with replacement: String?) throws -> [UInt8] {
        let bytes = try #require(BundledData.phoneticsFile("pl"))
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(of: line) else {
            Issue.record("Phonetics/pl.txt has no line '\(line)'")
            throw MissingLine()
        }
        if let replacement { lines[index] = replacement } else { lines.remove(at: index) }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test("removing a letter makes the exemplar check fail, naming the letter and the [letters] line",
          arguments: ["ł = Łukasz", "ż = Żaneta", "a = Adam"])
    func removedLetterFails(line: String) throws {
        let bytes = try Self.polish(replacing: line, with: nil)
        let alphabet = try PhoneticAlphabet(named: "pl.txt", utf8: bytes)
        let problems = alphabet.coverageProblems()
        let letter = String(line.prefix { $0 != " " })
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("'\(letter)'") == true)
        let text = String(decoding: bytes, as: UTF8.self)
        let headerLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "[letters]")! + 1
        #expect(problems.first?.line == headerLine)
        #expect(throws: PhoneticsError.self) { try PhoneticAlphabet.load(named: "pl.txt", utf8: bytes) }
    }

    @Test("a duplicate letter is reported at its second line")
    func duplicateLetterFails() throws {
        let bytes = try Self.polish(replacing: "b = Barbara", with: "a = Agnieszka")
        let error = try #require(throws: PhoneticsError.self) { try PhoneticAlphabet(named: "pl.txt", utf8: bytes) }
        #expect(error.description.contains("pl.txt:"))
        #expect(error.description.contains(": error: duplicate key 'a' in [letters]"))
    }

    @Test("an empty value is reported with its line", arguments: ["c = ", "c =", "c"])
    func emptyValueFails(replacement: String) throws {
        let bytes = try Self.polish(replacing: "c = Celina", with: replacement)
        let error = try #require(throws: PhoneticsError.self) { try PhoneticAlphabet(named: "pl.txt", utf8: bytes) }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0 == replacement }! + 1
        #expect(error.problems.map(\.line) == [line])
        #expect(error.description.hasPrefix("pl.txt:\(line): error: "))
    }

    @Test("bad keys: upper-case letter, unescaped '=', malformed U+, two characters, missing capital",
          arguments: [
              ("b = Barbara", "B = Barbara", "lower case"),
              ("+ = plus", "U+003d = plus", "not a code point"),
              ("+ = plus", "++ = plus", "one character"),
              ("capital = wielkie", "duży = wielkie", "no 'capital'"),
              ("direction = ltr", "direction = up", "ltr or rtl"),
              ("[names]", "[nazwy]", "unknown section"),
          ])
    func badKeysFail(original: String, replacement: String, message: String) throws {
        let bytes = try Self.polish(replacing: original, with: replacement)
        let error = try #require(throws: PhoneticsError.self) { try PhoneticAlphabet(named: "pl.txt", utf8: bytes) }
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test("removing a required name makes the coverage check fail")
    func removedNameFails() throws {
        let bytes = try Self.polish(replacing: "@ = małpa", with: nil)
        let problems = try PhoneticAlphabet(named: "pl.txt", utf8: bytes).coverageProblems()
        #expect(problems.map(\.message) == ["[names] lacks U+0040"])
    }
}
