/// The dots that show the insertion point on the display (`braille-cursor`).
public enum BrailleCursorShape: String, Sendable, Hashable, CaseIterable {
    /// Dots 7 and 8 under the cell (NVDA's, TalkBack's and BRLTTY's default).
    case dots78 = "78"
    /// Dot 8 alone (NVDA's review cursor).
    case dot8 = "8"
    /// All eight dots.
    case all
    /// No cursor dots: the cursor's cell is still reported.
    case none

    /// The dots ORed into the cursor's cell.
    public var cell: BrailleCell {
        switch self {
        case .dots78: BrailleCell(dots: 0xC0)
        case .dot8: BrailleCell(dots: 0x80)
        case .all: BrailleCell(dots: 0xFF)
        case .none: BrailleCell(dots: 0)
        }
    }
}

/// How the display lays out the element in focus (`braille-layout`), as the reader's braille
/// generator does.
public enum BrailleLayout: String, Sendable, Hashable, CaseIterable {
    /// The label, then braille role abbreviations ("Username edt"), then a field's line and one
    /// blank cell for the insertion point at its end (NVDA's `getPropertiesBraille` and text
    /// region; every reader but Orca).
    case roles
    /// Orca's: a field's label, its line and the end marker ("Username Hello $l"), then its
    /// states ("invalid", "required"); any other element its label and the reader's role name
    /// ("Back push button") with the cursor on its first cell. The line is shown as print text
    /// in computer braille: the locale's computer braille table by default (Orca leaves
    /// contracted braille off and hands the text to BRLTTY's text table).
    case endMarker = "end-marker"
}

/// The braille settings: the display (`braille`, `braille-table`, `braille-cells`,
/// `braille-cursor`, `braille-expand`, `braille-layout`, `braille-error`) and Braille Screen
/// Input's table (`braille-input-table`).
///
/// Table names are checked for their form here; whether the table exists and compiles is
/// checked when braille is turned on (liblouis is opened only then).
public struct BrailleSettings: Sendable, Hashable {
    /// Whether the display is shown (`braille=on`); off by default: no braille events.
    public var isOn = false
    /// The display's table; nil for the locale's default (`Liblouis.defaultTable(forLocale:)`).
    public var table: BrailleTable?
    /// The cells of the display, 1–160 (40 by default).
    public var cells = 40
    /// The dots that show the insertion point.
    public var cursor = BrailleCursorShape.dots78
    /// Whether the word at the insertion point is shown in computer braille (liblouis's
    /// `compbrlAtCursor`), on by default as in NVDA and Orca.
    public var expandAtCursor = true
    /// Braille Screen Input's table; nil for the display's table.
    public var inputTable: BrailleTable?
    /// How the element in focus is laid out (the reader's braille generator).
    public var layout = BrailleLayout.roles
    /// Whether a field marked invalid shows it, and its error message, where the reader's
    /// braille does (`braille-error`); off for readers whose braille shows neither.
    public var showsError = false

    /// Creates the defaults: braille off, the locale's table, 40 cells, dots 7-8, expansion on.
    public init() {}

    /// The settings' names as scripts write them.
    public static let keys = [
        "braille", "braille-table", "braille-cells", "braille-cursor", "braille-expand", "braille-input-table", "braille-layout", "braille-error",
    ]

    /// The display's defaults under `reader` (`reader=` puts them in force): its layout, its
    /// width and whether an invalid field's error is shown. docs/braille.md gives the sources.
    static func defaults(for reader: ScreenReader) -> (layout: BrailleLayout, cells: Int, showsError: Bool) {
        switch reader {
        // Orca's `braille.py` DEFAULT_DISPLAY_SIZE (32) with no display attached; its
        // `formatting.py` BRAILLE_TEXT shows `invalid` and `required` after the end marker.
        case .orca: (.endMarker, 32, true)
        // NVDA's `getPropertiesBraille` shows the `invalid` state and the error message.
        case .nvda: (.roles, 40, true)
        // TalkBack's braille display rules and ChromeVox's braille output show no error;
        // VoiceOver's braille has no public source.
        case .voiceover, .talkback, .chromevox: (.roles, 40, false)
        }
    }

    /// The table in force: `table`, else the locale's default for the layout (a computer
    /// braille table for ``BrailleLayout/endMarker`` where liblouis has one for the language).
    public func tableInForce(locale: String, library: Liblouis) -> BrailleTable {
        if let table { return table }
        if layout == .endMarker, let computer = library.computerTable(forLocale: locale) { return computer }
        return library.defaultTable(forLocale: locale)
    }

    /// The most cells a display may have: `braille-cells` accepts 1 to this.
    public static let widest = 160

    /// Sets one braille setting from its script form. - Throws: `SettingError`.
    mutating func set(_ key: String, to value: String) throws(SettingError) {
        switch key {
        case "braille": isOn = try Settings.onOff(key, value)
        case "braille-table": table = try Self.table(key, value)
        case "braille-input-table": inputTable = try Self.table(key, value)
        case "braille-cells":
            guard value.utf8.count <= 3, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(value),
                  (1...Self.widest).contains(number) else {
                throw SettingError(key: key, problem: "expects a whole number of cells from 1 to \(Self.widest), got \(ScriptErrorText.quoted(value))")
            }
            cells = number
        case "braille-cursor": cursor = try Settings.choice(key, value)
        case "braille-expand": expandAtCursor = try Settings.onOff(key, value)
        case "braille-layout": layout = try Settings.choice(key, value)
        case "braille-error": showsError = try Settings.onOff(key, value)
        default: throw SettingError(key: key, problem: "is not a braille setting")
        }
    }

    /// A setting's value as a script writes it, or nil for a name that is not a braille setting.
    func scriptValue(for key: String) -> String? {
        switch key {
        case "braille": isOn ? "on" : "off"
        case "braille-table": table?.name ?? "default"
        case "braille-input-table": inputTable?.name ?? "default"
        case "braille-cells": String(cells)
        case "braille-cursor": cursor.rawValue
        case "braille-expand": expandAtCursor ? "on" : "off"
        case "braille-layout": layout.rawValue
        case "braille-error": showsError ? "on" : "off"
        default: nil
        }
    }

    private static func table(_ key: String, _ value: String) throws(SettingError) -> BrailleTable? {
        if value == "default" { return nil }
        do { return try BrailleTable(value) } catch { throw SettingError(key: key, problem: error.description) }
    }
}
