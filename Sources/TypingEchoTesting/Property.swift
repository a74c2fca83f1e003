/// Checks that `property` holds for `cases` values from `gen`, and describes the simplest counterexample if not.
///
/// A property fails by throwing — usually through ``require(_:_:fileID:line:)``. On
/// failure the runner shrinks the counterexample (replaying at most `shrinkBudget`
/// candidates) and returns a ``PropertyFailure`` that names the seed and how to replay
/// it. Case *n* of a run has its own seed derived from the run seed, so a replay
/// regenerates exactly the failing value. Name the property after its test function
/// so that the printed `swift test --filter` command finds it.
///
/// The run seed is `seed`, else `TYPING_ECHO_SEED` (decimal or `0x` hexadecimal), else
/// random. `TYPING_ECHO_CASES` overrides `cases`; `TYPING_ECHO_CASE=n` runs only case *n*.
///
/// ```swift
/// @Test func insertingGrowsTheText() {
///     let failure = check("insertingGrowsTheText", Gen.unicodeText(length: 0...8)) { text in
///         try require(("a" + text).count == text.count + 1, "prefix merged into \(text)")
///     }
///     if let failure { Issue.record("\(failure)") }
/// }
/// ```
///
/// - Parameters:
///   - name: The property's name, used in the report and the replay command.
///   - gen: The generator of inputs.
///   - cases: How many generated values must pass.
///   - seed: A fixed run seed, for reproducible runs.
///   - shrinkBudget: How many shrink candidates may be replayed.
///   - property: Throws when the property does not hold for its argument.
/// - Returns: `nil` if every case passed, else the shrunk failure.
public func check<T>(
    _ name: String,
    _ gen: Gen<T>,
    cases: Int = 10_000,
    seed: UInt64? = nil,
    shrinkBudget: Int = 2_000,
    fileID: String = #fileID,
    line: Int = #line,
    _ property: (T) throws -> Void
) -> PropertyFailure? {
    let environment = PropertyEnvironment.current
    let runSeed = seed ?? environment.seed ?? UInt64.random(in: .min ... .max)
    let caseCount = max(0, environment.cases ?? cases)
    let report = PropertyFailure.Context(name: name, fileID: fileID, line: line, seed: runSeed, cases: caseCount)
    return withoutActuallyEscaping(property) { property in
        func attempt(_ source: Source) -> Attempt<T> {
            let value: T
            do { value = try gen.run(source) } catch { return .discarded }
            do { try property(value) } catch {
                return .failed(FailingRun(
                    value: value, error: error,
                    choices: source.choices, bounds: source.bounds, spans: source.spans))
            }
            return .passed
        }
        func shrunkReport(_ failure: FailingRun<T>, caseNumber: Int) -> PropertyFailure {
            var shrinker = Shrinker(failure, budget: shrinkBudget) { choices in
                if case .failed(let run) = attempt(Source(replaying: choices)) { return run }
                return nil
            }
            shrinker.shrink()
            return PropertyFailure(
                context: report, caseNumber: caseNumber,
                original: failure, shrunk: shrinker.best, shrinkSteps: shrinker.improvements)
        }

        if let only = environment.caseNumber {
            let outcome = attempt(Source(seed: SeededGenerator.subSeed(of: runSeed, index: only)))
            if case .failed(let failure) = outcome { return shrunkReport(failure, caseNumber: only) }
            return nil
        }
        var passed = 0
        var discarded = 0
        var caseNumber = 0
        let discardLimit = max(100, caseCount * 5)
        while passed < caseCount {
            caseNumber += 1
            switch attempt(Source(seed: SeededGenerator.subSeed(of: runSeed, index: caseNumber))) {
            case .passed:
                passed += 1
            case .failed(let failure):
                return shrunkReport(failure, caseNumber: caseNumber)
            case .discarded:
                discarded += 1
                if discarded >= discardLimit {
                    return PropertyFailure(gaveUp: report, caseNumber: caseNumber, passed: passed, discarded: discarded)
                }
            }
        }
        return nil
    }
}

/// Fails the current property with `message` unless `condition` holds.
///
/// ```swift
/// try require(buffer.text.count == expected, "count \(buffer.text.count) != \(expected)")
/// ```
public func require(
    _ condition: Bool,
    _ message: @autoclosure () -> String,
    fileID: String = #fileID,
    line: Int = #line
) throws {
    if !condition { throw PropertyViolation(message(), fileID: fileID, line: line) }
}

/// The error a property throws to say it does not hold, with a message for the report.
public struct PropertyViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in the test author's words.
    public let message: String
    /// The file that raised the violation.
    public let fileID: String
    /// The line that raised the violation.
    public let line: Int

    /// Creates a violation with a message and the place it was raised.
    public init(_ message: String, fileID: String = #fileID, line: Int = #line) {
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    /// The message followed by its source location.
    public var description: String { "\(message) (\(fileID):\(line))" }
}

/// How one case went.
private enum Attempt<T> {
    case passed
    case discarded
    case failed(FailingRun<T>)
}
