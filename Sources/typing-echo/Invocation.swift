import TypingEcho

/// Exit codes of SPEC §5.
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

/// What the command line asked for.
enum Invocation {
    case help
    case version
    case replay(script: String, format: Format, overrides: [(key: String, value: String)], phonetics: String?)
    case check(scripts: [String], overrides: [(key: String, value: String)], phonetics: String?)
    case layouts(locale: String?)
    case describe(script: String, format: Format, overrides: [(key: String, value: String)])

    enum Format: String { case text, json }

    static let usage = """
    usage: typing-echo replay SCRIPT|- [--format text|json] [--set KEY=VALUE …] [--phonetics FILE]
           typing-echo check SCRIPT… [--set KEY=VALUE …] [--phonetics FILE]
           typing-echo layouts [LOCALE]
           typing-echo describe SCRIPT|- [--format text|json] [--set KEY=VALUE …]
           typing-echo \(RenderCommand.synopsis)
           typing-echo --help | --version

    Models what a screen-reader user hears while typing (VoiceOver on iOS is the reference).

    commands:
      render   \(RenderCommand.summary) (typing-echo render --help)
      replay   run a .replay script ("-" reads standard input) and print what is heard and
               what happens to the text: a transcript (text, the default) or JSON Lines (json)
      check    run scripts' expect lines only; print PASS or FAIL per script
      describe run a script, then print each element of the screen: its announcement and hint,
               traits (names and hex mask), lint findings, and WAI-ARIA, Android and Flutter
               equivalents (text, the default, or one JSON document)
      layouts  draw the on-screen keyboards (en-US, pl-PL, de-DE, fr-FR); with a LOCALE, that
               layout's layers, alternates and every key's frame in points

    options:
      --format text|json   output of replay and describe (default text; colour only on a terminal, never with NO_COLOR)
      --set KEY=VALUE      a setting that wins over the script's own (repeatable); settings:
                           \(Settings.keys.joined(separator: ", "))
      --phonetics FILE     speak phonetic words and character names from your own alphabet file
                           (format: Phonetics/README.md); it is checked first and each problem is
                           reported as FILE:LINE: error: … (exit 65)
      --help, --version

    An unknown locale (--set locale=xx-YY or settings locale=…) is spoken in English, with a
    warning on stderr.

    exit codes: 0 success, 1 an expectation failed, 64 usage error, 65 bad script, 66 input not readable,
                74 output not writable (a closed pipe, as with | head, ends quietly)
    """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let command = arguments.first else { throw UsageError("no command given") }
        var rest = arguments.dropFirst()
        switch command {
        case "--help", "-h", "help": return .help
        case "--version": return .version
        case "replay", "check", "describe": break
        case "layouts":
            guard rest.count <= 1 else { throw UsageError("layouts takes at most one LOCALE") }
            return .layouts(locale: rest.first)
        default:
            let suggestion = ["replay", "check", "layouts", "describe"].min { editDistance($0, command) < editDistance($1, command) }!
            throw UsageError("unknown command '\(command)'; did you mean '\(suggestion)'?")
        }
        var format = Format.text
        var overrides: [(key: String, value: String)] = []
        var scripts: [String] = []
        var phonetics: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--format":
                guard let value = rest.popFirst(), let parsed = Format(rawValue: value) else {
                    throw UsageError("--format expects text or json")
                }
                format = parsed
            case "--set":
                guard let pair = rest.popFirst(), let equals = pair.firstIndex(of: "=") else {
                    throw UsageError("--set expects KEY=VALUE")
                }
                let key = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
                var probe = Settings()
                do { try probe.set(key, to: value) } catch { throw UsageError("--set: \(error.description)") }
                overrides.append((key, value))
            case "--phonetics":
                guard let path = rest.popFirst() else { throw UsageError("--phonetics expects a FILE") }
                phonetics = path
            case "--help", "-h": return .help
            default:
                if argument.hasPrefix("--") && argument != "-" { throw UsageError("unknown option '\(argument)'") }
                scripts.append(argument)
            }
        }
        if command == "describe" {
            guard scripts.count == 1 else { throw UsageError("describe takes exactly one script (or - for standard input)") }
            guard phonetics == nil else { throw UsageError("describe does not take --phonetics") }
            return .describe(script: scripts[0], format: format, overrides: overrides)
        }
        if command == "replay" {
            guard scripts.count == 1 else { throw UsageError("replay takes exactly one script (or - for standard input)") }
            return .replay(script: scripts[0], format: format, overrides: overrides, phonetics: phonetics)
        }
        guard !scripts.isEmpty else { throw UsageError("check needs at least one script") }
        return .check(scripts: scripts, overrides: overrides, phonetics: phonetics)
    }
}

/// A problem with the command line.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Levenshtein distance, for suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
