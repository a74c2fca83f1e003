/// A property that did not hold: where, with which seed, the counterexample before and after shrinking, and why.
///
/// Its `description` is the report to print:
///
/// ```text
/// Property "sumStaysSmall" failed on case 3 of 10000 (Tests/SumTests.swift:12).
///   Seed: 1234 (0x4D2)
///   Replay: TYPING_ECHO_SEED=1234 swift test --filter sumStaysSmall
///           (add TYPING_ECHO_CASE=3 to run only the failing case)
///   Counterexample: [100]
///   Original: [37, 80, 5, 12]
///   Shrunk in 9 steps
///   Message: sum 100 is not below 100
/// ```
///
/// A counterexample that can be written as a `.replay` script (a ``SessionScript``, a
/// ``SecureSession``, or a ``ReplayCounterexample`` thrown by the property) adds its script
/// and, once written, the file and the `typing-echo check` command that reproduces it.
public struct PropertyFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The property's name, as given to ``check(_:_:cases:seed:shrinkBudget:database:fileID:filePath:line:_:)``.
    public let name: String
    /// The file that ran the check.
    public let fileID: String
    /// The line that ran the check.
    public let line: Int
    /// The run seed; setting `TYPING_ECHO_SEED` to it replays the run.
    public let seed: UInt64
    /// The 1-based number of the failing case; `TYPING_ECHO_CASE` set to it replays just that case.
    public let caseNumber: Int
    /// How many passing cases the run asked for.
    public let cases: Int
    /// The counterexample as first generated, via `String(reflecting:)`, every scalar outside
    /// ASCII written `\u{…}` (so that `"\u{E9}"` and `"e\u{301}"` read apart).
    public let original: String
    /// The shrunk counterexample, via `String(reflecting:)`, every scalar outside ASCII written `\u{…}`.
    public let counterexample: String
    /// Why the shrunk counterexample fails.
    public let message: String
    /// Why the original counterexample failed.
    public let originalMessage: String
    /// How many shrinking steps made the counterexample simpler.
    public let shrinkSteps: Int
    /// The `swift test --filter` argument that selects the test running the property.
    public let filter: String
    /// Whether the failing case came from the example database (it failed on an earlier run).
    public let fromDatabase: Bool
    /// The shrunk counterexample as a runnable `.replay` script, when it has one.
    public let replayScript: String?
    /// The file the script was written to, when it was written (see ``write(to:)``).
    public internal(set) var replayFile: String?

    /// The shell command that reruns the failing property with the same seed.
    public var replayCommand: String {
        "TYPING_ECHO_SEED=\(seed) swift test --filter \(shellQuoted(filter))"
    }

    /// A multi-line report with the name, case, seed, replay command, counterexamples and message.
    public var description: String {
        let location = "\(fileID):\(line)"
        var report = """
            Property "\(name)" failed on case \(caseNumber) of \(cases) (\(location)).
              Seed: \(seed) (0x\(String(seed, radix: 16, uppercase: true)))
              Replay: \(replayCommand)
                      (add TYPING_ECHO_CASE=\(caseNumber) to run only the failing case)
              Counterexample: \(indented(counterexample))
              Original: \(indented(original))
              Shrunk in \(shrinkSteps) steps
              Message: \(indented(message))
            """
        if fromDatabase { report += "\n  (a saved example from an earlier run, replayed first)" }
        if let replayFile {
            report += "\n  Counterexample script: \(replayFile)\n  Reproduce: swift run typing-echo check \(shellQuoted(replayFile))"
        }
        if let replayScript {
            report += "\n  Script:\n" + replayScript.split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast(replayScript.hasSuffix("\n") ? 1 : 0).map { "    " + $0 }.joined(separator: "\n")
        }
        return report
    }

    /// The facts of a run that every report repeats.
    struct Context {
        var name: String
        var fileID: String
        var line: Int
        var seed: UInt64
        var cases: Int
        var filter: String
    }

    init<T>(context: Context, caseNumber: Int, original: FailingRun<T>, shrunk: FailingRun<T>, shrinkSteps: Int, fromDatabase: Bool = false) {
        let script = (shrunk.error as? ReplayCounterexample)?.script ?? (shrunk.value as? any ReplayScriptConvertible)?.replayScript
        self.init(
            context: context, caseNumber: caseNumber,
            original: String(reflecting: original.value).escapingNonASCII,
            counterexample: String(reflecting: shrunk.value).escapingNonASCII,
            message: describe(shrunk.error), originalMessage: describe(original.error), shrinkSteps: shrinkSteps,
            fromDatabase: fromDatabase, replayScript: script)
    }

    init(gaveUp context: Context, caseNumber: Int, passed: Int, discarded: Int) {
        let message = "gave up: the generator discarded \(discarded) cases while only \(passed) passed"
        self.init(
            context: context, caseNumber: caseNumber, original: "none", counterexample: "none",
            message: message, originalMessage: message, shrinkSteps: 0, fromDatabase: false, replayScript: nil)
    }

    private init(
        context: Context, caseNumber: Int, original: String, counterexample: String,
        message: String, originalMessage: String, shrinkSteps: Int, fromDatabase: Bool, replayScript: String?
    ) {
        name = context.name
        fileID = context.fileID
        line = context.line
        seed = context.seed
        cases = context.cases
        self.caseNumber = caseNumber
        self.original = original
        self.counterexample = counterexample
        self.message = message
        self.originalMessage = originalMessage
        self.shrinkSteps = shrinkSteps
        filter = context.filter
        self.fromDatabase = fromDatabase
        self.replayScript = replayScript
    }

    /// Writes the counterexample's `.replay` script into `directory` (created if needed) as
    /// `NAME.replay`, headed by a comment naming the property and its seed, and remembers the
    /// file in ``replayFile``.
    /// - Returns: The file's path, or nil when there is no script or it could not be written.
    @discardableResult
    public mutating func write(to directory: String) -> String? {
        guard let replayScript else { return nil }
        let path = FileSystem.join(directory, FileSystem.safeName(name) + ".replay")
        let header = "# Counterexample of property \"\(name)\", seed \(seed), case \(caseNumber).\n"
            + "# Replay: \(replayCommand)\n"
        guard FileSystem.makeDirectories(directory), FileSystem.write(header + replayScript, to: path) else { return nil }
        replayFile = path
        return path
    }
}

/// Continues the lines of a multi-line value under its label.
private func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
}

private func describe(_ error: any Error) -> String {
    if let violation = error as? PropertyViolation { return violation.description }
    if let counterexample = error as? ReplayCounterexample { return counterexample.message }
    if let recorded = error as? RecordedIssues { return recorded.description }
    return String(reflecting: error)
}

/// Quotes `text` for a POSIX shell unless it is made only of characters that need no quoting.
func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._/-:".unicodeScalars.contains(scalar))
    }
    if plain && !text.isEmpty { return text }
    return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
