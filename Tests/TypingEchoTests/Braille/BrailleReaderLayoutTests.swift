import Foundation
import Testing
@testable import TypingEcho

/// The display laid out as each reader's braille generator lays it out: Orca's line (label,
/// text, "$l", states) in 32 cells of computer braille, and a field's error shown where the
/// reader's braille shows it. The expected cells come from `lou_translate` (``BrailleOracle``).
@Suite("The braille display per reader: Orca's line, and a field's error where the reader's braille shows it")
struct BrailleReaderLayoutTests {
    /// A run of `lines` after `settings reader=READER braille=on`, with focus on field `f`.
    static func shown(_ reader: String, _ declaration: String, extra: [String] = []) throws -> (cells: String, cursor: Int?) {
        let run = replay(["settings reader=\(reader) braille=on key-cadence=0 hints=off", declaration, "focus f"] + extra)
        #expect(run.error == nil, "\(run.errorLine ?? "")")
        let shown = try #require(run.lastBraille)
        return (shown.cells, shown.cursor)
    }

    @Test("Orca: label, text and the end marker in computer braille, the cursor on the marker's blank cell at the end")
    func orcaLine() throws {
        // GNOME/orca 43.1 (Debian), formatting.py BRAILLE_TEXT, braille.py Text and
        // EOL_INDICATOR_BRAILLE; live: "Username Hello $l", cursor=15 (from 1).
        let shown = try Self.shown("orca", "field f kind=text label=\"Username\" value=\"Hello\"")
        #expect(shown.cells == (try BrailleOracle.forward(["Username Hello $l"], table: .englishComputer)[0]))
        #expect(shown.cursor == 14)
        let moved = try Self.shown("orca", "field f kind=text label=\"Username\" value=\"Hello\"", extra: ["key home"])
        #expect(moved.cursor == 9)
        let empty = try Self.shown("orca", "field f kind=text label=\"Username\"")
        #expect(empty.cells == (try BrailleOracle.forward(["Username  $l"], table: .englishComputer)[0]))
        #expect(empty.cursor == 9)
    }

    @Test("Orca: 32 cells; a longer row pans by whole windows to the cursor")
    func orcaWidth() throws {
        let value = String(repeating: "abcdefghij", count: 4)
        let shown = try Self.shown("orca", "field f kind=text label=\"Notes\" value=\"\(value)\"")
        let row = try BrailleOracle.forward(["Notes \(value) $l"], table: .englishComputer)[0]
        // The cursor is on cell 46 of the row: the window of cells 32 to 63.
        #expect(shown.cells == String(Array(row)[32...]))
        #expect(shown.cursor == 46 - 32)
        let wider = try Self.shown("orca", "field f kind=text label=\"Notes\" value=\"\(value)\"", extra: ["settings braille-cells=80"])
        #expect(wider.cells == row)
    }

    @Test("Orca: a button is its label and Orca's role name, with the cursor on its first cell")
    func orcaComponent() throws {
        // formatting.py's default Component (label, role name); live: "Back push button", cursor=1.
        let shown = try Self.shown("orca", "element f label=\"Back\" kind=button")
        #expect(shown.cells == (try BrailleOracle.forward(["Back push button"], table: .englishComputer)[0]))
        #expect(shown.cursor == 0)
        // A heading with a level: ROLE_HEADING_LEVEL_BRAILLE "h%d".
        let heading = try Self.shown("orca", "element f label=\"Sign up\" kind=heading level=2")
        #expect(heading.cells == (try BrailleOracle.forward(["Sign up h2"], table: .englishComputer)[0]))
        // A read-only field: STATE_READ_ONLY_BRAILLE after the end marker.
        let readOnly = try Self.shown("orca", "field f kind=text label=\"Code\" value=\"42\" read-only")
        #expect(readOnly.cells.hasSuffix(try BrailleOracle.forward(["$l rdonly"], table: .englishComputer)[0]))
    }

    @Test("Orca: a password field is one mask cell per character before the end marker, whatever the characters")
    func orcaPassword() throws {
        let mask = BrailleCell.string(of: Array(repeating: .secureMask, count: 6))
        let head = try BrailleOracle.forward(["Password"], table: .englishComputer)[0]
        for secret in ["secret", "S3cr#t", "żółw12"] {
            let shown = try Self.shown("orca", "field f kind=secure label=\"Password\" value=\"\(secret)\"")
            #expect(shown.cells == head + "⠀" + mask + "⠀" + (try BrailleOracle.forward(["$l"], table: .englishComputer)[0]))
            #expect(shown.cursor == 15)
        }
    }

    /// A field marked invalid with an error message, and what each reader's braille shows of it.
    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var reader: String
        var toolkit = "gtk"
        /// The display's row, print text (nil: the same as without the error).
        var expected: String?
        /// Where the reader's own code says so.
        var source: String
        var testDescription: String { "\(reader) \(toolkit)" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(reader: "nvda", expected: "Phone invalid edt Enter a phone number. ",
                  source: "nvaccess/nvda source/braille.py (indexed version of 149,455 characters): getPropertiesBraille appends the states (positiveStateLabels State.INVALID_ENTRY \"invalid\"), the role, then errorMessage, which NVDAObjectRegion.update passes only with INVALID_ENTRY"),
        ErrorCase(reader: "orca", toolkit: "chromium", expected: "Phone  $l invalid: Enter a phone number. required",
                  source: "GNOME/orca 43.1 (Debian orca 43.1-1) formatting.py BRAILLE_TEXT, generator.py _generateInvalid, scripts/web/script_utilities.py getErrorMessage; heard live"),
        ErrorCase(reader: "orca", toolkit: "gtk", expected: "Phone  $l invalid required",
                  source: "GNOME/orca 43.1 generator.py _generateInvalid; script_utilities.py getErrorMessage returns \"\" outside a web page"),
        ErrorCase(reader: "talkback", expected: nil,
                  source: "google/talkback @ 26a27dc braille/brailledisplay/…/controller/rule/DefaultBrailleRule.java: the node's text and its checked mark, no error"),
        ErrorCase(reader: "voiceover", expected: nil, source: "no public source: nothing is shown"),
        ErrorCase(reader: "chromevox", expected: nil, source: "chromium output_rules.ts @ 0e49239 TEXT_FIELD; output_types.ts @ 509ca5d OUTPUT_STATE_INFO has no invalid state; output.ts hint_ returns for braille, so the error message (a hint) is not shown"),
    ]

    @Test("a field marked invalid shows the invalid state and its error where the reader's braille generator does", arguments: errorCases)
    func invalidField(_ example: ErrorCase) throws {
        let declaration = "field f kind=text label=\"Phone\" required invalid error=\"Enter a phone number.\""
        let shown = try Self.shown(example.reader, declaration, extra: ["settings toolkit=\(example.toolkit) braille-cells=160"])
        let plain = try Self.shown(example.reader, "field f kind=text label=\"Phone\" required", extra: ["settings toolkit=\(example.toolkit) braille-cells=160"])
        let table: BrailleTable = example.reader == "orca" ? .englishComputer : .englishGrade1
        if let expected = example.expected {
            let cells = try BrailleOracle.forward([expected.trimmingCharacters(in: .whitespaces)], table: table)[0] + (expected.hasSuffix(" ") ? "⠀⠀" : "")
            #expect(shown.cells == cells, "\(example.source)")
            #expect(shown.cells != plain.cells)
        } else {
            #expect(shown.cells == plain.cells, "\(example.source)")
        }
    }

    @Test("NVDA: the error message shows only with the invalid state, as NVDAObjectRegion passes it")
    func nvdaMessageNeedsInvalid() throws {
        let withoutState = try Self.shown("nvda", "field f kind=text label=\"Phone\" error=\"Enter a phone number.\"")
        let plain = try Self.shown("nvda", "field f kind=text label=\"Phone\"")
        #expect(withoutState.cells == plain.cells)
        let stateOnly = try Self.shown("nvda", "field f kind=text label=\"Phone\" invalid")
        #expect(stateOnly.cells == (try BrailleOracle.forward(["Phone invalid edt"], table: .englishGrade1)[0]) + "⠀⠀")
    }

    @Test("reader= puts the display's layout, width and error setting in force; a later setting wins")
    func profileDefaults() throws {
        var settings = Settings()
        for (reader, layout, cells, error) in [("orca", "end-marker", "32", "on"), ("nvda", "roles", "40", "on"), ("talkback", "roles", "40", "off"),
                                               ("chromevox", "roles", "40", "off"), ("voiceover", "roles", "40", "off")] {
            try settings.set("reader", to: reader)
            #expect(settings.scriptValue(for: "braille-layout") == layout)
            #expect(settings.scriptValue(for: "braille-cells") == cells)
            #expect(settings.scriptValue(for: "braille-error") == error)
        }
        try settings.set("reader", to: "orca")
        try settings.set("braille-cells", to: "40")
        try settings.set("braille-layout", to: "roles")
        #expect(settings.braille.cells == 40 && settings.braille.layout == .roles)
        #expect(throws: SettingError.self) { try settings.set("braille-layout", to: "orca") }
        // The table in force: computer braille for Orca's layout while braille-table is default.
        let library = try BrailleOracle.library
        try settings.set("braille-layout", to: "end-marker")
        #expect(settings.braille.tableInForce(locale: "en-US", library: library) == .englishComputer)
        #expect(settings.braille.tableInForce(locale: "pl-PL", library: library) == .polish)
        try settings.set("braille-table", to: "en-ueb-g2.ctb")
        #expect(settings.braille.tableInForce(locale: "en-US", library: library) == .englishGrade2)
    }
}
