import TypingEcho

/// A problem with the command line: one line saying what, and the help that explains it.
struct UsageError: Error {
    var message: String
    /// The command whose help to point at; nil for the general help.
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    /// What stderr shows: the problem on one line (a line break in a quoted
    /// argument shows as `\u{A}`), then where to read more.
    var report: String {
        "typing-echo: \(TerminalText.escaped(message))\nsee 'typing-echo help\(command.map { " " + $0 } ?? "")'"
    }
}

/// An option a command takes: its names (the first is the one reported) and whether it takes a value.
struct OptionSpec {
    var names: [String]
    var takesValue: Bool

    /// An option with a value (`--format json`, `--format=json`).
    static func value(_ names: String...) -> OptionSpec { OptionSpec(names: names, takesValue: true) }
    /// A flag without a value (`--strict`).
    static func flag(_ names: String...) -> OptionSpec { OptionSpec(names: names, takesValue: false) }
}

/// Reads one command's arguments front to back: options as `--name value` or `--name=value`
/// (a short `-o` takes the next argument), everything else an operand; `-` is an operand
/// (standard input) and `--` makes every later argument an operand.
struct ArgumentReader {
    /// One argument, or an option with its value.
    enum Item {
        case option(name: String, value: String?)
        case operand(String)
    }

    let command: String
    let options: [OptionSpec]
    private var queue: ArraySlice<String>
    private var optionsEnded = false

    init(_ arguments: some Collection<String>, command: String, options: [OptionSpec]) {
        self.command = command
        self.options = options
        queue = ArraySlice(arguments)
    }

    /// Whether `--help` or `-h` comes before any `--`: help wins over anything else written.
    static func asksForHelp(_ arguments: some Sequence<String>) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// The next option or operand; nil at the end.
    mutating func next() throws(UsageError) -> Item? {
        guard let argument = queue.popFirst() else { return nil }
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") { return .operand(argument) }
        if argument == "--" {
            optionsEnded = true
            return try next()
        }
        var name = argument, inline: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inline = String(argument[argument.index(after: equals)...])
        }
        guard let spec = options.first(where: { $0.names.contains(name) }) else { throw unknown(name) }
        let canonical = spec.names[0]
        guard spec.takesValue else {
            if inline != nil { throw error("\(canonical) takes no value") }
            return .option(name: canonical, value: nil)
        }
        if let inline { return .option(name: canonical, value: inline) }
        // A missing value is reported by the option's own check, which says what it expects.
        return .option(name: canonical, value: queue.popFirst())
    }

    /// A usage error about this command.
    func error(_ message: String) -> UsageError {
        UsageError("\(command): \(message)", command: command)
    }

    private func unknown(_ name: String) -> UsageError {
        var message = "unknown option \(ScriptErrorText.quoted(name))"
        let long = options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
        if let guess = Suggestion.closest(to: name, among: long) { message += "; did you mean '\(guess)'?" }
        return error(message)
    }

    /// `KEY=VALUE` of `--set`, checked against the settings (an unknown key or a bad value is a
    /// usage error naming the setting).
    func setting(_ pair: String?) throws(UsageError) -> (key: String, value: String) {
        guard let pair, let equals = pair.firstIndex(of: "=") else { throw error("--set expects KEY=VALUE") }
        let key = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
        var probe = Settings()
        do { try probe.set(key, to: value) } catch { throw self.error("--set: \(error.description)") }
        return (key, value)
    }
}

/// The options and operands of the commands that run a script (`replay`, `check`, `describe`).
struct ScriptArguments {
    var operands: [String] = []
    var format = OutputFormat.text
    var overrides: [(key: String, value: String)] = []
    var phonetics: String?
    var strict = false
    var readers: [ScreenReader] = []
    /// `--screen FILE [--from FORMAT] [--density N]`: a screen imported before the script's first line.
    var screen: ScreenOption?
    /// `--from`/`--density` given without `--screen` (a usage error once every argument is read).
    var screenOptionsAlone = false
}

extension ArgumentReader {
    /// Reads every argument that is left; an option the command does not take was refused by
    /// `next()` already, so each case here is checked only for its value.
    mutating func readScriptArguments() throws(UsageError) -> ScriptArguments {
        var arguments = ScriptArguments()
        while let item = try next() {
            switch item {
            case .operand(let operand): arguments.operands.append(operand)
            case .option("--format", let value):
                guard let value, let parsed = OutputFormat(rawValue: value) else { throw error("--format expects text or json") }
                arguments.format = parsed
            case .option("--set", let pair): arguments.overrides.append(try setting(pair))
            case .option("--phonetics", let path):
                guard let path, !path.isEmpty else { throw error("--phonetics expects a FILE") }
                arguments.phonetics = path
            case .option("--strict", _): arguments.strict = true
            case .option("--reader", let value):
                if value == "all" {
                    arguments.readers = ScreenReader.allCases
                } else if let value, let reader = ScreenReader(rawValue: value) {
                    arguments.readers = [reader]
                } else {
                    let names = ScreenReader.allCases.map(\.rawValue).joined(separator: ", ")
                    throw error("--reader expects all or one of \(names)")
                }
            case .option(let name, let value) where ["--screen", "--from", "--density"].contains(name):
                var screen = arguments.screen ?? ScreenOption(path: "")
                try screen.read(name, value, self)
                arguments.screen = screen
            case .option(let name, _): throw error("unknown option \(ScriptErrorText.quoted(name))")
            }
        }
        if let screen = arguments.screen, screen.path.isEmpty { throw error("--from and --density need --screen FILE") }
        return arguments
    }

    /// The one SCRIPT operand of a command that runs a single script.
    func oneScript(_ operands: [String]) throws(UsageError) -> String {
        guard operands.count == 1 else { throw error("expects one SCRIPT (or - for standard input), got \(operands.count)") }
        return operands[0]
    }
}
