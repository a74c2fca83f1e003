/// The editing the screen reader serves: which field is being edited (iOS's first responder;
/// the on-screen keyboard is shown exactly while there is one), what the user has copied, and
/// whether any secure field has ever held text.
///
/// Everything offered to a field passes through `offer(nonEmpty:toSecureField:)` before the field
/// sees it, so "a secure field has held text" is decided in one place, whatever the field
/// then does with the text (takes it, refuses it past its limit, cannot type it).
struct Editor: Sendable {
    /// The identity of the field being edited; nil when none is (the keyboard is hidden).
    /// Editing is not focus: it lasts while screen-reader focus visits other elements or keys.
    private(set) var editedField: ElementID?
    /// What the user has copied; never text from a secure field.
    private(set) var clipboard: String?
    /// Whether any secure field has ever held text in this session: from then on a failed
    /// `expect speech` does not repeat the expected text (it may be the secret).
    private(set) var secureInputSeen = false

    /// Whether a field is being edited (the on-screen keyboard is shown).
    var isEditing: Bool { editedField != nil }

    /// Text (or a declared value) is offered to a field: offered to a secure field, it counts
    /// as held even when the field refuses it.
    mutating func offer(_ text: some StringProtocol, toSecureField isSecure: Bool) {
        offer(nonEmpty: !text.isEmpty, toSecureField: isSecure)
    }

    /// Text is offered to a field (or a field is declared holding some, `nonEmpty`).
    mutating func offer(nonEmpty: Bool, toSecureField isSecure: Bool) {
        if isSecure && nonEmpty { secureInputSeen = true }
    }

    /// Editing moves to a field.
    mutating func beginEditing(_ identity: ElementID) { editedField = identity }

    /// Editing ends: no field is edited, the keyboard goes away.
    mutating func endEditing() { editedField = nil }

    /// The user copied (or cut, or a script put) text on the clipboard; callers never pass a
    /// secure field's text.
    mutating func copy(_ text: String) { clipboard = text }
}
