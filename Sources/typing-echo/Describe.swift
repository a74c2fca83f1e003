import TypingEcho

/// `typing-echo describe SCRIPT`: runs the script (its events are not printed; failed
/// expectations are reported on stderr), then prints the screen as it is at the end.
/// - Parameter strict: Whether lint findings make the exit code 1 (`--strict`).
/// - Returns: 0, or 1 when an expectation failed (or, with `strict`, there is a lint finding),
///   65/66 for a bad or unreadable script, 74 when the output cannot be written.
/// - Parameter readers: The readers whose announcements are shown beside each element's (`--reader`).
func describe(script: String, format: Invocation.Format, overrides: [(key: String, value: String)], strict: Bool,
              readers: [ScreenReader] = [], stdoutClosed: WriteFailure?) -> ExitCode {
    var sink = DiscardSink()
    let (code, session) = run(script: script, overrides: overrides, into: &sink)
    guard let session, code == .success || code == .expectationFailed else { return code }
    var output = Output(descriptor: 1, failure: stdoutClosed)
    // Written as it is made, element by element: a million elements never stand whole in memory.
    let findings = ScreenDescription.write(session.engine, json: format == .json, readers: readers) { bytes in
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
