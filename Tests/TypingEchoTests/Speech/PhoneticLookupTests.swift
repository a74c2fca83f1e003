import Testing
@testable import TypingEcho

@Suite("Phonetic word lookup without ICU for ASCII")
struct PhoneticLookupTests {
    /// The lookup as it was before the ASCII shortcut: NFC, then the locale's lower case, then
    /// case folding, each through ICU.
    static func lookedUpThroughICU(_ character: Character, in phrasebook: Phrasebook) -> String? {
        let text = CaseMapping.nfc(String(character))
        if let word = phrasebook.letters[text] { return word }
        let lower = CaseMapping.nfc(CaseMapping.lowercase(text, locale: phrasebook.icuLocale))
        if let word = phrasebook.letters[lower] { return word }
        return phrasebook.letters[CaseMapping.nfc(CaseMapping.fold(text))]
    }

    @Test("Every ASCII character finds the word ICU's case mapping finds, in locales with special casing too",
          arguments: ["en", "en-GB", "pl", "tr", "az", "lt", "nl", "de", "el", "ru", "th"])
    func asciiAsThroughICU(locale: String) throws {
        let phrasebook = try Phrasebook(locale: locale)
        for value in UInt8(0)...0x7F {
            let character = Character(Unicode.Scalar(value))
            #expect(phrasebook.phoneticWord(for: character) == Self.lookedUpThroughICU(character, in: phrasebook),
                    "\(locale): U+\(String(value, radix: 16))")
        }
    }

    @Test("Every character below U+3000, emoji, and sequences with dots and marks find the word ICU's case mapping finds",
          arguments: ["en", "pl", "tr", "lt", "el", "ru", "uk", "th", "ar", "he", "de"])
    func everyCharacterAsThroughICU(locale: String) throws {
        let phrasebook = try Phrasebook(locale: locale)
        var characters = (0x80..<0x3000).compactMap { Unicode.Scalar($0).map(Character.init) }
        characters += ["😀", "👍🏽", "🇵🇱", "I\u{307}", "i\u{307}", "J\u{301}", "Į\u{303}", "Σ", "ς", "ẞ", "ǅ", "e\u{301}", "E\u{301}",
                       "ก\u{E34}", "\u{10400}", "\u{1E900}", "ﬁ", "Å", "K", "Ω"]
        for character in characters {
            #expect(phrasebook.phoneticWord(for: character) == Self.lookedUpThroughICU(character, in: phrasebook),
                    "\(locale): \(character.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("A custom alphabet's ASCII letters are found from capitals, and Turkish I stays dotless")
    func customAlphabet() throws {
        let bytes = Array("""
        [meta]
        locale = tr
        name = test
        direction = ltr
        source = test
        [letters]
        i = İstanbul
        ı = Isparta
        a = Adana
        [words]
        capital = büyük
        """.utf8)
        let alphabet = try PhoneticAlphabet(named: "test.txt", utf8: bytes)
        let turkish = try Phrasebook(locale: "tr", phonetics: alphabet)
        #expect(turkish.phoneticWord(for: "I") == "Isparta")
        #expect(turkish.phoneticWord(for: "A") == "Adana")
        let english = try Phrasebook(locale: "en", phonetics: alphabet)
        #expect(english.phoneticWord(for: "I") == "İstanbul")
        #expect(english.phoneticWord(for: "A") == "Adana")
        #expect(english.phoneticWord(for: "1") == nil)
    }
}
