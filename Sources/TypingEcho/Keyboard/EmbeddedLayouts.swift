/// The keyboard layouts compiled into the binary from `Keyboards/`.
extension KeyboardLayout {
    /// The layout files by locale tag as in their names (`layout-pl-PL.txt`).
    static let embeddedFiles: [(locale: String, bytes: [UInt8])] = [
        ("en-US", EmbeddedFiles.layout_en_US_txt),
        ("en-GB", EmbeddedFiles.layout_en_GB_txt),
        ("pl-PL", EmbeddedFiles.layout_pl_PL_txt),
        ("de-DE", EmbeddedFiles.layout_de_DE_txt),
        ("fr-FR", EmbeddedFiles.layout_fr_FR_txt),
        ("es-ES", EmbeddedFiles.layout_es_ES_txt),
        ("it-IT", EmbeddedFiles.layout_it_IT_txt),
        ("pt-BR", EmbeddedFiles.layout_pt_BR_txt),
        ("nl-NL", EmbeddedFiles.layout_nl_NL_txt),
        ("sv-SE", EmbeddedFiles.layout_sv_SE_txt),
        ("cs-CZ", EmbeddedFiles.layout_cs_CZ_txt),
        ("ru-RU", EmbeddedFiles.layout_ru_RU_txt),
        ("ar", EmbeddedFiles.layout_ar_txt),
        ("he-IL", EmbeddedFiles.layout_he_IL_txt),
        ("th-TH", EmbeddedFiles.layout_th_TH_txt),
        ("ur-PK", EmbeddedFiles.layout_ur_PK_txt),
    ]

    /// Each layout file, read on first use of its locale (nil when it does not read): an
    /// engine reads only the layout it uses, not all of them at start-up.
    static let parsedFiles = ParsedOnce<KeyboardLayout> { locale in
        embeddedFiles.first { $0.locale == locale }.flatMap { try? KeyboardLayout(named: "Keyboards/layout-\(locale).txt", utf8: $0.bytes) }
    }

    /// Every built-in layout, in the order above; a file that does not read is left out
    /// (the test suite reads each one and reports its problem).
    public static let all: [KeyboardLayout] = embeddedFiles.compactMap { parsedFiles[$0.locale] }

    /// The layout for a BCP 47 tag: the same tag, else the same language (`pl` → `pl-PL`),
    /// else en-US. Files are picked by the tag in their name, which is their `[meta] locale`
    /// (the tests check it), and only the one picked is read.
    public static func matching(_ tag: String) -> KeyboardLayout {
        func first(where matches: (String) -> Bool) -> KeyboardLayout? {
            for file in embeddedFiles where matches(file.locale) {
                if let layout = parsedFiles[file.locale] { return layout }
            }
            return nil
        }
        let lowered = tag.lowercased()
        if let exact = first(where: { $0.lowercased() == lowered }) { return exact }
        let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        if let same = first(where: { $0.split(separator: "-").first?.lowercased() == language }) { return same }
        return parsedFiles["en-US"] ?? all[0]
    }

    /// The layout for a tag when one exists for its language, else nil (for `typing-echo layouts`).
    public static func named(_ tag: String) -> KeyboardLayout? {
        let layout = matching(tag)
        let language = tag.split(separator: "-").first.map { $0.lowercased() }
        return layout.locale.split(separator: "-").first?.lowercased() == language ? layout : nil
    }
}
