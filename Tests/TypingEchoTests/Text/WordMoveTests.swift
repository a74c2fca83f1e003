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
    /// where the move cannot go. Boundaries are found by binary search in the sorted lists, so
    /// that a walk over a long text stays linear.
    func move(from caret: Int, forward: Bool) -> (utf16: Int, character: Int, spoken: Range<Int>)? {
        if forward ? caret >= units.count : caret <= 0 { return nil }
        var word: Range<Int>?
        var target = caret
        let atWordBoundary = Self.first(in: words, atLeast: caret).map { words[$0] == caret } ?? false
        if forward {
            var index = Self.first(in: words, atLeast: caret + 1) ?? words.count
            while index < words.count {
                let boundary = words[index]
                if isWord(target..<boundary) { word = target..<boundary; target = boundary; break }
                target = boundary
                index += 1
            }
            // From inside a word, the whole word is said.
            if let found = word, found.lowerBound == caret, !atWordBoundary {
                word = words[(Self.first(in: words, atLeast: found.upperBound) ?? words.count) - 1]..<found.upperBound
            }
            target = characters[Self.first(in: characters, atLeast: target)!]
        } else {
            var index = (Self.first(in: words, atLeast: caret) ?? words.count) - 1
            while index >= 0 {
                let boundary = words[index]
                if isWord(boundary..<target) { word = boundary..<target; target = boundary; break }
                target = boundary
                index -= 1
            }
            if let found = word, found.upperBound == caret, !atWordBoundary {
                word = found.lowerBound..<words[Self.first(in: words, atLeast: found.lowerBound + 1)!]
            }
            target = characters[(Self.first(in: characters, atLeast: target + 1) ?? characters.count) - 1]
        }
        let spoken = word.map { forward ? $0.lowerBound..<max($0.upperBound, target) : min($0.lowerBound, target)..<$0.upperBound }
        let character = Self.first(in: characters, atLeast: target)!
        precondition(characters[character] == target, "the model's target \(target) is not a character boundary")
        return (target, character, spoken ?? min(caret, target)..<max(caret, target))
    }

    /// The index of the first element of the ascending `list` that is at least `value`, or nil.
    static func first(in list: [Int], atLeast value: Int) -> Int? {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < list.count ? low : nil
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
        // Built only for a failure's message.
        func context() -> String {
            "from \(caret.utf16) \(forward ? "forward" : "backward") in \(model.units.count) units"
                + (model.units.count < 40 ? " \(model.units.map { String($0, radix: 16) }), pattern \(pattern), step \(step)" : "")
        }
        guard let expected else {
            try require(move == nil && buffer.insertionPoint == caret, "\(context()): moved, expected no move")
            stalled += 1
            continue
        }
        stalled = 0
        guard let move else { throw Failure("\(context()): no move, expected \(expected)") }
        try require(buffer.insertionPoint.utf16 == expected.utf16 && buffer.insertionPoint.character == expected.character,
                    "\(context()): caret \(buffer.insertionPoint), expected \(expected.utf16) / character \(expected.character)")
        try require(move.passedUTF16 == expected.spoken, "\(context()): said \(move.passedUTF16), expected \(expected.spoken)")
        let range = forward ? caret..<buffer.insertionPoint : buffer.insertionPoint..<caret
        try require(move.range == range, "\(context()): move range \(move.range), expected \(range)")
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

/// Pieces of dictionary text: Thai words, Thai letters and marks in any order (no word the
/// dictionary knows), Japanese words, kana and kanji one by one, Lao, Khmer and Burmese words.
private let dictionaryPieces: [[String]] = [
    ["สวัสดี", "ครับ", "ภาษา", "ไทย", "ประเทศ", "โรงเรียน", "หนังสือ", "อาหาร", "อร่อย", "ขอบคุณ", "กรุงเทพ", "มหานคร",
     "คอมพิวเตอร์", "ที่", "และ", "ของ", "ได้", "ไม่", "น้ำ", "ๆ", "ฯ"],
    ["ก", "ข", "ค", "ง", "น", "ม", "ร", "ส", "อ", "า", "ิ", "ี", "ุ", "เ", "แ", "ไ", "่", "้", "ั", "ำ", "์"],
    ["私", "は", "日本語", "を", "勉強", "して", "います", "今日", "天気", "が", "東京", "に", "コンピューター", "ソフトウェア",
     "の", "開発", "者", "学校", "先生", "猫", "とても", "かわいい", "漢字", "々", "ー"],
    ["あ", "い", "か", "の", "ア", "イ", "ン", "ッ", "日", "本", "語", "人", "大", "学"],
    ["ສະບາຍດີ", "ພາສາລາວ", "ខ្មែរ", "ភាសា", "မြန်မာ", "ဘာသာ", "中文", "你好", "世界"],
]

/// Long runs of dictionary text, mostly without spaces (so word windows are cut inside runs),
/// sometimes with a space, punctuation or a Latin word between pieces; each run keeps to one
/// family of pieces for a while.
private let longDictionaryText: Gen<String> = Gen.concatenation(
    of: Gen<Int>.int(in: 0...(dictionaryPieces.count - 1)).flatMap { family in
        Gen.concatenation(of: Gen.frequency([(150, .element(of: dictionaryPieces[family])),
                                             (1, .element(of: [" ", "。", "、", ", ", "abc", "\n", "42"]))]),
                          count: 5...80)
    },
    count: 2...16)

@Suite("Segmentation: word windows in long dictionary runs")
struct WordWindowTests {
    @Test("Word moves in long runs of Thai, Japanese, Lao, Khmer and Burmese agree with ICU over the whole text")
    func longRuns() {
        let moves = Gen<[Int]>.array(of: .int(in: 0...9), count: 1...12)
        let failure = check("wordWindowMoves", Gen.zip(longDictionaryText, moves), cases: 40) { text, pattern in
            try walk(text, pattern: pattern)
            try walk(text, pattern: pattern, startAtEnd: true)
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("Words echoed at a space typed into a long dictionary run are the whole text's words")
    func echoInLongRuns() throws {
        let failure = check("wordWindowEcho", Gen.zip(longDictionaryText, .int(in: 0...1_000_000)), cases: 60) { text, pick in
            var units = Array(text.utf16)
            let characters = ICUReference.boundaries(units, kind: TECU_BREAK_CHARACTER)
            let at = characters[pick % characters.count]
            units.insert(0x20, at: at)
            let spaced = String(decoding: units, as: UTF16.self)
            let words = ICUReference.boundaries(units, kind: TECU_BREAK_WORD)
            let model = WordModel(spaced)
            // The words ending at the space, by ICU over the whole text (at most 64).
            var expected: [String] = []
            if words.contains(at), at > 0 {
                var end = at
                for start in words.reversed() where start < at {
                    guard expected.count < 64, model.isWord(start..<end) else { break }
                    expected.insert(String(decoding: units[start..<end], as: UTF16.self), at: 0)
                    end = start
                    if start > 0, units[start - 1] < 0x80, !TextBuffer.isASCIIAlphanumeric(units[start - 1]) { break }
                }
            }
            var buffer = try TextBuffer(spaced, locale: "th_TH")
            let position = TextPosition(character: characters.firstIndex(of: at)!, utf16: at)
            let said = buffer.words(endingAt: position)
            try require(said == expected, "at \(at) of \(units.count): said \(said.count) words \(said.suffix(3)), expected \(expected.count) \(expected.suffix(3))")
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("The word boundaries ICU finds in a window cut inside a run are the whole text's, but for a margin at each cut", arguments: [32, 96, 160, 256])
    func windowBoundaries(distance: Int) throws {
        let failure = check("wordWindowBoundaries", Gen.zip(longDictionaryText, .int(in: 0...1_000_000)), cases: 60) { text, pick in
            let units = Array(text.utf16)
            guard !units.isEmpty else { return }
            var status: Int32 = 0
            let breaker = tecu_breaker_open(TECU_BREAK_WORD, "th_TH", &status)!
            defer { tecu_breaker_close(breaker) }
            let storage = tecu_text_create(&status)!
            defer { tecu_text_destroy(storage) }
            units.withUnsafeBufferPointer { tecu_text_replace(storage, 0, 0, $0.baseAddress, Int64($0.count), &status) }
            let expected = Set(ICUReference.boundaries(units, kind: TECU_BREAK_WORD, locale: "th_TH"))
            // Windows around a few places, cut as a query cuts them (with short distances, so
            // that most cuts fall inside runs).
            for step in 0..<8 {
                let offset = (pick &* (step + 1) &+ step * 7_919) % (units.count + 1)
                var exactStart = false, exactEnd = false
                let start = Int(tecu_text_word_window_start(storage, Int64(offset), Int64(distance / 8), Int64(distance), &exactStart))
                let end = Int(tecu_text_word_window_end(storage, Int64(offset), Int64(distance / 8), Int64(distance), &exactEnd))
                let window = WordWindow(range: start..<end, exactStart: exactStart, exactEnd: exactEnd)
                tecu_breaker_attach_text_window(breaker, storage, Int64(start), Int64(end), &status)
                var found: Set<Int> = [start]
                var position = Int64(start)
                while true {
                    position = tecu_breaker_following(breaker, position)
                    if position < 0 { break }
                    found.insert(Int(position))
                }
                // Every unit of the window not too close to a cut inside a run: a boundary in
                // the window exactly when it is one in the whole text.
                for index in start...end where !window.tooCloseToStart(index) && !window.tooCloseToEnd(index) {
                    guard (index > start || exactStart) && (index < end || exactEnd) else { continue }
                    try require(found.contains(index) == expected.contains(index),
                                "window \(start)..<\(end) (exact: \(exactStart), \(exactEnd)) of \(units.count) units: \(index) is \(found.contains(index) ? "" : "not ")a boundary")
                }
            }
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("A word move or option-backspace in a long Thai run reads a bounded window, not the run")
    func boundedWindow() throws {
        let run = String(repeating: "สวัสดีครับภาษาไทยโรงเรียน", count: 2_000)
        var buffer = try TextBuffer(run, locale: "th_TH")
        buffer.move(toEnd: true)
        for _ in 0..<20 {
            let move = buffer.moveWord(.backward)
            #expect(move != nil)
            let window = try #require(buffer.storage.attachedWordWindow)
            #expect(window.count <= 4 * WordWindow.context, "the word iterator saw \(window.count) units")
            let edit = buffer.deleteWordBackward()
            #expect(edit != nil)
        }
    }

    @Test("Every code point the word window cuts beside is a word boundary on both sides in ICU, in many neighbourhoods")
    func separatorsSeparate() throws {
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_WORD)
        let neighbours: [[UInt16]] = ["a", "1", "ก", "日", "カ", "\u{5D0}", "@", "\u{1F600}", ".", "'", "_", "\u{301}", "\u{1F1EF}", "ສ", "\u{3000}"].map { Array($0.utf16) }
        // Word_Break WSegSpace: a space after one of these joins it (WB3d).
        let spaces: Set<UInt32> = [0x20, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2008, 0x2009, 0x200A, 0x205F, 0x3000]
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF where tecu_word_separates(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let units = Array(String(scalar).utf16)
            for left in neighbours {
                for right in neighbours {
                    let text = left + left + units + right + right
                    let boundaries = segmenter.boundaries(text)
                    let before = 2 * left.count, after = before + units.count
                    // A space after a space joins (WB3d); Extend, Format and ZWJ after it attach to it (WB4).
                    let joinsBefore = spaces.contains(value) && left == [0x3000]
                    let joinsAfter = (right == [0x301] && ![0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(value))
                        || (right == [0x3000] && spaces.contains(value))
                    if (!joinsBefore && !boundaries.contains(before)) || (!joinsAfter && !boundaries.contains(after)) {
                        wrong.append("U+\(String(value, radix: 16, uppercase: true)) between \(left) and \(right)")
                    }
                    if wrong.count > 10 { break }
                }
            }
            if wrong.count > 10 { break }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }
}
