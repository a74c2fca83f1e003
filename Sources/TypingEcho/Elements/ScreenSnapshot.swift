/// The screen as a session shows it at one moment, with what describing and linting it need:
/// the elements in reading order, the settings in force, the field being edited and where the
/// keyboard is. ``ScreenDescription`` and ``Lint`` read it; ``Session/screen`` makes it.
///
/// ```swift
/// var session = try Session()
/// try session.declareField("user", label: "Username")
/// let findings = Lint.findings(for: session.screen)   // [] for a labelled field
/// ```
///
/// A secure field's text is in it as it is in ``Element``: described by its count only.
public struct ScreenSnapshot: Sendable {
    /// The elements in reading order, hidden ones included.
    public let elements: [Element]
    /// The position of each id in ``elements``.
    let positions: [String: Int]
    /// The settings in force.
    public let settings: Settings
    /// The field being edited (the keyboard is shown), if any.
    public let editedElement: Element?
    /// Where the on-screen keyboard is drawn, in screen points, while it is shown.
    public let keyboardFrame: Frame?
    /// The words of the locale in force.
    let phrasebook: Phrasebook
    /// The braille display's translator while braille is on.
    let braille: BrailleTranslator?

    /// A snapshot of the parts a session's engine holds.
    init(elements: [Element], positions: [String: Int], settings: Settings, editedElement: Element?, keyboardFrame: Frame?,
         phrasebook: Phrasebook, braille: BrailleTranslator?) {
        self.elements = elements
        self.positions = positions
        self.settings = settings
        self.editedElement = editedElement
        self.keyboardFrame = keyboardFrame
        self.phrasebook = phrasebook
        self.braille = braille
    }

    /// The focus announcer of the settings in force.
    var announcer: Announcer { Announcer(phrasebook: phrasebook, style: settings.style) }

    /// What the braille display shows for `element` when it has focus, the whole row without
    /// cursor or window (a field: its text from the start, up to ``BrailleTranslator/longestTranslation``
    /// characters; a secure field: one mask cell per character); nil with braille off or when
    /// liblouis refuses the text.
    func brailleDescription(of element: Element) -> String? {
        guard let translator = braille else { return nil }
        let frame = BrailleFrame(of: element, layout: settings.braille.layout, showsError: settings.braille.showsError,
                                 words: BrailleWords(phrasebook, toolkit: settings.style.toolkit))
        let prefix = frame.prefix
        guard let field = element.field else { return try? translator.translate(prefix).braille }
        let line: BrailleTranslation?
        if let text = field.text {
            line = try? translator.translate(text.prefix(BrailleTranslator.longestTranslation))
        } else {
            line = try? BrailleTranslation.masked(count: min(field.characterCount, BrailleTranslator.longestTranslation), cursor: nil)
        }
        guard let line, let head = try? translator.translate(prefix + " ") else { return nil }
        guard !frame.suffix.isEmpty else { return head.braille + line.braille }
        // The end marker's blank cell, then the marker and states.
        guard let tail = try? translator.translate(frame.suffix) else { return nil }
        return head.braille + line.braille + "\u{2800}" + tail.braille
    }
}
