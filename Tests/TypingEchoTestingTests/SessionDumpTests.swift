import Testing
import TypingEcho
@testable import TypingEchoTesting

@Suite("Session dump")
struct SessionDumpTests {
    @Test("The leak check's dump of a finished session is dump's own text, under every reader, cached or not")
    func sameTextAsDump() throws {
        let leaks = try LeakCheck()
        let dumper = SessionDump()
        let gen = Gen.leakCase(steps: 1...16)
        var readers: Set<String> = []
        for index in 1...120 {
            let leakCase = try #require(gen.sample(seed: SeededGenerator.subSeed(of: 20_261_202, index: index)))
            readers.insert(leakCase.reader.name)
            let (real, decoy) = leaks.run(leakCase)
            for run in [real, decoy] {
                var expected = ""
                dump(run.session, to: &expected)
                // The second call finds the settings' lines in the cache.
                #expect(dumper.text(of: run.session) == expected)
                #expect(dumper.text(of: run.session) == expected)
            }
        }
        #expect(readers.count == LeakReader.all.count)
    }

    /// Lines run on a copy of a finished session to plant a difference in it, or (the last
    /// few) to change its fields and change them back: a dump with the same text from boxes
    /// and strings of its own, which the comparison must not take for a difference.
    static let plants = [
        "wait 0.1", "keys \"a\"", "keys \"1\"", "type \"b\"", "swipe right", "swipe left", "settings hints=on",
        "settings typingFeedback=words", "rotor", "focus user", "focus note", "focus pin", "double-tap",
        "element extra label=\"Extra\"", "field more kind=secure label=\"More\"", "key backspace", "keys \"ab\"",
        "keys \"a\"\nkey backspace", "focus user\nfocus pw", "type \"c\"\nkey backspace", "settings hints=on\nsettings hints=off",
    ]

    @Test("Whether two sessions' dumps are the same is what dump of each says: both runs of a case, a difference planted, and across cases")
    func sameTextAsDumpsCompared() throws {
        let leaks = try LeakCheck()
        let dumper = SessionDump()
        let gen = Gen.leakCase(steps: 1...16)
        func dumped(_ session: Session<EventCollector>) -> String {
            var text = ""
            dump(session, to: &text)
            return text
        }
        var sessions: [(Session<EventCollector>, String)] = []
        var pairs = 0, equalPairs = 0, proven = 0, differing = 0
        // Each session is dumped once (reflection is most of this test's time), its text
        // passed along with it.
        func check(_ a: (Session<EventCollector>, String), _ b: (Session<EventCollector>, String), sharing: Bool) {
            let same = a.1 == b.1
            let (a, b) = (a.0, b.0)
            #expect(dumper.sameText(a, b) == same)
            #expect(dumper.sameText(b, a) == same)
            // Never "the same" when dump says otherwise.
            if dumper.provenSame(a, b) { #expect(same) }
            pairs += 1
            if same { equalPairs += 1 } else { differing += 1 }
            if sharing && same && dumper.provenSame(a, b) { proven += 1 }
        }
        var sharingEqual = 0
        for index in 1...150 {
            let leakCase = try #require(gen.sample(seed: SeededGenerator.subSeed(of: 20_261_203, index: index)))
            let (real, decoy) = leaks.run(leakCase)
            let realDumped = (real.session, dumped(real.session)), decoyDumped = (decoy.session, dumped(decoy.session))
            check(realDumped, decoyDumped, sharing: true)
            if realDumped.1 == decoyDumped.1 { sharingEqual += 1 }
            for (number, plant) in Self.plants.enumerated() where (index + number) % 3 == 0 {
                var planted = real.session
                do {
                    try planted.feedScript(Array(plant.utf8))
                    try planted.finishScript()
                } catch {
                    continue
                }
                let plantedDumped = (planted, dumped(planted))
                check(realDumped, plantedDumped, sharing: true)
                check(decoyDumped, plantedDumped, sharing: false)
            }
            sessions.append(realDumped)
        }
        for (a, b) in zip(sessions, sessions.dropFirst()) { check(a, b, sharing: false) }
        // The planted lines made differences, and the same-text pairs were mostly decided
        // without formatting both dumps whole (the speed this comparison is for).
        #expect(differing > 500)
        #expect(equalPairs > 150)
        #expect(proven * 10 >= sharingEqual * 9)
        PropertyEnvironment.printFigures("pairs \(pairs), equal \(equalPairs), differing \(differing), real/decoy equal \(sharingEqual), proven \(proven)")
    }

    @Test("Two runs whose lines differ only in a text's normalization are different output to the leak check")
    func normalizationIsOutput() throws {
        let leaks = try LeakCheck()
        var seed: UInt64 = 1
        var found: LeakRun?
        while found == nil && seed < 50 {
            let leakCase = try #require(Gen.leakCase(steps: 1...4).sample(seed: seed))
            let (real, _) = leaks.run(leakCase)
            if real.error == nil { found = real }
            seed += 1
        }
        let real = try #require(found)
        func planted(_ text: String) throws -> LeakRun {
            var session = real.session
            try session.feedScript(Array("announce \"\(text)\"\n".utf8)) { _ in }
            try session.finishScript { _ in }
            var run = LeakRun(session: session, events: session.log.events, failures: real.failures, error: nil)
            run.sharedEvents = real.events.count
            return run
        }
        // The ohm sign and the capital omega: one code point each (so the same duration), and
        // canonically equivalent, so equal as Swift values, but different bytes out.
        let ohm = try planted("10 \u{2126}"), omega = try planted("10 \u{3A9}")
        #expect(ohm.events == omega.events)
        #expect(!LeakCheck.sameFormats(ohm, omega))
        #expect(LeakCheck.sameFormats(ohm, try planted("10 \u{2126}")))
    }

    @Test("The leak check's comparisons of descriptions and of JSON and transcript lines say what comparing the full texts says")
    func sameDescriptionsAndFormats() throws {
        let leaks = try LeakCheck()
        let gen = Gen.leakCase(steps: 1...16)
        func lines(_ events: [TimedEvent]) -> [[String]] {
            var writer = Transcript()
            return [events.map(JSONLines.line), events.compactMap { writer.line(for: $0) }]
        }
        var equalFormats = 0, differentFormats = 0, equalDescriptions = 0, differentDescriptions = 0
        func check(_ a: LeakRun, _ b: LeakRun) {
            // As bytes: two normalizations of a text are equal `String`s but different output.
            let formats = lines(a.events).map { $0.map { Array($0.utf8) } } == lines(b.events).map { $0.map { Array($0.utf8) } }
            #expect(LeakCheck.sameFormats(a, b) == formats)
            if formats { equalFormats += 1 } else { differentFormats += 1 }
            for dumps in [false, true] {
                let same = LeakCheck.descriptions(a, dumps: dumps) == LeakCheck.descriptions(b, dumps: dumps)
                #expect(LeakCheck.sameDescriptions(a, b, dumps: dumps) == same)
                if same { equalDescriptions += 1 } else { differentDescriptions += 1 }
            }
        }
        for index in 1...120 {
            let leakCase = try #require(gen.sample(seed: SeededGenerator.subSeed(of: 20_261_204, index: index)))
            let (real, decoy) = leaks.run(leakCase)
            check(real, decoy)
            for (number, plant) in SessionDumpTests.plants.enumerated() where (index + number) % 4 == 0 {
                var planted = real.session
                var failures = real.failures
                do {
                    try planted.feedScript(Array(plant.utf8)) { failures.append($0.description) }
                    try planted.finishScript { failures.append($0.description) }
                } catch {
                    continue
                }
                // The planted run continues the real one: all of the real run's events are its too.
                var run = LeakRun(session: planted, events: planted.log.events, failures: failures, error: nil)
                run.sharedEvents = real.events.count
                var shared = real
                shared.sharedEvents = real.events.count
                check(shared, run)
                check(decoy, run)
            }
        }
        #expect(equalFormats > 100 && differentFormats > 100)
        #expect(equalDescriptions > 100 && differentDescriptions > 100)
    }

    @Test("Changing a run's events drops its claim to share them with the other run")
    func changedEventsShareNothing() throws {
        let leaks = try LeakCheck()
        let runs = (1...50).lazy.compactMap { Gen.leakCase(steps: 4...8).sample(seed: $0) }.map { leaks.run($0).real }
        var real = try #require(runs.first { $0.sharedEvents > 0 })
        real.events = Array(real.events)
        #expect(real.sharedEvents == 0)
    }
}
