import TypingEcho
import TypingEchoRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ToolCommand {
    static let render = ToolCommand(
        name: "render", synopsis: RenderCommand.synopsis, summary: RenderCommand.summary, details: RenderCommand.details,
        options: RenderCommand.options,
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            let command = try RenderCommand.parse(&reader)
            return { command.render(stdoutClosed: $0) }
        })
}

/// `typing-echo render SCRIPT|- -o FILE.wav [--set KEY=VALUE …] [--voice NAME]`.
struct RenderCommand {
    var script: String
    var output: String
    var overrides: [(key: String, value: String)] = []
    var voice: String?
    /// A screen imported before the script's first line (`--screen`).
    var screen: ScreenOption?

    static let synopsis = "render SCRIPT|- -o FILE.wav [--set KEY=VALUE …] [--voice NAME] [--screen FILE [--from FORMAT]]"
    static let summary = "write what a session sounds like to a WAV file (espeak-ng speech and earcons)"
    /// What `typing-echo help render` says after the usage line.
    static let details = """
    Runs a replay script ("-" reads standard input) and writes what it sounds like: every speak
    event said by espeak-ng in its locale's voice, pitch and rate, every sound as a short
    earcon, each at its time on the virtual clock and cut where the session cuts it; 16-bit mono
    WAV at espeak-ng's rate (22,050 Hz), as long as the session. espeak-ng is opened when render
    runs (libespeak-ng1 and espeak-ng-data; $\(Espeak.libraryVariable) names another library);
    the other commands never need it. A locale no voice speaks is said in en-us, with a warning.
    See docs/rendering.md.

    options (also written --name=value):
      -o, --output FILE.wav   where to write the audio ("-" writes it to standard output)
      --set KEY=VALUE         a setting that wins over the script's own (repeatable)
      --voice NAME            one espeak-ng voice for every utterance (en-us, pl, en-us+f3, …): a
                              voice espeak-ng lists, by file name, identifier or name, and a variant
                              it lists after +; any other NAME exits 64
      --screen FILE           import a real screen before the script's first line (--from FORMAT,
                              --density N: typing-echo help import)

    exit codes: 0 success, 1 an expectation failed (the audio is still written), 64 usage error,
    65 bad script (or a session longer than 20 minutes), 66 input not readable, 69 espeak-ng is not
    installed, 74 the file cannot be written
    """

    /// The options of `render`.
    static let options: [OptionSpec] = [.value("--output", "-o"), .value("--set"), .value("--voice")] + ToolCommand.screenOptions

    /// Parses the arguments after `render`.
    static func parse(_ reader: inout ArgumentReader) throws(UsageError) -> RenderCommand {
        var scripts: [String] = [], output: String?, voice: String?, screen: ScreenOption?
        var overrides: [(key: String, value: String)] = []
        while let item = try reader.next() {
            switch item {
            case .operand(let script): scripts.append(script)
            case .option("--output", let value):
                guard let value, !value.isEmpty else { throw reader.error("-o expects FILE.wav") }
                output = value
            case .option("--voice", let value):
                // An empty NAME is an unknown voice, refused with the others once espeak-ng's lists are read.
                guard let value else { throw reader.error("--voice expects a voice NAME") }
                voice = value
            case .option("--set", let pair): overrides.append(try reader.setting(pair))
            case .option(let name, let value) where ["--screen", "--from", "--density"].contains(name):
                var option = screen ?? ScreenOption(path: "")
                try option.read(name, value, reader)
                screen = option
            case .option(let name, _): throw reader.error("unknown option \(ScriptErrorText.quoted(name))")
            }
        }
        guard scripts.count == 1 else { throw reader.error("expects one SCRIPT (or - for standard input), got \(scripts.count)") }
        guard let output else { throw reader.error("missing -o FILE.wav (where to write the audio)") }
        if let screen, screen.path.isEmpty { throw reader.error("--from and --density need --screen FILE") }
        return RenderCommand(script: scripts[0], output: output, overrides: overrides, voice: voice, screen: screen)
    }

    /// Loads espeak-ng, runs the script, renders and writes the file.
    /// - Parameter stdoutClosed: Standard output was closed when the tool started (`-o -`
    ///   then fails with 74, as every command's output does).
    func render(stdoutClosed: WriteFailure? = nil) -> ExitCode {
        let espeak: Espeak
        do { espeak = try Espeak.load() } catch {
            printError("typing-echo: \(Espeak.installHint) (\(error.description))")
            return .unavailable
        }
        // The voice is checked against espeak-ng's own lists before the script runs and before
        // espeak-ng sees it: an unknown one is a usage error on one line.
        if let voice {
            do { _ = try espeak.voice(named: voice) } catch {
                printError("typing-echo: render: --voice: \(error.description); see 'typing-echo help render'")
                return .usage
            }
        }
        var sink = CollectingSink()
        let (code, _) = run(script: script, overrides: overrides, screen: screen, into: &sink)
        guard code == .success || code == .expectationFailed else { return code }
        let renderer = SessionRenderer(espeak: espeak, voice: voice)
        let audio: RenderedAudio
        do { audio = try renderer.render(sink.events) } catch {
            // A missing voice is a usage error: its one line says where the options are explained.
            printError("typing-echo: render: \(error.description)" + (error.isMissingVoice ? "; see 'typing-echo help render'" : ""))
            // A voice espeak-ng does not have is a usage error, a session too long a bad script;
            // anything else is espeak-ng failing.
            return error.isMissingVoice ? .usage : error.isTooLong ? .badScript : .unavailable
        }
        for locale in audio.fallbackLocales {
            printError("typing-echo: warning: no espeak-ng voice speaks '\(locale)'; it is said with \(renderer.voices.voice(for: locale).voice)")
        }
        let bytes = WAVFile.bytes(of: audio.samples, sampleRate: audio.sampleRate)
        if output == "-" {
            // Standard output as every command writes it: 74 with one line when it cannot be
            // written (closed, full), quietly 0 for a reader that went away (`| head -c 1`).
            var standardOutput = Output(descriptor: 1, failure: stdoutClosed)
            standardOutput.write(bytes)
            standardOutput.flush()
            if let failure = standardOutput.failure { return failure.exitCode == .success ? code : .ioError }
            return code
        }
        if let problem = write(bytes, to: output) {
            printError("typing-echo: cannot write \(output): \(problem)")
            return .ioError
        }
        return code
    }

    /// Writes the file whole; returns the system's reason when it cannot.
    private func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = path == "-" ? 1 : open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var offset = 0, failure: String?
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { failure = String(cString: strerror(errno)); break }
            offset += written
        }
        if descriptor != 1 && close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }
}

/// The system's `write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

/// Keeps every event: the renderer needs the whole session to lay out its timeline.
struct CollectingSink: FlushingSink {
    var events: [TimedEvent] = []
    mutating func receive(_ event: TimedEvent) { events.append(event) }
    mutating func flush() {}
    /// Nothing is written while collecting, so nothing can fail.
    var failure: WriteFailure? { nil }
}
