import Testing
import TinySimulator
import TypingEcho

@Suite("A simulator embedding TypingEcho")
struct SignInSimulatorTests {
    @Test("after visiting a field and listening until quiet, the caption is its hint")
    func hintAfterListening() throws {
        var simulator = try SignInSimulator()
        try simulator.visit("username")
        #expect(simulator.caption == "Username, name@example.com, text field")
        #expect(simulator.session.isSpeaking)
        #expect(simulator.session.pendingHint?.text == "Double tap to edit.")

        try simulator.listenUntilQuiet()
        #expect(!simulator.session.isSpeaking)
        #expect(simulator.session.pendingHint == nil && simulator.session.nextDue == nil)
        #expect(simulator.caption == "Double tap to edit.")
        #expect(simulator.session.log.completedPhrases == ["Username, name@example.com, text field", "Double tap to edit."])
    }

    @Test("typing a word: the caption is the word once speech ends")
    func wordEcho() throws {
        var simulator = try SignInSimulator()
        try simulator.visit("username")
        try simulator.startEditing()
        try simulator.typeOnKeyboard("jan ")
        try simulator.listenUntilQuiet()
        #expect(simulator.caption == "jan")
        #expect(simulator.characterCount(of: "username") == 4)
    }

    @Test("a password is never in a caption, the log or the simulator's description")
    func password() throws {
        var simulator = try SignInSimulator()
        try simulator.visit("password")
        try simulator.startEditing()
        try simulator.typeOnKeyboard("hunter2")
        try simulator.listenUntilQuiet()
        #expect(simulator.characterCount(of: "password") == 7)
        #expect(simulator.session.log.sounds.filter { $0 == .click }.count == 7)
        #expect(simulator.session.log.sounds.allSatisfy { $0 == .click || $0 == .tick })
        #expect(simulator.caption == "Password, secure text field, is editing")
        #expect(!simulator.session.log.spokenPhrases.joined().contains("hunter"))
        var dumped = ""
        dump(simulator, to: &dumped)
        for text in [String(describing: simulator), String(reflecting: simulator), dumped] {
            #expect(!text.contains("hunter"))
        }
    }

    @Test("a typed mistake is an error with a kind and no location")
    func mistake() throws {
        var simulator = try SignInSimulator()
        try simulator.visit("signIn")
        #expect(throws: ScriptError.self) { try simulator.typeOnKeyboard("x") }
        do {
            try simulator.visit("sign-in")
        } catch {
            #expect(error.kind == .unknownID)
            #expect(error.location == nil)
            #expect(error.message == "no element or field with id 'sign-in'; did you mean 'signIn'?")
        }
    }

    @Test("a double tap on Sign in is an activate event the app answers with an announcement")
    func signInAnswers() throws {
        var simulator = try SignInSimulator()
        try simulator.visit("signIn")
        try simulator.doubleTap()
        #expect(simulator.session.log.events.contains { $0.event == .activate(element: "signIn") })
        #expect(simulator.signInAttempts == 1)
        #expect(simulator.announcements == [SignInSimulator.missingFields])
        try simulator.listenUntilQuiet()
        // Queued behind the button's own announcement, not cutting it.
        #expect(simulator.session.log.completedPhrases.suffix(2) == ["Sign in, button", SignInSimulator.missingFields])

        try simulator.visit("username")
        try simulator.startEditing()
        try simulator.typeOnKeyboard("jan")
        try simulator.visit("password")
        try simulator.startEditing()
        try simulator.typeOnKeyboard("hunter2")
        try simulator.visit("signIn")
        try simulator.doubleTap()
        #expect(simulator.announcements.last == SignInSimulator.signingIn)
        #expect(simulator.announcement(of: "password") == "Password, secure text field, is editing, 7 characters, insertion point at end")
        #expect(simulator.announcement(of: "signIn") == "Sign in, button")
    }

    @Test("the simulator writes what the user did as a replay script that replays the same events")
    func script() throws {
        var simulator = try SignInSimulator()
        try simulator.visit("username")
        try simulator.startEditing()
        try simulator.typeOnKeyboard("é\"\\")
        try simulator.visit("signIn")
        try simulator.doubleTap()
        try simulator.listenUntilQuiet()
        let lines = simulator.script.split(separator: "\n").map(String.init)
        // Listening is written as the waits it took, which depend on speech durations.
        #expect(lines.filter { !$0.hasPrefix("wait ") } == [
            #"field username kind=text label="Username" placeholder="name@example.com""#,
            #"field password kind=secure label="Password""#,
            #"element signIn label="Sign in" kind=button hint="Signs you in.""#,
            "focus username",
            "double-tap",
            #"keys "é\"\\""#,
            "focus signIn",
            "double-tap",
            #"announce "Enter your username and password.""#,
        ])
        var replayed = try Session()
        try replayed.run(script: simulator.script)
        replayed.runUntilIdle()
        #expect(replayed.log.events == simulator.session.log.events)
    }
}
