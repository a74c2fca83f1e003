import TypingEcho

/// One thing a user (or the app) does in a session that mixes secure fields (`pw`, and `pin`
/// with `max=4` and `dictation=off`) with public ones (`user` with `max=12`, `note` with
/// `dictation=off`) and a button (`go`).
///
/// Steps named *secret* carry text that goes into a secure field and is replaced by
/// `SecureSession.independentDecoy`; every other step is public input. The app's steps
/// (`remove`, a declaration again, `screen-changed`, `layout-changed`, `announce`) change the
/// screen under the user: a step that needs an element the app removed declares it again
/// first, at the end of the reading order.
public enum SessionStep: Sendable, Hashable, CustomStringConvertible {
    /// Moves focus to an element by id.
    case focus(String)
    /// Double-taps (starts editing, moves the insertion point, enters a focused key or performs
    /// the edit action chosen with the rotor).
    case doubleTap
    /// Types part of the secret on a hardware keyboard into a secure field.
    case typeSecret(String, into: String)
    /// Types part of the secret with the on-screen keyboard (`type`) into a secure field; the
    /// text holds characters the en-US keyboard types (`SecretAlphabet.onScreen`).
    case typeSecretOnScreen(String, into: String)
    /// Pastes part of the secret into a secure field: `clipboard`, `edit paste`, then the
    /// clipboard is set to public text again.
    case pasteSecret(String, into: String)
    /// Dictates part of the secret in a secure field (which must refuse it).
    case dictateSecret(String, into: String)
    /// Types part of the secret with Braille Screen Input into a secure field: lowercase letters
    /// (`SecretAlphabet.brailleLetters`, one cell each in every uncontracted table), written as
    /// their cells (`chords "⠓⠑"`; a single letter as its dots, `chord 125`), after
    /// `braille-input on` where it is not known to be on.
    case chordSecret(String, into: String)
    /// Types one word of contracted braille (UEB grade 2, `en-ueb-g2.ctb`) with Braille Screen
    /// Input into a secure field: the text is the letters that name its cells (`"ab"` is
    /// `⠁⠃`, read back as "about"), a word of ``SecretAlphabet/contractedWords``. The cells are
    /// held until the word ends (a space, return, a move, any other input), so the word can
    /// still be held when the app changes the screen. The decoy is a word of the same group:
    /// as many cells, and as many characters read back from each of its beginnings.
    case contractedChordSecret(String, into: String)
    /// Types public braille cells (Unicode braille, letters, indicators and punctuation) with
    /// Braille Screen Input into `user` or `note`, under whatever input table is in force.
    case chordPublic(String, into: String)
    /// Turns Braille Screen Input on for the field being edited (the password field if none is), or off.
    case brailleInput(Bool)
    /// A Braille Screen Input swipe in the field being edited (space `right`, delete `left`, new
    /// line `right` with 2 fingers, delete word `left` with 2, return `up` with 3), Braille Screen
    /// Input turned on first where it is not known to be on.
    case brailleSwipe(SwipeDirection, fingers: Int)
    /// The app takes an element off the screen (`remove ID`); nothing when it is not on it.
    case remove(String)
    /// The app declares an element again with the same id and changed attributes (the
    /// `variant` of ``SecureSession/redeclarations``): a secure field stays secure, a public
    /// one public. The element is replaced in place, or comes back at the end when removed.
    case redeclare(String, variant: Int)
    /// The app shows a new screen (`screen-changed`), focus on the element given or the first.
    case screenChanged(focus: String?)
    /// The app changes part of the screen (`layout-changed`), focus on the element given, or
    /// where it was (the first element when it was nowhere).
    case layoutChanged(focus: String?)
    /// The app announces public text (`announce "…"`).
    case announce(String)
    /// Types public text on a hardware keyboard into `user` or `note`.
    case typePublic(String, into: String)
    /// Types public lowercase text with the on-screen keyboard into `user`.
    case typePublicOnScreen(String)
    /// Dictates public text into `user` or `note`.
    case dictatePublic(String, into: String)
    /// Sets the clipboard to public text.
    case clipboardPublic(String)
    /// An edit action in whatever field is being edited.
    case edit(EditAction)
    /// Explores the keyboard: touch the first key, slide over the others, then end with
    /// `lift`, `split-tap` then `lift`, or `hold` then `lift`.
    case explore([String], ending: Int)
    /// Presses a hardware editing key in whatever field is being edited.
    case key(HardwareKey)
    /// Sets the rotor.
    case rotor(RotorUnit)
    /// Swipes.
    case swipe(SwipeDirection)
    /// Lets time pass, in milliseconds.
    case wait(Int)
    /// Changes one setting (`hardware-feedback=words`).
    case setting(String)
    /// Expects the password field's value to be the secret typed into it (or a wrong one).
    case expectSecretValue(correct: Bool)
    /// Expects to have heard the secret (which must fail without showing it).
    case expectSecretSpeech
    /// Expects a count or cursor position, right or wrong.
    case expectNumber(kind: String, value: Int)
    /// Ends the script with a malformed line that holds part of the secret.
    case malformed(Int)

    /// The secret text the step carries, if any (for a contracted chord step, the letters that
    /// name its cells; the field receives the word they are read back as).
    public var secretText: String? {
        switch self {
        case .typeSecret(let text, _), .typeSecretOnScreen(let text, _), .pasteSecret(let text, _), .dictateSecret(let text, _),
             .chordSecret(let text, _), .contractedChordSecret(let text, _):
            return text
        default:
            return nil
        }
    }

    /// The same step with its secret text replaced.
    func replacingSecret(with text: String) -> SessionStep {
        switch self {
        case .typeSecret(_, let id): .typeSecret(text, into: id)
        case .typeSecretOnScreen(_, let id): .typeSecretOnScreen(text, into: id)
        case .pasteSecret(_, let id): .pasteSecret(text, into: id)
        case .dictateSecret(_, let id): .dictateSecret(text, into: id)
        case .chordSecret(_, let id): .chordSecret(text, into: id)
        case .contractedChordSecret(_, let id): .contractedChordSecret(text, into: id)
        default: self
        }
    }

    /// A readable form for counterexamples.
    public var description: String {
        switch self {
        case .focus(let id): "focus(\(id))"
        case .doubleTap: "doubleTap"
        case .typeSecret(let text, let id): "typeSecret(\(text.unambiguousLiteral), \(id))"
        case .typeSecretOnScreen(let text, let id): "typeSecretOnScreen(\(text.unambiguousLiteral), \(id))"
        case .pasteSecret(let text, let id): "pasteSecret(\(text.unambiguousLiteral), \(id))"
        case .dictateSecret(let text, let id): "dictateSecret(\(text.unambiguousLiteral), \(id))"
        case .chordSecret(let text, let id): "chordSecret(\(text.unambiguousLiteral), \(id))"
        case .contractedChordSecret(let text, let id): "contractedChordSecret(\(text.unambiguousLiteral), \(id))"
        case .chordPublic(let cells, let id): "chordPublic(\(cells.unambiguousLiteral), \(id))"
        case .remove(let id): "remove(\(id))"
        case .redeclare(let id, let variant): "redeclare(\(id), variant: \(variant))"
        case .screenChanged(let id): "screenChanged(focus: \(id ?? "first"))"
        case .layoutChanged(let id): "layoutChanged(focus: \(id ?? "same"))"
        case .announce(let text): "announce(\(text.unambiguousLiteral))"
        case .brailleInput(let on): "brailleInput(\(on ? "on" : "off"))"
        case .brailleSwipe(let direction, let fingers): "brailleSwipe(\(direction.rawValue), fingers: \(fingers))"
        case .typePublic(let text, let id): "typePublic(\(text.unambiguousLiteral), \(id))"
        case .typePublicOnScreen(let text): "typePublicOnScreen(\(text.unambiguousLiteral))"
        case .dictatePublic(let text, let id): "dictatePublic(\(text.unambiguousLiteral), \(id))"
        case .clipboardPublic(let text): "clipboardPublic(\(text.unambiguousLiteral))"
        case .edit(let action): "edit(\(action.rawValue))"
        case .explore(let keys, let ending): "explore(\(keys), ending: \(ending))"
        case .key(let key): "key(\(key.rawValue))"
        case .rotor(let unit): "rotor(\(unit.rawValue))"
        case .swipe(let direction): "swipe(\(direction.rawValue))"
        case .wait(let milliseconds): "wait(\(milliseconds)ms)"
        case .setting(let pair): "setting(\(pair))"
        case .expectSecretValue(let correct): "expectSecretValue(\(correct))"
        case .expectSecretSpeech: "expectSecretSpeech"
        case .expectNumber(let kind, let value): "expect(\(kind) \(value))"
        case .malformed(let kind): "malformed(\(kind))"
        }
    }
}
