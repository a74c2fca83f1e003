#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TypingEcho
import TypingEchoTesting

/// Property campaigns: cases per second of three properties run by the kit's runner on one
/// job, each split into generation, running the sessions and the oracle (the property's own
/// check), against the bare engine running the same pre-generated sessions in the same run.
struct CampaignBenchmark {
    let cases: Int
    let repeats: Int

    /// The build the numbers are for: `swift test` runs the debug build.
    static var build: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// What one property's campaign costs per case, in seconds.
    struct Split {
        var name: String
        var campaign: Double
        var bare: Double
        var generation: Double
        var sessions: Double
        var oracle: Double
    }

    static let seed: UInt64 = 20_261_201

    func run() -> (rows: [Row], targets: [Target]) {
        // One job, so that cases per second are per core.
        setenv("TYPING_ECHO_JOBS", "1", 1)
        let splits = [secure(), editing(), keyboard()]
        let group = "property campaigns (\(Self.build) build, one job)"
        var rows: [Row] = []
        for split in splits {
            let micro = { (seconds: Double) in fixed(seconds * 1e6, 1) }
            rows.append(Row(group: group, name: "\(split.name): campaign (`check`)", value: 1 / split.campaign, unit: "cases/s",
                            ratios: [Ratio(baseline: "bare engine, time per case", value: split.campaign / split.bare)],
                            note: "per case: generation \(micro(split.generation)) µs, sessions \(micro(split.sessions)) µs, "
                                + "oracle \(micro(split.oracle)) µs, runner \(micro(split.campaign - split.generation - split.sessions - split.oracle)) µs"))
            rows.append(Row(group: group, name: "\(split.name): bare engine, same sessions", value: 1 / split.bare, unit: "cases/s",
                            note: "\(micro(split.bare)) µs per case"))
        }
        let secure = splits[0]
        var targets: [Target] = []
        #if DEBUG
        targets.append(Target(name: "secure property, debug build, cases per second per core", required: "≥ 2,160",
                              measured: grouped(1 / secure.campaign), met: 1 / secure.campaign >= 2_160))
        #else
        targets.append(Target(name: "secure property campaign vs the bare engine on the same sessions (release)", required: "≤ 1.5×",
                              measured: "\(fixed(secure.campaign / secure.bare, 2))×", met: secure.campaign / secure.bare <= 1.5))
        #endif
        return (rows, targets)
    }

    /// The seconds per case of `body` over `count` cases, the median of the repeats.
    private func perCase(_ count: Int, _ body: () -> Void) -> Double {
        medianSeconds(repeats: repeats) { time(body) } / Double(count)
    }

    /// The values of cases 1...cases of a run with `seed`, as the runner makes them.
    private func generate<T>(_ gen: Gen<T>) -> [T] {
        (1...cases).compactMap { gen.sample(seed: SeededGenerator.subSeed(of: Self.seed, index: $0)) }
    }

    /// The secure property with decoys: `LeakCheck.verify` on `Gen.leakCase`.
    /// One callgrind kernel: `campaign-secure` (the runner) or `campaign-secure-bare` (the
    /// engine alone on the same sessions, generated first outside `bareSecure`). The table of
    /// code points where Swift's and ICU's grapheme rules disagree, which generation reads, is
    /// built first: it is made once per process (about a third of a short profile's samples),
    /// and `secure()` builds it before timing anything too, generating its cases.
    func profile(_ kernel: String) {
        setenv("TYPING_ECHO_JOBS", "1", 1)
        blackHole(SegmentationDisagreement.standalone.count)
        if kernel == "campaign-secure" {
            secureCampaign(try! LeakCheck(), Gen.leakCase(steps: 1...16), cases: cases)
        } else {
            let scripts = generate(Gen.leakCase(steps: 1...16)).map(bareScripts)
            print("\(bareSecure(secureTemplates(), scripts)) events")
        }
    }

    func secure() -> Split {
        let leaks = try! LeakCheck()
        let gen = Gen.leakCase(steps: 1...16)
        let values = generate(gen)
        let generation = perCase(cases) { blackHole(generate(gen).count) }
        var runs: [(LeakRun, LeakRun)] = []
        let sessions = perCase(cases) { runs = values.map { leaks.run($0) } }
        let oracle = perCase(cases) {
            for (value, run) in zip(values, runs) { try! LeakCheck.compare(run.0, run.1, of: value) }
        }
        let campaign = perCase(cases) { secureCampaign(leaks, gen, cases: cases) }
        let scripts = values.map(bareScripts)
        let templates = secureTemplates()
        let bare = perCase(cases) { blackHole(bareSecure(templates, scripts)) }
        return Split(name: "secure property with decoys (1–16 steps)", campaign: campaign, bare: bare,
                     generation: generation, sessions: sessions, oracle: oracle)
    }

    /// An editing-session property: 1–80 edit steps on a `TextBuffer`, the insertion point within the text.
    func editing() -> Split {
        let gen = Gen.editingSession(steps: 1...80)
        let values = generate(gen)
        let generation = perCase(cases) { blackHole(generate(gen).count) }
        var buffers: [TextBuffer] = []
        let sessions = perCase(cases) { buffers = values.map(Self.edited) }
        let oracle = perCase(cases) { for buffer in buffers { try! Self.editingHolds(buffer) } }
        let campaign = perCase(cases) {
            precondition(quietly { check("cursorStaysInText", gen, cases: cases, seed: Self.seed) { try Self.editingHolds(Self.edited($0)) } } == nil)
        }
        let bare = perCase(cases) { for steps in values { blackHole(Self.edited(steps).characterCount) } }
        return Split(name: "editing-session property (1–80 steps)", campaign: campaign, bare: bare,
                     generation: generation, sessions: sessions, oracle: oracle)
    }

    /// A keyboard-session property: 1–16 on-screen keyboard steps, nothing left speaking after `runUntilIdle`.
    func keyboard() -> Split {
        let gen = Gen.session(.keyboard, steps: 1...16)
        let values = generate(gen)
        let generation = perCase(cases) { blackHole(generate(gen).count) }
        var finished: [TypingEcho.Session<EventCollector>] = []
        let sessions = perCase(cases) { finished = values.map(Self.ran) }
        let oracle = perCase(cases) { for session in finished { try! Self.keyboardHolds(session) } }
        let campaign = perCase(cases) {
            precondition(quietly { check("sessionsRun", gen, cases: cases, seed: Self.seed) { try Self.keyboardHolds(Self.ran($0)) } } == nil)
        }
        let bare = perCase(cases) { for script in values { blackHole(Self.ran(script).isSpeaking) } }
        return Split(name: "keyboard-session property (1–16 steps)", campaign: campaign, bare: bare,
                     generation: generation, sessions: sessions, oracle: oracle)
    }

    private static func edited(_ steps: [EditStep]) -> TextBuffer {
        var buffer = try! TextBuffer()
        for step in steps { buffer.apply(step) }
        return buffer
    }

    private static func editingHolds(_ buffer: TextBuffer) throws {
        try require(buffer.insertionPoint.character <= buffer.characterCount, "insertion point past the end")
    }

    private static func ran(_ script: SessionScript) -> TypingEcho.Session<EventCollector> {
        var session = try! script.makeSession()
        session.runUntilIdle()
        return session
    }

    private static func keyboardHolds(_ session: TypingEcho.Session<EventCollector>) throws {
        try require(!session.isSpeaking, "still speaking after runUntilIdle")
    }
}

/// The session every secure case starts from, per reader: the reader's settings, then the
/// sign-in screen declared.
func secureTemplates() -> [String: TypingEcho.Session<CountingSink>] {
    var templates: [String: TypingEcho.Session<CountingSink>] = [:]
    for reader in LeakReader.all {
        var session = try! TypingEcho.Session(sink: CountingSink())
        let settings = reader.settings.map { "settings \($0)\n" }.joined()
        try! session.feedScript(Array((settings + SecureSession.prelude).utf8))
        session.sink = CountingSink()
        templates[reader.name] = session
    }
    return templates
}

/// A case's reader and its two scripts as that reader performs them (the lines `LeakCheck`
/// feeds: for a reader without touch gestures, those lines left out).
func bareScripts(_ leakCase: LeakCase) -> (reader: String, real: [UInt8], decoy: [UInt8]) {
    (leakCase.reader.name, Array(leakCase.reader.performed(leakCase.session.body).utf8),
     Array(leakCase.reader.performed(leakCase.decoy.body).utf8))
}

/// The secure property's campaign through the kit's runner (kept out of line for callgrind).
@inline(never)
func secureCampaign(_ leaks: LeakCheck, _ gen: Gen<LeakCase>, cases: Int) {
    let failure = quietly {
        check("noLeak", gen, cases: cases, seed: CampaignBenchmark.seed) { try leaks.verify($0) }
    }
    precondition(failure == nil, "\(failure!)")
}

/// The bare engine on the same sessions: each script and its decoy's fed to a copy of the
/// declared screen under the case's reader, events counted (kept out of line for callgrind).
@inline(never)
func bareSecure(_ templates: [String: TypingEcho.Session<CountingSink>], _ scripts: [(reader: String, real: [UInt8], decoy: [UInt8])]) -> Int {
    var count = 0
    for (reader, real, decoy) in scripts {
        for script in [real, decoy] {
            var session = templates[reader]!
            do {
                try session.feedScript(script)
                try session.finishScript()
            } catch {
                count += 1
            }
            count += session.sink.count
        }
    }
    return count
}

/// Runs `body` with standard output sent to /dev/null: the runner's one line per passing
/// property would land in the middle of the table.
func quietly<T>(_ body: () -> T) -> T {
    fflush(nil)
    let saved = dup(1)
    let null = open("/dev/null", O_WRONLY)
    dup2(null, 1)
    let value = body()
    fflush(nil)
    dup2(saved, 1)
    close(null)
    close(saved)
    return value
}
