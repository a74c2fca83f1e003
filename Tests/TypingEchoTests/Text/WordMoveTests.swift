import CICU
import Testing
@testable import TypingEcho
import TypingEchoTesting

// Word moves walk ICU's word iterator and judge each segment in one C call
// (`tecu_breaker_following_word`, `tecu_text_is_word`), then count the characters passed with
// the property rules. These tests hold every move to a model built from ICU alone: a contiguous
// word iterator's and character iterator's boundaries, and each code point's general category
// (`u_charType`, through `CharacterCategory`), as the per-segment Swift loop decided it before.

/// What a word move from `caret` must do, from ICU's boundaries of the whole text.
private struct WordModel {
    let units: [UInt16]
    let words: [Int]
    let characters: [Int]

    init(_ text: String) {
        units = Array(text.utf16)
        words = ICUReference.boundaries(units, kind: TECU_BREAK_WORD)
        characters = ICUReference.boundaries(units, kind: TECU_BREAK_CHARACTER)
    }

    /// Whether a code point of the range (a lone surrogate counts as one) is a letter, number or symbol.
    func isWord(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            var scalar = UInt32(units[index])
            index += 1
            if UTF16.isLeadSurrogate(units[index - 1]), index < range.upperBound, UTF16.isTrailSurrogate(units[index]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                index += 1
            }
            if CharacterCategory(rawValue: tecu_char_category(scalar)).makesWord { return true }
        }
        return false
    }

    /// The caret after the move (UTF-16 offset, character offset) and the range said, or nil
    /// where the move cannot go.
    func move(from caret: Int, forward: Bool) -> (utf16: Int, character: Int, spoken: Range<Int>)? {
        if forward ? caret >= units.count : caret <= 0 { return nil }
        var word: Range<Int>?
        var target = caret
        if forward {
            for boundary in words where boundary > caret {
                if isWord(target..<boundary) { word = target..<boundary; target = boundary; break }
                target = boundary
            }
            // From inside a word, the whole word is said.
            if let found = word, found.lowerBound == caret, !words.contains(caret) {
                word = words.last { $0 < found.upperBound }!..<found.upperBound
            }
            target = characters.first { $0 >= target }!
        } else {
            for boundary in words.reversed() where boundary < caret {
                if isWord(boundary..<target) { word = boundary..<target; target = boundary; break }
                target = boundary
            }
            if let found = word, found.upperBound == caret, !words.contains(caret) {
                word = found.lowerBound..<words.first { $0 > found.lowerBound }!
            }
            target = characters.last { $0 <= target }!
        }
        let spoken = word.map { forward ? $0.lowerBound..<max($0.upperBound, target) : min($0.lowerBound, target)..<$0.upperBound }
        return (target, characters.firstIndex(of: target)!, spoken ?? min(caret, target)..<max(caret, target))
    }
}

/// Moves a buffer over `text` by word (and sometimes by character, to start word moves inside
/// words) and checks every move against the model. `pattern` picks the moves, cyclically:
/// 0 and 1 a word move back, 2 to 7 a word move forward, 8 a character forward, 9 a character
/// back. Returns where the caret ended.
@discardableResult
private func walk(_ text: String, pattern: [Int], startAtEnd: Bool = false) throws -> Int {
    let model = WordModel(text)
    var buffer = try TextBuffer(text, locale: "en_US")
    buffer.move(toEnd: startAtEnd)
    var stalled = 0
    for step in 0..<(3 * model.units.count + 2 * pattern.count + 4) where stalled < 2 {
        let choice = pattern[step % pattern.count]
        if choice >= 8 {
            _ = buffer.moveCharacter(choice == 8 ? .forward : .backward)
            continue
        }
        let forward = choice >= 2
        let caret = buffer.insertionPoint
        let expected = model.move(from: caret.utf16, forward: forward)
        let move = buffer.moveWord(forward ? .forward : .backward)
        let context = "from \(caret.utf16) \(forward ? "forward" : "backward") in \(model.units.count) units"
            + (model.units.count < 40 ? " \(model.units.map { String($0, radix: 16) }), pattern \(pattern), step \(step)" : "")
        guard let expected else {
            try require(move == nil && buffer.insertionPoint == caret, "\(context): moved, expected no move")
            stalled += 1
            continue
        }
        stalled = 0
        guard let move else { throw Failure("\(context): no move, expected \(expected)") }
        try require(buffer.insertionPoint.utf16 == expected.utf16 && buffer.insertionPoint.character == expected.character,
                    "\(context): caret \(buffer.insertionPoint), expected \(expected.utf16) / character \(expected.character)")
        try require(move.passedUTF16 == expected.spoken, "\(context): said \(move.passedUTF16), expected \(expected.spoken)")
        let range = forward ? caret..<buffer.insertionPoint : buffer.insertionPoint..<caret
        try require(move.range == range, "\(context): move range \(move.range), expected \(range)")
    }
    return buffer.insertionPoint.utf16
}

/// A test failure with a message (for `check`).
private struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Words of every script the engine meets, with spaces, punctuation, symbols and line breaks
/// between them (the benchmark's mix and more): about `count` words, deterministic.
private func mixedText(words count: Int, seed: UInt64) -> String {
    let pools: [[String]] = [
        ["cafe\u{301}", "nin\u{303}o", "na\u{308}ive", "to\u{302}\u{323}i", "the", "quick", "x2", "42", "3.14", "don't", "e-mail"],
        ["Zażółć", "gęślą", "jaźń", "Łódź", "źdźbło", "chrząszcz"],
        ["👍🏽", "👨‍👩‍👧", "🇵🇱", "❤️", "🏳️‍🌈", "👩🏿‍💻", "1️⃣", "🙂", "🇯🇵🇫🇷", "©", "+", "$5", "→"],
        ["สวัสดีครับ", "ภาษาไทย", "ขอบคุณมาก", "น้ำ", "กรุงเทพมหานคร", "โรงเรียน", "ที่"],
        ["مرحبا", "بالعالم", "السَّلَامُ", "عليكم", "كتاب", "٣٤"],
        ["नमस्ते", "क्षत्रिय", "हिन्दी", "स्त्री"],
        ["한국어", "\u{1100}\u{1161}\u{11A8}", "漢字", "ひらがな", "カタカナ", "𠀀"],
        ["שָׁלוֹם", "עברית"],
    ]
    let separators = [" ", " ", " ", ", ", ". ", "! ", "? ", "\n", "\r\n", " (", ") ", " – ", "...", " \u{200B}", "\u{AD}", "\t", ""]
    var state = seed | 1
    func next() -> Int {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Int(state % 1_000_003)
    }
    var text = ""
    var family = 0
    for _ in 0..<count {
        if next() % 4 == 0 { family = next() % pools.count }
        text += pools[family][next() % pools[family].count]
        text += separators[next() % separators.count]
    }
    return text
}

@Suite("Segmentation: word moves against ICU")
struct WordMoveTests {
    @Test("Word moves over long mixed texts, forward and back, from word ends and from inside words, agree with ICU", arguments: 0..<4)
    func longMixedTexts(seed: Int) throws {
        let text = mixedText(words: 1_500, seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let units = text.utf16.count
        #expect(try walk(text, pattern: [3]) == units)                   // forward only, start to end
        #expect(try walk(text, pattern: [0], startAtEnd: true) == 0)     // backward only, end to start
        try walk(text, pattern: [3, 3, 8, 3, 9, 9, 3, 0, 8, 8, 0, 3]) // mixed, starting inside words
        try walk(text, pattern: [1, 9, 1, 1, 8, 2, 1], startAtEnd: true)
    }

    @Test("Word moves over generated text of every script family agree with ICU")
    func generatedTexts() {
        let moves = Gen<[Int]>.array(of: .int(in: 0...9), count: 1...12)
        let failure = check("wordMovesGenerated", Gen.zip(.unicodeText(length: 1...60, families: UnicodeFamily.allCases), moves),
                            cases: 1_500) { text, pattern in
            try require(try walk(text, pattern: [3]) == text.utf16.count, "a forward walk stopped before the end")
            try walk(text, pattern: pattern)
            try walk(text, pattern: pattern, startAtEnd: true)
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("tecu_text_is_word agrees with CharacterCategory.makesWord for every code point, lone surrogates included, alone and after a space")
    func everyCodePointIsWord() throws {
        var status: Int32 = 0
        let text = try #require(tecu_text_create(&status))
        defer { tecu_text_destroy(text) }
        var units: [UInt16] = []
        var expected: [(range: Range<Int>, word: Bool, value: UInt32)] = []
        for value in UInt32(0)...0x10FFFF {
            let scalarUnits: [UInt16]
            if let scalar = Unicode.Scalar(value) { scalarUnits = Array(String(scalar).utf16) } else { scalarUnits = [UInt16(value)] }
            let word = CharacterCategory(rawValue: tecu_char_category(value)).makesWord
            // Alone, and after a space (the walk goes on past a unit that is no word).
            expected.append((units.count..<units.count + scalarUnits.count, word, value))
            units += scalarUnits
            expected.append((units.count..<units.count + 1 + scalarUnits.count, word, value))
            units += [0x20] + scalarUnits
        }
        units.withUnsafeBufferPointer { tecu_text_replace(text, 0, 0, $0.baseAddress, Int64($0.count), &status) }
        // The gap in the middle, so that both halves and the seam are read.
        tecu_text_replace(text, Int64(units.count / 2) + 1, Int64(units.count / 2) + 1, nil, 0, &status)
        #expect(status <= 0)
        var wrong: [String] = []
        for item in expected where tecu_text_is_word(text, Int64(item.range.lowerBound), Int64(item.range.upperBound)) != item.word {
            wrong.append(String(item.value, radix: 16, uppercase: true))
            if wrong.count > 10 { break }
        }
        #expect(wrong.isEmpty, "tecu_text_is_word differs from u_charType for U+\(wrong.joined(separator: ", U+"))")
        // Out of range: no word, nothing read.
        #expect(!tecu_text_is_word(text, -1, 3))
        #expect(!tecu_text_is_word(text, 0, Int64(units.count) + 1))
        #expect(!tecu_text_is_word(text, 5, 4))
    }
}
