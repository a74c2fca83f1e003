/// A rule of the accessibility checklist that `describe` applies to a screen.
public enum LintRule: String, Sendable, Hashable, CaseIterable {
    /// An element the app responds to that has no button, link, adjustable or toggle trait:
    /// VoiceOver never says it can be activated.
    case interactiveWithoutRole = "interactive-without-role"
    /// More than `Lint.traitLimit` traits on one element: the announcement becomes a list of roles.
    case tooManyTraits = "too-many-traits"
    /// Button and link on one element (with or without header): it cannot be both.
    case conflictingRoles = "conflicting-roles"
    /// Header on most of the screen's elements: headings stop being a way to skim.
    case headerOveruse = "header-overuse"
    /// A field whose only label is its placeholder, which disappears once text is typed.
    case placeholderAsLabel = "placeholder-as-label"
    /// A button with no label (an image-only button reads as nothing or a file name).
    case unlabelledButton = "unlabelled-button"
    /// A visible label read again as the field's own label: VoiceOver says it twice.
    case duplicatedLabel = "duplicated-label"
    /// `labels=` names no text field on the screen.
    case labelsNothing = "labels-nothing"
    /// The field being edited lies under the on-screen keyboard: the user cannot see what
    /// they type (a field should never be hidden by the keyboard).
    case coveredByKeyboard = "covered-by-keyboard"
    /// Reader-specific (`reader=talkback`): a secure field whose characters the reader speaks
    /// in its default configuration (TalkBack's "Speak passwords" is on by default), which the
    /// model never does.
    case speaksPasswords = "speaks-passwords"
    /// A text field with no label and no placeholder: it is announced by its role alone.
    case unnamedField = "unnamed-field"
    /// A field marked invalid with no error message: the reader says it is invalid, never why.
    case invalidWithoutMessage = "invalid-without-message"
    /// A password field whose autofill purpose is missing (on a screen whose other fields state
    /// theirs) or is not `current-password`, `new-password` or `one-time-code`: password
    /// managers cannot fill it.
    case passwordAutocomplete = "password-autocomplete"
    /// A label with an asterisk on a field not marked required: "required" is only seen, and
    /// the asterisk is read as "star" or not at all.
    case requiredOnlyVisual = "required-only-visual"
    /// Two text fields with one label: a reader's user cannot tell them apart.
    case duplicateLabels = "duplicate-labels"
}

/// What the per-element checks need to know about the rest of the screen.
struct ScreenFacts: Sendable {
    /// Whether some field states its autofill purpose (an imported web form).
    var usesAutocomplete = false
    /// The normalised labels that more than one visible text field has, each with the id of the
    /// first such field (the others are the findings).
    var duplicateFieldLabels: [String: String] = [:]
}

/// One problem found on a screen: the rule, the element (nil for the whole screen) and why.
public struct LintFinding: Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public var rule: LintRule
    /// The id of the element, or nil when the finding is about the whole screen.
    public var element: String?
    /// What is wrong and how to fix it.
    public var message: String

    /// `login: interactive-without-role: …`.
    public var description: String { "\(element ?? "screen"): \(rule.rawValue): \(message)" }
}

/// Checks a screen of elements against the checklist (`LintRule`). Messages quote labels and
/// ids, never a field's text.
public enum Lint {
    /// The most traits an element should carry; more is a `too-many-traits` finding.
    public static let traitLimit = 4

    /// The findings for a screen in reading order: per element, then the screen as a whole.
    /// - Complexity: O(n) in the elements.
    public static func findings(for elements: [Element]) -> [LintFinding] {
        let context = Context(elements)
        var findings: [LintFinding] = []
        for element in elements {
            for (rule, message) in check(element, fields: context.fieldLabels, facts: context.facts) {
                findings.append(LintFinding(rule: rule, element: element.id, message: message))
            }
        }
        return findings + context.screenFindings
    }

    /// The findings for a session's screen as it is now: those of `findings(for:)` on its
    /// elements, plus a `covered-by-keyboard` finding when the field being edited has a frame
    /// that overlaps the keyboard's, and a `speaks-passwords` finding for each secure field when
    /// the reader speaks passwords by default (these after the elements' own, before the
    /// screen's).
    /// - Complexity: O(n) in the elements.
    public static func findings(for screen: ScreenSnapshot) -> [LintFinding] {
        let context = Context(screen)
        var findings: [LintFinding] = []
        var session: [LintFinding] = []
        for (position, element) in screen.elements.enumerated() {
            for (rule, message) in check(element, fields: context.fieldLabels, facts: context.facts) {
                findings.append(LintFinding(rule: rule, element: element.id, message: message))
            }
            session += context.sessionFindings(for: element, at: position)
        }
        // The keyboard's finding came first, then the readers', in reading order.
        let covered = session.filter { $0.rule == .coveredByKeyboard }
        return findings + covered + session.filter { $0.rule != .coveredByKeyboard } + context.screenFindings
    }

    /// What checking one element at a time needs from the whole screen, made in one pass over
    /// it: the labels of the text fields by id, the findings about the screen as a whole, and
    /// (for a session) the field being edited under the keyboard and the reader's password
    /// default. It holds no copy of the elements, so that a million of them are checked in the
    /// memory of their labels.
    struct Context: Sendable {
        /// The label of the first text field with each id, as a scan in reading order finds it.
        let fieldLabels: [String: String]
        /// Findings about the screen as a whole.
        let screenFindings: [LintFinding]
        /// The id of the field being edited when its frame lies under the keyboard (ids are
        /// unique on a screen), with the finding's message.
        let covered: (id: String, message: String)?
        /// The reader's name when it speaks passwords by default.
        let speaksPasswords: String?
        /// Autofill in use, duplicate field labels.
        let facts: ScreenFacts

        /// - Complexity: O(n) in the elements.
        init(_ elements: [Element], covered: (id: String, message: String)? = nil, speaksPasswords: String? = nil) {
            var fieldLabels: [String: String] = [:]
            var visible = 0
            var headers = 0
            var facts = ScreenFacts()
            var firstWithLabel: [String: String] = [:]
            for element in elements {
                if element.field != nil && fieldLabels[element.id] == nil { fieldLabels[element.id] = element.label }
                guard !element.isHidden else { continue }
                if let field = element.field {
                    if field.autocomplete != nil { facts.usesAutocomplete = true }
                    let label = normalised(element.label)
                    if !label.isEmpty {
                        if let first = firstWithLabel[label] { facts.duplicateFieldLabels[label] = first } else { firstWithLabel[label] = element.id }
                    }
                }
                visible += 1
                if element.traits.contains(.header) { headers += 1 }
            }
            self.fieldLabels = fieldLabels
            if visible >= 3, headers * 2 > visible {
                screenFindings = [LintFinding(rule: .headerOveruse, element: nil,
                                              message: "\(headers) of \(visible) elements are headings; mark only section titles as header")]
            } else {
                screenFindings = []
            }
            self.covered = covered
            self.speaksPasswords = speaksPasswords
            self.facts = facts
        }

        /// The context of a session's screen as it is now.
        /// - Complexity: O(n) in the elements.
        init(_ screen: ScreenSnapshot) {
            var covered: (id: String, message: String)?
            if let edited = screen.editedElement, let frame = edited.frame, !edited.isHidden, let keyboard = screen.keyboardFrame,
               frame.intersects(keyboard) {
                covered = (edited.id, "it is being edited but its frame \(frame) lies under the keyboard (\(keyboard)); scroll it above the keyboard")
            }
            let reader = screen.settings.style.speaksPasswordsByDefault ? screen.settings.reader.displayName : nil
            self.init(screen.elements, covered: covered, speaksPasswords: reader)
        }

        /// The findings about `element` (at `position` on the screen) in reading order: its own,
        /// then the session's about it.
        func findings(for element: Element, at position: Int) -> [LintFinding] {
            var findings = check(element, fields: fieldLabels, facts: facts).map { LintFinding(rule: $0.0, element: element.id, message: $0.1) }
            findings += sessionFindings(for: element, at: position)
            return findings
        }

        /// The session's findings about `element`: under the keyboard, passwords spoken.
        func sessionFindings(for element: Element, at position: Int) -> [LintFinding] {
            var findings: [LintFinding] = []
            if let covered, covered.id == element.id {
                findings.append(LintFinding(rule: .coveredByKeyboard, element: element.id, message: covered.message))
            }
            if let reader = speaksPasswords, element.field?.isSecure == true, !element.isHidden {
                findings.append(LintFinding(rule: .speaksPasswords, element: element.id,
                                            message: "\(reader) speaks passwords by default (\"Speak passwords\" on): a \(reader) user with the default setting hears every character typed into this field; the model speaks it as with the setting off"))
            }
            return findings
        }
    }

    /// The findings for one element, which may refer to the others (labels).
    static func check(_ element: Element, fields: [String: String], facts: ScreenFacts = ScreenFacts()) -> [(LintRule, String)] {
        var found: [(LintRule, String)] = []
        let traits = element.traits
        if let target = element.labelFor {
            if let fieldLabel = fields[target] {
                if !element.isHidden, normalised(element.label) == normalised(fieldLabel) {
                    found.append((.duplicatedLabel, "the visible label '\(element.label)' is read again as the label of field '\(target)'; hide it (hidden) and let labels= merge its frame into the field's"))
                }
            } else {
                found.append((.labelsNothing, "labels=\(target) names no text field on this screen"))
            }
        }
        guard !element.isHidden else { return found }
        if element.isInteractive, element.field == nil, traits.isDisjoint(with: [.button, .link, .adjustable, .toggle]) {
            found.append((.interactiveWithoutRole, "it responds to taps but has no button, link or adjustable trait; VoiceOver never says it can be activated"))
        }
        let count = traits.rawValue.nonzeroBitCount
        if count > traitLimit {
            found.append((.tooManyTraits, "\(count) traits (\(traits.names.joined(separator: ","))); keep to \(traitLimit) or fewer"))
        }
        if traits.isSuperset(of: [.button, .link]) {
            let header = traits.contains(.header) ? ", link and header" : " and link"
            found.append((.conflictingRoles, "button\(header) together; choose the one role that says what activating it does"))
        }
        if let field = element.field, let placeholder = field.placeholder,
           element.label.isEmpty || normalised(element.label) == normalised(placeholder) {
            found.append((.placeholderAsLabel, "its only label is the placeholder '\(placeholder)', which disappears once text is typed; give it a label"))
        }
        if let field = element.field {
            found += fieldChecks(field, id: element.id, label: element.label, facts: facts)
        }
        if traits.contains(.button), element.label.isEmpty {
            let what = traits.contains(.image) ? "an image-only button" : "a button"
            found.append((.unlabelledButton, "\(what) without a label; VoiceOver reads it as just \"button\" (or the image's file name)"))
        }
        return found
    }

    /// The checks of a visible text field for what real (imported) screens get wrong.
    static func fieldChecks(_ field: TextField, id: String, label: String, facts: ScreenFacts) -> [(LintRule, String)] {
        var found: [(LintRule, String)] = []
        if label.isEmpty, field.placeholder == nil {
            found.append((.unnamedField, "a \(field.kind.rawValue) field with no label and no placeholder is announced by its role alone; give it a label"))
        }
        if field.isInvalid, field.error == nil {
            found.append((.invalidWithoutMessage, "it is marked invalid but no error message is associated with it (aria-errormessage or aria-describedby); the user hears that it is wrong, not why"))
        }
        if field.isSecure {
            let purposes = ["current-password", "new-password", "one-time-code"]
            if let purpose = field.autocomplete {
                let tokens = purpose.lowercased().split(separator: " ").map(String.init)
                if !tokens.contains(where: purposes.contains) {
                    found.append((.passwordAutocomplete, "a password field with autocomplete=\(purpose); use current-password to sign in, new-password to sign up, one-time-code for a code"))
                }
            } else if facts.usesAutocomplete {
                found.append((.passwordAutocomplete, "a password field with no autocomplete while other fields state theirs; use current-password to sign in, new-password to sign up"))
            }
        }
        if !field.isRequired, label.contains("*") {
            found.append((.requiredOnlyVisual, "the label '\(label)' marks it required with an asterisk only; mark the field required so that \"required\" is announced"))
        }
        let normalisedLabel = normalised(label)
        if !normalisedLabel.isEmpty, let first = facts.duplicateFieldLabels[normalisedLabel], first != id {
            found.append((.duplicateLabels, "field '\(first)' has the label '\(label)' too; give each a label that tells them apart"))
        }
        return found
    }

    /// Lower-cased, with surrounding spaces and a trailing colon removed: "Username:" ~ "username".
    static func normalised(_ label: String) -> String {
        var text = Substring(label.lowercased())
        while let last = text.last, last == ":" || last == " " { text.removeLast() }
        while let first = text.first, first == " " { text.removeFirst() }
        return String(text)
    }
}
