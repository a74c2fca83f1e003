import Testing
@testable import TypingEcho

/// A long label on the braille display and in `describe`: the role words, the blank cells around
/// them and the field's text are shown whatever the label's length.
@Suite("A long label keeps the role words on the braille display and in describe")
struct BrailleLongLabelTests {
    /// The label lengths tried: around the old 1,024-character window, and far past it.
    static let lengths = [999, 1000, 1020, 2040, 2048, 5000, 100_000]

    /// A label of `length` characters: one word without a space, or words with capitals and spaces.
    static func label(_ length: Int, words: Bool) -> String {
        guard words else { return String(repeating: "a", count: length) }
        let pattern = Array("Name of the field ")
        return String((0..<length).map { pattern[$0 % pattern.count] })
    }

    /// The cells of `text` in UEB grade 1, the default table.
    static func cells(_ text: String) throws -> String {
        try BrailleOracle.library.translator(for: .englishGrade1).translate(text).braille
    }

    @Test("the display's row ends the label part with a blank, the role words and a blank, then the field's text",
          arguments: lengths, [false, true])
    func displayKeepsRoleWords(_ length: Int, words: Bool) throws {
        let label = Self.label(length, words: words)
        for (kind, roles) in [("text", "edt"), ("area", "edt mln"), ("secure", "pwdedt")] {
            let run = replay("settings braille=on hints=off", "field f kind=\(kind) label=\"\(label)\" value=\"xy\"", "focus f", "double-tap")
            let row = try #require(run.engine?.braille.currentRow)
            let head = BrailleCell.string(of: Array(row.cells[..<row.textStart]))
            #expect(head.hasSuffix(try Self.cells(" " + roles + " ")), "\(kind), label of \(length): \(head.suffix(12))")
            #expect(row.textStart <= 4 * BrailleRoles.longestText + 16, "the label part is bounded")
            let line = BrailleCell.string(of: Array(row.cells[row.textStart...]))
            #expect(line == (kind == "secure" ? "⠿⠿⠀" : try Self.cells("xy") + "⠀"))
        }
    }

    @Test("describe shows the role words and the field's text after a long label", arguments: lengths)
    func describeKeepsRoleWords(_ length: Int) throws {
        let label = Self.label(length, words: true)
        let description = try describeScreen(["settings braille=on", "field f kind=text label=\"\(label)\" value=\"xy\"",
                                              "element s kind=slider label=\"\(label)\" value=\"Low\""])
        let field = try #require(description.items.first?.braille)
        #expect(field.hasSuffix(try Self.cells(" edt xy")), "\(field.suffix(12))")
        let slider = try #require(description.items.last?.braille)
        #expect(slider.hasSuffix(try Self.cells(" slider Low")), "\(slider.suffix(12))")
    }

    @Test("a label cut for the display starts as the label does and ends with …")
    func cutLabelIsMarked() throws {
        let label = Self.label(5000, words: true)
        let prefix = BrailleRoles.prefix(of: Element(ElementDeclaration(id: "f", label: label), traits: .button))
        #expect(prefix.count <= BrailleRoles.longestText + 8)
        #expect(prefix.hasSuffix("… btn"))
        #expect(label.hasPrefix(prefix.dropLast("… btn".count)))
        let short = BrailleRoles.prefix(of: Element(ElementDeclaration(id: "f", label: Self.label(BrailleRoles.longestText, words: true)), traits: .button))
        #expect(!short.contains("…"), "a label of the longest length is shown whole")
    }

    @Test("a text of up to longestTranslation characters is translated whole, with or without a cursor",
          arguments: [1020, 1500, BrailleTranslator.longestTranslation])
    func wholeUpToLongest(_ length: Int) throws {
        let text = Self.label(length, words: true)
        let translator = try BrailleOracle.library.translator(for: .englishGrade1)
        for cursor in [nil, 0, length / 2, length] {
            let translation = try translator.translate(text, cursor: cursor)
            #expect(translation.characters == 0..<length, "cursor \(String(describing: cursor))")
        }
    }
}
