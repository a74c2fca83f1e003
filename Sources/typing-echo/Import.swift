import TypingEcho
import TypingEchoImport

extension ToolCommand {
    static let `import` = ToolCommand(
        name: "import",
        synopsis: "import FILE|- [--from html|aria-snapshot|uiautomator|xcuitest] [--format script|json] [--density N]",
        summary: "a real screen (HTML, aria snapshot, uiautomator dump, XCUITest tree) as script declarations or JSON",
        details: """
        Reads a screen an app already produces and prints it as the script language's field and
        element lines, in reading order, each followed by # FILE:LINE:COLUMN (script, the default:
        save it as a .replay and add gestures), or as one JSON object {"type":"screen",…} (json).
        Every attribute the model cannot express, and every one it defaults, is reported on stderr
        as FILE:LINE:COLUMN: note: …. A password's characters are never printed: a secure field
        gets its length (one • per character; "count" in JSON).

        Without --from the format is recognised from the content: an XML root <hierarchy> is a
        uiautomator dump; a line "Element subtree:" or "Attributes:" is an XCUITest
        debugDescription; a first line starting "- " is a Playwright aria snapshot; anything else
        is HTML. When more than one fits, --from must say which (exit 64).

        The same screen runs under a script with --screen FILE [--from FORMAT] on replay, check,
        describe and render. Formats, mappings and what each leaves out: docs/importing.md.

        options (also written --name=value):
          --from FORMAT        html, aria-snapshot, uiautomator or xcuitest
          --format script|json the declarations (default) or JSON
          --density N          pixels per point of a uiautomator dump's bounds (default 1; Android's
                               dpi / 160, e.g. 2.625 for 420 dpi), 0.1 to 100

        exit codes: 0 success, 64 usage error (or a format that cannot be recognised), 65 a source
        that cannot be imported (malformed, too large, a DTD or external entity), 66 input not
        readable, 69 the format's importer is not available, 74 output not writable
        """,
        options: [.value("--from"), .value("--format"), .value("--density")],
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            var screen = ScreenOption(path: "")
            var format = "script"
            var files: [String] = []
            while let item = try reader.next() {
                switch item {
                case .operand(let file): files.append(file)
                case .option("--format", let value):
                    guard let value, value == "script" || value == "json" else { throw reader.error("--format expects script or json") }
                    format = value
                case .option(let name, let value): try screen.read(name, value, reader)
                }
            }
            guard files.count == 1 else { throw reader.error("expects one FILE (or - for standard input), got \(files.count)") }
            screen.path = files[0]
            let options = screen
            return { importScreen(options, json: format == "json", stdoutClosed: $0) }
        })
}

/// `--screen FILE`, `--from FORMAT` and `--density N`: a screen to import.
struct ScreenOption {
    var path: String
    var format: ScreenFormat?
    var density: Double = 1

    /// Reads `--from` or `--density` (or `--screen` when `path` is set by it); any other option is unknown.
    mutating func read(_ name: String, _ value: String?, _ reader: ArgumentReader) throws(UsageError) {
        switch name {
        case "--from":
            guard let value, let format = ScreenFormat(rawValue: value) else {
                throw reader.error("--from expects \(ScreenFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.format = format
        case "--density":
            guard let value, let number = Double(value), number.isFinite, ImportOptions.densityRange.contains(number) else {
                throw reader.error("--density expects pixels per point from 0.1 to 100 (dpi / 160: 2.625 for 420 dpi)")
            }
            density = number
        case "--screen":
            guard let value, !value.isEmpty else { throw reader.error("--screen expects a FILE") }
            path = value
        default: throw reader.error("unknown option \(ScriptErrorText.quoted(name))")
        }
    }
}

/// Reads and imports a screen, printing its notes (and an error) on stderr.
/// - Returns: The screen, or the exit code: 64 unrecognisable, 65 not importable, 66 unreadable, 69 unavailable.
func loadScreen(_ option: ScreenOption) -> Result<ImportedScreen, ExitCodeError> {
    let limits = ImportOptions(density: option.density)
    var bytes: [UInt8] = []
    var tooLarge = false
    let problem = readChunks(of: option.path) { chunk in
        bytes.append(contentsOf: chunk)
        tooLarge = bytes.count > limits.maxBytes
        return !tooLarge
    }
    let name = option.path == "-" ? "<stdin>" : option.path
    if let problem {
        printError("typing-echo: \(problem)")
        return .failure(ExitCodeError(.unreadable))
    }
    if tooLarge {
        printDiagnostic("\(name): error: the source is larger than \(limits.maxBytes) bytes, the most that is imported")
        return .failure(ExitCodeError(.badScript))
    }
    let format: ScreenFormat
    if let given = option.format {
        format = given
    } else {
        switch ScreenImport.recognize(bytes) {
        case .format(let found): format = found
        case .ambiguous(let formats):
            printError("typing-echo: \(TerminalText.escaped(name)) could be \(formats.map(\.rawValue).joined(separator: " or ")); "
                           + "say which with --from\nsee 'typing-echo help import'")
            return .failure(ExitCodeError(.usage))
        }
    }
    do {
        let screen = try ScreenImport.importScreen(bytes, format: format, source: name, options: limits)
        for note in screen.notes { printDiagnostic(note.formatted(file: name)) }
        return .success(screen)
    } catch {
        printDiagnostic(error.formatted(file: name))
        return .failure(ExitCodeError(error.kind == .unavailable ? .unavailable : .badScript))
    }
}

/// An exit code carried as an error.
struct ExitCodeError: Error {
    var code: ExitCode
    init(_ code: ExitCode) { self.code = code }
}

/// `typing-echo import FILE`: the screen as declarations or JSON on stdout, notes on stderr.
func importScreen(_ option: ScreenOption, json: Bool, stdoutClosed: WriteFailure?) -> ExitCode {
    let screen: ImportedScreen
    switch loadScreen(option) {
    case .success(let imported): screen = imported
    case .failure(let failure): return failure.code
    }
    var output = Output(descriptor: 1, failure: stdoutClosed)
    if json {
        output.write(screen.json + "\n")
    } else {
        let (text, notes) = screen.script()
        for note in notes { printDiagnostic(note.formatted(file: screen.source)) }
        output.write(text)
    }
    output.flush()
    return output.failure?.exitCode ?? .success
}
