import TypingEcho
import TypingEchoImport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A sink whose buffered output can be pushed out between chunks of input.
protocol FlushingSink: EventSink {
    /// Writes out whatever is buffered.
    mutating func flush()
    /// The first write that failed; the run stops at the next chunk.
    var failure: WriteFailure? { get }
}

/// Renders events to standard output as they arrive.
struct OutputSink: FlushingSink {
    var output: Output
    var format: OutputFormat
    var transcript: Transcript

    mutating func receive(_ event: TimedEvent) {
        switch format {
        case .json:
            guard output.failure == nil else { return }
            JSONLines.encode(event, into: &output.buffer)
        case .text:
            guard output.failure == nil else { return }
            transcript.write(event, into: &output.buffer)
        }
        if output.buffer.count >= 1 << 16 { output.flush() }
    }

    mutating func flush() { output.flush() }

    var failure: WriteFailure? { output.failure }
}

/// Discards events: `check` only reports expectations.
struct DiscardSink: FlushingSink {
    mutating func receive(_ event: TimedEvent) {}
    mutating func flush() {}
    var failure: WriteFailure? { nil }
}

/// Runs one script through a `Session`, sending events to `sink`; returns the exit code for it
/// and the session (for `check`'s counts and `describe`'s screen).
func run<Sink: FlushingSink>(script: String, overrides: [(key: String, value: String)], phonetics: PhoneticAlphabet? = nil,
                             screen: ScreenOption? = nil, into sink: inout Sink) -> (ExitCode, Session<Sink>?) {
    var session: Session<Sink>
    do { session = try Session(overrides: overrides, phonetics: phonetics, sink: sink) } catch {
        printError("typing-echo: \(error.message)")
        return (.usage, nil)
    }
    // The imported screen is declared before the script's first line.
    if let screen {
        if screen.path == "-" && script == "-" {
            printError("typing-echo: --screen - and SCRIPT - cannot both read standard input")
            return (.usage, nil)
        }
        switch loadScreen(screen) {
        case .success(let imported):
            do {
                let notes = try session.declare(imported)
                for note in notes { printDiagnostic(note.formatted(file: imported.source)) }
            } catch {
                printDiagnostic(error.formatted(file: imported.source))
                return (.badScript, nil)
            }
        case .failure(let failure): return (failure.code, nil)
        }
    }
    // Lines are parsed on every core ahead of running them: the output is the same.
    session.parsingJobs = machineCores
    // The session holds the sink while it runs; the caller gets it back for its last flush.
    defer { sink = session.sink }
    let name = script == "-" ? "<stdin>" : script
    let report: (ExpectationFailure) -> Void = { failure in
        printDiagnostic("\(name):\(failure.location): error: expectation failed: \(failure.message)")
    }
    func warn() { for warning in session.takeWarnings() { printDiagnostic(warning.formatted(file: name)) } }
    defer { warn() }
    do {
        let problem = try readChunks(of: script) { chunk throws(ScriptError) in
            try session.feedScript(chunk, failed: report)
            // What a chunk produced is written before the next one is read: output streams.
            session.sink.flush()
            warn()
            return session.sink.failure == nil
        }
        // Output that cannot be written ends the run: exit 74, or quietly for a closed pipe.
        if let failure = session.sink.failure { return (failure.exitCode, session) }
        if let problem {
            printError("typing-echo: \(problem)")
            return (.unreadable, session)
        }
        try session.finishScript(failed: report)
        session.sink.flush()
        if let failure = session.sink.failure { return (failure.exitCode, session) }
    } catch let error as ScriptError {
        printDiagnostic(error.formatted(file: name))
        // Braille asked for without liblouis: 69 (EX_UNAVAILABLE), as render without espeak-ng.
        return (error.kind == .brailleUnavailable ? .unavailable : .badScript, session)
    } catch {
        printError("typing-echo: \(error)")
        return (.badScript, session)
    }
    return (session.failureCount > 0 ? .expectationFailed : .success, session)
}

extension WriteFailure {
    /// 74 (EX_IOERR) after writing its line to stderr; 0 for a reader that went away.
    var exitCode: ExitCode {
        guard let message else { return .success }
        printError(message)
        return .ioError
    }
}

/// Writes `text` and a line feed to standard output; 0, or 74 when it cannot be written.
func printOutput(_ text: String, stdoutClosed: WriteFailure?) -> ExitCode {
    var output = Output(descriptor: 1, failure: stdoutClosed)
    output.write(text + "\n")
    output.flush()
    return output.failure?.exitCode ?? .success
}

/// Parses the command line and runs what it asks for.
func main(stdoutClosed: WriteFailure?) -> ExitCode {
    let action: ToolCommand.Action
    do { action = try ToolCommand.parse(Array(CommandLine.arguments.dropFirst())) } catch {
        printError(error.report)
        return .usage
    }
    return action(stdoutClosed)
}

/// With `TYPING_ECHO_PEAK_MEMORY` set (hidden; used by the benchmarks), writes the process's
/// peak resident set size as the kernel counts it (`VmHWM` in /proc/self/status) to stderr.
func reportPeakMemory() {
    guard getenv("TYPING_ECHO_PEAK_MEMORY") != nil else { return }
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 8192)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0 else { return }
    let status = String(decoding: bytes[..<count], as: UTF8.self)
    if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) {
        printError("typing-echo: peak memory \(line)")
    }
}

let stdoutClosed = prepareStandardOutput()
let code = main(stdoutClosed: stdoutClosed)
reportPeakMemory()
exit(code.rawValue)
