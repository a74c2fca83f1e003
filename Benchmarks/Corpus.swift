/// Deterministic mixed-script text: Latin with combining marks, Polish, emoji sequences,
/// Thai (dictionary segmentation) and Arabic, in runs of words with spaces and punctuation.
enum Corpus {
    /// Word pools, one per script family. Combining marks are written decomposed on purpose.
    static let pools: [[String]] = [
        // Latin with combining marks (e + U+0301, n + U+0303, a + U+0308, o + U+0302 U+0323).
        ["cafe\u{301}", "nin\u{303}o", "na\u{308}ive", "re\u{301}sume\u{301}", "to\u{302}\u{323}i", "Zoe\u{308}",
         "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Hello", "world"],
        // Polish.
        ["Zażółć", "gęślą", "jaźń", "Łódź", "Kraków", "źdźbło", "pięść", "chrząszcz", "brzmi", "w", "trzcinie"],
        // Emoji: skin tones, ZWJ families, flags, variation selectors, keycaps.
        ["👍🏽", "👨‍👩‍👧", "🇵🇱", "❤️", "🏳️‍🌈", "👩🏿‍💻", "1️⃣", "🙂", "🇯🇵🇫🇷"],
        // Thai: no spaces between words, segmented by ICU's dictionary.
        ["สวัสดีครับ", "ภาษาไทย", "ขอบคุณมาก", "ประเทศไทย", "กรุงเทพมหานคร", "โรงเรียน"],
        // Arabic.
        ["مرحبا", "بالعالم", "السلام", "عليكم", "كتاب", "مدرسة", "شكرا"],
    ]

    static let separators = [" ", " ", " ", " ", ", ", ". ", "! ", "? ", "\n", " (", ") ", " – "]

    /// About `bytes` bytes of UTF-8 (never more), cut at a character boundary.
    static func text(bytes: Int, seed: UInt64 = 7) -> String {
        var random = SeededRandom(seed: seed)
        var result = ""
        result.reserveCapacity(bytes + 64)
        var family = 0
        while true {
            // Stay in one script for a few words, as real text does.
            if random.next() % 4 == 0 { family = Int(random.next() % UInt64(pools.count)) }
            let pool = pools[family]
            let word = pool[Int(random.next() % UInt64(pool.count))]
            let separator = family == 3 && random.next() % 3 != 0 ? "" : separators[Int(random.next() % UInt64(separators.count))]
            if result.utf8.count + word.utf8.count + separator.utf8.count > bytes {
                // Fill the rest with ASCII letters so small sizes are exact.
                while result.utf8.count < bytes { result.append("a") }
                return result
            }
            result += word
            result += separator
        }
    }

    /// Words typed in the engine sessions: the same mix, shorter runs.
    static func typedWords(count: Int, random: inout SeededRandom) -> [String] {
        (0..<count).map { _ in
            let pool = pools[Int(random.next() % UInt64(pools.count))]
            return pool[Int(random.next() % UInt64(pool.count))]
        }
    }
}
