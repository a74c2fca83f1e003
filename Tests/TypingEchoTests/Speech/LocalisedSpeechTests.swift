import Testing
@testable import TypingEcho

/// Runs a script and returns what was spoken, in order, with each utterance's role and locale.
func spoken(_ script: String, overrides: [(key: String, value: String)] = [],
            phonetics: PhoneticAlphabet? = nil) throws -> [Utterance] {
    var session = try Session(overrides: overrides, phonetics: phonetics)
    try session.feedScript(Array(script.utf8))
    try session.finishScript()
    return session.log.events.compactMap { if case .speak(let utterance) = $0.event { utterance } else { nil } }
}

@Suite("Counts with ICU plural rules and numbering systems")
struct PluralCountTests {
    @Test("counted characters", arguments: [
        ("en-US", 1, "1 character"), ("en-US", 5, "5 characters"), ("en-GB", 0, "0 characters"),
        ("pl-PL", 1, "1 znak"), ("pl-PL", 2, "2 znaki"), ("pl-PL", 5, "5 znaków"), ("pl-PL", 12, "12 znaków"),
        ("pl-PL", 22, "22 znaki"), ("pl-PL", 25, "25 znaków"), ("pl", 104, "104 znaki"),
        ("ur-PK", 1, "1 حرف"), ("ur-PK", 5, "5 حروف"),
        // ICU's default numbering system for Urdu in India is Extended Arabic-Indic.
        ("ur-IN", 5, "۵ حروف"), ("ur-PK-u-nu-arabext", 22, "۲۲ حروف"),
        // No Korean or Estonian table: English words with English rules, never "1 characters".
        ("ko-KR", 1, "1 character"), ("et-EE", 1, "1 character"), ("et-EE", 3, "3 characters"),
        ("sl-SI", 2, "2 znaka"), ("sl-SI", 103, "103 znaki"), ("mk-MK", 21, "21 знак"), ("mk-MK", 11, "11 знаци"), ("fa-IR", 3, "۳ نویسه"), ("ms-MY", 2, "2 aksara"),
        ("ca-ES", 3, "3 caràcters"), ("sr-RS", 3, "3 знака"), ("id-ID", 1, "1 karakter"),
        ("ro-RO", 1, "1 caracter"), ("ro-RO", 5, "5 caractere"), ("ro-RO", 20, "20 de caractere"),
        ("hr-HR", 3, "3 znaka"), ("hr-HR", 5, "5 znakova"), ("sk-SK", 5, "5 znakov"), ("bg-BG", 2, "2 знака"),
        ("fi-FI", 1, "1 merkki"), ("fi-FI", 3, "3 merkkiä"), ("nb-NO", 2, "2 tegn"),
        ("tr-TR", 3, "3 karakter"), ("uk-UA", 22, "22 символи"), ("uk-UA", 25, "25 символів"), ("el-GR", 2, "2 χαρακτήρες"),
        ("de-DE", 1, "1 Zeichen"), ("fr-FR", 0, "0 caractère"), ("fr-FR", 2, "2 caractères"),
        ("cs-CZ", 3, "3 znaky"), ("cs-CZ", 5, "5 znaků"), ("ru-RU", 21, "21 символ"), ("ru-RU", 22, "22 символа"),
        ("ru-RU", 25, "25 символов"), ("ar", 2, "٢ حرفان"), ("ar", 11, "١١ حرفًا"), ("he-IL", 2, "2 תווים"),
        ("ja-JP", 3, "3文字"), ("th-TH", 3, "3 อักขระ"),
    ])
    func count(locale: String, number: Int, expected: String) throws {
        #expect(try Phrasebook(locale: locale).count("characters", number) == expected)
    }
}

@Suite("Locale fallback through ICU")
struct LocaleFallbackTests {
    @Test("fallback tags come from ICU's subtags", arguments: [
        ("pl-PL", ["pl-PL", "pl"]), ("pl", ["pl"]), ("sr-Latn-RS", ["sr-Latn-RS", "sr-Latn", "sr-RS", "sr"]),
        ("ur-PK-u-nu-arabext", ["ur-PK", "ur"]), ("EN-gb", ["en-GB", "en"]),
    ])
    func fallbackTags(tag: String, expected: [String]) throws {
        #expect(try LocaleInfo(tag: tag).fallbackTags == expected)
    }

    @Test("pl-PL speaks Polish from the pl table; en-GB English with the en-GB alphabet")
    func regionFallsBackToLanguage() throws {
        let polish = try Phrasebook(locale: "pl-PL")
        #expect(polish.string("role.text") == "pole tekstowe")
        #expect(polish.capitalWord == "wielkie")
        #expect(polish.phoneticWord(for: "M") == "Maria")
        #expect(polish.warning == nil)
        #expect(try Phrasebook(locale: "en-GB").string("role.button") == "button")
    }

    @Test("a language with a phonetics file but no speech table: its letters, English roles; region to language")
    func missingKeyFallsBack() throws {
        let estonian = try Phrasebook(locale: "et-EE")
        #expect(estonian.string("role.text") == "text field")
        #expect(estonian.capitalWord == "suurtäht")
        #expect(estonian.phoneticWord(for: "õ") == "Õie")
        #expect(estonian.warning == nil)
        #expect(try Phrasebook(locale: "de-AT").string("role.text") == "Textfeld")
    }

    @Test("an unknown locale is spoken in English with a warning, not an error", arguments: ["xx-YY", "qaa", "zz"])
    func unknownLocaleWarns(tag: String) throws {
        let book = try Phrasebook(locale: tag)
        #expect(book.locale == "en")
        #expect(book.icuLocale == "en")
        #expect(book.warning?.contains("'\(tag)'") == true)
        #expect(book.count("characters", 1) == "1 character")
    }

    @Test("a malformed tag is still an error")
    func malformedTagFails() {
        #expect(throws: LocaleError.self) { try Phrasebook(locale: "not a tag!") }
    }

    @Test("settings locale=xx-YY in a script warns at the value and speaks English")
    func scriptWarning() throws {
        var session = try Session()
        let script = "settings locale=xx-YY\nfield a kind=text label=\"Name\"\nfocus a\n"
        try session.feedScript(Array(script.utf8))
        let warnings = session.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.formatted(file: "s.replay").hasPrefix("s.replay:1:17: warning: ICU has no data for locale 'xx-YY'") == true)
        let speech = session.log.events.compactMap { if case .speak(let u) = $0.event { u } else { nil } }
        #expect(speech.first?.text == "Name, text field")
        #expect(speech.first?.locale == "en")
    }

    @Test("--set locale=xx-YY warns once, without a location")
    func overrideWarning() throws {
        var session = try Session(overrides: [("locale", "xx-YY")])
        #expect(session.takeWarnings().map(\.description) == ["warning: ICU has no data for locale 'xx-YY'; speaking English (en) instead"])
        #expect(session.takeWarnings().isEmpty)
    }
}

@Suite("Lookup: case folding per locale, NFC keys")
struct LookupTests {
    @Test("Turkish dotted İ finds i by Turkish lower-casing; root lower-casing would not")
    func turkishDottedI() throws {
        #expect(CaseMapping.lowercase("İ", locale: "tr") == "i")
        #expect(CaseMapping.lowercase("I", locale: "tr") == "ı")
        #expect(CaseMapping.lowercase("İ", locale: "en") == "i\u{307}")
        #expect(try Phrasebook(locale: "tr-TR").phoneticWord(for: "İ") == "İzmir")
        #expect(try Phrasebook(locale: "tr-TR").phoneticWord(for: "I") == "Isparta")
        #expect(try Phrasebook(locale: "en-US").phoneticWord(for: "İ") == nil)
    }

    @Test("decomposed input finds the NFC entry", arguments: [
        ("pl", "o\u{301}", "o z kreską"), ("pl", "O\u{301}", "o z kreską"), ("pl", "z\u{307}", "Żaneta"),
        ("cs", "c\u{30C}", nil as String?), ("de", "a\u{308}", nil),
    ])
    func nfcLetters(locale: String, letter: String, expected: String?) throws {
        let book = try Phrasebook(locale: locale)
        let character = try #require(letter.first)
        let word = book.phoneticWord(for: character)
        if let expected { #expect(word == expected) } else { #expect(word != nil && word != "") }
        #expect(book.spokenName(of: character) == CaseMapping.nfc(letter))
    }

    @Test("a decomposed symbol finds its name")
    func nfcNames() throws {
        // U+212B ANGSTROM SIGN normalises to Å, a letter: said as itself, in NFC.
        #expect(try Phrasebook(locale: "sv").spokenName(of: "\u{212B}") == "Å")
    }
}
