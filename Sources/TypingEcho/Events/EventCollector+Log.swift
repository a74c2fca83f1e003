/// What a session said and did, read from the events a collector holds — the questions a test
/// or simulator asks ("what was the last thing spoken?") without walking the stream.
///
/// ```swift
/// var session = try Session()
/// try session.declareField("user", label: "Username")
/// try session.focus("user")
/// session.runUntilIdle()
/// let phrases = session.log.spokenPhrases  // ["Username, text field", "Double tap to edit."]
/// ```
///
/// Like the events, none of these ever holds text from a secure field.
extension EventCollector {
    /// Every utterance, in the order it was requested, cut ones included.
    /// - Complexity: O(*n*) in the number of events.
    public var utterances: [Utterance] {
        events.compactMap { if case .speak(let utterance) = $0.event { utterance } else { nil } }
    }

    /// The text of every utterance, in order (Guidepup's `spokenPhraseLog`).
    /// - Complexity: O(*n*) in the number of events.
    public var spokenPhrases: [String] { utterances.map(\.text) }

    /// The text of the last utterance requested (Guidepup's `lastSpokenPhrase`).
    /// - Complexity: O(*n*) in the number of events at worst; O(1) when the last events are speech.
    public var lastSpoken: String? { lastUtterance?.text }

    /// The last utterance requested.
    /// - Complexity: O(*n*) in the number of events at worst.
    public var lastUtterance: Utterance? {
        for timed in events.reversed() { if case .speak(let utterance) = timed.event { return utterance } }
        return nil
    }

    /// The utterances that were heard to the end (their `finished` event says completed).
    /// - Complexity: O(*n*) in the number of events.
    public var completedPhrases: [String] {
        var completed = Set<Int>()
        for timed in events { if case .finished(let id, true) = timed.event { completed.insert(id) } }
        return utterances.filter { completed.contains($0.id) }.map(\.text)
    }

    /// Every sound played, in order.
    /// - Complexity: O(*n*) in the number of events.
    public var sounds: [SoundName] {
        events.compactMap { if case .sound(let name) = $0.event { name } else { nil } }
    }

    /// Every change to a field's text, in order.
    /// - Complexity: O(*n*) in the number of events.
    public var edits: [FieldEdit] {
        events.compactMap { if case .edit(let edit) = $0.event { edit } else { nil } }
    }

    /// Every focus change, in order.
    /// - Complexity: O(*n*) in the number of events.
    public var focusChanges: [FocusTarget] {
        events.compactMap { if case .focus(let target) = $0.event { target } else { nil } }
    }

    /// Forgets every event so far (Guidepup's `clearSpokenPhraseLog`).
    public mutating func clear() { events.removeAll() }
}
