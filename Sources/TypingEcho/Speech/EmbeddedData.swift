/// The translators' data files compiled into the binary (see `Phonetics/README.md`).
enum EmbeddedData {
    /// Phonetic alphabets and spoken names, by locale tag as in the file name.
    static let phonetics: [String: [UInt8]] = [
        "cs": PackageResources.cs_txt,
        "de": PackageResources.de_txt,
        "en": PackageResources.en_txt,
        "en-GB": PackageResources.en_GB_txt,
        "es": PackageResources.es_txt,
        "fr": PackageResources.fr_txt,
        "it": PackageResources.it_txt,
        "nl": PackageResources.nl_txt,
        "pl": PackageResources.pl_txt,
        "pt": PackageResources.pt_txt,
        "sv": PackageResources.sv_txt,
        "ur": PackageResources.ur_txt,
    ]

    /// The engine's spoken strings, by locale tag.
    static let speech: [String: [UInt8]] = [
        "ar": PackageResources.speech_ar_txt,
        "cs": PackageResources.speech_cs_txt,
        "de": PackageResources.speech_de_txt,
        "en": PackageResources.speech_en_txt,
        "es": PackageResources.speech_es_txt,
        "fr": PackageResources.speech_fr_txt,
        "he": PackageResources.speech_he_txt,
        "it": PackageResources.speech_it_txt,
        "ja": PackageResources.speech_ja_txt,
        "nl": PackageResources.speech_nl_txt,
        "pl": PackageResources.speech_pl_txt,
        "pt": PackageResources.speech_pt_txt,
        "ru": PackageResources.speech_ru_txt,
        "sv": PackageResources.speech_sv_txt,
        "th": PackageResources.speech_th_txt,
        "ur": PackageResources.speech_ur_txt,
    ]

    /// The phonetics files, read once; a file with a problem is left out (the tests name it).
    static let alphabets: [String: PhoneticAlphabet] = phonetics.reduce(into: [:]) { result, file in
        result[file.key] = try? PhoneticAlphabet(named: "Phonetics/\(file.key).txt", utf8: file.value)
    }

    /// The speech tables, read once; a file with a problem is left out (the tests name it).
    static let speechTables: [String: DataFile] = speech.reduce(into: [:]) { result, file in
        result[file.key] = try? DataFile(named: "Localization/speech-\(file.key).txt", utf8: file.value)
    }
}

/// The data files built into the library, for tools and tests that check them.
public enum BundledData {
    /// The locales with a phonetics file (`en`, `en-GB`, `pl`, …), sorted.
    public static var phoneticsLocales: [String] { EmbeddedData.phonetics.keys.sorted() }
    /// The locales with a speech table (`en`, `pl`, `ur`), sorted.
    public static var speechLocales: [String] { EmbeddedData.speech.keys.sorted() }

    /// The bytes of `Phonetics/<locale>.txt`.
    public static func phoneticsFile(_ locale: String) -> [UInt8]? { EmbeddedData.phonetics[locale] }
    /// The bytes of `Localization/speech-<locale>.txt`.
    public static func speechFile(_ locale: String) -> [UInt8]? { EmbeddedData.speech[locale] }
}
