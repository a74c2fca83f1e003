import TypingEcho

/// What `typing-echo help COMMAND` and `typing-echo COMMAND --help` print (the same text).
struct CommandHelp {
    let name: String
    /// The command line after `typing-echo `.
    let synopsis: String
    /// One line for the general help.
    let summary: String
    /// What follows the usage line.
    let details: String

    /// The whole help of the command.
    var text: String { "usage: typing-echo \(synopsis)\n\n\(details)" }

    /// Every command, in the order the general help lists them.
    static let all = [replay, check, describe, layouts, render, help]

    /// What `typing-echo help TOPIC` knows: the commands and `script`.
    static let topics = all.map(\.name) + ["script"]

    /// The help of a command by name.
    static func named(_ name: String) -> CommandHelp? { all.first { $0.name == name } }

    /// The settings `--set` accepts, wrapped to fit under the option's description.
    static var settingsList: String {
        var lines: [String] = [], line = ""
        for key in Settings.keys {
            if !line.isEmpty && line.count + key.count + 2 > 70 { lines.append(line + ","); line = "" }
            line += (line.isEmpty ? "" : ", ") + key
        }
        lines.append(line)
        return lines.map { "                       " + $0 }.joined(separator: "\n")
    }

    static let setOption = """
      --set KEY=VALUE      a setting that wins over the script's own (repeatable); settings:
    \(settingsList)
                           (values and defaults: typing-echo help script)
    """

    static let phoneticsOption = """
      --phonetics FILE     speak phonetic words and character names from your own alphabet file
                           (format: Phonetics/README.md); it is checked first and each problem is
                           reported as FILE:LINE: error: … (exit 65)
    """

    static let replay = CommandHelp(
        name: "replay",
        synopsis: "replay SCRIPT|- [--format text|json] [--set KEY=VALUE …] [--phonetics FILE]",
        summary: "run a script and print what is heard and what happens to the text",
        details: """
        Runs a .replay script ("-" reads standard input) and prints, as it runs, what a
        screen-reader user hears and what happens to the text: a transcript (text, the default;
        colour only on a terminal, never with NO_COLOR) or JSON Lines (json), one event per line.
        Failed expect lines are reported on stderr as FILE:LINE:COLUMN: error: expectation failed.
        The script language: typing-echo help script.

        options (also written --name=value):
          --format text|json   the transcript (default) or JSON Lines
        \(setOption)
        \(phoneticsOption)

        exit codes: 0 success, 1 an expectation failed, 64 usage error, 65 bad script, 66 input not
        readable, 74 output not writable (a closed pipe, as with | head, ends quietly with 0)
        """)

    static let check = CommandHelp(
        name: "check",
        synopsis: "check SCRIPT… [--set KEY=VALUE …] [--phonetics FILE]",
        summary: "run scripts' expect lines; PASS or FAIL per script, then N passed, N failed",
        details: """
        Runs each script for its expect lines only (no events are printed) and prints one line per
        script, then a summary:

          PASS SCRIPT (N expectations)
          FAIL SCRIPT (N of M expectations failed)
          ERROR SCRIPT                      (a bad or unreadable script; reported on stderr)
          N passed, N failed                (ERROR counts as failed)

        Each failed expectation is reported on stderr as FILE:LINE:COLUMN: error: expectation failed: ….

        options (also written --name=value):
        \(setOption)
        \(phoneticsOption)

        exit codes: the worst of the scripts: 0 all passed, 1 an expectation failed, 65 a bad script,
        66 a script not readable; 64 usage error, 74 output not writable
        """)

    static let describe = CommandHelp(
        name: "describe",
        synopsis: "describe SCRIPT|- [--format text|json] [--set KEY=VALUE …] [--strict] [--reader all|NAME]",
        summary: "the screen's elements: announcements, traits, lint findings, ARIA / Android / Flutter",
        details: """
        Runs a script (its events are not printed; failed expect lines are reported on stderr),
        then prints the screen as it is at the end: each element in reading order with its
        announcement and hint, traits (names and hex mask), lint findings, and its WAI-ARIA,
        Android and Flutter equivalents; then the findings about the whole screen. Lint rules:
        \(LintRule.allCases.map(\.rawValue).joined(separator: ", ")).
        See docs/elements-and-lint.md.

        options (also written --name=value):
          --format text|json   a text report (default) or one JSON document {"elements":[…],"lint":[…]}
        \(setOption)
          --strict             exit 1 when there is any lint finding (for CI)
          --reader all|NAME    each element's announcement as each screen reader says it
                               (voiceover, talkback, nvda, orca, chromevox), side by side

        exit codes: 0 success, 1 an expectation failed (or, with --strict, a lint finding),
        64 usage error, 65 bad script, 66 input not readable, 74 output not writable
        """)

    static let layouts = CommandHelp(
        name: "layouts",
        synopsis: "layouts [LOCALE]",
        summary: "draw the on-screen keyboards; with a LOCALE, every layer, alternate and key frame",
        details: """
        Without a LOCALE, draws the letters of every on-screen keyboard layout. With one (a tag such
        as pl-PL, or a language such as pl), draws that layout's layers, lists its alternates
        (touch and hold) and every key's frame in points. Keyboards are data: Keyboards/README.md.

        exit codes: 0 success, 64 usage error (an unknown LOCALE; the message lists the layouts),
        74 output not writable
        """)

    static let render = CommandHelp(
        name: "render", synopsis: RenderCommand.synopsis, summary: RenderCommand.summary, details: RenderCommand.details)

    static let help = CommandHelp(
        name: "help",
        synopsis: "help [COMMAND|script]",
        summary: "this help, a command's help, or the script language's reference",
        details: """
        typing-echo help prints the list of commands; typing-echo help COMMAND (the same as
        typing-echo COMMAND --help) explains one of \([replay, check, describe, layouts, render].map(\.name).joined(separator: ", ")) or help;
        typing-echo help script prints the reference of the script language (every command,
        attribute, setting, key name and expectation, with examples; docs/script-language.md).

        exit codes: 0 success, 64 an unknown topic
        """)

    /// `typing-echo --help`: every command on one line, and where to read more.
    static var general: String {
        let width = all.map(\.name.count).max()!
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
        readable, 69 espeak-ng not installed (render), 74 output not writable (a closed pipe, as
        with | head, ends quietly)
        """
    }

    /// The text of `typing-echo help [TOPIC]`.
    static func text(for topic: String?) -> String {
        guard let topic else { return general }
        if topic == "script" { return ScriptLanguage.reference }
        return named(topic)!.text
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
