/// The words a display adds around an element's text, in the reader's wording
/// (`braille.*` keys of `Localization/reader-<reader>-<language>.txt`).
struct BrailleWords: Sendable {
    /// The end-of-line marker after a field's line (Orca's "$l").
    var endOfLine: String
    /// The word for a field marked invalid ("invalid").
    var invalid: String
    /// The word for a required field ("required").
    var required: String
    /// The word for a read-only field ("rdonly").
    var readOnly: String
    /// Whether an invalid field's error message follows its invalid word (Orca: in a web page,
    /// `aria-errormessage`; a GTK entry exposes none).
    var errorMessageShown: Bool
    /// Where the role words come from.
    private let phrasebook: Phrasebook

    /// The words of `phrasebook`, for an app of `toolkit`.
    init(_ phrasebook: Phrasebook, toolkit: Toolkit) {
        self.phrasebook = phrasebook
        endOfLine = phrasebook.string("braille.end-of-line")
        invalid = phrasebook.string("braille.invalid")
        required = phrasebook.string("braille.required")
        readOnly = phrasebook.string("braille.read-only")
        errorMessageShown = toolkit == .chromium
    }

    /// The role and trait words of an element that is not a field, in the reader's spoken
    /// wording ("push button"), for ``BrailleLayout/endMarker``; a heading with a level is
    /// `braille.heading-level` ("h2", Orca's ROLE_HEADING_LEVEL_BRAILLE).
    func roleNames(_ traits: Traits, level: Int?) -> String {
        Announcer.joinedTraitWords(traits, separator: " ") { trait, key in
            trait == .header && level != nil ? phrasebook.string("braille.heading-level").replacingPlaceholder(with: String(level!)) : phrasebook.string(key)
        }
    }
}

/// What the display shows of an element besides a field's line: the text before it, the text
/// after its trailing cell, and whether the cursor stands on the first cell of an element that
/// is not a field. None of it depends on a secure field's text.
struct BrailleFrame: Sendable, Hashable {
    /// Before the line (a field), or all of it (any other element): label, states, role words.
    var prefix: String
    /// After a field's trailing cell: the end marker and the states after it; "" for none.
    var suffix = ""
    /// Whether the cursor is shown on the first cell of an element that is not a field (Orca's
    /// `Component` region has its cursor at offset 0).
    var cursorOnFirstCell = false

    /// The frame of `element` under `layout`.
    /// - Complexity: O(`BrailleRoles.longestText`), whatever the label's and error's lengths.
    init(of element: Element, layout: BrailleLayout, showsError: Bool, words: BrailleWords) {
        let label = BrailleRoles.shortened(element.label)
        let field = element.field
        let invalid = showsError && field?.isInvalid == true
        let message = invalid ? field?.error.map(BrailleRoles.shortened) : nil
        switch (layout, field) {
        case (.roles, .some):
            // NVDA's getPropertiesBraille: name, states, role, then the error message.
            prefix = [label, invalid ? words.invalid : "", BrailleRoles.abbreviation(of: element), message ?? ""]
                .filter { !$0.isEmpty }.joined(separator: " ")
        case (.roles, nil):
            prefix = BrailleRoles.prefix(of: element)
        case (.endMarker, let field?):
            // Orca's BRAILLE_TEXT: Text(label or placeholder, eol), then invalid, required, read-only.
            prefix = label.isEmpty ? BrailleRoles.shortened(field.placeholder ?? "") : label
            var parts = [words.endOfLine]
            if invalid { parts.append(words.errorMessageShown && message != nil ? "\(words.invalid): \(message!)" : words.invalid) }
            if field.isRequired { parts.append(words.required) }
            if field.isReadOnly { parts.append(words.readOnly) }
            suffix = parts.filter { !$0.isEmpty }.joined(separator: " ")
        case (.endMarker, nil):
            // Orca's default Component: label, displayed text, value, role name.
            prefix = [label, element.value.map(BrailleRoles.shortened) ?? "", words.roleNames(element.traits, level: element.headingLevel)]
                .filter { !$0.isEmpty }.joined(separator: " ")
            cursorOnFirstCell = true
        }
    }
}
