/// How a child process of an isolated property run ended: its exit status and what it wrote
/// to standard output.
public struct ChildExit: Sendable, Hashable {
    /// An exit code, or the signal that stopped the process.
    public enum Status: Sendable, Hashable, CustomStringConvertible {
        /// The process exited with this code.
        case exitCode(Int32)
        /// A signal stopped the process (a trap is `SIGILL` or `SIGTRAP`).
        case signal(Int32)

        /// `exit code 1`, `signal 4 (SIGILL)`.
        public var description: String {
            switch self {
            case .exitCode(let code):
                return "exit code \(code)"
            case .signal(let signal):
                let names: [Int32: String] = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 11: "SIGSEGV"]
                return "signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
            }
        }
    }

    /// How the process ended.
    public var status: Status
    /// What it wrote to standard output.
    public var output: [UInt8]

    /// A child's end.
    public init(status: Status, output: [UInt8]) {
        self.status = status
        self.output = output
    }
}

/// The verdict of an isolated run: the summary line, the failure's report, or why the run
/// could not decide.
enum IsolatedVerdict: Equatable {
    /// Every case passed: the summary line.
    case passed(String)
    /// A case failed or stopped its process: the report.
    case failed(String)
    /// The children did not reach a verdict: why.
    case broken(String)
}

/// The parent's side of an isolated property run: it starts children (through `child`, which
/// runs a job in a new process), and when one stops instead of exiting, reads its journal to
/// find the case that was running and starts a child that shrinks from it; a choice sequence
/// that stopped a child is a failure the next child does not run again.
struct IsolatedRun<T> {
    /// The children's generator, which the parent runs to find a case's choices.
    let gen: Gen<T>
    /// The job of the first child (``IsolatedPropertyJob/Mode/cases``).
    let base: IsolatedPropertyJob

    /// The most children started after one stopped (each is one step of shrinking).
    static var maximumRestarts: Int { 200 }

    /// Runs children until one reports the verdict.
    func verdict(_ child: (IsolatedPropertyJob) async -> ChildExit?) async -> IsolatedVerdict {
        var job = base
        var waiting: [Int] = []
        var known: [[UInt64]] = []
        // The simplest sequence known to stop a child, and its case: shrinking goes on from it.
        var best: (choices: [UInt64], seed: UInt64, caseNumber: Int)?
        // The first case found to stop a child, for the report.
        var stops: [(caseNumber: Int, seed: UInt64, message: String)] = []
        var restarts = 0
        while true {
            guard let exit = await child(job) else {
                return .broken("the child process of property \"\(base.name)\" could not be run")
            }
            var output = String(decoding: exit.output, as: UTF8.self)
            while output.hasSuffix("\n") { output.removeLast() }
            switch exit.status {
            case .exitCode(IsolatedPropertyJob.passed) where job.mode == .cases:
                return .passed(output)
            case .exitCode(IsolatedPropertyJob.failed):
                guard let first = stops.first else { return .failed(output) }
                // The report says that a case stopped a child, right after its first line.
                var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                lines.insert("  Stopped: case \(first.caseNumber) of seed \(first.seed) stopped its child process (\(first.message)); "
                    + "\(restarts) child process\(restarts == 1 ? "" : "es") stopped in all, and shrinking went on in new ones", at: min(1, lines.count))
                return .failed(lines.joined(separator: "\n"))
            case .exitCode(IsolatedPropertyJob.startPassed):
                // The case was running beside the one that stopped the process: try the next.
                guard !waiting.isEmpty else {
                    return .broken("property \"\(base.name)\": a child stopped (\(job.stopMessage)), but each case it was running passes on its own")
                }
                job = shrinking(caseNumber: waiting.removeFirst(), seed: base.seed, start: nil, known: known, message: job.stopMessage)
            case .signal, .exitCode:
                restarts += 1
                let message = exit.status.description
                guard restarts <= Self.maximumRestarts else {
                    return .broken("property \"\(base.name)\": \(restarts - 1) child processes stopped (\(message)) while it shrank; the last ran case \(job.caseNumber) of seed \(job.seed)")
                }
                switch PropertyJournal.read(base.journal) {
                case .cases(let numbers)?:
                    waiting = Array(numbers.dropFirst())
                    job = shrinking(caseNumber: numbers[0], seed: base.seed, start: nil, known: known, message: message)
                case .single(let choices, let seed, let caseNumber)?:
                    if stops.isEmpty { stops.append((caseNumber, seed, message)) }
                    if !known.contains(choices) { known.append(choices) }
                    if best == nil || best!.caseNumber == caseNumber && isSimpler(choices, than: best!.choices) {
                        best = (choices, seed, caseNumber)
                    }
                    job = shrinking(caseNumber: best!.caseNumber, seed: best!.seed, start: best!.choices, known: known, message: message)
                case nil:
                    return .broken("the child process of property \"\(base.name)\" ended (\(message)) before it ran a case:\n\(output)")
                }
            }
        }
    }

    /// A job that shrinks from `start` (known to stop the process), or from case `caseNumber`
    /// as generated (run first: it may not be the case that stopped it).
    private func shrinking(caseNumber: Int, seed: UInt64, start: [UInt64]?, known: [[UInt64]], message: String) -> IsolatedPropertyJob {
        var job = base
        job.mode = .shrink
        job.seed = seed
        job.caseNumber = caseNumber
        if let start {
            job.start = start
            job.startStops = true
        } else {
            let source = Source(seed: SeededGenerator.subSeed(of: seed, index: caseNumber))
            _ = try? gen.run(source)
            job.start = source.choices
            job.startStops = false
        }
        job.knownStops = known
        job.stopMessage = message
        return job
    }
}
