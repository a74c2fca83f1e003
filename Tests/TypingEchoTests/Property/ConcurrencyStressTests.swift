import Testing
@testable import TypingEcho

/// Engines and `TextBuffer`s shared between threads: copies of one value driven from 8 threads
/// at once must give exactly what the same work gives run one after another. Run it under
/// ThreadSanitizer too (README: `swift test --sanitize=thread --filter ConcurrencyStress`).
@Suite("Concurrency stress")
struct ConcurrencyStressTests {
    static let threads = 8

    /// Work on one copy of a shared buffer: moves, word echo, edits, range reads.
    static func bufferWork(_ shared: TextBuffer, seed: Int) -> [String] {
        var buffer = shared
        var log: [String] = []
        for step in 0..<300 {
            switch (step + seed) % 7 {
            case 0: log.append(buffer.moveCharacter(.backward).map { buffer.text(passedBy: $0) } ?? "-")
            case 1: log.append(buffer.moveWord(.backward).map { buffer.text(passedBy: $0) } ?? "-")
            case 2: log.append(buffer.moveWord(.forward).map { buffer.text(passedBy: $0) } ?? "-")
            case 3: log.append((try? buffer.word(endingAt: buffer.insertionPoint)).flatMap { $0 } ?? "-")
            case 4: log.append(String(buffer.insert(seed % 2 == 0 ? "🇵🇱" : "e\u{301}")?.count ?? -1))
            case 5: log.append(String(buffer.deleteBackward()?.count ?? -1))
            default: log.append((try? buffer.text(in: .start..<buffer.insertionPoint)) ?? "!")
            }
        }
        log.append("\(buffer.characterCount) \(buffer.insertionPoint)")
        return log
    }

    /// Work on one copy of a shared engine: a script that edits its fields.
    static func engineWork(_ shared: Engine, seed: Int) -> [TimedEvent] {
        var engine = shared
        var sink = EventCollector()
        let script = """
        focus f\(seed % 3)
        double-tap
        keys "Zażółć 🇺🇸🇵🇱 gęślą \(seed) jaźń"
        key left
        key option-left
        key backspace
        wait 2
        swipe right
        double-tap
        keys "ไปไหน e\u{301}"
        wait 1
        """
        for (number, line) in script.split(separator: "\n").enumerated() {
            guard let parsed = try? ScriptParser().parse(line: Array(line.utf8), number: number + 1) else { continue }
            _ = try? engine.run(parsed, into: &sink)
        }
        engine.finish(into: &sink)
        return sink.events
    }

    /// Runs `work` for every seed on 8 threads at once, and once more one after another.
    static func concurrentAndSequential<Result: Equatable & Sendable>(
        _ work: @escaping @Sendable (Int) -> Result
    ) -> (concurrent: [Result], sequential: [Result]) {
        (onWorkers(threads, work), (0..<threads).map(work))
    }

    @Test("Copies of one TextBuffer driven from 8 threads give the sequential results")
    func sharedTextBuffer() throws {
        let shared = try TextBuffer(String(repeating: "Hello wörld, กิน ข้าว 👍🏽 🇵🇱🇺🇸 e\u{301}. ", count: 40))
        for _ in 0..<5 {
            let (concurrent, sequential) = Self.concurrentAndSequential { Self.bufferWork(shared, seed: $0) }
            #expect(concurrent == sequential)
        }
        #expect(shared.characterCount == (try TextBuffer(shared.string)).characterCount)
    }

    @Test("Copies of one Engine, and fresh engines, driven from 8 threads give the sequential results")
    func sharedEngine() throws {
        var shared = try Engine()
        var sink = EventCollector()
        let declarations = (0..<3).map { "field f\($0) kind=\($0 == 2 ? "secure" : "text") label=\"F\($0)\" value=\"start \($0) 🇵🇱\"" }
        for (number, line) in declarations.enumerated() {
            try shared.run(try #require(try ScriptParser().parse(line: Array(line.utf8), number: number + 1)), into: &sink)
        }
        let base = shared
        for _ in 0..<3 {
            let (concurrent, sequential) = Self.concurrentAndSequential { Self.engineWork(base, seed: $0) }
            #expect(concurrent == sequential)
            #expect(sequential.allSatisfy { events in events.count > 40 && events.contains { if case .edit = $0.event { true } else { false } } })
            let (fresh, freshSequential) = Self.concurrentAndSequential { seed in
                Self.engineWork((try? Engine()).map { engine in
                    var engine = engine
                    var sink = EventCollector()
                    for (number, line) in declarations.enumerated() {
                        if let parsed = try? ScriptParser().parse(line: Array(line.utf8), number: number + 1) { _ = try? engine.run(parsed, into: &sink) }
                    }
                    return engine
                }!, seed: seed)
            }
            #expect(fresh == freshSequential)
            #expect(fresh == sequential)
        }
    }

    @Test("Fresh sessions in several languages and readers, made on 8 threads at once, say what they say made one after another")
    func freshSessionsShareSpeechTables() throws {
        // Each language and reader's tables are made once per process and shared: the threads
        // race to make them (the first round) and then to read them (the others). Orca is left
        // out: it has no touch screen, and the script double-taps.
        let choices = [("pl-PL", "voiceover"), ("fr-FR", "talkback"), ("de-DE", "nvda"), ("th-TH", "voiceover"),
                       ("ja-JP", "talkback"), ("en-GB", "chromevox"), ("pl-PL", "talkback"), ("uk-UA", "voiceover")]
        let script = """
        field f kind=text label="Name"
        field pw kind=secure label="Password"
        focus f
        double-tap
        keys "Ab 1 ż"
        key option-backspace
        focus pw
        double-tap
        keys "x1"
        wait 2
        """
        let work: @Sendable (Int) -> [TimedEvent] = { seed in
            let (locale, reader) = choices[seed % choices.count]
            guard var session = try? Session(overrides: [(key: "locale", value: locale), (key: "reader", value: reader)]),
                  (try? session.run(script: script)) != nil else { return [] }
            session.runUntilIdle()
            return session.log.events
        }
        for _ in 0..<3 {
            let (concurrent, sequential) = Self.concurrentAndSequential(work)
            #expect(concurrent == sequential)
            #expect(sequential.allSatisfy { $0.count > 10 }, "\(sequential.map(\.count))")
        }
    }
}
