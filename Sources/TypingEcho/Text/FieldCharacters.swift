import CICU

/// Text split into characters the way a field counts them: ICU's grapheme clusters, never
/// Swift's `Character`.
///
/// Swift's standard library carries newer Unicode data than the system ICU a field segments
/// with, and the two disagree about some code points (U+0897, U+1ACF–U+1ADD, U+10D69–U+10D6D,
/// U+113B8–U+113E2 are Extend or SpacingMark to Swift and unassigned to ICU 72): `"a\u{897}"`
/// is one Swift `Character` and two characters of a field. Everything that walks text on its
/// way into a field (`keys`, `type`) or counts it for a message (a column after a quoted
/// secret, a clipboard's count) walks these characters, so that what it does depends on the
/// count a field shows and on nothing else. (See docs/secure-entry.md.)
package enum FieldCharacters {
    /// Calls `body` with each character of `text` in order, as ICU's grapheme rules segment it
    /// on its own (from its start, with nothing before it).
    ///
    /// Text whose code points are all below U+0300 and that holds no CR is walked without ICU:
    /// there every code point is a character of its own (the only rule that joins there is
    /// CR × LF). Other text is copied once into ICU's gap buffer, wiped when done.
    /// - Complexity: O(n) in the length of `text`.
    package static func forEach<E: Error>(in text: String, locale: String, _ body: (Substring) throws(E) -> Void) throws(E) {
        if isSimple(text) {
            var index = text.startIndex
            let scalars = text.unicodeScalars
            while index < text.endIndex {
                let next = scalars.index(after: index)
                try body(text[index..<next])
                index = next
            }
            return
        }
        var status: Int32 = 0
        guard let buffer = tecu_text_create(&status) else { preconditionFailure("out of memory segmenting a text") }
        var breaker: OpaquePointer?
        defer {
            tecu_breaker_close(breaker)
            tecu_text_destroy(buffer)  // wipes the units first
        }
        do {
            var units = text.utf16Units
            defer { units.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
            units.withUnsafeBufferPointer { tecu_text_replace(buffer, 0, 0, $0.baseAddress, Int64($0.count), &status) }
            precondition(status <= 0, "copying a text for segmentation failed")
        }
        let length = tecu_text_length(buffer)
        var offset: Int64 = 0
        var index = text.startIndex
        let utf16 = text.utf16
        while offset < length {
            var next = tecu_text_simple_following(buffer, offset)
            if next < 0 { next = tecu_text_grapheme_following(buffer, offset) }
            if next < 0 {
                // The shim's rules do not cover this ICU: its character iterator decides.
                if breaker == nil {
                    breaker = tecu_breaker_open(TECU_BREAK_CHARACTER, locale, &status)
                    tecu_breaker_attach_text(breaker, buffer, &status)
                    precondition(status <= 0 && breaker != nil, "opening a character break iterator failed")
                }
                next = tecu_breaker_following(breaker, offset)
                if next < 0 { next = length }
            }
            let end = utf16.index(index, offsetBy: Int(next - offset))
            try body(text[index..<end])
            index = end
            offset = next
        }
    }

    /// How many characters `text` holds on its own, as a field counts them.
    /// - Complexity: O(n).
    static func count(of text: String, locale: String) -> Int {
        if isSimple(text) { return text.unicodeScalars.count }
        var count = 0
        forEach(in: text, locale: locale) { _ in count += 1 }
        return count
    }

    /// The characters of `text` as a field counts them, as separate strings.
    /// - Complexity: O(n).
    static func characters(of text: String, locale: String) -> [String] {
        var result: [String] = []
        forEach(in: text, locale: locale) { result.append(String($0)) }
        return result
    }

    /// Whether every code point is below U+0300 and none is CR: then each is a character.
    private static func isSimple(_ text: String) -> Bool {
        // U+0300 is CC 80 in UTF-8: every lead byte below CC starts a code point below it.
        // Read through the UTF-8 buffer (an iterator over `utf8` was generic calls per byte in
        // a debug build).
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0xCC || byte == 0x0D { return false }
                index += 1
            }
            return true
        }
    }
}

extension TextBuffer {
    /// The characters of `text` as a field with `locale` counts them: ICU's grapheme clusters,
    /// which differ from Swift's `Character` where the standard library's Unicode data is
    /// newer than ICU's (`"a\u{897}"` is one `Character` and two characters here).
    ///
    /// ```swift
    /// TextBuffer.characters(of: "a\u{897}b")   // ["a", "\u{897}", "b"]
    /// ```
    /// - Complexity: O(n) in the length of `text`.
    public static func characters(of text: String, locale: String = "en_US") -> [String] {
        FieldCharacters.characters(of: text, locale: locale)
    }
}
