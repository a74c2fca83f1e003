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
/// keys are silent, which elements are on the screen, whether the reader in force has a touch
/// screen, and which braille table Braille Screen Input reads. Before on-screen typing of a
/// secret it makes sure `secure-keys=silent` is in force unless direct typing is (with `speak`,
/// VoiceOver's default, standard and touch typing speak the keys typed by design: see
/// docs/secure-entry.md); whatever key is focused or layer shown, `type` into a secure field
/// must then show nothing that depends on the characters.
struct ScriptBuilder {
    /// The lines so far after the declarations, each with its line feed: written into one
    /// string as they come (an array of lines joined at the end cost a leak case's script a
    /// third more to build).
    private(set) var text: String = {
        var text = ""
        text.reserveCapacity(256)
        return text
    }()
    /// The focused element's id: "" when focus is nowhere (as at the start, or after the app
    /// removed the focused element), "?" when the builder cannot tell.
    var focused = ""
    /// Whether the focused element is known to be the field being edited.
    var editing = false
    /// Whether a finger rests on the on-screen keyboard.
    var fingerDown = false
    /// Whether `secure-keys=silent` is in force.
    var silentKeys = false
    /// Whether direct typing is known to be in force (set by `settings`, and no typing-mode
    /// rotor swipe or reader switch since): `type` then needs no `secure-keys=silent`, since
    /// direct typing never speaks a tapped key, shift, layer keys and alternates included.
    var directTyping = false
    /// Whether the rotor is on the typing mode (a swipe up or down then changes it).
    var rotorIsTypingMode = false
    /// The text typed into the password field, appended, since it was declared.
    var typedIntoPassword = ""
    /// Whether the password field holds exactly `typedIntoPassword`: false once a step could
    /// have changed it in a way the builder does not follow (keys, moves, edit actions, keys
    /// entered by exploration, contracted braille), so a "correct" guess is no longer known to
    /// be correct.
    var passwordKnown = true
    /// The field Braille Screen Input is known to be on for: the field being edited when
    /// `braille-input on` was written, until focus or editing leaves it or the app moves it.
    /// Where it is not known, `braille-input on` is written again before a chord or a braille
    /// swipe (harmless when on).
    var brailleInputField: String?
    /// The ids on the screen, in reading order: the app removes them and declares them again.
    var present = SecureSession.ids
    /// Whether the app has removed or declared an element again: positions on the screen may
    /// have moved under state the engine keeps for a field.
    var screenMoved = false
    /// Whether the reader in force has no touch screen (`reader=orca` without `touch=on`):
    /// the next gesture is preceded by `settings touch=on`.
    var touchOff = false
    /// `braille-input-table` as the script set it (nil: `default`).
    var inputTable: String?
    /// `braille-table` as the script set it (nil: `default`).
    var displayTable: String?
    /// Whether the table Braille Screen Input was last turned on with is contracted.
    var inputContracted = false
    /// Whether contracted cells may be held: written since the last line that enters them.
    var held = false

    /// Writes one line, `head` then `tail`, and its line feed (in two parts, so that a command
    /// word and its argument are not joined into a string of their own first).
    mutating func line(_ head: String, _ tail: String = "") {
        text += head
        text += tail
        text += "\n"
        if held && Self.entersHeldCells(head, tail) { held = false }
    }

    /// Writes a touch gesture's line, after `settings touch=on` where the reader in force has
    /// no touch screen (a gesture would be a script error there).
    ///
    /// A gesture never counts as entering held cells: a reader without touch
    /// (``LeakReader/performed(_:)``) leaves the line out, and the cells held before it then
    /// join the next chords into one word, whose reading can differ in length between the
    /// secret and its decoy. The next contracted word is then entered after `key end`, which is
    /// harmless where the gesture did enter them.
    mutating func gesture(_ head: String, _ tail: String = "") {
        if touchOff {
            line("settings touch=on")
            touchOff = false
        }
        let wasHeld = held
        line(head, tail)
        held = wasHeld
    }

    /// Whether a line ends the contracted word being held (any input but a chord and a
    /// one-finger `swipe left`, which takes a held cell back; `braille-input on` drops them).
    private static func entersHeldCells(_ head: String, _ tail: String) -> Bool {
        if head == "swipe " { return tail != "left" }
        for word in Self.keepsHeldCells where head.hasPrefix(word) { return false }
        return true
    }

    /// The commands that are not input (or are chords), which leave held cells held.
    private static let keepsHeldCells = [
        "chord", "settings ", "wait ", "expect ", "clipboard ", "announce ", "remove ", "screen-changed", "layout-changed",
        "field ", "element ",
    ]

    /// Focuses a field (if it is not focused) and starts editing it (if it is not edited),
    /// after declaring it again if the app removed it.
    ///
    /// Where focus alone starts editing (NVDA), that double tap lands on a field already being
    /// edited and moves its insertion point to the start, so text typed into the password
    /// field after it is no longer known to be appended.
    mutating func edit(_ id: String) {
        restore(id)
        if focused != id { line("focus ", id); focused = id; editing = false }
        if !editing {
            lift()
            gesture("double-tap")
            editing = true
            if id == "pw" && !typedIntoPassword.isEmpty { passwordKnown = false }
        }
    }

    /// Makes sure some field is being edited: the focused one, else the password field.
    mutating func editSomething() {
        if !editing { edit(["user", "pw", "pin", "note"].contains(focused) ? focused : "pw") }
    }

    /// Lifts a finger resting on the keyboard.
    mutating func lift() {
        if fingerDown { gesture("lift"); fingerDown = false }
    }

    /// Focuses the password field for an expectation, declaring it again if it was removed.
    mutating func focusPassword() {
        restore("pw")
        if focused != "pw" { line("focus pw"); focused = "pw"; editing = false }
    }

    /// Writes the lines of one step.
    mutating func add(_ step: SessionStep) {
        addLines(step)
        // Braille Screen Input is on for the field being edited only.
        if !editing || brailleInputField != focused { brailleInputField = nil }
    }

    /// The lines of one step, and what they change in what the builder knows.
    private mutating func addLines(_ step: SessionStep) {
        switch step {
        case .typeSecret, .typeSecretOnScreen, .pasteSecret, .chordSecret, .brailleInput, .focus, .wait, .setting, .rotor,
             .clipboardPublic, .expectSecretValue, .expectSecretSpeech, .expectNumber, .malformed, .chordPublic, .announce,
             .remove, .redeclare, .screenChanged, .layoutChanged:
            break
        case .typePublic(_, let id), .dictatePublic(_, let id), .dictateSecret(_, let id):
            if id == "pw" { passwordKnown = false }
        case .doubleTap, .brailleSwipe, .typePublicOnScreen, .edit, .explore, .key, .swipe, .contractedChordSecret:
            passwordKnown = false
        }
        switch step {
        case .focus(let id):
            restore(id)
            line("focus ", id)
            if focused != id { editing = false }
            focused = id
        case .doubleTap:
            if focused.isEmpty || focused == "?" { return }
            gesture("double-tap")
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
            gesture("type ", SecureSession.quoted(text))
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
            addChordSecret(text, into: id)
        case .contractedChordSecret(let word, let id):
            addContractedChordSecret(word, into: id)
        case .chordPublic(let cells, let id):
            addPublicChords(cells, into: id)
        case .brailleInput(let on):
            addBrailleInput(on)
        case .brailleSwipe(let direction, let fingers):
            addBrailleSwipe(direction, fingers: fingers)
        case .typePublic(let text, let id):
            edit(id)
            line("keys ", SecureSession.quoted(text))
        case .typePublicOnScreen(let text):
            edit("user")
            lift()
            gesture("type ", SecureSession.quoted(text))
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
                gesture(index == 0 && !fingerDown ? "touch \(key)" : "slide \(key)")
                fingerDown = true
            }
            if ending % 3 == 1 { gesture("split-tap") }
            if ending % 3 == 2 { gesture("hold") }
            lift()
        case .key(let key):
            editSomething()
            line("key ", key.rawValue)
            // Tab and Shift+Tab move focus (and editing, on a field) elsewhere.
            if key == .tab || key == .shiftTab { editing = false; focused = "?" }
        case .rotor(let unit):
            gesture("rotor ", unit.rawValue)
            rotorIsTypingMode = unit == .typingMode
        case .swipe(let direction):
            if direction == .up || direction == .down {
                editSomething()
                if rotorIsTypingMode { directTyping = false }
            }
            gesture("swipe ", direction.rawValue)
            // With Braille Screen Input on, left and right delete and enter a space instead of moving.
            if (direction == .left || direction == .right) && brailleInputField == nil { editing = false; focused = "?" }
        case .wait(let milliseconds):
            line("wait \(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())")
        case .setting(let pair):
            line("settings ", pair)
            noteSetting(pair)
        case .remove(let id):
            addRemoval(id)
        case .redeclare(let id, let variant):
            addRedeclaration(id, variant: variant)
        case .screenChanged(let target):
            addScreenChange(whole: true, focus: target)
        case .layoutChanged(let target):
            addScreenChange(whole: false, focus: target)
        case .announce(let text):
            line("announce ", SecureSession.quoted(text))
        case .expectSecretValue(let correct):
            // A wrong value ends in a private-use character no session ever types; so does a
            // "correct" one the builder can no longer vouch for, so both runs agree.
            focusPassword()
            let exact = correct && passwordKnown
            line("expect value ", SecureSession.quoted(exact ? typedIntoPassword : typedIntoPassword + "\u{10FFFD}"))
        case .expectSecretSpeech:
            // Never heard: a public utterance could equal a short secret, the suffix cannot.
            line("expect speech ", SecureSession.quoted(typedIntoPassword + "\u{10FFFD}"))
        case .expectNumber(let kind, let value):
            focusPassword()
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

    /// Follows a `settings` line: silent keys, direct typing, the reader (which puts its
    /// typing mode and touch screen in force) and the braille tables.
    private mutating func noteSetting(_ pair: String) {
        for assignment in pair.split(separator: " ") {
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            let key = assignment[..<equals], value = String(assignment[assignment.index(after: equals)...])
            switch key {
            case "secure-keys": silentKeys = value == "silent"
            case "typing": directTyping = value == "direct"
            case "reader":
                directTyping = false
                touchOff = value == "orca"
            case "touch": touchOff = value == "off"
            case "braille-input-table": inputTable = value == "default" ? nil : value
            case "braille-table": displayTable = value == "default" ? nil : value
            default: break
            }
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
