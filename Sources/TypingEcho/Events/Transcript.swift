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
public struct Transcript: Sendable {
    /// Whether to colour the output with ANSI escapes (only on a terminal, never with NO_COLOR).
    public var colour: Bool
    private var open: [Int: (text: String, start: VirtualTime)] = [:]

    /// Creates a renderer.
    public init(colour: Bool = false) { self.colour = colour }

    /// The transcript line for an event, or nil for events that get no line (completed speech).
    public mutating func line(for timed: TimedEvent) -> String? {
        let time = timed.time.description
        let prefix = String(repeating: " ", count: max(0, 8 - time.count)) + time + "  "
        switch timed.event {
        case .speak(let utterance):
            open[utterance.id] = (utterance.text, timed.time)
            let mark = utterance.pitch > 1.001 ? "↑ " : utterance.pitch < 0.999 ? "↓ " : "  "
            let queued = utterance.interrupts ? "" : ", queued"
            return prefix + "says   " + mark + paint("\"\(utterance.text)\"", 1) + "  (\(utterance.role.rawValue)\(queued))"
        case .finished(let id, let completed):
            guard let started = open.removeValue(forKey: id), !completed else { return nil }
            let played = timed.time - started.start
            return prefix + paint("cut", 33) + "      \"\(started.text)\" after \(played) s"
        case .sound(let name):
            return prefix + "sound    " + paint(name.rawValue, 36)
        case .focus(.element(let id)):
            return prefix + "focus    " + id
        case .focus(.key(let name)):
            return prefix + "key      " + name
        case .cursor(let field, let offset, let utf16):
            return prefix + "cursor   \(field) at \(offset) (utf16 \(utf16))"
        case .edit(let edit):
            let what = edit.text.map { "\"\($0)\"" } ?? "\(edit.length) \(edit.length == 1 ? "character" : "characters") (secure)"
            let count = "\(edit.count) \(edit.count == 1 ? "character" : "characters")"
            let verb = edit.operation.rawValue.padding(to: 9)
            return prefix + paint(verb, 32) + "\(what) at \(edit.offset) in \(edit.field), now \(count)"
        }
    }

    private func paint(_ text: String, _ code: Int) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
