import TypingEcho

extension ToolCommand {
    static let describe = ToolCommand(
        name: "describe",
        synopsis: "describe SCRIPT|- [--format text|json] [--set KEY=VALUE …] [--strict] [--reader all|NAME] [--screen FILE [--from FORMAT]]",
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
        \(ToolCommand.setOption)
          --strict             exit 1 when there is any lint finding (for CI)
          --reader all|NAME    each element's announcement as each screen reader says it
                               (voiceover, talkback, nvda, orca, chromevox), side by side
        \(ToolCommand.screenOption)

        exit codes: 0 success, 1 an expectation failed (or, with --strict, a lint finding),
        64 usage error, 65 bad script, 66 input not readable, 74 output not writable
        """,
        options: [.value("--format"), .value("--set"), .flag("--strict"), .value("--reader")] + ToolCommand.screenOptions,
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            let arguments = try reader.readScriptArguments()
            let script = try reader.oneScript(arguments.operands)
            return {
                describeScreen(script: script, format: arguments.format, overrides: arguments.overrides, strict: arguments.strict,
                         readers: arguments.readers, screen: arguments.screen, stdoutClosed: $0)
            }
        })
}

/// `typing-echo describe SCRIPT`: runs the script (its events are not printed; failed
/// expectations are reported on stderr), then prints the screen as it is at the end.
/// - Parameter strict: Whether lint findings make the exit code 1 (`--strict`).
/// - Returns: 0, or 1 when an expectation failed (or, with `strict`, there is a lint finding),
///   65/66 for a bad or unreadable script, 74 when the output cannot be written.
/// - Parameter readers: The readers whose announcements are shown beside each element's (`--reader`).
func describeScreen(script: String, format: OutputFormat, overrides: [(key: String, value: String)], strict: Bool,
              readers: [ScreenReader] = [], screen: ScreenOption? = nil, stdoutClosed: WriteFailure?) -> ExitCode {
    var sink = DiscardSink()
    let (code, session) = run(script: script, overrides: overrides, screen: screen, into: &sink)
    guard let session, code == .success || code == .expectationFailed else { return code }
    var output = Output(descriptor: 1, failure: stdoutClosed)
    // Written as it is made, element by element: a million elements never stand whole in memory.
    // Described on every core: the bytes are the same whatever the number of threads.
    let findings = ScreenDescription.write(session.screen, json: format == .json, readers: readers, jobs: machineCores) { bytes in
        output.write(bytes)
        return output.failure == nil
    }
    output.flush()
    if let failure = output.failure {
        // `exitCode` prints the failure's message: asked once, so the error is printed once.
        let failed = failure.exitCode
        return failed == .success ? code : failed
    }
    guard strict, findings > 0 else { return code }
    printError("typing-echo: describe --strict: \(findings) lint finding\(findings == 1 ? "" : "s")")
    return .expectationFailed
}
