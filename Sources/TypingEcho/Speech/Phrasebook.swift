import Synchronization

/// What the engine says in one language: its spoken strings, plural forms, character names,
/// phonetic words and the word for "capital", loaded from the translators' files with
/// fallback from the region to the language to English (`pl-PL` → `pl` → `en`, as ICU
/// splits the tag). A tag ICU has no data for (`xx-YY`) is spoken in English and `warning`
/// says so.
public struct Phrasebook: Sendable {
    /// The BCP 47 tag speech is tagged with: the tag as given, or `en` for an unknown one.
    public let locale: String
    /// The ICU locale id (`en_US`) used for segmentation, case and plurals.
    public let icuLocale: String
    /// Why the requested locale is not used (ICU has no data for it), if it is not.
    public let warning: String?
    let info: LocaleInfo
    private let rules: PluralRules
    /// The strings, plural forms, names and letters, read from the data files on first use: a
    /// session that never speaks (an empty script, `describe`) parses none of them, and a
    /// process starts about 1 ms sooner (2.8 M instructions of 10.7 M, maintainers/benchmarks.md).
    private let tables: LoadedTables

    /// What the data files give a phrasebook, made once per phrasebook on first use.
    final class Tables: Sendable {
        let strings: [String: String]
        let plurals: [String: PluralForms]
        let names: [String: String]
        let letters: [String: String]
        let capitalWord: String
        let namedASCII: (low: UInt64, high: UInt64)
        /// The keys and characters the reader's own files give in this language (empty for
        /// VoiceOver, whose words are the model's): every other word is a fallback.
        let ownKeys: Set<String>
        let ownNames: Set<String>
        let wording: ScreenReader

        init(strings: [String: String], plurals: [String: PluralForms], names: [String: String],
             letters: [String: String], capitalWord: String, namedASCII: (low: UInt64, high: UInt64),
             ownKeys: Set<String> = [], ownNames: Set<String> = [], wording: ScreenReader = .voiceover) {
            self.strings = strings
            self.plurals = plurals
            self.names = names
            self.letters = letters
            self.capitalWord = capitalWord
            self.namedASCII = namedASCII
            self.ownKeys = ownKeys
            self.ownNames = ownNames
            self.wording = wording
        }
    }

    var strings: [String: String] { tables.value.strings }
    var plurals: [String: PluralForms] { tables.value.plurals }
    var names: [String: String] { tables.value.names }
    var letters: [String: String] { tables.value.letters }
    /// The word said before a capital letter ("capital").
    public var capitalWord: String { tables.value.capitalWord }
    /// Which ASCII characters the names table names (bit n for U+00n), worked out at load from
    /// the table's keys: the other ASCII letters and digits are spoken as themselves, with no
    /// lookup per keystroke (`spoken(_:capitals:)`).
    var namedASCII: (low: UInt64, high: UInt64) { tables.value.namedASCII }

    /// Loads the phrasebook for a BCP 47 tag such as `pl-PL`.
    /// - Parameters:
    ///   - tag: The session's locale.
    ///   - custom: A user's own alphabet: its letters replace the locale's, its names
    ///   and capital word win over the locale's.
    ///   - wording: Whose words: a screen reader's own strings (`Localization/reader-<reader>-<language>.txt`)
    ///   win over the engine's.
    /// - Throws: `LocaleError` when the tag is malformed; missing translations fall back.
    public init(locale tag: String, phonetics custom: PhoneticAlphabet? = nil, wording: ScreenReader = .voiceover) throws(LocaleError) {
        try self.init(locale: tag, phonetics: custom, annotations: CLDRAnnotations.directory, wording: wording)
    }

    /// Loads the phrasebook with CLDR annotations read from `annotations` (a directory; empty
    /// for none), so that tests can see the fallback used when the package is not installed.
    init(locale tag: String, phonetics custom: PhoneticAlphabet?, annotations: String, wording: ScreenReader = .voiceover) throws(LocaleError) {
        var info = try LocaleInfo(tag: tag)
        if info.isKnownToICU {
            locale = tag
            warning = nil
        } else {
            info = try LocaleInfo(tag: "en")
            locale = "en"
            warning = "ICU has no data for locale \(ScriptErrorText.quoted(tag)); speaking English (en) instead"
        }
        self.info = info
        icuLocale = info.identifier
        let chosen = info
        tables = LoadedTables { Self.sharedTables(info: chosen, custom: custom, annotations: annotations, wording: wording) }
        do {
            self.rules = try PluralRules(locale: info.identifier)
        } catch {
            throw LocaleError(tag: tag, reason: error.description)
        }
    }

    /// What tables are made from, when no user alphabet is given.
    private struct TablesKey: Hashable {
        let info: LocaleInfo
        let annotations: String
        let wording: ScreenReader
    }

    /// Tables already made in this process: a new session in a language and reader already used
    /// reads no data file again (a property test makes a session per case). Tables are a pure
    /// function of their key, so sharing them changes no output. At most `sharedTablesLimit`
    /// are kept; past that the cache starts over, so a script that cycles through many locales
    /// holds a bounded amount.
    private static let madeTables = Mutex<[TablesKey: Tables]>([:])
    private static let sharedTablesLimit = 64

    /// The tables for a locale, from `madeTables` when a session made them before; a user's
    /// own alphabet gives tables of their own. - Complexity: O(1) when they were made before.
    private static func sharedTables(info: LocaleInfo, custom: PhoneticAlphabet?, annotations: String, wording: ScreenReader) -> Tables {
        guard custom == nil else { return tables(info: info, custom: custom, annotations: annotations, wording: wording) }
        let key = TablesKey(info: info, annotations: annotations, wording: wording)
        if let made = madeTables.withLock({ $0[key] }) { return made }
        let made = tables(info: info, custom: nil, annotations: annotations, wording: wording)
        madeTables.withLock { cache in
            if cache.count >= sharedTablesLimit { cache.removeAll() }
            cache[key] = made
        }
        return made
    }

    /// Reads the data files for a locale: the strings and plural forms of its speech tables,
    /// the names and letters of its phonetic alphabets (and a user's own).
    private static func tables(info: LocaleInfo, custom: PhoneticAlphabet?, annotations: String, wording: ScreenReader) -> Tables {
        let candidates = info.fallbackTags + (info.fallbackTags.contains("en") ? [] : ["en"])
        let speech = candidates.compactMap { tag in EmbeddedData.speechTables[tag].map { (tag, $0) } }
        let alphabets = candidates.compactMap { EmbeddedData.alphabets[$0] }
        // Phonetic words and the capital word come from the language's own alphabet; English's
        // (ICAO) only when the session speaks English, i.e. the language has no table at all.
        let ownSpeech = speech.contains { (try? LocaleInfo(tag: $0.0))?.language == info.language }
        let own = alphabets.filter { (try? LocaleInfo(tag: $0.locale))?.language == info.language }
        let lettersAlphabet = own.first ?? (ownSpeech ? nil : alphabets.first)
        var strings: [String: String] = speech.reversed().reduce(into: [:]) { result, table in result.merge(table.1.section("strings")) { $1 } }
        // A reader's own words in the session's language win over the engine's; a word it
        // has no translation for is said as VoiceOver says it. VoiceOver's files give the
        // words of conventions VoiceOver does not use, in English for any other language.
        // `(silent)` is a part the reader does not say.
        let sameLanguage = candidates.filter { (try? LocaleInfo(tag: $0))?.language == info.language }.reversed()
        var chain = ["voiceover-en"] + sameLanguage.map { "voiceover-\($0)" }
        if wording != .voiceover { chain += sameLanguage.map { "\(wording.rawValue)-\($0)" } }
        let readerTables = chain.compactMap { EmbeddedData.readerTables[$0] }
        // `(same)`: the reader says what the engine says, from a source of its own (not a fallback).
        let readerStrings: [String: String] = readerTables.reduce(into: [:]) { result, table in
            result.merge(table.section("strings").filter { $0.value != "(same)" }.mapValues { $0 == "(silent)" ? "" : $0 }) { $1 }
        }
        let ownTables = wording == .voiceover ? [] : sameLanguage.compactMap { EmbeddedData.readerTables["\(wording.rawValue)-\($0)"] }
        let ownKeys = Set(ownTables.flatMap { $0.section("strings").keys })
        let ownNames = Set(ownTables.flatMap { Self.characterKeys($0.section("names")).keys })
        strings.merge(readerStrings) { $1 }
        var cache: [String: PluralRules] = [:]
        func rules(for id: String) -> PluralRules? {
            if let cached = cache[id] { return cached }
            let opened = try? PluralRules(locale: id)
            cache[id] = opened
            return opened
        }
        var plurals: [String: PluralForms] = [:]
        // Plural forms come whole from the most specific table that has the key, never mixed,
        // and are chosen by that table's language: English words follow English rules. When
        // the table is the user's language, the user's full locale picks digits (ur-IN: ۵).
        for (tableTag, table) in speech.reversed() {
            guard let tableInfo = try? LocaleInfo(tag: tableTag) else { continue }
            let id = tableInfo.language == info.language ? info.identifier : tableInfo.identifier
            guard let tableRules = rules(for: id) else { continue }
            var forms: [String: [String: String]] = [:]
            for (key, value) in table.section("plurals") {
                guard let dot = key.lastIndex(of: ".") else { continue }
                forms[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = value
            }
            for (key, value) in forms { plurals[key] = PluralForms(forms: value, rules: tableRules) }
        }
        // Names: the language's own phonetics files win, then CLDR's annotations in the language
        // (emoji and symbols), then English's file; ICU's English Unicode name comes last
        // (`spokenName(of:)`). A French session never hears an English name its data has.
        var names = EmbeddedData.alphabets["en"]?.names ?? [:]
        if info.language != "en" { names.merge(CLDRAnnotations.names(for: info, in: annotations)) { $1 } }
        for alphabet in alphabets.reversed() where alphabet.locale != "en" { names.merge(alphabet.names) { $1 } }
        for table in readerTables { names.merge(Self.characterKeys(table.section("names"))) { $1 } }
        if let custom { names.merge(custom.names) { $1 } }
        var namedASCII: (low: UInt64, high: UInt64) = (0, 0)
        for key in names.keys {
            var scalars = key.unicodeScalars.makeIterator()
            guard let first = scalars.next(), first.value < 0x80, scalars.next() == nil else { continue }
            if first.value < 64 { namedASCII.low |= 1 << first.value } else { namedASCII.high |= 1 << (first.value - 64) }
        }
        let letters = custom?.letters ?? lettersAlphabet?.letters ?? [:]
        let capitalWord = custom?.capitalWord ?? readerStrings["character.capital"] ?? lettersAlphabet?.capitalWord ?? strings["character.capital"] ?? "capital"
        return Tables(strings: strings, plurals: plurals, names: names, letters: letters, capitalWord: capitalWord,
                      namedASCII: namedASCII, ownKeys: ownKeys, ownNames: ownNames, wording: wording)
    }

    /// Names keyed as the data files write them: the character, or `U+XXXX`.
    private static func characterKeys(_ names: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in names {
            if key.hasPrefix("U+"), let code = UInt32(key.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                result[String(Character(scalar))] = value
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// A spoken string by key ("role.text"), falling back to the key itself if no file has it.
    public func string(_ key: String) -> String { strings[key] ?? key }

    /// The toolkit's own string for a key (`KEY.gtk`) where the reader's words have one, else
    /// `fallback`'s: a GTK entry's role word, a password's mask character.
    func string(_ key: String, toolkit: Toolkit, else fallback: String) -> String {
        strings["\(key).\(toolkit.rawValue)"] ?? string(fallback)
    }

    /// Whose words these are (`wording`).
    var wording: ScreenReader { tables.value.wording }

    /// Whether the words for `key` (a string or a counted phrase) are VoiceOver's because the
    /// reader's own file for this language lacks them: always false for VoiceOver's wording.
    /// - Complexity: O(1).
    func isFallback(_ key: String) -> Bool {
        let tables = tables.value
        return tables.wording != .voiceover && !tables.ownKeys.contains(key)
    }

    /// Whether a character's spoken name is VoiceOver's for want of the reader's: a character
    /// that is not a letter, digit or mark (those are said as themselves) and that the reader's
    /// own names do not name. - Complexity: O(1).
    func isNameFallback(_ character: Character) -> Bool {
        let tables = tables.value
        guard tables.wording != .voiceover else { return false }
        if character.isLetter || character.isNumber { return false }
        return !tables.ownNames.contains(String(character))
    }

    /// A counted phrase with the locale's plural form and digits: "5 characters", "5 znaków".
    public func count(_ key: String, _ number: Int) -> String {
        guard let entry = plurals[key] else { return "\(rules.format(number)) \(key)" }
        let (category, digits) = entry.rules.categoryAndDigits(of: number)
        let template = entry.forms[category] ?? entry.forms["other"] ?? "{0} \(key)"
        return template.replacingPlaceholder(with: digits)
    }

    /// The reader's own words for `key`, or nil when its files have none (VoiceOver's words
    /// have no such key either): for what only some readers say. - Complexity: O(1).
    func ownString(_ key: String) -> String? {
        guard let text = strings[key], !isFallback(key) else { return nil }
        return text
    }

    /// The locale's plural category of a count, and the count in the locale's digits.
    func pluralCategoryAndDigits(of number: Int) -> (category: String, digits: String) {
        rules.categoryAndDigits(of: number)
    }

    /// A template's `{0}` filled with a number in the locale's digits: "heading level 2".
    public func numbered(_ key: String, _ number: Int) -> String {
        string(key).replacingPlaceholder(with: rules.format(number))
    }

    /// What separates the parts of an announcement: ", " (ur: "، ").
    public var listSeparator: String { string("separator.list") + " " }

    /// The phonetic word for a letter ("Mike" for m or M), if the alphabet has one. The letter
    /// is NFC-normalised, then lower-cased by the locale's rules (Turkish İ → i, I → ı), then
    /// case-folded as a last resort.
    public func phoneticWord(for character: Character) -> String? {
        if let ascii = character.asciiValue, !(lowercasesDotlessI && (0x41...0x5A).contains(ascii)) {
            // ASCII needs no ICU (a move over it happens on every keystroke of a cursor walk):
            // it is NFC, and its capitals lower-case and case-fold to ASCII lower case in every
            // locale but Turkish and Azerbaijani (I → ı), which take ICU's path.
            let text = String(character)
            if let word = letters[text] { return word }
            guard (0x41...0x5A).contains(ascii) else { return nil }
            return letters[String(Character(Unicode.Scalar(ascii + 0x20)))]
        }
        let text = CaseMapping.nfc(String(character))
        if let word = letters[text] { return word }
        // Uncased text (Thai, Arabic, emoji, digits, marks) lower-cases and case-folds to
        // itself: the locale rules that change other characters (Turkish, Lithuanian dots) all
        // start from a cased letter. So only text with a cased letter goes to ICU.
        guard text.unicodeScalars.contains(where: { ICU.changesCase($0) }) else { return nil }
        let lower = CaseMapping.nfc(CaseMapping.lowercase(text, locale: icuLocale))
        if let word = letters[lower] { return word }
        return letters[CaseMapping.nfc(CaseMapping.fold(text))]
    }

    /// Whether the locale lower-cases I to dotless ı (Turkish, Azerbaijani), so that ASCII
    /// capitals need ICU's case mapping. - Complexity: O(1).
    var lowercasesDotlessI: Bool { info.language == "tr" || info.language == "az" }

    /// Every plural category ICU reports for this locale.
    public var pluralCategories: [String] { rules.categories }

    /// The ICU locale id for a BCP 47 tag, or an error for a malformed tag.
    static func icuLocale(for tag: String) throws(LocaleError) -> String {
        try LocaleInfo(tag: tag).identifier
    }
}

/// The plural forms of one counted phrase and the rules that choose among them.
struct PluralForms: Sendable {
    /// Templates by category (`few` → "{0} znaki").
    var forms: [String: String]
    /// The rules of the table's language.
    var rules: PluralRules
}

/// A locale tag that cannot be used.
public struct LocaleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The tag as given.
    public var tag: String
    /// Why it cannot be used.
    public var reason: String

    /// `'xx_Y!' is not a BCP 47 language tag`.
    public var description: String { "\(ScriptErrorText.quoted(tag)) \(reason)" }
}

extension String {
    /// Replaces `{0}` with `value`.
    func replacingPlaceholder(with value: String) -> String {
        // Found in the UTF-8 bytes: `firstRange(of:)` over characters was most of a count's
        // cost in a debug build. `{0}` is ASCII, so the cut is on character boundaries.
        var text = self
        return text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index + 2 < count {
                if bytes[index] == 0x7B, bytes[index + 1] == 0x30, bytes[index + 2] == 0x7D {
                    var result = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
                    result += value
                    result += String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 3)...]), as: UTF8.self)
                    return result
                }
                index += 1
            }
            return self
        }
    }
}

/// A phrasebook's tables, made on first use, once, by whichever thread asks first; later reads
/// take no lock. Not generic on purpose: every spoken string is read through it, and in a debug
/// build (what `swift test` runs) a generic class looked up its value's `Optional` metadata on
/// every read.
final class LoadedTables: @unchecked Sendable {
    // `stored` is written once, under `lock`, before `ready` is set (releasing); it is read
    // without the lock only after `ready` is seen set (acquiring). So it is never written
    // while read.
    private let ready = Atomic<Bool>(false)
    private var stored: Phrasebook.Tables?
    private let lock = Mutex(())
    private let make: @Sendable () -> Phrasebook.Tables

    init(_ make: @escaping @Sendable () -> Phrasebook.Tables) { self.make = make }

    /// The tables, made now if this is the first use. - Complexity: O(1) after the first use.
    var value: Phrasebook.Tables {
        if ready.load(ordering: .acquiring) { return stored.unsafelyUnwrapped }
        return lock.withLock { _ in
            if let stored { return stored }
            let made = make()
            stored = made
            ready.store(true, ordering: .releasing)
            return made
        }
    }
}
