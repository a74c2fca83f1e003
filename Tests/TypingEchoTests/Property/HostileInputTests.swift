import CICU
import Foundation
import Testing
@testable import TypingEcho
import TypingEchoTesting

/// Hostile scripts, generated: the examples mutated with huge numbers, invalid UTF-8 anywhere,
/// control and bidi characters, long lines, lines dropped and repeated.
enum HostileScripts {
    static let examples: [[UInt8]] = {
        let directory = Repository.root.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".replay") }.sorted().compactMap { name in
            (try? Data(contentsOf: directory.appendingPathComponent(name))).map { Array($0) }
        }
    }()

    /// Numbers at and around every limit a script number meets.
    static let numbers = [
        "0", "1", "0.0005", "999999999", "1000000000", "1000000000.001", "1000000001", "5000000000000000",
        "9223372036854775807", "9223372036854775808", "18446744073709551616", String(repeating: "9", count: 400),
        "1" + String(repeating: "0", count: 308), "3600", "3600.001", "0.1", "10", "10.5", "0.09", "-1",
    ]

    /// Lines that carry a number to a limit.
    static func numberLine(_ number: String) -> [String] {
        [
            "wait \(number)", "@\(number) wait 0", "@\(number) swipe right", "touch \(number),\(number)",
            "touch -\(number),5", "settings rate=\(number)", "settings phonetic-delay=\(number)",
            "settings hint-delay=\(number)", "settings cadence=\(number)", "settings key-cadence=\(number)", "field h\(number.count) kind=text label=\"N\" max=\(number)",
            "expect count \(number)", "expect cursor \(number)",
            "element e\(number.count) label=\"E\" frame=\(number),\(number),\(number),\(number)",
            "element g\(number.count) label=\"G\" frame=-\(number),-\(number),\(number),1",
        ]
    }

    /// Bytes that are not valid UTF-8, controls, bidi controls, a BOM, lone CR, line separators.
    static let nasties: [[UInt8]] = [
        [0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x00], [0x1B, 0x5B, 0x33, 0x31, 0x6D],
        [0x1B, 0x5D, 0x30, 0x3B, 0x78, 0x07], Array("\u{202E}".utf8), Array("\u{2066}".utf8), Array("\u{FEFF}".utf8),
        [0x0D], Array("\u{2028}".utf8), Array("\u{0085}".utf8), Array("\u{9B}".utf8), [0x22], [0x5C], Array("🇵🇱🇵".utf8),
    ]

    static let script: Gen<[UInt8]> = Gen { source in
        let base = examples.isEmpty ? [] : examples[Int(try source.draw(upTo: UInt64(examples.count - 1)))]
        var lines = base.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let mutations = Int(try source.draw(upTo: 6))
        for _ in 0..<mutations {
            let at = lines.isEmpty ? 0 : Int(try source.draw(upTo: UInt64(lines.count)))
            switch try source.draw(upTo: 7) {
            case 0:
                let number = numbers[Int(try source.draw(upTo: UInt64(numbers.count - 1)))]
                let candidates = numberLine(number)
                lines.insert(Array(candidates[Int(try source.draw(upTo: UInt64(candidates.count - 1)))].utf8), at: at)
            case 1, 2:
                guard at < lines.count else { continue }
                let nasty = nasties[Int(try source.draw(upTo: UInt64(nasties.count - 1)))]
                let column = Int(try source.draw(upTo: UInt64(lines[at].count)))
                lines[at].insert(contentsOf: nasty, at: column)
            case 3:
                let length = 1 + Int(try source.draw(upTo: 20_000))
                let pieces = ["a", "🇵🇱", "\u{1F1F5}", "e\u{301}", " ", "\u{0E01}\u{0E34}", "\u{1B}", "\"", "x"]
                let piece = pieces[Int(try source.draw(upTo: UInt64(pieces.count - 1)))]
                let word = String(repeating: piece, count: length / 2 + 1)
                let forms = ["keys \"\(word)\"", "type \"\(word)\"", word, "focus \(word)", "field \(word) kind=text label=\"\(word)\"",
                             "expect speech \"\(word)\"", "clipboard \"\(word)\""]
                lines.insert(Array(forms[Int(try source.draw(upTo: UInt64(forms.count - 1)))].utf8), at: at)
            case 4:
                if at < lines.count { lines.remove(at: at) }
            case 5:
                if at < lines.count { lines.insert(lines[at], at: at) }
            case 6:
                let junk = (0..<Int(try source.draw(upTo: 64))).map { _ in UInt8(truncatingIfNeeded: (try? source.draw(upTo: 255)) ?? 0) }
                lines.insert(junk, at: at)
            default:
                lines.insert(Array("double-tap".utf8), at: at)
            }
        }
        return Array(lines.joined(separator: [0x0A]))
    }
}

@Suite("Hostile input")
struct HostileInputTests {
    @Test("Generated hostile scripts end with an exit code in {0, 1, 64, 65, 66, 74}, never a signal")
    func hostileScriptsExitCleanly() throws {
        let failure = check("hostileScriptsExitCleanly", HostileScripts.script, cases: 40, shrinkBudget: 40) { bytes in
            let path = try Tool.script(bytes, name: "hostile.replay")
            for arguments in [["replay", path, "--format", "json"], ["describe", path]] {
                let result = try Tool.run(arguments)
                try require(result.reason == .exit, "\(arguments[0]) was killed by signal \(result.status): \(result.error.suffix(300))")
                try require([0, 1, 64, 65, 66, 74].contains(result.status), "\(arguments[0]) exited \(result.status)")
                if result.status == 65 { try require(result.error.contains(":") && result.error.contains("error:"), "no FILE:LINE:COLUMN: \(result.error.prefix(200))") }
                if arguments[0] == "replay" { try require(!result.output.utf8.contains(0x1B), "a raw ESC reached the JSON output") }
            }
        }
        if let failure { Issue.record("\(failure)") }
    }

    @Test("The same scripts run in process: a script error or a clean finish, never a trap")
    func hostileScriptsInProcess() {
        let failure = check("hostileScriptsInProcess", HostileScripts.script, cases: 300, shrinkBudget: 200) { bytes in
            var session = try Session()
            do {
                try session.feedScript(bytes)
                try session.finishScript()
            } catch let error as ScriptError {
                try require((error.location?.line ?? 0) >= 1, "an error without a line")
            }
            for event in session.log.events {
                try require(event.time <= VirtualTime.limit, "an event at \(event.time), past the clock's limit")
            }
        }
        if let failure { Issue.record("\(failure)") }
    }

    @Test("wait and @S beyond 1,000,000,000 s, and a clock that would pass it, are script errors at the line", arguments: [
        ("wait 9300000000000000\n", ":1:1: error: wait accepts at most 1,000,000,000 seconds"),
        ("@9300000000000000 wait 0\n", ":1:19: error: @S accepts at most 1,000,000,000 seconds"),
        ("wait 5000000000000000\nwait 5000000000000000\n", ":1:1: error: wait accepts at most"),
        ("wait 999999999\nwait 2\n", ":2:1: error: this would take the session's clock past 1,000,000,000 seconds"),
        ("@1000000000 wait 0\nwait 0.001\n", ":2:1: error: this would take the session's clock past"),
        ("settings rate=0.1\nfield f kind=text label=\"A long label that takes a while to say\"\n@999999999 focus f\n", ":3:12: error: this would take the session's clock past"),
        ("settings cadence=3600\nfield f kind=text label=\"F\"\nfocus f\ndouble-tap\n@999990000 type \"abcdefgh\"\n", ":5:12: error: this would take the session's clock past"),
    ])
    func clockLimit(script: String, expected: String) throws {
        let name = "clock-\(script.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFFFF }).replay"
        let result = try Tool.run(["replay", try Tool.script(Array(script.utf8), name: name)])
        #expect(result.reason == .exit)
        #expect(result.status == 65)
        #expect(result.error.contains(expected), "\(result.error)")
    }

    @Test("A clock that reaches the limit exactly is fine, and every event is at or before it")
    func clockAtTheLimit() throws {
        var session = try Session()
        try session.feedScript(Array("@999999999 wait 1\n".utf8))
        try session.finishScript()
        #expect(session.engine.now == VirtualTime.limit)
        #expect(VirtualTime.limit + VirtualDuration(milliseconds: .max) == VirtualTime(milliseconds: .max))
        #expect(VirtualTime(milliseconds: .min) - VirtualTime(milliseconds: 1) == VirtualDuration(milliseconds: .min))
        #expect(VirtualDuration(checkedSeconds: 1e10) == nil && VirtualDuration(checkedSeconds: .nan) == nil)
    }

    @Test("Output that cannot be written exits 74 with one line; a closed pipe ends quietly")
    func unwritableOutput() throws {
        let example = Repository.path("Examples/plain-field.replay")
        let tool = Tool.executable.path
        let full = try Tool.shell("exec \"$0\" replay \"$1\" > /dev/full", tool, example)
        #expect(full.status == 74)
        #expect(full.error == "typing-echo: cannot write the output: No space left on device\n")
        let closed = try Tool.shell("exec \"$0\" replay \"$1\" >&-", tool, example)
        #expect(closed.status == 74)
        #expect(closed.error == "typing-echo: cannot write the output: standard output is closed\n")
        for command in ["describe", "check"] {
            let result = try Tool.shell("exec \"$0\" \(command) \"$1\" > /dev/full", tool, example)
            // One line, printed once.
            #expect(result.status == 74 && result.error == "typing-echo: cannot write the output: No space left on device\n")
        }
        #expect(try Tool.shell("exec \"$0\" --help > /dev/full", tool).status == 74)
        // A long replay into `head`: the reader goes away after 100 bytes.
        let big = try Tool.script(Array(String(repeating: "field f kind=text label=\"F\"\nfocus f\ndouble-tap\nkeys \"hello world\"\n", count: 20_000).utf8), name: "big.replay")
        let piped = try Tool.shell("\"$0\" replay \"$1\" | head -c 100 > /dev/null; echo \"${PIPESTATUS[0]}\"", tool, big)
        #expect(piped.error == "")
        #expect(piped.output == "0\n")
    }

    @Test("Out-of-range positions throw TextRangeError; the C shim reads nothing for a bad range")
    func positionsAreChecked() throws {
        let buffer = try TextBuffer("ab")
        let bad: [Range<TextPosition>] = [
            .start..<TextPosition(character: 2, utf16: 200),
            TextPosition(character: -1, utf16: -1)..<TextPosition(character: 1, utf16: 1),
            .start..<TextPosition(character: 3, utf16: 2),
            TextPosition(character: 2, utf16: 1)..<TextPosition(character: 1, utf16: 2),
        ]
        for range in bad {
            #expect(throws: TextRangeError.self) { try buffer.text(in: range) }
        }
        #expect(try buffer.text(in: .start..<buffer.endPosition) == "ab")
        let empty = try TextBuffer()
        #expect(throws: TextRangeError.self) { try empty.text(in: .start..<TextPosition(character: 1, utf16: 1)) }
        var mutable = buffer
        #expect(throws: TextRangeError.self) { try mutable.word(endingAt: TextPosition(character: 5, utf16: 5)) }
        #expect(throws: TextRangeError.self) { try mutable.word(endingAt: TextPosition(character: -3, utf16: -3)) }
        // The shim itself: out-of-range offsets read and write nothing.
        var status: Int32 = 0
        let text = tecu_text_create(&status)!
        defer { tecu_text_destroy(text) }
        let units: [UInt16] = [0x61, 0x62]
        units.withUnsafeBufferPointer { tecu_text_replace(text, 0, 0, $0.baseAddress, 2, &status) }
        var bytes = [UInt8](repeating: 0xAA, count: 600)
        #expect(tecu_text_utf8(text, 0, 200, &bytes) == 0)
        #expect(tecu_text_utf8(text, -5, 1, &bytes) == 0)
        #expect(tecu_text_utf8(text, 2, 1, &bytes) == 0)
        #expect(bytes.allSatisfy { $0 == 0xAA })
        #expect(tecu_text_unit(text, 2) == 0 && tecu_text_unit(text, -1) == 0)
        var copied = [UInt16](repeating: 7, count: 4)
        tecu_text_extract(text, 1, 9, &copied)
        #expect(copied == [7, 7, 7, 7])
    }

    @Test("Hit testing through the grid index gives the scan's answer on random screens")
    func hitIndexMatchesScan() {
        var random = SeededGenerator(seed: 0x5EED_0011)
        for screen in 0..<40 {
            var engine = try! Engine()
            var lines: [String] = []
            let count = Int.random(in: 1...120, using: &random)
            for number in 0..<count {
                let x = Double(Int.random(in: -50...400, using: &random)), y = Double(Int.random(in: -50...800, using: &random))
                let width = Double(Int.random(in: 0...(number % 10 == 0 ? 2000 : 60), using: &random))
                let height = Double(Int.random(in: 0...(number % 10 == 0 ? 2000 : 60), using: &random))
                let hidden = Int.random(in: 0..<8, using: &random) == 0 ? " hidden" : ""
                let labels = Int.random(in: 0..<6, using: &random) == 0 ? " labels=e\(Int.random(in: 0..<count, using: &random))" : ""
                let frame = Int.random(in: 0..<10, using: &random) == 0 ? "" : " frame=\(x),\(y),\(width),\(height)"
                lines.append("element e\(number) label=\"E\"\(frame)\(labels)\(hidden)")
            }
            // Touches between declarations too: appended elements and in-place updates keep the
            // index (`ScreenHitIndex.append`), the rest rebuild it.
            func touches(_ count: Int) {
                for _ in 0..<count {
                    let x = Double.random(in: -100...500, using: &random), y = Double.random(in: -100...900, using: &random)
                    let expected = scannedHit(in: engine.elements, atX: x, y: y)
                    #expect(engine.position(atX: x, y: y) == expected, "screen \(screen) at \(x),\(y)")
                }
            }
            var sink = EventCollector()
            for (number, line) in lines.enumerated() {
                guard let parsed = try? ScriptParser().parse(line: Array(line.utf8), number: number + 1) else { continue }
                _ = try? engine.run(parsed, into: &sink)
                if Int.random(in: 0..<4, using: &random) == 0 { touches(3) }
                if Int.random(in: 0..<6, using: &random) == 0, let again = lines.randomElement(using: &random),
                   let parsed = try? ScriptParser().parse(line: Array(again.replacingOccurrences(of: "label=\"E\"", with: "label=\"F\"").utf8), number: 1) {
                    _ = try? engine.run(parsed, into: &sink)
                }
            }
            touches(200)
        }
    }

    @Test("An unknown id a megabyte long is quoted short, and its suggestion search stays linear")
    func longUnknownID() throws {
        var session = try Session()
        let script = (0..<2_000).map { "element e\($0) label=\"E\"\n" }.joined() + "focus " + String(repeating: "y", count: 1_000_000) + "\n"
        do {
            try session.feedScript(Array(script.utf8))
            Issue.record("an unknown id was accepted")
        } catch {
            #expect(error.message.count < 200, "\(error.message.prefix(100))")
            #expect(error.message.contains("yyyy…'"))
        }
        #expect(Engine.excerpt("e\u{301}" + String(repeating: "🇵🇱", count: 70)).count == 65)
    }

    @Test("A long keys line streams its events: none are held in the engine until it ends")
    func eventsStream() throws {
        var session = try Session()
        let script = "field f kind=text label=\"F\"\nfocus f\ndouble-tap\nkeys \"\(String(repeating: "hello world, ", count: 1_000))\"\n"
        try session.feedScript(Array(script.utf8))
        #expect(session.log.events.count > 30_000)
        // Held events would have grown the outbox (it keeps its capacity when drained).
        #expect(session.engine.outbox.capacity == 0)
    }

    @Test("A declared field opens no break iterator until it is edited or moved in")
    func idleFieldsAreCheap() throws {
        var session = try Session()
        let script = (0..<200).map { "field f\($0) kind=text label=\"Field \($0)\" value=\"hello\"\n" }.joined() + "focus f3\ndouble-tap\nkeys \"e\u{301}\"\nkey option-left\n"
        try session.feedScript(Array(script.utf8))
        // (Latin text below U+0300 needs no iterator at all, nor does a combining mark typed
        // after it, which resumes the character rules; a word move does.)
        let open = session.engine.elements.filter { $0.field?.buffer.storage.hasOpenIterators == true }.map(\.id)
        #expect(open == ["f3"])
    }
}

