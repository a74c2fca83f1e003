import Foundation
import Testing
@testable import TypingEchoTesting

@Suite("Properties in child processes")
struct IsolatedPropertyTests {
    @Test("a case that traps is one failure, found and shrunk in child processes, and the test process goes on")
    func trapIsAFailure() async throws {
        var report: String?
        let issues = try await issuesRecorded { report = await isolatedPropertyExample() }
        #expect(issues.count == 1)
        let text = try #require(report)
        #expect(issues.first?.comments.first?.rawValue == text)
        #expect(text.contains("Property \"indexInRange\" failed on case "))
        #expect(text.contains("Counterexample: 64\n"), "\(text)")
        #expect(text.contains("the case stopped its process (signal "), "\(text)")
    }

    @Test("a passing property in a child process records nothing")
    func passing() async throws {
        let issues = try await issuesRecorded {
            await expectIsolatedProperty("belowHundredOne", Gen.int(in: 0...100), cases: 200, seed: 3, database: nil) { job in
                await #expect(processExitsWith: .failure, observing: [\.standardOutputContent]) { [job = job as IsolatedPropertyJob] in
                    job.run(Gen.int(in: 0...100)) { try require($0 <= 100, "\($0) above 100") }
                }
            }
        }
        #expect(issues.isEmpty)
    }

    @Test("a failure that does not trap is reported by the child as check reports it in process")
    func ordinaryFailure() async throws {
        var report: String?
        let issues = try await issuesRecorded {
            report = await expectIsolatedProperty("belowNinety", Gen.int(in: 0...100), cases: 500, seed: 5, database: nil) { job in
                await #expect(processExitsWith: .failure, observing: [\.standardOutputContent]) { [job = job as IsolatedPropertyJob] in
                    job.run(Gen.int(in: 0...100)) { try require($0 < 90, "\($0) is not below 90") }
                }
            }
        }
        #expect(issues.count == 1)
        let inProcess = try #require(check("belowNinety", Gen.int(in: 0...100), cases: 500, seed: 5) { try require($0 < 90, "\($0) is not below 90") })
        let text = try #require(report)
        #expect(text.contains("Counterexample: 90\n") && inProcess.counterexample == "90")
        #expect(text.contains("failed on case \(inProcess.caseNumber) of 500"))
    }

    @Test("the journal says which cases the workers run, or which choices run alone")
    func journalRoundTrip() throws {
        let path = try #require(FileSystem.temporaryFile("typing-echo-journal-test-"))
        defer { FileSystem.remove(path) }
        let journal = try #require(PropertyJournal(path: path))
        #expect(PropertyJournal.read(path) == nil)
        journal.startCases()
        journal.worker(0, runs: 8)
        journal.worker(1, runs: 5)
        journal.worker(0, runs: 9)
        #expect(PropertyJournal.read(path) == .cases([5, 9]))
        journal.single([3, 0, 70], seed: 42, caseNumber: 9)
        #expect(PropertyJournal.read(path) == .single(choices: [3, 0, 70], seed: 42, caseNumber: 9))
        journal.single([1], seed: 42, caseNumber: 9)
        #expect(PropertyJournal.read(path) == .single(choices: [1], seed: 42, caseNumber: 9))
        journal.startCases()
        #expect(PropertyJournal.read(path) == .cases([5, 9]))
    }

    @Test("after a child stops, the cases it was running are tried lowest first, and shrinking restarts from what stopped it")
    func driverFollowsTheJournal() async throws {
        let path = try #require(FileSystem.temporaryFile("typing-echo-journal-test-"))
        defer { FileSystem.remove(path) }
        let base = IsolatedPropertyJob(
            mode: .cases, name: "fake", fileID: "F.swift", line: 1, filter: "fake", seed: 7, cases: 100, shrinkBudget: 10,
            journal: path, database: nil, counterexamples: "/nonexistent")
        let gen = Gen.int(in: 0...1000)
        var jobs: [IsolatedPropertyJob] = []
        let verdict = await IsolatedRun(gen: gen, base: base).verdict { job in
            jobs.append(job)
            let journal = PropertyJournal(path: path)!
            switch (job.mode, job.caseNumber, job.startStops) {
            case (.cases, _, _):
                journal.startCases()
                journal.worker(0, runs: 8)
                journal.worker(1, runs: 5)
                return ChildExit(status: .signal(4), output: [])
            case (.shrink, 5, false):
                return ChildExit(status: .exitCode(IsolatedPropertyJob.startPassed), output: [])
            case (.shrink, 8, false):
                journal.single([1, 2], seed: 7, caseNumber: 8)
                return ChildExit(status: .signal(5), output: [])
            default:
                return ChildExit(status: .exitCode(IsolatedPropertyJob.failed), output: Array("the report\n".utf8))
            }
        }
        // The report, with a line after its first that says a case stopped its process.
        #expect(verdict == .failed("the report\n  Stopped: case 8 of seed 7 stopped its child process (signal 5 (SIGTRAP)); 2 child processes stopped in all, and shrinking went on in new ones"))
        #expect(jobs.map(\.mode) == [.cases, .shrink, .shrink, .shrink])
        #expect(jobs.map(\.caseNumber) == [0, 5, 8, 8])
        let last = try #require(jobs.last)
        #expect(last.start == [1, 2] && last.startStops && last.knownStops == [[1, 2]])
        #expect(last.stopMessage == "signal 5 (SIGTRAP)")
        // Case 8 as generated: the choices of its seed, run first (it may not be the one that stopped).
        let source = Source(seed: SeededGenerator.subSeed(of: 7, index: 8))
        _ = try gen.run(source)
        #expect(jobs[2].start == source.choices && !jobs[2].startStops)
    }
}
