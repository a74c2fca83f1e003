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
/// random. The number of cases is `cases`, else `TYPING_ECHO_CASES`, else 10,000: an explicit
/// argument wins over the environment, as `seed` does. `TYPING_ECHO_CASE=n` runs only case *n*.
/// Under Swift Testing, ``expectProperty(_:_:cases:seed:shrinkBudget:database:sourceLocation:_:)``
/// does the same and records the failure as one issue.
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
///   - cases: How many generated values must pass; nil reads `TYPING_ECHO_CASES` (default 10,000).
///   - seed: A fixed run seed, for reproducible runs.
///   - shrinkBudget: How many shrink candidates may be replayed.
///   - database: Where failing cases are saved and replayed first (``ExampleDatabase/automatic``:
///     the test package's `.typing-echo/examples`); nil (the default) saves nothing.
///   - fileID: The calling file, for the report (the default is right).
///   - filePath: The calling file's path, which finds the package root for the database.
///   - line: The calling line, for the report.
///   - property: Throws when the property does not hold for its argument.
/// - Returns: `nil` if every case passed, else the shrunk failure.
public func check<T>(
    _ name: String,
    _ gen: Gen<T>,
    cases: Int? = nil,
    seed: UInt64? = nil,
    shrinkBudget: Int = 2_000,
    database: ExampleDatabase? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    _ property: @Sendable (T) throws -> Void
) -> PropertyFailure? {
    let settings = PropertyRun(
        name: name, fileID: fileID, line: line, cases: cases, seed: seed, shrinkBudget: shrinkBudget,
        database: database.flatMap { $0.resolved(for: filePath) })
    let outcome = withoutActuallyEscaping(property) { property in
        settings.run(gen) { value in
            do { try property(value) } catch { return error }
            return nil
        }
    }
    if case .passed(let summary) = outcome { summary.print() }
    return outcome.failure
}

/// One run of a property: its settings, resolved against the environment, and the loop that
/// replays saved examples, generates and checks cases on every worker, and shrinks.
struct PropertyRun: Sendable {
    var name: String
    var fileID: String
    var line: Int
    var seed: UInt64
    var cases: Int
    var caseNumber: Int?
    var shrinkBudget: Int
    var database: ExampleDatabase?
    /// How many cases run at once (`TYPING_ECHO_JOBS`, else the cores).
    var jobs: Int
    /// The `swift test --filter` argument of the replay command.
    var filter: String
    /// Where a run in a child process notes the case it is about to run (see `PropertyJournal`).
    var journal: PropertyJournal?

    /// The default number of cases when neither the call nor `TYPING_ECHO_CASES` gives one.
    static let defaultCases = 10_000

    init(
        name: String, fileID: String, line: Int, cases: Int?, seed: UInt64?, shrinkBudget: Int,
        database: ExampleDatabase?, filter: String? = nil, environment: PropertyEnvironment = .current
    ) {
        self.name = name
        self.fileID = fileID
        self.line = line
        self.seed = seed ?? environment.seed ?? UInt64.random(in: .min ... .max)
        self.cases = max(0, cases ?? environment.cases ?? Self.defaultCases)
        self.caseNumber = environment.caseNumber
        self.shrinkBudget = shrinkBudget
        self.database = database
        self.jobs = max(1, min(environment.effectiveJobs, self.cases))
        self.filter = filter ?? name
    }

    /// How a run ended: the failure, or what the passing run says.
    enum Outcome: Sendable {
        case passed(PropertySummary)
        case failed(PropertyFailure)

        var failure: PropertyFailure? {
            if case .failed(let failure) = self { return failure }
            return nil
        }
    }

    /// Runs the property, `evaluate` returning why a value fails (nil when it passes); its cases
    /// run on `jobs` threads, so `evaluate` may be called from several at once.
    func run<T>(_ gen: Gen<T>, evaluate: @escaping @Sendable (T) -> (any Error)?) -> Outcome {
        let trial = Trial(gen: gen, evaluate: evaluate)
        if let decided = replayFirst(trial) { return decided }
        let start = ContinuousClock.now
        var scheduler = CaseScheduler(cases: cases)
        var failure: FailingRun<T>?
        while let numbers = scheduler.nextRound {
            let round = CaseRound<FailingRun<T>>(numbers)
            journal?.startCases()
            runWorkers(jobs) { [seed, journal] worker in trial.work(round, seed: seed, journal: journal, slot: worker) }
            let outcome = round.outcome
            scheduler.record(numbers, discards: outcome.discards, firstFailure: outcome.firstFailure)
            failure = outcome.failure
        }
        return finish(scheduler, failure: failure, since: start, trial)
    }

    /// The same run with its workers as child tasks of the caller (see `runWorkers`).
    func run<T>(_ gen: Gen<T>, evaluate: @escaping @Sendable (T) -> (any Error)?) async -> Outcome {
        let trial = Trial(gen: gen, evaluate: evaluate)
        if let decided = replayFirst(trial) { return decided }
        let start = ContinuousClock.now
        var scheduler = CaseScheduler(cases: cases)
        var failure: FailingRun<T>?
        while let numbers = scheduler.nextRound {
            let round = CaseRound<FailingRun<T>>(numbers)
            journal?.startCases()
            await runWorkers(jobs) { [seed, journal] worker in trial.work(round, seed: seed, journal: journal, slot: worker) }
            let outcome = round.outcome
            scheduler.record(numbers, discards: outcome.discards, firstFailure: outcome.firstFailure)
            failure = outcome.failure
        }
        return finish(scheduler, failure: failure, since: start, trial)
    }

    private var context: PropertyFailure.Context {
        PropertyFailure.Context(name: name, fileID: fileID, line: line, seed: seed, cases: cases, filter: filter)
    }

    /// The saved examples (Hypothesis's example database: what failed last time is tried
    /// first) and `TYPING_ECHO_CASE`, on the calling thread; nil when the cases are to run.
    private func replayFirst<T>(_ trial: Trial<T>) -> Outcome? {
        if let database {
            for example in database.examples(for: name) {
                let caseSource = Source(seed: SeededGenerator.subSeed(of: example.seed, index: example.caseNumber))
                let replayed = trial.attempt(Source(replaying: example.choices), noting: note(example.seed, example.caseNumber))
                let fresh = trial.attempt(caseSource, noting: note(example.seed, example.caseNumber))
                if case .failed(let original) = fresh {
                    let start = if case .failed(let shrunk) = replayed { shrunk } else { original }
                    return .failed(report(original, from: start, seed: example.seed, caseNumber: example.caseNumber, saved: true, trial))
                }
                if case .failed(let shrunk) = replayed {
                    return .failed(report(shrunk, from: shrunk, seed: example.seed, caseNumber: example.caseNumber, saved: true, trial))
                }
                database.remove(example, for: name)
            }
        }
        guard let only = caseNumber else { return nil }
        let start = ContinuousClock.now
        switch trial.attempt(Source(seed: SeededGenerator.subSeed(of: seed, index: only)), noting: note(seed, only)) {
        case .failed(let failure):
            return .failed(report(failure, from: failure, seed: seed, caseNumber: only, saved: false, trial))
        case .passed, .discarded:
            return .passed(PropertySummary(name: "\(name) (case \(only))", cases: 1, discarded: 0,
                                           seconds: Self.seconds(since: start), jobs: 1))
        }
    }

    /// The verdict of the cases as a report: the shrunk first failure, giving up, or the summary.
    private func finish<T>(_ scheduler: CaseScheduler, failure: FailingRun<T>?, since start: ContinuousClock.Instant, _ trial: Trial<T>) -> Outcome {
        switch scheduler.verdict {
        case .failed(let number)?:
            guard let failure else { preconditionFailure("a failing case without its failure") }
            return .failed(report(failure, from: failure, seed: seed, caseNumber: number, saved: false, trial))
        case .gaveUp(let number)?:
            return .failed(PropertyFailure(gaveUp: context, caseNumber: number, passed: scheduler.passed, discarded: scheduler.discarded))
        case .passed?, nil:
            return .passed(PropertySummary(
                name: name, cases: scheduler.passed, discarded: scheduler.discarded, seconds: Self.seconds(since: start), jobs: jobs))
        }
    }

    /// Shrinks a failure, on the calling thread, and saves it to the database.
    private func report<T>(_ original: FailingRun<T>, from start: FailingRun<T>, seed: UInt64, caseNumber: Int, saved: Bool, _ trial: Trial<T>) -> PropertyFailure {
        let noting = note(seed, caseNumber)
        var shrinker = Shrinker(start, budget: shrinkBudget) { choices in
            if case .failed(let run) = trial.attempt(Source(replaying: choices), noting: noting) { return run }
            return nil
        }
        shrinker.shrink()
        var context = context
        context.seed = seed
        let failure = PropertyFailure(
            context: context, caseNumber: caseNumber, original: original, shrunk: shrinker.best,
            shrinkSteps: shrinker.improvements, fromDatabase: saved)
        database?.save(SavedExample(seed: seed, caseNumber: caseNumber, choices: shrinker.best.choices), for: name)
        return failure
    }

    /// What the calling thread writes to the journal before it runs a value of case
    /// `caseNumber` of run `seed` (nothing without a journal).
    func note(_ seed: UInt64, _ caseNumber: Int) -> ((Source) -> Void)? {
        guard let journal else { return nil }
        return { source in journal.single(source.choices, seed: seed, caseNumber: caseNumber) }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// A generator and the property it feeds: one case from a source.
struct Trial<T>: Sendable {
    /// The generator of values.
    let gen: Gen<T>
    /// Why a value fails, or nil when it passes.
    let evaluate: @Sendable (T) -> (any Error)?

    /// Generates a value from `source` and checks it; `noting` is told the source's choices
    /// between the two (a journal notes them, in case the check stops the process).
    func attempt(_ source: Source, noting: ((Source) -> Void)? = nil) -> Attempt<T> {
        let value: T
        do { value = try gen.run(source) } catch { return .discarded }
        noting?(source)
        if let error = evaluate(value) {
            return .failed(FailingRun(
                value: value, error: error,
                choices: source.choices, bounds: source.bounds, spans: source.spans))
        }
        return .passed
    }

    /// One worker's share of a round: the next case number until there is none, each noted
    /// in `journal` under the worker's `slot` before it runs.
    func work(_ round: CaseRound<FailingRun<T>>, seed: UInt64, journal: PropertyJournal?, slot: Int) {
        while let number = round.take() {
            journal?.worker(slot, runs: number)
            switch attempt(Source(seed: SeededGenerator.subSeed(of: seed, index: number))) {
            case .passed: break
            case .discarded: round.discard(number)
            case .failed(let failure): round.fail(number, failure)
            }
        }
    }
}

/// Fails the current property with `message` unless `condition` holds.
///
/// ```swift
/// try require(buffer.characterCount == expected, "count \(buffer.characterCount) != \(expected)")
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
enum Attempt<T> {
    /// The value passed.
    case passed
    /// The generator found no value.
    case discarded
    /// The value failed.
    case failed(FailingRun<T>)
}
