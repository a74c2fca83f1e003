import TypingEcho
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders events to standard output as they arrive.
struct OutputSink: EventSink {
    var output: Output
    var format: Invocation.Format
    var transcript: Transcript

    mutating func receive(_ event: TimedEvent) {
        switch format {
        case .json:
            JSONLines.encode(event, into: &output.buffer)
            if output.buffer.count >= 1 << 16 { output.flush() }
        case .text:
            if let line = transcript.line(for: event) { output.write(line + "\n") }
        }
    }
}

/// Discards events: `check` only reports expectations.
struct DiscardSink: EventSink {
    mutating func receive(_ event: TimedEvent) {}
}

/// Runs one script, sending events to `sink`; returns the exit code for it.
func run(script: String, overrides: [(key: String, value: String)], into sink: inout some EventSink) -> (ExitCode, ReplaySession?) {
    var session: ReplaySession
    do { session = try ReplaySession(overrides: overrides) } catch {
        printError("typing-echo: \(error.description)")
        return (.usage, nil)
    }
    let name = script == "-" ? "<stdin>" : script
    let report: (ExpectationFailure) -> Void = { failure in
        printError("\(name):\(failure.location): error: expectation failed: \(failure.message)")
    }
    do {
        let problem = try readChunks(of: script) { chunk throws(ScriptError) in
            try session.feed(chunk, into: &sink, failed: report)
        }
        if let problem {
            printError("typing-echo: \(problem)")
            return (.unreadable, session)
        }
        try session.finish(into: &sink, failed: report)
    } catch let error as ScriptError {
        printError(error.formatted(file: name))
        return (.badScript, session)
    } catch {
        printError("typing-echo: \(error)")
        return (.badScript, session)
    }
    return (session.failureCount > 0 ? .expectationFailed : .success, session)
}

func main() -> ExitCode {
    let invocation: Invocation
    do { invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst())) } catch {
        printError("typing-echo: \(error.message)\n\n\(Invocation.usage)")
        return .usage
    }
    switch invocation {
    case .help:
        var output = Output(descriptor: 1)
        output.write(Invocation.usage + "\n")
        output.flush()
        return .success
    case .version:
        var output = Output(descriptor: 1)
        output.write("typing-echo \(TypingEchoVersion.string) (ICU \(TypingEchoVersion.icu))\n")
        output.flush()
        return .success
    case .replay(let script, let format, let overrides):
        let output = Output(descriptor: 1)
        var sink = OutputSink(output: output, format: format, transcript: Transcript(colour: output.wantsColour))
        let (code, _) = run(script: script, overrides: overrides, into: &sink)
        sink.output.flush()
        return code
    case .check(let scripts, let overrides):
        var worst = ExitCode.success
        var output = Output(descriptor: 1)
        for script in scripts {
            var sink = DiscardSink()
            let (code, session) = run(script: script, overrides: overrides, into: &sink)
            let expectations = session?.expectationCount ?? 0
            let failures = session?.failureCount ?? 0
            switch code {
            case .success: output.write("PASS \(script) (\(expectations) expectations)\n")
            case .expectationFailed: output.write("FAIL \(script) (\(failures) of \(expectations) expectations failed)\n")
            default: output.write("ERROR \(script)\n")
            }
            output.flush()
            worst = ExitCode(rawValue: max(worst.rawValue, code.rawValue))!
        }
        return worst
    }
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

let code = main()
reportPeakMemory()
exit(code.rawValue)
