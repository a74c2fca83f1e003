/// One part of a focus announcement, in the order parts are spoken.
public enum AnnouncementPart: String, Sendable, Hashable, CaseIterable {
    /// "Selected", for an element with the selected trait.
    case selected
    /// The accessibility label.
    case label
    /// The value: a field's text, or its placeholder while it is empty; an element's value.
    case value
    /// A field's validation error, right after its value.
    case error
    /// Role and trait words: "text field", "button", "heading", "adjustable".
    case traits
    /// Status: "is editing", "dimmed", "required".
    case status
    /// A secure field's value, which is only its count: "6 characters".
    case count
    /// Where the insertion point of an edited field is: "insertion point at end".
    case insertionPoint
    /// The accessible description, for the readers that say it with the element (NVDA, Orca,
    /// ChromeVox); VoiceOver and TalkBack say it with the hint, after the hint delay.
    case description
}

/// Composes what the screen reader says when an element gains focus.
///
/// VoiceOver's order (`focus-order=label-value-role-state`): `Selected` prefix; label; value
/// (the placeholder for an empty field); the error of a field; role and trait words (in
/// `traitWords` order); status (`is editing`, `dimmed`, `required`); for a secure field its
/// value as a count, then its error; for an editing field the insertion point at either end.
/// The other readers order a text field's parts as their `focus-order` says, in their own
/// words (the phrasebook's wording). The hint is separate, spoken after the hint delay.
struct Announcer: Sendable {
    let phrasebook: Phrasebook
    /// The reader's conventions (the focus order).
    var style = EchoStyle.voiceOver

    /// Trait words in the order they are said; `button` is not said with `toggle` ("switch button").
    static let traitWords: [(trait: Traits, key: String)] = [
        (.searchField, "role.search"), (.button, "role.button"), (.toggle, "role.toggle"), (.link, "role.link"),
        (.tabBar, "role.tab"), (.image, "role.image"), (.header, "role.header"), (.adjustable, "role.adjustable"),
    ]

    /// The feedback when an element gains focus: its announcement (cutting what is being
    /// said, or waiting its turn), then its hint after the hint delay if hints are on.
    func feedback(focusing element: Element, interrupts: Bool, settings: Settings) -> Feedback {
        var feedback = Feedback()
        // Each utterance: the first takes the announcement's turn, the rest queue.
        for (index, utterance) in utterances(focusing: element).enumerated() {
            feedback.say(utterance.text, role: .element, turn: index == 0 && interrupts ? .interrupts : .queues, fallback: utterance.fallback)
        }
        if settings.hints, let hint = hint(for: element) {
            // A description said as the hint is VoiceOver's convention (WebKit's accessibilityHint);
            // for another reader that says it so (TalkBack) no source gives where it is said.
            let describedAsHint = !saysDescription && phrasebook.wording != .voiceover && element.accessibilityDescription != nil
            feedback.sayLater(hint, role: .hint, after: settings.hintDelay,
                              fallback: describedAsHint || (element.hint == nil && hintIsFallback(element)))
        }
        return feedback
    }

    /// What focusing an element says, utterance by utterance, each with whether its words are
    /// VoiceOver's for want of the reader's own: one announcement in most orders; the parts
    /// apart for `separate` and `name-value-role-separate`; Orca's name and role, then the line,
    /// states and description for `name-role-then-value`. `describe --reader` and
    /// `Session.announcement(for:as:)` show the same.
    func utterances(focusing element: Element) -> [(text: String, fallback: Bool)] {
        if style.focusOrder == .nameRoleThenValue, let field = element.field {
            return nameRoleThenValue(field, label: element.label, description: element.accessibilityDescription ?? element.hint).map { ($0, false) }
        }
        if style.focusOrder == .nameRoleThenValue {
            // Any other element: its name and role words as one utterance ("Back push button").
            let parts = voiceOverParts(for: element, prefix: [])
            return [(parts.map(\.text).joined(separator: " "), false)]
        }
        if (style.focusOrder == .separate || style.focusOrder == .nameValueRoleSeparate) && element.field != nil {
            return parts(for: element).map { ($0.text, isFallback($0.part, $0.text, of: element)) }
        }
        return [(announcement(for: element), isFallback(element))]
    }

    /// Whether some word of an element's announcement is VoiceOver's for want of the reader's own.
    func isFallback(_ element: Element) -> Bool {
        parts(for: element).contains { isFallback($0.part, $0.text, of: element) }
    }

    /// Whether one part's words are VoiceOver's for want of the reader's own: a role, state or
    /// status word, the error template, the count or the insertion point the reader's files lack.
    /// A label, a value or an error's own text is the app's, never a fallback.
    func isFallback(_ part: AnnouncementPart, _ text: String, of element: Element) -> Bool {
        guard phrasebook.wording != .voiceover else { return false }
        let keys: [String]
        switch part {
        case .label: return false
        case .selected: keys = ["status.selected"]
        case .traits:
            // A heading with a level says it in the words of `role.header.level`.
            if element.field == nil, element.traits.contains(.header), element.headingLevel != nil, phrasebook.isFallback("role.header.level") { return true }
            keys = element.field.map { ["role.\($0.kind.rawValue)"] } ?? Self.traitWords.map(\.key)
        case .status:
            keys = ["status.editing", "status.dimmed", "status.required", "status.read-only", "status.marked-invalid"]
                + (element.field.map { ["state.\($0.kind.rawValue)"] } ?? [])
        case .error: return phrasebook.isFallback("focus.error") && phrasebook.string("focus.error") != "{0}"
        case .count: return phrasebook.isFallback("characters")
        case .insertionPoint: keys = ["insertion-point.start", "insertion-point.end"]
        case .value: keys = ["focus.empty"]
        case .description: return false
        }
        return keys.contains { key in
            let word = phrasebook.string(key)
            return !word.isEmpty && (part == .traits && element.field == nil ? text.contains(word) : text == word) && phrasebook.isFallback(key)
        }
    }

    /// Whether the hint a field or adjustable element gets from the reader is VoiceOver's.
    func hintIsFallback(_ element: Element) -> Bool {
        guard phrasebook.wording != .voiceover, element.hint == nil else { return false }
        if let field = element.field {
            return field.isEditing ? style.editingHint == .misspelledWords && phrasebook.isFallback("hint.misspelled-words")
                : phrasebook.isFallback("hint.edit")
        }
        return element.traits.contains(.adjustable) && phrasebook.isFallback("hint.adjustable")
    }

    /// The focus announcement of an element.
    func announcement(for element: Element) -> String {
        let parts = parts(for: element)
        var texts: [String] = []
        texts.reserveCapacity(parts.count)
        for part in parts { texts.append(part.text) }
        return join(texts)
    }

    /// The announcement's parts in the order they are spoken; empty texts are left out.
    func parts(for element: Element) -> [(part: AnnouncementPart, text: String)] {
        var parts: [(part: AnnouncementPart, text: String)] = []
        func add(_ part: AnnouncementPart, _ text: String) { if !text.isEmpty { parts.append((part, text)) } }
        if element.traits.contains(.selected) { add(.selected, phrasebook.string("status.selected")) }
        guard let field = element.field, style.focusOrder != .labelValueRoleState else {
            return voiceOverParts(for: element, prefix: parts)
        }
        return parts + fieldParts(field, label: element.label, description: element.accessibilityDescription, hint: element.hint)
    }

    /// Whether this reader says a description with the element (NVDA's properties, Orca, ChromeVox's
    /// output rules) rather than with the hint (VoiceOver's and TalkBack's accessibility hint).
    private var saysDescription: Bool { style.wording == .nvda || style.wording == .orca || style.wording == .chromevox }

    /// "read-only" and "invalid data" (each reader's words), when the field is so.
    private func addReadOnlyAndInvalid(_ field: TextField, _ add: (AnnouncementPart, String) -> Void) {
        if field.isReadOnly { add(.status, phrasebook.string("status.read-only")) }
        if field.isInvalid { add(.status, phrasebook.string("status.marked-invalid")) }
    }

    /// The parts in VoiceOver's order (every element's for VoiceOver, and every element's but
    /// a text field's for the other readers).
    private func voiceOverParts(for element: Element, prefix: [(part: AnnouncementPart, text: String)]) -> [(part: AnnouncementPart, text: String)] {
        var parts = prefix
        // Room for a field's parts at once (grown one by one, a button's two took two allocations).
        parts.reserveCapacity(prefix.count + 6)
        func add(_ part: AnnouncementPart, _ text: String) { if !text.isEmpty { parts.append((part, text)) } }
        add(.label, element.label)
        guard let field = element.field else {
            if let value = element.value { add(.value, value) }
            add(.traits, traitWords(element.traits, level: element.headingLevel))
            if saysDescription, let description = element.accessibilityDescription { add(.description, description) }
            if element.traits.contains(.notEnabled) { add(.status, phrasebook.string("status.dimmed")) }
            return parts
        }
        let count = field.buffer.characterCount
        if !field.isSecure && count > 0 {
            add(.value, field.buffer.string)
        } else if count == 0, let placeholder = field.placeholder {
            add(.value, placeholder)
        }
        if !field.isSecure || count == 0, let error = field.error { add(.error, error) }
        add(.traits, phrasebook.string("role.\(field.kind.rawValue)"))
        if saysDescription, let description = element.accessibilityDescription { add(.description, description) }
        if field.isEditing { add(.status, phrasebook.string("status.editing")) }
        if field.isDisabled { add(.status, phrasebook.string("status.dimmed")) }
        if field.isRequired { add(.status, phrasebook.string("status.required")) }
        addReadOnlyAndInvalid(field, add)
        if field.isSecure && count > 0 {
            add(.count, phrasebook.count("characters", count))
            if let error = field.error { add(.error, error) }
        }
        // Keyboard focus on the desktop is editing from the start: no insertion point is told.
        if field.isEditing, count > 0, !style.focusEdits, let end = insertionPointPhrase(field.buffer) { add(.insertionPoint, end) }
        return parts
    }

    /// A field's parts after its label in the orders of the other readers: TalkBack's states,
    /// name (its text, else the placeholder it shows, else its label), role, then its error and
    /// a placeholder it no longer shows; NVDA's name, role, states, description, then the line
    /// (its text, else the placeholder, else the word for an empty line); ChromeVox's name,
    /// value, role; Orca's name, role, value, states.
    ///
    /// The description said is the element's `description=` for the readers that say one with the
    /// element (NVDA, Orca, ChromeVox), and its `hint=` too where `focus-description` is on.
    private func fieldParts(_ field: TextField, label: String, description: String?, hint: String?) -> [(part: AnnouncementPart, text: String)] {
        var parts: [(part: AnnouncementPart, text: String)] = []
        func add(_ part: AnnouncementPart, _ text: String) { if !text.isEmpty { parts.append((part, text)) } }
        let count = field.buffer.characterCount
        let value = !field.isSecure && count > 0 ? field.buffer.string : count == 0 ? field.placeholder ?? "" : ""
        let role = phrasebook.string("role.\(field.kind.rawValue)")
        func states() {
            if field.isEditing { add(.status, phrasebook.string("status.editing")) }
            if field.isDisabled { add(.status, phrasebook.string("status.dimmed")) }
            if field.isRequired { add(.status, phrasebook.string("status.required")) }
            addReadOnlyAndInvalid(field, add)
        }
        func error() {
            if let error = field.error { add(.error, phrasebook.string("focus.error").replacingPlaceholder(with: error)) }
        }
        let described = (style.focusDescription ? description ?? hint : saysDescription ? description : nil) ?? ""
        switch style.focusOrder {
        case .stateNameRole:
            states()
            // A field's text names it; an empty one is named by the placeholder it shows; a
            // secure one by its label.
            var shown = label
            if !field.isSecure && count > 0 { shown = field.buffer.string }
            if !field.isSecure && count == 0, let placeholder = field.placeholder, !placeholder.isEmpty { shown = placeholder }
            add(.label, shown)
            if field.isSecure && count > 0 { add(.count, phrasebook.count("characters", count)) }
            add(.traits, role)
            error()
            // A placeholder is the text of an empty field; once there is text it is said last.
            if count > 0, let placeholder = field.placeholder { add(.value, placeholder) }
        case .nameRoleValueState:
            add(.label, label)
            add(.traits, role)
            // NVDA says the states sorted by their controlTypes.State bit (processAndLabelStates):
            // unavailable, read only, protected, required, invalid entry, multi line.
            let kindState = phrasebook.string("state.\(field.kind.rawValue)")
            if field.isEditing { add(.status, phrasebook.string("status.editing")) }
            if field.isDisabled { add(.status, phrasebook.string("status.dimmed")) }
            if field.isReadOnly { add(.status, phrasebook.string("status.read-only")) }
            if field.kind != .area { add(.status, kindState) }
            if field.isRequired { add(.status, phrasebook.string("status.required")) }
            if field.isInvalid { add(.status, phrasebook.string("status.marked-invalid")) }
            if field.kind == .area { add(.status, kindState) }
            add(.value, described)
            error()
            if field.isSecure && count > 0 { add(.count, phrasebook.count("characters", count)) }
            add(.value, value.isEmpty && (!field.isSecure || count == 0) ? phrasebook.string("focus.empty") : value)
        case .nameValueRoleSeparate:
            add(.label, label)
            add(.value, value)
            if field.isSecure && count > 0 { add(.count, phrasebook.count("characters", count)) }
            add(.traits, role)
            add(.value, described)
            states()
            error()
        case .separate, .nameRoleThenValue, .labelValueRoleState:
            add(.label, label)
            add(.traits, role)
            add(.value, value)
            if field.isSecure && count > 0 { add(.count, phrasebook.count("characters", count)) }
            states()
            add(.value, described)
            error()
        }
        return parts
    }

    /// A field's announcement as Orca 43 speaks it (`focus-order=name-role-then-value`): the
    /// name and the toolkit's role word as one utterance ("Username text"), then the line of
    /// text at the insertion point. In Chromium the first utterance also holds the text (or the
    /// placeholder) and the states ("Phone entry required"), and "Focus mode" follows, as Orca
    /// says when a web field takes keyboard focus. A secure field says its role, and with
    /// `secure-echo=mask` the masks its toolkit gives after it, grouped as `repeat-limit` says
    /// ("Password password text 6 bullet characters"): words that depend on the count alone.
    ///
    /// The field's `description=` (else its `hint=`, what a web page's `aria-describedby` becomes)
    /// is Orca's description: said after the first utterance and the error. A read-only field
    /// says "read only" before its role word. An invalid field says "invalid entry:" and its
    /// error message, then the message again as the description that points at it (the web
    /// form the rig records names its error by both `aria-errormessage` and `aria-describedby`);
    /// one marked invalid with no message says "invalid entry".
    func nameRoleThenValue(_ field: TextField, label: String, description: String?) -> [String] {
        let roleKey = "role.\(field.kind.rawValue)"
        let role = phrasebook.string(roleKey, toolkit: style.toolkit, else: roleKey)
        // Orca's entry: the name, "read only" before the role word, the role (speech_generator.py
        // `_generate_entry`).
        var first = [label, field.isReadOnly ? phrasebook.string("status.read-only") : "", role]
        var rest: [String] = []
        let count = field.buffer.characterCount
        let line = field.isSecure || count == 0 ? "" : Self.line(of: field.buffer)
        // A password's line is the masks the toolkit gives, with the role (`secure-echo=mask`).
        if field.isSecure && style.secureEcho == .mask {
            first.append(phrasebook.run(of: phrasebook.maskName(in: style.toolkit), count: style.toolkit.masksInLine(ofCount: count), limit: style.repeatLimit))
        }
        switch style.toolkit {
        case .gtk:
            if !line.isEmpty { rest.append(line) }
        case .chromium:
            if !line.isEmpty { first.append(line) } else if count == 0, let placeholder = field.placeholder { first.append(placeholder) }
            if count > 0, field.buffer.selection?.lowerBound.utf16 == 0, field.buffer.selection?.upperBound.utf16 == field.buffer.utf16Count {
                first.append(phrasebook.string("selection.selected"))
            }
        }
        // The states, the error and the description: heard in Chromium; GTK's are taken to be
        // the same (Orca's speech generator is the toolkit's for both; no GTK recording has them).
        if field.isRequired { first.append(phrasebook.string("status.required")) }
        // After a pause, "invalid entry", with the error message when there is one
        // (generator.py `_generate_state_invalid`).
        if let error = field.error {
            rest.append(phrasebook.string("status.invalid") + ": " + error)
            rest.append(error)
        } else if field.isInvalid {
            rest.append(phrasebook.string("status.invalid"))
        }
        if let description, !description.isEmpty { rest.append(description) }
        if style.toolkit == .chromium { rest.append(phrasebook.string("mode.focus")) }
        return [first.filter { !$0.isEmpty }.joined(separator: " ")] + rest
    }

    /// The line of a field's text that holds the insertion point, without its line breaks.
    /// - Complexity: O(n) in the text.
    static func line(of buffer: TextBuffer) -> String {
        let text = buffer.string
        let here = String.Index(utf16Offset: buffer.insertionPoint.utf16, in: text)
        let start = text[..<here].lastIndex(where: \.isNewline).map { text.index(after: $0) } ?? text.startIndex
        let end = text[here...].firstIndex(where: \.isNewline) ?? text.endIndex
        return String(text[start..<end])
    }

    /// The role and trait words of a non-field element, joined: "button, heading".
    private func traitWords(_ traits: Traits, level: Int? = nil) -> String {
        Self.joinedTraitWords(traits, separator: phrasebook.listSeparator) { trait, key in
            // A heading with a level says it with its role: "heading level 2".
            trait == .header && level != nil ? phrasebook.numbered("role.header.level", level!) : phrasebook.string(key)
        }
    }

    /// The words of `traits` in ``traitWords``' order (a toggle's button word left out), each
    /// given by `word` from the trait and its phrasebook key, the empty ones dropped, joined
    /// by `separator`: for speech and for a display's role names alike.
    static func joinedTraitWords(_ traits: Traits, separator: @autoclosure () -> String, word: (Traits, String) -> String) -> String {
        // As `join` of the words, without the two arrays a filter and a map made per element
        // (and the separator looked up only for a second word).
        var text = ""
        for (trait, key) in traitWords where traits.contains(trait) && !(trait == .button && traits.contains(.toggle)) {
            let word = word(trait, key)
            if word.isEmpty { continue }
            if !text.isEmpty { text += separator() }
            text += word
        }
        return text
    }

    /// "insertion point at start" / "…at end" when the insertion point is at either end.
    func insertionPointPhrase(_ buffer: TextBuffer) -> String? {
        if buffer.insertionPoint.utf16 == buffer.utf16Count { return phrasebook.string("insertion-point.end") }
        if buffer.insertionPoint.utf16 == 0 { return phrasebook.string("insertion-point.start") }
        return nil
    }

    /// The hint to speak after the delay, if any: the element's own, or "Double tap to edit."
    /// for a field that is not being edited; an adjustable element adds how to adjust it.
    func hint(for element: Element) -> String? {
        var hints: [String] = []
        // VoiceOver and TalkBack hear a description as the platform's hint: before the hint itself.
        if !saysDescription, let description = element.accessibilityDescription { hints.append(description) }
        if let hint = element.hint {
            // A description said on focus is not said again as a hint.
            if !(style.focusDescription && element.field != nil) { hints.append(hint) }
        } else if let field = element.field, !field.isDisabled, !field.isReadOnly {
            if !field.isEditing {
                hints.append(phrasebook.string("hint.edit"))
                if field.kind == .area && style.editingHint == .misspelledWords { hints.append(phrasebook.string("hint.misspelled-words")) }
            } else if style.editingHint == .misspelledWords {
                hints.append(phrasebook.string("hint.misspelled-words"))
            }
        }
        if element.field == nil, element.traits.contains(.adjustable), !element.traits.contains(.notEnabled) {
            hints.append(phrasebook.string("hint.adjustable"))
        }
        return hints.isEmpty ? nil : hints.joined(separator: " ")
    }

    /// The texts that are not empty, with the list separator between them. A plain loop: every
    /// focus change comes here, and in a debug build `filter` and `joined` cost most of it.
    private func join(_ parts: [String]) -> String {
        let separator = phrasebook.listSeparator
        var text = ""
        for part in parts where !part.isEmpty {
            if !text.isEmpty { text += separator }
            text += part
        }
        return text
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
    /// Whether it is a capital letter (whatever the capital style says of it).
    var isCapital = false
}

extension Phrasebook {
    /// How a character is said under a capital style: "capital M", a raised "M", or a sound.
    func spoken(_ character: Character, capitals: CapitalStyle, capitalPitch: Double = 1.3) -> SpokenCharacter {
        let name: String
        let capitalName: String?
        if let letter = unnamedASCIIAlphanumeric(character) {
            // What `spokenName(of:)` gives an ASCII letter or digit the names table leaves out.
            name = String(character)
            capitalName = (0x41...0x5A).contains(letter) ? "\(capitalWord) \(name)" : nil
        } else {
            name = spokenName(of: character)
            let isCapital = CharacterProperties.isCapital(character) && CharacterCategory(of: character.unicodeScalars.first!).isLetter
            capitalName = isCapital ? "\(capitalWord) \(name)" : nil
        }
        guard let capitalName else {
            return SpokenCharacter(text: name, pitch: 1.0, capitalSound: false)
        }
        switch capitals {
        case .say: return SpokenCharacter(text: capitalName, pitch: 1.0, capitalSound: false, isCapital: true)
        case .pitch: return SpokenCharacter(text: name, pitch: capitalPitch, capitalSound: false, isCapital: true)
        case .sound: return SpokenCharacter(text: name, pitch: 1.0, capitalSound: true, isCapital: true)
        case .none: return SpokenCharacter(text: name, pitch: 1.0, capitalSound: false, isCapital: true)
        }
    }

    /// The scalar of a character that is one ASCII letter or digit with no entry in the names
    /// table, else nil. - Complexity: O(1).
    private func unnamedASCIIAlphanumeric(_ character: Character) -> UInt32? {
        guard let ascii = character.asciiValue else { return nil }
        let value = UInt32(ascii)
        guard (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) else { return nil }
        let named = value < 64 ? namedASCII.low & (1 << value) : namedASCII.high & (1 << (value - 64))
        return named == 0 ? value : nil
    }

    /// How a run of text passed by the insertion point is said: one character by its name,
    /// more by their words (whitespace alone by the name of its first character).
    func spokenUnit(_ text: String, capitals: CapitalStyle, capitalPitch: Double = 1.3) -> SpokenCharacter {
        if text.count == 1, let character = text.first { return spoken(character, capitals: capitals, capitalPitch: capitalPitch) }
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty, let first = text.first { return spoken(first, capitals: capitals, capitalPitch: capitalPitch) }
        if trimmed.count == 1, let character = trimmed.first { return spoken(character, capitals: capitals, capitalPitch: capitalPitch) }
        return SpokenCharacter(text: trimmed, pitch: 1.0, capitalSound: false)
    }
}
