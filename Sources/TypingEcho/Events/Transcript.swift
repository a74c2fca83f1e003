/// Renders events as a readable transcript: one line per event with its time, what is heard
/// and what changed. Utterances that were cut say so, with how long they had played.
///
/// ```
///    0.000  focus    username
///    0.000  says     "Username, text field"  (element)
///    1.980  says     "Double tap to edit."  (hint)
///    2.500  says   ↑ "capital H"  (echo)
///    2.500  cut      "capital H" after 0.000 s
/// ```
/// Completed utterances do not get a line of their own; the JSON stream has every `finished`.
///
/// Labels, values and typed text are shown with ``TerminalText`` rules: C0 and C1 controls and
/// bidi controls appear as `\u{…}`, so nothing from a script can drive the terminal.
public struct Transcript: Sendable {
    /// Whether to colour the output with ANSI escapes (only on a terminal, never with NO_COLOR).
    public var colour: Bool
    private var open: [Int: (text: String, start: VirtualTime)] = [:]

    /// Creates a renderer.
    public init(colour: Bool = false) { self.colour = colour }

    /// The transcript line for an event, or nil for events that get no line (completed speech).
    /// - Complexity: O(length of the event's text).
    public mutating func line(for timed: TimedEvent) -> String? {
        var bytes: [UInt8] = []
        guard write(timed, into: &bytes) else { return nil }
        return bytes.lineWithoutLineFeed
    }

    /// Appends the transcript line for an event and a newline to `output` as UTF-8 bytes,
    /// written in place (no `String` per line); nothing for events that get no line.
    /// - Returns: Whether a line was written.
    /// - Complexity: O(length of the event's text).
    @discardableResult
    public mutating func write(_ timed: TimedEvent, into output: inout [UInt8]) -> Bool {
        // Literals, numbers and colour codes take under 320 bytes in every line; strings at
        // most 6 bytes for each of theirs, escaped.
        var bound = 320
        switch timed.event {
        case .speak(let utterance):
            open[utterance.id] = (utterance.text, timed.time)
            bound += ByteWriter.escapedBound(utterance.text)
        case .finished(let id, let completed):
            guard let started = open.removeValue(forKey: id), !completed else { return false }
            bound += ByteWriter.escapedBound(started.text)
            output.appendWriting(atMost: bound) { output in
                Self.prefix(timed.time, &output)
                paint(33, &output) { $0.literal("cut") }
                output.literal("      ")
                output.terminalQuoted(started.text)
                output.literal(" after ")
                output.thousandths((timed.time - started.start).milliseconds)
                output.literal(" s\n")
            }
            return true
        case .edit(let edit): bound += ByteWriter.escapedBound(edit.field) + (edit.text.map(ByteWriter.escapedBound) ?? 0)
        case .cursor(let field, _, _): bound += ByteWriter.escapedBound(field)
        case .focus(.element(let name)), .focus(.key(let name)): bound += ByteWriter.escapedBound(name)
        case .activate(let id), .editing(let id, _): bound += ByteWriter.escapedBound(id)
        case .sound: break
        case .braille(let window): bound += window.cells.utf8.count
        }
        output.appendWriting(atMost: bound) { output in write(timed, to: &output) }
        return true
    }

    /// Writes the line of an event other than `finished` (see `write(_:into:)`).
    private func write(_ timed: TimedEvent, to output: inout ByteWriter) {
        switch timed.event {
        case .speak(let utterance):
            Self.prefix(timed.time, &output)
            output.literal(utterance.pitch > 1.001 ? "says   ↑ " : utterance.pitch < 0.999 ? "says   ↓ " : "says     ")
            paint(1, &output) { $0.terminalQuoted(utterance.text) }
            output.literal("  (")
            output.literal(utterance.role.name)
            output.literal(utterance.interrupts ? "" : ", queued")
            // Said as VoiceOver says it: the reader's own words are unknown.
            output.literal(utterance.fallback ? ", as VoiceOver)\n" : ")\n")
        case .finished:
            break
        case .sound(let name):
            Self.prefix(timed.time, &output)
            output.literal("sound    ")
            paint(36, &output) { $0.literal(name.name) }
            output.byte(UInt8(ascii: "\n"))
        case .focus(.element(let id)):
            Self.prefix(timed.time, &output)
            output.literal("focus    ")
            output.escaping(id, for: .terminal)
            output.byte(UInt8(ascii: "\n"))
        case .focus(.key(let name)):
            Self.prefix(timed.time, &output)
            output.literal("key      ")
            output.escaping(name, for: .terminal)
            output.byte(UInt8(ascii: "\n"))
        case .cursor(let field, let offset, let utf16):
            Self.prefix(timed.time, &output)
            output.literal("cursor   ")
            output.escaping(field, for: .terminal)
            output.literal(" at ")
            output.decimal(offset)
            output.literal(" (utf16 ")
            output.decimal(utf16)
            output.literal(")\n")
        case .braille(let window):
            Self.prefix(timed.time, &output)
            output.literal("braille  ")
            output.escaping(window.cells, for: .terminal)
            if let cursor = window.cursor {
                output.literal("  cursor ")
                output.decimal(cursor)
            }
            output.literal(" (from ")
            output.decimal(window.start)
            output.literal(")\n")
        case .edit(let edit):
            Self.prefix(timed.time, &output)
            // The operation padded to nine columns, inside the colour as before.
            paint(32, &output) { $0.literal(edit.operation.paddedName) }
            if let text = edit.text {
                output.terminalQuoted(text)
            } else {
                output.decimal(edit.length)
                output.literal(edit.length == 1 ? " character (secure)" : " characters (secure)")
            }
            output.literal(" at ")
            output.decimal(edit.offset)
            output.literal(" in ")
            output.escaping(edit.field, for: .terminal)
            output.literal(", now ")
            output.decimal(edit.count)
            output.literal(edit.count == 1 ? " character\n" : " characters\n")
        case .activate(let id):
            Self.prefix(timed.time, &output)
            output.literal("activate ")
            output.escaping(id, for: .terminal)
            output.byte(UInt8(ascii: "\n"))
        case .editing(let field, let editing):
            Self.prefix(timed.time, &output)
            output.literal("editing  ")
            output.escaping(field, for: .terminal)
            output.literal(editing ? " starts\n" : " ends\n")
        }
    }

    /// The time right-aligned in eight columns, then two spaces: `   1.250  `.
    private static func prefix(_ time: VirtualTime, _ output: inout ByteWriter) {
        let milliseconds = time.milliseconds
        // Digits of the whole seconds, at least one, plus ".ddd" and a sign.
        var width = 5 + (milliseconds < 0 ? 1 : 0)
        var whole = milliseconds.magnitude / 1000
        while whole >= 10 {
            width += 1
            whole /= 10
        }
        output.spaces(8 - width)
        output.thousandths(milliseconds)
        output.literal("  ")
    }

    /// Writes what `body` writes, between colour escapes when colour is on.
    @inline(__always)
    private func paint(_ code: UInt8, _ output: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
        guard colour else { return body(&output) }
        output.literal("\u{1B}[")
        output.decimal(Int(code))
        output.byte(UInt8(ascii: "m"))
        body(&output)
        output.literal("\u{1B}[0m")
    }
}

extension SpeechRole {
    /// The role's name (its raw value) as a literal.
    var name: StaticString {
        switch self {
        case .element: return "element"
        case .hint: return "hint"
        case .key: return "key"
        case .echo: return "echo"
        case .word: return "word"
        case .delete: return "delete"
        case .phonetic: return "phonetic"
        case .cursor: return "cursor"
        case .status: return "status"
        case .announcement: return "announcement"
        }
    }
}

extension SoundName {
    /// The sound's name (its raw value) as a literal.
    var name: StaticString {
        switch self {
        case .click: return "click"
        case .delete: return "delete"
        case .boundary: return "boundary"
        case .capital: return "capital"
        case .tick: return "tick"
        case .refused: return "refused"
        case .beep: return "beep"
        }
    }
}

extension TextEdit.Operation {
    /// The operation's name padded with spaces to nine columns.
    var paddedName: StaticString {
        switch self {
        case .insert: return "insert   "
        case .delete: return "delete   "
        case .replace: return "replace  "
        }
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
