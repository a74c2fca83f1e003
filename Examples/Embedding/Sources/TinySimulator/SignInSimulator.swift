import TypingEcho

/// A tiny simulator of a sign-in screen, as a design tool would embed TypingEcho: it declares
/// its elements, turns the user's actions into the session's typed verbs, answers what the
/// user activates as its app would, and shows the caption — what VoiceOver says — after each
/// action.
///
/// Only the typed API is used: no script text, no source locations, nothing of the engine.
/// The session records what happened (``script``), so that a failing case can be rerun with
/// `typing-echo check`.
public struct SignInSimulator: Sendable {
    /// The screen-reader session behind the screen.
    public private(set) var session: Session<EventCollector>
    /// How many times the user pressed "Sign in".
    public private(set) var signInAttempts = 0

    /// What the app announces when "Sign in" is pressed with a field still empty.
    public static let missingFields = "Enter your username and password."
    /// What the app announces when "Sign in" is pressed with both fields filled.
    public static let signingIn = "Signing in"

    /// A sign-in screen: a username field, a password field and a button.
    public init(settings: Settings = Settings()) throws(ScriptError) {
        session = try Session(settings: settings, records: true)
        try session.declareField("username", label: "Username", placeholder: "name@example.com")
        try session.declareField("password", kind: .secure, label: "Password")
        try session.declareElement("signIn", label: "Sign in", kind: .button, hint: "Signs you in.")
    }

    /// The user moves VoiceOver to an element (touching it, or swiping to it).
    public mutating func visit(_ id: String) throws(ScriptError) {
        try session.focus(id)
    }

    /// The user double-taps what VoiceOver is on: a field starts editing, the button signs in
    /// (the app hears the `activate` event and answers).
    public mutating func doubleTap() throws(ScriptError) {
        let seen = session.log.events.count
        try session.doubleTap()
        for timed in session.log.events[seen...] {
            if case .activate(element: "signIn") = timed.event { try signIn() }
        }
    }

    /// The user double-taps the focused field to edit it.
    public mutating func startEditing() throws(ScriptError) {
        try doubleTap()
    }

    /// The user types on a hardware keyboard.
    public mutating func typeOnKeyboard(_ text: String) throws(ScriptError) {
        try session.keys(text)
    }

    /// The user presses backspace.
    public mutating func backspace() throws(ScriptError) {
        try session.key(.backspace)
    }

    /// The user waits and listens until VoiceOver has finished: the speech in progress, then
    /// the hint or phonetic word it queued. Time is virtual, so this returns at once; it steps
    /// from one due time to the next as a simulator's run loop would.
    public mutating func listenUntilQuiet() throws(ScriptError) {
        while let due = session.nextDue {
            try session.advance(to: due)
        }
    }

    /// What VoiceOver said last: the caption a preview shows.
    public var caption: String? { session.log.lastSpoken }

    /// What VoiceOver would say on landing on an element now (the preview's tooltip).
    public func announcement(of id: String) -> String? { session.announcement(for: id) }

    /// The app's announcements so far, in order.
    public var announcements: [String] { session.log.utterances.filter { $0.role == .announcement }.map(\.text) }

    /// How many characters a field holds (never its text: it may be the password).
    public func characterCount(of id: String) -> Int? {
        session.element(id)?.field?.characterCount
    }

    /// What the user did, as a replay script (it holds what was typed, the password too).
    public var script: String { session.recordedScript ?? "" }

    /// The app answers "Sign in": it checks that both fields hold something and says so.
    private mutating func signIn() throws(ScriptError) {
        signInAttempts += 1
        let filled = (characterCount(of: "username") ?? 0) > 0 && (characterCount(of: "password") ?? 0) > 0
        try session.announce(filled ? Self.signingIn : Self.missingFields)
    }
}

extension SignInSimulator: CustomStringConvertible, CustomReflectable {
    /// The session's summary only: the script holds what was typed, the password too.
    public var description: String { "SignInSimulator(\(session), \(signInAttempts) sign-in attempts)" }

    /// The session only, for the same reason.
    public var customMirror: Mirror { Mirror(self, children: ["session": session], displayStyle: .struct) }
}
