import TypingEcho

/// The code points whose grapheme data differs between Swift's standard library and the ICU a
/// field segments with, computed by comparing the two over every code point.
///
/// Swift's `Character` follows the standard library's Unicode version (16 or 17 in Swift 6.3),
/// the fields ICU's (15.0 in ICU 72): U+0897, U+1ACF–U+1ADD, U+10D69–U+10D6D and
/// U+113B8–U+113E2 are marks to Swift and unassigned to ICU, so `"a\u{897}"` is one
/// `Character` and two characters of a field. Anything that walked Swift's characters where a
/// field counts ICU's would tell such a secret from one of the same count: these code points
/// go into generated secrets (`SecretAlphabet.disagreeing`).
public enum SegmentationDisagreement {
    /// Every code point (no surrogates, no private use, none unassigned in Swift's data) that
    /// segments differently in one of a few contexts: after a letter and before one (marks,
    /// Prepend), after an emoji and a ZWJ, after a Devanagari consonant and virama, doubled
    /// (regional indicators, jamo). Computed on first use, about a million code points in
    /// blocks of 512: a block is looked at code point by code point only when it differs.
    public static let scalars: [Unicode.Scalar] = {
        var result: [Unicode.Scalar] = []
        var block: [Unicode.Scalar] = []
        func flush() {
            if !block.isEmpty, differs(block) {
                result += block.filter { differs([$0]) }
            }
            block.removeAll(keepingCapacity: true)
        }
        // A while loop, not a range: `swift test` runs this in the debug build, where walking
        // a ClosedRange goes through its generic Collection conformance for every value.
        func consider(_ value: UInt32) {
            guard let scalar = Unicode.Scalar(value) else { return }
            let category = scalar.properties.generalCategory
            if category == .unassigned || category == .privateUse || category == .surrogate { return }
            block.append(scalar)
            if block.count == 512 { flush() }
        }
        var value: UInt32 = 0
        while value <= 0x10FFFF {
            consider(value)
            value += 1
        }
        flush()
        return result
    }()

    /// The disagreeing code points that ICU makes a character on its own, joining nothing on
    /// either side (Swift joins them to the character before): what a secret can hold while
    /// its count stays the sum of its pieces.
    public static let standalone: [Unicode.Scalar] = scalars.filter { scalar in
        "a\(scalar)".count == 1 && TextBuffer.characters(of: "a\(scalar)a") == ["a", String(scalar), "a"]
    }

    /// The contexts of `scalar`, each ended by a line feed (a control: nothing joins across it).
    private static func contexts(_ scalar: Unicode.Scalar, into text: inout String) {
        text.append("a")
        text.unicodeScalars.append(scalar)
        text.append("a\n\u{1F600}\u{200D}")
        text.unicodeScalars.append(scalar)
        text.append("\n\u{915}\u{94D}")
        text.unicodeScalars.append(scalar)
        text.append("\n")
        text.unicodeScalars.append(scalar)
        text.unicodeScalars.append(scalar)
        text.append("\n")
    }

    /// Whether Swift and ICU split the contexts of these code points differently: the UTF-8
    /// offsets where Swift's characters end against those where the field's end (offsets, not
    /// strings, so that nothing is allocated per character).
    private static func differs(_ scalars: [Unicode.Scalar]) -> Bool {
        var text = ""
        for scalar in scalars { contexts(scalar, into: &text) }
        var swiftEnds: [Int] = []
        var index = text.startIndex
        while index < text.endIndex {
            index = text.index(after: index)
            swiftEnds.append(text.utf8.distance(from: text.startIndex, to: index))
        }
        var fieldEnds: [Int] = []
        fieldEnds.reserveCapacity(swiftEnds.count)
        FieldCharacters.forEach(in: text, locale: "en_US") { fieldEnds.append(text.utf8.distance(from: text.startIndex, to: $0.endIndex)) }
        return swiftEnds != fieldEnds
    }
}
