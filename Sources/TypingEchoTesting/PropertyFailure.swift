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
public struct PropertyFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The property's name, as given to ``check(_:_:cases:seed:shrinkBudget:fileID:line:_:)``.
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
    /// The counterexample as first generated, via `String(reflecting:)`.
    public let original: String
    /// The shrunk counterexample, via `String(reflecting:)`.
    public let counterexample: String
    /// Why the shrunk counterexample fails.
    public let message: String
    /// Why the original counterexample failed.
    public let originalMessage: String
    /// How many shrinking steps made the counterexample simpler.
    public let shrinkSteps: Int

    /// The shell command that reruns the failing property with the same seed.
    public var replayCommand: String {
        "TYPING_ECHO_SEED=\(seed) swift test --filter \(shellQuoted(name))"
    }

    /// A multi-line report with the name, case, seed, replay command, counterexamples and message.
    public var description: String {
        let location = "\(fileID):\(line)"
        return """
            Property "\(name)" failed on case \(caseNumber) of \(cases) (\(location)).
              Seed: \(seed) (0x\(String(seed, radix: 16, uppercase: true)))
              Replay: \(replayCommand)
                      (add TYPING_ECHO_CASE=\(caseNumber) to run only the failing case)
              Counterexample: \(counterexample)
              Original: \(original)
              Shrunk in \(shrinkSteps) steps
              Message: \(message)
            """
    }

    /// The facts of a run that every report repeats.
    struct Context {
        var name: String
        var fileID: String
        var line: Int
        var seed: UInt64
        var cases: Int
    }

    init<T>(context: Context, caseNumber: Int, original: FailingRun<T>, shrunk: FailingRun<T>, shrinkSteps: Int) {
        self.init(
            context: context, caseNumber: caseNumber,
            original: String(reflecting: original.value), counterexample: String(reflecting: shrunk.value),
            message: describe(shrunk.error), originalMessage: describe(original.error), shrinkSteps: shrinkSteps)
    }

    init(gaveUp context: Context, caseNumber: Int, passed: Int, discarded: Int) {
        let message = "gave up: the generator discarded \(discarded) cases while only \(passed) passed"
        self.init(
            context: context, caseNumber: caseNumber, original: "none", counterexample: "none",
            message: message, originalMessage: message, shrinkSteps: 0)
    }

    private init(
        context: Context, caseNumber: Int, original: String, counterexample: String,
        message: String, originalMessage: String, shrinkSteps: Int
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
    }
}

private func describe(_ error: any Error) -> String {
    (error as? PropertyViolation)?.description ?? String(reflecting: error)
}

/// Quotes `text` for a POSIX shell unless it is made only of characters that need no quoting.
private func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._/-:".unicodeScalars.contains(scalar))
    }
    if plain && !text.isEmpty { return text }
    return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
