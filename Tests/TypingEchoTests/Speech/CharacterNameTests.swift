import Testing
@testable import TypingEcho

@Suite("Spoken names of characters, symbols and emoji")
struct CharacterNameTests {
    @Test("names by locale", arguments: [
        ("en-US", "👍", "thumbs up sign"), ("en-US", "👍🏽", "thumbs up sign, medium skin tone"),
        ("pl-PL", "👍🏽", "kciuk w górę, średni odcień skóry"),
        ("en-US", "👨‍👩‍👧", "man, woman, girl"),
        ("en-US", "👩🏿‍💻", "woman, dark skin tone, personal computer"),
        ("en-US", "🇵🇱", "flag: Poland"), ("pl-PL", "🇵🇱", "flaga: Polska"), ("ur-PK", "🇵🇱", "پرچم: پولینڈ"),
        ("en-US", "🇶🇶", "flag: Q Q"),
        ("en-US", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "flag: GB-ENG"),
        ("en-US", "1️⃣", "1, keycap"), ("en-US", "❤️", "heavy black heart"),
        ("en-US", "@", "at sign"), ("pl-PL", "@", "małpa"), ("pl-PL", " ", "spacja"),
        ("en-US", "€", "euro sign"), ("pl-PL", "€", "euro"), ("ur-PK", "۔", "ختمہ"),
        ("en-US", "\u{7}", "control character"), ("pl-PL", "\u{1B}", "znak sterujący"), ("en-US", "\u{E000}", "unknown character"),
        ("pl-PL", "\u{E000}", "nieznany znak"), ("en-US", "\u{378}", "unknown character"),
        ("en-US", "\r\n", "new line"), ("en-US", "☃", "snowman"), ("en-US", "a", "a"), ("en-US", "7", "7"),
    ])
    func name(locale: String, text: String, expected: String) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        #expect(try Phrasebook(locale: locale).spokenName(of: character) == expected)
    }

    @Test("no character is ever named by an empty string or a raw code point", arguments: ["en-US", "pl-PL", "ur-PK"])
    func neverEmptyOrRaw(locale: String) throws {
        let book = try Phrasebook(locale: locale)
        var checked = 0
        for value in stride(from: UInt32(0), through: 0x10FFFF, by: 61) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let name = book.spokenName(of: Character(scalar))
            #expect(!name.isEmpty, "U+\(String(value, radix: 16)) has an empty name")
            #expect(!name.contains("U+") && !name.contains("<"), "U+\(String(value, radix: 16)) is named '\(name)'")
            checked += 1
        }
        #expect(checked > 17_000)
    }
}

@Suite("Character moves over a password-like text speak a name for each character")
struct CharacterMoveTests {
    static let script = """
        field f kind=text label="Name" value="P@ss€ 👍🏽"
        focus f
        double-tap
        key home
        settings phonetics=off
        key right
        key right
        key right
        key right
        key right
        key right
        key right
        """

    @Test("en and pl", arguments: [
        ("en-US", ["capital P", "at sign", "s", "s", "euro sign", "space", "thumbs up sign, medium skin tone"]),
        ("pl-PL", ["wielkie P", "małpa", "s", "s", "euro", "spacja", "kciuk w górę, średni odcień skóry"]),
        ("ur-PK", ["بڑا P", "ایٹ کا نشان", "s", "s", "یورو کا نشان", "خالی جگہ", "انگوٹھا اوپر، جلد کی درمیانی رنگت"]),
    ])
    func moves(locale: String, expected: [String]) throws {
        let speech = try spoken(Self.script, overrides: [("locale", locale)])
        let cursor = speech.filter { $0.role == .cursor }.map(\.text)
        #expect(cursor == expected)
        #expect(speech.allSatisfy { !$0.text.isEmpty && !$0.text.contains("U+") })
        #expect(speech.allSatisfy { $0.locale == locale })
    }

    @Test("phonetic words follow the character in Polish")
    func polishPhonetics() throws {
        let speech = try spoken("""
            settings locale=pl-PL
            field f kind=text label="Imię" value="Łm"
            focus f
            double-tap
            key home
            key right
            wait 2
            key right
            wait 2
            """)
        #expect(speech.filter { $0.role == .cursor || $0.role == .phonetic }.map(\.text)
                == ["wielkie Ł", "Łukasz", "m", "Maria"])
    }
}
