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
