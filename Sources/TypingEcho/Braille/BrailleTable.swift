/// A liblouis table, named by its file name in liblouis's installed table folder
/// (`en-ueb-g1.ctb`, `pl.tbl`). The name is checked when it is made; whether the file exists
/// and compiles is checked by `Liblouis.translator(for:)`.
public struct BrailleTable: Sendable, Hashable, CustomStringConvertible {
    /// The table's file name.
    public let name: String

    /// The longest name accepted, in UTF-8 bytes (liblouis copies names into fixed buffers).
    public static let longestName = 128

    /// A table named `name`: a plain file name of letters, digits, `.`, `_`, `-` and `+`, not
    /// starting with a dot. A path separator, `..`, a comma (a list of tables), a space or a
    /// control character is refused, so that a name can only mean a file in the table folder.
    public init(_ name: some StringProtocol) throws(BrailleError) {
        let bytes = name.utf8
        let allowed = { (byte: UInt8) in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "-"), UInt8(ascii: "+"): return true
            default: return false
            }
        }
        guard !bytes.isEmpty, bytes.count <= Self.longestName, bytes.first != UInt8(ascii: "."),
              !name.contains(".."), bytes.allSatisfy(allowed) else {
            throw .tableNameRefused(Self.shortened(name))
        }
        self.name = String(name)
    }

    /// English, unified English braille, uncontracted (grade 1).
    public static let englishGrade1 = try! BrailleTable("en-ueb-g1.ctb")
    /// English, unified English braille, contracted (grade 2).
    public static let englishGrade2 = try! BrailleTable("en-ueb-g2.ctb")
    /// US English eight-dot computer braille.
    public static let englishComputer = try! BrailleTable("en-us-comp8.ctb")
    /// Polish, uncontracted.
    public static let polish = try! BrailleTable("pl.tbl")

    /// The tables a locale's display uses by default, best first, by language (the part of the
    /// locale identifier before `-` or `_`): an uncontracted literary table where liblouis has
    /// one, as NVDA's, Orca's and TalkBack's defaults are uncontracted. `Liblouis.defaultTable`
    /// takes the first one installed, else English grade 1. docs/braille.md lists them.
    public static let defaults: [String: [String]] = [
        "ar": ["ar.tbl"], "bg": ["bg.utb"], "ca": ["ca.tbl"], "cs": ["cs.tbl"], "da": ["da-dk-g16.ctb"],
        "de": ["de-g0.utb"], "el": ["el.ctb"], "en": ["en-ueb-g1.ctb"], "es": ["es.tbl"], "fa": ["fa-ir-g1.utb"],
        "fi": ["fi.utb"], "fr": ["fr-bfu-comp6.utb"], "gl": ["es.tbl"], "he": ["he-IL.utb"], "hr": ["hr-g1.tbl"],
        "it": ["it.tbl"], "ja": ["ja-kantenji.utb"], "nb": ["no-no-g0.utb"], "nl": ["nl.tbl"], "pl": ["pl.tbl"],
        "pt": ["pt-pt-g1.utb"], "ro": ["ro.tbl"], "ru": ["ru-litbrl.ctb"], "sk": ["sk-g1.ctb"], "sl": ["sl.tbl"],
        "sr": ["sr.tbl"], "sv": ["sv-g0.utb"], "th": ["th-g0.utb"], "tr": ["tr.tbl"], "uk": ["uk.utb"],
        "ur": ["ur-pk-g1.utb"],
    ]

    /// The computer braille tables a locale's display uses for print text shown as it is
    /// (``BrailleLayout/endMarker``: Orca with contracted braille off hands its text to
    /// BRLTTY, whose `en_US.ttb` text table gives printable ASCII the cells of
    /// `en-us-comp8.ctb`, checked character by character). Other languages: not checked; their
    /// literary default is used.
    public static let computerDefaults: [String: [String]] = ["en": ["en-us-comp8.ctb"]]

    /// The computer braille tables for a locale identifier, best first; empty for a language without one.
    public static func computerDefaults(forLocale identifier: String) -> [BrailleTable] {
        tables(in: computerDefaults, forLocale: identifier)
    }

    /// The default tables for a locale identifier (`pl-PL`, `en_US`, `pl`), best first; empty
    /// for a language without one.
    public static func defaults(forLocale identifier: String) -> [BrailleTable] {
        tables(in: defaults, forLocale: identifier)
    }

    /// The tables `list` has for a locale identifier's language, best first.
    private static func tables(in list: [String: [String]], forLocale identifier: String) -> [BrailleTable] {
        let language = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return (list[language] ?? []).map { try! BrailleTable($0) }
    }

    /// The name, shortened to 60 characters for a message.
    static func shortened(_ name: some StringProtocol) -> String {
        let visible = name.unicodeScalars.prefix(60).map { $0.properties.generalCategory == .control ? "?" : Character($0) }
        return String(visible) + (name.unicodeScalars.count > 60 ? "…" : "")
    }

    /// The file name.
    public var description: String { name }
}
