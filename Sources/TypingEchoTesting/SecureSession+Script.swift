extension SecureSession {
    /// The replay script, with the focus changes, double taps, lifts and settings each step
    /// needs to make sense (see `ScriptBuilder`).
    public var script: String { SecureSession.prelude + body }

    /// The script after `prelude`: what the steps do. A test can run `prelude` once and
    /// start each session from a copy of the result.
    public var body: String {
        var builder = ScriptBuilder()
        var step = 0
        while step < steps.count {
            builder.add(steps[step])
            step += 1
        }
        // Each line and its line feed, as `joined(separator: "\n") + "\n"` writes them (one
        // line feed alone for no lines): the builder writes them into one string as it goes.
        return builder.text.isEmpty ? "\n" : builder.text
    }

    /// The declarations every session starts with, as script lines.
    public static var prelude: String { declarations.joined(separator: "\n") + "\n" }
}

/// Turns steps into script lines, keeping track of what the engine will be doing: which
/// element has focus, whether it is being edited, whether a finger is down, whether explored
/// keys are silent. Before on-screen typing of a secret it makes sure `secure-keys=silent` is
/// in force unless direct typing is (with `speak`, VoiceOver's default, standard and touch
/// typing speak the keys typed by design: see docs/secure-entry.md); whatever key is focused or
/// layer shown, `type` into a secure field must then show nothing that depends on the
/// characters.
struct ScriptBuilder {
    /// The lines so far after the declarations, each with its line feed: written into one
    /// string as they come (an array of lines joined at the end cost a leak case's script a
    /// third more to build).
    private(set) var text: String = {
        var text = ""
        text.reserveCapacity(256)
        return text
    }()
    private var focused = ""
    private var editing = false
    private var fingerDown = false
    private var silentKeys = false
    /// Whether direct typing is known to be in force (set by `settings`, and no typing-mode
    /// rotor swipe since): `type` then needs no `secure-keys=silent`, since direct typing
    /// never speaks a tapped key, shift, layer keys and alternates included.
    private var directTyping = false
    private var rotorIsTypingMode = false
    private var typedIntoPassword = ""
    /// Whether the password field holds exactly `typedIntoPassword`: false once a step could
    /// have changed it in a way the builder does not follow (keys, moves, edit actions, keys
    /// entered by exploration), so a "correct" guess is no longer known to be correct.
    private var passwordKnown = true
    /// The field Braille Screen Input is known to be on for: the field being edited when
    /// `braille-input on` was written, until focus or editing leaves it. Where it is not known,
    /// `braille-input on` is written again before a chord or a braille swipe (harmless when on).
    private var brailleInputField: String?

    /// Writes one line, `head` then `tail`, and its line feed (in two parts, so that a command
    /// word and its argument are not joined into a string of their own first).
    private mutating func line(_ head: String, _ tail: String = "") {
        text += head
        text += tail
        text += "\n"
    }

    /// Focuses a field (if it is not focused) and starts editing it (if it is not edited).
    ///
    /// Where focus alone starts editing (NVDA), that double tap lands on a field already being
    /// edited and moves its insertion point to the start, so text typed into the password
    /// field after it is no longer known to be appended.
    private mutating func edit(_ id: String) {
        if focused != id { line("focus ", id); focused = id; editing = false }
        if !editing {
            lift()
            line("double-tap")
            editing = true
            if id == "pw" && !typedIntoPassword.isEmpty { passwordKnown = false }
        }
    }

    /// Makes sure some field is being edited: the focused one, else the password field.
    private mutating func editSomething() {
        if !editing { edit(["user", "pw", "pin", "note"].contains(focused) ? focused : "pw") }
    }

    private mutating func lift() {
        if fingerDown { line("lift"); fingerDown = false }
    }

    /// Makes sure Braille Screen Input is on for the field being edited.
    private mutating func brailleInputOn() {
        lift()
        if brailleInputField != focused { line("braille-input on"); brailleInputField = focused }
    }

    mutating func add(_ step: SessionStep) {
        addLines(step)
        // Braille Screen Input is on for the field being edited only.
        if !editing || brailleInputField != focused { brailleInputField = nil }
    }

    private mutating func addLines(_ step: SessionStep) {
        switch step {
        case .typeSecret, .typeSecretOnScreen, .pasteSecret, .chordSecret, .brailleInput, .focus, .wait, .setting, .rotor,
             .clipboardPublic, .expectSecretValue, .expectSecretSpeech, .expectNumber, .malformed:
            break
        case .typePublic(_, let id), .dictatePublic(_, let id), .dictateSecret(_, let id):
            if id == "pw" { passwordKnown = false }
        case .doubleTap, .brailleSwipe, .typePublicOnScreen, .edit, .explore, .key, .swipe:
            passwordKnown = false
        }
        switch step {
        case .focus(let id):
            line("focus ", id)
            if focused != id { editing = false }
            focused = id
        case .doubleTap:
            if focused.isEmpty || focused == "?" { return }
            line("double-tap")
            if focused != "go" { editing = true }
        case .typeSecret(let text, let id):
            edit(id)
            if id == "pw" { typedIntoPassword += text }
            line("keys ", SecureSession.quoted(text))
        case .typeSecretOnScreen(let text, let id):
            if !silentKeys && !directTyping { line("settings secure-keys=silent"); silentKeys = true }
            edit(id)
            lift()
            if id == "pw" { typedIntoPassword += text }
            line("type ", SecureSession.quoted(text))
        case .pasteSecret(let text, let id):
            edit(id)
            if id == "pw" { typedIntoPassword += text }
            line("clipboard ", SecureSession.quoted(text))
            line("edit paste")
            line("clipboard \"public\"")
        case .dictateSecret(let text, let id):
            edit(id)
            line("dictate ", SecureSession.quoted(text))
        case .chordSecret(let text, let id):
            edit(id)
            brailleInputOn()
            if id == "pw" { typedIntoPassword += text }
            if text.count == 1, let letter = text.first {
                line("chord ", SecretAlphabet.dots(of: letter))
            } else {
                line("chords ", SecureSession.quoted(SecretAlphabet.cells(of: text)))
            }
        case .brailleInput(let on):
            if on {
                editSomething()
                brailleInputOn()
            } else {
                line("braille-input off")
                brailleInputField = nil
            }
        case .brailleSwipe(let direction, let fingers):
            editSomething()
            brailleInputOn()
            line("swipe ", fingers == 1 ? direction.rawValue : "\(direction.rawValue) fingers=\(fingers)")
        case .typePublic(let text, let id):
            edit(id)
            line("keys ", SecureSession.quoted(text))
        case .typePublicOnScreen(let text):
            edit("user")
            lift()
            line("type ", SecureSession.quoted(text))
        case .dictatePublic(let text, let id):
            edit(id)
            line("dictate ", SecureSession.quoted(text))
        case .clipboardPublic(let text):
            line("clipboard ", SecureSession.quoted(text))
        case .edit(let action):
            editSomething()
            line("edit ", action.rawValue)
        case .explore(let keys, let ending):
            editSomething()
            for (index, key) in keys.enumerated() {
                line(index == 0 && !fingerDown ? "touch \(key)" : "slide \(key)")
                fingerDown = true
            }
            if ending % 3 == 1 { line("split-tap") }
            if ending % 3 == 2 { line("hold") }
            lift()
        case .key(let key):
            editSomething()
            line("key ", key.rawValue)
            // Tab moves focus and editing to the next field.
            if key == .tab { editing = false; focused = "?" }
        case .rotor(let unit):
            line("rotor ", unit.rawValue)
            rotorIsTypingMode = unit == .typingMode
        case .swipe(let direction):
            if direction == .up || direction == .down {
                editSomething()
                if rotorIsTypingMode { directTyping = false }
            }
            line("swipe ", direction.rawValue)
            // With Braille Screen Input on, left and right delete and enter a space instead of moving.
            if (direction == .left || direction == .right) && brailleInputField == nil { editing = false; focused = "?" }
        case .wait(let milliseconds):
            line("wait \(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())")
        case .setting(let pair):
            line("settings ", pair)
            if pair.hasPrefix("secure-keys=") { silentKeys = pair == "secure-keys=silent" }
            if pair.hasPrefix("typing=") { directTyping = pair == "typing=direct" }
        case .expectSecretValue(let correct):
            // A wrong value ends in a private-use character no session ever types; so does a
            // "correct" one the builder can no longer vouch for, so both runs agree.
            if focused != "pw" { line("focus pw"); focused = "pw"; editing = false }
            let exact = correct && passwordKnown
            line("expect value ", SecureSession.quoted(exact ? typedIntoPassword : typedIntoPassword + "\u{10FFFD}"))
        case .expectSecretSpeech:
            // Never heard: a public utterance could equal a short secret, the suffix cannot.
            line("expect speech ", SecureSession.quoted(typedIntoPassword + "\u{10FFFD}"))
        case .expectNumber(let kind, let value):
            if focused != "pw" { line("focus pw"); focused = "pw"; editing = false }
            line("expect \(kind) \(value)")
        case .malformed(let kind):
            let piece = SecureSession.quoted(typedIntoPassword.isEmpty ? "s3cret" : typedIntoPassword)
            // Each keeps the secret inside quotes: a secret written bare is lexed by its own
            // characters (the parser's privacy tests cover that case on their own).
            let broken = ["kyes \(piece)", "keys \(piece.dropLast())", "keys \(piece) extra", "dictate \(piece) \(piece)",
                          "keys \(SecureSession.carriageReturnInside(piece.dropLast()))"]
            line(broken[kind % broken.count])
        }
    }
}

extension SecureSession {
    /// An unclosed quote (`"` and the escaped secret) with its first character after the quote
    /// made a raw carriage return when that character's first code point is odd (never an
    /// escape's backslash): whether a secret holds a CR depends on the secret, so the error
    /// message about the line must not.
    static func carriageReturnInside(_ unclosed: Substring) -> String {
        let text = unclosed.dropFirst()
        guard let first = text.first, first != "\\", let scalar = first.unicodeScalars.first, scalar.value % 2 == 1 else {
            return String(unclosed)
        }
        return "\"\r" + text.dropFirst()
    }
}
