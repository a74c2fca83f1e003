import Foundation
import Testing
@testable import TypingEcho

/// A table with the lines its tests translate.
struct BrailleCase: CustomTestStringConvertible, Sendable {
    var table: BrailleTable
    var lines: [String]
    var testDescription: String { table.name }
}

@Suite("Braille translation through liblouis")
struct BrailleTranslatorTests {
    static let lines = [
        "Hello world", "you went to the market", "The quick brown fox jumps over the lazy dog.",
        "Call 600 123 456, room 4.5", "e-mail: jan@example.com", "Zażółć gęślą jaźń", "Polska 2026",
        "ABC and (brackets) \"quotes\"", "",
    ]
    static let cases: [BrailleCase] = [.englishGrade1, .englishGrade2, .englishComputer, .polish].map { BrailleCase(table: $0, lines: lines) }

    @Test("a line's cells are liblouis's own translation of it", arguments: cases)
    func cellsMatchLiblouis(_ example: BrailleCase) throws {
        let translator = try BrailleOracle.library.translator(for: example.table)
        let expected = try BrailleOracle.forward(example.lines, table: example.table)
        for (line, cells) in zip(example.lines, expected) {
            let translation = try translator.translate(line, cursor: 0)
            #expect(translation.braille == cells, "\(example.table.name): \(line)")
            #expect(translation.start == 0 && translation.characters == 0..<line.count)
        }
    }

    /// Lines whose translation of any prefix is a prefix of the whole (no all-capital words).
    static let cursorLines = ["Hello world, 42 cats", "Zażółć gęślą jaźń", "mail me at jan.kowalski"]

    @Test("in uncontracted braille the cursor cell follows the insertion point through the line",
          arguments: [BrailleTable.englishGrade1, .englishComputer, .polish])
    func cursorThroughUncontractedLine(_ table: BrailleTable) throws {
        let translator = try BrailleOracle.library.translator(for: table)
        for line in Self.cursorLines {
            let characters = Array(line)
            let prefixes = (0...characters.count).map { String(characters[..<$0]) }
            let expected = try BrailleOracle.forward(prefixes, table: table).map { $0.unicodeScalars.count }
            let cursors = try (0...characters.count).map { try translator.translate(line, cursor: $0).cursor }
            #expect(cursors == expected.map { Optional($0) }, "\(table.name): \(line)")
        }
    }

    @Test("in contracted braille the cursor sits on the first cell of the word or contraction it is in")
    func cursorThroughContractedLine() throws {
        let translator = try BrailleOracle.library.translator(for: .englishGrade2)
        let line = "you went to the market with them"
        let whole = try translator.translate(line, cursor: nil)
        #expect(whole.cursor == nil)
        var previous = 0
        let characters = Array(line)
        for cursor in 0...characters.count {
            let translation = try translator.translate(line, cursor: cursor)
            let cell = try #require(translation.cursor)
            #expect(cell >= previous, "the cursor cell never goes back as the insertion point moves forward")
            previous = cell
            if cursor == characters.count {
                #expect(cell == translation.cells.count, "at the end the cursor has the cell after the text")
            } else {
                #expect(cell == translation.cellOfCharacter[cursor])
                #expect(translation.characterOfCell[cell] <= cursor, "routing to the cursor's cell lands at or before it")
            }
            if cursor == 0 || characters[cursor - 1] == " " {
                // At the start of a word, the cells before it are liblouis's translation of the text before it.
                let before = try BrailleOracle.forward([String(characters[..<cursor])], table: .englishGrade2)[0]
                #expect(cell == before.unicodeScalars.count, "word start \(cursor)")
            }
        }
    }

    @Test("expansion at the cursor shows the word in computer braille and the rest contracted")
    func expandAtCursor() throws {
        let translator = try BrailleOracle.library.translator(for: .englishGrade2)
        let line = "you went to the market"
        let characters = Array(line)
        let word = 4..<8  // "went"
        let pieces = try BrailleOracle.forward([String(characters[..<word.lowerBound])], table: .englishGrade2)
            + BrailleOracle.forward([String(characters[word])], table: .englishGrade1)
            + BrailleOracle.forward([String(characters[word.upperBound...])], table: .englishGrade2)
        for cursor in word {
            let expanded = try translator.translate(line, cursor: cursor, expandAtCursor: true)
            #expect(expanded.braille == pieces.joined(), "cursor \(cursor)")
            #expect(expanded.cursor == pieces[0].unicodeScalars.count + cursor - word.lowerBound)
            #expect(try translator.translate(line, cursor: cursor).braille != expanded.braille, "the word is contracted without expansion")
        }
        let atEnd = try translator.translate(line, cursor: characters.count, expandAtCursor: true)
        #expect(atEnd.braille == (try translator.translate(line, cursor: characters.count)).braille, "no word at the end, nothing expanded")
    }

    @Test("dots 7 and 8 come through as Unicode braille from eight-dot tables")
    func eightDots() throws {
        let translation = try BrailleOracle.library.translator(for: .englishComputer).translate("Hi", cursor: 0)
        #expect(translation.cells.first.map { $0.dots & 0xC0 != 0 } == true)
        #expect(translation.braille == (try BrailleOracle.forward(["Hi"], table: .englishComputer))[0])
    }

    @Test("braille input back-translates as liblouis does", arguments: [BrailleTable.englishGrade1, .englishGrade2, .polish])
    func backTranslation(_ table: BrailleTable) throws {
        let translator = try BrailleOracle.library.translator(for: table)
        // Lines whose characters the table defines: liblouis's escapes for undefined ones
        // (`'\x017a'`) are not braille input.
        let lines = Self.lines.filter { !$0.isEmpty && (table == .polish || $0.unicodeScalars.allSatisfy(\.isASCII)) }
        let braille = try BrailleOracle.forward(lines, table: table)
        let expected = try BrailleOracle.backward(braille, table: table)
        for (cells, text) in zip(braille, expected) {
            #expect(try translator.backTranslate(try #require(BrailleCell.cells(of: cells))) == text, "\(table.name): \(cells)")
        }
    }

    @Test("uncontracted input enters the letters typed: ⠓⠑⠇⠇⠕ is hello")
    func hello() throws {
        let cells = try #require(BrailleCell.cells(of: "⠓⠑⠇⠇⠕"))
        let expected = try BrailleOracle.backward(["⠓⠑⠇⠇⠕"], table: .englishGrade1)[0]
        #expect(try BrailleOracle.library.translator(for: .englishGrade1).backTranslate(cells) == expected)
        #expect(expected == "hello")
    }

    @Test("a table that declares it translates forward only refuses braille input")
    func forwardOnlyRefused() throws {
        let translator = try BrailleOracle.library.translator(for: try BrailleTable("de-g2.ctb"))
        #expect(!translator.readsBackward)
        #expect(throws: BrailleError.cannotBackTranslate(table: "de-g2.ctb")) {
            try translator.backTranslate([BrailleCell(dots: 1)])
        }
    }

    @Test("a secure field's line is one mask cell per character, whatever the characters")
    func maskedLine() throws {
        let line = try BrailleTranslation.masked(count: 5, cursor: 5)
        #expect(line.braille == "⠿⠿⠿⠿⠿" && line.cursor == 5 && line.characterOfCell == [0, 1, 2, 3, 4])
        #expect(throws: BrailleError.cursorOutOfRange(cursor: 6)) { try BrailleTranslation.masked(count: 5, cursor: 6) }
    }

    @Test("cells and dot numbers convert both ways")
    func cells() {
        #expect(BrailleCell(dotNumbers: "125")?.description == "⠓")
        #expect(BrailleCell(dotNumbers: "78") == .dots78 && BrailleCell.dots78.description == "⣀")
        #expect(BrailleCell(dotNumbers: "0") == nil && BrailleCell(dotNumbers: "9") == nil && BrailleCell(dotNumbers: "11") == nil)
        #expect(BrailleCell("⣿" as Unicode.Scalar)?.dotNumbers == "12345678" && BrailleCell.blank.dotNumbers == "0")
        #expect(BrailleCell.cells(of: "⠓a") == nil)
        #expect(BrailleCell(dots: 0x13).raising(.dots78).description == "⣓")
    }

    @Test("the default table follows the locale")
    func defaults() throws {
        let library = try BrailleOracle.library
        #expect(library.defaultTable(forLocale: "en-US") == .englishGrade1)
        #expect(library.defaultTable(forLocale: "pl_PL") == .polish)
        #expect(library.defaultTable(forLocale: "xx") == .englishGrade1)
        let names = Set(library.tableNames())
        for (language, tables) in BrailleTable.defaults {
            for table in tables where names.contains(table) {
                #expect(throws: Never.self, "\(language): \(table)") { try library.translator(for: BrailleTable(table)) }
            }
            // Thai tables arrived in liblouis 3.27; every other default is in Debian 12's 3.24.
            #expect(tables.contains(where: names.contains) || language == "th", "\(language) has no installed default")
        }
    }
}

@Suite("Braille on the command line")
struct BrailleCommandLineTests {
    @Test("--version names the liblouis version found")
    func version() throws {
        let run = try Tool.run(["--version"])
        let version = try BrailleOracle.library.version
        #expect(run.status == 0 && run.output.contains(", liblouis \(version))"))
    }
}
