/// An accessibility element on screen: a text field, a button, a label, an image.
public struct Element: Sendable {
    /// The id used by scripts.
    public var id: String
    /// The accessibility label.
    public var label: String
    /// The accessibility value of a non-text element.
    public var value: String?
    /// The traits.
    public var traits: Traits
    /// The accessibility hint.
    public var hint: String?
    /// Where it is on screen.
    public var frame: Frame?
    /// The text-entry state when the element is a text field.
    ///
    /// Held in a box (copied before a change when shared), so an element that is no field
    /// carries one reference instead of a field's 232 bytes: a million buttons' array was
    /// 376 MB, most of its growth spent copying and faulting in those bytes. A change goes
    /// through the box in place, so the field's text stays uniquely held.
    public var field: TextField? {
        get { fieldBox?.field }
        _modify {
            if fieldBox == nil {
                var field: TextField?
                defer { if field != nil { fieldBox = FieldBox(field) } }
                yield &field
            } else {
                // A box left holding nil reads as no field (`get`), so nothing is checked
                // after the yield: that check copied the whole field in a debug build, on every
                // keystroke's way to the text.
                if !isKnownUniquelyReferenced(&fieldBox!) { fieldBox = FieldBox(fieldBox!.field) }
                yield &fieldBox!.field
            }
        }
        set { fieldBox = newValue.map { FieldBox($0) } }
    }
    private var fieldBox: FieldBox?
    /// The identity of the box the field is held in (nil without one; a box may hold no
    /// field): elements with the same identity share one box, which `dump` prints once in full
    /// and then by its number. The testing kit's dump comparison reads it.
    package var fieldBoxIdentity: ObjectIdentifier? { fieldBox.map(ObjectIdentifier.init) }
    /// The standard control it was declared as (`kind=`), if any.
    public var kind: ElementKind?
    /// The values an adjustable element steps through, lowest first.
    public var steps: [String] = []
    /// The id of the field this visible label names (`labels=`); its frame joins the field's.
    public var labelFor: String?
    /// Whether the screen reader skips it (`hidden`): no focus by swipe, touch or `focus`.
    public var isHidden = false
    /// Whether the app responds to taps on it (`interactive`), whatever its traits say.
    public var isInteractive = false
    /// What few elements have (a description, a heading level, a live region), in a box that an
    /// element without them leaves empty: one reference, not 32 bytes, on each of a million buttons.
    private var detailsBox: ElementDetailsBox?

    /// The accessible description (`description=`), said apart from the label and the hint.
    public var accessibilityDescription: String? {
        get { detailsBox?.details.description }
        set { changeDetails { $0.description = newValue } }
    }

    /// A heading's level, 1 to 6 (`level=`), said with its role: "heading level 2".
    public var headingLevel: Int? {
        get { detailsBox?.details.level }
        set { changeDetails { $0.level = newValue } }
    }

    /// How its changes are announced (`live=`), when it is a live region.
    public var liveRegion: LiveRegion? {
        get { detailsBox?.details.live }
        set { changeDetails { $0.live = newValue } }
    }

    private mutating func changeDetails(_ change: (inout ElementDetails) -> Void) {
        var details = detailsBox?.details ?? ElementDetails()
        change(&details)
        detailsBox = details == ElementDetails() ? nil : ElementDetailsBox(details)
    }

    /// Creates an element from an `element` declaration with parsed traits.
    public init(_ declaration: ElementDeclaration, traits: Traits) {
        id = declaration.id
        label = declaration.label
        value = declaration.value
        self.traits = traits
        hint = declaration.hint
        frame = declaration.frame
        kind = declaration.kind
        steps = declaration.steps
        labelFor = declaration.labels
        isHidden = declaration.hidden
        isInteractive = declaration.interactive
        accessibilityDescription = declaration.description
        headingLevel = declaration.level
        liveRegion = declaration.live
    }

    /// Creates a text field element from a `field` declaration.
    /// - Parameters:
    ///   - declaration: The field's id, kind, label and attributes.
    ///   - locale: The ICU locale id whose rules segment its text.
    public init(_ declaration: FieldDeclaration, locale: String) throws(ICUError) {
        id = declaration.id
        label = declaration.label
        value = nil
        hint = declaration.hint
        frame = declaration.frame
        let field = try TextField(declaration, locale: locale)
        fieldBox = FieldBox(field)
        traits = field.traits
        isHidden = declaration.hidden
        accessibilityDescription = declaration.description
    }

    /// Whether the element is a text field or responds to activation: a button, link,
    /// adjustable, toggle, or declared `interactive`.
    public var isActionable: Bool {
        field != nil || isInteractive || !traits.isDisjoint(with: [.button, .link, .adjustable, .toggle])
    }
}

/// An element's description, heading level and live region (see ``Element/accessibilityDescription``).
struct ElementDetails: Sendable, Hashable {
    var description: String?
    var level: Int?
    var live: LiveRegion?
}

/// The box an element's details live in: never changed once made (a change makes a new box).
final class ElementDetailsBox: Sendable {
    let details: ElementDetails

    init(_ details: ElementDetails) {
        self.details = details
    }
}

/// The box an element's field lives in (see ``Element/field``).
///
/// `@unchecked Sendable`: an element shares its box with its copies, and nothing writes to a
/// shared box (`Element.field`'s `_modify` copies it first unless it is uniquely referenced);
/// reads of a shared box need no lock.
final class FieldBox: @unchecked Sendable {
    var field: TextField?

    init(_ field: TextField?) {
        self.field = field
    }
}

/// The text-entry part of an element: its kind, constraints and text.
public struct TextField: Sendable {
    /// text, secure, search or area.
    public var kind: FieldKind
    /// Spoken as the value while the field is empty.
    public var placeholder: String?
    /// Whether a value is required.
    public var isRequired: Bool
    /// The validation error shown next to the field, if any.
    public var error: String?
    /// Whether the field is disabled.
    public var isDisabled: Bool
    /// Whether dictation is allowed.
    public var allowsDictation: Bool
    /// The maximum number of characters, if limited.
    public var maxLength: Int?
    /// The text with its insertion point, inside the package only: a secure field's text must
    /// never leave the engine. Outside it, read ``text``, ``readableBuffer`` and the counts.
    package var buffer: TextBuffer
    /// Whether the field is being edited (has the keyboard).
    public var isEditing = false
    /// The keyboard it shows while edited.
    public var keyboardType: KeyboardType
    /// What its return key says and does.
    public var returnKey: ReturnKeyType
    /// Where shift turns on by itself while it is edited (never in a secure field).
    public var autocapitalization: Autocapitalization
    /// Whether the field is marked invalid (`invalid`): "invalid data" is said; its message is ``error``.
    public var isInvalid = false
    /// Whether the field can be read but not edited (`read-only`): double tap does not edit it.
    public var isReadOnly = false
    /// The fewest characters it accepts (`min=`), for lint and `describe`.
    public var minLength: Int?
    /// Its autofill purpose (`autocomplete=`), for lint and `describe`.
    public var autocomplete: String?

    /// Creates a field's state from its declaration.
    public init(_ declaration: FieldDeclaration, locale: String) throws(ICUError) {
        kind = declaration.kind
        placeholder = declaration.placeholder
        isRequired = declaration.required
        error = declaration.error
        isDisabled = declaration.disabled
        allowsDictation = declaration.dictation
        maxLength = declaration.maxLength
        keyboardType = declaration.keyboard
        returnKey = declaration.returnKey
        // Shift never turns on by itself in a secure field, whatever the declaration says.
        if declaration.kind == .secure {
            autocapitalization = .never
        } else {
            autocapitalization = declaration.autocapitalization ?? .defaultValue(kind: declaration.kind, keyboard: declaration.keyboard)
        }
        isInvalid = declaration.invalid
        isReadOnly = declaration.readOnly
        minLength = declaration.minLength
        autocomplete = declaration.autocomplete
        buffer = try TextBuffer(locale: locale)
        buffer.isSecret = declaration.kind == .secure
        buffer.insert(declaration.value)
    }

    /// How many characters (grapheme clusters) the field holds, secure or not.
    public var characterCount: Int { buffer.characterCount }

    /// Whether the field holds no text, secure or not.
    public var isEmpty: Bool { buffer.isEmpty }

    /// The text even of a secure field, for tests only: `@_spi(Testing) import TypingEcho`.
    ///
    /// The one route by which a secure field's text leaves the engine. It exists so that a
    /// test can check what was typed; an app or a simulator never needs it, and nothing in the
    /// library's output (events, transcripts, errors, descriptions) uses it.
    @_spi(Testing) public var secretTextForTesting: String { buffer.string }

    /// The traits a field of this kind and state carries.
    public var traits: Traits { Self.traits(kind, isEditing: isEditing, isDisabled: isDisabled) }

    /// The traits of a field of `kind` in a state: what ``traits`` gives, from the stored
    /// properties it reads (read one by one, a field being changed in place is not copied).
    static func traits(_ kind: FieldKind, isEditing: Bool, isDisabled: Bool) -> Traits {
        var traits = kind.defaultTraits
        if isEditing { traits.insert(.isEditing) }
        if isDisabled { traits.insert(.notEnabled) }
        return traits
    }
}

extension TextField: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Kind and counts only: `secure field, 6 characters, editing`.
    public var description: String {
        // Appended part by part (a leak check describes every changed field of every case).
        var text = kind.rawValue
        text += " field, "
        text += String(buffer.characterCount)
        text += isEditing ? " characters, editing" : " characters"
        return text
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror that shows counts, never the text.
    public var customMirror: Mirror {
        Mirror(self, children: ["kind": kind, "characterCount": buffer.characterCount,
                                "insertionPoint": buffer.insertionPoint.character, "isEditing": isEditing],
               displayStyle: .struct)
    }
}
