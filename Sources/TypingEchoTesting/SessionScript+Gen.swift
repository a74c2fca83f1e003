import TypingEcho

/// The kinds of generated session, each on its own small screen.
///
/// - `plain`: one text field (`text`) being edited with hardware keys, edit actions, the
///   clipboard, dictation, rotor moves and waits.
/// - `secure`: the sign-in screen of ``SecureSession`` (`user`, `pw`, `pin`, `note`, `go`),
///   secrets going into secure fields by every path among public input.
/// - `keyboard`: one text field edited with the on-screen keyboard: touches, slides, lifts,
///   split taps, holds, `type`, typing-mode changes.
/// - `screen`: a form (heading, two fields, a switch, a button) explored by swipes, focus,
///   double taps, typing, validation errors and `dismiss`.
public enum SessionKind: String, Sendable, Hashable, CaseIterable {
    /// Hardware-keyboard editing of one text field.
    case plain
    /// Secrets typed, pasted and dictated into secure fields among public fields.
    case secure
    /// On-screen keyboard gestures in one text field.
    case keyboard
    /// Navigation of a small form.
    case screen
}

extension Gen where Value == SessionScript {
    /// Sessions of `kind` whose steps (after the declarations and, for `plain` and `keyboard`,
    /// the focus and double tap that start editing) number `steps`; every command can be
    /// performed in order. They shrink by dropping and simplifying steps.
    ///
    /// ```swift
    /// let failure = check("sessionsRun", Gen.session(.plain, steps: 1...20), cases: 50) { script in
    ///     var session = try script.makeSession()
    ///     session.runUntilIdle()
    ///     try require(!session.isSpeaking, "still speaking after runUntilIdle")
    /// }
    /// ```
    public static func session(_ kind: SessionKind, steps: ClosedRange<Int>) -> Gen<SessionScript> {
        drafts(kind, steps: steps).map(\.performable)
    }

    /// The sessions before the commands that cannot be performed are left out.
    private static func drafts(_ kind: SessionKind, steps: ClosedRange<Int>) -> Gen<SessionScript> {
        switch kind {
        case .plain:
            return Gen<[Command]>.array(of: .command(.plain), count: steps).map { SessionScript(SessionLayout.plainPrelude + $0) }
        case .keyboard:
            return Gen<[KeyboardStep]>.array(of: keyboardStep, count: steps).map { steps in
                var builder = KeyboardScriptBuilder()
                for step in steps { builder.add(step) }
                builder.finish()
                return SessionScript(SessionLayout.keyboardPrelude + builder.commands)
            }
        case .screen:
            return Gen<[ScreenStep]>.array(of: screenStep, count: steps).map { steps in
                var builder = ScreenScriptBuilder()
                for step in steps { builder.add(step) }
                return SessionScript(SessionLayout.screenPrelude + builder.commands)
            }
        case .secure:
            let base = Gen<SecureSession>.secureSession(steps: steps)
            return Gen { source in
                let session = try base.run(source)
                // Expectations and malformed lines belong to the leak tests; a property adds its own.
                let steps = session.steps.filter { step in
                    switch step {
                    case .expectSecretValue, .expectSecretSpeech, .expectNumber, .malformed: false
                    default: true
                    }
                }
                guard let script = try? SessionScript(parsing: SecureSession(steps: steps).script) else {
                    throw GenerationError.rejected
                }
                return script
            }
        }
    }
}

extension Gen where Value == SessionScript {
    /// Sessions on your own screen: `prelude` (declarations, and whatever starts the session),
    /// then `steps` commands from `command`, keeping only those that can be performed in order.
    ///
    /// ```swift
    /// let signIn = Gen.session(
    ///     prelude: [.field(FieldDeclaration(id: "email", kind: .text, label: "Email"))],
    ///     commands: Gen.command(.screen), steps: 1...10)
    /// ```
    public static func session(prelude: [Command], commands command: Gen<Command>, steps: ClosedRange<Int>) -> Gen<SessionScript> {
        Gen<[Command]>.array(of: command, count: steps).map { SessionScript(prelude + $0).performable }
    }
}

extension Gen where Value == Command {
    /// One command of the kind's sessions, on its screen (``SessionKind``), without regard to
    /// what came before: a session made of them (``Gen/session(prelude:commands:steps:)``)
    /// keeps only those that can be performed. ``Gen/session(_:steps:)`` also makes each
    /// command make sense where it is (a finger lifted after exploring, a field being edited
    /// before `keys`).
    public static func command(_ kind: SessionKind) -> Gen<Command> {
        switch kind {
        case .plain:
            let text = Gen<String>.unicodeText(length: 1...4, families: [.ascii, .ascii, .combiningLatin, .polish, .emoji, .flags, .thai, .whitespace])
            let keys = HardwareKey.allCases.filter { $0 != .tab && $0 != .return }
            return .frequency([
                (6, text.map { .keys($0) }),
                (5, Gen<HardwareKey>.element(of: keys).map { .key($0) }),
                (2, Gen<EditAction>.element(of: EditAction.allCases).map { .edit($0) }),
                (1, text.map { .clipboard($0) }),
                (1, text.map { .dictate($0) }),
                (1, Gen<RotorUnit>.element(of: [.characters, .words, .lines]).map { .rotor($0) }),
                (2, Gen<SwipeDirection>.element(of: [.up, .down]).map { .swipe($0) }),
                (2, Gen<Int>.int(in: 0...2000).map { .wait(Double($0) / 1000) }),
            ])
        case .keyboard:
            let key = Gen<String>.element(of: SessionLayout.keyNames).map { TouchTarget.key($0) }
            return .frequency([
                (4, key.map { .touch($0) }),
                (3, key.map { .slide($0) }),
                (4, .constant(.lift)),
                (1, .constant(.splitTap)),
                (1, .constant(.hold)),
                (3, Gen<String>.string(of: .element(of: SecretAlphabet.onScreen), length: 1...5).map { .type($0) }),
                (1, .constant(.rotor(.typingMode))),
                (1, Gen<SwipeDirection>.element(of: [.up, .down]).map { .swipe($0) }),
                (1, .constant(.doubleTap)),
                (1, Gen<Int>.int(in: 0...1500).map { .wait(Double($0) / 1000) }),
            ])
        case .screen:
            return .frequency([
                (5, Gen<SwipeDirection>.element(of: [.right, .left]).map { .swipe($0) }),
                (3, Gen<String>.element(of: SessionLayout.screenIDs).map { .focus($0) }),
                (3, .constant(.doubleTap)),
                (3, Gen<String>.unicodeText(length: 1...4, families: [.ascii, .polish, .emoji]).map { .keys($0) }),
                (1, Gen<(String, String)>.zip(.element(of: ["user", "pw"]), .element(of: ["", "Required.", "Too short."]))
                    .map { .error($0, $1) }),
                (1, .constant(.validate)),
                (1, .constant(.dismiss)),
                (1, Gen<Int>.int(in: 0...1500).map { .wait(Double($0) / 1000) }),
            ])
        case .secure:
            let secret = Gen<String>.password
            return .frequency([
                (4, secret.map { .keys($0) }),
                (2, Gen<String>.string(of: .element(of: SecretAlphabet.onScreen), length: 1...5).map { .type($0) }),
                (1, secret.map { .clipboard($0) }),
                (1, .constant(.edit(.paste))),
                (1, secret.map { .dictate($0) }),
                (3, Gen<String>.element(of: ["pw", "pin", "user", "note", "go"]).map { .focus($0) }),
                (3, .constant(.doubleTap)),
                (2, Gen<HardwareKey>.element(of: HardwareKey.allCases).map { .key($0) }),
                (1, .constant(.settings([SettingAssignment(key: "secure-keys", value: "silent")]))),
            ])
        }
    }
}

extension SessionScript {
    /// The script without the commands that fail when it runs (a key not on the layer shown, a
    /// double tap with nothing focused …): each command is tried on a session in turn and kept
    /// only if it can be performed, so that what is left runs without an error. The engine
    /// checks a command before it changes anything, so leaving out a failed one changes
    /// nothing that follows.
    var performable: SessionScript {
        guard var session = try? Session() else { return self }
        var kept: [Command] = []
        for command in commands {
            do {
                try session.run(command)
                kept.append(command)
            } catch {
                continue
            }
        }
        return SessionScript(kept)
    }
}

/// The screens of the generated sessions.
enum SessionLayout {
    static var plainPrelude: [Command] {
        [.field(FieldDeclaration(id: "text", kind: .text, label: "Text")), .focus("text"), .doubleTap]
    }

    static var keyboardPrelude: [Command] { plainPrelude }

    static var screenPrelude: [Command] {
        var heading = ElementDeclaration(id: "title", label: "Sign in")
        heading.kind = .heading
        var user = FieldDeclaration(id: "user", kind: .text, label: "Username")
        user.required = true
        let password = FieldDeclaration(id: "pw", kind: .secure, label: "Password")
        var remember = ElementDeclaration(id: "remember", label: "Remember me")
        remember.kind = .switch
        remember.value = "off"
        var go = ElementDeclaration(id: "go", label: "Sign in")
        go.kind = .button
        go.hint = "Signs you in."
        return [.element(heading), .field(user), .field(password), .element(remember), .element(go)]
    }

    static let screenIDs = ["title", "user", "pw", "remember", "go"]

    /// Keys of the en-US keyboard's letters layer that the keyboard sessions explore.
    static let keyNames = ["q", "a", "e", "l", "m", "shift", "delete", "space"]

    /// The secure kind's screen (``SecureSession/declarations``).
    static var securePrelude: [Command] {
        (try? SessionScript(parsing: SecureSession.prelude).commands) ?? []
    }
}

/// One thing a user does with the on-screen keyboard.
enum KeyboardStep: Sendable {
    case explore([String], ending: Int)
    case type(String)
    case typingMode(SwipeDirection)
    case setting(String)
    case doubleTap
    case key(HardwareKey)
    case wait(Int)
}

private let keyboardStep: Gen<KeyboardStep> = {
    let keyNames = SessionLayout.keyNames
    let typed = Gen<String>.string(of: .element(of: SecretAlphabet.onScreen), length: 1...5)
    return Gen<KeyboardStep>.frequency([
        (5, Gen<([String], Int)>.zip(.array(of: .element(of: keyNames), count: 1...3), .int(in: 0...2)).map { .explore($0, ending: $1) }),
        (4, typed.map { .type($0) }),
        (1, Gen<SwipeDirection>.element(of: [.up, .down]).map { .typingMode($0) }),
        (1, Gen<String>.element(of: ["typing=standard", "typing=touch", "typing=direct", "feedback=words", "cadence=0.1"]).map { .setting($0) }),
        (1, .constant(.doubleTap)),
        (2, Gen<HardwareKey>.element(of: [.backspace, .left, .right, .end]).map { .key($0) }),
        (1, Gen<Int>.int(in: 0...1500).map { .wait($0) }),
    ])
}()

/// Turns keyboard steps into commands, keeping the finger's state and the rotor right.
struct KeyboardScriptBuilder {
    var commands: [Command] = []
    private var fingerDown = false
    private var rotorIsTypingMode = false

    mutating func add(_ step: KeyboardStep) {
        switch step {
        case .explore(let keys, let ending):
            for (index, key) in keys.enumerated() {
                commands.append(index == 0 && !fingerDown ? .touch(.key(key)) : .slide(.key(key)))
                fingerDown = true
            }
            if ending == 1 { commands.append(.splitTap) }
            if ending == 2 { commands.append(.hold) }
            lift()
        case .type(let text):
            lift()
            commands.append(.type(text))
        case .typingMode(let direction):
            lift()
            if !rotorIsTypingMode { commands.append(.rotor(.typingMode)); rotorIsTypingMode = true }
            commands.append(.swipe(direction))
        case .setting(let pair):
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            commands.append(.settings([SettingAssignment(key: parts[0], value: parts[1])]))
        case .doubleTap:
            lift()
            commands.append(.doubleTap)
        case .key(let key):
            commands.append(.key(key))
        case .wait(let milliseconds):
            commands.append(.wait(Double(milliseconds) / 1000))
        }
    }

    /// Lifts a finger left on the screen.
    mutating func finish() { lift() }

    private mutating func lift() {
        if fingerDown { commands.append(.lift); fingerDown = false }
    }
}

/// One thing a user does on the form.
enum ScreenStep: Sendable {
    case swipe(SwipeDirection)
    case focus(Int)
    case doubleTap
    case keys(String)
    case error(Int, String)
    case validate
    case dismiss
    case wait(Int)
}

private let screenStep: Gen<ScreenStep> = Gen<ScreenStep>.frequency([
    (5, Gen<SwipeDirection>.element(of: [.right, .left]).map { .swipe($0) }),
    (3, Gen<Int>.int(in: 0...4).map { .focus($0) }),
    (3, .constant(.doubleTap)),
    (3, Gen<String>.unicodeText(length: 1...4, families: [.ascii, .polish, .emoji]).map { .keys($0) }),
    (1, Gen<(Int, String)>.zip(.int(in: 0...1), .element(of: ["", "Required.", "Too short."])).map { .error($0, $1) }),
    (1, .constant(.validate)),
    (1, .constant(.dismiss)),
    (1, Gen<Int>.int(in: 0...1500).map { .wait($0) }),
])

/// Turns form steps into commands: `keys` only while a field is being edited.
struct ScreenScriptBuilder {
    var commands: [Command] = []
    private var editing = false
    private var focused: String?

    mutating func add(_ step: ScreenStep) {
        switch step {
        case .swipe(let direction):
            commands.append(.swipe(direction))
            focused = nil
        case .focus(let index):
            let id = SessionLayout.screenIDs[index]
            commands.append(.focus(id))
            focused = id
        case .doubleTap:
            commands.append(.doubleTap)
            if focused == "user" || focused == "pw" { editing = true }
            if focused == nil { editing = false }
        case .keys(let text):
            if !editing {
                commands.append(.focus("user"))
                commands.append(.doubleTap)
                focused = "user"
                editing = true
            }
            commands.append(.keys(text))
        case .error(let index, let message):
            commands.append(.error(index == 0 ? "user" : "pw", message))
        case .validate:
            commands.append(.validate)
            focused = nil
        case .dismiss:
            commands.append(.dismiss)
            editing = false
        case .wait(let milliseconds):
            commands.append(.wait(Double(milliseconds) / 1000))
        }
    }
}
