/// Composes what VoiceOver says when an element gains focus (SPEC §2.1).
///
/// Order: `Selected` prefix; label; value (a secure field's count comes after its role and
/// status instead); role and trait words; status (`is editing`, `dimmed`); for an editing
/// field the insertion point at either end. The hint is separate, spoken after the hint delay.
struct Announcer {
    let phrasebook: Phrasebook

    /// The focus announcement of an element.
    func announcement(for element: Element) -> String {
        guard let field = element.field else { return announcement(forPlain: element) }
        var parts = [element.label]
        let count = field.buffer.characterCount
        if !field.isSecure && count > 0 {
            parts.append(field.buffer.string)
        } else if count == 0, let placeholder = field.placeholder {
            parts.append(placeholder)
        }
        parts.append(phrasebook.string("role.\(field.kind.rawValue)"))
        if field.isEditing { parts.append(phrasebook.string("status.editing")) }
        if field.isDisabled { parts.append(phrasebook.string("status.dimmed")) }
        if field.isSecure && count > 0 { parts.append(phrasebook.count("characters", count)) }
        if field.isRequired { parts.append(phrasebook.string("status.required")) }
        if let error = field.error { parts.append(error) }
        if field.isEditing, count > 0, let end = insertionPointPhrase(field.buffer) { parts.append(end) }
        return join(parts)
    }

    /// "insertion point at start" / "…at end" when the insertion point is at either end.
    func insertionPointPhrase(_ buffer: TextBuffer) -> String? {
        if buffer.insertionPoint.utf16 == buffer.utf16Count { return phrasebook.string("insertion-point.end") }
        if buffer.insertionPoint.utf16 == 0 { return phrasebook.string("insertion-point.start") }
        return nil
    }

    /// The hint to speak after the delay, if any: the element's own, or "Double tap to edit."
    /// for a field that is not being edited.
    func hint(for element: Element) -> String? {
        if let hint = element.hint { return hint }
        if let field = element.field, !field.isEditing, !field.isDisabled { return phrasebook.string("hint.edit") }
        return nil
    }

    private func announcement(forPlain element: Element) -> String {
        var parts: [String] = []
        if element.traits.contains(.selected) { parts.append(phrasebook.string("status.selected")) }
        parts.append(element.label)
        if let value = element.value, !value.isEmpty { parts.append(value) }
        let roles: [(Traits, String)] = [
            (.button, "role.button"), (.link, "role.link"), (.toggle, "role.toggle"), (.image, "role.image"),
            (.header, "role.header"), (.adjustable, "role.adjustable"), (.tabBar, "role.tab"),
        ]
        for (trait, key) in roles where element.traits.contains(trait) { parts.append(phrasebook.string(key)) }
        if element.traits.contains(.notEnabled) { parts.append(phrasebook.string("status.dimmed")) }
        return join(parts)
    }

    private func join(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: phrasebook.listSeparator)
    }
}

/// How one character is said: its text and the pitch and sound that mark a capital.
struct SpokenCharacter: Sendable, Hashable {
    /// The words: "capital H", "period", "é".
    var text: String
    /// Pitch multiplier for `capitals=pitch`; 1.0 otherwise.
    var pitch: Double
    /// Whether a `capital` sound plays first (`capitals=sound`).
    var capitalSound: Bool
}

extension Phrasebook {
    /// How a character is said under a capital style: "capital M", a raised "M", or a sound.
    func spoken(_ character: Character, capitals: CapitalStyle) -> SpokenCharacter {
        let name = spokenName(of: character)
        guard CharacterProperties.isCapital(character), CharacterCategory(of: character.unicodeScalars.first!).isLetter else {
            return SpokenCharacter(text: name, pitch: 1.0, capitalSound: false)
        }
        switch capitals {
        case .say: return SpokenCharacter(text: "\(capitalWord) \(name)", pitch: 1.0, capitalSound: false)
        case .pitch: return SpokenCharacter(text: name, pitch: 1.3, capitalSound: false)
        case .sound: return SpokenCharacter(text: name, pitch: 1.0, capitalSound: true)
        case .none: return SpokenCharacter(text: name, pitch: 1.0, capitalSound: false)
        }
    }

    /// How a run of text passed by the insertion point is said: one character by its name,
    /// more by their words (whitespace alone by the name of its first character).
    func spokenUnit(_ text: String, capitals: CapitalStyle) -> SpokenCharacter {
        if text.count == 1, let character = text.first { return spoken(character, capitals: capitals) }
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty, let first = text.first { return spoken(first, capitals: capitals) }
        if trimmed.count == 1, let character = trimmed.first { return spoken(character, capitals: capitals) }
        return SpokenCharacter(text: trimmed, pitch: 1.0, capitalSound: false)
    }
}

/// Estimates how long an utterance takes to say.
enum SpeechTiming {
    /// About 16 characters a second at rate 1.0, plus a short pause at each comma.
    static func duration(of text: String, rate: Double) -> VirtualDuration {
        var scalars = 0, pauses = 0
        for scalar in text.unicodeScalars {
            scalars += 1
            if scalar == "," || scalar == "." || scalar == "،" || scalar == "۔" { pauses += 1 }
        }
        let milliseconds = (80.0 + 60.0 * Double(scalars) + 120.0 * Double(pauses)) / rate
        return VirtualDuration(milliseconds: Int64(milliseconds.rounded()))
    }
}
