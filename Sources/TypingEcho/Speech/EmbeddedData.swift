import Synchronization

/// The translators' data files compiled into the binary (see `Phonetics/README.md`).
enum EmbeddedData {
    /// Phonetic alphabets and spoken names, by locale tag as in the file name.
    static let phonetics: [String: [UInt8]] = [
        "ar": EmbeddedFiles.ar_txt,
        "bg": EmbeddedFiles.bg_txt,
        "ca": EmbeddedFiles.ca_txt,
        "cs": EmbeddedFiles.cs_txt,
        "da": EmbeddedFiles.da_txt,
        "de": EmbeddedFiles.de_txt,
        "el": EmbeddedFiles.el_txt,
        "en": EmbeddedFiles.en_txt,
        "en-GB": EmbeddedFiles.en_GB_txt,
        "es": EmbeddedFiles.es_txt,
        "et": EmbeddedFiles.et_txt,
        "eu": EmbeddedFiles.eu_txt,
        "fa": EmbeddedFiles.fa_txt,
        "fi": EmbeddedFiles.fi_txt,
        "fr": EmbeddedFiles.fr_txt,
        "gl": EmbeddedFiles.gl_txt,
        "he": EmbeddedFiles.he_txt,
        "hr": EmbeddedFiles.hr_txt,
        "id": EmbeddedFiles.id_txt,
        "is": EmbeddedFiles.is_txt,
        "it": EmbeddedFiles.it_txt,
        "ka": EmbeddedFiles.ka_txt,
        "lt": EmbeddedFiles.lt_txt,
        "lv": EmbeddedFiles.lv_txt,
        "mk": EmbeddedFiles.mk_txt,
        "ms": EmbeddedFiles.ms_txt,
        "nb": EmbeddedFiles.nb_txt,
        "nl": EmbeddedFiles.nl_txt,
        "pl": EmbeddedFiles.pl_txt,
        "pt": EmbeddedFiles.pt_txt,
        "ro": EmbeddedFiles.ro_txt,
        "ru": EmbeddedFiles.ru_txt,
        "sk": EmbeddedFiles.sk_txt,
        "sl": EmbeddedFiles.sl_txt,
        "sr": EmbeddedFiles.sr_txt,
        "sv": EmbeddedFiles.sv_txt,
        "sw": EmbeddedFiles.sw_txt,
        "th": EmbeddedFiles.th_txt,
        "tr": EmbeddedFiles.tr_txt,
        "uk": EmbeddedFiles.uk_txt,
        "ur": EmbeddedFiles.ur_txt,
    ]

    /// The engine's spoken strings, by locale tag.
    static let speech: [String: [UInt8]] = [
        "ar": EmbeddedFiles.speech_ar_txt,
        "bg": EmbeddedFiles.speech_bg_txt,
        "ca": EmbeddedFiles.speech_ca_txt,
        "cs": EmbeddedFiles.speech_cs_txt,
        "da": EmbeddedFiles.speech_da_txt,
        "de": EmbeddedFiles.speech_de_txt,
        "el": EmbeddedFiles.speech_el_txt,
        "en": EmbeddedFiles.speech_en_txt,
        "es": EmbeddedFiles.speech_es_txt,
        "fa": EmbeddedFiles.speech_fa_txt,
        "fi": EmbeddedFiles.speech_fi_txt,
        "fr": EmbeddedFiles.speech_fr_txt,
        "gl": EmbeddedFiles.speech_gl_txt,
        "he": EmbeddedFiles.speech_he_txt,
        "hr": EmbeddedFiles.speech_hr_txt,
        "id": EmbeddedFiles.speech_id_txt,
        "it": EmbeddedFiles.speech_it_txt,
        "ja": EmbeddedFiles.speech_ja_txt,
        "mk": EmbeddedFiles.speech_mk_txt,
        "ms": EmbeddedFiles.speech_ms_txt,
        "nb": EmbeddedFiles.speech_nb_txt,
        "nl": EmbeddedFiles.speech_nl_txt,
        "pl": EmbeddedFiles.speech_pl_txt,
        "pt": EmbeddedFiles.speech_pt_txt,
        "ro": EmbeddedFiles.speech_ro_txt,
        "ru": EmbeddedFiles.speech_ru_txt,
        "sk": EmbeddedFiles.speech_sk_txt,
        "sl": EmbeddedFiles.speech_sl_txt,
        "sr": EmbeddedFiles.speech_sr_txt,
        "sv": EmbeddedFiles.speech_sv_txt,
        "th": EmbeddedFiles.speech_th_txt,
        "tr": EmbeddedFiles.speech_tr_txt,
        "uk": EmbeddedFiles.speech_uk_txt,
        "ur": EmbeddedFiles.speech_ur_txt,
    ]

    /// Each screen reader's own words, by `<reader>-<locale tag>`.
    static let readers: [String: [UInt8]] = [
        "voiceover-en": EmbeddedFiles.reader_voiceover_en_txt,
        "voiceover-pl": EmbeddedFiles.reader_voiceover_pl_txt,
        "talkback-en": EmbeddedFiles.reader_talkback_en_txt,
        "talkback-pl": EmbeddedFiles.reader_talkback_pl_txt,
        "nvda-en": EmbeddedFiles.reader_nvda_en_txt,
        "nvda-pl": EmbeddedFiles.reader_nvda_pl_txt,
        "orca-en": EmbeddedFiles.reader_orca_en_txt,
        "orca-pl": EmbeddedFiles.reader_orca_pl_txt,
        "chromevox-en": EmbeddedFiles.reader_chromevox_en_txt,
        "chromevox-pl": EmbeddedFiles.reader_chromevox_pl_txt,
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
