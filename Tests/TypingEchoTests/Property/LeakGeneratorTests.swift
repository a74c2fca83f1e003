import Testing
@testable import TypingEcho
import TypingEchoTesting

/// What the leak property's generators draw beyond typing: the app changing the screen, reader
/// switches, and Braille Screen Input in contracted and uncontracted braille.
@Suite("Leak property generators")
struct LeakGeneratorTests {
    /// Cases of the CI campaign's shape, from a fixed seed.
    static func sampleCases(_ count: Int) throws -> [TypingEchoTesting.LeakCase] {
        let gen = Gen.leakCase(steps: 1...16)
        return try (1...count).map { index in
            try #require(gen.sample(seed: SeededGenerator.subSeed(of: 20_261_207, index: index)))
        }
    }

    @Test("Sessions remove and declare again elements, change the screen, announce, switch reader and type contracted braille")
    func everyKindOfLineIsDrawn() throws {
        let cases = try Self.sampleCases(3_000)
        var seen: Set<String> = []
        let wanted = [
            "remove pw", "remove pin", "remove user", "remove note", "remove go",
            "field pw kind=secure label=\"New password\"", "field pw kind=secure label=\"Password\" max=8", "field pin kind=secure label=\"Code\"",
            "field user kind=search", "field note kind=area", "element go label=\"Continue\"",
            "screen-changed", "screen-changed focus=", "layout-changed", "layout-changed focus=", "announce ",
            "settings reader=voiceover", "settings reader=talkback", "settings reader=nvda", "settings reader=orca",
            "settings reader=chromevox", "settings reader=orca touch=on", "settings touch=on",
            "settings braille=on", "settings braille=off", "settings braille=on braille-table=en-ueb-g2.ctb",
            "settings braille-input-table=en-ueb-g2.ctb", "settings braille-input-table=en-ueb-g1.ctb",
            "settings braille-input-table=en-us-comp8.ctb", "settings braille-input-table=default",
            "braille-input on", "braille-input off", "chord ", "chords ", "key end",
        ]
        for leakCase in cases {
            for line in leakCase.session.body.split(separator: "\n") {
                for prefix in wanted where line == prefix || line.hasPrefix(prefix) && prefix.last != "=" || prefix.last == "=" && line.hasPrefix(prefix) {
                    seen.insert(prefix)
                }
            }
        }
        #expect(Set(wanted).subtracting(seen).isEmpty, "never drawn: \(Set(wanted).subtracting(seen).sorted())")
    }

    @Test("A contracted chord step's decoy is a word of the same group, so as many cells and characters")
    func contractedDecoys() throws {
        var steps = 0
        for leakCase in try Self.sampleCases(3_000) {
            for (index, step) in leakCase.session.steps.enumerated() {
                guard case .contractedChordSecret(let word, let id) = step else { continue }
                steps += 1
                guard case .contractedChordSecret(let decoy, id) = leakCase.decoy.steps[index] else {
                    Issue.record("the decoy's step \(index) is not a contracted chord step into the same field")
                    continue
                }
                #expect(["pw", "pin"].contains(id))
                let group = try #require(SecretAlphabet.contractedGroup(of: word))
                #expect(group.contains(decoy) && decoy.count == word.count)
            }
        }
        #expect(steps > 100, "\(steps) contracted chord steps in 3,000 cases")
    }

    @Test("Every group of contracted words reads back, from each of its beginnings, as as many characters in liblouis")
    func contractedGroupsAgreeWithLiblouis() throws {
        let translator = try Liblouis.load().translator(for: BrailleTable(SecretAlphabet.contractedTable))
        #expect(SecretAlphabet.contractedWords.allSatisfy { $0.count >= 2 })
        for group in SecretAlphabet.contractedWords {
            var readings: [[Int]] = []
            for word in group {
                let cells = try #require(BrailleCell.cells(of: SecretAlphabet.cells(of: word)))
                readings.append(try (1...cells.count).map { length in
                    TextBuffer.characters(of: try translator.backTranslate(Array(cells.prefix(length)))).count
                })
            }
            #expect(Set(readings.map { $0.map(String.init).joined(separator: ",") }).count == 1, "\(group): \(readings)")
            #expect(Set(group.map(\.count)).count == 1)
        }
    }

    @Test("A reader without touch keeps working without it after a reader switch in the session")
    func switchesUnderAReaderWithoutTouch() throws {
        let orca = try #require(LeakReader.all.first { !$0.touch })
        let body = "settings reader=voiceover\nfocus pw\ndouble-tap\nsettings touch=on\nsettings reader=orca touch=on\ntype \"ab\"\n"
        #expect(orca.performed(body) == "settings reader=voiceover touch=off focus-edits=on\nfocus pw\nsettings reader=orca touch=off focus-edits=on\nkeys \"ab\"\n")
        #expect(LeakReader.voiceOver.performed(body) == body)
    }

    @Test("The builder declares a removed field again before it is used, and turns touch on before a gesture under Orca")
    func builderFollowsTheScreen() {
        let session = SecureSession(steps: [
            .remove("pw"), .setting("reader=orca"), .typeSecret("ab", into: "pw"), .contractedChordSecret("ab", into: "pin"),
            .contractedChordSecret("x", into: "pin"), .layoutChanged(focus: nil),
        ])
        #expect(session.body == """
            remove pw
            settings reader=orca
            field pw kind=secure label="Password"
            focus pw
            settings touch=on
            double-tap
            keys "ab"
            focus pin
            double-tap
            settings braille-input-table=en-ueb-g2.ctb
            braille-input on
            chords "⠁⠃"
            key end
            chord 1346
            layout-changed

            """)
    }
}
