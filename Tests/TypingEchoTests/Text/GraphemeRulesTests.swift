import CICU
import Testing
@testable import TypingEcho
import TypingEchoTesting

// The shim finds character boundaries from code point properties (Sources/CICU/graphemes.c)
// instead of ICU's break iterator. These tests hold it to ICU's iterator: every class of code
// point in every sequence of up to four, the emoji, joiner, regional-indicator and prepend
// classes in every sequence of up to six, every code point of the BMP, the SMP and plane 14
// (and a sample of the other planes) in contexts that tell each class apart, and generated
// text of every script family, Devanagari included.

/// One code point of each Grapheme_Cluster_Break class (and Extended_Pictographic), as UTF-16.
private let classes: [(name: String, units: [UInt16])] = [
    ("Other", Array("a".utf16)), ("ExtPict", Array("😀".utf16)), ("CR", [0x0D]), ("LF", [0x0A]),
    ("Control", [0xAD]), ("lone lead surrogate", [0xD83D]), ("lone trail surrogate", [0xDE00]),
    ("Extend", [0x301]), ("ZWJ", [0x200D]), ("RI", Array("🇵".utf16)), ("Prepend", [0x600]),
    ("SpacingMark", [0x903]), ("L", [0x1100]), ("V", [0x1161]), ("T", [0x11A8]), ("LV", [0xAC00]), ("LVT", [0xAC01]),
    ("linking consonant", [0x915]), ("virama", [0x94D]),
]

/// More members of the classes that matter most, outside the BMP and in the scripts of the
/// benchmark's text.
private let moreMembers: [[UInt16]] = [
    Array("\u{1F3FD}".utf16), [0xFE0F], Array("\u{E0067}".utf16), [0x0E34], [0x0E33], [0x094D], [0x093F],
    Array("\u{110BD}".utf16), Array("🇱".utf16), [0xA9], Array("\u{20000}".utf16), [0x0E01], [0x200C], [0x200B], [0x2764],
    [0x093C], [0x0995], [0x09CD], [0x0A95], [0x0D15], [0x0D4D], [0x0C15], [0x0C4D], [0x0B15], [0x0B4D], [0x0A15], [0x0A4D],
]

/// A gap buffer holding `units`, its gap in the middle so that both halves are read.
private final class GapText {
    let text: OpaquePointer

    init(_ units: [UInt16]) throws {
        var status: Int32 = 0
        text = try #require(tecu_text_create(&status))
        units.withUnsafeBufferPointer { tecu_text_replace(text, 0, 0, $0.baseAddress, Int64($0.count), &status) }
        tecu_text_replace(text, Int64(units.count / 2), Int64(units.count / 2), nil, 0, &status)
        #expect(status <= 0)
    }

    deinit { tecu_text_destroy(text) }

    /// Every boundary from 0 by `tecu_text_grapheme_following` (0 and the end included), or nil
    /// where the rules declined.
    func boundaries() -> [Int]? {
        let length = tecu_text_length(text)
        var result = [0]
        var position: Int64 = 0
        while position < length {
            position = tecu_text_grapheme_following(text, position)
            if position < 0 { return nil }
            result.append(Int(position))
        }
        return result
    }
}

/// Compares the rules with ICU over `units`; names the first difference.
private func compare(_ units: [UInt16], segmenter: ICUReference.Segmenter, describe: (Int) -> String) throws {
    let expected = segmenter.boundaries(units)
    let text = try GapText(units)
    guard let actual = text.boundaries() else {
        Issue.record("the rules declined to decide")
        return
    }
    guard actual != expected else { return }
    let first = zip(actual, expected).first { $0 != $1 }.map { min($0.0, $0.1) } ?? min(actual.last!, expected.last!)
    Issue.record("rules and ICU differ near offset \(first): \(describe(first))")
}

/// The text as U+XXXX from a little before `offset` to a little after it.
private func neighbourhood(_ units: [UInt16], _ offset: Int) -> String {
    let range = max(0, offset - 8)..<min(units.count, offset + 8)
    return units[range].map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
}

@Suite("Segmentation: grapheme rules against ICU")
struct GraphemeRulesTests {
    @Test("The rules are in use exactly when ICU's Unicode version is 15.0 (ICU 72 and 73)")
    func inUse() {
        var buffer = [CChar](repeating: 0, count: 32)
        tecu_version(&buffer, 32)
        let version = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let major = Int(version.split(separator: ".").first ?? "") ?? 0
        #expect(tecu_grapheme_rules_in_use() == (72...73).contains(major), "ICU \(version)")
    }

    @Test("Every sequence of up to four classes, each after a line feed, breaks as ICU breaks it")
    func everyShortSequence() throws {
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        for length in 1...4 {
            var units: [UInt16] = []
            var starts: [(offset: Int, sequence: [Int])] = []
            var sequence = [Int](repeating: 0, count: length)
            while true {
                starts.append((units.count, sequence))
                for index in sequence { units += classes[index].units }
                units.append(0x0A)
                // The next sequence in lexicographic order.
                var position = length - 1
                while position >= 0 && sequence[position] == classes.count - 1 { sequence[position] = 0; position -= 1 }
                if position < 0 { break }
                sequence[position] += 1
            }
            try compare(units, segmenter: segmenter) { offset in
                let start = starts.last { $0.offset <= offset }!
                return start.sequence.map { classes[$0].name }.joined(separator: " ")
            }
        }
    }

    /// Emoji, joiner, indicator, prepend and mark pieces; conjunct pieces (consonant, virama,
    /// nukta, joiners, a vowel sign, a Bengali consonant).
    static let sequencePieces: [[[UInt16]]] = [
        [Array("😀".utf16), [0x200D], Array("🇵".utf16), [0x600], [0x301], Array("a".utf16), [0x903], Array("\u{1F3FD}".utf16)],
        [[0x915], [0x94D], [0x93C], [0x200D], [0x200C], [0x93E], [0x995], Array("a".utf16)],
    ]

    @Test("Every sequence of six emoji and joiner pieces, or of six conjunct pieces, breaks as ICU breaks it", arguments: 0..<2)
    func everySixPieceSequence(set: Int) throws {
        let pieces = Self.sequencePieces[set]
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        var units: [UInt16] = []
        var sequence = [Int](repeating: 0, count: 6)
        while true {
            for index in sequence { units += pieces[index] }
            units.append(0x0A)
            var position = sequence.count - 1
            while position >= 0 && sequence[position] == pieces.count - 1 { sequence[position] = 0; position -= 1 }
            if position < 0 { break }
            sequence[position] += 1
        }
        try compare(units, segmenter: segmenter) { neighbourhood(units, $0) }
    }

    @Test("More members of each class, in every pair and after every class, break as ICU breaks them")
    func moreMembersInPairs() throws {
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        let all = classes.map(\.units) + moreMembers
        var units: [UInt16] = []
        for first in all { for second in all { for third in all { units += first + second + third + [0x0A] } } }
        try compare(units, segmenter: segmenter) { neighbourhood(units, $0) }
    }

    @Test("Every code point of the BMP, SMP and plane 14, and a sample of the others, breaks as ICU in contexts that tell the classes apart")
    func everyCodePoint() throws {
        // Each context joins a different set of classes to the code point: Extend, ZWJ and
        // SpacingMark after a letter; Prepend before one; anything but controls before a mark;
        // Hangul jamo and syllables around L, V and T; an emoji after an emoji and a ZWJ; a
        // regional indicator after one; a conjunct that the code point continues (a consonant
        // after a virama), links (a virama between consonants) or carries (a mark before the
        // last consonant).
        let contexts: [(before: [UInt16], after: [UInt16])] = [
            (Array("a".utf16), Array("a".utf16)), ([], [0x301]), ([0x1100], [0x11A8]), ([0x1161], [0x1161]),
            (Array("😀\u{200D}".utf16), []), (Array("🇵".utf16), []), ([0x915, 0x94D], []), ([0x915], [0x915]),
            ([0x915, 0x94D], [0x915]),
        ]
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        let scalars = Array(0..<0xD800) + Array(0xE000..<0x20000) + Array(0xE0000..<0xE1000)
            + Array(stride(from: 0x20000, to: 0xE0000, by: 61)) + Array(stride(from: 0xE1000, through: 0x10FFFF, by: 61))
        for chunk in stride(from: 0, to: scalars.count, by: 16_384) {
            var units: [UInt16] = []
            for value in scalars[chunk..<min(chunk + 16_384, scalars.count)] {
                let scalarUnits = Array(String(Unicode.Scalar(UInt32(value))!).utf16)
                for context in contexts { units += context.before + scalarUnits + context.after + [0x0A] }
            }
            try compare(units, segmenter: segmenter) { neighbourhood(units, $0) }
        }
    }

    @Test("Every code point of the BMP and a sample of the others, after a plain cluster (a letter and its marks, the scan's fast path), breaks as ICU")
    func everyCodePointAfterPlainClusters() throws {
        // The fast path of scan_clusters decides code points after a cluster whose last code
        // point is Other, Extend or SpacingMark (no emoji, no conjunct): Thai and Arabic letters
        // with their vowels and tone marks, a Latin letter with a mark of non-zero combining
        // class, a CJK ideograph, a Hangul syllable is not plain (LV), a Devanagari vowel sign.
        let contexts: [[UInt16]] = [
            [0x0E01], [0x0E01, 0x0E34], [0x0E01, 0x0E33], [0x0E01, 0x0E49, 0x0E4C], [0x0628], [0x0628, 0x064E],
            [0x0627, 0x0651, 0x064E], [0x61, 0x301], [0x4E00], [0x0905, 0x093E], [0x05E9, 0x05C1],
        ]
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        let scalars = Array(0..<0xD800) + Array(0xE000..<0x10000) + Array(stride(from: 0x10000, through: 0x10FFFF, by: 31))
        for chunk in stride(from: 0, to: scalars.count, by: 8_192) {
            var units: [UInt16] = []
            for value in scalars[chunk..<min(chunk + 8_192, scalars.count)] {
                let scalarUnits = Array(String(Unicode.Scalar(UInt32(value))!).utf16)
                // After the context, and with another plain letter after it (to see the boundary after).
                for context in contexts { units += context + scalarUnits + [0x0E01, 0x0A] }
            }
            try compare(units, segmenter: segmenter) { neighbourhood(units, $0) }
        }
    }

    @Test("Long runs of Thai, Arabic, Hebrew and CJK, with the gap anywhere, count as ICU counts")
    func longPlainRuns() throws {
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        let words = ["สวัสดีครับ", "น้ำ", "กรุงเทพมหานคร", "ที่", "السَّلَامُ", "بالعالم", "شكرا", "שָׁלוֹם", "漢字", "cafe\u{301}", "ภาษาไทย", "e\u{301}\u{302}"]
        var text = ""
        for index in 0..<400 { text += words[(index * 7 + index / 3) % words.count] + (index % 5 == 0 ? " " : "") }
        let units = Array(text.utf16)
        let expected = segmenter.boundaries(units)
        var status: Int32 = 0
        for gapAt in stride(from: 0, through: units.count, by: 37) {
            let gap = try #require(tecu_text_create(&status))
            defer { tecu_text_destroy(gap) }
            units.withUnsafeBufferPointer { tecu_text_replace(gap, 0, 0, $0.baseAddress, Int64($0.count), &status) }
            tecu_text_replace(gap, Int64(gapAt), Int64(gapAt), nil, 0, &status)
            // From every 11th boundary, to an offset a little further on.
            for (index, from) in expected.enumerated() where index % 11 == 0 && from < units.count {
                let to = min(from + 1 + (index % 50), units.count)
                var reached: Int64 = -1
                let count = tecu_text_count_characters(gap, Int64(from), Int64(to), &reached)
                let stop = expected.first { $0 >= to }!
                #expect(Int(reached) == stop && Int(count) == expected.firstIndex(of: stop)! - index,
                        "gap at \(gapAt), counting \(from)..<\(to): \(count) to \(reached), ICU \(stop)")
                if Int(reached) != stop { return }
            }
        }
    }

    @Test("ICU's character rules are the same in every locale the engine segments for", arguments: ["th", "hi", "ko", "ja", "ar", "he", "pl_PL", "ur_PK", "en_US_POSIX"])
    func sameInEveryLocale(locale: String) throws {
        var units: [UInt16] = []
        let all = classes.map(\.units) + moreMembers
        for first in all { for second in all { for third in all { units += first + second + third } } }
        let root = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        let local = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER, locale: locale)
        #expect(root.boundaries(units) == local.boundaries(units))
    }

    @Test("Generated text of every script family: each boundary and each count agree with ICU")
    func generatedText() {
        let segmenter = try! ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        let text = Gen<String>.unicodeText(length: 1...40, families: UnicodeFamily.allCases)
        let failure = check("generatedText", Gen.zip(text, .int(in: 0...1_000)), cases: 2_000) { text, seed in
            let units = Array(text.utf16)
            let expected = segmenter.boundaries(units)
            let gap = try GapText(units)
            try require(gap.boundaries() == expected, "boundaries \(String(describing: gap.boundaries())) ≠ ICU's \(expected)")
            // Counting from a boundary to an offset goes to the first boundary at or after it.
            var status: Int32 = 0
            guard let breaker = tecu_breaker_open(TECU_BREAK_CHARACTER, "en_US", &status) else { throw ICUError(code: status, operation: "opening") }
            defer { tecu_breaker_close(breaker) }
            tecu_breaker_attach_text(breaker, gap.text, &status)
            let from = expected[seed % expected.count]
            let to = from + (seed / 7) % (units.count - from + 1)
            var reached: Int64 = -1
            let count = tecu_breaker_count_characters(breaker, gap.text, Int64(from), Int64(to), &reached)
            let stop = expected.first { $0 >= to }!
            try require(Int(reached) == stop && Int(count) == expected.firstIndex(of: stop)! - expected.firstIndex(of: from)!,
                        "counting \(from)..<\(to): \(count) to \(reached), ICU \(stop)")
        }
        #expect(failure == nil, "\(failure!)")
    }
}
