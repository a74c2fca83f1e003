#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a child process of an isolated property run does: run the cases, or shrink from a
/// choice sequence. The parent (``expectIsolatedProperty(_:_:cases:seed:shrinkBudget:database:sourceLocation:child:)``)
/// makes it, the child gets it as a captured value and calls ``run(_:_:)``.
///
/// A child ends with an exit code its parent reads (``passed``, ``failed``, ``startPassed``);
/// a case that traps ends it with a signal instead, and the parent reads the journal to find
/// out which case it was.
public struct IsolatedPropertyJob: Codable, Sendable, Hashable {
    /// What the child does.
    public enum Mode: String, Codable, Sendable {
        /// Runs the property's cases (saved examples first), shrinks a failure and reports it.
        case cases
        /// Shrinks from ``start``, a case's choices, and reports the shrunk failure.
        case shrink
    }

    /// The child's work.
    public var mode: Mode
    /// The property's name.
    public var name: String
    /// The file and line of the call, for the report.
    public var fileID: String
    /// The line of the call, for the report.
    public var line: Int
    /// The `swift test --filter` argument of the replay command.
    public var filter: String
    /// The run seed (for ``Mode/shrink``, the seed of the case shrunk).
    public var seed: UInt64
    /// How many cases must pass.
    public var cases: Int
    /// The case ``start`` belongs to (``Mode/shrink``).
    public var caseNumber = 0
    /// The choices to shrink from (``Mode/shrink``).
    public var start: [UInt64] = []
    /// Whether ``start`` is known to stop the process (it is not run again).
    public var startStops = false
    /// Choice sequences known to stop the process: failures, not run again.
    public var knownStops: [[UInt64]] = []
    /// How the process stopped on them, for the report.
    public var stopMessage = ""
    /// How many shrink candidates may be replayed.
    public var shrinkBudget: Int
    /// The journal file the child writes: the case or choices it runs, before it runs them.
    public var journal: String
    /// The example database's folder, if any.
    public var database: String?
    /// The folder for counterexample scripts.
    public var counterexamples: String

    /// The child passed every case; its output is the summary line.
    public static let passed: Int32 = 2
    /// The child found a failure; its output is the report.
    public static let failed: Int32 = 3
    /// The start of a ``Mode/shrink`` child did not fail (it was not the case that stopped).
    public static let startPassed: Int32 = 4

    /// Does the job in this process, which then exits with ``passed``, ``failed`` or
    /// ``startPassed``, its summary or report written to standard output; a case that traps
    /// stops it before that.
    public func run<T>(_ gen: Gen<T>, _ property: @escaping @Sendable (T) throws -> Void) -> Never {
        Self.stopAtOnce()
        var settings = PropertyRun(
            name: name, fileID: fileID, line: line, cases: cases, seed: seed, shrinkBudget: shrinkBudget,
            database: database.map(ExampleDatabase.init(directory:)), filter: filter)
        settings.journal = PropertyJournal(path: journal)
        let evaluate: @Sendable (T) -> (any Error)? = { value in
            do { try property(value) } catch { return error }
            return nil
        }
        switch mode {
        case .cases:
            switch settings.run(gen, evaluate: evaluate) {
            case .passed(let summary):
                Self.finish(Self.passed, summary.description)
            case .failed(var failure):
                if failure.replayScript != nil { failure.write(to: counterexamples) }
                Self.finish(Self.failed, failure.description)
            }
        case .shrink:
            let trial = Trial(gen: gen, evaluate: evaluate)
            guard var failure = shrink(trial, settings) else { Self.finish(Self.startPassed, "") }
            if failure.replayScript != nil { failure.write(to: counterexamples) }
            Self.finish(Self.failed, failure.description)
        }
    }

    /// Shrinks from ``start``: the report, or nil when the start passes.
    private func shrink<T>(_ trial: Trial<T>, _ settings: PropertyRun) -> PropertyFailure? {
        let stopped = ProcessStopped(message: stopMessage)
        let known = Set(knownStops)
        let noting = settings.note(seed, caseNumber)
        /// A sequence known to stop the process (as generation consumed it, which is what the
        /// journal noted) is a failure without being run.
        func attempt(_ choices: [UInt64]) -> Attempt<T> {
            let source = Source(replaying: choices)
            guard let value = try? trial.gen.run(source) else { return .discarded }
            let failed = { (error: any Error) in
                Attempt<T>.failed(FailingRun(value: value, error: error, choices: source.choices, bounds: source.bounds, spans: source.spans))
            }
            if startStops && source.choices == start || known.contains(source.choices) { return failed(stopped) }
            noting?(source)
            return trial.evaluate(value).map(failed) ?? .passed
        }
        guard case .failed(let first) = attempt(start) else { return nil }
        var shrinker = Shrinker(first, budget: shrinkBudget) { choices in
            if case .failed(let run) = attempt(choices) { return run }
            return nil
        }
        shrinker.shrink()
        // The case as it was generated, shown as the original (not run: it may stop the process).
        let source = Source(seed: SeededGenerator.subSeed(of: seed, index: caseNumber))
        let original = (try? trial.gen.run(source)).map {
            FailingRun(value: $0, error: first.error, choices: source.choices, bounds: source.bounds, spans: source.spans)
        } ?? first
        let context = PropertyFailure.Context(name: name, fileID: fileID, line: line, seed: seed, cases: cases, filter: filter)
        settings.database?.save(SavedExample(seed: seed, caseNumber: caseNumber, choices: shrinker.best.choices), for: name)
        return PropertyFailure(context: context, caseNumber: caseNumber, original: original, shrunk: shrinker.best,
                               shrinkSteps: shrinker.improvements)
    }

    /// Makes a trap end this process at once, by its signal, without the Swift runtime's
    /// backtrace (which takes a second or so, and is printed for every shrinking step that
    /// stops a child): the parent learns all it needs from the signal and the journal.
    private static func stopAtOnce() {
        for number in [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV] {
            _ = signal(number) { number in
                _ = signal(number, SIG_DFL)
                _ = raise(number)
            }
        }
    }

    /// Writes `text` and a line feed to standard output and exits with `code`.
    private static func finish(_ code: Int32, _ text: String) -> Never {
        PropertySummary.printLine(text)
        exit(code)
    }
}

/// The failure of a case that stopped its process (a trap: an index out of range, a failed
/// precondition): what the child that shrinks it reports instead of running it again.
public struct ProcessStopped: Error, Sendable, Hashable, CustomStringConvertible {
    /// How the process stopped (`signal 4 (SIGILL)`).
    public var message: String

    /// The report's message: the case stopped the process, which was a child of the test's.
    public var description: String {
        "the case stopped its process (\(message)): a trap, such as an index out of range; it ran in a child process, "
            + "so the test process went on"
    }
}
