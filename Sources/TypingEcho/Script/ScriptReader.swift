/// Splits a byte stream into numbered lines as chunks arrive, so a script can be parsed while it is read.
///
/// Lines end at a line feed, which is not included; a carriage return before it is left for
/// ``ScriptParser`` to ignore. Consumed bytes are dropped as the buffer is compacted, so memory
/// stays near the longest line plus one chunk, whatever the script's length.
///
/// ```swift
/// var splitter = LineSplitter()
/// for chunk in chunks {
///     splitter.append(chunk)
///     while let line = splitter.nextLine() { try handle(line) }
/// }
/// splitter.finish()
/// while let line = splitter.nextLine() { try handle(line) }  // the last line, if unterminated
/// ```
public struct LineSplitter: Sendable {
    /// A line: its 1-based number and its bytes without the line feed.
    public typealias Line = (number: Int, bytes: ArraySlice<UInt8>)

    private var buffer: [UInt8] = []
    /// The first byte not yet returned in a line.
    private var start = 0
    /// Bytes from `start` up to here are known to hold no line feed.
    private var scanned = 0
    private var lineNumber = 0
    private var finished = false

    /// Creates an empty splitter.
    public init() {}

    /// The number of bytes received but not yet returned in a line (useful to cap line length).
    public var pendingByteCount: Int { buffer.count - start }

    /// The bytes the buffer can hold without growing (for tests of the memory bound).
    var capacity: Int { buffer.capacity }

    /// The bytes of the line not yet complete (after ``nextLine()`` returned nil) and the
    /// number it will have.
    var pendingLine: (number: Int, bytes: ArraySlice<UInt8>) { (lineNumber + 1, buffer[start...]) }

    /// Adds the next chunk of input; chunks may split lines and UTF-8 sequences anywhere.
    /// - Complexity: Amortized O(*m*) for a chunk of *m* bytes.
    public mutating func append(_ chunk: some Collection<UInt8>) {
        precondition(!finished, "LineSplitter.append called after finish()")
        if start > 0, start >= buffer.count - start {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: chunk)
    }

    /// Marks the end of input: ``nextLine()`` then also returns a last line that has no line feed.
    public mutating func finish() {
        finished = true
    }

    /// The next complete line, or `nil` until more input arrives (or, after ``finish()``, at the end).
    /// - Complexity: O(*k*) in the bytes not scanned before.
    public mutating func nextLine() -> Line? {
        let newline = buffer.withUnsafeBufferPointer { bytes -> Int? in
            var index = scanned
            while index < bytes.count {
                if bytes[index] == 0x0A { return index }
                index += 1
            }
            return nil
        }
        if let newline {
            defer { start = newline + 1; scanned = start }
            lineNumber += 1
            return (lineNumber, buffer[start..<newline])
        }
        scanned = buffer.count
        guard finished, start < buffer.count else { return nil }
        defer { start = buffer.count }
        lineNumber += 1
        return (lineNumber, buffer[start...])
    }
}

/// What keeps a script's lines bounded while they arrive: a line is lexed as its bytes come
/// (its first 64 KiB, then its first 128 KiB, … whenever the line is longer), so an error
/// there stops the script at once instead of after the whole line (`replay /dev/zero` stops at
/// `1:1` at once), and no line may be longer than ``longestLine`` bytes.
///
/// The checks depend only on the line's bytes, never on how they were split into chunks: a
/// prefix of 2^k · 64 KiB is lexed exactly when the line is longer than that, whether it is
/// still arriving or complete.
struct LineGuard: Sendable {
    /// The longest line a script may have: 64 MiB (a value of 10 MB is read as ever).
    static let longestLine = 1 << 26
    /// The first prefix of a long line that is lexed before its end.
    static let firstCheck = 1 << 16

    /// The next prefix length to lex of the line now arriving.
    private var nextCheck = firstCheck

    /// Checks the line still arriving (`LineSplitter.pendingLine`).
    mutating func checkPending(_ splitter: LineSplitter) throws(ScriptError) {
        let (number, bytes) = splitter.pendingLine
        guard bytes.count > nextCheck else { return }
        try check(bytes, number: number, from: &nextCheck)
    }

    /// Checks a complete line (resetting the checks for the next), the same way.
    mutating func checkComplete(_ bytes: ArraySlice<UInt8>, number: Int) throws(ScriptError) {
        defer { nextCheck = Self.firstCheck }
        guard bytes.count > Self.firstCheck else { return }
        try check(bytes, number: number, from: &nextCheck)
    }

    private func check(_ bytes: ArraySlice<UInt8>, number: Int, from next: inout Int) throws(ScriptError) {
        while bytes.count > next && next <= Self.longestLine {
            if let error = ScriptLexer.certainError(inStartOf: bytes.prefix(next), line: number) { throw error }
            next *= 2
        }
        if bytes.count > Self.longestLine {
            throw ScriptError(.syntax, "the line is longer than 67,108,864 bytes (64 MiB), the longest a script line may be",
                              at: SourceLocation(line: number, column: 1))
        }
    }
}
