import Testing
import TypingEchoTesting
@testable import TypingEcho

// Behaviour the benchmark-driven fixes must keep: character counts after edits,
// word moves, and byte-identical JSON Lines.


/// Pieces whose joins change grapheme boundaries: combining marks, ZWJ, skin tones and
/// regional indicators (runs of flags re-pair when one is inserted).
private let pieces = ["a", "e", "\u{301}", "\u{308}", "\u{200D}", "👨", "👩", "🏽", "🇵", "🇱", "🇯", "ก", "\u{E34}", " ", "ł", "\n"]

private func randomEdits(seed: UInt64, pieces: [String], checkCaret: Bool) throws {
    var random = TypingEchoTesting.SeededGenerator(seed: seed)
    var buffer = try TextBuffer()
    for _ in 0..<200 {
        switch random.next() % 6 {
        case 0, 1, 2: buffer.insert(pieces[Int(random.next() % UInt64(pieces.count))])
        case 3: buffer.deleteBackward()
        case 4: _ = buffer.moveCharacter(random.next() % 2 == 0 ? .forward : .backward)
        default: _ = buffer.moveWord(random.next() % 2 == 0 ? .forward : .backward)
        }
        #expect(buffer.characterCount == buffer.string.count, "seed \(seed)")
        if checkCaret {
            let before = try buffer.text(in: .start..<buffer.insertionPoint)
            #expect(buffer.insertionPoint.character == before.count, "seed \(seed)")
        }
    }
}

@Test("Character counts match Swift's String after random edits, flags and ZWJ included", arguments: 0..<40)
func countsMatchAfterRandomEdits(seed: UInt64) throws {
    try randomEdits(seed: seed, pieces: pieces, checkCaret: false)
}

// Lone regional indicators included: ICU's word rules pair them across combining marks and
// joiners where grapheme rules do not, so a word move must go on to a character boundary.
@Test("The insertion point stays on a character boundary after random edits", arguments: 0..<100)
func caretMatchesAfterRandomEdits(seed: UInt64) throws {
    try randomEdits(seed: seed, pieces: pieces, checkCaret: true)
}

@Test("Inserting a regional indicator before a long run of flags re-pairs them all")
func longFlagRunsStillCountRight() throws {
    var buffer = try TextBuffer(String(repeating: "🇵🇱", count: 40))
    buffer.move(toEnd: false)
    buffer.insert("🇯")
    #expect(buffer.characterCount == buffer.string.count)
}

@Test("Word moves walk a long mixed text to the end and back, passing every word")
func wordMovesAcrossText() throws {
    let words = ["Zażółć", "gęślą", "cafe\u{301}", "👍🏽", "สวัสดีครับ", "مرحبا"]
    let text = (0..<300).map { words[$0 % words.count] }.joined(separator: " ")
    var buffer = try TextBuffer(text, locale: "en_US")
    buffer.move(toEnd: false)
    var forward = 0
    while let move = buffer.moveWord(.forward) { forward += 1; #expect(!buffer.text(passedBy: move).isEmpty) }
    #expect(buffer.insertionPoint == buffer.endPosition)
    var backward = 0
    while buffer.moveWord(.backward) != nil { backward += 1 }
    #expect(buffer.insertionPoint == .start)
    #expect(forward == backward)
    #expect(forward >= 300)
}

@Test("JSON Lines escapes text and writes numbers exactly")
func jsonLinesEncoding() {
    let speak = TimedEvent(time: VirtualTime(milliseconds: 12_345), event: .speak(Utterance(
        id: 1_234_567_890, text: "say \"hi\"\\\n\t\u{1}\u{7F} ł 👍🏽", role: .echo, locale: "en-US", pitch: 1.2,
        duration: VirtualDuration(milliseconds: 5), interrupts: true)))
    #expect(JSONLines.line(speak) == #"{"type":"speak","t":12.345,"start":12.345,"id":1234567890,"text":"say \"hi\"\\\n\t\u0001\u007f ł 👍🏽","role":"echo","locale":"en-US","pitch":1.2,"duration":0.005,"interrupts":true}"#)
    let cursor = TimedEvent(time: .zero, event: .cursor(field: "f", offset: 0, utf16: 1_000_000))
    #expect(JSONLines.line(cursor) == #"{"type":"cursor","t":0.000,"field":"f","offset":0,"utf16":1000000}"#)
    let edit = TimedEvent(time: VirtualTime(milliseconds: 1_000), event: .edit(FieldEdit(
        field: "p", operation: .delete, offset: -1, length: 10, count: 0, text: nil)))
    #expect(JSONLines.line(edit) == #"{"type":"edit","t":1.000,"field":"p","op":"delete","offset":-1,"length":10,"count":0}"#)
}

/// Pieces for long insertions: each joins, or not, across the ends of what is inserted.
private let longPieces = ["a", "ł", " ", "\u{301}", "\u{200D}", "👨", "👩", "🏽", "🇵", "🇱", "ก", "\u{E33}", "\u{E34}",
                          "\u{915}", "\u{94D}", "\u{937}", "\u{1100}", "\u{1161}", "\u{11A8}", "\r", "\n", "\u{600}",
                          "1\u{FE0F}\u{20E3}", "\u{FEFF}", "\u{E0020}"]

// A long insertion (more than `TextBuffer.countedInsertion` units from the boundary before it)
// is counted in one pass up to a boundary near its end, then re-segmented as a short one.
@Test("A long insertion counts its characters and places the caret as ICU segments the whole text", arguments: 0..<60)
func longInsertionsMatchICU(seed: UInt64) throws {
    var random = TypingEchoTesting.SeededGenerator(seed: seed)
    func text(_ pieces: Int) -> String {
        (0..<pieces).map { _ in longPieces[Int(random.next() % UInt64(longPieces.count))] }.joined()
    }
    var buffer = try TextBuffer(text(Int(random.next() % 40)))
    var reference = ReferenceField()
    reference.insert(buffer.string)
    // The caret somewhere inside, on a boundary.
    buffer.move(toEnd: false)
    reference.caret = 0
    for _ in 0..<Int(random.next() % UInt64(reference.characters.count)) {
        _ = buffer.moveCharacter(.forward)
        reference.moveCharacter(forward: true)
    }
    for round in 0..<3 {
        // Lengths on both sides of the threshold, the tail crossing it by a few units.
        let inserted = text([100, 120, 140, 300, 1_000][Int(random.next() % 5)] + Int(random.next() % 8))
        buffer.insert(inserted)
        reference.insert(inserted)
        let boundaries = reference.characters
        #expect(buffer.characterCount == boundaries.count - 1, "seed \(seed), round \(round)")
        #expect(buffer.insertionPoint.utf16 == reference.caret, "seed \(seed), round \(round)")
        #expect(buffer.insertionPoint.character == boundaries.firstIndex(of: reference.caret), "seed \(seed), round \(round)")
        #expect(buffer.string == reference.string, "seed \(seed), round \(round)")
    }
}
