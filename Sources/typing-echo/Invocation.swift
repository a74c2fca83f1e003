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

/// What the command line asked for.
enum Invocation {
    /// The general help (nil) or the help on one topic: a command or `script`.
    case help(String?)
    case version
    case replay(script: String, format: Format, overrides: [(key: String, value: String)], phonetics: String?)
    case check(scripts: [String], overrides: [(key: String, value: String)], phonetics: String?)
    case layouts(locale: String?)
    case describe(script: String, format: Format, overrides: [(key: String, value: String)], strict: Bool, readers: [ScreenReader])
    case render(RenderCommand)

    enum Format: String { case text, json }

    /// The options each command takes (`--help` is every command's).
    static let options: [String: [OptionSpec]] = [
        "replay": [.value("--format"), .value("--set"), .value("--phonetics")],
        "check": [.value("--set"), .value("--phonetics")],
        "describe": [.value("--format"), .value("--set"), .flag("--strict"), .value("--reader")],
        "layouts": [],
        "render": RenderCommand.options,
        "help": [],
    ]

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let command = arguments.first else { throw UsageError("no command given") }
        let rest = arguments.dropFirst()
        switch command {
        case "--help", "-h": return .help(nil)
        case "--version": return .version
        default: break
        }
        guard let options = options[command] else {
            var message = "unknown command \(ScriptErrorText.quoted(command))"
            if let guess = Suggestion.closest(to: command, among: CommandHelp.all.map(\.name) + ["--help", "--version"]) {
                message += "; did you mean '\(guess)'?"
            }
            throw UsageError(message)
        }
        if ArgumentReader.asksForHelp(rest) { return .help(command) }
        var reader = ArgumentReader(rest, command: command, options: options)
        if command == "render" {
            return .render(try RenderCommand.parse(&reader))
        }
        var format = Format.text, strict = false, phonetics: String?
        var readers: [ScreenReader] = []
        var overrides: [(key: String, value: String)] = []
        var operands: [String] = []
        while let item = try reader.next() {
            switch item {
            case .operand(let operand): operands.append(operand)
            case .option("--format", let value):
                guard let value, let parsed = Format(rawValue: value) else { throw reader.error("--format expects text or json") }
                format = parsed
            case .option("--set", let pair): overrides.append(try reader.setting(pair))
            case .option("--phonetics", let path):
                guard let path, !path.isEmpty else { throw reader.error("--phonetics expects a FILE") }
                phonetics = path
            case .option("--strict", _): strict = true
            case .option("--reader", let value):
                if value == "all" {
                    readers = ScreenReader.allCases
                } else if let value, let reader = ScreenReader(rawValue: value) {
                    readers = [reader]
                } else {
                    let names = ScreenReader.allCases.map(\.rawValue).joined(separator: ", ")
                    throw reader.error("--reader expects all or one of \(names)")
                }
            case .option(let name, _): throw reader.error("unknown option \(ScriptErrorText.quoted(name))")
            }
        }
        switch command {
        case "help":
            guard operands.count <= 1 else { throw reader.error("takes at most one topic, got \(operands.count)") }
            guard let topic = operands.first else { return .help(nil) }
            guard CommandHelp.topics.contains(topic) else {
                var message = "no help on \(ScriptErrorText.quoted(topic)); topics: \(CommandHelp.topics.joined(separator: ", "))"
                if let guess = Suggestion.closest(to: topic, among: CommandHelp.topics) { message += "; did you mean '\(guess)'?" }
                throw reader.error(message)
            }
            return .help(topic)
        case "layouts":
            guard operands.count <= 1 else { throw reader.error("takes at most one LOCALE, got \(operands.count)") }
            return .layouts(locale: operands.first)
        case "describe":
            guard operands.count == 1 else { throw reader.error("expects one SCRIPT (or - for standard input), got \(operands.count)") }
            return .describe(script: operands[0], format: format, overrides: overrides, strict: strict, readers: readers)
        case "replay":
            guard operands.count == 1 else { throw reader.error("expects one SCRIPT (or - for standard input), got \(operands.count)") }
            return .replay(script: operands[0], format: format, overrides: overrides, phonetics: phonetics)
        default:
            guard !operands.isEmpty else { throw reader.error("expects at least one SCRIPT") }
            return .check(scripts: operands, overrides: overrides, phonetics: phonetics)
        }
    }
}
