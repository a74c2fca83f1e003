import CICU
import Testing
@testable import TypingEcho
import TypingEchoTesting

@Suite("TextBuffer")
struct TextBufferTests {
    @Test("Four character moves cross é, 👍🏽, 👨‍👩‍👧 and x")
    func graphemeClusters() throws {
        var buffer = try TextBuffer("e\u{301}👍🏽👨‍👩‍👧x")
        #expect(buffer.characterCount == 4)
        buffer.move(toEnd: false)
        var passed: [String] = []
        while let move = buffer.moveCharacter(.forward) { passed.append(buffer.text(passedBy: move)) }
        #expect(passed == ["e\u{301}", "👍🏽", "👨‍👩‍👧", "x"])
        #expect(buffer.insertionPoint == TextPosition(character: 4, utf16: buffer.utf16Count))
    }

    @Test("Thai word moves use ICU's dictionary: สวัสดี then ครับ")
    func thaiWords() throws {
        var buffer = try TextBuffer("สวัสดีครับ", locale: "th")
        buffer.move(toEnd: false)
        #expect(buffer.moveWord(.forward).map { buffer.text(passedBy: $0) } == "สวัสดี")
        #expect(buffer.moveWord(.forward).map { buffer.text(passedBy: $0) } == "ครับ")
        #expect(buffer.moveWord(.forward) == nil)
        #expect(buffer.moveWord(.backward).map { buffer.text(passedBy: $0) } == "ครับ")
    }

    @Test("Word moves skip spaces and punctuation and land after the word", arguments: [
        ("Hi there.", [("Hi", 2), ("there", 8), (".", 9)]),
        ("  don't stop", [("don't", 7), ("stop", 12)]),
        ("Zażółć gęślą", [("Zażółć", 6), ("gęślą", 12)]),
    ])
    func wordsForward(text: String, expected: [(String, Int)]) throws {
        var buffer = try TextBuffer(text)
        buffer.move(toEnd: false)
        for (word, offset) in expected {
            let move = buffer.moveWord(.forward)
            #expect(move.map { buffer.text(passedBy: $0) } == word)
            #expect(buffer.insertionPoint.character == offset)
        }
        #expect(buffer.moveWord(.forward) == nil)
    }

    @Test("A word ends when space or punctuation follows it")
    func wordEnding() throws {
        var buffer = try TextBuffer("")
        var words: [String] = []
        for character in "Hi there, you." {
            let before = buffer.insertionPoint
            buffer.insert(String(character))
            if let word = try buffer.word(endingAt: before) { words.append(word) }
        }
        #expect(words == ["Hi", "there", "you"])
    }

    @Test("Edits that join or split characters keep counts right")
    func joiningEdits() throws {
        var buffer = try TextBuffer("👍")
        buffer.insert("\u{200D}")
        buffer.insert("👍")
        #expect(buffer.characterCount == 1)
        buffer.move(toEnd: false)
        buffer.insert("\u{301}")
        #expect(buffer.characterCount == 2)
        var flags = try TextBuffer("🇵🇱🇩🇪")
        _ = flags.moveCharacter(.backward)
        flags.insert("🇺")
        #expect(flags.characterCount == 3)  // 🇵🇱 🇺🇩 🇪
        #expect(flags.insertionPoint.character == 2)
        #expect(flags.deleteBackward()?.text == "🇺🇩")
    }

    @Test("An edit that re-pairs a long run of flags recounts correctly")
    func longRegionalIndicatorRun() throws {
        let flags = String(repeating: "🇵🇱", count: 60)
        var buffer = try TextBuffer(flags)
        buffer.move(toEnd: false)
        buffer.insert("🇺")  // 🇺🇵 🇱🇵 … 🇱: every pair shifts, far past the resync window
        var reference = ReferenceField()
        reference.insert(flags)
        reference.caret = 0
        reference.insert("🇺")
        #expect(buffer.characterCount == reference.characters.count - 1)
        #expect(buffer.characterCount == 61)
        #expect(buffer.insertionPoint.utf16 == reference.caret)
        #expect(buffer.deleteBackward()?.text == "🇺🇵")
        #expect(buffer.characterCount == 60)
    }

    @Test("Line moves go to the start of the next or previous line, across LF and CR LF")
    func lines() throws {
        var buffer = try TextBuffer("Dear Ola,\r\n\nSee you 👋🏽\nJan")
        buffer.move(toEnd: false)
        var arrived: [String] = []
        while let move = buffer.moveLine(.forward) { arrived.append(buffer.text(passedBy: move)) }
        #expect(arrived == ["", "See you 👋🏽", "Jan"])
        #expect(buffer.insertionPoint.character == 21)
        buffer.move(toEnd: true)
        arrived = []
        while let move = buffer.moveLine(.backward) { arrived.append(buffer.text(passedBy: move)) }
        #expect(arrived == ["See you 👋🏽", "", "Dear Ola,"])
        #expect(buffer.insertionPoint == .start)
        var single = try TextBuffer("one line")
        #expect(single.moveLine(.forward) == nil)
        #expect(single.moveLine(.backward) == nil)
    }

    @Test("Backspace at the start and delete at the end do nothing")
    func boundaries() throws {
        var buffer = try TextBuffer("ab")
        #expect(buffer.deleteForward() == nil)
        buffer.move(toEnd: false)
        #expect(buffer.deleteBackward() == nil)
        #expect(buffer.moveCharacter(.backward) == nil)
    }

    @Test("Descriptions and mirrors show counts, never the text")
    func description() throws {
        let buffer = try TextBuffer("hunter2")
        var dumped = ""
        dump(buffer, to: &dumped)
        for shown in [String(describing: buffer), String(reflecting: buffer), dumped] {
            #expect(!shown.contains("hunter"))
        }
    }

    @Test("Copies are independent (copy on write)")
    func copyOnWrite() throws {
        var first = try TextBuffer("abc")
        let second = first
        first.insert("d")
        #expect(first.string == "abcd")
        #expect(second.string == "abc")
    }

    @Test("Edits and moves on a buffer held once never copy its text", arguments: ["abc def", "ก\u{E34}ข 👍🏽 e\u{301}", "🇵🇱🇯"])
    func noCopies(text: String) throws {
        var buffer = try TextBuffer(text)
        let identity = buffer.storageIdentity
        let steps: [(String, (inout TextBuffer) -> Void)] = [
            ("insert", { $0.insert("x") }), ("insert mark", { $0.insert("\u{301}") }), ("backspace", { $0.deleteBackward() }),
            ("move back", { _ = $0.moveCharacter(.backward) }), ("word back", { _ = $0.moveWord(.backward) }),
            ("delete", { $0.deleteForward() }), ("word forward", { _ = $0.moveWord(.forward) }),
            ("move forward", { _ = $0.moveCharacter(.forward) }), ("word echo", { _ = try? $0.word(endingAt: $0.insertionPoint) }),
            ("home", { $0.move(toEnd: false) }), ("insert at start", { $0.insert("ab") }), ("replace all", { $0.replaceAll(with: "z") }),
        ]
        for (name, step) in steps {
            step(&buffer)
            #expect(buffer.storageIdentity == identity, "\(name) copied the text")
        }
    }

    @Test("Random editing sessions agree with the reference model")
    func againstReference() {
        // Devanagari is left out: ICU 72 predates the conjunct rule Swift's String follows,
        // and the generator's pieces are built to Swift's segmentation.
        let families = UnicodeFamily.allCases.filter { $0 != .devanagari }
        let failure = check("againstReference", .editingSession(steps: 1...30, families: families), cases: 10_000) { steps in
            try Self.runAgainstReference(steps)
        }
        #expect(failure == nil, "\(failure!)")
    }

    /// Pieces that join or split characters at the seams: lone regional indicators (flags
    /// re-pair when one is inserted or deleted), joiners, combining marks after them, CR and
    /// LF apart, Thai vowels that ICU's word dictionary can split from their cluster.
    static let joiningPieces = ["🇵", "🇱", "🇯", "\u{200D}", "\u{301}", "\u{308}", "👨", "🏽", "©", "\r", "\n", "a", " ", "ł",
                                "ก", "\u{E34}", "น้ำ", "ครับ", "\u{AD}", "'", "."]

    @Test("Random editing sessions with lone regional indicators and joiners agree with the reference model")
    func againstReferenceWithLonePieces() {
        let step = Gen<EditStep>.frequency([
            (6, Gen<String>.concatenation(of: .element(of: Self.joiningPieces), count: 1...3).map { .insert($0) }),
            (3, .constant(.deleteBackward)),
            (1, .constant(.deleteForward)),
            (3, Gen<Bool>.bool.map { .moveCharacter(forward: $0) }),
            (3, Gen<Bool>.bool.map { .moveWord(forward: $0) }),
            (1, .constant(.home)),
            (1, .constant(.end)),
        ])
        let failure = check("againstReferenceWithLonePieces", .array(of: step, count: 1...40), cases: 5_000) { steps in
            try Self.runAgainstReference(steps)
        }
        #expect(failure == nil, "\(failure!)")
    }

    /// What a growing cluster starts with and what is typed onto it: emoji and joiners (GB11),
    /// marks (GB9), regional indicators (GB12/13: parity), a Devanagari conjunct (virama and
    /// consonants, GB9c), Hangul jamo, Prepend, and breakers (letters, CR, LF, space).
    static let clusterPieces = ["👨", "\u{200D}", "\u{200D}👨", "\u{301}", "\u{308}", "🏽", "🇵", "🇱", "\u{94D}", "क",
                                "\u{93F}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{600}", "\u{FE0F}", "©", "a", " ", "\r", "\n"]

    @Test("Typing onto long clusters (resumed rules) agrees with ICU over the whole text")
    func growingClusters() {
        let grow = Gen<String>.concatenation(of: .element(of: Self.clusterPieces), count: 1...2)
        let step = Gen<EditStep>.frequency([
            (12, grow.map { .insert($0) }),
            (1, .constant(.deleteBackward)),
            (1, Gen<Bool>.bool.map { .moveCharacter(forward: $0) }),
            (1, .constant(.end)),
        ])
        let session = Gen<[EditStep]>.array(of: step, count: 20...160)
        let failure = check("growingClusters", session, cases: 1_500) { steps in
            try Self.runAgainstReference(steps)
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("A cluster grown by thousands of keystrokes keeps ICU's count", arguments: [
        ("👨", "\u{200D}👨"), ("a", "\u{301}"), ("👨", "\u{200D}"), ("🇵", "🇱"), ("क", "\u{94D}क"), ("👨", "\u{1F3FD}\u{301}"),
    ])
    func longCluster(base: String, piece: String) throws {
        var buffer = try TextBuffer("x" + base)
        var reference = ReferenceField()
        reference.insert("x" + base)
        for index in 0..<3_000 {
            for key in piece.unicodeScalars { buffer.insert(String(key)) }
            reference.insert(piece)
            if index % 500 == 0 || index == 2_999 {
                let characters = reference.characters
                #expect(buffer.characterCount == characters.count - 1)
                #expect(buffer.insertionPoint.utf16 == reference.caret)
                #expect(buffer.insertionPoint.character == characters.firstIndex(of: reference.caret))
            }
        }
        buffer.insert("y")
        reference.insert("y")
        #expect(buffer.characterCount == reference.characters.count - 1)
    }

    /// Runs steps on a `TextBuffer` and on the reference model, comparing after each.
    static func runAgainstReference(_ steps: [EditStep]) throws {
        var buffer = try TextBuffer()
        var reference = ReferenceField()
        for step in steps {
            switch step {
            case .insert(let text):
                buffer.insert(text)
                reference.insert(text)
            case .deleteBackward:
                buffer.deleteBackward()
                reference.deleteBackward()
            case .deleteForward:
                buffer.deleteForward()
                reference.deleteForward()
            case .moveCharacter(let forward):
                let before = buffer.insertionPoint
                _ = buffer.moveCharacter(forward ? .forward : .backward)
                reference.moveCharacter(forward: forward)
                if forward && before != buffer.insertionPoint {
                    // Forward then back returns to the same place.
                    var probe = buffer
                    _ = probe.moveCharacter(.backward)
                    try require(probe.insertionPoint == before, "forward then back moved to \(probe.insertionPoint), not \(before)")
                }
            case .moveWord(let forward):
                let before = buffer.insertionPoint.utf16
                _ = buffer.moveWord(forward ? .forward : .backward)
                // A word boundary, or where ICU's word rules break inside a character, the
                // character boundary after it (forward) or before it (backward).
                let words = ICUReference.boundaries(reference.units, kind: TECU_BREAK_WORD)
                let characters = reference.characters
                let stops = words.map { word in forward ? characters.first { $0 >= word }! : characters.last { $0 <= word }! }
                try require(stops.contains(buffer.insertionPoint.utf16), "word move stopped at \(buffer.insertionPoint.utf16), not at a word boundary \(words) (characters \(characters))")
                try require(forward ? buffer.insertionPoint.utf16 >= before : buffer.insertionPoint.utf16 <= before, "word move went the wrong way")
                reference.caret = buffer.insertionPoint.utf16
            case .home:
                buffer.move(toEnd: false)
                reference.caret = 0
            case .end:
                buffer.move(toEnd: true)
                reference.caret = reference.units.count
            }
            let characters = reference.characters
            try require(buffer.string == reference.string, "text differs after \(step)")
            try require(buffer.insertionPoint.utf16 == reference.caret, "insertion point \(buffer.insertionPoint.utf16) ≠ \(reference.caret) after \(step)")
            try require(characters.contains(buffer.insertionPoint.utf16), "insertion point inside a character after \(step)")
            try require(buffer.characterCount == characters.count - 1, "count \(buffer.characterCount) ≠ \(characters.count - 1) after \(step)")
            let index = characters.firstIndex(of: buffer.insertionPoint.utf16) ?? -1
            try require(buffer.insertionPoint.character == index, "character offset \(buffer.insertionPoint.character) ≠ \(index) after \(step)")
        }
    }
}
