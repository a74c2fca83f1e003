#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a property run in a child process is doing, written to a file before each case, so
/// that the parent can tell which case was running when the child stopped (a trap kills the
/// process, and whatever it had not written is lost).
///
/// The file holds fixed fields, each a little-endian 64-bit word written in place with
/// `pwrite` (one system call per case, which the kernel keeps when the process dies): the
/// phase (1: workers run numbered cases; 2: one choice sequence runs on the calling thread),
/// the seed and case number of that single run, each worker's case, and the single run's
/// choices.
final class PropertyJournal: Sendable {
    /// The open file, written at fixed offsets from any thread.
    private let descriptor: Int32

    /// How many workers have a slot (more workers share the last one).
    static let workerSlots = 64
    /// Where each field starts: the phase, the single run's seed and case, the workers' cases.
    private static let phaseOffset = 0, seedOffset = 8, caseOffset = 16, workersOffset = 24
    /// Where the single run's choices start (their count, then the choices).
    private static let choicesOffset = workersOffset + 8 * workerSlots

    /// Opens (and empties) the journal at `path`; nil when it cannot be written.
    init?(path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Workers are about to run numbered cases.
    func startCases() { write([1], at: Self.phaseOffset) }

    /// Worker `slot` is about to run case `number`.
    func worker(_ slot: Int, runs number: Int) {
        write([UInt64(number)], at: Self.workersOffset + 8 * min(slot, Self.workerSlots - 1))
    }

    /// The calling thread is about to run `choices`, made for case `caseNumber` of run `seed`
    /// (the case itself, a saved example, or a shrinking candidate).
    func single(_ choices: [UInt64], seed: UInt64, caseNumber: Int) {
        write([UInt64(choices.count)] + choices, at: Self.choicesOffset)
        write([2, seed, UInt64(caseNumber)], at: Self.phaseOffset)
    }

    /// Writes `words` at `offset`, little-endian.
    private func write(_ words: [UInt64], at offset: Int) {
        let bytes = words.map(\.littleEndian)
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if written <= 0 { return }
                done += written
            }
        }
    }

    /// What a journal says its process was doing last.
    enum Entry: Equatable {
        /// Workers were running these cases (each worker's latest, in rising order).
        case cases([Int])
        /// The calling thread was running these choices, of case `caseNumber` of run `seed`.
        case single(choices: [UInt64], seed: UInt64, caseNumber: Int)
    }

    /// Reads the journal at `path`; nil when it says nothing.
    static func read(_ path: String) -> Entry? {
        guard let bytes = FileSystem.readBytes(path) else { return nil }
        func word(_ offset: Int) -> UInt64 {
            guard offset + 8 <= bytes.count else { return 0 }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
            return value
        }
        switch word(phaseOffset) {
        case 1:
            let numbers = (0..<workerSlots).map { Int(truncatingIfNeeded: word(workersOffset + 8 * $0)) }.filter { $0 > 0 }
            return numbers.isEmpty ? nil : .cases(Array(Set(numbers)).sorted())
        case 2:
            let count = Int(truncatingIfNeeded: word(choicesOffset))
            guard count >= 0, choicesOffset + 8 * (count + 1) <= bytes.count else { return nil }
            let choices = (0..<count).map { word(choicesOffset + 8 * ($0 + 1)) }
            return .single(choices: choices, seed: word(seedOffset), caseNumber: Int(truncatingIfNeeded: word(caseOffset)))
        default:
            return nil
        }
    }
}
