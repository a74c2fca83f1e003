/// Events as `Codable` values in the event stream's flat form (docs/event-stream.md): one object per event, its `type`, its
/// time `t` in seconds, then the fields of that type, with the stream's names.
///
/// `JSONDecoder` (Foundation) reads the JSON Lines the command-line tool writes, line by line;
/// ``JSONLines/decode(_:)`` does the same without Foundation, and ``JSONLines/encode(_:into:)``
/// writes the exact bytes back (a test round-trips every line of every example).
extension TimedEvent: Codable {
    /// The field names of the JSON event stream.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, t, start, id, text, role, locale, pitch, duration, interrupts, fallback, name
        case field, op, offset, length, count, utf16, element, key, completed, editing
        case cells, cursor
    }

    /// Reads an event from its JSON object.
    public init(from decoder: any Decoder) throws {
        self = try TimedEvent(reading: KeyedEventReader(container: try decoder.container(keyedBy: CodingKeys.self)))
    }

    /// Writes the event as its JSON object, keys in the order the JSON Lines use.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func seconds(_ milliseconds: Int64) -> Double { Double(milliseconds) / 1000 }
        switch event {
        case .speak(let utterance):
            try container.encode("speak", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(seconds(time.milliseconds &+ utterance.startDelay.milliseconds), forKey: .start)
            try container.encode(utterance.id, forKey: .id)
            try container.encode(utterance.text, forKey: .text)
            try container.encode(utterance.role.rawValue, forKey: .role)
            try container.encode(utterance.locale, forKey: .locale)
            try container.encode(utterance.pitch, forKey: .pitch)
            try container.encode(seconds(utterance.duration.milliseconds), forKey: .duration)
            try container.encode(utterance.interrupts, forKey: .interrupts)
            if utterance.fallback { try container.encode(true, forKey: .fallback) }
        case .sound(let name):
            try container.encode("sound", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(name.rawValue, forKey: .name)
        case .edit(let edit):
            try container.encode("edit", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(edit.field, forKey: .field)
            try container.encode(edit.operation.rawValue, forKey: .op)
            try container.encode(edit.offset, forKey: .offset)
            try container.encode(edit.length, forKey: .length)
            try container.encode(edit.count, forKey: .count)
            try container.encodeIfPresent(edit.text, forKey: .text)
        case .cursor(let field, let offset, let utf16):
            try container.encode("cursor", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(field, forKey: .field)
            try container.encode(offset, forKey: .offset)
            try container.encode(utf16, forKey: .utf16)
        case .focus(let target):
            try container.encode("focus", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            switch target {
            case .element(let id): try container.encode(id, forKey: .element)
            case .key(let name): try container.encode(name, forKey: .key)
            }
        case .finished(let id, let completed):
            try container.encode("finished", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(id, forKey: .id)
            try container.encode(completed, forKey: .completed)
        case .braille(let window):
            try container.encode("braille", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(window.cells, forKey: .cells)
            if let cursor = window.cursor { try container.encode(cursor, forKey: .cursor) } else { try container.encodeNil(forKey: .cursor) }
            try container.encode(window.start, forKey: .start)
        case .activate(let id):
            try container.encode("activate", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(id, forKey: .element)
        case .editing(let field, let editing):
            try container.encode("editing", forKey: .type)
            try container.encode(seconds(time.milliseconds), forKey: .t)
            try container.encode(field, forKey: .field)
            try container.encode(editing, forKey: .editing)
        }
    }
}

/// Reads the fields of one event object, whatever parsed it.
protocol EventFieldReader {
    /// Whether the object has the field.
    func has(_ key: TimedEvent.CodingKeys) -> Bool
    func string(_ key: TimedEvent.CodingKeys) throws -> String
    func integer(_ key: TimedEvent.CodingKeys) throws -> Int
    func number(_ key: TimedEvent.CodingKeys) throws -> Double
    func boolean(_ key: TimedEvent.CodingKeys) throws -> Bool
    /// An error for a field whose value is not allowed.
    func invalid(_ key: TimedEvent.CodingKeys, _ message: String) -> any Error
}

extension EventFieldReader {
    /// Seconds as whole milliseconds (three decimals), checked to fit the clock's range.
    func milliseconds(_ key: TimedEvent.CodingKeys) throws -> Int64 {
        let seconds = try number(key)
        // 1e15 ms is far beyond any session (the clock stops at 1e9 s) and converts exactly.
        guard seconds.isFinite, abs(seconds) < 1e12 else { throw invalid(key, "is out of range") }
        return Int64((seconds * 1000).rounded())
    }

    /// A pitch multiplier, checked to be one the JSON Lines encoder can write (hundredths in an `Int64`).
    func pitch(_ key: TimedEvent.CodingKeys) throws -> Double {
        let pitch = try number(key)
        guard pitch.isFinite, abs(pitch) < 1e6 else { throw invalid(key, "is out of range") }
        return pitch
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ key: TimedEvent.CodingKeys, _: Choice.Type) throws -> Choice where Choice.RawValue == String {
        guard let value = Choice(rawValue: try string(key)) else {
            throw invalid(key, "is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}

extension TextEdit.Operation: CaseIterable {
    /// insert, delete, replace.
    public static var allCases: [TextEdit.Operation] { [.insert, .delete, .replace] }
}

extension TimedEvent {
    /// Builds an event from its fields; shared by `Codable` and ``JSONLines/decode(_:)``.
    init(reading fields: some EventFieldReader) throws {
        let time = VirtualTime(milliseconds: try fields.milliseconds(.t))
        let event: Event
        switch try fields.string(.type) {
        case "speak":
            // `start` is absent from streams written before it existed: it is `t` then.
            let start = fields.has(.start) ? try fields.milliseconds(.start) : time.milliseconds
            guard start >= time.milliseconds else { throw fields.invalid(.start, "is before t") }
            event = .speak(Utterance(
                id: try fields.integer(.id), text: try fields.string(.text),
                role: try fields.choice(.role, SpeechRole.self), locale: try fields.string(.locale),
                pitch: try fields.pitch(.pitch), duration: VirtualDuration(milliseconds: try fields.milliseconds(.duration)),
                interrupts: try fields.boolean(.interrupts), startDelay: VirtualDuration(milliseconds: start - time.milliseconds),
                fallback: fields.has(.fallback) ? try fields.boolean(.fallback) : false))
        case "sound":
            event = .sound(try fields.choice(.name, SoundName.self))
        case "edit":
            event = .edit(FieldEdit(
                field: try fields.string(.field), operation: try fields.choice(.op, TextEdit.Operation.self),
                offset: try fields.integer(.offset), length: try fields.integer(.length), count: try fields.integer(.count),
                text: fields.has(.text) ? try fields.string(.text) : nil))
        case "cursor":
            event = .cursor(field: try fields.string(.field), offset: try fields.integer(.offset), utf16: try fields.integer(.utf16))
        case "focus":
            if fields.has(.element) {
                event = .focus(.element(try fields.string(.element)))
            } else {
                event = .focus(.key(try fields.string(.key)))
            }
        case "finished":
            event = .finished(id: try fields.integer(.id), completed: try fields.boolean(.completed))
        case "braille":
            let cells = try fields.string(.cells)
            guard cells.unicodeScalars.allSatisfy({ (0x2800...0x28FF).contains($0.value) }) else {
                throw fields.invalid(.cells, "holds a character that is not Unicode braille")
            }
            event = .braille(BrailleWindow(cells: cells, cursor: fields.has(.cursor) ? try fields.integer(.cursor) : nil,
                                           start: try fields.integer(.start)))
        case "activate":
            event = .activate(element: try fields.string(.element))
        case "editing":
            event = .editing(field: try fields.string(.field), editing: try fields.boolean(.editing))
        default:
            throw fields.invalid(.type, "is not speak, sound, edit, cursor, focus, finished, braille, activate or editing")
        }
        self.init(time: time, event: event)
    }
}

/// Reads fields through a `Decoder`'s keyed container.
private struct KeyedEventReader: EventFieldReader {
    let container: KeyedDecodingContainer<TimedEvent.CodingKeys>

    func has(_ key: TimedEvent.CodingKeys) -> Bool { container.contains(key) && !((try? container.decodeNil(forKey: key)) ?? false) }
    func string(_ key: TimedEvent.CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
    func integer(_ key: TimedEvent.CodingKeys) throws -> Int { try container.decode(Int.self, forKey: key) }
    func number(_ key: TimedEvent.CodingKeys) throws -> Double { try container.decode(Double.self, forKey: key) }
    func boolean(_ key: TimedEvent.CodingKeys) throws -> Bool { try container.decode(Bool.self, forKey: key) }
    func invalid(_ key: TimedEvent.CodingKeys, _ message: String) -> any Error {
        DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(key.rawValue)' \(message)")
    }
}
