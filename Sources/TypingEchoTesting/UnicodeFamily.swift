/// A family of text that stresses text engines in its own way, as a list of whole pieces.
///
/// Pieces are chosen so that joining any of them never merges Characters across the
/// seam: no piece starts with a combining mark, joiner, lone regional indicator or
/// Hangul vowel/trailing jamo, and none ends with a joiner, virama or leading jamo.
/// So the Character count of joined pieces is the sum of their counts.
public enum UnicodeFamily: String, CaseIterable, Sendable, Hashable {
    /// ASCII letters, digits, punctuation and the space; each piece one Character.
    case ascii
    /// Latin letters with combining marks, single and stacked; each piece one Character.
    case combiningLatin
    /// Polish letters (ą ć ę ł ń ó ś ź ż and capitals) and a few Polish words.
    case polish
    /// Emoji, with and without skin-tone modifiers and variation selectors; each piece one Character.
    case emoji
    /// Emoji zero-width-joiner sequences such as families and professions; each piece one Character.
    case zwjSequences
    /// Regional-indicator flags and a tag-sequence flag; each piece one Character.
    case flags
    /// Keycap sequences such as 1️⃣; each piece one Character.
    case keycaps
    /// Hangul precomposed syllables and words, and syllables spelt with conjoining jamo.
    case hangul
    /// Thai words with above and below vowels and tone marks.
    case thai
    /// Chinese and Japanese ideographs and kana, including a character outside the BMP.
    case cjk
    /// Arabic words with harakat (short-vowel marks).
    case arabic
    /// Hebrew words with niqqud (vowel points).
    case hebrew
    /// Devanagari words with vowel signs and conjuncts.
    case devanagari
    /// Spaces, tabs, newlines (including CR LF, one Character) and non-ASCII spaces.
    case whitespace

    /// The pieces of this family, simplest first; shrinking moves toward the first.
    public var pieces: [String] {
        switch self {
        case .ascii: asciiPieces
        case .combiningLatin:
            ["e\u{301}", "a\u{308}", "n\u{303}", "A\u{30A}", "o\u{302}\u{301}", "a\u{328}\u{301}",
             "u\u{308}\u{304}", "Z\u{351}\u{36B}\u{34B}\u{35B}", "i\u{307}\u{301}", "c\u{327}", "é", "Ü"]
        case .polish:
            ["ą", "ć", "ę", "ł", "ń", "ó", "ś", "ź", "ż", "Ą", "Ć", "Ę", "Ł", "Ń", "Ó", "Ś", "Ź", "Ż",
             "zażółć", "gęślą", "jaźń", "Łódź"]
        case .emoji:
            ["😀", "👍\u{1F3FD}", "👋\u{1F3FF}", "👶\u{1F3FB}", "❤\u{FE0F}", "☺\u{FE0F}", "🎉", "🐈"]
        case .zwjSequences:
            ["👨\u{200D}👩\u{200D}👧", "👩\u{1F3FD}\u{200D}💻", "🏳\u{FE0F}\u{200D}🌈",
             "🧑\u{200D}🤝\u{200D}🧑", "👁\u{FE0F}\u{200D}🗨\u{FE0F}", "🤷\u{1F3FB}\u{200D}♀\u{FE0F}"]
        case .flags:
            ["🇵🇱", "🇺🇸", "🇯🇵", "🇺🇦", "🇹🇭", "🇮🇳",
             "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"]
        case .keycaps:
            ["1\u{FE0F}\u{20E3}", "0\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "*\u{FE0F}\u{20E3}"]
        case .hangul:
            ["한", "국", "어", "한국어", "안녕하세요",
             "\u{1100}\u{1161}", "\u{1112}\u{1161}\u{11AB}", "\u{1100}\u{1173}\u{11AF}"]
        case .thai:
            ["สวัสดี", "ครับ", "ภาษาไทย", "น้ำ", "ไม่", "ขอบคุณ", "ค่ะ", "กรุงเทพฯ"]
        case .cjk:
            ["日本語", "中文", "漢字", "ひらがな", "カタカナ", "東京", "\u{2000B}"]
        case .arabic:
            ["مَرْحَبًا", "سَلَام", "عَرَبِيّ", "كِتَاب", "شُكْرًا"]
        case .hebrew:
            ["שָׁלוֹם", "עִבְרִית", "בְּרֵאשִׁית", "תּוֹדָה"]
        case .devanagari:
            ["नमस्ते", "हिन्दी", "देवनागरी", "क्षमा", "धन्यवाद"]
        case .whitespace:
            [" ", "\n", "\t", "\r\n", "\u{A0}", "\u{3000}", "\u{2028}"]
        }
    }

    /// How often ``Gen/unicodePiece`` picks this family relative to the others.
    public var weight: Int {
        switch self {
        case .ascii: 8
        case .whitespace: 3
        case .combiningLatin, .polish, .emoji: 2
        default: 1
        }
    }
}

/// ASCII letters first (so shrinking reaches "a"), then digits, punctuation and the space.
private let asciiPieces: [String] = {
    let lower = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
    let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    let digits = (UInt8(ascii: "0")...UInt8(ascii: "9")).map { String(UnicodeScalar($0)) }
    let punctuation = ".,;:!?'\"-()@#/&".map { String($0) }
    return lower + upper + digits + punctuation + [" "]
}()
