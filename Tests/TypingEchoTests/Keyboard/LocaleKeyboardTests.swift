import Testing
@testable import TypingEcho

@Suite("Locale keyboards: coverage, script, right to left")
struct LocaleKeyboardTests {
    /// The layouts the project promises.
    static let required = ["en-US", "en-GB", "pl-PL", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "sv-SE",
                           "cs-CZ", "ru-RU", "ar", "he-IL", "th-TH", "ur-PK"]

    @Test("every promised layout is built in and reads")
    func requiredLayouts() throws {
        let built = KeyboardLayout.all.map(\.locale)
        for locale in Self.required { #expect(built.contains(locale), "Keyboards/layout-\(locale).txt is missing or does not read") }
        #expect(KeyboardLayout.embeddedFiles.count == KeyboardLayout.all.count, "a layout file does not read: run KeyboardLayoutTests")
    }

    @Test("every letter of the language's ICU exemplar set can be typed, and the keys are in its script",
          arguments: KeyboardLayout.embeddedFiles.map(\.locale))
    func lettersTypeable(locale: String) throws {
        let file = try #require(KeyboardLayout.embeddedFiles.first { $0.locale == locale })
        let layout = try KeyboardLayout(named: "Keyboards/layout-\(locale).txt", utf8: file.bytes)
        let data = try DataFile(named: locale, utf8: file.bytes)
        #expect((data.section("meta")["source"]?.count ?? 0) >= 20, "Keyboards/layout-\(locale).txt: [meta] source must say where the layout comes from")
        let info = try LocaleInfo(tag: locale)
        let typeable = Set(layout.typeableCharacters)
        let missing = info.exemplarLetters.filter { letter in
            guard letter.count == 1, let character = letter.first,
                  character.unicodeScalars.allSatisfy({ CharacterCategory(of: $0).isLetter }) else { return false }
            return !typeable.contains(character)
        }
        #expect(missing.isEmpty, "Keyboards/layout-\(locale).txt: no key or alternate types \(missing.joined(separator: " "))")
        let script = WritingScript(locale: info)
        for key in layout.keys(on: .letters) {
            guard case .character(let character) = key.kind else { continue }
            #expect(script.foreignLetters(in: String(character)).isEmpty, "Keyboards/layout-\(locale).txt: '\(character)' is not in the script of \(locale)")
        }
        #expect(BundledData.speechLocales.contains(info.language), "the \(locale) keyboard's language has no speech table")
    }

    @Test("typing-echo layouts ur-PK lists the Urdu keys")
    func urduLayout() throws {
        let layout = try #require(KeyboardLayout.named("ur-PK"))
        let picture = KeyboardPicture.render(layout, frames: false)
        for key in ["ط", "ص", "ھ", "ک", "ی", "ے", "ق"] { #expect(picture.contains(key)) }
        #expect(layout.key(.shift, on: .letters) == nil)
        #expect(KeyboardLayout.matching("ur").locale == "ur-PK")
        #expect(KeyboardLayout.matching("ar-EG").locale == "ar")
    }

    @Test("type سلام on ur-PK in each typing mode: logical order, Urdu speech", arguments: TypingMode.allCases)
    func urduTyping(mode: TypingMode) throws {
        let result = replay("""
            settings locale=ur-PK typing=\(mode.rawValue)
            field name kind=text label="نام"
            focus name
            double-tap
            type "سلام"
            expect value "سلام"
            """)
        #expect(result.failures.isEmpty && result.error == nil, "\(result.failures) \(result.errorLine ?? "")")
        let echoes = result.utterances.filter { $0.role == .echo }.map(\.text)
        #expect(echoes == ["س", "ل", "ا", "م"])
        #expect(result.utterances.first?.text == "نام، متن کا خانہ")
        #expect(result.utterances.allSatisfy { $0.locale == "ur-PK" })
    }

    @Test("arrows in right-to-left text: left moves forward, right back; rotor swipes stay logical")
    func rightToLeftArrows() throws {
        let script = """
            settings locale=ur-PK phonetics=off
            field name kind=text label="نام" value="سلام"
            focus name
            double-tap
            key home
            key left
            key left
            key right
            expect cursor 1
            key right
            key right
            """
        let result = replay(script)
        #expect(result.failures.isEmpty)
        #expect(result.utterances.filter { $0.role == .cursor }.map(\.text) == ["س", "ل", "ل", "س"])
        #expect(result.sounds.last == .boundary)
        // A Latin paragraph in an Urdu session is left to right.
        let latin = replay(script.replacing("value=\"سلام\"", with: "value=\"abcd\"")
            .replacing("expect cursor 1", with: ""))
        #expect(latin.utterances.filter { $0.role == .cursor }.map(\.text) == ["a", "b", "c"])
    }

    @Test("a secure field's arrows follow its locale, never its content")
    func secureFieldDirection() throws {
        for secret in ["abcd", "سلام"] {
            let result = replay("""
                settings locale=he-IL
                field pw kind=secure label="סיסמה"
                focus pw
                double-tap
                keys "\(secret)"
                key home
                key left
                expect cursor 1
                """)
            #expect(result.failures.isEmpty, "the arrow moved by the secret's direction")
        }
    }
}

@Suite("Character names from CLDR in the session's language")
struct CLDRNameTests {
    @Test("the annotations are installed (CI installs unicode-cldr-core)")
    func installed() throws {
        let french = CLDRAnnotations.names(for: try LocaleInfo(tag: "fr"))
        #expect(french.count > 1000, "no CLDR annotations under \(CLDRAnnotations.directory): apt-get install unicode-cldr-core")
    }

    @Test("emoji and symbols are named in the language", arguments: [
        ("fr-FR", "👍", "pouce vers le haut"), ("de-DE", "👍🏽", "Daumen hoch, mittlere Hautfarbe"),
        ("ru-RU", "☃", "снеговик под снегом"), ("ja-JP", "👍", "サムズアップ"), ("nb-NO", "☃", "snømann"),
        ("fr-FR", "€", "euro"), ("en-US", "👍", "thumbs up sign"),
    ])
    func names(locale: String, text: String, expected: String) throws {
        let character = try #require(text.first)
        #expect(try Phrasebook(locale: locale).spokenName(of: character) == expected)
    }

    @Test("without the package: the language's own files, then English, then ICU's name")
    func fallbackWithoutPackage() throws {
        let french = try Phrasebook(locale: "fr-FR", phonetics: nil, annotations: "")
        #expect(french.spokenName(of: "👍") == "thumbs up sign")
        #expect(french.spokenName(of: "€") == "euro")
        let missing = try Phrasebook(locale: "fr-FR", phonetics: nil, annotations: "/nonexistent/cldr")
        #expect(missing.spokenName(of: "☃") == "snowman")
        #expect(CLDRAnnotations.names(for: try LocaleInfo(tag: "fr"), in: "/nonexistent/cldr").isEmpty)
    }

    @Test("the reader decodes entities, skips letters and inherit markers")
    func parser() {
        let xml = #"""
            <annotation cp="&amp;" type="tts">et commercial</annotation>
            <annotation cp="a" type="tts">lettre a</annotation>
            <annotation cp="☃">bonhomme | neige</annotation>
            <annotation cp="☃" type="tts">bonhomme &lt;de&gt; neige</annotation>
            <annotation cp="x" type="tts">↑↑↑</annotation>
            """#
        #expect(CLDRAnnotations.parse(Array(xml.utf8)) == ["&": "et commercial", "☃": "bonhomme <de> neige"])
    }
}
