import Testing
@testable import TypingEcho

/// The byte-level data-file reader against the `String` reader it stands in for: same entries,
/// sections, section lines and problems, for every bundled file and for lines where a
/// combining mark, a prepended scalar, a `\r\n`, a byte-order mark or a malformed line would
/// make the two disagree if the byte-level reader did not hand them over.
@Suite("Data file reader")
struct DataFileReaderTests {
    static func expectSameReading(_ name: String, _ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var byteProblems: [DataFile.Problem] = []
        var textProblems: [DataFile.Problem] = []
        let byByte = DataFile(named: name, utf8: bytes, problems: &byteProblems, byteLevel: true)
        let byText = DataFile(named: name, utf8: bytes, problems: &textProblems, byteLevel: false)
        #expect(byByte.entries == byText.entries, "\(name)", sourceLocation: sourceLocation)
        #expect(byByte.sections == byText.sections, "\(name)", sourceLocation: sourceLocation)
        #expect(byByte.sectionLines == byText.sectionLines, "\(name)", sourceLocation: sourceLocation)
        #expect(byteProblems == textProblems, "\(name)", sourceLocation: sourceLocation)
    }

    @Test("every bundled file reads the same byte by byte as by characters")
    func bundledFiles() {
        var count = 0
        for (tag, bytes) in EmbeddedData.phonetics { Self.expectSameReading("Phonetics/\(tag).txt", bytes); count += 1 }
        for (tag, bytes) in EmbeddedData.speech { Self.expectSameReading("Localization/speech-\(tag).txt", bytes); count += 1 }
        for file in KeyboardLayout.embeddedFiles { Self.expectSameReading("Keyboards/layout-\(file.locale).txt", file.bytes); count += 1 }
        #expect(count >= 80)
    }

    @Test("lines the two readers could split differently read the same")
    func edgeLines() {
        let lines = [
            "[letters]", "a = alfa", "  b   =   bravo  ", "\tc\t=\tcharlie\t", "# comment", "  # indented comment",
            "d =", "e=", "f = ", "= g", " = h", "i j", "[]", "[ spaced ]", "[", "]", "[x", "x]",
            "k = v = w", "l  =  m", "é = e acute", "ñ = enye", "ا = alef", "ก = ko kai",
            "m \u{301}= combining after a space", "n =\u{301} combining after the equals sign", "o = \u{301}p",
            "#\u{301} not a comment", "[\u{301}marked]", "[sec]\u{301}", "q = r \u{301}", "\u{301}s = t",
            "\u{600} = prepend", "u\u{600} = v", "w = \u{600}", "x \u{200D}= zwj", "y = z\u{0338}", "=\u{0338} = not equal",
            "a = alfa", "\u{FEFF}bom = inside", "  ", "",
        ]
        for (index, line) in lines.enumerated() {
            Self.expectSameReading("line \(index)", Array("[s]\n\(line)\n".utf8))
            Self.expectSameReading("first line \(index)", Array("\(line)\n[s]\nk = v".utf8))
        }
        let file = lines.joined(separator: "\n")
        Self.expectSameReading("all lines", Array(file.utf8))
        Self.expectSameReading("all lines, CR LF", Array(lines.joined(separator: "\r\n").utf8))
        Self.expectSameReading("all lines, stray CR", Array(("[s]\na = b\r\n" + file + "\rc = d\n").utf8))
        Self.expectSameReading("all lines, BOM", Array(("\u{FEFF}" + file).utf8))
        Self.expectSameReading("indented BOM", Array((" \u{FEFF}[s]\n" + file).utf8))
        Self.expectSameReading("no final newline", Array("[s]\na = b".utf8))
        Self.expectSameReading("empty", [])
        Self.expectSameReading("not UTF-8", [0x5B, 0x73, 0x5D, 0x0A, 0xFF, 0x0A])
    }
}
