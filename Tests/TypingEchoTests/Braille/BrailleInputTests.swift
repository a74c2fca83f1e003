import Foundation
import Testing
@testable import TypingEcho

@Suite("Braille Screen Input: chords entered cell by cell or word by word, its swipes, secure fields")
struct BrailleInputTests {
    static func script(table: String) -> [String] {
        ["settings hints=off phonetics=off braille-input-table=\(table)", "field note kind=text label=\"Note\"", "focus note", "double-tap",
         "braille-input on"]
    }

    @Test("chords then a swipe right enter \"hello \" in uncontracted English, each letter as it is typed")
    func uncontractedEntersCellByCell() throws {
        let run = replay(Self.script(table: "en-ueb-g1.ctb") + ["chords \"⠓⠑⠇⠇\"", "expect value \"hell\"", "chord 135", "swipe right",
                                                                "expect value \"hello \""])
        #expect(run.failures.isEmpty, "\(run.failures.map(\.message))")
        let inserted = run.events.compactMap { if case .edit(let edit) = $0.event { edit.text } else { nil } }
        #expect(inserted == ["h", "e", "l", "l", "o", " "])
    }

    @Test("a contracted table enters the back-translated word only when the word ends", arguments: ["swipe right", "swipe up fingers=3", "key left"])
    func contractedEntersAtWordEnd(_ ending: String) throws {
        let translator = try BrailleOracle.library.translator(for: .englishGrade2)
        let cells = BrailleCell.cells(of: "⠹⠑⠀⠸⠺")!
        let word = try translator.backTranslate(Array(cells.suffix(2)))
        #expect(word == (try BrailleOracle.backward(["⠸⠺"], table: .englishGrade2))[0])
        let run = replay(Self.script(table: "en-ueb-g2.ctb") + ["chords \"⠸⠺\"", "expect count 0", ending])
        #expect(run.failures.isEmpty, "\(run.failures.map(\.message))")
        #expect(run.value?.hasPrefix(word) == true, "\(String(describing: run.value))")
        let edits = run.events.compactMap { if case .edit(let edit) = $0.event { edit.text } else { nil } }
        #expect(edits.first == word)
    }

    @Test("the display shows the held cells before the insertion point, masked in a secure field")
    func heldCellsShown() throws {
        let shown = replay(Self.script(table: "en-ueb-g2.ctb") + ["settings braille=on", "chords \"⠸⠺\""])
        #expect(shown.engine?.brailleShown?.cells.hasSuffix("⠀⠸⠺⠀") == true)
        let secure = replay(["settings hints=off braille=on braille-input-table=en-ueb-g2.ctb", "field pw kind=secure label=\"PIN\"", "focus pw",
                             "double-tap", "braille-input on", "chords \"⠸⠺\""])
        #expect(secure.engine?.brailleShown?.cells.hasSuffix("⠀⣿⣿⠀") == true)
        #expect(!secure.json.joined().contains("⠸"))
        #expect(secure.transcript.allSatisfy { !$0.contains("dot") })
    }

    @Test("a chord that enters nothing says its dots in the reader's form")
    func dotsSpoken() throws {
        let voiceOver = replay(Self.script(table: "en-ueb-g1.ctb") + ["chord 6", "expect speech \"dot 6\"", "chord 3456", "expect speech \"dots 3 4 5 6\""])
        #expect(voiceOver.failures.isEmpty, "\(voiceOver.failures.map(\.message))")
        let nvda = replay(["settings reader=nvda"] + Self.script(table: "en-ueb-g1.ctb") + ["chord 3456", "expect speech \"dot 3 4 5 6\""])
        #expect(nvda.failures.isEmpty, "\(nvda.failures.map(\.message))")
    }

    @Test("chord 0, a repeated or impossible dot and a chord without Braille Screen Input are script errors at their column")
    func chordErrors() throws {
        for (line, column) in [("chord 0", 7), ("chord 119", 7), ("chord 19", 7), ("chords \"a⠁\"", 8), ("chords \"⠀\"", 8)] {
            let run = replay(Self.script(table: "en-ueb-g1.ctb") + [line], expecting: .stopsWithError)
            #expect(run.error?.location == SourceLocation(line: 6, column: column), "\(line): \(String(describing: run.errorLine))")
        }
        let off = replay("field note kind=text label=\"Note\"", "focus note", "double-tap", "chord 1", expecting: .stopsWithError)
        #expect(off.error?.kind == .notEditing)
        let forward = replay(Self.script(table: "de-g2.ctb"), expecting: .stopsWithError)
        #expect(forward.errorLine?.contains("forward only") == true)
    }
}
