import TypingEcho
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why output could not be written.
enum WriteFailure: Equatable {
    /// The reader went away (`EPIPE`: `| head` has all it wanted). The run ends quietly.
    case readerGone
    /// Any other error (a full disk, a closed or read-only descriptor): exit 74 with one line.
    case error(Int32)

    /// The line for stderr, `nil` for a reader that went away.
    var message: String? {
        switch self {
        case .readerGone: return nil
        case .error(EBADF): return "typing-echo: cannot write the output: standard output is closed"
        case .error(let code): return "typing-echo: cannot write the output: \(String(cString: strerror(code)))"
        }
    }
}

/// Buffered writes to a file descriptor, flushed when the buffer fills and on demand.
///
/// The first failed write is kept in `failure`, and everything after it is dropped: a run that
/// cannot write stops at its next chance (see `run(script:…)`) and exits 74, or quietly for a
/// closed pipe.
struct Output {
    let descriptor: Int32
    var buffer: [UInt8] = []
    /// The first write that failed, if any.
    private(set) var failure: WriteFailure?

    /// - Parameter failure: A failure known before any write (standard output is closed).
    init(descriptor: Int32, failure: WriteFailure? = nil) {
        self.descriptor = descriptor
        self.failure = failure
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes bytes as `write(_:)` writes text.
    mutating func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                #if canImport(Glibc) || canImport(Musl)
                Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 {
                failure = errno == EPIPE ? .readerGone : .error(errno)
                return
            }
            if written == 0 {
                failure = .error(EIO)
                return
            }
            offset += written
        }
    }

    /// Whether the descriptor is a terminal and colour is not turned off with NO_COLOR.
    var wantsColour: Bool {
        isatty(descriptor) == 1 && getenv("NO_COLOR") == nil
    }
}

/// Prepares the standard descriptors before anything is written or opened.
///
/// SIGPIPE is ignored, so a closed pipe shows up as `EPIPE` from `write` and the run ends
/// quietly instead of being killed. A closed standard output (`>&-`) is noted and
/// `/dev/null` put in its place, so that no script file opened later takes descriptor 1.
/// - Returns: The failure to report if standard output is closed.
func prepareStandardOutput() -> WriteFailure? {
    signal(SIGPIPE, SIG_IGN)
    guard fcntl(1, F_GETFD) < 0 && errno == EBADF else { return nil }
    let null = open("/dev/null", O_WRONLY)
    if null >= 0 && null != 1 {
        _ = dup2(null, 1)
        close(null)
    }
    return .error(EBADF)
}

/// Writes a message and a newline to standard error at once, every line of it shown with
/// `TerminalText` rules: controls and bidi controls from labels, values, script text or file
/// names appear as `\u{…}`, never raw. Line breaks in `message` are kept (the usage text has
/// them); a message that quotes a value which may hold one goes through `printDiagnostic`.
func printError(_ message: String) {
    var output = Output(descriptor: 2)
    var first = true
    for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
        if !first { output.buffer.append(UInt8(ascii: "\n")) }
        first = false
        TerminalText.append(String(line), to: &output.buffer)
    }
    output.buffer.append(UInt8(ascii: "\n"))
    output.flush()
}

/// Writes one diagnostic (a script error, a failed expectation, a warning) as exactly one line
/// on standard error: a line break inside it (from a quoted label or value) shows as `\u{A}`.
func printDiagnostic(_ message: String) {
    printError(TerminalText.escaped(message))
}

/// Reads a file (or standard input for "-") in chunks, handing each to `body`, which returns
/// false to stop reading early (the output cannot be written).
/// - Returns: An error message if the file cannot be opened or read.
func readChunks(of path: String, _ body: (UnsafeRawBufferPointer) throws -> Bool) rethrows -> String? {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    if descriptor < 0 { return "cannot read \(path): \(String(cString: strerror(errno)))" }
    defer { if descriptor != 0 { close(descriptor) } }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { chunk.deallocate() }
    while true {
        let count = read(descriptor, chunk.baseAddress, chunk.count)
        if count < 0 && errno == EINTR { continue }
        if count < 0 { return "cannot read \(path): \(String(cString: strerror(errno)))" }
        if count == 0 { return nil }
        guard try body(UnsafeRawBufferPointer(rebasing: chunk[..<count])) else { return nil }
    }
}
