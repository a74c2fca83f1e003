#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of source text: a bare word, a quoted string's content, or one side of `KEY=VALUE`.
///
/// Positions are byte offsets into the line; ``ScriptLineText`` turns one into a column only
/// when an error or a location needs it.
struct ScriptPiece: Sendable {
    /// The text, with escapes already resolved.
    var text: String
    /// The byte offset of the first byte, or of the opening quote when quoted.
    var offset: Int
    /// Whether the text was written in double quotes.
    var quoted: Bool
    /// Whether byte `k` of `text` was written at `contentOffset + k` (false once an escape shifted them).
    var exactOffsets: Bool = true

    /// The byte offset where the text itself starts (after the opening quote).
    var contentOffset: Int { quoted ? offset + 1 : offset }

    /// The text split at commas, each part with the byte offset it starts at.
    ///
    /// Split over the UTF-8 bytes (a comma is ASCII, never inside a multi-byte sequence), each
    /// part copied in one go: appending a scalar at a time cost a 300-digit coordinate 300 appends.
    func commaSeparated() -> [(text: String, offset: Int)] {
        var text = text
        return text.withUTF8 { bytes in
            var parts: [(text: String, offset: Int)] = []
            var partByte = 0
            for byte in 0...bytes.count where byte == bytes.count || bytes[byte] == UInt8(ascii: ",") {
                parts.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[partByte..<byte]), as: UTF8.self), offset(atByte: partByte)))
                partByte = byte + 1
            }
            return parts
        }
    }

    private func offset(atByte byte: Int) -> Int {
        exactOffsets ? contentOffset + byte : offset
    }
}

/// One token of a script line: a bare word, a quoted string, or `KEY=VALUE`.
struct ScriptToken: Sendable {
    /// The attribute name, when the token is `KEY=VALUE`.
    var key: ScriptPiece?
    /// The word, the string, or the attribute's value.
    var value: ScriptPiece
    /// The byte offset just past the token.
    var end: Int

    /// Where the token starts (a byte offset).
    var offset: Int { key?.offset ?? value.offset }
    /// Whether the token is a bare word (not quoted, not an attribute).
    var isWord: Bool { !hasKey && !value.quoted }
    /// Whether the token is a lone quoted string.
    var isString: Bool { !hasKey && value.quoted }
    /// Whether the token is `KEY=VALUE` (matched, not compared with nil: that was a generic
    /// call per token in a debug build).
    private var hasKey: Bool { if case .some = key { true } else { false } }
}

/// The bytes of one script line, turning byte offsets into `LINE:COLUMN` locations on demand.
///
/// A column counts characters from the start of the line, as a field counts them (ICU's
/// grapheme clusters, `FieldCharacters`; never Swift's `Character`, whose newer Unicode data
/// joins some code points ICU does not), with one rule added: a double quote, a backslash inside quotes and, outside quotes, a space, tab, `=`, `,`
/// or `#` is always a character of its own and never joins the text beside it. So a combining
/// mark, ZWJ or spacing mark at the start of a quoted string, or a Prepend character at its end,
/// does not merge with the quote, and the column after `"SECRET"` depends only on how many
/// characters the secret has (as the field counts them), never on which.
///
/// Columns are counted only when asked for, in one forward pass when asked in order: reading
/// a line with a 10 MB value counts none of its characters unless an error points past it.
final class ScriptLineText {
    /// The line's bytes (without its line feed): a slice of the caller's, never a copy.
    let bytes: ArraySlice<UInt8>
    /// The 1-based line number.
    let line: Int
    /// Where column 1 is: after a byte-order mark on line 1.
    let start: Int
    /// A boundary whose column is known, and whether it is inside quotes, to continue from.
    private var mark: (offset: Int, column: Int, quoted: Bool)
    /// How many bytes were walked to count columns (for tests that check columns stay lazy).
    private(set) var bytesCounted = 0

    init(bytes: ArraySlice<UInt8>, line: Int, start: Int) {
        self.bytes = bytes
        self.line = line
        self.start = start
        mark = (start, 1, false)
    }

    /// The text of a line held in an array of its own.
    convenience init(bytes: [UInt8], line: Int, start: Int) {
        self.init(bytes: bytes[...], line: line, start: start)
    }

    /// The location of the byte at `offset`.
    func location(_ offset: Int) -> SourceLocation {
        SourceLocation(line: line, column: column(at: offset))
    }

    /// A syntax error at the byte at `offset`.
    func error(_ message: String, at offset: Int) -> ScriptError {
        ScriptError(.syntax, message, at: location(offset))
    }

    /// The 1-based column of the byte at `target` (a scalar boundary at or before the line's end).
    /// - Complexity: O(*k*) in the bytes between the last boundary counted and `target`;
    ///   O(*n*) from the start of the line when asked for an earlier offset.
    func column(at target: Int) -> Int {
        if target < mark.offset { mark = (start, 1, false) }
        var (position, column, quoted) = mark
        bytesCounted += target - position
        bytes.withUnsafeBufferPointer { bytes in
            while position < target {
                let byte = bytes[position]
                if byte == Self.quote {
                    column += 1
                    position += 1
                    quoted.toggle()
                    mark = (position, column, quoted)
                    continue
                }
                if quoted && byte == Self.backslash {
                    // `\"` and `\\` are two characters, and the quote does not close the string.
                    column += 1
                    position += 1
                    if position < target, bytes[position] == Self.quote || bytes[position] == Self.backslash {
                        column += 1
                        position += 1
                    }
                    mark = (position, column, quoted)
                    continue
                }
                if !quoted && Self.isDelimiter(byte) {
                    column += 1
                    position += 1
                    mark = (position, column, quoted)
                    continue
                }
                // A segment: the bytes up to the next boundary, counted on their own.
                var segmentEnd = position
                var ascii = true
                while segmentEnd < target {
                    let next = bytes[segmentEnd]
                    if next == Self.quote || (quoted ? next == Self.backslash : Self.isDelimiter(next)) { break }
                    if next >= 0x80 { ascii = false }
                    segmentEnd += 1
                }
                column += ascii
                    ? segmentEnd - position
                    : FieldCharacters.count(of: String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<segmentEnd]), as: UTF8.self),
                                            locale: Self.columnLocale)
                position = segmentEnd
                if segmentEnd < target { mark = (position, column, quoted) }
            }
        }
        return column
    }

    /// The locale whose grapheme rules count columns (ICU's character rules are the same in
    /// every locale).
    private static let columnLocale = "en_US"

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// Space, tab, `=`, `,` and `#`: characters of their own outside quotes.
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "#"): true
        default: false
        }
    }
}

/// Turns one line of raw bytes into tokens: checks UTF-8, strips comments, resolves escapes.
///
/// `#` starts a comment anywhere outside a quoted string; spaces and tabs separate tokens.
/// The lexer works on the validated UTF-8 bytes: every delimiter is ASCII, which never occurs
/// inside a multi-byte sequence. Tokens carry byte offsets; columns are counted by
/// ``ScriptLineText`` only when an error or a location needs one.
struct ScriptLexer {
    private let source: ScriptLineText
    /// The line's bytes, from the line's text (`source`), read in place while the lexer runs.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    /// Where the line's text ends (before a trailing carriage return).
    private let end: Int
    /// How many tokens were read so far (the first may be named in a byte-order-mark error).
    private var tokenCount = 0
    /// Whether the bytes are only the start of a line (`certainError(inStartOf:line:)`): its end
    /// inside a quote or an escape is then no error, since the rest of the line is to come.
    private var isStartOfLine = false

    /// A lexer over `bytes`, the contents of `text`'s slice; valid only while `bytes` is.
    private init(bytes: UnsafeBufferPointer<UInt8>, of text: ArraySlice<UInt8>, line: Int) {
        let bom = line == 1 && bytes.starts(with: Self.byteOrderMark) ? 3 : 0
        source = ScriptLineText(bytes: text, line: line, start: bom)
        self.bytes = bytes
        index = bom
        // The last byte read by index (`last` and an optional compared was generic calls per
        // line in a debug build).
        end = bytes.count > 0 && bytes[bytes.count - 1] == Self.carriageReturn ? bytes.count - 1 : bytes.count
    }

    /// The error the lexer reports in the first bytes of a line whose end has not arrived, if
    /// the rest of the line cannot change it: an error before the cut, never an unclosed quote
    /// or escape at it. A trailing incomplete UTF-8 sequence or CR is left for the rest of the
    /// line. (So `replay /dev/zero` stops at `1:1: unexpected control character` at once.)
    /// - Complexity: O(*n*) in the bytes given.
    static func certainError(inStartOf bytes: ArraySlice<UInt8>, line: Int) -> ScriptError? {
        var end = bytes.endIndex
        // Drop the last code point if it is not ASCII (it may be incomplete), and a final CR.
        if end > bytes.startIndex, bytes[end - 1] >= 0x80 {
            while end > bytes.startIndex, bytes[end - 1] & 0xC0 == 0x80 { end -= 1 }
            if end > bytes.startIndex, bytes[end - 1] >= 0xC0 { end -= 1 }
        }
        if end > bytes.startIndex, bytes[end - 1] == carriageReturn { end -= 1 }
        let text = bytes[..<end]
        return text.withUnsafeBufferPointer { buffer -> ScriptError? in
            var lexer = ScriptLexer(bytes: buffer, of: text, line: line)
            lexer.isStartOfLine = true
            do throws(ScriptError) {
                _ = try lexer.tokens()
                return nil
            } catch {
                do throws(ScriptError) { try lexer.validate(from: lexer.source.start) } catch let invalid { return invalid }
                return error
            }
        }
    }

    /// The tokens of one line (no line feed; a trailing carriage return is ignored), and the
    /// line's text for locating them.
    /// - Complexity: O(*n*) in the length of the line.
    static func tokens(of bytes: some Collection<UInt8>, line: Int) throws(ScriptError) -> (tokens: [ScriptToken], text: ScriptLineText) {
        // A slice (every line a session reads) is lexed in place and kept by the line's text;
        // anything else is copied once. (Copying each line was an allocation and a copy a line.)
        let text = bytes as? ArraySlice<UInt8> ?? (bytes.withContiguousStorageIfAvailable { Array($0) } ?? Array(bytes))[...]
        let result = text.withUnsafeBufferPointer { buffer -> Result<(tokens: [ScriptToken], text: ScriptLineText), ScriptError> in
            var lexer = ScriptLexer(bytes: buffer, of: text, line: line)
            do throws(ScriptError) {
                return .success((try lexer.tokens(), lexer.source))
            } catch {
                // Invalid UTF-8 anywhere on the line is the error to report, whatever else is wrong.
                do throws(ScriptError) { try lexer.validate(from: lexer.source.start) } catch let invalid { return .failure(invalid) }
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let carriageReturn: UInt8 = 0x0D

    /// Checks the line is UTF-8 from `start` on, reporting the first bad byte at its column.
    ///
    /// Text is validated as it is read instead (each word and string while it becomes a `String`,
    /// and a comment's bytes; everything between them is ASCII), in the same pass; this slower
    /// walk runs for a comment, and over the whole line once something is wrong, to find the first bad byte.
    private func validate(from start: Int) throws(ScriptError) {
        var iterator = bytes[start...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var consumed = start
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): consumed += encoded.count
            case .emptyInput: return
            case .error: throw error("invalid UTF-8", at: consumed)
            }
        }
    }

    private func error(_ message: String, at index: Int) -> ScriptError {
        source.error(message, at: index)
    }

    /// A carriage return that does not end the line: most likely a file with CR line ends.
    private func carriageReturnError(at index: Int) -> ScriptError {
        error(ScriptErrorText.carriageReturn, at: index)
    }

    private mutating func tokens() throws(ScriptError) -> [ScriptToken] {
        var tokens: [ScriptToken] = []
        // Room for a declaration's tokens at once: growing from one token took three copies.
        tokens.reserveCapacity(8)
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "#"):
                try validate(from: index)
                return tokens
            default:
                tokens.append(try token())
                tokenCount += 1
            }
        }
        return tokens
    }

    private mutating func token() throws(ScriptError) -> ScriptToken {
        if bytes[index] == UInt8(ascii: "\"") {
            let string = try quoted()
            try separator(afterQuote: true)
            return ScriptToken(key: nil, value: string, end: index)
        }
        let word = try bare(stopAtEquals: true)
        guard index < end, bytes[index] == UInt8(ascii: "=") else {
            try separator(afterQuote: false)
            return ScriptToken(key: nil, value: word, end: index)
        }
        index += 1
        let value: ScriptPiece
        if index < end, bytes[index] == UInt8(ascii: "\"") {
            value = try quoted()
        } else {
            value = try bare(stopAtEquals: false)
        }
        try separator(afterQuote: value.quoted)
        return ScriptToken(key: word, value: value, end: index)
    }

    /// After a token, only a space, a tab, a comment or the end of the line may follow.
    private func separator(afterQuote: Bool) throws(ScriptError) {
        guard index < end else { return }
        switch bytes[index] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"): return
        case Self.carriageReturn: throw carriageReturnError(at: index)
        default:
            throw error(afterQuote ? "missing space after closing quote" : "missing space before quote", at: index)
        }
    }

    /// A bare run up to a space, tab, `#` or quote (and, for a key, up to a `=` that is not its first byte).
    private mutating func bare(stopAtEquals: Bool) throws(ScriptError) -> ScriptPiece {
        let start = index
        if stopAtEquals, bytes[start] == 0xEF, start + 2 < end, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
            throw byteOrderMarkError(at: start)
        }
        scan: while index < end {
            // Most bytes of a word are letters, digits, `,`, `.` or `-`: from `$` on, all but `=`
            // and DEL are part of it, found by one range check instead of the cases below.
            while index < end, bytes[index] >= UInt8(ascii: "$"), bytes[index] != UInt8(ascii: "="), bytes[index] != 0x7F {
                index += 1
            }
            guard index < end else { break }
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"), UInt8(ascii: "\""): break scan
            case UInt8(ascii: "=") where stopAtEquals && index > start: break scan
            case Self.carriageReturn: throw carriageReturnError(at: index)
            case 0..<0x20, 0x7F: throw error("unexpected control character", at: index)
            default: index += 1
            }
        }
        if let word = Self.commonWord(bytes, start..<index) { return ScriptPiece(text: word, offset: start, quoted: false) }
        return ScriptPiece(text: try string(bytes[start..<index]), offset: start, quoted: false)
    }

    /// The words of almost every declaration line (`element`, `field`, the names of their
    /// usual attributes, `button`) as the literals they are: making each `String` from its
    /// bytes, checked to be UTF-8, cost more than comparing it with one or two of these.
    private static func commonWord(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard range.count >= 4, range.count <= 8 else { return nil }
        func matches(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == range.count && memcmp(word.utf8Start, bytes.baseAddress! + range.lowerBound, range.count) == 0
        }
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "b"): if matches("button") { return "button" }
        case UInt8(ascii: "e"): if matches("element") { return "element" }
        case UInt8(ascii: "f"):
            if matches("frame") { return "frame" }
            if matches("field") { return "field" }
        case UInt8(ascii: "h"): if matches("hint") { return "hint" }
        case UInt8(ascii: "k"): if matches("kind") { return "kind" }
        case UInt8(ascii: "l"):
            if matches("label") { return "label" }
            if matches("labels") { return "labels" }
        case UInt8(ascii: "t"):
            if matches("traits") { return "traits" }
            if matches("text") { return "text" }
        case UInt8(ascii: "v"): if matches("value") { return "value" }
        default: break
        }
        return nil
    }

    /// A byte-order mark where a word starts: a file joined after another one's start, most often.
    ///
    /// The word after it is named only when it is the line's first (a command word or `@S`):
    /// any later word could be a misplaced secret.
    private func byteOrderMarkError(at start: Int) -> ScriptError {
        var wordEnd = start + 3
        scan: while wordEnd < end {
            switch bytes[wordEnd] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "="), 0..<0x20, 0x7F: break scan
            default: wordEnd += 1
            }
        }
        var message = "a byte-order mark (U+FEFF)"
        if tokenCount == 0, wordEnd > start + 3 {
            message += " before " + ScriptErrorText.quoted(String(decoding: bytes[(start + 3)..<wordEnd], as: UTF8.self))
        }
        message += "; it is allowed only at the very start of the file (was another file joined here?)"
        return error(message, at: start)
    }

    /// A double-quoted string starting at `index`, with `\"`, `\\`, `\n`, `\t` and `\u{…}` resolved.
    private mutating func quoted() throws(ScriptError) -> ScriptPiece {
        let open = index
        index += 1
        var runStart = index
        var unescaped: [UInt8]?
        scan: while index < end {
            index = Self.nextQuoteOrBackslash(in: bytes, from: index, to: end)
            guard index < end else { break scan }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text: String
                if var resolved = unescaped {
                    resolved.append(contentsOf: bytes[runStart..<index])
                    text = try string(resolved)
                } else {
                    text = try string(bytes[runStart..<index])
                }
                index += 1
                return ScriptPiece(text: text, offset: open, quoted: true, exactOffsets: unescaped == nil)
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
        if isStartOfLine {
            // The closing quote may be in the rest of the line.
            index = end
            return ScriptPiece(text: "", offset: open, quoted: true, exactOffsets: false)
        }
        // The same words whatever the quotes hold: they may hold a secret (a raw CR in it
        // must not show), so a CR after the opening quote is not mentioned.
        throw error("unclosed quote", at: open)
    }

    /// The index of the first `"` or `\` in `start..<end`, or `end`: most of a long string is
    /// neither, so it is skipped eight bytes at a time.
    private static func nextQuoteOrBackslash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte of `x` is zero exactly where `word` holds the byte looked for.
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
            if found != 0 { break }
            index += 8
        }
        while index < end, raw[index] != UInt8(ascii: "\""), raw[index] != UInt8(ascii: "\\") { index += 1 }
        return index
    }

    /// Text read from the line, checked to be UTF-8 while it is copied (one pass).
    ///
    /// ASCII (almost every word, id and label) needs no check: `String(validating:as:)` over a
    /// slice is generic in the standard library and looked up its metadata on every call (7 %
    /// of declaring a million elements), so ASCII bytes go through the contiguous decoder.
    private func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(ScriptError) -> String {
        try string(UnsafeBufferPointer(rebasing: bytes))
    }

    /// ``string(_:)`` of an escaped string's resolved bytes.
    private func string(_ bytes: [UInt8]) throws(ScriptError) -> String {
        let text = bytes.withUnsafeBufferPointer { Self.text($0) }
        if let text { return text }
        try validate(from: source.start)
        throw error("invalid UTF-8", at: index)  // not reached: the line holds a bad byte
    }

    private func string(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScriptError) -> String {
        if let text = Self.text(bytes) { return text }
        try validate(from: source.start)
        throw error("invalid UTF-8", at: index)  // not reached: the line holds a bad byte
    }

    /// The bytes as text, or nil when they are not UTF-8.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isASCII(bytes) ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// Whether every byte is below 0x80, read eight bytes at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= raw.count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < raw.count {
            high |= UInt64(raw[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
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
        if isStartOfLine && index >= end { return "u" }  // the rest of the escape is to come
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
        if isStartOfLine && index >= end { return "u" }
        guard index < end, digits > 0 else { throw malformedEscape(at: backslash) }
        index += 1
        guard let scalar = Unicode.Scalar(value) else {
            throw error(#"\u{…} escape is not a Unicode scalar value (surrogate or above 10FFFF)"#, at: backslash)
        }
        return scalar
    }

    private func malformedEscape(at backslash: Int) -> ScriptError {
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
