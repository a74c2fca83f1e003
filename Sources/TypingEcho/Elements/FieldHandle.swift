/// A text field as a command works on it: its identity, and what cannot change while the command
/// runs (what it discloses, its kind, its locale), resolved once when the command finds the field.
///
/// Whether the field is secure is a plain value of the handle, never an optional read again with
/// a fallback: every change the command makes to it is disclosed as `disclosure` says.
struct FieldHandle: Sendable, Hashable {
    /// The field's element.
    let identity: ElementID
    /// What the field shows of its text (the one decision, `Disclosure`).
    let disclosure: Disclosure
    /// Text, secure, search or area.
    let kind: FieldKind
    /// The ICU locale whose rules segment its text.
    let locale: String

    /// Whether the field is secure.
    var isSecure: Bool { disclosure.isSecure }
}

extension Screen {
    /// The handle of an identity's field; nil for an element without one or a removed element.
    mutating func handle(for identity: ElementID) -> FieldHandle? {
        readField(identity) { FieldHandle(identity: identity, disclosure: $0.disclosure, kind: $0.kind, locale: $0.buffer.locale) }
    }
}
