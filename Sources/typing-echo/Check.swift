#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TypingEcho

extension ToolCommand {
    static let check = ToolCommand(
        name: "check",
        synopsis: "check SCRIPT… [--update [--heard]] [--reader all|NAME[,NAME…]] [--junit FILE] [--set KEY=VALUE …] [--phonetics FILE] [--screen FILE [--from FORMAT]]",
        summary: "run scripts' expect lines; PASS or FAIL per script, then N passed, N failed",
        details: """
        Runs each script for its expect lines only (no events are printed) and prints one line per
        script (and reader, with --reader), then a summary:

          PASS SCRIPT (N expectations)
          FAIL SCRIPT (N of M expectations failed)
          ERROR SCRIPT                      (a bad or unreadable script; reported on stderr)
          UPDATED SCRIPT (N rewritten, N added)   (with --update, before its PASS or FAIL)
          N passed, N failed                (ERROR counts as failed)

        With --reader, each line names the reader: PASS SCRIPT [talkback] (N expectations).
        Each failed expectation is reported on stderr as FILE:LINE:COLUMN: error: expectation failed: ….
        Once a secure field has held text, a failed expect speech gives only the expected text's
        length (it may be the secret); --set show-expected=on shows the expected text itself
        (a secure field's own text is never shown).

        options (also written --name=value):
          --update             rewrite each script's expect lines so they hold, then check it:
                               a failed line is replaced by what happened, and after each command
                               that made speech and has no expect line one is added (expect heard
                               for speech heard to its end, expect speech for speech that was
                               cut); comments, layout and passing lines stay; a secure field's
                               text is never written (expect count instead)
          --heard              with --update, also turn a passing expect speech into expect heard
                               where that utterance is heard to its end in the line's window
          --reader all|NAME[,NAME…]
                               run each script once per reader (voiceover, talkback, nvda, orca,
                               chromevox), as --set reader=NAME does; an expect line ending in
                               for=NAME[,NAME…] is checked only for those readers; with --update,
                               one line where the readers agree and for= lines where they differ
          --junit FILE         also write a JUnit XML report: one testcase per script and reader,
                               a failure with FILE:LINE and the message per failed expectation
        \(ToolCommand.setOption)
        \(ToolCommand.phoneticsOption)
        \(ToolCommand.screenOption)

        See docs/script-language.md (Expectations) and docs/regression-tests.md.

        exit codes: the worst of the scripts: 0 all passed, 1 an expectation failed, 65 a bad script,
        66 a script not readable; 64 usage error, 74 output (or a script rewritten, or the report)
        not writable
        """,
        options: [.value("--set"), .value("--phonetics"), .flag("--update"), .flag("--heard"), .value("--reader"), .value("--junit")] + ToolCommand.screenOptions,
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            let arguments = try reader.readScriptArguments()
            guard !arguments.operands.isEmpty else { throw reader.error("expects at least one SCRIPT") }
            if arguments.heard, !arguments.update { throw reader.error("--heard works with --update") }
            if arguments.update, arguments.operands.contains("-") { throw reader.error("--update rewrites script files; it cannot take - (standard input)") }
            if arguments.update, arguments.screen != nil { throw reader.error("--update rewrites scripts that declare their own screen; it does not take --screen") }
            return { checkScripts(arguments, stdoutClosed: $0) }
        })
}

/// `typing-echo check SCRIPT…`: a PASS, FAIL or ERROR line per script (and reader), then
/// `N passed, N failed` (a script that cannot run counts as failed); with `--update` each script
/// is rewritten first (`ScriptUpdater`), with `--junit FILE` a report is written too.
/// - Returns: The worst exit code of the scripts (0, 1, 65, 66), or 74 when output cannot be written.
func checkScripts(_ arguments: ScriptArguments, stdoutClosed: WriteFailure?) -> ExitCode {
    let (alphabet, failure) = loadPhonetics(arguments.phonetics)
    if let failure { return failure }
    let readers: [ScreenReader?] = arguments.readers.isEmpty ? [nil] : arguments.readers
    var worst = ExitCode.success
    var passed = 0
    var runs = 0
    var report = JUnitReport()
    var output = Output(descriptor: 1, failure: stdoutClosed)
    for script in arguments.operands {
        // The path as given, with controls shown as \u{…} like every text output.
        let shown = TerminalText.escaped(script)
        if arguments.update {
            let code = updateScript(script, readers: arguments.readers, overrides: arguments.overrides, phonetics: alphabet,
                                    prefersHeard: arguments.heard, output: &output)
            if code != .success {
                output.write("ERROR \(shown)\n")
                output.flush()
                runs += 1
                report.add(script: script, reader: nil, expectations: 0, seconds: 0, failures: [], error: "\(script): the script was not rewritten (exit \(code.rawValue))")
                worst = ExitCode(rawValue: max(worst.rawValue, code.rawValue))!
                continue
            }
        }
        for reader in readers {
            var sink = DiscardSink()
            var noted: [String] = []
            var overrides = arguments.overrides
            if let reader { overrides.append((key: "reader", value: reader.rawValue)) }
            let (code, session) = run(script: script, overrides: overrides, phonetics: alphabet, screen: arguments.screen, into: &sink) { noted.append($0) }
            let expectations = session?.expectationCount ?? 0
            let failures = session?.failureCount ?? 0
            let name = shown + (reader.map { " [\($0.rawValue)]" } ?? "")
            runs += 1
            switch code {
            case .success:
                output.write("PASS \(name) (\(expectations) expectations)\n")
                passed += 1
            case .expectationFailed: output.write("FAIL \(name) (\(failures) of \(expectations) expectations failed)\n")
            default: output.write("ERROR \(name)\n")
            }
            output.flush()
            let seconds = Double(session?.now.milliseconds ?? 0) / 1000
            let isError = code != .success && code != .expectationFailed
            report.add(script: script, reader: reader, expectations: expectations, seconds: seconds,
                       failures: isError ? [] : noted, error: isError ? (noted.last ?? "\(script): exit \(code.rawValue)") : nil)
            worst = ExitCode(rawValue: max(worst.rawValue, code.rawValue))!
        }
    }
    output.write("\(passed) passed, \(runs - passed) failed\n")
    output.flush()
    if let path = arguments.junit, let problem = writeFile(path, contents: report.xml) {
        printError("typing-echo: \(problem)")
        worst = ExitCode(rawValue: max(worst.rawValue, ExitCode.ioError.rawValue))!
    }
    // A closed pipe keeps the verdict; any other write failure is 74.
    if let failure = output.failure, failure != .readerGone { return failure.exitCode }
    return worst
}

/// `check --update` for one script: rewrites it in place when its expectations change, and
/// prints `UPDATED SCRIPT (N rewritten, N added)`; a line it could not rewrite is reported on
/// stderr (warning).
/// - Returns: 0, 65 for a bad script (reported on stderr), 66 for one not readable, 74 when
///   the file cannot be written.
func updateScript(
    _ path: String, readers: [ScreenReader], overrides: [(key: String, value: String)], phonetics: PhoneticAlphabet?,
    prefersHeard: Bool, output: inout Output
) -> ExitCode {
    var bytes: [UInt8] = []
    if let problem = readChunks(of: path, { chunk in
        bytes.append(contentsOf: chunk)
        return true
    }) {
        printError("typing-echo: \(problem)")
        return .unreadable
    }
    let shown = TerminalText.escaped(path)
    guard let text = String(validating: bytes, as: UTF8.self) else {
        // Not UTF-8: the check that follows reports where.
        printDiagnostic("\(path): warning: not rewritten: the script is not valid UTF-8")
        return .success
    }
    let updater = ScriptUpdater(
        overrides: overrides.map { SettingAssignment(key: $0.key, value: $0.value) }, phonetics: phonetics, prefersHeard: prefersHeard)
    let update: ScriptUpdate
    do { update = try updater.update(text, readers: readers.isEmpty ? nil : readers) } catch {
        printDiagnostic(error.formatted(file: path))
        return error.kind == .brailleUnavailable ? .unavailable : .badScript
    }
    for location in update.unwritten {
        printDiagnostic("\(path):\(location): warning: not rewritten: only an utterance longer than 512 bytes would hold it")
    }
    guard update.changed else { return .success }
    if let problem = writeFile(path, contents: update.script) {
        printError("typing-echo: \(problem)")
        return .ioError
    }
    output.write("UPDATED \(shown) (\(update.replaced) rewritten, \(update.added) added)\n")
    output.flush()
    return .success
}

/// Writes `contents` to `path` through a file beside it renamed over it, so that a script is
/// never left half written; the file keeps its permissions.
/// - Returns: An error message when it cannot be written.
func writeFile(_ path: String, contents: String) -> String? {
    let temporary = path + ".typing-echo-\(getpid())"
    var status = stat()
    let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
    guard descriptor >= 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
    var bytes = Array(contents.utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 {
            let message = "cannot write \(path): \(String(cString: strerror(errno)))"
            close(descriptor)
            unlink(temporary)
            return message
        }
        written += count
    }
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
        let message = "cannot write \(path): \(String(cString: strerror(errno)))"
        unlink(temporary)
        return message
    }
    return nil
}
