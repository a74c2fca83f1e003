import TypingEcho

/// Exit codes (docs/script-language.md, "Errors and exit codes").
enum ExitCode: Int32 {
    case success = 0
    case expectationFailed = 1
    case usage = 64
    case badScript = 65
    case unreadable = 66
    case unavailable = 69
    /// Output could not be written (a full disk, a closed standard output): EX_IOERR.
    case ioError = 74
}

/// How events are written: the transcript or JSON Lines (`--format`).
enum OutputFormat: String { case text, json }

/// One command of the tool, declared once: its name, options, help and what it runs.
///
/// The general help, `help COMMAND`, `COMMAND --help`, the options a command accepts and the
/// dispatch all read these declarations, so a command cannot be known to one of them and
/// missing from another. Each command's declaration lives in its own file.
struct ToolCommand: Sendable {
    /// What a parsed command line does: runs, and returns the exit code. Its argument is the
    /// failure standard output had before anything was written (closed), if any.
    typealias Action = (_ stdoutClosed: WriteFailure?) -> ExitCode

    /// The command's name, the first argument after `typing-echo`.
    let name: String
    /// The command line after `typing-echo ` in the usage line.
    let synopsis: String
    /// One line for the general help.
    let summary: String
    /// What the command's help says after the usage line.
    let details: String
    /// The options the command takes (`--help` is every command's).
    let options: [OptionSpec]
    /// Reads the command's arguments (after its name) and returns what runs it.
    let parse: @Sendable (_ arguments: inout ArgumentReader) throws(UsageError) -> Action

    /// The whole help of the command: `typing-echo help NAME` and `typing-echo NAME --help`.
    var helpText: String { "usage: typing-echo \(synopsis)\n\n\(details)" }

    /// Every command, in the order the general help lists them.
    static let all: [ToolCommand] = [.replay, .check, .describe, .layouts, .render, .import, .help]

    /// What `typing-echo help TOPIC` knows: the commands and `script`.
    static let helpTopics = all.map(\.name) + ["script"]

    /// The command called `name`.
    static func named(_ name: String) -> ToolCommand? { all.first { $0.name == name } }

    /// Parses the arguments after the program name into what runs.
    static func parse(_ arguments: [String]) throws(UsageError) -> Action {
        guard let name = arguments.first else { throw UsageError("no command given") }
        let rest = arguments.dropFirst()
        switch name {
        case "--help", "-h": return { printOutput(generalHelp, stdoutClosed: $0) }
        case "--version": return { printOutput(versionLine, stdoutClosed: $0) }
        default: break
        }
        guard let command = named(name) else {
            var message = "unknown command \(ScriptErrorText.quoted(name))"
            if let guess = Suggestion.closest(to: name, among: all.map(\.name) + ["--help", "--version"]) {
                message += "; did you mean '\(guess)'?"
            }
            throw UsageError(message)
        }
        if ArgumentReader.asksForHelp(rest) {
            let text = command.helpText
            return { printOutput(text, stdoutClosed: $0) }
        }
        var reader = ArgumentReader(rest, command: name, options: command.options)
        return try command.parse(&reader)
    }

    /// `typing-echo --version`: the tool's version and the libraries it found.
    static var versionLine: String {
        "typing-echo \(TypingEchoVersion.string) (ICU \(TypingEchoVersion.icu), \(Liblouis.versionFound))"
    }

    /// `typing-echo --help`: every command on one line, and where to read more.
    static var generalHelp: String {
        let width = all.map(\.name.count).max() ?? 0
        let commands = all.map { "  \($0.name.padding(to: width))  \($0.summary)" }.joined(separator: "\n")
        return """
        usage: \(all.map { "typing-echo \($0.synopsis)" }.joined(separator: "\n       "))
               typing-echo --help | --version

        Models what a screen-reader user hears while typing (VoiceOver on iOS is the reference).

        commands:
        \(commands)

        typing-echo help COMMAND (or typing-echo COMMAND --help) explains a command and its options;
        typing-echo help script is the reference of the script language. Options also take the
        --name=value form.

        An unknown locale (--set locale=xx-YY or settings locale=…) is spoken in English, with a
        warning on stderr.

        exit codes: 0 success, 1 an expectation failed, 64 usage error, 65 bad script, 66 input not
        readable, 69 espeak-ng not installed (render) or liblouis not installed (braille), 74 output
        not writable (a closed pipe, as with | head, ends quietly)
        """
    }

    /// The `--set` option's help, with the settings it accepts wrapped under its description.
    static var setOption: String {
        var lines: [String] = [], line = ""
        for key in Settings.keys {
            if !line.isEmpty && line.count + key.count + 2 > 70 { lines.append(line + ","); line = "" }
            line += (line.isEmpty ? "" : ", ") + key
        }
        lines.append(line)
        let list = lines.map { "                       " + $0 }.joined(separator: "\n")
        return """
          --set KEY=VALUE      a setting that wins over the script's own (repeatable); settings:
        \(list)
                               (values and defaults: typing-echo help script)
        """
    }

    /// `--screen FILE`, `--from FORMAT` and `--density N` on the commands that run a script.
    static let screenOptions: [OptionSpec] = [.value("--screen"), .value("--from"), .value("--density")]

    /// The screen options' help.
    static let screenOption = """
      --screen FILE        import a real screen (HTML, aria snapshot, uiautomator dump, XCUITest
                           tree) before the script's first line; --from FORMAT names its format,
                           --density N a uiautomator dump's pixels per point (typing-echo help import)
    """

    /// The `--phonetics` option's help.
    static let phoneticsOption = """
      --phonetics FILE     speak phonetic words and character names from your own alphabet file
                           (format: Phonetics/README.md); it is checked first and each problem is
                           reported as FILE:LINE: error: … (exit 65)
    """
}

extension String {
    /// The string padded with spaces to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
