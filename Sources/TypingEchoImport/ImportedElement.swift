import TypingEcho

/// What an imported element is in the script language: a field of a kind, or an element of a
/// standard kind (nil: an element with only the traits it lists).
public enum ImportedKind: Sendable, Hashable {
    /// A text field (`field ID kind=…`).
    case field(FieldKind)
    /// Any other element (`element ID kind=…`, or no `kind=` for nil).
    case element(ElementKind?)

    /// The script's kind word (`text`, `secure`, `button` …), nil for an element without a kind.
    public var word: String? {
        switch self {
        case .field(let kind): kind.rawValue
        case .element(let kind): kind?.rawValue
        }
    }

    /// Whether it is a secure (password) field.
    public var isSecure: Bool { self == .field(.secure) }

    /// Whether it is a text field of any kind.
    public var isField: Bool {
        if case .field = self { return true }
        return false
    }
}

/// One element of an imported screen, format-neutral: every importer produces these, in reading
/// order. A property is nil (or empty) when the source does not state it; JSON leaves its key out.
///
/// A secure field's text is in ``secureValue`` (counted, never printed); ``value`` is nil for it.
public struct ImportedElement: Sendable, Hashable {
    /// The element's id in the script: the source's own made valid and unique, else `KIND-N`
    /// (``ImportedIDs``).
    public var id: String
    /// The script kind it becomes.
    public var kind: ImportedKind
    /// The source's own role: HTML's ARIA role, Android's class, XCUITest's element type, an aria
    /// snapshot's role word.
    public var role: String?
    /// The accessible name (the script's `label=`).
    public var name: String?
    /// The accessible description, apart from the hint (the script's `description=`).
    public var description: String?
    /// The hint the platform states (Android's `hint` is a placeholder; this is iOS's hint).
    public var hint: String?
    /// The value; never set for a secure field (see ``secureValue``).
    public var value: String?
    /// A secure field's text: only its count is ever shown.
    public var secureValue: SecureValue?
    /// The placeholder, spoken while the field is empty.
    public var placeholder: String?
    /// Whether the source marks it required.
    public var required: Bool?
    /// Whether the source marks it invalid.
    public var invalid: Bool?
    /// The error message's text (HTML `aria-errormessage`, Android's `error`).
    public var error: String?
    /// Whether it is disabled.
    public var disabled: Bool?
    /// Whether it is read-only (`readonly`, `aria-readonly`).
    public var readOnly: Bool?
    /// The most characters it holds (`maxlength`).
    public var maxLength: Int?
    /// The fewest characters it needs (`minlength`).
    public var minLength: Int?
    /// The on-screen keyboard it asks for.
    public var keyboard: KeyboardType?
    /// What its return key says (`enterkeyhint`).
    public var returnKey: ReturnKeyType?
    /// Where shift turns on by itself (`autocapitalize`).
    public var autocapitalization: Autocapitalization?
    /// The autofill purpose (`autocomplete`), as the source writes it (`current-password`, `email` …).
    public var autocomplete: String?
    /// A heading's level, 1–6.
    public var level: Int?
    /// Where it is, in points.
    public var frame: Frame?
    /// Traits beyond the ones its kind brings (`selected`, `notEnabled` …).
    public var traits: Traits?
    /// The id of the field this element is the visible label of.
    public var labels: String?
    /// How it announces its changes, when it is a live region.
    public var live: LiveRegion?
    /// The adjustable values it steps through, lowest first.
    public var steps: [String] = []
    /// Whether the app responds to taps on it whatever its traits say (a clickable view).
    public var interactive: Bool?
    /// Where it starts in the source.
    public var source: SourceLocation
    /// The source attributes the model cannot express, by their source names.
    public var dropped: [String] = []

    /// Creates an element with its id, kind and source position.
    public init(id: String, kind: ImportedKind, source: SourceLocation) {
        self.id = id
        self.kind = kind
        self.source = source
    }
}
