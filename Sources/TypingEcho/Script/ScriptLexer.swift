/// A run of source text: a bare word, a quoted string's content, or one side of `KEY=VALUE`.
struct ScriptPiece: Sendable {
    /// The text, with escapes already resolved.
    var text: String
    /// The column of the first scalar, or of the opening quote when quoted.
    var column: Int
    /// Whether the text was written in double quotes.
    var quoted: Bool
    /// Whether the scalar at offset `k` of `text` was written at `contentColumn + k` (false once an escape shifted them).
    var exactColumns: Bool = true

    /// The column where the text itself starts (after the opening quote).
    var contentColumn: Int { quoted ? column + 1 : column }

    /// The text split at commas, each part with the column it starts at.
    func commaSeparated() -> [(text: String, column: Int)] {
        var parts: [(text: String, column: Int)] = []
        var current = String.UnicodeScalarView()
        var partOffset = 0
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar == "," {
                parts.append((String(current), column(atOffset: partOffset)))
                current = String.UnicodeScalarView()
                partOffset = offset + 1
            } else {
                current.append(scalar)
            }
            offset += 1
        }
        parts.append((String(current), column(atOffset: partOffset)))
        return parts
    }

    private func column(atOffset offset: Int) -> Int {
        exactColumns ? contentColumn + offset : column
    }
}

/// One token of a script line: a bare word, a quoted string, or `KEY=VALUE`.
struct ScriptToken: Sendable {
    /// The attribute name, when the token is `KEY=VALUE`.
    var key: ScriptPiece?
    /// The word, the string, or the attribute's value.
    var value: ScriptPiece
    /// The column just past the token.
    var endColumn: Int

    /// Where the token starts.
    var column: Int { key?.column ?? value.column }
    /// Whether the token is a bare word (not quoted, not an attribute).
    var isWord: Bool { key == nil && !value.quoted }
    /// Whether the token is a lone quoted string.
    var isString: Bool { key == nil && value.quoted }
}

/// Turns one line of raw bytes into tokens: checks UTF-8, strips comments, resolves escapes.
///
/// `#` starts a comment anywhere outside a quoted string; spaces and tabs separate tokens.
/// The lexer works on the validated UTF-8 bytes: every delimiter is ASCII, which never occurs
/// inside a multi-byte sequence, and columns are counted in characters only when asked for.
struct ScriptLexer {
    private let bytes: [UInt8]
    private let line: Int
    private var index: Int
    /// Where the line's text starts (after a byte-order mark on line 1).
    private let start: Int
    /// Where the line's text ends (before a trailing carriage return).
    private let end: Int
    /// The last index whose column was computed, and that column, so columns are found in one forward pass.
    private var columnMark: (index: Int, column: Int)

    private init(bytes: [UInt8], line: Int) throws(ScriptError) {
        self.bytes = bytes
        self.line = line
        let bom = line == 1 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        start = bom
        index = bom
        end = bytes.last == 0x0D ? bytes.count - 1 : bytes.count
        columnMark = (bom, 1)
        try validate()
    }

    /// The tokens of one line (no line feed; a trailing carriage return is ignored).
    /// - Complexity: O(*n*) in the length of the line.
    static func tokens(of bytes: some Collection<UInt8>, line: Int) throws(ScriptError) -> [ScriptToken] {
        // Contiguous input (arrays, slices) is copied in one step, even when called from another module.
        let array = bytes.withContiguousStorageIfAvailable { Array($0) } ?? Array(bytes)
        var lexer = try ScriptLexer(bytes: array, line: line)
        return try lexer.tokens()
    }

    /// Checks the whole line is UTF-8, reporting the first bad byte at its column.
    private mutating func validate() throws(ScriptError) {
        var iterator = bytes[index...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var consumed = index
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): consumed += encoded.count
            case .emptyInput: return
            case .error: throw ScriptError("invalid UTF-8", line: line, column: column(at: consumed))
            }
        }
    }

    /// The 1-based column, in characters (grapheme clusters), of the byte at `target`.
    ///
    /// Characters, not scalars or bytes: a column then depends only on how many characters
    /// come before, so an error after a quoted password reveals no more than its length.
    private mutating func column(at target: Int) -> Int {
        if target < columnMark.index { columnMark = (start, 1) }
        var (position, column) = columnMark
        // ASCII runs advance one column per byte; anything else is counted as characters.
        while position < target && bytes[position] < 0x80 && (position + 1 >= bytes.count || bytes[position + 1] < 0x80) {
            column += 1
            position += 1
        }
        if position < target {
            let prefix = String(decoding: bytes[start..<target], as: UTF8.self)
            columnMark = (target, prefix.count + 1)
            return prefix.count + 1
        }
        columnMark = (target, column)
        return column
    }

    private mutating func error(_ message: String, at index: Int) -> ScriptError {
        ScriptError(message, line: line, column: column(at: index))
    }

    private mutating func tokens() throws(ScriptError) -> [ScriptToken] {
        var tokens: [ScriptToken] = []
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "#"): return tokens
            default: tokens.append(try token())
            }
        }
        return tokens
    }

    private mutating func token() throws(ScriptError) -> ScriptToken {
        if bytes[index] == UInt8(ascii: "\"") {
            let string = try quoted()
            try separator(afterQuote: true)
            return ScriptToken(key: nil, value: string, endColumn: column(at: index))
        }
        let word = try bare(stopAtEquals: true)
        guard index < end, bytes[index] == UInt8(ascii: "=") else {
            try separator(afterQuote: false)
            return ScriptToken(key: nil, value: word, endColumn: column(at: index))
        }
        index += 1
        let value: ScriptPiece
        if index < end, bytes[index] == UInt8(ascii: "\"") {
            value = try quoted()
        } else {
            value = try bare(stopAtEquals: false)
        }
        try separator(afterQuote: value.quoted)
        return ScriptToken(key: word, value: value, endColumn: column(at: index))
    }

    /// After a token, only a space, a tab, a comment or the end of the line may follow.
    private mutating func separator(afterQuote: Bool) throws(ScriptError) {
        guard index < end else { return }
        switch bytes[index] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"): return
        default:
            throw error(afterQuote ? "missing space after closing quote" : "missing space before quote", at: index)
        }
    }

    /// A bare run up to a space, tab, `#` or quote (and, for a key, up to a `=` that is not its first byte).
    private mutating func bare(stopAtEquals: Bool) throws(ScriptError) -> ScriptPiece {
        let start = index
        scan: while index < end {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"), UInt8(ascii: "\""): break scan
            case UInt8(ascii: "=") where stopAtEquals && index > start: break scan
            case 0..<0x20, 0x7F: throw error("unexpected control character", at: index)
            default: index += 1
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return ScriptPiece(text: text, column: column(at: start), quoted: false)
    }

    /// A double-quoted string starting at `index`, with `\"`, `\\`, `\n`, `\t` and `\u{…}` resolved.
    private mutating func quoted() throws(ScriptError) -> ScriptPiece {
        let open = index
        index += 1
        var runStart = index
        var unescaped: [UInt8]?
        scan: while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text: String
                if var resolved = unescaped {
                    resolved.append(contentsOf: bytes[runStart..<index])
                    text = String(decoding: resolved, as: UTF8.self)
                } else {
                    text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                index += 1
                return ScriptPiece(text: text, column: column(at: open), quoted: true, exactColumns: unescaped == nil)
            case UInt8(ascii: "\\"):
                guard index + 1 < end else { break scan }
                if unescaped == nil { unescaped = [] }
                unescaped!.append(contentsOf: bytes[runStart..<index])
                unescaped!.append(contentsOf: String(try escape()).utf8)
                runStart = index
            default:
                index += 1
            }
        }
        throw error("unclosed quote", at: open)
    }

    private mutating func escape() throws(ScriptError) -> Unicode.Scalar {
        let backslash = index
        index += 2
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            throw error(#"unknown escape sequence; use \", \\, \n, \t or \u{…}"#, at: backslash)
        }
        guard index < end, bytes[index] == UInt8(ascii: "{") else { throw malformedEscape(at: backslash) }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while index < end, bytes[index] != UInt8(ascii: "}") {
            guard digits < 6, let digit = Self.hexValue(bytes[index]) else { throw malformedEscape(at: backslash) }
            value = value * 16 + digit
            digits += 1
            index += 1
        }
        guard index < end, digits > 0 else { throw malformedEscape(at: backslash) }
        index += 1
        guard let scalar = Unicode.Scalar(value) else {
            throw error(#"\u{…} escape is not a Unicode scalar value (surrogate or above 10FFFF)"#, at: backslash)
        }
        return scalar
    }

    private mutating func malformedEscape(at backslash: Int) -> ScriptError {
        error(#"malformed \u{…} escape; expected 1 to 6 hex digits in braces"#, at: backslash)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}
