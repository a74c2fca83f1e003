import Synchronization

/// The translators' data files compiled into the binary (see `Phonetics/README.md`).
enum EmbeddedData {
    /// Phonetic alphabets and spoken names, by locale tag as in the file name.
    static let phonetics: [String: [UInt8]] = [
        "ar": PackageResources.ar_txt,
        "bg": PackageResources.bg_txt,
        "ca": PackageResources.ca_txt,
        "cs": PackageResources.cs_txt,
        "da": PackageResources.da_txt,
        "de": PackageResources.de_txt,
        "el": PackageResources.el_txt,
        "en": PackageResources.en_txt,
        "en-GB": PackageResources.en_GB_txt,
        "es": PackageResources.es_txt,
        "et": PackageResources.et_txt,
        "eu": PackageResources.eu_txt,
        "fa": PackageResources.fa_txt,
        "fi": PackageResources.fi_txt,
        "fr": PackageResources.fr_txt,
        "gl": PackageResources.gl_txt,
        "he": PackageResources.he_txt,
        "hr": PackageResources.hr_txt,
        "id": PackageResources.id_txt,
        "is": PackageResources.is_txt,
        "it": PackageResources.it_txt,
        "ka": PackageResources.ka_txt,
        "lt": PackageResources.lt_txt,
        "lv": PackageResources.lv_txt,
        "mk": PackageResources.mk_txt,
        "ms": PackageResources.ms_txt,
        "nb": PackageResources.nb_txt,
        "nl": PackageResources.nl_txt,
        "pl": PackageResources.pl_txt,
        "pt": PackageResources.pt_txt,
        "ro": PackageResources.ro_txt,
        "ru": PackageResources.ru_txt,
        "sk": PackageResources.sk_txt,
        "sl": PackageResources.sl_txt,
        "sr": PackageResources.sr_txt,
        "sv": PackageResources.sv_txt,
        "sw": PackageResources.sw_txt,
        "th": PackageResources.th_txt,
        "tr": PackageResources.tr_txt,
        "uk": PackageResources.uk_txt,
        "ur": PackageResources.ur_txt,
    ]

    /// The engine's spoken strings, by locale tag.
    static let speech: [String: [UInt8]] = [
        "ar": PackageResources.speech_ar_txt,
        "bg": PackageResources.speech_bg_txt,
        "ca": PackageResources.speech_ca_txt,
        "cs": PackageResources.speech_cs_txt,
        "da": PackageResources.speech_da_txt,
        "de": PackageResources.speech_de_txt,
        "el": PackageResources.speech_el_txt,
        "en": PackageResources.speech_en_txt,
        "es": PackageResources.speech_es_txt,
        "fa": PackageResources.speech_fa_txt,
        "fi": PackageResources.speech_fi_txt,
        "fr": PackageResources.speech_fr_txt,
        "gl": PackageResources.speech_gl_txt,
        "he": PackageResources.speech_he_txt,
        "hr": PackageResources.speech_hr_txt,
        "id": PackageResources.speech_id_txt,
        "it": PackageResources.speech_it_txt,
        "ja": PackageResources.speech_ja_txt,
        "mk": PackageResources.speech_mk_txt,
        "ms": PackageResources.speech_ms_txt,
        "nb": PackageResources.speech_nb_txt,
        "nl": PackageResources.speech_nl_txt,
        "pl": PackageResources.speech_pl_txt,
        "pt": PackageResources.speech_pt_txt,
        "ro": PackageResources.speech_ro_txt,
        "ru": PackageResources.speech_ru_txt,
        "sk": PackageResources.speech_sk_txt,
        "sl": PackageResources.speech_sl_txt,
        "sr": PackageResources.speech_sr_txt,
        "sv": PackageResources.speech_sv_txt,
        "th": PackageResources.speech_th_txt,
        "tr": PackageResources.speech_tr_txt,
        "uk": PackageResources.speech_uk_txt,
        "ur": PackageResources.speech_ur_txt,
    ]

    /// Each screen reader's own words, by `<reader>-<locale tag>`.
    static let readers: [String: [UInt8]] = [
        "voiceover-en": PackageResources.reader_voiceover_en_txt,
        "voiceover-pl": PackageResources.reader_voiceover_pl_txt,
        "talkback-en": PackageResources.reader_talkback_en_txt,
        "talkback-pl": PackageResources.reader_talkback_pl_txt,
        "nvda-en": PackageResources.reader_nvda_en_txt,
        "nvda-pl": PackageResources.reader_nvda_pl_txt,
        "orca-en": PackageResources.reader_orca_en_txt,
        "orca-pl": PackageResources.reader_orca_pl_txt,
        "chromevox-en": PackageResources.reader_chromevox_en_txt,
        "chromevox-pl": PackageResources.reader_chromevox_pl_txt,
    ]

    /// The phonetics files by locale tag, each read on first use of its locale (a process
    /// that speaks English reads `en.txt` alone); a file with a problem is nil (the tests name it).
    static let alphabets = ParsedOnce<PhoneticAlphabet> { tag in
        phonetics[tag].flatMap { try? PhoneticAlphabet(named: "Phonetics/\(tag).txt", utf8: $0) }
    }

    /// The speech tables by locale tag, each read on first use of its locale; a file with a
    /// problem is nil (the tests name it).
    static let speechTables = ParsedOnce<DataFile> { tag in
        speech[tag].flatMap { try? DataFile(named: "Localization/speech-\(tag).txt", utf8: $0) }
    }
}

extension EmbeddedData {
    /// The readers' word tables by `<reader>-<locale tag>`, each read on first use; a file with
    /// a problem is nil (the tests name it).
    static let readerTables = ParsedOnce<DataFile> { key in
        readers[key].flatMap { try? DataFile(named: "Localization/reader-\(key).txt", utf8: $0) }
    }
}

/// Values made from embedded files on first use of their key, once per process: start-up
/// parses nothing, and a session parses only its own locale's files (parsing all of them took
/// about 330 M instructions, most of an empty replay). Thread-safe; the values never change once
/// made, so a lookup gives the same answer whenever it runs.
final class ParsedOnce<Value: Sendable>: Sendable {
    /// An entry is never changed once stored (nil: the file is missing or bad).
    private let values = Mutex<[String: Value?]>([:])
    private let make: @Sendable (String) -> Value?

    /// - Parameter make: Makes the value for a key (parses its file); called once per key,
    ///   under the lock, so it must not look up this table.
    init(_ make: @escaping @Sendable (String) -> Value?) { self.make = make }

    /// The value for `key`, made now if this is its first use. - Complexity: O(1) after the first use.
    subscript(key: String) -> Value? {
        values.withLock { values in
            if let value = values[key] { return value }
            let value = make(key)
            values[key] = .some(value)
            return value
        }
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
    /// The `<reader>-<locale>` names of the readers' word tables (`talkback-pl`), sorted.
    public static var readerTables: [String] { EmbeddedData.readers.keys.sorted() }
    /// The bytes of `Localization/reader-<reader>-<locale>.txt`.
    public static func readerFile(_ name: String) -> [UInt8]? { EmbeddedData.readers[name] }
}
