import CICU

/// The shared, copy-on-write storage behind a `TextBuffer`: ICU's gap buffer and two break
/// iterators (characters and words) that walk it in place.
///
/// Break iterators carry iteration state, so every use goes through a `TextBuffer` method that
/// is `mutating` and has made the storage unique first; that is what makes the
/// `@unchecked Sendable` sound.
final class TextStorage: @unchecked Sendable {
    let text: OpaquePointer
    let characters: OpaquePointer
    let words: OpaquePointer
    let locale: String
    private var charactersAttached = false
    private var wordsAttached = false

    /// Creates empty storage for `locale` (an ICU locale id such as `th` or `pl_PL`).
    convenience init(locale: String) throws(ICUError) {
        var status: Int32 = 0
        guard let text = tecu_text_create(&status) else { throw ICUError(code: status, operation: "creating a text") }
        try self.init(locale: locale, adopting: text)
    }

    private init(locale: String, adopting text: OpaquePointer) throws(ICUError) {
        var status: Int32 = 0
        let characters = tecu_breaker_open(TECU_BREAK_CHARACTER, locale, &status)
        let words = tecu_breaker_open(TECU_BREAK_WORD, locale, &status)
        guard status <= 0, let characters, let words else {
            tecu_breaker_close(characters)
            tecu_breaker_close(words)
            tecu_text_destroy(text)
            throw ICUError(code: status, operation: "opening break iterators for \(locale)")
        }
        self.text = text
        self.characters = characters
        self.words = words
        self.locale = locale
    }

    /// A deep copy with its own iterators. - Complexity: O(n) in the text's length.
    func copy() -> TextStorage {
        var status: Int32 = 0
        guard let copied = tecu_text_copy(text, &status) else { preconditionFailure("out of memory copying a text") }
        // The locale opened iterators once already, so only memory exhaustion can fail here,
        // and Swift traps on that everywhere else too.
        guard let storage = try? TextStorage(locale: locale, adopting: copied) else {
            preconditionFailure("could not reopen break iterators for \(locale)")
        }
        return storage
    }

    deinit {
        tecu_breaker_close(characters)
        tecu_breaker_close(words)
        // Wipes every code unit before freeing: secure text does not linger in freed memory.
        tecu_text_destroy(text)
    }

    /// The length in UTF-16 code units. - Complexity: O(1).
    var utf16Count: Int { Int(tecu_text_length(text)) }

    /// The code unit at `index`. - Complexity: O(1).
    func unit(at index: Int) -> UInt16 { tecu_text_unit(text, Int64(index)) }

    /// The text of a range of code units. - Complexity: O(range length).
    func string(_ range: Range<Int>) -> String {
        if range.isEmpty { return "" }
        // ICU's gap buffer is transcoded straight into the string's own storage (inline for
        // up to 15 bytes, the usual character), so no scratch copy of the text exists.
        return String(unsafeUninitializedCapacity: range.count * 3) { bytes in
            Int(tecu_text_utf8(text, Int64(range.lowerBound), Int64(range.upperBound), bytes.baseAddress!))
        }
    }

    /// Replaces a range of code units and invalidates the iterators' view of the text.
    /// - Complexity: O(units.count + distance the gap moves).
    func replace(_ range: Range<Int>, with units: UnsafeBufferPointer<UInt16>) {
        var status: Int32 = 0
        tecu_text_replace(text, Int64(range.lowerBound), Int64(range.upperBound), units.baseAddress, Int64(units.count), &status)
        precondition(status <= 0, "text replace failed: \(String(cString: tecu_error_name(status)))")
        charactersAttached = false
        wordsAttached = false
    }

    /// Overwrites the whole storage with zeros and empties it. - Complexity: O(capacity).
    func wipe() {
        tecu_text_wipe(text)
        charactersAttached = false
        wordsAttached = false
    }

    /// The character (grapheme cluster) iterator, pointed at the current text. - Complexity: O(1).
    func characterIterator() -> OpaquePointer {
        if !charactersAttached {
            attach(characters)
            charactersAttached = true
        }
        return characters
    }

    /// The word iterator, pointed at the current text. - Complexity: O(1).
    func wordIterator() -> OpaquePointer {
        if !wordsAttached {
            attach(words)
            wordsAttached = true
        }
        return words
    }

    /// Points an iterator at the text again after an edit. The flags are not passed `inout`:
    /// an `inout` class property costs a dynamic exclusivity check (`swift_beginAccess`) on
    /// every call, which was a third of a character move.
    private func attach(_ breaker: OpaquePointer) {
        var status: Int32 = 0
        tecu_breaker_attach_text(breaker, text, &status)
        precondition(status <= 0, "attaching a break iterator failed")
    }
}
