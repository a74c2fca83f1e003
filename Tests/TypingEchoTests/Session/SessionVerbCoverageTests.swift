import Testing
import TypingEcho

/// The examples' `print` calls print nothing here: a passing test prints nothing (the claims
/// are checked on the values the examples return).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

/// Performs `command` through the `Session` verb of the same name. The switch names every
/// `Command` case and has no `default:`, so a new command without a verb does not compile.
@discardableResult
func performWithVerb(_ command: Command, on session: inout Session<EventCollector>) throws -> String? {
    switch command {
    case .settings(let pairs): for pair in pairs { try session.set(pair.key, to: pair.value) }
    case .field(let declaration): try session.declare(declaration)
    case .element(let declaration): try session.declare(declaration)
    case .focus(let id): try session.focus(id)
    case .focusKey(let name): try session.focusKey(name)
    case .dismiss: try session.dismiss()
    case .swipe(let direction): try session.swipe(direction)
    case .rotor(let unit): try session.rotor(unit)
    case .doubleTap: try session.doubleTap()
    case .touch(let target): try session.touch(target)
    case .slide(let target): try session.slide(target)
    case .lift: try session.lift()
    case .splitTap: try session.splitTap()
    case .hold: try session.hold()
    case .type(let text): try session.type(text)
    case .keys(let text): try session.keys(text)
    case .key(let key): try session.key(key)
    case .edit(let action): try session.edit(action)
    case .clipboard(let text): try session.setClipboard(text)
    case .dictate(let text): try session.dictate(text)
    case .error(let id, let message): try session.showError(message.isEmpty ? nil : message, on: id)
    case .validate: try session.validate()
    case .wait(let seconds): try session.wait(seconds)
    case .expect(let expectation): return session.check(expectation)
    case .announce(let text): try session.announce(text)
    case .screenChanged(let target): try session.screenChanged(focus: target)
    case .layoutChanged(let target): try session.layoutChanged(focus: target)
    case .remove(let id): try session.remove(id)
    case .route(let cell): try session.route(cell)
    case .pan(let direction): try session.pan(direction)
    case .brailleInput(let on): try session.brailleInput(on)
    case .chord(let cell): try session.chord(cell)
    case .chords(let cells): try session.chords(cells)
    case .fingerSwipe(let direction, let fingers): try session.swipe(direction, fingers: fingers)
    }
    return nil
}

@Suite("Session: a verb for every command, and a recording that replays")
struct SessionVerbCoverageTests {
    /// A script that uses every command.
    static let everyCommand = [
        "settings hints=on key-cadence=0.1",
        #"field user kind=text label="Username" autocapitalization=none"#,
        #"field pw kind=secure label="Password""#,
        #"element go label="Sign in" kind=button traits=selected"#,
        #"element volume label="Volume" traits=adjustable value="Low" steps="Low|High""#,
        "focus user", "double-tap", #"keys "Hi""#, "key backspace", #"type "ab""#,
        "focus key:q", "touch q", "slide w", "lift", "touch e", "split-tap", "touch e", "hold", "lift",
        "rotor words", "swipe up", "rotor characters", "edit select-all", "edit copy", #"clipboard "x""#, "edit paste",
        #"dictate "yo""#, "dismiss", "swipe right", #"error user "Wrong""#, "validate", "wait 1",
        #"announce "Hello""#, #"expect speech "Hello""#, "screen-changed focus=go", "double-tap",
        "layout-changed focus=volume", "remove volume", "layout-changed",
        "settings braille=on", "focus user", "double-tap", "route 2", "pan right", "pan left", "braille-input on",
        "chord 125", #"chords "⠓⠑""#, "swipe left fingers=2", "braille-input off",
    ]

    static func commands() throws -> [Command] {
        let parser = ScriptParser()
        return try everyCommand.enumerated().map { number, line in
            try #require(try parser.parse(line: Array(line.utf8), number: number + 1)).command
        }
    }

    @Test("every command's verb gives the events its script line gives")
    func verbsMatchScriptLines() throws {
        var byVerb = try Session()
        var byLine = try Session()
        for command in try Self.commands() {
            let verbFailure = try performWithVerb(command, on: &byVerb)
            let lineFailure = try byLine.run(command)
            #expect(verbFailure == lineFailure, "\(ScriptWriter.line(for: command))")
        }
        byVerb.runUntilIdle()
        byLine.runUntilIdle()
        #expect(byVerb.log.events == byLine.log.events)
        #expect(byVerb.log.events.contains { $0.event == .activate(element: "go") })
    }

    @Test("a session driven through the verbs records a script that replays to the same events")
    func recordingReplays() throws {
        var settings = Settings()
        settings.capitals = .pitch
        var recorded = try Session(settings: settings, records: true)
        for command in try Self.commands() { try performWithVerb(command, on: &recorded) }
        try recorded.advance(by: VirtualDuration(milliseconds: 250))
        recorded.settings.rate = 1.5
        recorded.runUntilIdle()
        let script = try #require(recorded.recordedScript)
        #expect(script.hasPrefix("settings capitals=pitch\nsettings hints=on\nsettings key-cadence=0.1\n"))
        #expect(script.contains("\nwait 0.25\nsettings rate=1.5\n"))
        var replayed = try Session()
        try replayed.run(script: script)
        replayed.runUntilIdle()
        #expect(replayed.log.events == recorded.log.events)
        #expect(try Session().recordedScript == nil)
    }

    @Test("every command written by ScriptWriter parses back to itself")
    func writerRoundTrip() throws {
        let parser = ScriptParser()
        var extra = FieldDeclaration(id: "f", kind: .area, label: "Notes \"1\"\n")
        extra.autocapitalization = .never
        extra.keyboard = .email
        extra.maxLength = 4
        var element = ElementDeclaration(id: "e", label: "E")
        element.traits = [.button, .header]
        element.labels = "f"
        var masked = ElementDeclaration(id: "m", label: "M")
        masked.traits = Traits(rawValue: 1 << 60)
        for command in try Self.commands() + [.field(extra), .element(element), .element(masked), .expect(.heard("é\u{301}\u{7}"))] {
            let line = ScriptWriter.line(for: command)
            let parsed = try #require(try parser.parse(line: Array(line.utf8), number: 1), "\(line)")
            // Locations are where the written line puts them; compare the lines written again.
            #expect(ScriptWriter.line(for: parsed.command) == line)
            if case .element(let written) = command, case .element(let read) = parsed.command { #expect(written == read) }
            if case .field(let written) = command, case .field(let read) = parsed.command { #expect(written == read) }
        }
    }

    @Test("the keyboard's layout, layer and key frames are queries of the session")
    func keyboardQueries() throws {
        var session = try Session()
        try session.declareField("user", label: "Username")
        #expect(session.visibleKeys.isEmpty)
        try session.focus("user")
        try session.doubleTap()
        let keys = session.visibleKeys
        #expect(keys.first?.name == "Q" && session.shiftState == .on)  // the field's first letter is a capital
        #expect(session.keyboardLayer == .letters && session.keyboardLayout.locale == "en-US")
        let q = try #require(keys.first)
        #expect(q.frame == session.keyboardLayout.keys(on: .letters)[0].frame)
        try session.touch(.point(x: q.frame.x + 1, y: q.frame.y + 1))
        #expect(session.focusedKeyName == "Q")
    }

    @Test("no auto-capitalisation is a case that cannot be read as no value")
    func neverIsNotOptionalNone() throws {
        var field = FieldDeclaration(id: "f", kind: .text, label: "F")
        field.autocapitalization = .never
        #expect(field.autocapitalization != nil)
        #expect(Autocapitalization.never.rawValue == "none")
        var session = try Session()
        try session.declare(field)
        try session.focus("f")
        try session.doubleTap()
        #expect(session.shiftState == .off)
    }
}

// The ```swift examples of ScriptWriter, the recorder and docs/embedding.md's declarations,
// recording and untyped-throws sections, verbatim, each returning what its comments claim.

// Sources/TypingEcho/Script/ScriptWriter.swift
func scriptWriterExample() -> (String, String) {
    let line = ScriptWriter.line(for: .keys("naïve \"quote\""))   // keys "naïve \"quote\""
    let script = ScriptWriter.script([.doubleTap, .key(.backspace)])   // "double-tap\nkey backspace\n"
    return (line, script)
}

// Sources/TypingEcho/Session/Session.swift
func recordedScriptExample() throws -> String? {
    var session = try Session(records: true)
    try session.declareField("user", label: "Username")
    try session.focus("user")
    try session.wait(1.5)
    print(session.recordedScript ?? "")
    // field user kind=text label="Username"
    // focus user
    // wait 1.5
    return session.recordedScript
}

// docs/embedding.md
func recordingDocExample() throws -> (String?, String) {
    var session = try Session(records: true)
    try session.declareField("user", label: "Username")
    try session.focus("user")
    try session.wait(1.5)
    print(session.recordedScript ?? "")
    // field user kind=text label="Username"
    // focus user
    // wait 1.5
    let line = ScriptWriter.line(for: .keys("naïve \"quote\""))   // keys "naïve \"quote\""
    return (session.recordedScript, line)
}

// docs/embedding.md
func declaringExample() throws -> (Session<EventCollector>, String?) {
    var session = try Session()
    var code = FieldDeclaration(id: "code", kind: .text, label: "Code")
    code.keyboard = .numberPad
    code.maxLength = 6
    code.autocapitalization = .never   // shift stays off; nil is iOS's default for the field
    try session.declare(code)
    var remember = ElementDeclaration(id: "remember", label: "Remember me")
    remember.traits = [.toggle, .selected]
    try session.declare(remember)
    print(session.announcement(for: "remember") ?? "")   // Selected, Remember me, switch button
    return (session, session.announcement(for: "remember"))
}

// docs/embedding.md
func untypedThrowsExample() throws -> [String] {
    func onSignInScreen(_ body: (inout Session<EventCollector>) throws -> Void) throws -> [String] {
        var session = try Session()
        try session.declareField("user", label: "Username")
        try body(&session)
        return session.log.spokenPhrases
    }
    let spoken = try onSignInScreen { session in
        try session.focus("user")
    }
    // spoken == ["Username, text field"]
    return spoken
}

@Suite("ScriptWriter, recording and declarations: the documented examples")
struct ScriptWriterDocExampleTests {
    @Test("ScriptWriter writes the lines its comment shows")
    func writer() {
        let (line, script) = scriptWriterExample()
        #expect(line == #"keys "naïve \"quote\"""#)
        #expect(script == "double-tap\nkey backspace\n")
    }

    @Test("the recorded script is the one the comments show")
    func recorded() throws {
        let expected = "field user kind=text label=\"Username\"\nfocus user\nwait 1.5\n"
        #expect(try recordedScriptExample() == expected)
        let (script, line) = try recordingDocExample()
        #expect(script == expected && line == #"keys "naïve \"quote\"""#)
    }

    @Test("typed declarations: a number pad without auto-capitalisation, a selected toggle")
    func declarations() throws {
        let (session, announcement) = try declaringExample()
        #expect(announcement == "Selected, Remember me, switch button")
        #expect(session.element("code")?.field?.autocapitalization == .never)
        #expect(session.element("code")?.field?.keyboardType == .numberPad)
    }

    @Test("a helper taking an untyped throwing closure accepts verbs")
    func untypedThrows() throws {
        #expect(try untypedThrowsExample() == ["Username, text field"])
    }
}
