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

/// The braille settings: the display (`braille`, `braille-table`, `braille-cells`,
/// `braille-cursor`, `braille-expand`) and Braille Screen Input's table (`braille-input-table`).
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

    /// Creates the defaults: braille off, the locale's table, 40 cells, dots 7-8, expansion on.
    public init() {}

    /// The settings' names as scripts write them.
    public static let keys = ["braille", "braille-table", "braille-cells", "braille-cursor", "braille-expand", "braille-input-table"]

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
        default: nil
        }
    }

    private static func table(_ key: String, _ value: String) throws(SettingError) -> BrailleTable? {
        if value == "default" { return nil }
        do { return try BrailleTable(value) } catch { throw SettingError(key: key, problem: error.description) }
    }
}
