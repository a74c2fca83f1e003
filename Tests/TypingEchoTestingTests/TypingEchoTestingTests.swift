import Testing
import TypingEchoTesting

/// Records the failure's report as an issue, so a broken property shows its seed and counterexample.
private func expectHolds(_ failure: PropertyFailure?, sourceLocation: SourceLocation = #_sourceLocation) {
    if let failure { Issue.record("\(failure)", sourceLocation: sourceLocation) }
}

/// Runs a property expected to fail and returns its report, recording an issue if it held.
private func expectFails(_ failure: PropertyFailure?, sourceLocation: SourceLocation = #_sourceLocation) -> PropertyFailure? {
    if failure == nil { Issue.record("the property held but should have failed", sourceLocation: sourceLocation) }
    return failure
}

@Suite("SeededGenerator")
struct SeededGeneratorTests {
    @Test("xoshiro256** matches the reference outputs for state (1, 2, 3, 4)")
    func referenceVector() {
        var generator = SeededGenerator(state: (1, 2, 3, 4))
        let outputs = (0..<6).map { _ in generator.next() }
        #expect(outputs == [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240,
                            1_216_172_134_540_287_360, 607_988_272_756_665_600])
    }

    @Test("A seed expands through SplitMix64 to fixed outputs", arguments: [
        (UInt64(0), [UInt64(11_091_344_671_253_066_420), 13_793_997_310_169_335_082,
                     1_900_383_378_846_508_768, 7_684_712_102_626_143_532]),
        (UInt64(42), [UInt64(1_546_998_764_402_558_742), 6_990_951_692_964_543_102,
                      12_544_586_762_248_559_009, 17_057_574_109_182_124_193]),
    ])
    func seededOutputs(seed: UInt64, expected: [UInt64]) {
        var generator = SeededGenerator(seed: seed)
        #expect((0..<4).map { _ in generator.next() } == expected)
    }

    @Test("Bounded draws stay in range and repeat for the same seed", arguments: [0, 1, 6, 1000, UInt64.max])
    func boundedDraws(bound: UInt64) {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        let draws = (0..<200).map { _ in first.next(upTo: bound) }
        #expect(draws == (0..<200).map { _ in second.next(upTo: bound) })
        #expect(draws.allSatisfy { $0 <= bound })
        if bound == 6 { #expect(Set(draws) == Set(0...6)) }
    }
}

@Suite("Generators")
struct GeneratorTests {
    @Test("The same seed yields the same value, different seeds differ")
    func determinism() {
        let gen = Gen.unicodeText(length: 0...12)
        #expect(gen.sample(seed: 99) == gen.sample(seed: 99))
        #expect(Set((0..<20).compactMap { gen.sample(seed: $0) }).count > 10)
    }

    @Test("Integers stay in their range and reach both ends", arguments: [
        0...0, -3...3, -100 ... -3, 10...20, -2...1000, Int.min...Int.max,
    ])
    func integersInRange(range: ClosedRange<Int>) {
        let values = (0..<2000).compactMap { Gen.int(in: range).sample(seed: $0) }
        #expect(values.allSatisfy(range.contains))
        #expect(values.contains(range.lowerBound) && values.contains(range.upperBound))
    }

    @Test("Arrays respect their count range")
    func arrayCounts() {
        expectHolds(check("arrayCounts", Gen.array(of: Gen.bool, count: 2...5), cases: 2000, seed: 3) { array in
            try require((2...5).contains(array.count), "count \(array.count)")
        })
    }

    @Test("frequency follows its weights roughly")
    func frequencyWeights() {
        let gen = Gen.frequency([(9, Gen.constant("common")), (1, Gen.constant("rare"))])
        let rare = (0..<2000).filter { gen.sample(seed: $0) == "rare" }.count
        #expect((100...300).contains(rare))
    }
}

@Suite("Shrinking")
struct ShrinkingTests {
    @Test("An array whose sum reaches 100 shrinks to [100]")
    func sumShrinksToOneElement() throws {
        let gen = Gen.array(of: Gen.int(in: 0...1000), count: 0...20)
        let failure = try #require(expectFails(check("sumStaysSmall", gen, seed: 1) { numbers in
            try require(numbers.reduce(0, +) < 100, "sum \(numbers.reduce(0, +)) is not below 100")
        }))
        #expect(failure.counterexample == "[100]")
        #expect(failure.message.hasPrefix("sum 100 is not below 100"))
    }

    @Test("A string containing x shrinks to \"x\"")
    func stringShrinksToX() throws {
        let letters = Gen.element(of: "abcdefghijklmnopqrstuvwxyz")
        let failure = try #require(expectFails(check("noX", Gen.string(of: letters, length: 0...40), seed: 2) {
            try require(!$0.contains("x"), "contains x")
        }))
        #expect(failure.counterexample == "\"x\"")
    }

    @Test("Integers shrink to the boundary of the failure", arguments: [
        (1000, "1000"), (-300, "-300"),
    ])
    func integerBoundary(limit: Int, expected: String) throws {
        let failure = try #require(expectFails(check("boundary", Gen.int(in: -5000...5000), seed: 4) { value in
            try require(limit > 0 ? value < limit : value > limit, "\(value) crosses \(limit)")
        }))
        #expect(failure.counterexample == expected)
    }

    @Test("Shrinking works through filter and map")
    func throughFilterAndMap() throws {
        let gen = Gen.int(in: 0...1000).filter { $0 % 2 == 0 }.map { $0 * 3 }
        let failure = try #require(expectFails(check("tripledEvens", gen, seed: 5) { try require($0 < 100, "\($0)") }))
        #expect(failure.counterexample == "102")
    }

    @Test("Shrinking works through flatMap")
    func throughFlatMap() throws {
        let gen = Gen.int(in: 1...10).flatMap { count in Gen.array(of: Gen.int(in: 0...9), count: count...count) }
        let failure = try #require(expectFails(check("noSeven", gen, seed: 6) { try require(!$0.contains(7), "7") }))
        #expect(failure.counterexample == "[7]")
    }

    @Test("Shrinking works through oneOf and zip")
    func throughOneOfAndZip() throws {
        let branch = Gen.oneOf(Gen.constant(0), Gen.int(in: 500...600))
        let one = try #require(expectFails(check("small", branch, seed: 7) { try require($0 < 500, "\($0)") }))
        #expect(one.counterexample == "500")
        let pair = Gen.zip(Gen.int(in: 0...100), Gen.int(in: 0...100))
        let two = try #require(expectFails(check("pairSum", pair, seed: 8) { a, b in try require(a + b < 10, "sum") }))
        #expect(two.counterexample == "(0, 10)")
    }

    @Test("Unicode text and editing sessions shrink to the one piece or step that matters")
    func unicodeAndSessions() throws {
        let text = Gen.unicodeText(length: 0...20, families: [.ascii, .flags, .thai])
        let flag = try #require(expectFails(check("noPolishFlag", text, seed: 9) { try require(!$0.contains("🇵🇱"), "flag") }))
        #expect(flag.counterexample == #""\u{1F1F5}\u{1F1F1}""#, "every scalar outside ASCII is escaped")
        let session = Gen.editingSession(steps: 0...30)
        let step = try #require(expectFails(check("noDeleteForward", session, seed: 10) { steps in
            try require(!steps.contains(.deleteForward), "deleteForward")
        }))
        #expect(step.counterexample == "[deleteForward]")
    }
}

@Suite("Reporting")
struct ReportingTests {
    @Test("A failing property is reported with its case and message")
    func failureIsReported() throws {
        let failure = try #require(expectFails(check("alwaysFails", Gen.int(in: 0...10), cases: 50, seed: 1) { _ in
            throw PropertyViolation("never holds")
        }))
        #expect(failure.caseNumber == 1)
        #expect(failure.counterexample == "0")
        #expect(failure.description.contains("never holds"))
    }

    @Test("A property that holds is not reported")
    func holdingPropertyPasses() {
        #expect(check("squares", Gen.int(in: -1000...1000), cases: 500, seed: 2) { try require($0 * $0 >= 0, "negative") } == nil)
    }

    @Test("Any thrown error fails the property and appears in the report")
    func otherErrors() throws {
        struct Broken: Error {}
        let failure = try #require(expectFails(check("throws", Gen.bool, seed: 3) { if $0 { throw Broken() } }))
        #expect(failure.counterexample == "true")
        #expect(failure.message.contains("Broken"))
    }

    @Test("The report names the seed and the replay command")
    func seedInDescription() throws {
        let failure = try #require(expectFails(check("sumStaysSmall", Gen.int(in: 0...1000), seed: 12345) {
            try require($0 < 900, "too big")
        }))
        #expect(failure.seed == 12345)
        #expect(failure.description.contains("Seed: 12345 (0x3039)"))
        #expect(failure.description.contains("TYPING_ECHO_SEED=12345 swift test --filter sumStaysSmall"))
        #expect(failure.description.contains("Counterexample: 900"))
        #expect(failure.description.contains("Original: \(failure.original)"))
        #expect(failure.description.contains("case \(failure.caseNumber) of"))
    }

    @Test("Replaying a random run's seed reproduces its counterexample")
    func replayReproduces() throws {
        let gen = Gen.array(of: Gen.int(in: -50...50), count: 0...10)
        let property: @Sendable ([Int]) throws -> Void = { try require($0.filter { $0 > 40 }.count < 2, "two big values") }
        let first = try #require(expectFails(check("replay", gen, property)))
        let again = try #require(expectFails(check("replay", gen, seed: first.seed, property)))
        #expect(again.caseNumber == first.caseNumber)
        #expect(again.original == first.original)
        #expect(again.counterexample == first.counterexample)
        #expect(first.counterexample == "[41, 41]")
    }

    @Test("A generator that rejects everything makes the run give up")
    func givesUp() throws {
        let failure = try #require(expectFails(check("impossible", Gen.int(in: 0...9).filter { $0 > 9 }, cases: 10, seed: 4) { _ in }))
        #expect(failure.message.contains("gave up"))
    }

    @Test("Names with spaces are quoted in the replay command")
    func quotedNames() throws {
        let failure = try #require(expectFails(check("it's spaced", Gen.bool, seed: 5) { try require(!$0, "true") }))
        #expect(failure.replayCommand == "TYPING_ECHO_SEED=5 swift test --filter 'it'\\''s spaced'")
    }

    @Test("Seeds parse from decimal and 0x-hexadecimal", arguments: [
        ("1234", UInt64(1234)), ("0x4D2", 1234), (" 0XFF\n", 255), ("18446744073709551615", .max), ("-1", nil), ("x", nil),
    ] as [(String, UInt64?)])
    func seedParsing(text: String, expected: UInt64?) {
        #expect(PropertyEnvironment.parseSeed(text) == expected)
    }
}

@Suite("Unicode text")
struct UnicodeTests {
    /// Families whose every piece is a single Character (a flag, an emoji, a keycap…).
    static let singleCharacterFamilies: Set<UnicodeFamily> = [
        .ascii, .combiningLatin, .emoji, .zwjSequences, .flags, .keycaps, .whitespace,
    ]

    @Test("Pieces have the Character counts a user perceives", arguments: [
        ("🇵🇱", 1), ("🇵🇱🇺🇸", 2), ("👨\u{200D}👩\u{200D}👧", 1), ("👩\u{1F3FD}\u{200D}💻", 1), ("👍\u{1F3FD}", 1),
        ("1\u{FE0F}\u{20E3}", 1), ("e\u{301}", 1), ("\r\n", 1), ("สวัสดี", 4), ("日本語", 3),
        ("\u{1112}\u{1161}\u{11AB}", 1), ("한국어", 3), ("zażółć", 6),
    ])
    func knownCounts(piece: String, characters: Int) {
        #expect(piece.count == characters)
    }

    @Test("Joined pieces of each family keep each piece's Characters", arguments: UnicodeFamily.allCases)
    func familyCounts(family: UnicodeFamily) {
        let pieces = Gen.array(of: Gen.unicodePiece(from: family), count: 0...12)
        expectHolds(check("familyCounts.\(family)", pieces, cases: 300, seed: 11) { pieces in
            let text = pieces.joined()
            try require(text.count == pieces.reduce(0) { $0 + $1.count }, "\(pieces) merged into \(text.count)")
            try require(pieces.allSatisfy(family.pieces.contains), "foreign piece")
            if Self.singleCharacterFamilies.contains(family) {
                try require(pieces.allSatisfy { $0.count == 1 }, "a piece is not one Character")
            }
        })
    }

    @Test("No two pieces merge at the seam, whichever families they come from")
    func everyPairKeepsItsCount() {
        let all = UnicodeFamily.allCases.flatMap(\.pieces)
        var merged: [String] = []
        for first in all {
            for second in all where (first + second).count != first.count + second.count {
                merged.append(first + "|" + second)
            }
        }
        #expect(merged.isEmpty, "merged: \(merged.prefix(5))")
    }

    @Test("Mixed text comes from every family and empty length gives empty text")
    func mixedText() {
        let pieces = Set((0..<3000).compactMap { Gen.unicodePiece.sample(seed: $0) })
        for family in UnicodeFamily.allCases {
            #expect(!pieces.isDisjoint(with: family.pieces), "no piece from \(family)")
        }
        #expect(Gen.unicodeText(length: 0...0).sample(seed: 1) == "")
    }

    @Test("Passwords are 1 to 24 Characters, mostly printable ASCII")
    func passwords() {
        expectHolds(check("passwords", Gen.password, cases: 2000, seed: 12) { password in
            try require((1...24).contains(password.count), "length \(password.count)")
        })
        let all = (0..<500).compactMap { Gen.password.sample(seed: $0) }.joined()
        #expect(all.unicodeScalars.filter { !$0.isASCII }.count * 10 < all.unicodeScalars.count)
        #expect(all.unicodeScalars.contains { !$0.isASCII })
    }

    @Test("Editing sessions have the requested number of steps and non-empty inserts")
    func editingSessions() {
        expectHolds(check("editingSessions", Gen.editingSession(steps: 1...40), cases: 500, seed: 13) { steps in
            try require((1...40).contains(steps.count), "\(steps.count) steps")
            for case .insert(let text) in steps { try require(!text.isEmpty, "empty insert") }
        })
        #expect(EditStep.insert("é").description == "insert(\"\\u{E9}\")")
        #expect(EditStep.insert("e\u{301}").description == "insert(\"e\\u{301}\")")
        #expect(EditStep.moveWord(forward: false).description == "moveWord(back)")
    }
}
