/// The keyboard a field asks for (`keyboard=` in a `field` line, iOS's `UIKeyboardType`).
public enum KeyboardType: String, Sendable, Hashable, CaseIterable {
    /// The locale's layout.
    case `default`
    /// The en-US layout with ASCII characters only (no alternates outside ASCII).
    case ascii
    /// The locale's layout with `@` and `.` keys beside a shorter space bar.
    case email
    /// The locale's layout with `.` and `/` keys and no space bar.
    case url
    /// Digits only.
    case numberPad = "number-pad"
    /// Digits and the locale's decimal separator (from ICU: "," in pl-PL).
    case decimalPad = "decimal-pad"
    /// Digits, `*`, `#` and `+`.
    case phonePad = "phone-pad"

    /// Whether the keyboard is a pad: one layer of digits, no letters, no shift.
    public var isPad: Bool { self == .numberPad || self == .decimalPad || self == .phonePad }
}

/// What the return key says and does (`return-key=`, iOS's `UIReturnKeyType`).
public enum ReturnKeyType: String, Sendable, Hashable, CaseIterable {
    /// "return": a line break in a text area; elsewhere it types nothing and editing goes on.
    case `default`
    /// "Go".
    case go
    /// "Search".
    case search
    /// "Send".
    case send
    /// "Next": focus and editing move to the next field in reading order.
    case next
    /// "Done".
    case done
    /// "Join".
    case join
    /// "Route".
    case route

    /// The spoken-string key of its label (`key.return`, `key.return.search`).
    var spokenKey: String { self == .default ? "key.return" : "key.return.\(rawValue)" }
}

/// Where shift turns on by itself (`autocapitalization=`, iOS's `UITextAutocapitalizationType`).
public enum Autocapitalization: String, Sendable, Hashable, CaseIterable {
    /// Never: shift stays off (`autocapitalization=none`; the case is not named `none`, which
    /// an optional would read as "no value given", the default).
    case never = "none"
    /// At the start of the field and after a space.
    case words
    /// At the start of the field and after ". ", "! ", "? " (and after a line break).
    case sentences
    /// Always: every letter is a capital unless shift is turned off.
    case all

    /// iOS's default for a field of this kind with this keyboard: `none` for secure and search
    /// fields and e-mail and URL keyboards, `sentences` otherwise.
    public static func defaultValue(kind: FieldKind, keyboard: KeyboardType) -> Autocapitalization {
        switch (kind, keyboard) {
        case (.secure, _), (.search, _), (_, .email), (_, .url): .never
        default: .sentences
        }
    }

    /// Whether shift should be on for the next letter after `before`, the last characters
    /// before the insertion point (the caller passes a short tail, not the whole text).
    /// - Complexity: O(n) in the length of `before`.
    func wantsShift(after before: Substring) -> Bool {
        switch self {
        case .never: return false
        case .all: return true
        case .words:
            guard let last = before.last else { return true }
            return last == " " || last == "\n"
        case .sentences:
            guard let last = before.last else { return true }
            if last == "\n" { return true }
            guard last == " " else { return false }
            guard let mark = before.last(where: { $0 != " " }) else { return true }
            return mark == "." || mark == "!" || mark == "?" || mark == "\n"
        }
    }
}
