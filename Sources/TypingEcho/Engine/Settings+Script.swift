extension Settings {
    /// A setting's value as a script writes it (`settings KEY=VALUE`, `--set KEY=VALUE`), or
    /// nil for a name that is not a setting.
    ///
    /// `set(key, to: scriptValue(for: key)!)` leaves the settings unchanged for every valid
    /// value, which is how a ``Session`` applies typed settings through the same checks as a
    /// script.
    public func scriptValue(for key: String) -> String? {
        switch key {
        case "locale": return locale
        case "typing": return typingMode.rawValue
        case "feedback": return typingFeedback.rawValue
        case "hardware-feedback": return hardwareFeedback.rawValue
        case "phonetics": return phonetics.rawValue
        case "phonetic-delay": return phoneticDelay.description
        case "capitals": return capitals.rawValue
        case "pitch-change": return pitchChange ? "on" : "off"
        case "hints": return hints ? "on" : "off"
        case "hint-delay": return hintDelay.description
        case "rate": return String(rate)
        case "secure-keys": return secureKeys.rawValue
        case "show-expected": return showExpected ? "on" : "off"
        case "cadence": return cadence.description
        case "key-cadence": return keyCadence.description
        case "reader": return reader.rawValue
        case "wording": return style.wording.rawValue
        case "focus-order": return style.focusOrder.rawValue
        case "focus-edits": return style.focusEdits ? "on" : "off"
        case "touch": return style.touch ? "on" : "off"
        case "tab-focus": return style.tabFocus.rawValue
        case "key-echo": return style.keyEcho ? "on" : "off"
        case "selection-notices": return style.selectionNotices ? "on" : "off"
        case "boundary-sound": return style.boundarySounds ? "on" : "off"
        case "toolkit": return style.toolkit.rawValue
        case "word-echo": return style.wordEcho.rawValue
        case "modifier-echo": return style.modifierEcho ? "on" : "off"
        case "echo-pitch": return String(style.echoPitch)
        case "delete-echo": return style.deleteEcho.rawValue
        case "delete-pitch": return String(style.deletePitch)
        case "selection-delete": return style.selectionDeleteSpoken ? "spoken" : "silent"
        case "character-move": return style.characterMove.rawValue
        case "word-move": return style.wordMove.rawValue
        case "cannot-move": return style.cannotMove.rawValue
        case "arrival": return style.arrivalWords ? "words" : "none"
        case "cursor-sound": return style.moveSound == nil ? "off" : "on"
        case "selection": return style.selection.rawValue
        case "capital-pitch": return String(Int(((style.capitalPitch - 1) * 100).rounded()))
        case "capital-beep": return style.capitalBeep ? "on" : "off"
        case "secure-echo": return style.secureEcho.rawValue
        case "secure-move": return style.secureMove.rawValue
        case "chord-echo": return style.chordEcho.rawValue
        case "home-end": return style.homeEnd.rawValue
        case "forward-delete": return style.forwardDelete.rawValue
        case "focus-description": return style.focusDescription ? "on" : "off"
        case "editing-hint": return style.editingHint.rawValue
        case "live-assertive": return style.liveAssertive.rawValue
        case "home-end-unit": return style.homeEndUnit.rawValue
        case "line-move": return style.lineMove.rawValue
        case "selection-arrow": return style.selectionArrow.rawValue
        case "repeat-limit": return String(style.repeatLimit)
        case "interrupt": return style.typingFollows ? "follows-typing" : "every-key"
        default: return braille.scriptValue(for: key)
        }
    }

    /// The `KEY=VALUE` pairs, in ``keys`` order, that turn these settings into `other`.
    func changes(to other: Settings) -> [(key: String, value: String)] {
        // The reader first: it resets the reader's keys to its defaults, and the rest is
        // compared with those.
        var base = self
        var pairs: [(key: String, value: String)] = []
        if other.reader != reader {
            base.apply(other.reader)
            pairs.append(("reader", other.reader.rawValue))
        }
        for key in Self.keys where key != "reader" {
            guard let new = other.scriptValue(for: key), new != base.scriptValue(for: key) else { continue }
            pairs.append((key, new))
        }
        return pairs
    }
}
