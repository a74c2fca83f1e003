import Foundation
import Testing
@testable import TypingEcho

/// U+0000 on a braille line: liblouis reads its input as a NUL-terminated string, so a NUL must
/// never reach it; the display shows Unicode's picture for it, U+2400 (␀), as the table writes
/// that character.
@Suite("U+0000 on a braille line is shown as ␀, never an error")
struct BrailleNullCharacterTests {
    /// The table a test translates with.
    static let tables = ["en-ueb-g1.ctb", "en-ueb-g2.ctb", "en-us-comp8.ctb", "en-nabcc.utb", "pl.tbl"]

    @Test("the translator shows NUL as it shows ␀, with every character's cells where they were", arguments: tables)
    func translatorShowsPicture(_ table: String) throws {
        let translator = try BrailleOracle.library.translator(for: BrailleTable(table))
        for text in ["\u{0}", "a\u{0}b", "\u{0}\u{0}x", "Hello\u{0}", "\u{0}world 12"] {
            let picture = String(text.map { $0 == "\u{0}" ? "\u{2400}" : $0 })
            for cursor in [0, 1, text.count] {
                let translation = try translator.translate(text, cursor: cursor)
                let expected = try translator.translate(picture, cursor: cursor)
                #expect(translation == expected, "\(table) \(text.debugDescription) cursor \(cursor)")
                #expect(translation.cellOfCharacter.count == text.count)
            }
        }
    }

    @Test("a NUL in a field's value, label, typed text or Braille Screen Input shows on the display; the script runs on",
          arguments: [
              ["field f kind=text label=\"Name\" value=\"x\\u{0}y\"", "focus f", "double-tap", "keys \"ab\""],
              ["field f kind=text label=\"Na\\u{0}me\"", "focus f", "double-tap", "keys \"ab\""],
              ["field f kind=text label=\"Name\"", "focus f", "double-tap", "keys \"a\\u{0}b\""],
              ["field f kind=area label=\"Name\"", "focus f", "double-tap", "keys \"\\u{0}\"", "key left", "route 11"],
              ["element go kind=button label=\"G\\u{0}o\"", "focus go"],
              ["settings braille-input-table=en-nabcc.utb", "field f kind=text label=\"Name\"", "focus f", "double-tap", "braille-input on",
               "chord 478", "chord 1"],
          ])
    func displayShowsPicture(_ lines: [String]) throws {
        let run = replay(["settings braille=on hints=off braille-cells=80"] + lines, expecting: .either)
        #expect(run.error == nil, "\(run.errorLine ?? "")")
        let shown = try #require(run.engine?.brailleShown?.cells)
        let picture = try BrailleOracle.library.translator(for: .englishGrade1).translate("\u{2400}").braille
        #expect(shown.contains(picture), "\(shown)")
    }

    @Test("describe shows a label and a value with NUL in braille")
    func describeShowsPicture() throws {
        let description = try describeScreen(["settings braille=on", "field f kind=text label=\"A\\u{0}\" value=\"\\u{0}b\""])
        let picture = try BrailleOracle.library.translator(for: .englishGrade1).translate("\u{2400}").braille
        let braille = try #require(description.items.first?.braille)
        #expect(braille.components(separatedBy: picture).count == 3, "\(braille)")
    }

    @Test("typing-echo replay runs a script with NUL on the braille line to its end (exit 0)")
    func replayExitsZero() throws {
        let script = try Tool.script(Array("settings braille=on hints=off\nfield f kind=text label=\"N\\u{0}\"\nfocus f\ndouble-tap\nkeys \"a\\u{0}\"\nexpect value \"a\\u{0}\"\n".utf8),
                                     name: "nul-braille.replay")
        let result = try Tool.run(["replay", script])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty)
    }
}
