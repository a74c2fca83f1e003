import Foundation
import Testing
@testable import TypingEcho

/// The braille events of a run.
extension ReplayRun {
    var brailleWindows: [BrailleWindow] {
        events.compactMap { if case .braille(let window) = $0.event { window } else { nil } }
    }

    /// What the display shows at the end: its cells without the cursor dots, the cursor cell
    /// and the first character shown.
    var lastBraille: (cells: String, cursor: Int?, start: Int)? {
        guard let shown = engine?.brailleShown, let window = brailleWindows.last else { return nil }
        return (shown.cells, shown.cursor, window.start)
    }
}

@Suite("The braille display: the focused field's line, its cursor, panning and routing")
struct BrailleDisplayTests {
    static let tables: [BrailleTable] = [.englishGrade1, .englishGrade2, .englishComputer, .polish]
    static let lines = ["Hello world, 42 cats", "Zażółć gęślą jaźń", "you went to the market"]

    /// A field `f` labelled "Name" being edited with braille on in `table`.
    static func script(_ table: BrailleTable, cells: Int = 160, expand: Bool = false, kind: String = "text") -> [String] {
        ["settings braille=on braille-table=\(table.name) braille-cells=\(cells) braille-expand=\(expand ? "on" : "off") key-cadence=0",
         "field f kind=\(kind) label=\"Name\"", "focus f", "double-tap"]
    }

    @Test("a field's cells are the label and role words, then liblouis's own translation of its line and one blank cell for the cursor",
          arguments: tables)
    func cellsAreLiblouisTranslation(_ table: BrailleTable) throws {
        let prefix = try BrailleOracle.forward(["Name edt"], table: table)[0]
        let expected = try BrailleOracle.forward(Self.lines, table: table)
        for (line, cells) in zip(Self.lines, expected) {
            let run = replay(Self.script(table) + ["keys \"\(line)\"", "expect braille-cursor \(prefix.count + 1 + cells.count)"])
            let shown = try #require(run.lastBraille)
            #expect(shown.cells == prefix + "⠀" + cells + "⠀", "\(table.name): \(line)")
            #expect(shown.cursor == prefix.count + 1 + cells.count)
            #expect(shown.start == 0)
            #expect(run.failures.isEmpty, "\(run.failures)")
        }
    }

    @Test("the cursor cell follows the insertion point through typing and moves, at liblouis's outputPos", arguments: tables)
    func cursorFollowsInsertionPoint(_ table: BrailleTable) throws {
        let translator = try BrailleOracle.library.translator(for: table)
        let prefix = try BrailleOracle.forward(["Name edt"], table: table)[0].count + 1
        let line = "Hello world, 42 cats"
        var lines = Self.script(table) + ["keys \"\(line)\"", "key home"]
        var expected: [Int] = []
        let translation = try translator.translate(line, cursor: 0)
        for offset in 0..<line.count {
            expected.append(prefix + translation.cellOfCharacter[offset])
            lines.append("expect braille-cursor \(prefix + translation.cellOfCharacter[offset])")
            lines.append("key right")
        }
        lines.append("expect braille-cursor \(prefix + translation.cells.count)")
        let run = replay(lines)
        #expect(run.failures.isEmpty, "\(table.name): \(run.failures.map(\.message))")
        #expect(!expected.isEmpty)
    }

    @Test("with expansion on, the word at the cursor is liblouis's compbrlAtCursor translation", arguments: tables)
    func expansionAtCursorMatchesLiblouis(_ table: BrailleTable) throws {
        let translator = try BrailleOracle.library.translator(for: table)
        let prefix = try BrailleOracle.forward(["Name edt"], table: table)[0] + "⠀"
        let line = "you went to the market"
        for offset in [0, 5, 7, 12, line.count] {
            let run = replay(Self.script(table, expand: true) + ["keys \"\(line)\"", "key home"]
                             + Array(repeating: "key right", count: offset))
            let expected = try translator.translate(line, cursor: offset, expandAtCursor: true)
            let shown = try #require(run.engine?.brailleShown)
            #expect(shown.cells == prefix + expected.braille + "⠀", "\(table.name) at \(offset)")
            #expect(shown.cursor == prefix.count + (expected.cursor ?? 0), "\(table.name) at \(offset)")
        }
    }

    @Test("routing key N moves the insertion point to the character shown in cell N, the trailing cell to the end")
    func routingMovesTheInsertionPoint() throws {
        let table = BrailleTable.englishGrade1
        let translator = try BrailleOracle.library.translator(for: table)
        let prefix = try BrailleOracle.forward(["Name edt"], table: table)[0].count + 1
        let line = "Hello world"
        let translation = try translator.translate(line)
        var lines = Self.script(table) + ["keys \"\(line)\""]
        for cell in [0, 3, 6, translation.cells.count - 1] {
            lines += ["route \(prefix + cell)", "expect cursor \(translation.characterOfCell[cell])",
                      "expect braille-cursor \(prefix + translation.cellOfCharacter[translation.characterOfCell[cell]])"]
        }
        lines += ["route \(prefix + translation.cells.count)", "expect cursor \(line.count)", "route 0", "expect cursor \(line.count)"]
        let run = replay(lines)
        #expect(run.failures.isEmpty, "\(run.failures.map(\.message))")
    }

    @Test("the window pans by whole windows, follows the cursor after a change, and routing counts from the window shown")
    func panningByWholeWindows() throws {
        let run = replay(Self.script(.englishGrade1, cells: 8) + [
            "keys \"abcdefghijklmnopqrstuvwxyz\"",
            // "⠠⠝⠁⠍⠑⠀⠑⠙⠞⠀" is 10 cells, the text 26 more: the cursor on cell 36 is cell 4 of the fifth window.
            "expect braille-cursor 4",
            "pan left", "pan left", "pan left", "pan left", "pan left",
            "expect braille-cursor none", "expect braille \"⠠⠝⠁⠍⠑⠀⠑⠙\"",
            "pan right", "expect braille \"⠞⠀⠁⠃⠉⠙⠑⠋\"",
            "route 2", "expect cursor 0", "expect braille-cursor 2",
            "key end", "expect braille-cursor 4", "pan right", "expect braille-cursor 4",
        ])
        #expect(run.failures.isEmpty, "\(run.failures.map(\.message))")
        let starts = run.brailleWindows.map(\.start)
        #expect(starts.contains(0) && starts.contains(22))
    }

    @Test("selected cells carry dots 7-8; the cursor shape is the braille-cursor setting")
    func selectionAndCursorShape() throws {
        let run = replay(Self.script(.englishGrade1) + ["keys \"abc\"", "key shift-left", "key shift-left", "settings braille-cursor=all"])
        let window = try #require(run.brailleWindows.last)
        // ⠁ then ⠃ and ⠉ selected (dots 7-8 added), the cursor at 1 shown with all dots.
        #expect(window.cells.hasSuffix("⠁⣿⣉⠀"))
        #expect(run.engine?.brailleShown?.cells.hasSuffix("⠁⣃⣉⠀") == true)
    }

    @Test("a braille event is sent only when what the display shows changes")
    func eventsOnlyOnChange() throws {
        let run = replay(Self.script(.englishGrade1) + ["keys \"ab\"", "wait 5", "swipe up", "key right", "key right"])
        let windows = run.brailleWindows
        #expect(zip(windows, windows.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test("a secure field shows one mask cell per character, never liblouis's translation, and no expansion")
    func secureFieldMasks() throws {
        let first = replay(Self.script(.englishGrade2, expand: true, kind: "secure") + ["keys \"Ab1 the\"", "key left", "key left", "key shift-left", "route 20"])
        let second = replay(Self.script(.englishGrade2, expand: true, kind: "secure") + ["keys \"zq9#WXY\"", "key left", "key left", "key shift-left", "route 20"])
        #expect(first.brailleWindows == second.brailleWindows)
        #expect(first.json.filter { $0.contains("\"braille\"") } == second.json.filter { $0.contains("\"braille\"") })
        let cells = try #require(first.engine?.brailleShown?.cells)
        #expect(cells.hasSuffix("⠀⠿⠿⠿⠿⣿⠿⠿⠀"))
    }

    @Test("an element that is not a field shows its label, role words and value")
    func elementRoleWords() throws {
        let translator = try BrailleOracle.library.translator(for: .englishGrade1)
        let run = replay("settings braille=on", "element ok label=\"Sign in\" kind=button", "focus ok")
        #expect(run.engine?.brailleShown?.cells == (try translator.translate("Sign in btn")).braille)
        #expect(run.lastBraille?.cursor == nil)
    }

    @Test("without liblouis, a script that turns braille on exits 69 with one line; other scripts still run")
    func withoutLiblouis() throws {
        let hidden = [Liblouis.libraryVariable: "/nonexistent/liblouis.so.20"]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-braille-\(getpid()).replay").path
        try "settings braille=on\nfield f kind=text label=\"Name\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Tool.run(["replay", path], environment: hidden)
        #expect(result.status == 69)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("apt-get install liblouis20 liblouis-data") && result.error.contains(":1:18: error:"))
        try "field f kind=text label=\"Name\"\nfocus f\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Tool.run(["replay", path], environment: hidden).status == 0)
    }

    @Test("a table name with a path or '..' is refused, a missing table is named, a bad number of cells is refused")
    func badSettings() throws {
        for setting in ["braille-table=../en-ueb-g1.ctb", "braille-table=/usr/share/liblouis/tables/en-ueb-g1.ctb",
                        "braille-table=en-ueb-g3.ctb", "braille-table=countries.cti", "braille-cells=0", "braille-cells=161",
                        "braille-cursor=7"] {
            let run = replay("settings braille=on \(setting)", expecting: .stopsWithError)
            #expect(run.error?.kind == .badSetting, "\(setting): \(String(describing: run.error))")
        }
    }
}
