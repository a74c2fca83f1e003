/// The convention a recorded step exercises, for agreement figures and for the causes of
/// differences: the rows of the Orca conventions (focus, key echo, punctuation, capitals …).
enum OrcaConvention: String, CaseIterable, Comparable {
    case focus
    case tab
    case letters
    case capitals
    case punctuation
    case space
    case deletion
    case characterMoves = "character-moves"
    case homeEnd = "home-end"
    case wordMoves = "word-moves"
    case selection
    case password
    case textView = "text-view"

    static func < (left: Self, right: Self) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }

    /// The convention of step `index` (from 0) of a case on `field`, whose command is
    /// `command`; `selected` is whether text was selected before the step (as Orca's
    /// recording of the previous step read it).
    ///
    /// The first step (Tab into the field) is `focus`; every step in the password field is
    /// `password`; a later Tab or Shift+Tab is `tab`; Return and line moves in the text view
    /// are `textView`; a step that selects, or acts on a selection, is `selection`; typed
    /// characters are `capitals` (an uppercase letter), `punctuation` (a character that is
    /// neither a letter, a digit nor a space), `space`, or else `letters` (letters and digits).
    static func of(command: String, index: Int, field: String, selected: Bool) -> Self {
        if field == "password" { return .password }
        if index == 0 { return .focus }
        let words = command.split(separator: " ", maxSplits: 1).map(String.init)
        let verb = words.first ?? ""
        let argument = words.count > 1 ? words[1] : ""
        if verb == "key" {
            switch argument {
            case "tab", "shift-tab": return .tab
            case "return", "up", "down", "shift-up", "shift-down": return .textView
            case _ where argument.hasPrefix("shift-") || argument == "command-a": return .selection
            case _ where selected: return .selection
            case "backspace", "delete", "option-backspace": return .deletion
            case "left", "right": return .characterMoves
            case "home", "end": return .homeEnd
            case "option-left", "option-right": return .wordMoves
            default: return .letters
            }
        }
        if selected { return .selection }
        let typed = argument.dropFirst().dropLast()
        if typed.contains(where: { $0.isUppercase }) { return .capitals }
        if typed.contains(where: { !$0.isLetter && !$0.isNumber && $0 != " " }) { return .punctuation }
        if typed.contains(" ") { return .space }
        return .letters
    }
}
