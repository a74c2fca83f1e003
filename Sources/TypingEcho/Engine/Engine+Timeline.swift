/// What is due on the virtual clock: for simulators that pace a session, and for tests that
/// wait until speech ends.
extension Engine {
    /// When the next scheduled thing happens (an utterance ends, a hint or phonetic word is
    /// said, a finger resting on a key is heard), or nil when nothing is pending.
    public var nextDue: VirtualTime? {
        [speech.nextDue, keyboard.restDue].compactMap { $0 }.min()
    }

    /// Whether an utterance is playing or queued to play at the current time.
    public var isSpeaking: Bool { speech.isSpeaking }

    /// The hints and phonetic words waiting for their delay, first due first; any input
    /// before their time drops them.
    public var pendingSpeech: [PendingUtterance] {
        speech.pending.map { PendingUtterance(text: $0.utterance.text, role: $0.utterance.role, due: $0.time) }
    }

    /// What the user has copied, if anything; never text from a secure field.
    public var clipboardText: String? { editor.clipboard }
}

/// A hint or phonetic word waiting for its delay to pass.
public struct PendingUtterance: Sendable, Hashable {
    /// The words that will be spoken.
    public var text: String
    /// `hint` or `phonetic`.
    public var role: SpeechRole
    /// When it will be spoken if no input comes first.
    public var due: VirtualTime

    /// Creates a pending utterance.
    public init(text: String, role: SpeechRole, due: VirtualTime) {
        self.text = text
        self.role = role
        self.due = due
    }
}
