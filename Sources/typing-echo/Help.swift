import TypingEcho

extension ToolCommand {
    static let help = ToolCommand(
        name: "help",
        synopsis: "help [COMMAND|script]",
        summary: "this help, a command's help, or the script language's reference",
        details: """
        typing-echo help prints the list of commands; typing-echo help COMMAND (the same as
        typing-echo COMMAND --help) explains one of \([ToolCommand.replay, ToolCommand.check, ToolCommand.describe, ToolCommand.layouts, ToolCommand.render, ToolCommand.import].map(\.name).joined(separator: ", ")) or help;
        typing-echo help script prints the reference of the script language (every command,
        attribute, setting, key name and expectation, with examples; docs/script-language.md).

        exit codes: 0 success, 64 an unknown topic
        """,
        options: [],
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            let operands = try reader.readScriptArguments().operands
            guard operands.count <= 1 else { throw reader.error("takes at most one topic, got \(operands.count)") }
            guard let topic = operands.first else { return { printOutput(ToolCommand.generalHelp, stdoutClosed: $0) } }
            guard ToolCommand.helpTopics.contains(topic) else {
                var message = "no help on \(ScriptErrorText.quoted(topic)); topics: \(ToolCommand.helpTopics.joined(separator: ", "))"
                if let guess = Suggestion.closest(to: topic, among: ToolCommand.helpTopics) { message += "; did you mean '\(guess)'?" }
                throw reader.error(message)
            }
            let text = topic == "script" ? ScriptLanguage.reference : ToolCommand.named(topic)?.helpText ?? ToolCommand.generalHelp
            return { printOutput(text, stdoutClosed: $0) }
        })
}
