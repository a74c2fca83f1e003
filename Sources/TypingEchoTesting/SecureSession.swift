import TypingEcho

/// One thing a user does in a session that mixes a password field with public fields.
public enum SessionStep: Sendable, Hashable, CustomStringConvertible {
    /// Moves focus to the secure field (`pw`), the plain field (`user`) or a button (`go`).
    case focus(String)
    /// Double-taps the focused element.
    case doubleTap
    /// Types part of the secret on a hardware keyboard into the secure field.
    case typeSecret(String)
    /// Types public text into the plain field.
    case typePublic(String)
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
    /// Expects the secure field's value to be the secret typed so far (or a wrong one).
    case expectSecretValue(correct: Bool)
    /// Expects to have heard the secret (which must fail without showing it).
    case expectSecretSpeech
    /// Expects a count or cursor position, right or wrong.
    case expectNumber(kind: String, value: Int)
    /// Ends the script with a malformed line that holds part of the secret.
    case malformed(Int)

    /// A readable form for counterexamples.
    public var description: String {
        switch self {
        case .focus(let id): "focus(\(id))"
        case .doubleTap: "doubleTap"
        case .typeSecret(let text): "typeSecret(\(String(reflecting: text)))"
        case .typePublic(let text): "typePublic(\(String(reflecting: text)))"
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

/// A generated session that types a secret into a secure field among public fields, as a
/// replay script: the input of leak tests.
public struct SecureSession: Sendable, Hashable, CustomStringConvertible {
    /// The steps in order.
    public var steps: [SessionStep]

    /// Creates a session from steps.
    public init(steps: [SessionStep]) { self.steps = steps }

    /// Every piece of the secret typed, concatenated.
    public var secret: String {
        steps.reduce(into: "") { if case .typeSecret(let text) = $1 { $0 += text } }
    }

    /// The same session with every character of the secret replaced by an ASCII letter: its
    /// observable shape (counts, positions, timing) is the same, its content is not.
    ///
    /// Characters the script must escape are swapped for others with an escape of the same
    /// length, so error columns (which point into the script's own text) stay the same too.
    public func withDecoySecret() -> SecureSession {
        // The same character always gets the same decoy, so equalities (an expected value
        // matching the field) hold in both runs; decoys are CJK ideographs, one scalar each.
        var decoys: [Character: Character] = [:]
        return SecureSession(steps: steps.map { step in
            guard case .typeSecret(let text) = step else { return step }
            return .typeSecret(String(text.map { character -> Character in
                if let decoy = decoys[character] { return decoy }
                let decoy: Character
                switch character {
                case "\\": decoy = "\""
                case "\"": decoy = "\\"
                case "\n": decoy = "\n"
                default:
                    let escaped = quoted(String(character))
                    if escaped.hasPrefix("\"\\u{") {
                        // \u{…} with the same number of hex digits.
                        decoy = Character(Unicode.Scalar(escaped.count - 6 == 1 ? 0x01 : 0x10)!)
                    } else {
                        decoy = Character(Unicode.Scalar(0x4E00 + UInt32(decoys.count))!)
                    }
                }
                decoys[character] = decoy
                return decoy
            }))
        })
    }

    /// The replay script, with the focus and double taps each step needs to make sense.
    public var script: String {
        var lines = [
            "field user kind=text label=\"Username\"",
            "field pw kind=secure label=\"Password\"",
            "element go label=\"Sign in\" traits=button",
        ]
        var focused = "", editing = false, typed = ""
        func edit(_ id: String) {
            if focused != id { lines.append("focus \(id)"); focused = id; editing = false }
            if !editing { lines.append("double-tap"); editing = true }
        }
        for step in steps {
            switch step {
            case .focus(let id):
                lines.append("focus \(id)")
                if focused != id { editing = false }
                focused = id
            case .doubleTap:
                if focused.isEmpty { continue }
                lines.append("double-tap")
                if focused != "go" { editing = true }
            case .typeSecret(let text):
                edit("pw")
                typed += text
                lines.append("keys \(quoted(text))")
            case .typePublic(let text):
                edit("user")
                lines.append("keys \(quoted(text))")
            case .key(let key):
                if !editing { edit(focused == "user" ? "user" : "pw") }
                lines.append("key \(key.rawValue)")
            case .rotor(let unit):
                lines.append("rotor \(unit.rawValue)")
            case .swipe(let direction):
                if (direction == .up || direction == .down) && !editing { edit(focused == "user" ? "user" : "pw") }
                lines.append("swipe \(direction.rawValue)")
                if direction == .left || direction == .right { editing = false; focused = "?" }
            case .wait(let milliseconds):
                lines.append("wait \(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())")
            case .setting(let pair):
                lines.append("settings \(pair)")
            case .expectSecretValue(let correct):
                if focused != "pw" { lines.append("focus pw"); focused = "pw"; editing = false }
                lines.append("expect value \(quoted(correct ? typed : typed + "x"))")
            case .expectSecretSpeech:
                // The secret plus a control character, which nothing ever says: it fails in
                // every run, and its failure message must not show the secret.
                lines.append("expect speech \(quoted(typed + "\u{1}"))")
            case .expectNumber(let kind, let value):
                if focused != "pw" { lines.append("focus pw"); focused = "pw"; editing = false }
                lines.append("expect \(kind) \(value)")
            case .malformed(let kind):
                let piece = quoted(typed.isEmpty ? "s3cret" : typed)
                // Each keeps the secret inside quotes: a secret written bare is lexed by its own
                // characters (the parser's privacy tests cover that case on their own).
                let broken = ["kyes \(piece)", "keys \(piece.dropLast())", "keys \(piece) extra", "dictate \(piece) \(piece)"]
                lines.append(broken[kind % broken.count])
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The steps, for counterexamples.
    public var description: String { "SecureSession(\(steps))" }

    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension Gen where Value == SecureSession {
    /// Sessions of `steps` steps that type secrets drawn from `families` (whole pieces, so a
    /// decoy of the same shape exists) among focus changes, edits, moves and expectations.
    ///
    /// The default families leave out Devanagari (ICU 72 and Swift's String segment its
    /// conjuncts differently, so no same-shape decoy exists) and control whitespace.
    public static func secureSession(
        steps: ClosedRange<Int>,
        families: [UnicodeFamily] = UnicodeFamily.allCases.filter { $0 != .devanagari && $0 != .whitespace }
    ) -> Gen<SecureSession> {
        let secretPiece = Gen<String>.frequency([
            (3, .password),
            (2, .unicodeText(length: 1...4, families: families)),
        ])
        let keys = Gen<HardwareKey>.element(of: HardwareKey.allCases)
        let step = Gen<SessionStep>.frequency([
            (8, secretPiece.map { .typeSecret($0) }),
            (2, Gen<String>.unicodeText(length: 1...3, families: [.ascii, .polish, .whitespace]).map { .typePublic($0) }),
            (6, keys.map { .key($0) }),
            (3, Gen<String>.element(of: ["pw", "user", "go"]).map { .focus($0) }),
            (2, .constant(.doubleTap)),
            (2, Gen<RotorUnit>.element(of: [.characters, .words]).map { .rotor($0) }),
            (4, Gen<SwipeDirection>.element(of: SwipeDirection.allCases).map { .swipe($0) }),
            (2, Gen<Int>.int(in: 0...3000).map { .wait($0) }),
            (1, Gen<String>.element(of: [
                "hardware-feedback=characters", "hardware-feedback=words", "hardware-feedback=nothing",
                "pitch-change=off", "capitals=sound", "capitals=pitch", "phonetics=phonetics-only", "hints=off",
            ]).map { .setting($0) }),
            (1, Gen<Bool>.bool.map { .expectSecretValue(correct: $0) }),
            (1, .constant(.expectSecretSpeech)),
            (1, Gen<Int>.int(in: 0...30).map { .expectNumber(kind: "count", value: $0) }),
            (1, Gen<Int>.int(in: 0...30).map { .expectNumber(kind: "cursor", value: $0) }),
        ])
        let tail = Gen<[SessionStep]>.frequency([(4, .constant([])), (1, Gen<Int>.int(in: 0...4).map { [.malformed($0)] })])
        return Gen<([SessionStep], [SessionStep])>.zip(.array(of: step, count: steps), tail).map { SecureSession(steps: $0 + $1) }
    }
}

/// The leak oracle of the secure invariant (SPEC §2.3).
public enum LeakOracle {
    /// The first run of two or more characters of `secret` that appears in `output` but not in
    /// `publicText` (what the output may legitimately contain), or nil when nothing leaked.
    /// A one-character secret is checked as itself.
    /// - Complexity: O(s² · o) for a secret of s characters and an output of o.
    public static func leak(of secret: String, in output: String, publicText: String = "") -> String? {
        let characters = Array(secret)
        guard !characters.isEmpty else { return nil }
        if characters.count == 1 {
            let piece = String(characters[0])
            return output.contains(piece) && !publicText.contains(piece) ? piece : nil
        }
        for start in 0..<(characters.count - 1) {
            let piece = String(characters[start...(start + 1)])
            if output.contains(piece) && !publicText.contains(piece) { return piece }
        }
        return nil
    }
}
