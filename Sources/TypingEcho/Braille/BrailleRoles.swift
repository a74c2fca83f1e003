/// The short role words a braille display shows after an element's label ("Username edt"),
/// from NVDA's braille role labels (`roleLabels` in NVDA's `braille.py`): `edt` for an editable
/// text field, `pwdedt` for a password field, `btn`, `lnk`, `gra` (graphic), `swtch`, and for a
/// multi-line field NVDA's state label `mln`. TalkBack shows the same `edt` for an editable text
/// (its `brailledisplay` strings). Where NVDA has no abbreviation it shows the role's name
/// (`slider`, `tab`); a heading is NVDA's `h` (NVDA adds the level, which elements here do not
/// have); static text shows its label alone. VoiceOver's braille role words have no public
/// source, so every reader profile uses these.
enum BrailleRoles {
    /// The role words of an element, or "" for static text.
    static func abbreviation(of element: Element) -> String {
        if let field = element.field {
            switch field.kind {
            case .secure: return "pwdedt"
            case .area: return "edt mln"
            case .text, .search: return "edt"
            }
        }
        let traits = element.traits
        if traits.contains(.toggle) { return "swtch" }
        if traits.contains(.tabBar) { return "tab" }
        if traits.contains(.button) { return "btn" }
        if traits.contains(.link) { return "lnk" }
        if traits.contains(.header) { return "h" }
        if traits.contains(.image) { return "gra" }
        if traits.contains(.adjustable) { return "slider" }
        return ""
    }

    /// The most characters of a label, and of a value after the role words, the display shows:
    /// a longer one is cut and ends in `…`, so that the role words always follow and the text
    /// translated stays within one translation (`BrailleTranslator.longestTranslation`).
    static let longestText = 1000

    /// The text the display shows before a field's line, or for any other element all of it:
    /// label, role words and (not for a field) value, separated by spaces; a label or value
    /// longer than `longestText` is cut (`shortened(_:)`).
    /// - Complexity: O(`longestText`), whatever the label's and value's lengths.
    static func prefix(of element: Element) -> String {
        var parts = [shortened(element.label), abbreviation(of: element)]
        if element.field == nil, let value = element.value { parts.append(shortened(value)) }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `text` when it has at most `longestText` characters, else its first `longestText − 1`
    /// characters, cut after the last space among them where one is within a display's width
    /// (40 characters) of the cut, then `…`.
    /// - Complexity: O(`longestText`).
    static func shortened(_ text: String) -> String {
        guard let cut = text.index(text.startIndex, offsetBy: longestText, limitedBy: text.endIndex), cut != text.endIndex else {
            return text
        }
        var end = text.index(before: cut)
        let near = text.index(end, offsetBy: -40)
        if let space = text[near..<end].lastIndex(where: \.isWhitespace) { end = space }
        return text[..<end] + "…"
    }
}
