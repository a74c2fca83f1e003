/// Writes commands back as `.replay` script lines: the inverse of ``ScriptParser``.
///
/// Every line it writes parses back to the same command (a test round-trips every kind), so a
/// session driven through ``Session``'s verbs, a generated case or a counterexample can be
/// rerun with `typing-echo replay` or `typing-echo check`. Strings are quoted with the script's
/// escapes; what is typed into a secure field is written as typed (a script is the user's
/// input), so a script written from a session is as private as what was typed.
///
/// ```swift
/// let line = ScriptWriter.line(for: .keys("naïve \"quote\""))   // keys "naïve \"quote\""
/// let script = ScriptWriter.script([.doubleTap, .key(.backspace)])   // "double-tap\nkey backspace\n"
/// ```
public enum ScriptWriter {
    /// The script of `commands`, one line each, every line ending in a line feed.
    /// - Complexity: O(*n*) in the total length of the commands' text.
    public static func script(_ commands: some Sequence<Command>) -> String {
        commands.map { line(for: $0) + "\n" }.joined()
    }

    /// The script line that reads back as `command`.
    /// - Complexity: O(*n*) in the length of the command's text.
    public static func line(for command: Command) -> String {
        switch command {
        case .settings(let pairs):
            return "settings " + pairs.map { "\($0.key)=\(word($0.value))" }.joined(separator: " ")
        case .field(let field): return line(for: field)
        case .element(let element): return line(for: element)
        case .focus(let id): return "focus \(id)"
        case .focusKey(let name): return "focus key:\(name)"
        case .dismiss: return "dismiss"
        case .swipe(let direction): return "swipe \(direction.rawValue)"
        case .rotor(let unit): return "rotor \(unit.rawValue)"
        case .doubleTap: return "double-tap"
        case .touch(let target): return "touch \(text(of: target))"
        case .slide(let target): return "slide \(text(of: target))"
        case .lift: return "lift"
        case .splitTap: return "split-tap"
        case .hold: return "hold"
        case .type(let text): return "type \(quoted(text))"
        case .keys(let text): return "keys \(quoted(text))"
        case .key(let key): return "key \(key.rawValue)"
        case .edit(let action): return "edit \(action.rawValue)"
        case .clipboard(let text): return "clipboard \(quoted(text))"
        case .dictate(let text): return "dictate \(quoted(text))"
        case .error(let id, let message): return "error \(id) \(quoted(message))"
        case .validate: return "validate"
        case .wait(let seconds): return "wait \(number(seconds))"
        case .expect(let expectation): return "expect " + text(of: expectation)
        case .announce(let text): return "announce \(quoted(text))"
        case .screenChanged(let target): return "screen-changed" + (target.map { " focus=\($0)" } ?? "")
        case .layoutChanged(let target): return "layout-changed" + (target.map { " focus=\($0)" } ?? "")
        case .remove(let id): return "remove \(id)"
        case .route(let cell): return "route \(cell)"
        case .pan(let direction): return "pan \(direction.rawValue)"
        case .brailleInput(let on): return "braille-input \(on ? "on" : "off")"
        case .chord(let cell): return "chord \(cell.dotNumbers)"
        case .chords(let cells): return "chords \(quoted(BrailleCell.string(of: cells)))"
        case .fingerSwipe(let direction, let fingers): return "swipe \(direction.rawValue) fingers=\(fingers)"
        }
    }

    /// The script line of a parsed line: its `@S` time, if any, then its command.
    public static func line(for scriptLine: ScriptLine) -> String {
        line(for: scriptLine.command, at: scriptLine.at)
    }

    /// The script line of a command run at `@S` time `at` (none for nil).
    public static func line(for command: Command, at time: Double?) -> String {
        (time.map { "@\(number($0)) " } ?? "") + line(for: command)
    }

    /// A script string literal: `"`, `\` and line feeds escaped, control characters (C0, DEL,
    /// C1) as `\u{…}`; every other character as it is.
    /// - Complexity: O(*n*) in the length of the text.
    public static func quoted(_ text: String) -> String {
        // Over the UTF-8 bytes, plain ones copied as they are: what needs an escape is ASCII
        // (a quote, a backslash, a line feed, C0 controls and DEL) or a C1 control (C2 80–9F).
        // A property test writes every secret of every case through here.
        var text = text
        return text.withUTF8 { utf8 in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + 2)
            bytes.append(0x22)
            func escape(_ value: UInt8) {
                // `\u{…}` with the value in lower-case hex, no leading zeros.
                let digits = Self.hexDigits
                bytes.append(0x5C)
                bytes.append(0x75)
                bytes.append(0x7B)
                if value >= 0x10 { bytes.append(digits[Int(value >> 4)]) }
                bytes.append(digits[Int(value & 0x0F)])
                bytes.append(0x7D)
            }
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case 0x22, 0x5C:
                    bytes.append(0x5C)
                    bytes.append(byte)
                case 0x0A:
                    bytes.append(0x5C)
                    bytes.append(0x6E)
                case 0x00..<0x20, 0x7F:
                    escape(byte)
                case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                    escape(utf8[index + 1])
                    index += 1
                default:
                    bytes.append(byte)
                }
                index += 1
            }
            bytes.append(0x22)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The lower-case hex digits, as UTF-8.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A number as the script reads it: digits, at most one `.`, no exponent (`0.25`, `3.0`).
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let plain = value.description
        if !plain.contains("e") { return plain }
        // Far from 1: fixed notation, to the microsecond (the clock counts milliseconds).
        let micro = (value.magnitude * 1_000_000).rounded()
        guard micro < 9.0e18 else { return value < 0 ? "-9000000000000" : "9000000000000" }
        let whole = UInt64(micro) / 1_000_000, fraction = UInt64(micro) % 1_000_000
        let digits = String(String(fraction + 1_000_000).dropFirst())
        return (value < 0 ? "-" : "") + "\(whole).\(digits)"
    }

    private static func line(for field: FieldDeclaration) -> String {
        var parts = ["field", field.id, "kind=\(field.kind.rawValue)", "label=\(quoted(field.label))"]
        if !field.value.isEmpty { parts.append("value=\(quoted(field.value))") }
        if let hint = field.hint { parts.append("hint=\(quoted(hint))") }
        if let placeholder = field.placeholder { parts.append("placeholder=\(quoted(placeholder))") }
        if field.required { parts.append("required") }
        if let error = field.error { parts.append("error=\(quoted(error))") }
        if field.disabled { parts.append("disabled") }
        if !field.dictation { parts.append("dictation=off") }
        if let max = field.maxLength { parts.append("max=\(max)") }
        if let frame = field.frame { parts.append("frame=\(text(of: frame))") }
        if field.hidden { parts.append("hidden") }
        if field.keyboard != .default { parts.append("keyboard=\(field.keyboard.rawValue)") }
        if field.returnKey != .default { parts.append("return-key=\(field.returnKey.rawValue)") }
        if let caps = field.autocapitalization { parts.append("autocapitalization=\(caps.rawValue)") }
        if let description = field.description { parts.append("description=\(quoted(description))") }
        if field.invalid { parts.append("invalid") }
        if field.readOnly { parts.append("read-only") }
        if let min = field.minLength { parts.append("min=\(min)") }
        if let autocomplete = field.autocomplete { parts.append("autocomplete=\(word(autocomplete))") }
        return parts.joined(separator: " ")
    }

    private static func line(for element: ElementDeclaration) -> String {
        var parts = ["element", element.id, "label=\(quoted(element.label))"]
        if let kind = element.kind { parts.append("kind=\(kind.rawValue)") }
        if !element.traits.isEmpty {
            // By name when every bit has one, else as a mask.
            let names = element.traits.names
            parts.append("traits=" + (Traits(names.compactMap(Traits.init(name:))) == element.traits ? names.joined(separator: ",") : element.traits.hex))
        }
        if let value = element.value { parts.append("value=\(quoted(value))") }
        if let hint = element.hint { parts.append("hint=\(quoted(hint))") }
        if let frame = element.frame { parts.append("frame=\(text(of: frame))") }
        if !element.steps.isEmpty { parts.append("steps=\(quoted(element.steps.joined(separator: "|")))") }
        if let labels = element.labels { parts.append("labels=\(labels)") }
        if element.hidden { parts.append("hidden") }
        if element.interactive { parts.append("interactive") }
        if let description = element.description { parts.append("description=\(quoted(description))") }
        if let level = element.level { parts.append("level=\(level)") }
        if let live = element.live { parts.append("live=\(live.rawValue)") }
        return parts.joined(separator: " ")
    }

    private static func text(of frame: Frame) -> String {
        [frame.x, frame.y, frame.width, frame.height].map(number).joined(separator: ",")
    }

    private static func text(of target: TouchTarget) -> String {
        switch target {
        case .key(let name): word(name)
        case .point(let x, let y): "\(number(x)),\(number(y))"
        }
    }

    private static func text(of expectation: Expectation) -> String {
        switch expectation {
        case .speech(let text): "speech \(quoted(text))"
        case .heard(let text): "heard \(quoted(text))"
        case .value(let text): "value \(quoted(text))"
        case .count(let count): "count \(count)"
        case .cursor(let offset): "cursor \(offset)"
        case .noSpeech: "no-speech"
        case .sound(let sound): "sound \(sound.rawValue)"
        case .braille(let cells): "braille \(quoted(cells))"
        case .brailleCursor(let cell): "braille-cursor \(cell.map(String.init) ?? "none")"
        }
    }

    /// A bare word when the lexer reads it back as one (no space, quote, `#`, `=`, `,` or
    /// control character), else a quoted string.
    private static func word(_ text: String) -> String {
        let bare = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !(0x80..<0xA0).contains(scalar.value)
                && !"\"#=,\\".unicodeScalars.contains(scalar) && !scalar.properties.isWhitespace
        }
        return bare ? text : quoted(text)
    }
}
