/// Encodes events as JSON Lines (SPEC §4): one object per line, keys in a fixed order, so the
/// same run always produces the same bytes.
public enum JSONLines {
    /// Appends one event as a JSON object and a newline to `output`, as UTF-8 bytes written in
    /// place: keys and punctuation as literals, numbers digit by digit, strings escaped by table.
    /// - Complexity: O(length of the event's text).
    public static func encode(_ timed: TimedEvent, into output: inout [UInt8]) {
        switch timed.event {
        case .speak(let utterance):
            output.append(literal: #"{"type":"speak","t":"#)
            output.append(thousandths: timed.time.milliseconds)
            output.append(literal: #","id":"#)
            output.append(decimal: utterance.id)
            output.append(literal: #","text":"#)
            output.append(jsonString: utterance.text)
            output.append(literal: #","role":"#)
            output.append(literal: utterance.role.jsonLiteral)
            output.append(literal: #","locale":"#)
            output.append(jsonString: utterance.locale)
            output.append(literal: #","pitch":"#)
            if let hundredths = Self.hundredths(utterance.pitch) {
                output.append(hundredths: hundredths)
            } else {
                output.append(literal: "null")
            }
            output.append(literal: #","duration":"#)
            output.append(thousandths: utterance.duration.milliseconds)
            output.append(literal: utterance.interrupts ? #","interrupts":true}\#n"# : #","interrupts":false}\#n"#)
        case .sound(let name):
            output.append(literal: #"{"type":"sound","t":"#)
            output.append(thousandths: timed.time.milliseconds)
            output.append(literal: #","name":"#)
            output.append(literal: name.jsonLiteral)
            output.append(literal: "}\n")
        case .edit(let edit):
            output.append(literal: #"{"type":"edit","t":"#)
            output.append(thousandths: timed.time.milliseconds)
            output.append(literal: #","field":"#)
            output.append(jsonString: edit.field)
            output.append(literal: #","op":"#)
            output.append(literal: edit.operation.jsonLiteral)
            output.append(literal: #","offset":"#)
            output.append(decimal: edit.offset)
            output.append(literal: #","length":"#)
            output.append(decimal: edit.length)
            output.append(literal: #","count":"#)
            output.append(decimal: edit.count)
            if let text = edit.text {
                output.append(literal: #","text":"#)
                output.append(jsonString: text)
            }
            output.append(literal: "}\n")
        case .cursor(let field, let offset, let utf16):
            output.append(literal: #"{"type":"cursor","t":"#)
            output.append(thousandths: timed.time.milliseconds)
            output.append(literal: #","field":"#)
            output.append(jsonString: field)
            output.append(literal: #","offset":"#)
            output.append(decimal: offset)
            output.append(literal: #","utf16":"#)
            output.append(decimal: utf16)
            output.append(literal: "}\n")
        case .focus(let target):
            output.append(literal: #"{"type":"focus","t":"#)
            output.append(thousandths: timed.time.milliseconds)
            switch target {
            case .element(let id):
                output.append(literal: #","element":"#)
                output.append(jsonString: id)
            case .key(let name):
                output.append(literal: #","key":"#)
                output.append(jsonString: name)
            }
            output.append(literal: "}\n")
        case .finished(let id, let completed):
            output.append(literal: #"{"type":"finished","t":"#)
            output.append(thousandths: timed.time.milliseconds)
            output.append(literal: #","id":"#)
            output.append(decimal: id)
            output.append(literal: completed ? #","completed":true}\#n"# : #","completed":false}\#n"#)
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
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.append(jsonString: text)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One event as a JSON line without the newline, for tests and embedding.
    public static func line(_ timed: TimedEvent) -> String {
        var bytes: [UInt8] = []
        encode(timed, into: &bytes)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
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
