#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// The generated cases of one run, numbered from 1, evaluated by several workers at once
/// with the verdict of a run that took them one by one.
///
/// Cases are handed out in rounds. A round holds as many numbers as passes are still missing
/// (discarded cases call for another round); each worker takes the next number until the round
/// is done or a case below it has failed. Once a round is in, its outcomes are read in case
/// order, as the one-by-one loop would: the verdict is the first failing case by number, or
/// giving up at the discard that reached the limit, whichever number comes first. A case's
/// value depends only on the run seed and its number, so the verdict, the failing case and
/// its shrinking are the same for any number of workers.
struct CaseScheduler {
    /// How many cases must pass.
    let cases: Int
    /// How many discards end the run.
    let discardLimit: Int
    private(set) var passed = 0
    private(set) var discarded = 0
    /// The first number of the next round.
    private var next = 1
    /// Set once the run is decided.
    private(set) var verdict: Verdict?

    /// How a run of generated cases ended.
    enum Verdict: Equatable {
        /// Every case that had to pass passed.
        case passed
        /// Case `number` failed (the first failing one by number).
        case failed(number: Int)
        /// Too many cases were discarded; `number` is the case that reached the limit.
        case gaveUp(number: Int)
    }

    init(cases: Int) {
        self.cases = cases
        discardLimit = max(100, cases * 5)
        if cases == 0 { verdict = .passed }
    }

    /// The case numbers the next round must evaluate, or nil once the run is decided.
    var nextRound: ClosedRange<Int>? {
        guard verdict == nil else { return nil }
        return next...(next + cases - passed - 1)
    }

    /// Takes in a finished round: the numbers it discarded and the first that failed.
    mutating func record(_ round: ClosedRange<Int>, discards: [Int], firstFailure: Int?) {
        var discardIndex = 0
        let discards = discards.sorted()
        for number in round {
            if number == firstFailure {
                verdict = .failed(number: number)
                return
            }
            if discardIndex < discards.count && discards[discardIndex] == number {
                discardIndex += 1
                discarded += 1
                if discarded >= discardLimit {
                    verdict = .gaveUp(number: number)
                    return
                }
            } else {
                passed += 1
            }
        }
        next = round.upperBound + 1
        if passed >= cases { verdict = .passed }
    }

    /// How many cases ran to reach the verdict (passed and discarded ones).
    var ran: Int { passed + discarded }
}

/// One round's shared state: the next number to hand out, the discards and the first failure.
final class CaseRound<Failure>: @unchecked Sendable {
    let numbers: ClosedRange<Int>
    private let nextNumber: Atomic<Int>
    /// The number of the first failure found so far (`Int.max` while none), read without the lock.
    private let failureNumber = Atomic<Int>(.max)
    private let state = Mutex<State>(State())

    private struct State: ~Copyable {
        var discards: [Int] = []
        var failure: Handed<Failure>?
    }

    init(_ numbers: ClosedRange<Int>) {
        self.numbers = numbers
        nextNumber = Atomic(numbers.lowerBound)
    }

    /// The next number to evaluate, or nil when the round is done or a lower case failed.
    func take() -> Int? {
        let number = nextNumber.wrappingAdd(1, ordering: .relaxed).oldValue
        guard number <= numbers.upperBound, number < failureNumber.load(ordering: .acquiring) else { return nil }
        return number
    }

    func discard(_ number: Int) {
        state.withLock { $0.discards.append(number) }
    }

    /// Keeps `failure` if it is the lowest-numbered failure so far.
    func fail(_ number: Int, _ failure: Failure) {
        state.withLock { state in
            guard number < failureNumber.load(ordering: .relaxed) else { return }
            state.failure = Handed(value: failure)
            failureNumber.store(number, ordering: .releasing)
        }
    }

    /// The discards, the first failure's number and the failure, once every worker has finished.
    var outcome: (discards: [Int], firstFailure: Int?, failure: Failure?) {
        let number = failureNumber.load(ordering: .acquiring)
        return state.withLock { state in (state.discards, number == .max ? nil : number, state.failure?.value) }
    }
}

/// A failing case's value and error, handed from the worker that found it to the thread that
/// reports it: the worker never touches it again, and the reader waits for every worker first.
private struct Handed<Value>: @unchecked Sendable {
    var value: Value
}

/// What a passing run says: `noLeak: 100000 cases, 2300 cases/s, 2 jobs`.
public struct PropertySummary: Sendable, Hashable, CustomStringConvertible {
    /// The property's name.
    public let name: String
    /// How many cases passed.
    public let cases: Int
    /// How many generated cases were discarded (a filter found no value).
    public let discarded: Int
    /// The wall-clock seconds the cases took.
    public let seconds: Double
    /// How many cases ran at once.
    public let jobs: Int

    /// Cases (passed and discarded) per second of wall-clock time.
    public var casesPerSecond: Double { seconds > 0 ? Double(cases + discarded) / seconds : 0 }

    /// The one line a passing run prints.
    public var description: String {
        let discards = discarded > 0 ? " (\(discarded) discarded)" : ""
        return "\(name): \(cases) cases\(discards), \(rateDescription)"
    }

    /// `2300 cases/s, 2 jobs`.
    var rateDescription: String {
        let rate = seconds > 0 ? String(Int(casesPerSecond.rounded())) : "-"
        return "\(rate) cases/s, \(jobs) job\(jobs == 1 ? "" : "s")"
    }

    /// Writes the line to standard output in one piece, so that lines of properties running
    /// at the same time do not mix; only with `TYPING_ECHO_FIGURES=1`
    /// (``PropertyEnvironment/showsFigures``).
    func print() { PropertyEnvironment.printFigures(description) }

    /// Writes `text` and a line feed to standard output in one piece.
    static func printLine(_ text: String) {
        let line = Array((text + "\n").utf8)
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// Runs `body(worker)` for every worker in `0..<jobs` on Dispatch's threads and returns when all are done.
func runWorkers(_ jobs: Int, _ body: @escaping @Sendable (Int) -> Void) {
    if jobs <= 1 {
        body(0)
        return
    }
    DispatchQueue.concurrentPerform(iterations: jobs) { body($0) }
}

/// Runs `body(worker)` for every worker in `0..<jobs` as child tasks (which keep the test's
/// task-local context, so `#expect` inside a case reaches the runner's issue scope).
///
/// The child tasks run on threads of their own (``WorkerThreads``), not on the cooperative
/// pool of Swift concurrency: a case is synchronous work that runs for as long as the round,
/// and holding the pool's threads (one per core) would stall every other test and task of the
/// process until the property is done.
func runWorkers(_ jobs: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    if jobs <= 1 {
        body(0)
        return
    }
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
        let threads = WorkerThreads(count: jobs)
        defer { threads.shutDown() }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<jobs {
                group.addTask(executorPreference: threads) { PropertyWorker.$slot.withValue(worker + 1) { body(worker) } }
            }
        }
        return
    }
    await withTaskGroup(of: Void.self) { group in
        for worker in 0..<jobs {
            group.addTask { PropertyWorker.$slot.withValue(worker + 1) { body(worker) } }
        }
    }
}

/// A task executor of `count` threads of its own, started for one property run: tasks that
/// prefer it run there, outside the cooperative pool, with their task-local values.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class WorkerThreads: TaskExecutor, @unchecked Sendable {
    /// Guards `jobs` and `open`; `wake` is signalled when either changes.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var open = true
    private var running: Int

    /// Starts the threads; they wait for jobs until ``shutDown()``.
    init(count: Int) {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(wake, nil)
        running = count
        for _ in 0..<count {
            startThread { [self] in
                self.serve()
            }
        }
    }

    deinit {
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(lock)
        wake.deallocate()
        lock.deallocate()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(lock)
        jobs.append(job)
        pthread_cond_signal(wake)
        pthread_mutex_unlock(lock)
    }

    /// Lets the threads finish what is queued and exit; returns once they have.
    func shutDown() {
        pthread_mutex_lock(lock)
        open = false
        pthread_cond_broadcast(wake)
        while running > 0 { pthread_cond_wait(wake, lock) }
        pthread_mutex_unlock(lock)
    }

    private func serve() {
        let number = WorkerThreadRegistry.enter()
        defer { WorkerThreadRegistry.leave(number) }
        while let job = next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
        pthread_mutex_lock(lock)
        running -= 1
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
    }

    /// The next job, waiting for one; nil once shut down with nothing queued.
    private func next() -> UnownedJob? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while jobs.isEmpty && open { pthread_cond_wait(wake, lock) }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}

/// The threads of every running ``WorkerThreads``, so that a test can tell where a case runs.
enum WorkerThreadRegistry {
    private static let threads = Mutex<Set<UInt>>([])

    /// Whether the calling thread is one a ``WorkerThreads`` started (not the cooperative pool's).
    static var isCurrentThreadAWorker: Bool {
        let current = threadNumber()
        return threads.withLock { $0.contains(current) }
    }

    /// Records the calling thread as a worker; returns its number for ``leave(_:)``.
    static func enter() -> UInt {
        let number = threadNumber()
        threads.withLock { _ = $0.insert(number) }
        return number
    }

    static func leave(_ number: UInt) {
        threads.withLock { _ = $0.remove(number) }
    }

    private static func threadNumber() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}

/// Starts a detached thread that runs `body`.
private func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let started = pthread_create(&thread, nil, { argument in
        #if canImport(Darwin)
        let box = Unmanaged<Box>.fromOpaque(argument).takeRetainedValue()
        #else
        let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
        #endif
        box.body()
        return nil
    }, box)
    precondition(started == 0, "a property worker thread could not start (error \(started))")
    #if canImport(Darwin)
    pthread_detach(thread!)
    #else
    pthread_detach(thread)
    #endif
}

/// Which worker of a run the current task is, so that what a case records stays with it.
enum PropertyWorker {
    /// 0 on the task that called the runner, 1 and up on its workers.
    @TaskLocal static var slot = 0
}
