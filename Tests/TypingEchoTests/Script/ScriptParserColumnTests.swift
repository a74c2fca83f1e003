import Testing
import TypingEchoTesting
@testable import TypingEcho

/// Columns that do not depend on which characters a quoted secret holds, lazy columns for
/// long values, and the error messages for a stray byte-order mark, CR line ends and long words.
@Suite("Script parser: columns, byte-order marks, CR line ends, long words")
struct ScriptParserColumnTests {
    /// The engine's location type (Swift Testing has its own `SourceLocation`).
    typealias Location = TypingEcho.SourceLocation

    func parseError(_ source: String, line: Int = 1) -> ScriptError? {
        parseError(Array(source.utf8), line: line)
    }

    func parseError(_ bytes: [UInt8], line: Int = 1) -> ScriptError? {
        do {
            _ = try ScriptParser().parse(line: bytes, number: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - A quote is always a boundary

    @Test("A leading combining mark, ZWJ or spacing mark, or a trailing Prepend, does not merge with the quote", arguments: [
        "\u{301}bcd",       // combining acute accent first
        "\u{200D}bcd",      // zero-width joiner first
        "\u{903}bcd",       // Devanagari sign visarga (a spacing mark) first
        "\u{FE0F}bcd",      // variation selector first
        "abc\u{600}",       // Arabic number sign (Prepend) last
        "abc\u{110BD}",     // Kaithi number sign (Prepend) last
        "\u{1F1F5}bcd",     // a lone regional indicator
    ])
    func quoteIsABoundary(_ secret: String) {
        #expect(secret.count == 4)
        let plain = parseError(#"keys "abcd" x"#, line: 4)
        let marked = parseError(#"keys "\#(secret)" x"#, line: 4)
        #expect(plain?.location == Location(line: 4, column: 13))
        #expect(marked?.location == plain?.location)
        #expect(marked?.message == plain?.message)
    }

    @Test("Spaces, tabs, = and , stand alone too: a mark after them starts a character")
    func delimitersStandAlone() {
        // `\u{301}x` after the space is the extra argument: it starts at column 7 (the space is 6).
        #expect(parseError("lift\t \u{301}x")?.location == Location(line: 1, column: 7))
        #expect(parseError("field f kind=text label=\u{301}a kind=area")?.location == Location(line: 1, column: 28))
        #expect(parseError("element e label=a frame=1,\u{301}2,3,4")?.location == Location(line: 1, column: 27))
        // A mark after a letter still joins it: `é` written decomposed is one column.
        #expect(parseError("focus e\u{301}x y")?.location == Location(line: 1, column: 10))
        #expect(parseError("field e\u{301} kind=text label=a nope")?.location == Location(line: 1, column: 27))
    }

    /// Scalars a secret may hold without an escape: no C0 control, DEL, `"` or `\`.
    static func randomSecret(_ generator: inout SeededGenerator) -> String {
        let tricky: [ClosedRange<UInt32>] = [
            0x0300...0x036F,   // combining marks
            0x200C...0x200D,   // ZWNJ, ZWJ
            0x0903...0x0903, 0x093E...0x0940, 0x0E33...0x0E33,  // spacing marks, Thai sara am
            0x0600...0x0605, 0x06DD...0x06DD, 0x110BD...0x110BD, 0x0D4E...0x0D4E,  // Prepend
            0x1F1E6...0x1F1FF, // regional indicators
            0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0x1F466...0x1F469, 0x2764...0x2764,  // selectors, skin tones, emoji
            0x1100...0x115F, 0x1160...0x11A7, 0x11A8...0x11FF, 0xAC00...0xAC10,  // Hangul jamo and syllables
            0xE0020...0xE007F, // tags
            0x0020...0x0021, 0x0023...0x005B, 0x005D...0x007E,  // printable ASCII but `"` and `\`
            0x0080...0x00FF, 0x2028...0x202E, 0xFEFF...0xFEFF, 0x00AD...0x00AD,  // C1, separators, bidi, BOM, soft hyphen
            0x0E00...0x0E7F, 0x0900...0x097F, 0x0590...0x05FF,  // Thai, Devanagari, Hebrew
        ]
        let length = Int.random(in: 0...12, using: &generator)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let range: ClosedRange<UInt32>
            if Int.random(in: 0..<8, using: &generator) == 0 {
                range = 0x20...0x10FFFF   // anything, surrogates and the excluded ASCII skipped below
            } else {
                range = tricky.randomElement(using: &generator)!
            }
            guard let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)),
                  scalar != "\"", scalar != "\\", scalar.value != 0x7F else { continue }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    @Test("The column after a quoted secret is a function of its character count only (generated)")
    func columnDependsOnCountOnly() {
        var generator = SeededGenerator(seed: 0xC01_0A7)
        // Each line: the text before the secret, the text after it, and the column of the error.
        let forms: [(before: String, after: String, column: (Int) -> Int)] = [
            ("keys \"", "\" x", { 9 + $0 }),                                // extra argument
            ("@1 type \"", "\" x", { 12 + $0 }),                            // extra argument, after a time
            ("expect value \"", "\" \"y\"", { 17 + $0 }),                   // extra argument
            ("field pw kind=secure label=\"P\" value=\"", "\" stray", { 41 + $0 }),   // stray word
            ("field pw kind=secure label=\"P\" value=\"", "\" max=x", { 45 + $0 }),   // bad number (the value of max)
            ("field pw kind=secure label=\"P\" value=\"", "\" value=\"", { 47 + $0 }), // unclosed quote of a second value
            ("keys \"", "\"x", { 8 + $0 }),                                  // missing space after closing quote
        ]
        var seenCounts: Set<Int> = []
        for _ in 0..<3_000 {
            let secret = Self.randomSecret(&generator)
            seenCounts.insert(secret.count)
            for form in forms {
                let line = form.before + secret + form.after
                guard let error = parseError(line, line: 3) else {
                    Issue.record("no error for \(line.debugDescription)")
                    continue
                }
                #expect(error.location == Location(line: 3, column: form.column(secret.count)),
                        "\(form.before)…\(form.after) with \(secret.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }) (\(secret.count) characters, seed 0xC010A7)")
                // The message of a secure line never holds the secret, nor any five scalars of it.
                let scalars = Array(secret.unicodeScalars)
                if scalars.count >= 5 {
                    let printed = error.formatted(file: "t.replay")
                    let leaked = (0...(scalars.count - 5)).contains { start in
                        printed.contains(String(String.UnicodeScalarView(scalars[start..<start + 5])))
                    }
                    #expect(!leaked, "\(printed)")
                }
            }
        }
        #expect(seenCounts.count >= 10, "the generator drew too few different counts: \(seenCounts.sorted())")
    }

    @Test("Columns asked out of order, or again, are those asked in order")
    func columnsInAnyOrder() {
        var generator = SeededGenerator(seed: 0x0DD)
        for _ in 0..<300 {
            var line = ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: line += "\"" + Self.randomSecret(&generator) + "\" "
                case 1: line += "k=" + Self.randomSecret(&generator).filter { !" \t#\"=".contains($0) } + " "
                default: line += Self.randomSecret(&generator).filter { !"\"".contains($0) } + "\t"
                }
            }
            let bytes = Array(line.utf8)
            // Offsets at scalar starts.
            var offsets: [Int] = []
            var offset = 0
            for scalar in line.unicodeScalars {
                offsets.append(offset)
                offset += scalar.utf8.count
            }
            offsets.append(offset)
            let inOrder = ScriptLineText(bytes: bytes, line: 1, start: 0)
            let expected = offsets.map { inOrder.column(at: $0) }
            #expect(zip(expected, expected.dropFirst()).allSatisfy { $0 <= $1 }, "columns go backwards in \(line.debugDescription)")
            let shuffled = ScriptLineText(bytes: bytes, line: 1, start: 0)
            for index in offsets.indices.shuffled(using: &generator) {
                #expect(shuffled.column(at: offsets[index]) == expected[index], "\(line.debugDescription) at byte \(offsets[index])")
            }
        }
    }

    // MARK: - Lazy columns

    @Test("A long value is read without counting its characters; an error past it counts them once")
    func lazyColumns() throws {
        let value = String(repeating: "zażółć 👍🏽 e\u{301} ", count: 20_000)
        let line = Array(#"field big kind=text label="Big" value=""#.utf8) + Array(value.utf8) + Array(#"""#.utf8)
        let (tokens, text) = try ScriptLexer.tokens(of: line, line: 1)
        #expect(tokens.count == 5)
        #expect(text.bytesCounted == 0, "the lexer counted columns no one asked for")
        let parsed = try ScriptParser().parseLine(line, number: 1)
        guard case .field(let field)? = parsed.line?.command else { Issue.record("not a field"); return }
        #expect(field.value == value)
        #expect(parsed.text.bytesCounted < 10, "declaring counted \(parsed.text.bytesCounted) bytes for columns")

        // An error after the value: the column is right, and the value was counted once.
        let bad = line + Array(" nope".utf8)
        do {
            _ = try ScriptParser().parseLine(bad, number: 2)
            Issue.record("no error")
        } catch {
            #expect(error.location == Location(line: 2, column: 40 + value.count + 2))
        }
    }

    // MARK: - Byte-order marks

    @Test("A byte-order mark on a later line is named, with the word after it, at its column")
    func byteOrderMarkOnALaterLine() {
        let bom = "\u{FEFF}"
        let error = parseError(bom + "focus user", line: 7)
        #expect(error?.location == Location(line: 7, column: 1))
        #expect(error?.message == "a byte-order mark (U+FEFF) before 'focus'; it is allowed only at the very start of the file (was another file joined here?)")
        #expect(error?.kind == .syntax)
        #expect(parseError("  " + bom + "@1 lift", line: 2)?.message.hasPrefix("a byte-order mark (U+FEFF) before '@1';") == true)
        #expect(parseError("  " + bom + "@1 lift", line: 2)?.location == Location(line: 2, column: 3))
        // A second mark on line 1, after the one that is skipped.
        #expect(parseError(bom + bom + "lift", line: 1)?.location == Location(line: 1, column: 1))
        #expect(parseError(bom + bom + "lift", line: 1)?.message.hasPrefix("a byte-order mark (U+FEFF) before 'lift';") == true)
        // Alone on its line.
        #expect(parseError(bom, line: 3)?.message == "a byte-order mark (U+FEFF); it is allowed only at the very start of the file (was another file joined here?)")
        // A long word after it is cut.
        let long = parseError(bom + String(repeating: "w", count: 1_000), line: 2)?.message ?? ""
        #expect(long.hasPrefix("a byte-order mark (U+FEFF) before '\(String(repeating: "w", count: 40))…';"))
    }

    @Test("A byte-order mark before a later word is named without the word (it could be a secret)")
    func byteOrderMarkBeforeAnArgument() {
        let error = parseError("keys \u{FEFF}hunter2", line: 5)
        #expect(error?.location == Location(line: 5, column: 6))
        #expect(error?.message == "a byte-order mark (U+FEFF); it is allowed only at the very start of the file (was another file joined here?)")
        let attribute = parseError("field pw kind=secure label=P \u{FEFF}value=hunter2")
        #expect(attribute?.location == Location(line: 1, column: 30))
        #expect(attribute?.message.contains("hunter2") == false)
    }

    @Test("A byte-order mark inside quotes or inside a value is text, as before")
    func byteOrderMarkAsText() throws {
        #expect(try ScriptParser().parse(line: Array("keys \"\u{FEFF}a\"".utf8), number: 2)?.command == .keys("\u{FEFF}a"))
        let field = try ScriptParser().parse(line: Array("field f kind=text label=\u{FEFF}A".utf8), number: 2)
        guard case .field(let declaration)? = field?.command else { Issue.record("not a field"); return }
        #expect(declaration.label == "\u{FEFF}A")
    }

    // MARK: - CR line ends

    /// Runs a whole script through the splitter and the parser, as the command line does.
    func firstError(in script: [UInt8]) -> ScriptError? {
        var splitter = LineSplitter()
        splitter.append(script)
        splitter.finish()
        while let line = splitter.nextLine() {
            do { _ = try ScriptParser().parse(line: line.bytes, number: line.number) } catch { return error }
        }
        return nil
    }

    @Test("A file with CR line ends is reported as such, at the first CR", arguments: [
        ("field f kind=text label=\"A\"\rfocus f\rdouble-tap\r", 28),
        ("focus f\rdouble-tap\r", 8),
        ("@1 keys \"abc\"\rwait 1\r", 14),
        ("lift\r\r", 5),
        ("settings typing=touch\rfocus f\r", 22),
    ])
    func carriageReturnLineEnds(_ example: (script: String, column: Int)) {
        let error = firstError(in: Array(example.script.utf8))
        #expect(error?.location == Location(line: 1, column: example.column))
        #expect(error?.message == ScriptErrorText.carriageReturn)
        #expect(error?.message.contains("CR line ends") == true)
    }

    @Test("An unclosed quote says only that, whatever it holds: a CR inside may be a secret's")
    func carriageReturnInsideAnUnclosedQuote() {
        let error = firstError(in: Array("keys \"ab\rfocus f\r".utf8))
        #expect(error?.location == Location(line: 1, column: 6))
        #expect(error?.message == "unclosed quote")
        #expect(parseError(#"keys "ab"#)?.message == "unclosed quote")
    }

    @Test("CRLF and a raw CR inside quotes are accepted as before")
    func carriageReturnsStillAccepted() throws {
        #expect(firstError(in: Array("field f kind=text label=\"A\"\r\nfocus f\r\n".utf8)) == nil)
        #expect(try ScriptParser().parse(line: Array("keys \"a\rb\"".utf8), number: 1)?.command == .keys("a\rb"))
    }

    // MARK: - Long words

    @Test("A long word is cut to 40 characters and … in every message that repeats script text", arguments: [
        ("WORD", "unknown command '"),
        ("swipe WORD", "unknown swipe direction '"),
        ("settings WORD=1 WORD=2", "duplicate setting '"),
        ("settings WORD=", "missing value for setting '"),
        ("field f label=a kind=WORD", "unknown field kind '"),
        ("field f label=a WORD=1", "unknown field attribute '"),
        ("expect WORD", "unknown expectation '"),
    ])
    func longWords(_ example: (source: String, message: String)) {
        let word = String(repeating: "é", count: 1_000_000)   // 2 MB
        let error = parseError(example.source.split(separator: "WORD", omittingEmptySubsequences: false).joined(separator: word))
        let message = error?.message ?? ""
        #expect(message.hasPrefix(example.message + String(repeating: "é", count: 40) + "…'"), "\(message.prefix(120))")
        #expect(message.count < 300)
    }

    @Test("Words of 40 characters or fewer are repeated whole")
    func shortWords() {
        let word = String(repeating: "x", count: 40)
        #expect(parseError(word)?.message == "unknown command '\(word)'")
        #expect(ScriptErrorText.quoted("e\u{301}") == "'e\u{301}'")
        #expect(ScriptErrorText.quoted(String(repeating: "e\u{301}", count: 41)) == "'\(String(repeating: "e\u{301}", count: 40))…'")
    }
}
