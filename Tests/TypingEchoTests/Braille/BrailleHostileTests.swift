import Foundation
import Testing
@testable import TypingEcho

@Suite("Braille with hostile input")
struct BrailleHostileTests {
    @Test("a table name with a path, '..', a list or odd characters is refused before liblouis sees it",
          arguments: ["../en-ueb-g1.ctb", "/usr/share/liblouis/tables/en-ueb-g1.ctb", "tables/en.ctb", "..", "a..b.ctb",
                      "en-ueb-g1.ctb,pl.tbl", "", ".hidden", "en ueb.ctb", "en\\ueb.ctb", "pl\u{0}.tbl", String(repeating: "a", count: 129)])
    func refusedNames(_ name: String) {
        #expect(throws: BrailleError.tableNameRefused(BrailleTable.shortened(name))) { try BrailleTable(name) }
    }

    @Test("a table that is not in the folder is an error that names the folder and the closest table")
    func missingTable() throws {
        let library = try BrailleOracle.library
        #expect(throws: BrailleError.tableNotFound(name: "en-ueb-g3.ctb", folder: library.tablesFolder, suggestion: "en-ueb-g1.ctb")) {
            try library.translator(for: BrailleTable("en-ueb-g3.ctb"))
        }
    }

    @Test("a file in the folder that does not compile is an error with liblouis's reason, as lou_checktable finds")
    func compileFailures() throws {
        let library = try BrailleOracle.library
        let files = try FileManager.default.contentsOfDirectory(atPath: library.tablesFolder).filter { $0.hasSuffix(".cti") }.sorted()
        var failures = 0
        for file in files {
            let table = try BrailleTable(file)
            let compiles = try BrailleOracle.compiles(table)
            do {
                _ = try library.translator(for: table)
                #expect(compiles, "\(file) compiled here but not for lou_checktable")
            } catch {
                failures += 1
                #expect(!compiles, "\(file): \(error)")
                guard case .tableDoesNotCompile(let name, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(name == file && reason.contains("error") && !error.description.contains("\n"))
            }
        }
        #expect(failures > 0, "some include files do not compile alone")
    }

    @Test("every table in the folder translates emoji, Thai, controls and a long word into braille cells")
    func everyTable() throws {
        let library = try BrailleOracle.library
        let line = "Aa 1 👍🏽 ก\u{0007}\t" + String(repeating: "x", count: 300) + " é"
        let names = library.tableNames()
        #expect(names.count > 200)
        for name in names {
            let translator = try library.translator(for: BrailleTable(name))
            let count = line.count
            for cursor in [0, 5, count] {
                let translation = try translator.translate(line, cursor: cursor, expandAtCursor: true)
                let cell = try #require(translation.cursor)
                #expect(cell >= 0 && cell <= translation.cells.count, "\(name)")
                #expect(translation.cellOfCharacter.count == count && translation.characterOfCell.allSatisfy { (0..<count).contains($0) }, "\(name)")
            }
        }
    }

    @Test("undefined characters in UEB come out as liblouis writes them", arguments: ["👍", "ก", "สวัสดี 👍🏽 ok"])
    func undefinedCharacters(_ text: String) throws {
        let translation = try BrailleOracle.library.translator(for: .englishGrade1).translate(text, cursor: text.count)
        #expect(translation.braille == (try BrailleOracle.forward([text], table: .englishGrade1))[0])
        #expect(translation.cursor == translation.cells.count)
    }

    @Test("a 10 MB line is translated in a window around the cursor")
    func tenMegabyteLine() throws {
        let translator = try BrailleOracle.library.translator(for: .englishGrade2)
        let line = String(repeating: "the quick brown fox ", count: 10 * 1024 * 1024 / 20)
        let bytes = Array(line.utf8)  // ASCII: one byte per character
        for cursor in [0, line.count / 2 + 3, line.count] {
            let translation = try translator.translate(line, cursor: cursor)
            #expect(translation.characters.count <= BrailleTranslator.longestTranslation + 1)
            #expect(translation.characters.contains(cursor) || translation.characters.upperBound == cursor)
            #expect(translation.start == 0 || bytes[translation.start - 1] == UInt8(ascii: " "), "the window starts after a space")
            let cell = try #require(translation.cursor)
            if cursor < line.count { #expect(translation.characterOfCell[cell] <= cursor) }
            // The window's cells are liblouis's translation of the window's text.
            let window = String(decoding: bytes[translation.characters], as: UTF8.self)
            #expect(translation.braille == (try BrailleOracle.forward([window], table: .englishGrade2))[0])
        }
    }

    @Test("a cursor outside the line is an error, not a trap")
    func cursorOutside() throws {
        let translator = try BrailleOracle.library.translator(for: .englishGrade1)
        #expect(throws: BrailleError.cursorOutOfRange(cursor: 4)) { try translator.translate("abc", cursor: 4) }
        #expect(throws: BrailleError.cursorOutOfRange(cursor: -1)) { try translator.translate("abc", cursor: -1) }
    }

    @Test("without liblouis, loading it is one line with the install command")
    func liblouisMissing() {
        do {
            _ = try Liblouis.load(library: "liblouis-that-is-not-installed.so.20")
            Issue.record("a library that does not exist opened")
        } catch {
            #expect(error.isLiblouisMissing)
            #expect(error.description.hasSuffix("apt-get install liblouis20 liblouis-data"))
            #expect(!error.description.contains("\n"))
        }
        // The library that is installed still opens afterwards.
        #expect(throws: Never.self) { try Liblouis.load() }
    }

    @Test("LOUIS_TABLEPATH does not change what a table name means")
    func tablePathIgnored() throws {
        let library = try BrailleOracle.library
        // A decoy folder whose latinLetterDef6Dots.uti writes every letter as all six dots.
        let decoy = FileManager.default.temporaryDirectory.appendingPathComponent("braille-decoy-\(getpid())")
        try FileManager.default.createDirectory(at: decoy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: decoy) }
        let letters = "abcdefghijklmnopqrstuvwxyz".map { "lowercase \($0) 123456\n" }.joined()
        try letters.write(to: decoy.appendingPathComponent("latinLetterDef6Dots.uti"), atomically: true, encoding: .utf8)
        for file in ["braille-patterns.cti", "unicode.dis"] {
            try FileManager.default.copyItem(atPath: library.tablesFolder + "/" + file, toPath: decoy.appendingPathComponent(file).path)
        }
        var environment = BrailleOracle.environment
        environment["LOUIS_TABLEPATH"] = decoy.path
        let list = "unicode.dis,latinLetterDef6Dots.uti,braille-patterns.cti"
        let real = try BrailleOracle.run("lou_translate", [list], input: "abc\n").output
        let fooled = try BrailleOracle.run("lou_translate", [list], input: "abc\n", environment: environment).output
        #expect(real != fooled && fooled == "⠿⠿⠿\n", "the decoy changes liblouis's own lookup")
        // Set only here, never removed (setenv of an existing variable replaces its value in
        // place); the other braille tests translate the same whatever it holds.
        setenv("LOUIS_TABLEPATH", decoy.path, 1)
        defer { setenv("LOUIS_TABLEPATH", "", 1) }
        let translation = try library.translator(for: BrailleTable("latinLetterDef6Dots.uti")).translate("abc")
        #expect(translation.braille + "\n" == real)
    }
}
