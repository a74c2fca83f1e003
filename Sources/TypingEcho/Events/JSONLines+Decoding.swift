/// Reading the JSON Lines back: one event per line, as ``JSONLines/encode(_:into:)`` writes
/// them, without Foundation.
///
/// ```swift
/// let event = try JSONLines.decode(#"{"type":"sound","t":1.500,"name":"click"}"#.utf8)
/// // TimedEvent(time: 1.500, event: .sound(.click))
/// ```
///
/// Fields a newer writer may add are ignored; a missing field, a value of the wrong type,
/// nested objects or arrays, a duplicate key, invalid UTF-8 or a lone surrogate are errors.
/// Numbers are range-checked before any arithmetic.
extension JSONLines {
    /// Decodes one line (without its newline; surrounding spaces are allowed).
    /// - Throws: ``JSONLinesError`` with the byte column of the problem.
    /// - Complexity: O(*n*) in the length of the line.
    public static func decode(_ line: some Collection<UInt8>) throws(JSONLinesError) -> TimedEvent {
        var parser = FlatJSONParser(bytes: Array(line))
        let object = try parser.object()
        do {
            return try TimedEvent(reading: object)
        } catch let error as JSONLinesError {
            throw error
        } catch {
            throw JSONLinesError(message: "\(error)", column: nil)
        }
    }

    /// Decodes every non-empty line of a JSON Lines text.
    /// - Throws: ``JSONLinesError`` with the line and column of the first problem.
    /// - Complexity: O(*n*) in the length of the text.
    public static func decodeAll(_ text: String) throws(JSONLinesError) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var number = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            do { events.append(try decode(line)) } catch {
                var located = error
                located.line = number
                throw located
            }
        }
        return events
    }
}

extension JSONLines {
    /// Reads events from JSON Lines that arrive in chunks (a pipe from `typing-echo replay
    /// --format json`), one event per complete line; memory stays bounded by the longest line.
    ///
    /// ```swift
    /// var reader = JSONLines.Reader()
    /// reader.append(Array(#"{"type":"sound","t":0.500,"name":"tick"}"#.utf8) + [10, 123])
    /// let first = try reader.next()   // the tick; the "{" waits for the rest of its line
    /// ```
    public struct Reader: Sendable {
        private var splitter = LineSplitter()

        /// Creates a reader with nothing buffered.
        public init() {}

        /// Adds the next bytes; chunks may split lines and UTF-8 sequences anywhere.
        /// - Complexity: Amortized O(*m*) for a chunk of *m* bytes.
        public mutating func append(_ chunk: some Collection<UInt8>) { splitter.append(chunk) }

        /// Marks the end of the input, so that a last line without a newline is read too.
        public mutating func finish() { splitter.finish() }

        /// The next event, or nil until another complete line has arrived; empty lines are skipped.
        /// - Throws: ``JSONLinesError`` with the line number; the reader goes on with the next line.
        /// - Complexity: O(*n*) in the length of the line.
        public mutating func next() throws(JSONLinesError) -> TimedEvent? {
            while let (number, bytes) = splitter.nextLine() {
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
                do { return try JSONLines.decode(bytes) } catch {
                    var located = error
                    located.line = number
                    throw located
                }
            }
            return nil
        }
    }
}

/// A JSON Lines line that is not an event.
public struct JSONLinesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong; it names fields, never quotes values.
    public var message: String
    /// The 1-based byte column in the line, when known.
    public var column: Int?
    /// The 1-based line number, when decoding several lines.
    public var line: Int?

    /// Creates an error.
    public init(message: String, column: Int?, line: Int? = nil) {
        self.message = message
        self.column = column
        self.line = line
    }

    /// `LINE:COLUMN: MESSAGE`, with the parts that are known.
    public var description: String {
        var prefix = ""
        if let line { prefix += "\(line):" }
        if let column { prefix += "\(column):" }
        return prefix.isEmpty ? message : prefix + " " + message
    }
}

/// A scalar JSON value of a flat object.
enum FlatJSONValue {
    case string(String)
    /// A number with its text, so integers are read exactly.
    case number(String)
    case boolean(Bool)
    case null
}

/// One flat JSON object: its keys and scalar values.
struct FlatJSONObject: EventFieldReader {
    var values: [String: FlatJSONValue] = [:]

    func has(_ key: TimedEvent.CodingKeys) -> Bool {
        if case .null? = values[key.rawValue] { return false }
        return values[key.rawValue] != nil
    }

    private func value(_ key: TimedEvent.CodingKeys) throws(JSONLinesError) -> FlatJSONValue {
        guard let value = values[key.rawValue] else { throw JSONLinesError(message: "missing '\(key.rawValue)'", column: nil) }
        return value
    }

    func string(_ key: TimedEvent.CodingKeys) throws -> String {
        guard case .string(let text) = try value(key) else { throw invalid(key, "is not a string") }
        return text
    }

    func integer(_ key: TimedEvent.CodingKeys) throws -> Int {
        guard case .number(let text) = try value(key), let number = Int(text) else { throw invalid(key, "is not a whole number in range") }
        return number
    }

    func number(_ key: TimedEvent.CodingKeys) throws -> Double {
        guard case .number(let text) = try value(key), let number = Double(text), number.isFinite else { throw invalid(key, "is not a number in range") }
        return number
    }

    func boolean(_ key: TimedEvent.CodingKeys) throws -> Bool {
        guard case .boolean(let value) = try value(key) else { throw invalid(key, "is not true or false") }
        return value
    }

    func invalid(_ key: TimedEvent.CodingKeys, _ message: String) -> any Error {
        JSONLinesError(message: "'\(key.rawValue)' \(message)", column: nil)
    }
}

/// Parses one JSON object whose values are strings, numbers, booleans or null.
struct FlatJSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONLinesError { JSONLinesError(message: message, column: index + 1) }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONLinesError) {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw error("expected \(what)") }
        index += 1
    }

    mutating func object() throws(JSONLinesError) -> FlatJSONObject {
        var object = FlatJSONObject()
        try expect(UInt8(ascii: "{"), "'{' to start an event object")
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipSpace()
                let keyColumn = index
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let key = try string()
                try expect(UInt8(ascii: ":"), "':' after a key")
                let value = try scalar()
                guard object.values.updateValue(value, forKey: key) == nil else {
                    throw JSONLinesError(message: "duplicate key", column: keyColumn + 1)
                }
                skipSpace()
                guard index < bytes.count else { throw error("expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                throw error("expected ',' or '}'")
            }
        }
        skipSpace()
        guard index == bytes.count else { throw error("unexpected text after the object") }
        return object
    }

    private mutating func scalar() throws(JSONLinesError) -> FlatJSONValue {
        skipSpace()
        guard index < bytes.count else { throw error("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .boolean(true)
        case UInt8(ascii: "f"): try word("false"); return .boolean(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "{"), UInt8(ascii: "["): throw error("nested objects and arrays are not event fields")
        default: throw error("expected a value")
        }
    }

    private mutating func word(_ word: StaticString) throws(JSONLinesError) {
        let expected = word.withUTF8Buffer { Array($0) }
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected a value")
        }
        index += expected.count
    }

    /// A JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(JSONLinesError) -> String {
        let start = index
        func digits(_ parser: inout FlatJSONParser) -> Int {
            let first = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) { parser.index += 1 }
            return parser.index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = digits(&self)
        guard whole > 0, !(whole > 1 && bytes[index - whole] == UInt8(ascii: "0")) else { throw error("bad number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("bad number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("bad number") }
        }
        guard index - start <= 64 else { throw JSONLinesError(message: "number too long", column: start + 1) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A JSON string at `index` (its opening quote), unescaped and checked to be valid UTF-8.
    private mutating func string() throws(JSONLinesError) -> String {
        let start = index
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw JSONLinesError(message: "unclosed string", column: start + 1) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                index += 1
                continue
            }
            let backslash = index
            index += 1
            guard index < bytes.count else { throw JSONLinesError(message: "unclosed string", column: start + 1) }
            let escape = bytes[index]
            index += 1
            // Problems with an escape are reported at its backslash.
            func escapeError(_ message: String) -> JSONLinesError { JSONLinesError(message: message, column: backslash + 1) }
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "u"):
                var value = try hex4()
                if (0xD800..<0xDC00).contains(value) {
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw escapeError("lone surrogate in a string")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw escapeError("lone surrogate in a string") }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(value) {
                    throw escapeError("lone surrogate in a string")
                }
                text.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
            default:
                throw escapeError("unknown escape in a string")
            }
        }
        guard let string = String(validating: text, as: UTF8.self) else {
            throw JSONLinesError(message: "invalid UTF-8 in a string", column: start + 1)
        }
        return string
    }

    private mutating func hex4() throws(JSONLinesError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("bad \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
