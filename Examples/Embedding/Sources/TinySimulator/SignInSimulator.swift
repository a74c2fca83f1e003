import TypingEcho

/// A tiny simulator of a sign-in screen, as a design tool would embed TypingEcho: it declares
/// its elements, turns the user's actions into the session's typed verbs, and shows the
/// caption — what VoiceOver says — after each action.
///
/// Only the typed API is used: no script text and no source locations. What the user did is
/// also written down as a `.replay` script (``script``), so that a failing case can be rerun
/// with `typing-echo check`.
public struct SignInSimulator: Sendable {
    /// The screen-reader session behind the screen.
    public private(set) var session: Session<EventCollector>
    /// The user's actions so far, as a replay script.
    public private(set) var script = ReplayWriter()

    /// A sign-in screen: a username field, a password field and a button.
    public init(settings: Settings = Settings()) throws(ScriptError) {
        session = try Session(settings: settings)
        try session.declareField("username", label: "Username", placeholder: "name@example.com")
        script.field("username", kind: .text, label: "Username", placeholder: "name@example.com")
        try session.declareField("password", kind: .secure, label: "Password")
        script.field("password", kind: .secure, label: "Password")
        try session.declareElement("signIn", label: "Sign in", kind: .button, hint: "Signs you in.")
        script.element("signIn", label: "Sign in", kind: .button, hint: "Signs you in.")
    }

    /// The user moves VoiceOver to an element (touching it, or swiping to it).
    public mutating func visit(_ id: String) throws(ScriptError) {
        try session.focus(id)
        script.command("focus \(id)")
    }

    /// The user double-taps the focused field to edit it.
    public mutating func startEditing() throws(ScriptError) {
        try session.doubleTap()
        script.command("double-tap")
    }

    /// The user types on a hardware keyboard.
    public mutating func typeOnKeyboard(_ text: String) throws(ScriptError) {
        try session.keys(text)
        script.keys(text)
    }

    /// The user presses backspace.
    public mutating func backspace() throws(ScriptError) {
        try session.key(.backspace)
        script.command("key backspace")
    }

    /// The user waits and listens until VoiceOver has finished: the speech in progress, then
    /// the hint or phonetic word it queued. Time is virtual, so this returns at once; it steps
    /// from one due time to the next as a simulator's run loop would.
    public mutating func listenUntilQuiet() throws(ScriptError) {
        let start = session.now
        while let due = session.nextDue {
            try session.advance(to: due)
        }
        if session.now > start { script.command("wait \(session.now - start)") }
    }

    /// What VoiceOver said last: the caption a preview shows.
    public var caption: String? { session.log.lastSpoken }

    /// How many characters a field holds (never its text: it may be the password).
    public func characterCount(of id: String) -> Int? {
        session.element(id)?.field?.characterCount
    }
}

extension SignInSimulator: CustomStringConvertible, CustomReflectable {
    /// The session's summary only: the script holds what was typed, the password too.
    public var description: String { "SignInSimulator(\(session), \(script.lines.count) script lines)" }

    /// The session only, for the same reason.
    public var customMirror: Mirror { Mirror(self, children: ["session": session], displayStyle: .struct) }
}
