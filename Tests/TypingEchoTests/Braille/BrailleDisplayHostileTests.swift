import Foundation
import Testing
@testable import TypingEcho

@Suite("The braille display and Braille Screen Input under hostile input")
struct BrailleDisplayHostileTests {
    @Test("a 10 MB value: the display translates only the line around the insertion point, at either end")
    func tenMegabyteValue() throws {
        let words = ["hello", "world,", "Zażółć", "gęślą", "jaźń.", "42"]
        var value = ""
        var index = 0
        while value.utf8.count < 10_000_000 {
            value += words[index % words.count] + " "
            index += 1
        }
        var engine = try Engine()
        var sink = EventCollector()
        let lines = ["settings braille=on key-cadence=0 hints=off", "field f kind=text label=\"Big\" value=\"\(value)\"", "focus f", "double-tap",
                     "key end", "keys \"ab\"", "key home", "keys \"cd\"", "pan right", "route 5"]
        for (number, text) in lines.enumerated() {
            let line = try #require(try ScriptParser().parse(line: Array(text.utf8), number: number + 1))
            try engine.run(line, into: &sink)
            sink.events.removeAll { if case .braille = $0.event { false } else { true } }
        }
        let windows = sink.events.compactMap { if case .braille(let window) = $0.event { window } else { nil } }
        #expect(windows.allSatisfy { $0.cells.unicodeScalars.count <= 40 })
        // At the end the window starts within a few hundred characters of it; at the start at 0.
        let count = value.count + 2
        #expect(windows.contains { $0.start > count - 400 && $0.start < count })
        #expect(engine.focusedElement?.field?.characterCount == count + 2)
    }

    @Test("emoji and Thai in UEB show as liblouis writes them, equal to lou_translate")
    func undefinedCharacters() throws {
        let line = "ok 👍🏽 ก"
        let expected = try BrailleOracle.forward([line], table: .englishGrade1)[0]
        let run = replay("settings braille=on braille-cells=160 braille-expand=off", "field f kind=text label=\"F\"", "focus f", "double-tap",
                         "keys \"\(line)\"")
        #expect(run.engine?.brailleShown?.cells.hasSuffix(expected + "⠀") == true)
    }

    @Test("every table in the folder shows a field with emoji, Thai and digits, or is refused with a clear error")
    func everyTable() throws {
        let names = try BrailleOracle.library.tableNames()
        #expect(names.count > 200)
        var refused = 0
        for name in names {
            let run = replay("settings braille=on braille-table=\(name) braille-cells=20", "field f kind=area label=\"F\"", "focus f", "double-tap",
                             "keys \"Aé 1 👍 ก x\"", "key left", "key shift-left", "pan left", "route 3", expecting: .either)
            if let error = run.error {
                #expect(error.kind == .badSetting && error.location?.line == 1, "\(name): \(error)")
                refused += 1
            } else {
                #expect(run.engine?.brailleShown != nil, "\(name)")
            }
        }
        #expect(refused < names.count / 4)
    }

    @Test("a long line of chords without a space is entered in bounded pieces")
    func longLineOfChords() throws {
        let cells = String(repeating: "⠁⠃⠉⠙", count: 2_500)
        let run = replay("settings cadence=0 hints=off braille=on", "field f kind=text label=\"F\"", "focus f", "double-tap", "braille-input on",
                         "chords \"\(cells)\"", "expect count 10000")
        #expect(run.failures.isEmpty, "\(run.failures.map(\.message))")
        let contracted = replay("settings cadence=0 hints=off braille=on braille-input-table=en-ueb-g2.ctb", "field f kind=text label=\"F\"",
                                "focus f", "double-tap", "braille-input on", "chords \"\(cells)\"", "swipe right")
        #expect((contracted.engine?.focusedElement?.field?.characterCount ?? 0) > 5_000)
    }
}
