import TypingEcho

/// `typing-echo describe SCRIPT`: runs the script (its events are not printed; failed
/// expectations are reported on stderr), then prints the screen as it is at the end.
/// - Returns: 0, or 1 when an expectation failed, 65/66 for a bad or unreadable script.
func describe(script: String, format: Invocation.Format, overrides: [(key: String, value: String)],
              stdoutClosed: WriteFailure?) -> ExitCode {
    var sink = DiscardSink()
    let (code, session) = run(script: script, overrides: overrides, into: &sink)
    guard let session, code == .success || code == .expectationFailed else { return code }
    let description = ScreenDescription(session.engine)
    var output = Output(descriptor: 1, failure: stdoutClosed)
    output.write(format == .json ? description.json : description.text)
    output.flush()
    return output.failure?.exitCode ?? code
}
