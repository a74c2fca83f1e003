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
        case "cadence": return cadence.description
        case "key-cadence": return keyCadence.description
        default: return nil
        }
    }

    /// The `KEY=VALUE` pairs, in ``keys`` order, that turn these settings into `other`.
    func changes(to other: Settings) -> [(key: String, value: String)] {
        Self.keys.compactMap { key in
            let new = other.scriptValue(for: key)
            guard let new, new != scriptValue(for: key) else { return nil }
            return (key, new)
        }
    }
}
