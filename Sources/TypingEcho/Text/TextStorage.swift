import CICU

/// The shared, copy-on-write storage behind a `TextBuffer`: ICU's gap buffer and two break
/// iterators (characters and words) that walk it in place.
///
/// Why `@unchecked Sendable` is sound: copies of a `TextBuffer` share one storage, and may be
/// used from different threads. What they share is only ever read: the code units
/// (`unit(at:)`, `string(_:)`, `utf16Count`) and the locale. Everything that writes — editing
/// the text, and driving a break iterator, whose position and boundary cache change with every
/// query — goes through `UniqueStorage`, which only `TextBuffer.uniqueStorage()` hands out: a
/// `mutating` method that first copies the storage unless `isKnownUniquelyReferenced` says
/// this buffer is its only owner. So no two threads can write to, or iterate, one storage.
///
/// The iterators are opened on first use (an idle field costs a few dozen bytes, not the 10 KB
/// or so of two ICU break iterators): a field that is declared but never edited or moved in
/// never opens one.
final class TextStorage: @unchecked Sendable {
    let text: OpaquePointer
    let locale: String
    fileprivate var characters: OpaquePointer?
    fileprivate var words: OpaquePointer?
    fileprivate var charactersAttached = false
    /// Where the character iterator's view of the text starts (see `characterIterator(from:)`).
    fileprivate var charactersOrigin = 0
    fileprivate var wordsAttached = false
    /// The units the word iterator sees (see `wordIterator(in:)`).
    fileprivate var wordsWindow = 0..<0

    /// Creates empty storage for `locale` (an ICU locale id such as `th` or `pl_PL`).
    convenience init(locale: String) throws(ICUError) {
        var status: Int32 = 0
        guard let text = tecu_text_create(&status) else { throw ICUError(code: status, operation: "creating a text") }
        self.init(locale: locale, adopting: text)
    }

    private init(locale: String, adopting text: OpaquePointer) {
        self.text = text
        self.locale = locale
    }

    /// Whether a break iterator has been opened (tests check that idle fields open none).
    var hasOpenIterators: Bool { characters != nil || words != nil }

    /// The units the word iterator sees, nil before a word query since the last edit (tests
    /// check that a query in a long run reads a bounded window).
    var attachedWordWindow: Range<Int>? { wordsAttached ? wordsWindow : nil }

    /// A deep copy; it opens its own iterators when first used. - Complexity: O(n) in the
    /// text's length.
    func copy() -> TextStorage {
        var status: Int32 = 0
        guard let copied = tecu_text_copy(text, &status) else { preconditionFailure("out of memory copying a text") }
        return TextStorage(locale: locale, adopting: copied)
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
    fileprivate func replace(_ range: Range<Int>, with units: UnsafeBufferPointer<UInt16>) {
        // ICU's break iterators count in 32 bits: a text cannot grow past that. Only a script
        // of more than 2 GB of text into one field gets here.
        precondition(utf16Count - range.count + units.count <= Int(Int32.max),
                     "a text field cannot hold more than 2,147,483,647 UTF-16 code units (ICU's offsets are 32-bit)")
        var status: Int32 = 0
        tecu_text_replace(text, Int64(range.lowerBound), Int64(range.upperBound), units.baseAddress, Int64(units.count), &status)
        precondition(status <= 0, "text replace failed: \(String(cString: tecu_error_name(status)))")
        charactersAttached = false
        wordsAttached = false
    }

    /// Overwrites the whole storage with zeros and empties it. - Complexity: O(capacity).
    fileprivate func wipe() {
        tecu_text_wipe(text)
        charactersAttached = false
        wordsAttached = false
    }

    /// The character (grapheme cluster) iterator, opened on first use and pointed at the
    /// current text. - Complexity: O(1).
    fileprivate func characterIterator() -> OpaquePointer {
        if !charactersAttached || charactersOrigin != 0 {
            if characters == nil { characters = open(TECU_BREAK_CHARACTER) }
            attach(characters!)
            charactersAttached = true
            charactersOrigin = 0
        }
        return characters!
    }

    /// The character iterator seeing the text from `origin`, a character boundary, on (offsets
    /// stay the text's own; see `tecu_breaker_attach_text_from`). Re-segmenting after an edit
    /// uses it, so that ICU does not first walk back through text before the edit.
    /// - Complexity: O(1).
    fileprivate func characterIterator(from origin: Int) -> OpaquePointer {
        if origin == 0 { return characterIterator() }
        if !charactersAttached || charactersOrigin != origin {
            if characters == nil { characters = open(TECU_BREAK_CHARACTER) }
            var status: Int32 = 0
            tecu_breaker_attach_text_from(characters!, text, Int64(origin), &status)
            precondition(status <= 0, "attaching a break iterator failed: \(String(cString: tecu_error_name(status)))")
            charactersAttached = true
            charactersOrigin = origin
        }
        return characters!
    }

    /// The word iterator, opened on first use and pointed at the units `window` of the current
    /// text (as if the text were only those; offsets stay the text's own). Word queries read a
    /// window around where they ask (`TextBuffer.wordWindow(around:back:ahead:in:)`), because
    /// ICU's dictionary breakers segment the whole run of text they are given.
    /// - Complexity: O(1); the queries after it cost the window's length in dictionary text.
    fileprivate func wordIterator(in window: Range<Int>) -> OpaquePointer {
        if !wordsAttached || wordsWindow != window {
            if words == nil { words = open(TECU_BREAK_WORD) }
            var status: Int32 = 0
            tecu_breaker_attach_text_window(words!, text, Int64(window.lowerBound), Int64(window.upperBound), &status)
            precondition(status <= 0, "attaching a break iterator failed: \(String(cString: tecu_error_name(status)))")
            wordsAttached = true
            wordsWindow = window
        }
        return words!
    }

    /// Opens a break iterator for the locale. ICU falls back to the root rules for a locale it
    /// does not know, so only exhausted memory or missing ICU data fail here.
    private func open(_ kind: tecu_break_kind) -> OpaquePointer {
        var status: Int32 = 0
        let breaker = tecu_breaker_open(kind, locale, &status)
        guard status <= 0, let breaker else {
            preconditionFailure("opening an ICU break iterator for \(locale) failed: \(String(cString: tecu_error_name(status)))")
        }
        return breaker
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

/// A `TextStorage` that the buffer handing it out owns alone: the only way to edit the text or
/// drive its break iterators. Only `TextBuffer.uniqueStorage()` makes one (see `TextStorage`
/// for why that makes sharing storage between threads safe).
///
/// Keep it in a local for the length of one operation: holding it is a second reference, so
/// a `uniqueStorage()` call while it is alive would copy the whole text.
struct UniqueStorage {
    let storage: TextStorage

    fileprivate init(_ storage: TextStorage) { self.storage = storage }

    /// The gap buffer, for the C shim's functions.
    var text: OpaquePointer { storage.text }
    /// The length in UTF-16 code units. - Complexity: O(1).
    var utf16Count: Int { storage.utf16Count }
    /// The code unit at `index`. - Complexity: O(1).
    func unit(at index: Int) -> UInt16 { storage.unit(at: index) }
    /// Whether the code unit at `index` ends a line: LF, VT, FF, CR, NEL, U+2028 or U+2029
    /// (a CR LF pair is two). - Complexity: O(1).
    func isLineBreak(at index: Int) -> Bool { Self.isLineBreak(unit(at: index)) }
    /// Whether a code unit ends a line (see ``isLineBreak(at:)``).
    static func isLineBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
    /// The UTF-16 offsets of the line holding `offset`, without its line break.
    /// - Complexity: O(l): l the length of the line.
    func line(holding offset: Int) -> Range<Int> {
        var start = offset
        while start > 0 && !isLineBreak(at: start - 1) { start -= 1 }
        var end = offset
        while end < utf16Count && !isLineBreak(at: end) { end += 1 }
        return start..<end
    }
    /// The text of a range of code units. - Complexity: O(range length).
    func string(_ range: Range<Int>) -> String { storage.string(range) }
    /// Replaces a range of code units. - Complexity: O(units.count + gap movement).
    func replace(_ range: Range<Int>, with units: UnsafeBufferPointer<UInt16>) { storage.replace(range, with: units) }
    /// Zeroes and empties the text. - Complexity: O(capacity).
    func wipe() { storage.wipe() }
    /// The character iterator on the current text. - Complexity: O(1) (opening it: once).
    func characterIterator() -> OpaquePointer { storage.characterIterator() }
    /// The character iterator seeing the text from a boundary on. - Complexity: O(1).
    func characterIterator(from origin: Int) -> OpaquePointer { storage.characterIterator(from: origin) }
    /// The word iterator on a window of the current text. - Complexity: O(1) (opening it: once).
    func wordIterator(in window: Range<Int>) -> OpaquePointer { storage.wordIterator(in: window) }
}

extension TextBuffer {
    /// The storage, copied first unless this buffer is its only owner.
    mutating func uniqueStorage() -> UniqueStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return UniqueStorage(storage)
    }
}
