import TypingEcho

/// A generated session that types a secret into secure fields among public fields, through
/// every path (hardware keys, the on-screen keyboard in each typing mode, paste, dictation),
/// as a replay script: the input of leak tests.
public struct SecureSession: Sendable, Hashable, CustomStringConvertible {
    /// The steps in order.
    public var steps: [SessionStep]

    /// Creates a session from steps.
    public init(steps: [SessionStep]) { self.steps = steps }

    /// Every piece of secret text, concatenated.
    public var secret: String {
        steps.reduce(into: "") { $0 += $1.secretText ?? "" }
    }

    /// The same session with every character of the secret replaced by a decoy of the same
    /// shape: its counts, positions, case, keyboard layer and repetitions are the same, its
    /// content is not. A weaker decoy than `independentDecoy` (which keeps only the count and
    /// is what the leak property uses): it cannot show a channel that leaks the shape.
    ///
    /// The same character always gets the same decoy and different characters different ones,
    /// so equalities (an expected value matching the field, a key typed twice) hold in both
    /// runs. ASCII letters get ROT13 (same case, same keyboard layer), digits d → d+5 mod 10;
    /// other characters become CJK ideographs, one scalar each. Characters the script must
    /// escape are swapped for others with an escape of the same length, so error columns
    /// (which point into the script's own text) stay the same too.
    public func withDecoySecret() -> SecureSession {
        var decoys: [Character: Character] = [:]
        func decoy(for character: Character) -> Character {
            if let known = decoys[character] { return known }
            let made: Character
            switch character {
            case "\\": made = "\""
            case "\"": made = "\\"
            case "\n": made = "\n"
            case "a"..."z", "A"..."Z":
                let scalar = character.unicodeScalars.first!.value
                let base: UInt32 = scalar >= 0x61 ? 0x61 : 0x41
                made = Character(Unicode.Scalar(base + (scalar - base + 13) % 26)!)
            case "0"..."9":
                let scalar = character.unicodeScalars.first!.value
                made = Character(Unicode.Scalar(0x30 + (scalar - 0x30 + 5) % 10)!)
            default:
                let escaped = SecureSession.quoted(String(character))
                if escaped.hasPrefix("\"\\u{") {
                    // \u{…} with the same number of hex digits.
                    made = Character(Unicode.Scalar(escaped.count - 6 == 1 ? 0x01 : 0x10)!)
                } else {
                    made = Character(Unicode.Scalar(0x4E00 + UInt32(decoys.count))!)
                }
            }
            decoys[character] = made
            return made
        }
        return SecureSession(steps: steps.map { step in
            guard let text = step.secretText else { return step }
            return step.replacingSecret(with: String(text.map(decoy)))
        })
    }

    /// The steps, for counterexamples.
    public var description: String { "SecureSession(\(steps))" }

    /// The fields and elements every session starts with.
    public static let declarations = [
        "field user kind=text label=\"Username\" max=12",
        "field pw kind=secure label=\"Password\"",
        "field pin kind=secure label=\"PIN\" max=4 dictation=off",
        "field note kind=text label=\"Note\" dictation=off",
        "element go label=\"Sign in\" traits=button",
    ]

    /// The declarations the app may show again, by id (``SessionStep/redeclare(_:variant:)``):
    /// other labels, kinds, limits, hints and public values, a secure field always secure and a
    /// public one always public, so that what is secret stays secret.
    public static let redeclarations: [String: [String]] = [
        "user": [
            "field user kind=search label=\"Email\" max=12",
            "field user kind=text label=\"User name\" value=\"jan\" max=12",
            "field user kind=area label=\"Username\"",
        ],
        "pw": [
            "field pw kind=secure label=\"New password\"",
            "field pw kind=secure label=\"Password\" max=8 hint=\"At least 8 characters.\"",
            "field pw kind=secure label=\"Password\" value=\"open\"",
            "field pw kind=secure label=\"Password\" required invalid error=\"Too short.\"",
        ],
        "pin": [
            "field pin kind=secure label=\"PIN\" max=6",
            "field pin kind=secure label=\"Code\" max=4 dictation=off required",
        ],
        "note": [
            "field note kind=area label=\"Note\"",
            "field note kind=text label=\"Comment\" value=\"hi\" dictation=off",
        ],
        "go": [
            "element go label=\"Continue\" kind=button",
            "element go label=\"Sign in\" traits=button hint=\"Signs you in.\"",
        ],
    ]

    /// The ids of ``declarations``, in reading order.
    public static let ids = ["user", "pw", "pin", "note", "go"]

    /// A string literal for a script, with escapes for quotes, backslashes and controls.
    public static func quoted(_ text: String) -> String { ScriptWriter.quoted(text) }
}
