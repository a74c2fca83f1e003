import TypingEcho

extension ToolCommand {
    static let check = ToolCommand(
        name: "check",
        synopsis: "check SCRIPT… [--set KEY=VALUE …] [--phonetics FILE] [--screen FILE [--from FORMAT]]",
        summary: "run scripts' expect lines; PASS or FAIL per script, then N passed, N failed",
        details: """
        Runs each script for its expect lines only (no events are printed) and prints one line per
        script, then a summary:

          PASS SCRIPT (N expectations)
          FAIL SCRIPT (N of M expectations failed)
          ERROR SCRIPT                      (a bad or unreadable script; reported on stderr)
          N passed, N failed                (ERROR counts as failed)

        Each failed expectation is reported on stderr as FILE:LINE:COLUMN: error: expectation failed: ….
        Once a secure field has held text, a failed expect speech gives only the expected text's
        length (it may be the secret); --set show-expected=on shows the expected text itself
        (a secure field's own text is never shown).

        options (also written --name=value):
        \(ToolCommand.setOption)
        \(ToolCommand.phoneticsOption)
        \(ToolCommand.screenOption)

        exit codes: the worst of the scripts: 0 all passed, 1 an expectation failed, 65 a bad script,
        66 a script not readable; 64 usage error, 74 output not writable
        """,
        options: [.value("--set"), .value("--phonetics")] + ToolCommand.screenOptions,
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            let arguments = try reader.readScriptArguments()
            guard !arguments.operands.isEmpty else { throw reader.error("expects at least one SCRIPT") }
            return { checkScripts(arguments.operands, overrides: arguments.overrides, phonetics: arguments.phonetics, screen: arguments.screen, stdoutClosed: $0) }
        })
}

/// `typing-echo check SCRIPT…`: a PASS, FAIL or ERROR line per script, then `N passed, N failed`
/// (a script that cannot run counts as failed).
/// - Returns: The worst exit code of the scripts (0, 1, 65, 66), or 74 when output cannot be written.
func checkScripts(_ scripts: [String], overrides: [(key: String, value: String)], phonetics: String?, screen: ScreenOption? = nil,
           stdoutClosed: WriteFailure?) -> ExitCode {
    let (alphabet, failure) = loadPhonetics(phonetics)
    if let failure { return failure }
    var worst = ExitCode.success
    var passed = 0
    var output = Output(descriptor: 1, failure: stdoutClosed)
    for script in scripts {
        var sink = DiscardSink()
        let (code, session) = run(script: script, overrides: overrides, phonetics: alphabet, screen: screen, into: &sink)
        let expectations = session?.expectationCount ?? 0
        let failures = session?.failureCount ?? 0
        // The path as given, with controls shown as \u{…} like every text output.
        let shown = TerminalText.escaped(script)
        switch code {
        case .success:
            output.write("PASS \(shown) (\(expectations) expectations)\n")
            passed += 1
        case .expectationFailed: output.write("FAIL \(shown) (\(failures) of \(expectations) expectations failed)\n")
        default: output.write("ERROR \(shown)\n")
        }
        output.flush()
        worst = ExitCode(rawValue: max(worst.rawValue, code.rawValue))!
    }
    output.write("\(passed) passed, \(scripts.count - passed) failed\n")
    output.flush()
    // A closed pipe keeps the verdict; any other write failure is 74.
    if let failure = output.failure, failure != .readerGone { return failure.exitCode }
    return worst
}
