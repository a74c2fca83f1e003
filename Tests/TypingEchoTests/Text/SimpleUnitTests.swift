import CICU
import Testing
@testable import TypingEcho
import TypingEchoTesting

// The paths that skip ICU (maintainers/benchmarks.md): below U+0300 every code point's grapheme
// break property is Control, CR, LF or Other, so between two such units there is a boundary
// unless they are CR LF, whatever came before. These tests hold each shortcut to ICU.

/// Code points below U+0300 whose grapheme break property makes the shortcuts possible.
private let simpleUnits = (0..<0x300).map { UInt16($0) }

/// Left contexts that make ICU look further back: regional indicators, joiners, emoji,
/// Hangul, a prepended mark, a combining mark, CR.
private let contexts: [[UInt16]] = [
    [], Array("🇯".utf16), Array("🇯🇵🇯".utf16), Array("👨\u{200D}".utf16), Array("\u{200D}".utf16),
    Array("\u{1100}".utf16), Array("\u{600}".utf16), Array("e\u{301}".utf16), [0x0D], Array("©".utf16),
]

@Suite("Below U+0300 without ICU")
struct SimpleUnitTests {
    @Test("Every pair of code points below U+0300 has a boundary between them, but CR LF, after any context")
    func everyPair() {
        for context in contexts {
            for first in simpleUnits {
                // context, first, b for every b: the pair (first, b) always follows `context`.
                var units: [UInt16] = []
                var pairs: [Int] = []  // the offset between first and b
                units.reserveCapacity(simpleUnits.count * (context.count + 2))
                for second in simpleUnits {
                    units += context
                    units.append(first)
                    pairs.append(units.count)
                    units.append(second)
                }
                // Both lists ascend, so one walk finds whether each pair's offset is a boundary.
                let boundaries = ICUReference.boundaries(units, kind: TECU_BREAK_CHARACTER)
                var next = 0
                for index in 0..<pairs.count {
                    let offset = pairs[index]
                    while next < boundaries.count && boundaries[next] < offset { next += 1 }
                    let isBoundary = next < boundaries.count && boundaries[next] == offset
                    let joined = first == 0x0D && simpleUnits[index] == 0x0A
                    if isBoundary == joined {
                        Issue.record("U+\(hex(first)) U+\(hex(simpleUnits[index])) after \(context.map(hex)): ICU \(joined ? "splits" : "joins") them")
                        return
                    }
                }
            }
        }
    }

    @Test("The C shortcuts for moving and counting agree with ICU", arguments: 0..<40)
    func shortcutsAgreeWithICU(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let pieces: [[UInt16]] = contexts + [[0x0A], [0x0D, 0x0A], [0x20], Array("a".utf16), Array("ł".utf16), [0xAD],
                                             Array("\u{301}".utf16), Array("👍🏽".utf16), Array("ก\u{E34}".utf16), [0xFF], [0x2FF]]
        var units: [UInt16] = []
        for _ in 0..<200 { units += pieces[Int(random.next() % UInt64(pieces.count))] }
        var status: Int32 = 0
        let text = try #require(tecu_text_create(&status))
        defer { tecu_text_destroy(text) }
        // Put the gap in the middle so both halves are read.
        units.withUnsafeBufferPointer { tecu_text_replace(text, 0, 0, $0.baseAddress, Int64($0.count), &status) }
        tecu_text_replace(text, Int64(units.count / 2), Int64(units.count / 2), nil, 0, &status)
        let breaker = try #require(tecu_breaker_open(TECU_BREAK_CHARACTER, "en_US", &status))
        defer { tecu_breaker_close(breaker) }
        tecu_breaker_attach_text(breaker, text, &status)
        let boundaries = ICUReference.boundaries(units, kind: TECU_BREAK_CHARACTER)
        for (index, boundary) in boundaries.enumerated() {
            let following = tecu_text_simple_following(text, Int64(boundary))
            if following >= 0 { #expect(Int(following) == boundaries[index + 1], "seed \(seed) at \(boundary)") }
            let preceding = tecu_text_simple_preceding(text, Int64(boundary))
            if preceding >= 0 { #expect(Int(preceding) == boundaries[index - 1], "seed \(seed) at \(boundary)") }
            if index + 1 < boundaries.count {
                #expect(Int(tecu_breaker_following_character(breaker, text, Int64(boundary))) == boundaries[index + 1], "seed \(seed) at \(boundary)")
            }
            if index > 0 {
                #expect(Int(tecu_breaker_preceding_character(breaker, text, Int64(boundary))) == boundaries[index - 1], "seed \(seed) at \(boundary)")
            }
        }
        for _ in 0..<50 {
            let a = Int(random.next() % UInt64(boundaries.count)), b = Int(random.next() % UInt64(boundaries.count))
            let (from, to) = (min(a, b), max(a, b))
            var reached: Int64 = -1
            let count = tecu_breaker_count_characters(breaker, text, Int64(boundaries[from]), Int64(boundaries[to]), &reached)
            #expect(Int(count) == to - from, "seed \(seed): \(boundaries[from])..<\(boundaries[to])")
            #expect(Int(reached) == boundaries[to], "seed \(seed): \(boundaries[from])..<\(boundaries[to])")
            // From a boundary to a code unit inside a character: counting goes on to its end.
            if to + 1 < boundaries.count, boundaries[to + 1] > boundaries[to] + 1 {
                let count = tecu_breaker_count_characters(breaker, text, Int64(boundaries[from]), Int64(boundaries[to] + 1), &reached)
                #expect(Int(count) == to + 1 - from && Int(reached) == boundaries[to + 1], "seed \(seed): \(boundaries[from])..<\(boundaries[to] + 1)")
            }
        }
    }

    @Test("Typing any character below U+0300 next to any neighbour, then backspace, counts as ICU does")
    func insertingSimpleUnits() throws {
        let neighbours = ["", "a", "\r", "\n", "\r\n", "©", "🇯", "🇯🇵🇯", "\u{200D}", "e\u{301}", "ก", "\u{AD}", "\u{2FF}"]
        let segmenter = try ICUReference.Segmenter(kind: TECU_BREAK_CHARACTER)
        for before in neighbours {
            for after in neighbours {
                var buffer = try TextBuffer(before + after)
                // The insertion point goes to the first boundary at or after the seam.
                let start = Array((before + after).utf16)
                let seam = segmenter.boundaries(start).first { $0 >= before.utf16.count }!
                buffer.move(toEnd: false)
                while buffer.insertionPoint.utf16 < seam { _ = buffer.moveCharacter(.forward) }
                let caret = buffer.insertionPoint
                for unit in simpleUnits where unit != 0x0D && unit != 0x0A {
                    // Built only for a failure's message.
                    func context() -> String { "U+\(hex(unit)) between \(start[..<seam].map(hex)) and \(start[seam...].map(hex))" }
                    buffer.insert(String(decoding: [unit], as: UTF16.self))
                    var units = start
                    units.insert(unit, at: seam)
                    let boundaries = segmenter.boundaries(units)
                    let expected = boundaries.first { $0 >= seam + 1 }!
                    try #require(buffer.characterCount == boundaries.count - 1, "\(context())")
                    try #require(buffer.insertionPoint.utf16 == expected, "\(context())")
                    try #require(buffer.insertionPoint.character == boundaries.firstIndex(of: expected), "\(context())")
                    // Backspace removes the character before the insertion point.
                    buffer.deleteBackward()
                    let removedFrom = boundaries.last { $0 < expected }!
                    units.removeSubrange(removedFrom..<expected)
                    let remaining = segmenter.boundaries(units)
                    let caretAfter = remaining.first { $0 >= removedFrom }!
                    try #require(buffer.string == String(decoding: units, as: UTF16.self), "\(context()), then backspace")
                    try #require(buffer.characterCount == remaining.count - 1, "\(context()), then backspace")
                    try #require(buffer.insertionPoint.utf16 == caretAfter, "\(context()), then backspace")
                    try #require(buffer.insertionPoint.character == remaining.firstIndex(of: caretAfter), "\(context()), then backspace")
                    // Back to the start for the next unit (the backspace may have removed more).
                    buffer.replaceAll(with: before + after)
                    buffer.move(toEnd: false)
                    while buffer.insertionPoint.utf16 < seam { _ = buffer.moveCharacter(.forward) }
                    try #require(buffer.insertionPoint == caret)
                }
            }
        }
    }

    @Test("Text below U+0300 is already NFC: every pair of code points normalises to itself")
    func belowU0300IsNFC() {
        for first in simpleUnits {
            var units: [UInt16] = []
            for second in simpleUnits { units += [first, second] }
            let text = String(decoding: units, as: UTF16.self)
            #expect(CaseMapping.nfc(text, shortcuts: false) == text, "U+\(hex(first)) then U+0000…U+02FF")
        }
    }

    @Test("NFC with shortcuts equals ICU's normaliser", arguments: ["e\u{301}", "é", "a\u{308}\u{301}", "ﬁ", "\u{212B}", "한", "\u{1100}\u{1161}",
                                                                  "👍🏽", "ก\u{E34}", "Zażółć", "\u{0958}", "A\u{30A}", "\u{2126}", "q\u{307}\u{323}"])
    func nfcShortcuts(text: String) {
        #expect(CaseMapping.nfc(text) == CaseMapping.nfc(text, shortcuts: false))
    }

    @Test("The ASCII word-echo shortcut answers as the word iterator does", arguments: ["en_US", "en_US_POSIX", "pl_PL", "de", "fi", "sv", "he", "th", "ur"])
    func wordEndings(locale: String) {
        let pieces: [String] = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) } + [
            "\r", "\n", "\t", "\r\n", "\u{AD}", "ש", "\u{5B8}", "é", "e\u{301}", "👍", "\u{200D}", "ก", "日", "ﾀ", "\u{A0}", "  ",
            "ab", "12", "don't", "e.g.", "1,000",
            // What attaches to the code point before it (the joiner shortcut): marks, joiners,
            // modifiers and selectors after letters, emoji, Thai, CJK, line breaks and each other.
            "\u{301}", "\u{36F}", "\u{1F3FD}", "\u{FE0F}", "👨", "\u{E34}", "\u{85}", "\u{B}", "\u{DFF}", "\u{E00}",
        ]
        let gen = Gen<String>.concatenation(of: .element(of: pieces), count: 1...12)
        let failure = check("wordEndings", gen, cases: 2_000) { text in
            var buffer = try TextBuffer(text, locale: locale)
            for utf16 in 1..<max(buffer.utf16Count, 1) {
                let position = TextPosition(character: 0, utf16: utf16)
                let fast = buffer.word(endingAt: position, shortcuts: true)
                let icu = buffer.word(endingAt: position, shortcuts: false)
                try require(fast == icu, "\(locale) at \(utf16): shortcut \(String(reflecting: fast)), ICU \(String(reflecting: icu))")
            }
        }
        #expect(failure == nil, "\(failure!)")
    }
}

private func hex(_ unit: UInt16) -> String { String(unit, radix: 16, uppercase: true) }
