import TypingEcho

extension ToolCommand {
    static let replay = ToolCommand(
        name: "replay",
        synopsis: "replay SCRIPT|- [--format text|json] [--set KEY=VALUE …] [--phonetics FILE] [--screen FILE [--from FORMAT]]",
        summary: "run a script and print what is heard and what happens to the text",
        details: """
        Runs a .replay script ("-" reads standard input) and prints, as it runs, what a
        screen-reader user hears and what happens to the text: a transcript (text, the default;
        colour only on a terminal, never with NO_COLOR) or JSON Lines (json), one event per line.
        Failed expect lines are reported on stderr as FILE:LINE:COLUMN: error: expectation failed
        (--set show-expected=on repeats the expected text even once a secure field has held text).
        The script language: typing-echo help script.

        options (also written --name=value):
          --format text|json   the transcript (default) or JSON Lines
        \(ToolCommand.setOption)
        \(ToolCommand.phoneticsOption)
        \(ToolCommand.screenOption)

        exit codes: 0 success, 1 an expectation failed, 64 usage error, 65 bad script, 66 input not
        readable, 74 output not writable (a closed pipe, as with | head, ends quietly with 0)
        """,
        options: [.value("--format"), .value("--set"), .value("--phonetics")] + ToolCommand.screenOptions,
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            let arguments = try reader.readScriptArguments()
            let script = try reader.oneScript(arguments.operands)
            return { replayScript(script: script, arguments: arguments, stdoutClosed: $0) }
        })
}

/// `typing-echo replay SCRIPT`: the events, written as they come, in the format asked for.
func replayScript(script: String, arguments: ScriptArguments, stdoutClosed: WriteFailure?) -> ExitCode {
    let (alphabet, failure) = loadPhonetics(arguments.phonetics)
    if let failure { return failure }
    let output = Output(descriptor: 1, failure: stdoutClosed)
    var sink = OutputSink(output: output, format: arguments.format, transcript: Transcript(colour: output.wantsColour))
    let (code, _) = run(script: script, overrides: arguments.overrides, phonetics: alphabet, screen: arguments.screen, into: &sink)
    sink.output.flush()
    if let failure = sink.failure, code != .ioError { return failure.exitCode }
    return code
}
