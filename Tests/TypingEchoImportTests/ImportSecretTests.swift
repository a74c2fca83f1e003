import Testing
import TypingEcho
import TypingEchoTesting
@testable import TypingEchoImport

/// No output of the importers depends on a secure field's characters: a secret and a decoy of the
/// same length that share no character give the same JSON, notes, errors, script and
/// description, byte for byte, in every format.
@Suite struct ImportSecretTests {
    /// The characters secrets and decoys are drawn from: secrets from the even places, decoys from
    /// the odd ones (none shared). Each stands alone as one character whatever surrounds it.
    static let alphabet: [Character] = Array(##"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!"#$%&'()*+-./:;<=>?@[\]^_`{|}~éßłñ€Ж😀中"##)

    /// A secret and a decoy of `length` characters, from a seed.
    static func pair(seed: UInt64, length: Int, excluding: Set<Character>) -> (String, String) {
        let usable = alphabet.filter { !excluding.contains($0) }
        var generator = SeededGenerator(seed: seed)
        var secret = "", decoy = ""
        for _ in 0..<length {
            secret.append(usable[Int(generator.next(upTo: UInt64(usable.count / 2 - 1))) * 2])
            decoy.append(usable[Int(generator.next(upTo: UInt64(usable.count / 2 - 1))) * 2 + 1])
        }
        return (secret, decoy)
    }

    /// Everything the import of `source` prints: JSON, notes, the script and its notes, or the error;
    /// then what `describe` and focusing every field say.
    static func outputs(_ source: String, _ format: ScreenFormat) throws -> String {
        let screen: ImportedScreen
        do { screen = try ScreenImport.importScreen(Array(source.utf8), format: format, source: "s") } catch {
            return "error: " + error.formatted(file: "s") + "\n" + "\(error)" + String(reflecting: error)
        }
        var out = screen.json + screen.notes.map { $0.formatted(file: "s") }.joined(separator: "\n")
        let (script, notes) = screen.script()
        out += script + notes.map(\.description).joined(separator: "\n")
        out += screen.elements.map { "\($0.secureValue.map(String.init(describing:)) ?? "")\(String(reflecting: $0.secureValue))" }.joined()
        var session = try Session(records: false)
        try session.declare(screen)
        _ = ScreenDescription.write(session.screen, json: false, readers: ScreenReader.allCases) { bytes in
            out += String(decoding: bytes, as: UTF8.self)
            return true
        }
        _ = ScreenDescription.write(session.screen, json: true) { bytes in
            out += String(decoding: bytes, as: UTF8.self)
            return true
        }
        for element in session.elements where element.field != nil {
            try session.focus(element.id)
            try session.doubleTap()
            try session.keys("x")
            session.runUntilIdle()
        }
        out += session.log.spokenPhrases.joined(separator: "|")
        return out
    }

    static func xml(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    static func yaml(_ text: String) -> String {
        "\"" + text.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"") + "\""
    }

    /// A source of `format` with a password field holding `secret`; `broken` adds malformed input after it.
    static func source(_ format: ScreenFormat, _ secret: String, broken: Bool) -> String {
        switch format {
        case .uiautomator:
            return #"<hierarchy rotation="0"><node class="android.widget.EditText" resource-id="app:id/pw" password="true" text=""#
                + xml(secret) + #"" hint="Password" bounds="[0,0][300,60]"/>"# + (broken ? "<node" : "") + "</hierarchy>"
        case .xcuitest:
            return "Element subtree:\n →Application, 0x1, pid: 1, label: 'App'\n    SecureTextField, 0x2, {{0.0, 0.0}, {300.0, 44.0}}, "
                + "identifier: 'pw', label: 'Password', value: \(secret)\n" + (broken ? "    Button, {{1, 2}, {x}}\n" : "")
        case .ariaSnapshot:
            return "- textbox \"Password\" [secure]: \(yaml(secret))\n" + (broken ? "- a: 'open\n" : "")
        case .html:
            return "<input type=password id=pw value=\"\(xml(secret))\">"
        }
    }

    @Test(arguments: [ScreenFormat.uiautomator, .xcuitest, .ariaSnapshot])
    func secretsNeverReachAnOutput(format: ScreenFormat) {
        // XCUITest's unquoted value runs to the next `, KEY:`: secrets there hold no comma or quote.
        // A position after a secret counts the source's own characters, escapes included: the
        // secrets of XML and YAML hold none that their sources escape, so both sources have one length.
        let excluded: Set<Character> = switch format {
        case .xcuitest: [",", "'"]
        case .uiautomator, .html: ["&", "<", "\""]
        case .ariaSnapshot: ["\\", "\""]
        }
        let gen = Gen.zip(Gen.int(in: 0...1_000_000), Gen.zip(Gen.int(in: 1...24), Gen.bool))
        let failure = check("importedSecretsNeverShow.\(format.rawValue)", gen, cases: 150) { seed, rest in
            let (length, broken) = rest
            let (secret, decoy) = Self.pair(seed: UInt64(seed), length: length, excluding: excluded)
            let seen = try Self.outputs(Self.source(format, secret, broken: broken), format)
            let decoyed = try Self.outputs(Self.source(format, decoy, broken: broken), format)
            try require(seen == decoyed, "the output depends on the secret's characters")
            try require(length < 3 || !seen.contains(secret), "the secret is in the output")
        }
        if let failure { Issue.record("\(failure)") }
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
