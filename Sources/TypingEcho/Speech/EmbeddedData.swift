/// The translators' data files compiled into the binary (see `Phonetics/README.md`).
enum EmbeddedData {
    /// The phonetics files, parsed once on first use (immutable afterwards). A file that does
    /// not parse is left out here; the validation tests report it with its line.
    static let parsedPhonetics: [String: DataFile] = parse(phonetics, folder: "Phonetics/", prefix: "")

    /// The speech string files, parsed once on first use.
    static let parsedSpeech: [String: DataFile] = parse(speech, folder: "Localization/", prefix: "speech-")

    private static func parse(_ files: [String: [UInt8]], folder: String, prefix: String) -> [String: DataFile] {
        files.reduce(into: [:]) { result, file in
            result[file.key] = try? DataFile(named: "\(folder)\(prefix)\(file.key).txt", utf8: file.value)
        }
    }

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
        "en": PackageResources.speech_en_txt,
    ]
}
