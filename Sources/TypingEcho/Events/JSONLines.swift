/// Encodes events as JSON Lines (docs/event-stream.md): one object per line, keys in a fixed order, so the
/// same run always produces the same bytes.
public enum JSONLines {
    /// Appends one event as a JSON object and a newline to `output`, as UTF-8 bytes written in
    /// place: keys and punctuation as literals, numbers digit by digit, strings escaped by table.
    /// - Complexity: O(length of the event's text).
    public static func encode(_ timed: TimedEvent, into output: inout [UInt8]) {
        // Literals and numbers take under 256 bytes in every event; strings at most 6 bytes
        // for each of theirs, escaped.
        var bound = 256
        switch timed.event {
        case .speak(let utterance): bound += ByteWriter.escapedBound(utterance.text) + ByteWriter.escapedBound(utterance.locale)
        case .edit(let edit): bound += ByteWriter.escapedBound(edit.field) + (edit.text.map(ByteWriter.escapedBound) ?? 0)
        case .cursor(let field, _, _): bound += ByteWriter.escapedBound(field)
        case .focus(.element(let name)), .focus(.key(let name)): bound += ByteWriter.escapedBound(name)
        case .activate(let id), .editing(let id, _): bound += ByteWriter.escapedBound(id)
        case .sound, .finished: break
        case .braille(let window): bound += window.cells.utf8.count
        }
        output.appendWriting(atMost: bound) { output in write(timed, to: &output) }
    }

    /// Writes one event's line (see `encode(_:into:)`).
    private static func write(_ timed: TimedEvent, to output: inout ByteWriter) {
        switch timed.event {
        case .speak(let utterance):
            output.literal(#"{"type":"speak","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","start":"#)
            output.thousandths(timed.time.milliseconds &+ utterance.startDelay.milliseconds)
            output.literal(#","id":"#)
            output.decimal(utterance.id)
            output.literal(#","text":"#)
            output.jsonString(utterance.text)
            output.literal(#","role":"#)
            output.literal(utterance.role.jsonLiteral)
            output.literal(#","locale":"#)
            output.jsonString(utterance.locale)
            output.literal(#","pitch":"#)
            if let hundredths = Self.hundredths(utterance.pitch) {
                output.hundredths(hundredths)
            } else {
                output.literal("null")
            }
            output.literal(#","duration":"#)
            output.thousandths(utterance.duration.milliseconds)
            output.literal(utterance.interrupts ? #","interrupts":true"# : #","interrupts":false"#)
            // Only a fallback is marked, so VoiceOver's lines stay as they were.
            output.literal(utterance.fallback ? #","fallback":true}\#n"# : "}\n")
        case .sound(let name):
            output.literal(#"{"type":"sound","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","name":"#)
            output.literal(name.jsonLiteral)
            output.literal("}\n")
        case .edit(let edit):
            output.literal(#"{"type":"edit","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","field":"#)
            output.jsonString(edit.field)
            output.literal(#","op":"#)
            output.literal(edit.operation.jsonLiteral)
            output.literal(#","offset":"#)
            output.decimal(edit.offset)
            output.literal(#","length":"#)
            output.decimal(edit.length)
            output.literal(#","count":"#)
            output.decimal(edit.count)
            if let text = edit.text {
                output.literal(#","text":"#)
                output.jsonString(text)
            }
            output.literal("}\n")
        case .cursor(let field, let offset, let utf16):
            output.literal(#"{"type":"cursor","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","field":"#)
            output.jsonString(field)
            output.literal(#","offset":"#)
            output.decimal(offset)
            output.literal(#","utf16":"#)
            output.decimal(utf16)
            output.literal("}\n")
        case .focus(let target):
            output.literal(#"{"type":"focus","t":"#)
            output.thousandths(timed.time.milliseconds)
            switch target {
            case .element(let id):
                output.literal(#","element":"#)
                output.jsonString(id)
            case .key(let name):
                output.literal(#","key":"#)
                output.jsonString(name)
            }
            output.literal("}\n")
        case .finished(let id, let completed):
            output.literal(#"{"type":"finished","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","id":"#)
            output.decimal(id)
            output.literal(completed ? #","completed":true}\#n"# : #","completed":false}\#n"#)
        case .braille(let window):
            output.literal(#"{"type":"braille","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","cells":"#)
            output.jsonString(window.cells)
            output.literal(#","cursor":"#)
            if let cursor = window.cursor { output.decimal(cursor) } else { output.literal("null") }
            output.literal(#","start":"#)
            output.decimal(window.start)
            output.literal("}\n")
        case .activate(let id):
            output.literal(#"{"type":"activate","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","element":"#)
            output.jsonString(id)
            output.literal("}\n")
        case .editing(let field, let editing):
            output.literal(#"{"type":"editing","t":"#)
            output.thousandths(timed.time.milliseconds)
            output.literal(#","field":"#)
            output.jsonString(field)
            output.literal(editing ? #","editing":true}\#n"# : #","editing":false}\#n"#)
        }
    }

    /// A pitch in hundredths (1.2 → 120), or nil for one that is not a finite number of a
    /// sensible size (the engine never makes one; an embedder's `Utterance` could).
    static func hundredths(_ pitch: Double) -> Int64? {
        let scaled = (pitch * 100).rounded()
        guard scaled.isFinite, scaled.magnitude < 1e15 else { return nil }
        return Int64(scaled)
    }

    /// A JSON string literal for `text`, escaped exactly as event fields are.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.appendWriting(atMost: ByteWriter.escapedBound(text)) { $0.jsonString(text) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One event as a JSON line without the newline, for tests and embedding.
    public static func line(_ timed: TimedEvent) -> String {
        var bytes: [UInt8] = []
        encode(timed, into: &bytes)
        return bytes.lineWithoutLineFeed
    }
}

extension SpeechRole {
    /// The role as a JSON string literal, quotes included.
    var jsonLiteral: StaticString {
        switch self {
        case .element: return #""element""#
        case .hint: return #""hint""#
        case .key: return #""key""#
        case .echo: return #""echo""#
        case .word: return #""word""#
        case .delete: return #""delete""#
        case .phonetic: return #""phonetic""#
        case .cursor: return #""cursor""#
        case .status: return #""status""#
        case .announcement: return #""announcement""#
        }
    }
}

extension SoundName {
    /// The name as a JSON string literal, quotes included.
    var jsonLiteral: StaticString {
        switch self {
        case .click: return #""click""#
        case .delete: return #""delete""#
        case .boundary: return #""boundary""#
        case .capital: return #""capital""#
        case .tick: return #""tick""#
        case .refused: return #""refused""#
        case .beep: return #""beep""#
        }
    }
}

extension TextEdit.Operation {
    /// The operation as a JSON string literal, quotes included.
    var jsonLiteral: StaticString {
        switch self {
        case .insert: return #""insert""#
        case .delete: return #""delete""#
        case .replace: return #""replace""#
        }
    }
}
