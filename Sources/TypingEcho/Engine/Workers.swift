#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The cores this process may run on (at least 1): the threads the command line's `replay`,
/// `check` and `describe` use, and a property campaign's default jobs.
package let machineCores: Int = {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
    return 1
    #endif
}()

/// Runs `work(worker)` for every worker in `0..<jobs` on Dispatch's threads (the calling
/// thread among them) and returns what each made, in worker order.
///
/// Each result goes into a slot of its own, written by its worker alone and read only once
/// `concurrentPerform` has returned, so no lock is shared: with one, ThreadSanitizer saw the
/// workers' writes through the captured lock as a race on it.
func onWorkers<Result: Sendable>(_ jobs: Int, _ work: @Sendable (Int) -> Result) -> [Result] {
    guard jobs > 1 else { return [work(0)] }
    let slots = WorkerSlots<Result>(count: jobs)
    DispatchQueue.concurrentPerform(iterations: jobs) { worker in slots.store(work(worker), at: worker) }
    return slots.take()
}

/// One result slot per worker (see ``onWorkers(_:_:)``).
///
/// `@unchecked Sendable`: slot `k` is written only by worker `k`, once, and all slots are read
/// only after `concurrentPerform` returns, which orders every write before the reads.
private final class WorkerSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        slots[index] = value
    }

    /// The results, each moved out of its slot (so that the caller holds the only reference).
    func take() -> [Value] {
        slots.indices.map { index in
            guard let value = slots[index] else { preconditionFailure("worker \(index) made no result") }
            slots[index] = nil
            return value
        }
    }
}
