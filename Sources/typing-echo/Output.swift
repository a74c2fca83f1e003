#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to a file descriptor, flushed when the buffer fills and on demand.
struct Output {
    let descriptor: Int32
    var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
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
            if written <= 0 { break }  // the reader went away (EPIPE): nothing more to do
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Whether the descriptor is a terminal and colour is not turned off with NO_COLOR.
    var wantsColour: Bool {
        isatty(descriptor) == 1 && getenv("NO_COLOR") == nil
    }
}

/// Writes one line to standard error at once.
func printError(_ message: String) {
    var output = Output(descriptor: 2)
    output.write(message + "\n")
    output.flush()
}

/// Reads a file (or standard input for "-") in chunks, handing each to `body`.
/// - Returns: An error message if the file cannot be opened or read.
func readChunks(of path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows -> String? {
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
        try body(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
    }
}
