/// What was heard since the previous `expect`, kept for checking expectations.
///
/// Consecutive `expect` lines share one window: it starts again at the first command that
/// follows an `expect`, so several expectations can be written about one action.
///
/// Only a bounded window is kept (the last `capacity` utterances and sounds), so a script of
/// any length runs in constant memory; an `expect speech` looks back at most that far. Of each
/// utterance only a bounded prefix is kept, with the length and a digest of the whole text
/// (`HeardText`): a 250,000-character value announced 5,000 times costs kilobytes, not a
/// gigabyte, and `expect speech` still compares whole texts.
///
/// What was heard to its end (`expect heard`) is the utterances whose `finished` event says
/// completed within the window, whenever they were asked for; the ones still playing or
/// queued wait in `inFlight` (the synthesizer's queue, its last `capacity` utterances).
struct ExpectationLog: Sendable {
    static let capacity = 4096
    private(set) var spoken: [HeardText] = []
    private(set) var sounds: [SoundName] = []
    private(set) var spokenTotal = 0
    /// The utterances heard to their end in this window.
    private(set) var completed: [HeardText] = []
    /// The ids of `spoken`, one each (for `check --update`, which tells utterances apart).
    private(set) var spokenIDs: [Int] = []
    /// The utterances that ended in this window, heard to their end or cut, with their ids.
    private(set) var endings: [(id: Int, text: HeardText, heardToTheEnd: Bool)] = []
    /// The utterances asked for and not yet finished, oldest first, from `inFlightStart` on
    /// (the entries before it have finished or were let go).
    private var inFlight: [(id: Int, text: HeardText)] = []
    /// The first entry of `inFlight` not yet finished; the one finishing is almost always it.
    private var inFlightStart = 0
    /// Whether the ids in flight increase from the first to the last, as the engine's do (each
    /// utterance takes the next id): then an id below the first's was let go, and its end is
    /// known not to be in flight without reading them all.
    private var inFlightIncreases = true

    /// Remembers an event of the window: an utterance, a sound, or an utterance's end.
    /// - Complexity: Amortised O(1) for an utterance or sound, and for the end of the oldest
    ///   utterance in flight (utterances end in the order they were queued: it is taken by
    ///   moving `inFlightStart` on) or of one let go when the window was full; O(k) in the at
    ///   most `capacity` utterances in flight for any other end.
    mutating func record(_ event: Event) {
        switch event {
        case .speak(let utterance):
            if spoken.count == Self.capacity {
                spoken.removeFirst(Self.capacity / 2)
                spokenIDs.removeFirst(Self.capacity / 2)
            }
            let text = HeardText(utterance.text)
            spoken.append(text)
            spokenIDs.append(utterance.id)
            spokenTotal += 1
            if inFlight.count - inFlightStart == Self.capacity {
                inFlightStart += Self.capacity / 2
                inFlight.dropConsumedFront(&inFlightStart)
            }
            if inFlightStart == inFlight.count {
                inFlightIncreases = true
            } else if inFlight[inFlight.count - 1].id >= utterance.id {
                inFlightIncreases = false
            }
            inFlight.append((utterance.id, text))
        case .finished(let id, let heardToTheEnd):
            // Utterances end in the order they were queued: the one ending is almost always first.
            // By index, not `firstIndex(where:)` (a generic call per event in a debug build).
            // The end of one let go when the window was full (a long queue of announcements)
            // is known at once, without reading all `capacity` utterances in flight.
            if inFlightIncreases && inFlightStart < inFlight.count && id < inFlight[inFlightStart].id { break }
            var index = inFlightStart
            while index < inFlight.count && inFlight[index].id != id { index += 1 }
            guard index < inFlight.count else { break }
            let text: HeardText
            if index == inFlightStart {
                text = inFlight[index].text
                inFlightStart += 1
                inFlight.dropConsumedFront(&inFlightStart)
            } else {
                text = inFlight.remove(at: index).text
            }
            if heardToTheEnd {
                if completed.count == Self.capacity { completed.removeFirst(Self.capacity / 2) }
                completed.append(text)
            }
            if endings.count == Self.capacity { endings.removeFirst(Self.capacity / 2) }
            endings.append((id, text, heardToTheEnd))
        case .sound(let name):
            if sounds.count == Self.capacity { sounds.removeFirst(Self.capacity / 2) }
            sounds.append(name)
        default:
            break
        }
    }

    /// The utterances asked for and not yet finished (playing or queued), oldest first.
    var playing: [(id: Int, text: HeardText)] { Array(inFlight[inFlightStart...]) }

    private var closed = false

    /// Marks the window as checked; the next command (not an `expect`) starts a new one.
    mutating func close() { closed = true }

    /// A command ran: if the window was checked, start a new one.
    mutating func commandRan() {
        if closed { reset() }
    }

    private mutating func reset() {
        closed = false
        spoken.removeAll(keepingCapacity: true)
        sounds.removeAll(keepingCapacity: true)
        completed.removeAll(keepingCapacity: true)
        spokenIDs.removeAll(keepingCapacity: true)
        endings.removeAll(keepingCapacity: true)
        spokenTotal = 0
    }
}

/// One utterance as the expectation window keeps it: its first `prefixBytes` bytes of UTF-8
/// (cut at a scalar boundary), its UTF-8 length and a 64-bit digest of the whole text (FNV-1a
/// over 8-byte words).
///
/// Two texts match when all three agree: a different text of the same length and prefix
/// matches only if its digest collides (one chance in 2^64 for text not made to collide; a
/// made collision can only make an `expect speech` pass that should fail, never leak).
struct HeardText: Sendable, Hashable {
    /// How many bytes of each utterance are kept.
    static let prefixBytes = 512

    /// The start of the text (all of it when it is short).
    let prefix: String
    /// The whole text's length in UTF-8 bytes.
    let length: Int
    /// The digest of the whole text's UTF-8 (`digest(of:)`).
    let digest: UInt64

    /// Keeps what a window needs of `text`. - Complexity: O(n) once, O(1) memory after.
    init(_ text: String) {
        let utf8 = text.utf8
        length = utf8.count
        digest = Self.digest(of: text)
        if length <= Self.prefixBytes {
            prefix = text
        } else {
            // Back off to a scalar boundary (never in the middle of a UTF-8 sequence).
            var end = utf8.index(utf8.startIndex, offsetBy: Self.prefixBytes)
            while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
            prefix = String(text[..<end])
        }
    }

    /// Whether the text was cut.
    var isCut: Bool { prefix.utf8.count < length }

    /// Whether `text` is the text heard.
    func matches(_ text: String) -> Bool {
        text.utf8.count == length && text.utf8.starts(with: prefix.utf8) && Self.digest(of: text) == digest
    }

    /// How a failure message quotes it: the prefix, with `…` when the text was longer.
    var quoted: String { "\"" + prefix + (isCut ? "…" : "") + "\"" }

    /// FNV-1a over the UTF-8 in 8-byte words (then the last bytes one by one), each product's
    /// high half folded back into the low: a byte at a time held a 250,000-character value
    /// announced 5,000 times to the multiplier's latency for every byte.
    /// - Complexity: O(n) in the UTF-8, a multiply per 8 bytes.
    private static func digest(of text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            let prime: UInt64 = 0x0000_0100_0000_01B3
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = (hash ^ UInt64(littleEndian: word)) &* prime
                hash ^= hash >> 32
                offset += 8
            }
            while offset < bytes.count {
                hash = (hash ^ UInt64(bytes[offset])) &* prime
                offset += 1
            }
            return hash
        }
    }
}

/// An `expect` line that did not hold.
public struct ExpectationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the `expect` is.
    public var location: SourceLocation
    /// What was expected and what happened instead (never a secure field's text).
    public var message: String

    /// `LINE:COLUMN: MESSAGE`.
    public var description: String { "\(location): \(message)" }
}

extension Engine {
    /// Checks an expectation against what happened since the previous one, then starts a new
    /// window. - Returns: What was expected and what happened instead, when it does not hold.
    mutating func check(_ expectation: Expectation) -> String? {
        defer { output.closeExpectationWindow() }
        return failureMessage(expectation)
    }

    private func failureMessage(_ expectation: Expectation) -> String? {
        let heard = output.heard.spoken
        switch expectation {
        case .speech(let text):
            if heard.contains(where: { $0.matches(text) }) { return nil }
            return "expected speech \(shown(text)); heard \(describe(heard))"
        case .heard(let text):
            let completed = output.heard.completed
            if completed.contains(where: { $0.matches(text) }) { return nil }
            let said = heard.contains { $0.matches(text) } ? " (it was said, and cut or not yet over)" : ""
            return "expected \(shown(text)) heard to its end\(said); heard to the end: \(describe(completed))"
        case .noSpeech:
            return heard.isEmpty ? nil : "expected no speech; heard \(describe(heard))"
        case .sound(let name):
            let sounds = output.heard.sounds
            if sounds.contains(name) { return nil }
            let played = sounds.isEmpty ? "no sound" : sounds.map(\.rawValue).joined(separator: ", ")
            return "expected sound \(name.rawValue); played \(played)"
        case .value(let text):
            guard let field = checkedField else { return "expect value: no text field has focus" }
            if field.buffer.hasText(text) { return nil }
            if field.isSecure {
                if settings.showExpected {
                    return "expected value \(HeardText(text).quoted) does not match the secure field (it holds \(field.buffer.characterCount) characters; its text is never shown)"
                }
                return "expected value does not match the secure field (it holds \(field.buffer.characterCount) characters; the text is never shown)"
            }
            // A public field: its own text is public, the expected text may still be a secret
            // (a password checked after `key tab` moved editing on).
            return "expected value \(shownInFull(text)); the field holds \"\(field.buffer.string)\""
        case .count(let number):
            guard let field = checkedField else { return "expect count: no text field has focus" }
            let count = field.buffer.characterCount
            return count == number ? nil : "expected count \(number); the field holds \(count) characters"
        case .braille(let cells):
            guard let shown = brailleShown else { return "expect braille: the braille display is off (settings braille=on)" }
            if shown.cells == cells { return nil }
            // The cells expected may be a secret's braille; the display's own cells never are.
            let expected = hidesExpected ? "(\(cells.unicodeScalars.count) cells, not shown once a secure field has held text)" : "\"\(cells)\""
            return "expected braille \(expected); the display shows \"\(shown.cells)\""
        case .brailleCursor(let cell):
            guard let shown = brailleShown else { return "expect braille-cursor: the braille display is off (settings braille=on)" }
            func name(_ cell: Int?) -> String { cell.map { "on cell \($0)" } ?? "not shown" }
            return shown.cursor == cell ? nil : "expected the braille cursor \(name(cell)); it is \(name(shown.cursor))"
        case .cursor(let offset):
            guard let field = checkedField else { return "expect cursor: no text field has focus" }
            let at = field.buffer.insertionPoint.character
            return at == offset ? nil : "expected the insertion point at \(offset); it is at \(at)"
        }
    }

    /// Whether a failure leaves out its expected text: once anything has entered a secure field,
    /// an expected text (speech, a value, braille cells) may be (part of) the secret, even if it
    /// has since been deleted and whatever field it is checked against; it is not repeated back
    /// unless the run asks for it (`show-expected=on`). Every kind of expectation with an
    /// expected text follows this one rule; numbers and sound names are not texts.
    private var hidesExpected: Bool { editor.secureInputSeen && !settings.showExpected }

    /// An expected utterance as a failure shows it (cut after `HeardText.prefixBytes`), or its
    /// count when `hidesExpected`.
    private func shown(_ text: String) -> String {
        hidesExpected ? hiddenCount(text) : HeardText(text).quoted
    }

    /// An expected value as a failure shows it (whole, as the field's text is), or its count
    /// when `hidesExpected`.
    private func shownInFull(_ text: String) -> String {
        hidesExpected ? hiddenCount(text) : "\"\(text)\""
    }

    /// What a failure says instead of an expected text it leaves out: its length in characters.
    private func hiddenCount(_ text: String) -> String {
        "(\(FieldCharacters.count(of: text, locale: phrasebook.icuLocale)) characters, not shown once a secure field has held text)"
    }

    /// The field `expect value|count|cursor` looks at: the focused one, or, while focus is on
    /// a key or another element, the field being edited.
    private var checkedField: TextField? { focusedElement?.field ?? editedElement?.field }

    private func describe(_ heard: [HeardText]) -> String {
        if heard.isEmpty { return "nothing" }
        let shown = heard.suffix(8).map(\.quoted).joined(separator: ", ")
        return heard.count > 8 ? "… \(shown)" : shown
    }
}

/// What an expectation window holds and the state expectations read, as `check --update`
/// writes expectations from it (`ScriptUpdater`). A secure field's text is not in it: only
/// its count and insertion point.
struct WindowObservation: Sendable {
    /// An utterance of the window with its id.
    typealias Heard = (id: Int, text: HeardText)
    /// The utterances said in the window, in order.
    var said: [Heard]
    /// The utterances that ended in the window (said in it or before), heard to their end or cut.
    var endings: [(id: Int, text: HeardText, heardToTheEnd: Bool)]
    /// The utterances still playing or queued.
    var playing: [Heard]
    /// The sounds played in the window.
    var sounds: [SoundName]
    /// The checked field's text, when a field is checked and its disclosure shows it (never a
    /// secure field's).
    var value: String?
    /// The checked field's count of characters and insertion point, when a field is checked.
    var field: (count: Int, cursor: Int)?
    /// What the braille display shows, when it is on.
    var braille: (cells: String, cursor: Int?)?
}

extension Engine {
    /// The window since the previous `expect` and the state expectations read.
    var observation: WindowObservation {
        let field = checkedFieldForUpdate
        let heard = output.heard
        return WindowObservation(
            said: zip(heard.spokenIDs, heard.spoken).map { ($0, $1) }, endings: heard.endings, playing: heard.playing,
            sounds: heard.sounds, value: field.flatMap(\.text),
            field: field.map { ($0.buffer.characterCount, $0.buffer.insertionPoint.character) },
            braille: brailleShown)
    }

    /// The field `expect value|count|cursor` looks at (the focused one, or the one being edited).
    private var checkedFieldForUpdate: TextField? { focusedElement?.field ?? editedElement?.field }
}
