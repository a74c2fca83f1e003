import Foundation
import Synchronization
import Testing
import TypingEcho
@testable import TypingEchoTesting

/// The issues that reach a test from `body`, counted and kept out of the test's results: an
/// issue-handling scope outside `expectProperty`'s own sees exactly what it lets through.
func issuesRecorded(by body: () async -> Void) async throws -> [Issue] {
    let seen = Collected()
    let test = try #require(Test.current)
    let scope: IssueHandlingTrait = .compactMapIssues { issue in
        seen.append(issue)
        return nil
    }
    try await withoutActuallyEscaping(body) { body in
        let box = UncheckedBody(body)
        try await scope.provideScope(for: test, testCase: Test.Case.current) { await box.body() }
    }
    return seen.issues
}

private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Issue] = []
    func append(_ issue: Issue) { lock.withLock { stored.append(issue) } }
    var issues: [Issue] { lock.withLock { stored } }
}

/// The run on threads of its own (what `check` does), called from an async test.
func runOnThreads<T>(_ run: PropertyRun, _ gen: Gen<T>, _ evaluate: @escaping @Sendable (T) -> (any Error)?) -> PropertyRun.Outcome {
    run.run(gen, evaluate: evaluate)
}

/// A count that the cases of a property, running at the same time, can add to.
final class Tally: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

private struct UncheckedBody: @unchecked Sendable {
    let body: () async -> Void
    init(_ body: @escaping () async -> Void) { self.body = body }
}

/// A fresh folder in the temporary directory.
private func temporaryFolder(_ name: String) -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-\(name)-\(UUID().uuidString)")
    return url.path
}

@Suite("expectProperty under Swift Testing")
struct SwiftTestingIntegrationTests {
    @Test("a failing property records exactly one issue: seed, replay command, original and shrunk")
    func oneIssue() async throws {
        let gen = Gen.array(of: Gen.int(in: 0...1000), count: 0...20)
        var failure: PropertyFailure?
        let issues = try await issuesRecorded {
            failure = await expectProperty("sumStaysSmall", gen, seed: 1, database: nil) { numbers in
                #expect(numbers.reduce(0, +) < 100)
            }
        }
        #expect(issues.count == 1)
        let report = try #require(issues.first?.comments.first?.rawValue)
        let shrunk = try #require(failure)
        #expect(shrunk.counterexample == "[100]")
        #expect(report.contains("Seed: 1 (0x1)"))
        #expect(report.contains("TYPING_ECHO_SEED=1 swift test --filter SwiftTestingIntegrationTests/oneIssue"))
        #expect(report.contains("Counterexample: [100]"))
        #expect(report.contains("Original: \(shrunk.original)") && shrunk.original != "[100]")
        // The message is the shrunk case's own #expect, with its location.
        #expect(shrunk.message.contains("SwiftTestingIntegrationTests.swift:"))
        #expect(shrunk.message.contains("100"))
    }

    @Test("#require inside a property fails the case once, and shrinking adds no issue")
    func requireInsideProperty() async throws {
        let letters = Gen.element(of: "abcdefghijklmnopqrstuvwxyz")
        let evaluations = Tally()
        var failure: PropertyFailure?
        let issues = try await issuesRecorded {
            failure = await expectProperty("noX", Gen.string(of: letters, length: 0...40), seed: 2, database: nil) { text in
                evaluations.add()
                let index = text.firstIndex(of: "x")
                try #require(index == nil, "contains x")
                #expect(text.count <= 40, "reached only when the #require above holds")
            }
        }
        #expect(issues.count == 1)
        #expect(evaluations.value > 10, "the shrinker replayed candidates, each recording issues that were held back")
        let shrunk = try #require(failure)
        #expect(shrunk.counterexample == "\"x\"")
        #expect(shrunk.message.contains("contains x"))
        #expect(!shrunk.message.contains("reached only"))
    }

    @Test("a property that holds records nothing")
    func holdingProperty() async throws {
        var failure: PropertyFailure?
        let issues = try await issuesRecorded {
            failure = await expectProperty("squares", Gen.int(in: -1000...1000), cases: 300, seed: 3, database: nil) { value in
                #expect(value * value >= 0)
            }
        }
        #expect(issues.isEmpty)
        #expect(failure == nil)
    }

    @Test("A deliberately wrong property inside withKnownIssue is reported as one known issue (expected, not a failure)")
    func insideKnownIssue() async throws {
        let seen = Collected()
        var failure: PropertyFailure?
        // Kept in a scope of its own, so that a passing `swift test --quiet` prints only its
        // totals: the known issue is checked here instead of printed.
        let recorded = try await issuesRecorded {
            await withKnownIssue("deliberately wrong: the property says every value is below 50") {
                failure = await expectProperty("alwaysSmall", Gen.int(in: 0...100), seed: 4, database: nil) { value in
                    #expect(value < 50)
                }
            } matching: { issue in
                seen.append(issue)
                return true
            }
        }
        #expect(recorded.count == 1, "\(recorded)")
        #expect(failure?.counterexample == "50")
        // The known-issue matcher is asked about every issue recorded inside, the held-back
        // ones too; exactly one of them is the report.
        #expect(seen.issues.filter { $0.comments.first?.rawValue.hasPrefix("Property \"alwaysSmall\"") == true }.count == 1)
    }

    @Test("TYPING_ECHO_JOBS=1 and =2 give the same verdict, failing case and counterexample for a planted failure")
    func jobsDoNotChangeTheVerdict() async throws {
        // The planted failure: a list with two values above 90, rare enough that some cases
        // pass first, so the two workers race past each other before it is found.
        let gen = Gen.array(of: Gen.int(in: 0...100), count: 0...6)
        let planted: @Sendable ([Int]) -> (any Error)? = { values in
            values.filter { $0 > 90 }.count >= 2 ? PropertyViolation("two above 90") : nil
        }
        func run(jobs: Int, seed: UInt64) async -> PropertyFailure? {
            let environment = PropertyEnvironment(jobs: jobs)
            let settings = PropertyRun(name: "planted", fileID: "f", line: 1, cases: 5_000, seed: seed, shrinkBudget: 500,
                                       database: nil, environment: environment)
            #expect(settings.jobs == jobs)
            let sync = runOnThreads(settings, gen, planted)
            let async = await settings.run(gen, evaluate: planted)
            #expect(sync.failure == async.failure)
            return sync.failure
        }
        for seed: UInt64 in [3, 11, 20_261_201] {
            let one = try #require(await run(jobs: 1, seed: seed))
            let two = try #require(await run(jobs: 2, seed: seed))
            #expect(one.caseNumber > 1)
            #expect(one == two)
            #expect(one.description == two.description)
            #expect(one.counterexample == "[91, 91]")
        }
        // A passing run counts the same cases whatever the jobs.
        let environment = PropertyEnvironment(jobs: 2)
        let passing = PropertyRun(name: "p", fileID: "f", line: 1, cases: 3_000, seed: 5, shrinkBudget: 1, database: nil, environment: environment)
        guard case .passed(let summary) = runOnThreads(passing, gen, { _ in nil }) else {
            Issue.record("a property that cannot fail failed")
            return
        }
        #expect(summary.cases == 3_000 && summary.jobs == 2)
        #expect(summary.description.hasPrefix("p: 3000 cases, ") && summary.description.hasSuffix(" cases/s, 2 jobs"))
    }

    @Test("a property's workers run on threads of their own, not on the cooperative pool that other tests share")
    func workersLeaveTheCooperativePoolFree() async {
        // Workers on the pool would hold its threads (one per core) for the whole campaign, and
        // every other test would wait; each case checks that it runs on a thread of the runner's.
        let elsewhere = Tally()
        let jobs = max(2, PropertyEnvironment.cores)
        let run = PropertyRun(name: "threads", fileID: "f", line: 1, cases: 50, seed: 1, shrinkBudget: 1, database: nil,
                              environment: PropertyEnvironment(jobs: jobs))
        let outcome = await run.run(Gen.int(in: 0...9)) { _ in
            if !WorkerThreadRegistry.isCurrentThreadAWorker { elsewhere.add() }
            return nil
        }
        #expect(outcome.failure == nil)
        #expect(elsewhere.value == 0, "cases ran on threads that were not the runner's")
        #expect(!WorkerThreadRegistry.isCurrentThreadAWorker)
    }

    @Test("discarded cases are counted as in a one-by-one run, whatever the jobs")
    func discardsAcrossJobs() {
        let gen = Gen.int(in: 0...9).filter(maxAttempts: 1) { $0 != 0 }
        var outcomes: [String] = []
        for jobs in [1, 2, 3] {
            let run = PropertyRun(name: "d", fileID: "f", line: 1, cases: 2_000, seed: 8, shrinkBudget: 1, database: nil,
                                  environment: PropertyEnvironment(jobs: jobs))
            switch run.run(gen, evaluate: { _ in nil }) {
            case .passed(let summary): outcomes.append("\(summary.cases) passed, \(summary.discarded) discarded")
            case .failed(let failure): outcomes.append(failure.description)
            }
        }
        #expect(Set(outcomes).count == 1, "\(outcomes)")
        #expect(outcomes.first?.hasPrefix("2000 passed, ") == true)
        #expect(outcomes.first != "2000 passed, 0 discarded")
    }

    @Test("an explicit cases or seed wins over the environment; without them the environment counts")
    func explicitArgumentsWin() {
        let environment = PropertyEnvironment(seed: 99, cases: 3)
        let explicit = PropertyRun(name: "p", fileID: "f", line: 1, cases: 7, seed: 5, shrinkBudget: 1, database: nil, environment: environment)
        #expect(explicit.cases == 7 && explicit.seed == 5)
        let fromEnvironment = PropertyRun(name: "p", fileID: "f", line: 1, cases: nil, seed: nil, shrinkBudget: 1, database: nil, environment: environment)
        #expect(fromEnvironment.cases == 3 && fromEnvironment.seed == 99)
        let neither = PropertyRun(name: "p", fileID: "f", line: 1, cases: nil, seed: nil, shrinkBudget: 1, database: nil, environment: PropertyEnvironment())
        #expect(neither.cases == PropertyRun.defaultCases)

        let count = Tally()
        #expect(check("counted", Gen.int(in: 0...9), cases: 7, seed: 1) { _ in count.add() } == nil)
        #expect(count.value == 7)
    }

    @Test("a failing case is saved and replayed first on the next run, and forgotten once it passes")
    func exampleDatabase() throws {
        let database = ExampleDatabase(directory: temporaryFolder("examples"))
        defer { try? FileManager.default.removeItem(atPath: database.directory) }
        let first = try #require(check("noSeven", Gen.int(in: 0...100), seed: 11, database: database) { try require($0 != 7, "seven") })
        let saved = database.examples(for: "noSeven")
        #expect(saved.count == 1)
        #expect(saved.first?.seed == 11 && saved.first?.caseNumber == first.caseNumber)
        #expect(!first.fromDatabase)
        let line = try String(contentsOfFile: database.file(for: "noSeven"), encoding: .utf8)
        #expect(line.hasPrefix("seed=11 case=\(first.caseNumber) choices="))

        // No fresh case at all: the failure comes from the database, with its seed and case.
        let again = try #require(check("noSeven", Gen.int(in: 0...100), cases: 0, seed: 12, database: database) { try require($0 != 7, "seven") })
        #expect(again.fromDatabase)
        #expect(again.counterexample == "7" && again.seed == 11 && again.caseNumber == first.caseNumber)
        #expect(again.description.contains("saved example"))

        // Fixed: the saved case passes and its file goes.
        #expect(check("noSeven", Gen.int(in: 0...100), cases: 10, seed: 13, database: database) { _ in } == nil)
        #expect(database.examples(for: "noSeven").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: database.file(for: "noSeven")))
    }

    @Test("saved lines that do not read are skipped", arguments: [
        "", "seed=1", "seed=x case=1 choices=1", "seed=1 case=0 choices=1", "seed=1 case=1 choices=1,x", "seed=1 case=1 choices=1 extra",
    ])
    func badSavedLines(line: String) {
        #expect(SavedExample(line: line) == nil)
    }

    @Test("the automatic database is .typing-echo/examples in the test's package")
    func automaticDatabase() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        #expect(FileSystem.packageRoot(of: #filePath) == root)
        if PropertyEnvironment.variable("TYPING_ECHO_EXAMPLES") == nil {
            #expect(ExampleDatabase.automatic.resolved(for: #filePath)?.directory == root + "/.typing-echo/examples")
        }
        #expect(FileSystem.safeName("a b/c.d") == "a_b_c.d")
        #expect(FileSystem.safeName("..") == "_..")
    }

    @Test("a counterexample session is written as a .replay script that fails where the property did")
    func replayCounterexample() async throws {
        let folder = temporaryFolder("counterexamples")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Wrong on purpose: a backspace does not always remove one code point.
        let failure = try #require(check("codePoints", Gen.session(.plain, steps: 1...12), seed: 21) { script in
            var session = try script.makeSession()
            let count = session.element("text")?.field?.text?.unicodeScalars.count ?? 0
            try script.require(.count(count), on: &session)
        })
        let script = try #require(failure.replayScript)
        #expect(script.hasPrefix("field text kind=text label=\"Text\"\nfocus text\ndouble-tap\n"))
        #expect(script.split(separator: "\n").last?.hasPrefix("expect count ") == true)
        var copy = failure
        let written = copy.write(to: folder)
        let path = try #require(written)
        #expect(path == folder + "/codePoints.replay")
        #expect(copy.description.contains("swift run typing-echo check \(path)"))
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file.hasPrefix("# Counterexample of property \"codePoints\", seed 21"))
        // What `typing-echo check` does with the file: its expect line fails.
        var session = try Session()
        let failed = try session.run(script: file)
        #expect(failed.count == 1)
    }

    @Test("ReplayText writes every attribute back so that it parses to the same command")
    func replayTextRoundTrip() throws {
        let lines = [
            #"field f kind=area label="Note \"x\"" value="a\nb" hint="h" placeholder="p" required error="e" disabled dictation=off max=5 frame=1.5,-2.0,30.0,40.0 hidden keyboard=email return-key=go autocapitalization=words"#,
            #"element e label="Volume" kind=slider traits=selected,adjustable value="Low" hint="Adjusts." frame=0.0,0.0,10.0,10.0 steps="Low|High" labels=f hidden interactive"#,
            "settings typing=touch cadence=0.1 locale=pl-PL", "focus key:q", "touch \",\"", "slide 12.5,-3.0", "touch space",
            "type \"\\u{7}\\\\\"", "wait 0.25", "expect no-speech", "expect sound boundary", "expect cursor 3", "error f \"\"",
            "validate", "dismiss", "swipe up", "rotor typing-mode", "edit select-all", "key shift-option-left",
        ]
        for line in lines {
            let parsed = try #require(try ScriptParser().parse(line: Array(line.utf8), number: 1))
            #expect(ReplayText.line(for: parsed.command) == line)
        }
        #expect(ReplayText.number(0.000001) == "0.000001")
        #expect(ReplayText.number(2) == "2.0")
    }
}

@Suite("Session generators")
struct SessionGeneratorTests {
    @Test("generated sessions run without an error, print as scripts that parse back, and run the same both ways", arguments: SessionKind.allCases)
    func sessionsRun(kind: SessionKind) async {
        await expectProperty("sessionsRun.\(kind)", .session(kind, steps: 0...16), cases: 100, seed: 31, database: nil) { script in
            var typed = try script.makeSession()
            typed.runUntilIdle()
            #expect(!typed.isSpeaking && typed.nextDue == nil)
            let reparsed = try SessionScript(parsing: script.text)
            #expect(reparsed.lines == script.lines)
            var fromText = try Session()
            _ = try fromText.run(script: script.text)
            fromText.runUntilIdle()
            #expect(fromText.log.events == typed.log.events)
        }
    }

    @Test("sessions of single commands of each kind, on its screen, run and print as they ran", arguments: SessionKind.allCases)
    func commandsRun(kind: SessionKind) async {
        let prelude = switch kind {
        case .plain, .keyboard: SessionLayout.plainPrelude
        case .screen: SessionLayout.screenPrelude
        case .secure: SessionLayout.securePrelude
        }
        await expectProperty("commandsRun.\(kind)", .session(prelude: prelude, commands: .command(kind), steps: 0...16), cases: 60, seed: 33, database: nil) { script in
            #expect(Array(script.commands.prefix(prelude.count)) == prelude)
            var session = try Session()
            _ = try session.run(script: script.text)
        }
    }

    @Test("each kind does what it is named for")
    func kindsDiffer() throws {
        func commands(_ kind: SessionKind) -> [Command] {
            (0..<30).compactMap { Gen.session(kind, steps: 8...8).sample(seed: $0) }.flatMap(\.commands)
        }
        #expect(commands(.plain).contains { if case .keys = $0 { true } else { false } })
        #expect(commands(.keyboard).contains { if case .touch = $0 { true } else { false } })
        #expect(commands(.keyboard).contains { if case .type = $0 { true } else { false } })
        #expect(commands(.screen).contains { if case .swipe(.right) = $0 { true } else { false } })
        #expect(commands(.screen).contains { if case .validate = $0 { true } else { false } })
        #expect(commands(.secure).contains { if case .field(let field) = $0 { field.kind == .secure } else { false } })
    }

    @Test("sessions shrink to the one step that matters")
    func sessionsShrink() throws {
        let failure = try #require(check("noEnd", Gen.session(.plain, steps: 0...20), seed: 32) { script in
            try require(!script.commands.contains(.key(.end)), "key end")
        })
        #expect(failure.counterexample == "SessionScript:\n  field text kind=text label=\"Text\"\n  focus text\n  double-tap\n  key end")
        #expect(failure.replayScript == "field text kind=text label=\"Text\"\nfocus text\ndouble-tap\nkey end\n")
    }
}
