#if canImport(Testing)
import Synchronization
import Testing

/// Runs a property under Swift Testing and records exactly one issue if it fails: the seed,
/// the command that replays it, the original and the shrunk counterexample, and — when the
/// counterexample is a script — the `.replay` file that reproduces it with `typing-echo check`.
///
/// Inside the property, `#expect` and `#require` work as in a test: a case fails when it throws
/// or records an issue of error severity (warnings do not fail it; an issue is a failure even
/// when a `withKnownIssue` around the call expects the property to fail). Issues recorded while
/// cases run and shrink are held back (through Swift Testing's issue-handling scope), so
/// shrinking adds no noise: the one issue recorded in the end quotes the shrunk case's own
/// issues as its message.
///
/// Settings, as ``check(_:_:cases:seed:shrinkBudget:database:fileID:filePath:line:_:)``:
/// explicit `cases` and `seed` win over `TYPING_ECHO_CASES` and `TYPING_ECHO_SEED`;
/// `TYPING_ECHO_CASE=n` runs only case *n*. Failing cases go to the ``ExampleDatabase``
/// (`.typing-echo/examples` in the test's package by default) and are replayed first next
/// time. A counterexample script is written to `TYPING_ECHO_COUNTEREXAMPLES` (a folder), else
/// to `.typing-echo/counterexamples` beside the database, as `NAME.replay`.
///
/// ```swift
/// @Test func backspaceNeverGrowsTheText() async {
///     await expectProperty("backspaceNeverGrowsTheText", .session(.plain, steps: 0...12), cases: 100) { script in
///         var session = try script.makeSession()
///         let before = try #require(session.element("text")?.field).characterCount
///         try session.key(.backspace)
///         let after = session.element("text")?.field?.characterCount ?? 0
///         #expect(after <= before)
///     }
/// }
/// ```
///
/// - Parameters:
///   - name: The property's name: the database file, the counterexample file and the report.
///   - gen: The generator of inputs.
///   - cases: How many generated values must pass; nil reads `TYPING_ECHO_CASES` (default 10,000).
///   - seed: A fixed run seed; nil reads `TYPING_ECHO_SEED`, else picks one at random.
///   - shrinkBudget: How many shrink candidates may be replayed.
///   - database: Where failing cases are kept; `.automatic` is the test package's
///     `.typing-echo/examples` (or `TYPING_ECHO_EXAMPLES`); nil keeps nothing.
///   - sourceLocation: Where the issue is recorded.
///   - property: Fails by throwing, `#expect` or `#require`.
/// - Returns: The failure that was recorded, or nil when the property held.
@discardableResult
public func expectProperty<T>(
    _ name: String,
    _ gen: Gen<T>,
    cases: Int? = nil,
    seed: UInt64? = nil,
    shrinkBudget: Int = 2_000,
    database: ExampleDatabase? = .automatic,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ property: @Sendable (T) throws -> Void
) async -> PropertyFailure? {
    let database = database.flatMap { $0.resolved(for: sourceLocation.filePath) }
    let run = PropertyRun(
        name: name, fileID: sourceLocation.fileID, line: sourceLocation.line, cases: cases, seed: seed,
        shrinkBudget: shrinkBudget, database: database, filter: currentTestFilter())
    let recorder = IssueRecorder()
    let outcome = OutcomeBox()
    await withoutActuallyEscaping(property) { property in
        let body: @Sendable () async -> Void = {
            let result = await run.run(gen) { value in
                // Each worker (a child task) has its own slot: issues of cases running at the
                // same time are not mixed up.
                let slot = PropertyWorker.slot
                recorder.clear(slot)
                var thrown: (any Error)?
                do { try property(value) } catch { thrown = error }
                let issues = recorder.errors(in: slot)
                if !issues.isEmpty { return RecordedIssues(issues) }
                return thrown
            }
            outcome.set(result)
        }
        guard let test = Test.current else {
            await body()
            return
        }
        let capture: IssueHandlingTrait = .compactMapIssues { issue in
            recorder.append(issue, in: PropertyWorker.slot)
            return nil
        }
        do {
            try await capture.provideScope(for: test, testCase: Test.Case.current) { await body() }
        } catch {
            Issue.record(error, "the property runner's issue scope failed", sourceLocation: sourceLocation)
        }
    }
    switch outcome.value {
    case .passed(let summary)?:
        summary.print()
        return nil
    case .failed(var failure)?:
        if failure.replayScript != nil {
            let directory = counterexampleFolder(for: sourceLocation.filePath)
            failure.write(to: directory)
        }
        Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
        return failure
    case nil:
        return nil
    }
}

/// The `swift test --filter` argument for the running test: `Suite/function`, or nil outside a test.
private func currentTestFilter() -> String? {
    guard let test = Test.current else { return nil }
    let components = test.id.nameComponents.suffix(2).map { component in
        String(component.prefix { $0 != "(" })
    }
    let filter = components.filter { !$0.isEmpty }.joined(separator: "/")
    return filter.isEmpty ? nil : filter
}

/// The issues a property recorded in the case that failed, as its failure.
struct RecordedIssues: Error, CustomStringConvertible {
    /// Each issue's description and source location.
    var messages: [String]

    init(_ issues: [Issue]) {
        messages = issues.map { issue in
            let location = issue.sourceLocation.map { " (\($0.fileName):\($0.line))" } ?? ""
            return "\(issue)\(location)"
        }
    }

    var description: String { messages.joined(separator: "\n") }
}

/// The issues recorded inside the scope, per worker slot, in order, from whichever thread recorded them.
private final class IssueRecorder: Sendable {
    private let issues = Mutex<[Int: [Issue]]>([:])

    func append(_ issue: Issue, in slot: Int) {
        issues.withLock { $0[slot, default: []].append(issue) }
    }

    /// Forgets what the slot's last case recorded.
    func clear(_ slot: Int) {
        issues.withLock { $0[slot] = nil }
    }

    /// The issues of error severity the slot recorded since it was last cleared. Known issues
    /// count too: a property run inside `withKnownIssue` sees its own `#expect` failures marked known.
    func errors(in slot: Int) -> [Issue] {
        issues.withLock { ($0[slot] ?? []).filter { $0.severity == .error } }
    }
}

/// Where counterexample scripts of a test file's properties go: `TYPING_ECHO_COUNTEREXAMPLES`,
/// else `.typing-echo/counterexamples` in the test's package.
private func counterexampleFolder(for filePath: String) -> String {
    PropertyEnvironment.variable("TYPING_ECHO_COUNTEREXAMPLES")
        ?? FileSystem.join(FileSystem.packageRoot(of: filePath), ".typing-echo/counterexamples")
}

/// The run's outcome, set inside the issue scope and read after it, on the same task.
private final class OutcomeBox: Sendable {
    private let outcome = Mutex<PropertyRun.Outcome?>(nil)

    func set(_ value: PropertyRun.Outcome) { outcome.withLock { $0 = value } }

    var value: PropertyRun.Outcome? { outcome.withLock { $0 } }
}
#endif

#if canImport(Testing)
/// Runs a property in child processes, so that a case that traps (an index out of range, a
/// failed precondition) is reported as a failure instead of ending the test process, and
/// records exactly one issue if it fails, as ``expectProperty(_:_:cases:seed:shrinkBudget:database:sourceLocation:_:)`` does.
///
/// `child` runs a job in a new process with Swift Testing's exit tests; in the child the job
/// runs the property (``IsolatedPropertyJob/run(_:_:)``) and exits with a code that says how
/// it went. The cases run in one child, on every core, with the same verdict and report as in
/// process. When a child stops on a signal instead, the journal it wrote before each case
/// names the cases it was running; a new child shrinks from the one that fails, and each
/// shrinking candidate that stops a child is a failure that the next child starts from
/// without running it again, until one child finishes the shrinking and reports.
///
/// ```swift
/// func isolatedPropertyExample() async -> String? {
///     let report = await expectIsolatedProperty("indexInRange", Gen.int(in: 0...100), cases: 500, database: nil) { job in
///         await #expect(processExitsWith: .failure, observing: [\.standardOutputContent]) { [job = job as IsolatedPropertyJob] in
///             job.run(Gen.int(in: 0...100)) { index in
///                 let table = Array(0..<64)
///                 try require(table[index] == index, "table[\(index)] is \(table[index])")   // traps from 64 on
///             }
///         }
///     }
///     return report
/// }
/// ```
///
/// The report names case, seed and counterexample as usual (`Counterexample: 64`); its
/// message says the case stopped its process, and with which signal. The child's closure
/// names its captured job's type (`[job = job as IsolatedPropertyJob]`), which the exit test
/// encodes for the child.
///
/// The expected condition is `.failure`, which every exit of the child matches (it never
/// exits with 0), so that the exit test returns the child's result without an issue of its own.
///
/// - Parameters:
///   - name: The property's name: the database file, the counterexample file and the report.
///   - gen: The generator of inputs: the same as the child's.
///   - cases: How many generated values must pass; nil reads `TYPING_ECHO_CASES` (default 10,000).
///   - seed: A fixed run seed; nil reads `TYPING_ECHO_SEED`, else picks one at random.
///   - shrinkBudget: How many shrink candidates each child may replay.
///   - database: Where failing cases are kept (see ``expectProperty(_:_:cases:seed:shrinkBudget:database:sourceLocation:_:)``).
///   - sourceLocation: Where the issue is recorded.
///   - child: Runs the job in a child process and returns how it ended (nil: it did not run).
/// - Returns: The report that was recorded, or nil when the property held.
@discardableResult
public func expectIsolatedProperty<T>(
    _ name: String,
    _ gen: Gen<T>,
    cases: Int? = nil,
    seed: UInt64? = nil,
    shrinkBudget: Int = 2_000,
    database: ExampleDatabase? = .automatic,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    child: (IsolatedPropertyJob) async -> ExitTest.Result?
) async -> String? {
    let environment = PropertyEnvironment.current
    guard let journal = FileSystem.temporaryFile("typing-echo-journal-") else {
        Issue.record("property \"\(name)\": no temporary file for the journal of its child processes", sourceLocation: sourceLocation)
        return nil
    }
    defer { FileSystem.remove(journal) }
    let base = IsolatedPropertyJob(
        mode: .cases, name: name, fileID: sourceLocation.fileID, line: sourceLocation.line,
        filter: currentTestFilter() ?? name, seed: seed ?? environment.seed ?? UInt64.random(in: .min ... .max),
        cases: max(0, cases ?? environment.cases ?? PropertyRun.defaultCases), shrinkBudget: shrinkBudget, journal: journal,
        database: database.flatMap { $0.resolved(for: sourceLocation.filePath) }?.directory,
        counterexamples: counterexampleFolder(for: sourceLocation.filePath))
    let verdict = await IsolatedRun(gen: gen, base: base).verdict { job in
        await child(job).map { result in
            let status: ChildExit.Status = switch result.exitStatus {
            case .exitCode(let code): .exitCode(code)
            case .signal(let signal): .signal(signal)
            @unknown default: .exitCode(-1)
            }
            return ChildExit(status: status, output: result.standardOutputContent)
        }
    }
    switch verdict {
    case .passed(let summary):
        PropertyEnvironment.printFigures(summary)
        return nil
    case .failed(let report), .broken(let report):
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        return report
    }
}
#endif
