/// What was heard since the previous `expect`, kept for checking expectations.
///
/// Consecutive `expect` lines share one window: it starts again at the first command that
/// follows an `expect`, so several expectations can be written about one action.
///
/// Only a bounded window is kept (the last `capacity` utterances and sounds), so a script of
/// any length runs in constant memory; an `expect speech` looks back at most that far.
struct ExpectationLog: Sendable {
    static let capacity = 4096
    private(set) var spoken: [String] = []
    private(set) var sounds: [SoundName] = []
    private(set) var spokenTotal = 0

    mutating func record(_ event: Event) {
        switch event {
        case .speak(let utterance):
            if spoken.count == Self.capacity { spoken.removeFirst(Self.capacity / 2) }
            spoken.append(utterance.text)
            spokenTotal += 1
        case .sound(let name):
            if sounds.count == Self.capacity { sounds.removeFirst(Self.capacity / 2) }
            sounds.append(name)
        default:
            break
        }
    }

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
        spokenTotal = 0
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
    /// Checks an expectation against what happened since the previous one, then starts a new window.
    mutating func check(_ expectation: Expectation, at location: SourceLocation) -> ExpectationFailure? {
        defer { output.closeExpectationWindow() }
        let message = failureMessage(expectation)
        return message.map { ExpectationFailure(location: location, message: $0) }
    }

    private func failureMessage(_ expectation: Expectation) -> String? {
        let heard = output.heard.spoken
        switch expectation {
        case .speech(let text):
            if heard.contains(text) { return nil }
            // Once anything has entered a secure field, the expected text may be (part of) the
            // secret, even if it has since been deleted: it is not repeated back.
            let shown = editor.secureInputSeen ? "(\(FieldCharacters.count(of: text, locale: phrasebook.icuLocale)) characters, not shown once a secure field has held text)" : "\"\(text)\""
            return "expected speech \(shown); heard \(describe(heard))"
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
                return "expected value does not match the secure field (it holds \(field.buffer.characterCount) characters; the text is never shown)"
            }
            return "expected value \"\(text)\"; the field holds \"\(field.buffer.string)\""
        case .count(let number):
            guard let field = checkedField else { return "expect count: no text field has focus" }
            let count = field.buffer.characterCount
            return count == number ? nil : "expected count \(number); the field holds \(count) characters"
        case .cursor(let offset):
            guard let field = checkedField else { return "expect cursor: no text field has focus" }
            let at = field.buffer.insertionPoint.character
            return at == offset ? nil : "expected the insertion point at \(offset); it is at \(at)"
        }
    }

    /// The field `expect value|count|cursor` looks at: the focused one, or, while focus is on
    /// a key or another element, the field being edited.
    private var checkedField: TextField? { focusedElement?.field ?? editedElement?.field }

    private func describe(_ heard: [String]) -> String {
        if heard.isEmpty { return "nothing" }
        let shown = heard.suffix(8).map { "\"\($0)\"" }.joined(separator: ", ")
        return heard.count > 8 ? "… \(shown)" : shown
    }
}
