import Testing
@testable import TypingEcho

/// A bundled file with one line dropped or replaced (to show how a broken file is reported).
func editedBundledFile(_ bytes: [UInt8]?, _ name: String, replacing line: String, with replacement: String?) throws -> [UInt8] {
    let bytes = try #require(bytes, "no \(name)")
    var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let index = lines.firstIndex(of: line) else {
        Issue.record("\(name) has no line '\(line)'")
        throw MissingLine()
    }
    if let replacement { lines[index] = replacement } else { lines.remove(at: index) }
    return Array(lines.joined(separator: "\n").utf8)
}

/// The 1-based line of the first line equal to `text`.
func lineNumber(of text: String, in bytes: [UInt8]) -> Int? {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0 == text }.map { $0 + 1 }
}

@Suite("Every locale speaks its own language")
struct OwnLanguageTests {
    @Test("every string key in every locale comes from that locale's own table", arguments: BundledData.speechLocales)
    func everyKeyFromOwnTable(locale: String) throws {
        let english = try LocaleDataValidationTests.speechTable("en")
        let table = try LocaleDataValidationTests.speechTable(locale)
        let book = try Phrasebook(locale: locale)
        let fallsBack = table.section("meta")["fallback"] == "en"
        for entry in english.entries where entry.section == "strings" {
            let own = table.section("strings")[entry.key]
            #expect(own != nil || fallsBack, "Localization/speech-\(locale).txt:\(table.sectionLines["strings"] ?? 1): no '\(entry.key)'")
            if let own { #expect(book.string(entry.key) == own, "\(locale): '\(entry.key)' is not the table's") }
        }
        let three = ["ar": "٣", "fa": "۳"][locale] ?? "3"
        #expect(book.count("characters", 3).contains(three))
    }

    @Test("focusing a text field says the role in the session's language", arguments: [
        ("fr-FR", "Nom, champ de texte"), ("de-DE", "Nom, Textfeld"), ("es-ES", "Nom, campo de texto"),
        ("it-IT", "Nom, campo di testo"), ("pt-BR", "Nom, campo de texto"), ("nl-NL", "Nom, tekstveld"),
        ("sv-SE", "Nom, textfält"), ("cs-CZ", "Nom, textové pole"), ("ru-RU", "Nom, текстовое поле"),
        ("ar", "Nom، حقل نص"), ("he-IL", "Nom, שדה טקסט"), ("th-TH", "Nom, ช่องข้อความ"),
        ("ja-JP", "Nom、 テキストフィールド"), ("ur-PK", "Nom، متن کا خانہ"), ("pl-PL", "Nom, pole tekstowe"),
        ("tr-TR", "Nom, metin alanı"), ("uk-UA", "Nom, текстове поле"), ("el-GR", "Nom, πεδίο κειμένου"), ("da-DK", "Nom, tekstfelt"),
        ("fi-FI", "Nom, tekstikenttä"), ("nb-NO", "Nom, tekstfelt"), ("ro-RO", "Nom, câmp de text"),
        ("sk-SK", "Nom, textové pole"), ("hr-HR", "Nom, tekstno polje"), ("bg-BG", "Nom, текстово поле"),
        ("ca-ES", "Nom, camp de text"), ("gl-ES", "Nom, campo de texto"), ("sr-RS", "Nom, текстуално поље"), ("id-ID", "Nom, bidang teks"),
        ("sl-SI", "Nom, besedilno polje"), ("mk-MK", "Nom, текстуално поле"), ("ms-MY", "Nom, medan teks"), ("fa-IR", "Nom، فیلد متن"),
    ])
    func focusSaysLocalRole(locale: String, expected: String) throws {
        let speech = try spoken("settings locale=\(locale)\nfield nom kind=text label=\"Nom\"\nfocus nom\n")
        #expect(speech.first?.text == expected)
        #expect(speech.first?.locale == locale)
    }

    @Test("French session: exploring space, typing a space and shift say the same French words (issue 14's report)")
    func frenchSessionIsFrench() throws {
        let speech = try spoken("""
            settings locale=fr-FR
            field nom kind=text label="Nom" autocapitalization=none
            focus nom
            double-tap
            touch space
            lift
            touch shift
            double-tap
            touch c
            double-tap
            touch space
            double-tap
            wait 2
            """)
        let texts = speech.map(\.text)
        #expect(texts.contains("majuscule activée"))
        #expect(texts.filter { $0 == "espace" }.count >= 2, "\(texts)")
        #expect(texts.contains("majuscule C"))
        for english in ["space", "shift on", "shift", "text field", "capital C"] { #expect(!texts.contains(english)) }
        #expect(speech.allSatisfy { $0.locale == "fr-FR" })
    }
}

@Suite("Speech table validation catches mistakes with FILE:LINE")
struct SpeechTableValidationTests {
    static func problems(_ locale: String, replacing line: String, with replacement: String?) throws -> (problems: [DataFile.Problem], bytes: [UInt8]) {
        let name = "Localization/speech-\(locale).txt"
        let bytes = try editedBundledFile(BundledData.speechFile(locale), name, replacing: line, with: replacement)
        let info = try LocaleInfo(tag: locale)
        let phonetics = BundledData.phoneticsFile(info.language).flatMap { try? PhoneticAlphabet(named: info.language, utf8: $0) }
        return (SpeechTableValidation.problems(file: name, utf8: bytes, tag: locale, phonetics: phonetics), bytes)
    }

    @Test("removing a string names the key at the [strings] line", arguments: [
        ("fr", "key.return.go = Aller", "key.return.go"), ("ur", "role.text = متن کا خانہ", "role.text"),
        ("ja", "bullet = 黒丸", "bullet"),
    ])
    func removedString(locale: String, line: String, key: String) throws {
        let (problems, bytes) = try Self.problems(locale, replacing: line, with: nil)
        #expect(problems.count == 1)
        let header = try #require(lineNumber(of: "[strings]", in: bytes))
        #expect(problems.first?.description.hasPrefix("Localization/speech-\(locale).txt:\(header): error: no '\(key)'") == true,
                "\(problems.map(\.description))")
    }

    @Test("a word in another script is reported at its line", arguments: [
        ("ru", "key.space = пробел", "key.space = space", "'s' (U+0073)"),
        ("ar", "role.button = زر", "role.button = button", "not in the script of ar"),
        ("fr", "role.link = lien", "role.link = лиен", "not in the script of fr"),
    ])
    func wrongScript(locale: String, line: String, replacement: String, message: String) throws {
        let (problems, bytes) = try Self.problems(locale, replacing: line, with: replacement)
        let at = try #require(lineNumber(of: replacement, in: bytes))
        #expect(problems.contains { $0.line == at && $0.message.contains(message) }, "\(problems.map(\.description))")
    }

    @Test("a missing plural category, a category ICU lacks, and a lost {0} are reported")
    func plurals() throws {
        let (missing, _) = try Self.problems("cs", replacing: "characters.few = {0} znaky", with: nil)
        #expect(missing.map(\.message).contains { $0.contains("no 'characters.few'") })
        let (extra, bytes) = try Self.problems("de", replacing: "characters.other = {0} Zeichen", with: "characters.few = {0} Zeichen")
        let at = try #require(lineNumber(of: "characters.few = {0} Zeichen", in: bytes))
        #expect(extra.contains { $0.line == at && $0.message.contains("no plural category 'few'") })
        let (placeholder, _) = try Self.problems("pl", replacing: "edit.pasted = {0}, wklejono", with: "edit.pasted = wklejono")
        #expect(placeholder.contains { $0.message.contains("needs {0}") })
    }

    @Test("exploring the space key and typing a space must sound the same")
    func spaceMatchesPhonetics() throws {
        let (problems, _) = try Self.problems("fr", replacing: "key.space = espace", with: "key.space = barre d'espace")
        #expect(problems.map(\.message).contains { $0.contains("names U+0020 \"espace\"") })
    }

    @Test("fallback = en is the only way to leave strings out")
    func declaredFallback() throws {
        let name = "Localization/speech-de.txt"
        var bytes = try editedBundledFile(BundledData.speechFile("de"), name, replacing: "role.text = Textfeld", with: nil)
        bytes = try editedBundledFile(bytes, name, replacing: "name = Deutsch", with: "name = Deutsch\nfallback = en")
        #expect(SpeechTableValidation.problems(file: name, utf8: bytes, tag: "de").isEmpty)
    }
}

@Suite("Phonetics validation: script and letters")
struct PhoneticsScriptTests {
    @Test("a Latin word in a Cyrillic, Arabic-script or Thai alphabet fails at its line", arguments: [
        ("ru", "б = Борис", "б = Boris"), ("ur", "ب = بے", "ب = Bay"), ("th", "ก = ไก่", "ก = kai"),
        ("he", "ש = שין", "ש = Shin"), ("pl", "b = Barbara", "b = Варвара"),
    ])
    func wrongScript(locale: String, line: String, replacement: String) throws {
        let bytes = try editedBundledFile(BundledData.phoneticsFile(locale), "Phonetics/\(locale).txt", replacing: line, with: replacement)
        let alphabet = try PhoneticAlphabet(named: "Phonetics/\(locale).txt", utf8: bytes)
        let at = try #require(lineNumber(of: replacement, in: bytes))
        let problems = alphabet.coverageProblems()
        #expect(problems.contains { $0.line == at && $0.message.contains("not in the script of \(locale)") }, "\(problems.map(\.description))")
        #expect(throws: PhoneticsError.self) { try PhoneticAlphabet.load(named: "Phonetics/\(locale).txt", utf8: bytes) }
    }

    @Test("removing a letter of a new alphabet fails at [letters], naming it", arguments: [
        ("th", "ฮ = นกฮูก", "ฮ"), ("ar", "ث = ثعلب", "ث"), ("ru", "ё = Ёлка", "ё"), ("ka", "ჰ = ჰაე", "ჰ"), ("is", "þ = Þórður", "þ"),
    ])
    func removedLetter(locale: String, line: String, letter: String) throws {
        let bytes = try editedBundledFile(BundledData.phoneticsFile(locale), "Phonetics/\(locale).txt", replacing: line, with: nil)
        let problems = try PhoneticAlphabet(named: "Phonetics/\(locale).txt", utf8: bytes).coverageProblems()
        let header = try #require(lineNumber(of: "[letters]", in: bytes))
        #expect(problems.map(\.description) == [
            "Phonetics/\(locale).txt:\(header): error: no phonetic word for '\(letter)' of the \(locale) alphabet (ICU exemplar set); add '\(letter) = …' under [letters]",
        ])
    }

    @Test("every phonetics and speech file says where its words come from", arguments: BundledData.phoneticsLocales)
    func phoneticsSource(locale: String) throws {
        let text = String(decoding: try #require(BundledData.phoneticsFile(locale)), as: UTF8.self)
        #expect(try LocaleDataValidationTests.alphabet(locale).locale == locale)
        let data = try DataFile(named: locale, utf8: Array(text.utf8))
        #expect((data.section("meta")["source"]?.count ?? 0) >= 20, "Phonetics/\(locale).txt: [meta] source is too short to name a source")
    }
}
