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

    /// The text the display shows before a field's line, or for any other element all of it:
    /// label, role words and (not for a field) value, separated by spaces.
    static func prefix(of element: Element) -> String {
        var parts = [element.label, abbreviation(of: element)]
        if element.field == nil, let value = element.value { parts.append(value) }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
