/// Key echo (`key-echo`, `modifier-echo`): the keys a hardware key command presses, said by
/// name as a desktop reader says them, before what the key does.
extension Engine {
    /// Says the keys of a `key` command that the reader echoes: its modifiers, then an action
    /// key or a shortcut's letter ("left control", "a"); navigation keys are not said. Nothing
    /// while a secure field has keyboard focus: the reader keeps a password's keys to itself.
    mutating func echoKeys(of key: HardwareKey) {
        guard configuration.current.style.keyEcho, !keyboardFocusIsSecure else { return }
        var feedback = Feedback()
        for (index, name) in key.echoedKeys.enumerated() {
            let text = name.hasPrefix("key.") ? voice.phrasebook.string(name) : name
            feedback.say(text, role: .key, turn: index == 0 ? .interrupts : .queues)
        }
        deliver(feedback)
    }

    /// Says "left shift" before a character of `keys` that is typed with Shift, once for a
    /// run of them (Shift held), with `modifier-echo=on`; nothing in a secure field.
    /// - Parameter held: Whether the character before it in the same command needed Shift.
    /// - Returns: Whether this character needs Shift, as `held` for the next; always false where
    ///   nothing is echoed, so the typing of every other reader does not ask.
    mutating func echoShift(for character: Substring, held: Bool, in field: FieldHandle) -> Bool {
        guard configuration.current.style.modifierEcho, !field.isSecure else { return false }
        let shifted = HardwareKey.typedWithShift(character)
        guard shifted, !held else { return shifted }
        var feedback = Feedback()
        feedback.say(voice.phrasebook.string("key.left-shift"), role: .key)
        deliver(feedback)
        return shifted
    }

    /// Whether the field with keyboard focus (edited, or else focused) is a secure field.
    var keyboardFocusIsSecure: Bool {
        guard let identity = editor.editedField ?? reader.focus.element else { return false }
        return screen.read(identity) { $0.field?.isSecure == true } == true
    }
}

extension HardwareKey {
    /// The keys pressed for this command on a desktop keyboard that a key-echoing reader
    /// names, in the order pressed: phrase keys (`key.left-control`) and a shortcut's letter.
    /// Navigation keys (arrows, Home, End) are not named (Orca's default: modifier and action
    /// keys on, navigation keys off). Shift+Tab is one key of its own (`ISO_Left_Tab`), which
    /// Orca does not name: only its Shift is said.
    var echoedKeys: [String] {
        switch self {
        case .backspace: ["key.backspace"]
        case .delete: ["key.delete"]
        case .return: ["key.return"]
        case .tab: ["key.tab"]
        case .shiftTab: ["key.left-shift"]
        case .left, .right, .home, .end, .up, .down: []
        case .optionLeft, .optionRight: ["key.left-control"]
        case .optionBackspace, .commandBackspace: ["key.left-control", "key.backspace"]
        case .shiftLeft, .shiftRight, .shiftHome, .shiftEnd, .shiftUp, .shiftDown: ["key.left-shift"]
        case .shiftOptionLeft, .shiftOptionRight: ["key.left-control", "key.left-shift"]
        case .commandA: ["key.left-control", "a"]
        case .commandC: ["key.left-control", "c"]
        case .commandX: ["key.left-control", "x"]
        case .commandV: ["key.left-control", "v"]
        }
    }

    /// The characters a US (ANSI) hardware keyboard types with Shift held, besides capitals.
    static let shiftedSymbols: Set<Character> = ["~", "!", "@", "#", "$", "%", "^", "&", "*", "(", ")", "_", "+", "{", "}", "|", ":", "\"", "<", ">", "?"]

    /// Whether a character of `keys` is typed with Shift on a US keyboard: a capital letter
    /// (one that lower-cases to another) or a shifted symbol.
    static func typedWithShift(_ character: Substring) -> Bool {
        guard character.count == 1, let first = character.first else { return false }
        return shiftedSymbols.contains(first) || (first.isUppercase && first.lowercased() != String(first))
    }
}
