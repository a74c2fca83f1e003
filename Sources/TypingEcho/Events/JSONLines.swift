/// Encodes events as JSON Lines (SPEC §4): one object per line, keys in a fixed order, so the
/// same run always produces the same bytes.
public enum JSONLines {
    /// Appends one event as a JSON object and a newline to `output`.
    /// - Complexity: O(length of the event's text).
    public static func encode(_ timed: TimedEvent, into output: inout [UInt8]) {
        // The buffer is swapped in and out so appending never copies what is already there.
        var line = JSONObject()
        swap(&line.output, &output)
        line.open()
        defer {
            line.close()
            swap(&line.output, &output)
        }
        switch timed.event {
        case .speak(let utterance):
            line.string("type", "speak")
            line.time(timed.time)
            line.integer("id", utterance.id)
            line.string("text", utterance.text)
            line.string("role", utterance.role.rawValue)
            line.string("locale", utterance.locale)
            line.number("pitch", hundredths: Int64((utterance.pitch * 100).rounded()))
            line.number("duration", thousandths: utterance.duration.milliseconds)
            line.boolean("interrupts", utterance.interrupts)
        case .sound(let name):
            line.string("type", "sound")
            line.time(timed.time)
            line.string("name", name.rawValue)
        case .edit(let edit):
            line.string("type", "edit")
            line.time(timed.time)
            line.string("field", edit.field)
            line.string("op", edit.operation.rawValue)
            line.integer("offset", edit.offset)
            line.integer("length", edit.length)
            line.integer("count", edit.count)
            if let text = edit.text { line.string("text", text) }
        case .cursor(let field, let offset, let utf16):
            line.string("type", "cursor")
            line.time(timed.time)
            line.string("field", field)
            line.integer("offset", offset)
            line.integer("utf16", utf16)
        case .focus(let target):
            line.string("type", "focus")
            line.time(timed.time)
            switch target {
            case .element(let id): line.string("element", id)
            case .key(let name): line.string("key", name)
            }
        case .finished(let id, let completed):
            line.string("type", "finished")
            line.time(timed.time)
            line.integer("id", id)
            line.boolean("completed", completed)
        }
    }

    /// A JSON string literal for `text`, escaped exactly as event fields are.
    static func quoted(_ text: String) -> String {
        var writer = JSONObject()
        writer.literal(text)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// One event as a JSON line without the newline, for tests and embedding.
    public static func line(_ timed: TimedEvent) -> String {
        var bytes: [UInt8] = []
        encode(timed, into: &bytes)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }
}

/// Builds one JSON object in place.
struct JSONObject {
    var output: [UInt8] = []
    private var first = true

    mutating func open() { output.append(UInt8(ascii: "{")) }

    mutating func close() {
        output.append(UInt8(ascii: "}"))
        output.append(UInt8(ascii: "\n"))
    }

    private mutating func key(_ name: StaticString) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { output.append(contentsOf: $0) }
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ":"))
    }

    mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        literal(value)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    mutating func literal(_ value: String) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Runs that need no escaping (almost everything) are copied in one go.
            var run = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                escape(byte)
                run = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: [92, 34])
        case UInt8(ascii: "\\"): output.append(contentsOf: [92, 92])
        case 0x0A: output.append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [92, UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        }
    }

    mutating func integer(_ name: StaticString, _ value: Int) {
        key(name)
        appendDecimal(value)
    }

    /// Writes an integer's decimal digits straight into the output, without a String.
    private mutating func appendDecimal(_ value: Int) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, filled from the end
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    mutating func boolean(_ name: StaticString, _ value: Bool) {
        key(name)
        output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func time(_ time: VirtualTime) { number("t", thousandths: time.milliseconds) }

    mutating func number(_ name: StaticString, thousandths: Int64) {
        key(name)
        // Same text as formatThousandths (1250 → "1.250"), written without a String.
        if thousandths < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = Int(thousandths.magnitude)
        appendDecimal(magnitude / 1000)
        let fraction = magnitude % 1000
        output.append(UInt8(ascii: "."))
        output.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        output.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        output.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    /// A number with up to two decimals and at least one: 1.0, 1.2, 0.85.
    mutating func number(_ name: StaticString, hundredths: Int64) {
        key(name)
        var text = formatThousandths(hundredths * 10)
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        output.append(contentsOf: text.utf8)
    }
}
