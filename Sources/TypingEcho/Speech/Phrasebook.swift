import CICU

/// What the engine says in one language: its spoken strings, plural forms, character names,
/// phonetic words and the word for "capital", loaded from the translators' files with
/// fallback from the region to the language to English (`pl-PL` → `pl` → `en`).
public struct Phrasebook: Sendable {
    /// The BCP 47 tag speech is tagged with (`en-US`).
    public let locale: String
    /// The ICU locale id (`en_US`) used for segmentation, case and plurals.
    public let icuLocale: String
    private let strings: [String: String]
    private let plurals: [String: [String: String]]
    private let names: [String: String]
    private let letters: [String: String]
    /// The word said before a capital letter ("capital").
    public let capitalWord: String
    private let rules: PluralRules

    /// Loads the phrasebook for a BCP 47 tag such as `pl-PL`.
    /// - Throws: `LocaleError` when the tag is malformed; missing translations fall back.
    public init(locale tag: String) throws(LocaleError) {
        let icu = try Self.icuLocale(for: tag)
        let candidates = Self.fallbacks(for: tag)
        let speechFiles = candidates.compactMap { EmbeddedData.parsedSpeech[$0] }
        let phoneticFiles = candidates.compactMap { EmbeddedData.parsedPhonetics[$0] }
        func merged(_ files: [DataFile], _ section: String) -> [String: String] {
            files.reversed().reduce(into: [:]) { result, file in result.merge(file.section(section)) { $1 } }
        }
        locale = tag
        icuLocale = icu
        strings = merged(speechFiles, "strings")
        var plurals: [String: [String: String]] = [:]
        // Plural forms come whole from the most specific file that has the key, never mixed.
        for file in speechFiles.reversed() {
            var forms: [String: [String: String]] = [:]
            for (key, value) in file.section("plurals") {
                guard let dot = key.lastIndex(of: ".") else { continue }
                forms[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = value
            }
            plurals.merge(forms) { $1 }
        }
        self.plurals = plurals
        let primaryPhonetics = phoneticFiles.first.map { [$0] } ?? []
        names = merged(phoneticFiles, "names").reduce(into: [:]) { $0[Self.decodeKey($1.key)] = $1.value }
        letters = merged(primaryPhonetics, "letters")
        capitalWord = merged(phoneticFiles, "words")["capital"] ?? "capital"
        do {
            rules = try PluralRules(locale: icu)
        } catch {
            throw LocaleError(tag: tag, reason: error.description)
        }
    }

    /// A spoken string by key ("role.text"), falling back to the key itself if no file has it.
    public func string(_ key: String) -> String { strings[key] ?? key }

    /// A counted phrase with the locale's plural form and digits: "5 characters", "5 znaków".
    public func count(_ key: String, _ number: Int) -> String {
        let forms = plurals[key] ?? [:]
        let template = forms[rules.category(of: number)] ?? forms["other"] ?? "{0} \(key)"
        return template.replacingPlaceholder(with: rules.format(number))
    }

    /// The phonetic word for a letter ("Mike" for m or M), if the alphabet has one.
    public func phoneticWord(for character: Character) -> String? {
        letters[String(character)] ?? letters[CaseMapping.lowercase(String(character), locale: icuLocale)]
    }

    /// How a single character is spoken, without any capital prefix: letters and digits as
    /// themselves, named symbols by their name ("period"), anything else by its Unicode name.
    public func spokenName(of character: Character) -> String {
        let text = String(character)
        if let name = names[text] { return name }
        let scalars = character.unicodeScalars
        if let first = scalars.first {
            let category = CharacterCategory(of: first)
            if category.isLetter || category.isNumber { return text }
            if scalars.count == 1, let name = CharacterProperties.name(of: first) { return name }
        }
        // A sequence (emoji with modifiers, ZWJ sequences, flags): name its visible parts.
        let parts = scalars.filter { $0.value != 0x200D && $0.value != 0xFE0F }.map { scalar in
            names[String(scalar)] ?? CharacterProperties.name(of: scalar) ?? "U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
        return parts.isEmpty ? string("blank") : parts.joined(separator: " ")
    }

    /// Every plural category ICU reports for this locale.
    public var pluralCategories: [String] { rules.categories }

    /// The candidate file names for a tag, most specific first, English last.
    static func fallbacks(for tag: String) -> [String] {
        var result: [String] = []
        var parts = tag.split(separator: "-").map(String.init)
        while !parts.isEmpty {
            result.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        if !result.contains("en") { result.append("en") }
        return result
    }

    /// The ICU locale id for a BCP 47 tag, or an error for a malformed tag.
    static func icuLocale(for tag: String) throws(LocaleError) -> String {
        do {
            return try ICU.withResizingByteBuffer("reading the locale tag", initialCapacity: 64) { buffer, capacity, status in
                tecu_locale_from_tag(tag, buffer, capacity, &status)
            }
        } catch {
            throw LocaleError(tag: tag, reason: "not a BCP 47 language tag")
        }
    }

    /// Decodes a `U+XXXX` key to its character; other keys are NFC-normalised as they are.
    static func decodeKey(_ key: String) -> String {
        if key.hasPrefix("U+"), let value = UInt32(key.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) {
            return String(scalar)
        }
        return key
    }
}

/// A locale tag that cannot be used.
public struct LocaleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The tag as given.
    public var tag: String
    /// Why it cannot be used.
    public var reason: String

    /// `'xx_Y!' is not a BCP 47 language tag`.
    public var description: String { "'\(tag)' \(reason)" }
}

extension String {
    /// Replaces `{0}` with `value`.
    func replacingPlaceholder(with value: String) -> String {
        guard let range = firstRange(of: "{0}") else { return self }
        return self[..<range.lowerBound] + value + self[range.upperBound...]
    }
}
