import Testing
@testable import TypingEcho
import TypingEchoTesting

@Suite("Hit index updates")
struct ScreenHitIndexTests {
    @Test("Frames moved, hidden and shown between touches: the kept index answers as a scan does")
    func movedFramesMatchScan() throws {
        var random = SeededGenerator(seed: 0x5EED_0512)
        for screen in 0..<30 {
            var engine = try Engine()
            var sink = EventCollector()
            let count = Int.random(in: 2...80, using: &random)
            func frame() -> String {
                let x = Int.random(in: -20...300, using: &random), y = Int.random(in: -20...600, using: &random)
                let big = Int.random(in: 0..<10, using: &random) == 0
                return "\(x),\(y),\(Int.random(in: 0...(big ? 900 : 50), using: &random)),\(Int.random(in: 0...(big ? 900 : 50), using: &random))"
            }
            var labelOf: [Int: Int] = [:]
            for number in 0..<count where Int.random(in: 0..<8, using: &random) == 0 { labelOf[number] = Int.random(in: 0..<count, using: &random) }
            func line(_ number: Int) -> String {
                let labels = labelOf[number].map { " labels=e\($0)" } ?? ""
                let hidden = Int.random(in: 0..<6, using: &random) == 0 ? " hidden" : ""
                let framed = Int.random(in: 0..<12, using: &random) == 0 ? "" : " frame=\(frame())"
                return "element e\(number) label=\"E\"\(framed)\(labels)\(hidden)"
            }
            func run(_ text: String) {
                if let parsed = try? ScriptParser().parse(line: Array(text.utf8), number: 1) { _ = try? engine.run(parsed, into: &sink) }
            }
            func touches(_ times: Int) {
                for _ in 0..<times {
                    let x = Double.random(in: -50...400, using: &random), y = Double.random(in: -50...700, using: &random)
                    let expected = scannedHit(in: engine.elements, atX: x, y: y)
                    #expect(engine.position(atX: x, y: y) == expected, "screen \(screen) at \(x),\(y)")
                }
            }
            for number in 0..<count { run(line(number)) }
            for _ in 0..<(4 * count) {
                run(line(Int.random(in: 0..<count, using: &random)))  // a new frame, hidden or not
                touches(2)
            }
        }
    }

    @Test("Many large overlapping frames, re-declared between touches: a touch checks a few frames and answers as a scan does")
    func largeOverlappingFrames() throws {
        var random = SeededGenerator(seed: 0x0BE5_1A9E)
        var engine = try Engine()
        var sink = EventCollector()
        func run(_ text: String) {
            if let parsed = try? ScriptParser().parse(line: Array(text.utf8), number: 1) { _ = try? engine.run(parsed, into: &sink) }
        }
        // 3,000 frames, nearly all at least a third of the screen and overlapping, a few small.
        let count = 3_000
        func frame() -> String {
            if Int.random(in: 0..<20, using: &random) == 0 {
                return "\(Int.random(in: 0...900, using: &random)),\(Int.random(in: 0...900, using: &random)),10,10"
            }
            let width = Int.random(in: 300...1000, using: &random), height = Int.random(in: 300...1000, using: &random)
            return "\(Int.random(in: 0...(1000 - width), using: &random)),\(Int.random(in: 0...(1000 - height), using: &random)),\(width),\(height)"
        }
        for number in 0..<count { run("element e\(number) label=\"E\" frame=\(frame())") }
        var mostChecked = 0, totalChecked = 0
        // A fresh index for counting the frames a touch checks, built again only when a frame changed.
        var index = ScreenHitIndex(engine.elements)
        for round in 0..<100 {
            if round % 2 == 1 {
                run("element e\(Int.random(in: 0..<count, using: &random)) label=\"E\" frame=\(frame())")
                index = ScreenHitIndex(engine.elements)
            }
            let x = Double.random(in: 0...1000, using: &random), y = Double.random(in: 0...1000, using: &random)
            var expected: (index: Int, area: Double)?
            // No labels here, so each hit frame is the element's frame.
            for position in engine.elements.indices {
                guard let hit = engine.elements[position].frame, hit.contains(x: x, y: y) else { continue }
                let area = hit.width * hit.height
                if expected == nil || area < expected!.area { expected = (position, area) }
            }
            let (found, checked) = index.framesChecked(atX: x, y: y)
            #expect(found == expected?.index, "at \(x),\(y)")
            #expect(engine.position(atX: x, y: y) == expected?.index, "the engine's kept index at \(x),\(y)")
            mostChecked = max(mostChecked, checked)
            totalChecked += checked
        }
        // A scan checks all 3,000; the levels' cells stop at the first frame that holds the point
        // (a point few frames hold passes those crossing its cells).
        #expect(totalChecked <= 100 * 60 && mostChecked <= 600, "touches checked \(totalChecked / 100) frames on average, \(mostChecked) at most")
    }

    @Test("Frames moved outside the grid, one after another, then touched: answers as a scan does, and a touch checks a few frames")
    func framesMovedOutsideTheGrid() throws {
        var engine = try Engine()
        var sink = EventCollector()
        func run(_ text: String) {
            if let parsed = try? ScriptParser().parse(line: Array(text.utf8), number: 1) { _ = try? engine.run(parsed, into: &sink) }
        }
        // 2,000 small frames on a 600 × 600 grid, then each moved past the grid's right edge,
        // further out each time (and a tenth of them far below), touched after each move.
        let count = 2_000
        for number in 0..<count { run("element e\(number) label=\"E\" frame=\((number % 50) * 12),\((number / 50) * 15),10,10") }
        var mostChecked = 0
        for number in 0..<count {
            let x = 1_000 + number * 20, y = number % 10 == 0 ? 100_000 + number : (number / 50) * 15
            run("element e\(number) label=\"E\" frame=\(x),\(y),10,10")
            #expect(engine.position(atX: Double(x) + 5, y: Double(y) + 5) == number, "element \(number) moved to \(x),\(y)")
            // The old place of the one just moved: nothing there now.
            #expect(engine.position(atX: Double((number % 50) * 12) + 5, y: Double((number / 50) * 15) + 5) == nil)
            mostChecked = max(mostChecked, engine.screen.hitFramesChecked(atX: Double(x) + 5, y: Double(y) + 5))
        }
        // Without the rebuild every moved frame stays in the list each touch checks (2,000).
        #expect(mostChecked <= 200, "a touch checked \(mostChecked) frames")
    }

    @Test("Frames with an edge beyond 1e300, among near ones and re-declared between touches: answers as a scan does")
    func farFramesMatchScan() throws {
        var random = SeededGenerator(seed: 0xFA2_F2A3E)
        // `k` times 10^300 as a script writes it (no exponents), and the same as a touch's Double.
        func far(_ k: Int) -> String { k == 0 ? "0" : "\(k)" + String(repeating: "0", count: 300) }
        let huge = "17" + String(repeating: "0", count: 307)  // 1.7e308: its far edge passes the largest Double
        for screen in 0..<30 {
            var engine = try Engine()
            var sink = EventCollector()
            let count = Int.random(in: 2...80, using: &random)
            func frame() -> String {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3: return "\(Int.random(in: -20...300, using: &random)),\(Int.random(in: -20...600, using: &random)),10,10"
                case 3: return "\(huge),\(far(Int.random(in: 0...9, using: &random))),\(huge),\(far(Int.random(in: 0...50, using: &random)))"
                case 4: return "-\(huge),0,\(huge),\(far(Int.random(in: 1...600, using: &random)))"
                default:
                    return "\(far(Int.random(in: -20...300, using: &random))),\(far(Int.random(in: -20...600, using: &random))),"
                        + "\(far(Int.random(in: 0...60, using: &random))),\(far(Int.random(in: 0...60, using: &random)))"
                }
            }
            func run(_ text: String) {
                if let parsed = try? ScriptParser().parse(line: Array(text.utf8), number: 1) { _ = try? engine.run(parsed, into: &sink) }
            }
            func touches(_ times: Int) {
                for _ in 0..<times {
                    var x = Double.random(in: -50...400, using: &random), y = Double.random(in: -50...700, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: break
                    case 1: (x, y) = (1.7e308 + x * 1e292, y * 1e300)
                    default: (x, y) = (x * 1e300, y * 1e300)
                    }
                    let expected = scannedHit(in: engine.elements, atX: x, y: y)
                    #expect(engine.position(atX: x, y: y) == expected, "screen \(screen) at \(x),\(y)")
                }
            }
            for number in 0..<count { run("element e\(number) label=\"E\" frame=\(frame())") }
            touches(20)
            for _ in 0..<(2 * count) {
                run("element e\(Int.random(in: 0..<count, using: &random)) label=\"E\" frame=\(frame())")
                touches(2)
            }
        }
    }

    @Test("Touches among 4,000 frames beyond 1e300 look at a few frames each, not all of them")
    func farFramesAreGridded() throws {
        var engine = try Engine()
        var sink = EventCollector()
        let zeros = String(repeating: "0", count: 300)
        for number in 0..<4_000 {
            let line = "element e\(number) label=\"E\" frame=\((number % 64) * 12)\(zeros),\((number / 64) * 12)\(zeros),10\(zeros),10\(zeros)"
            _ = try engine.run(try #require(try ScriptParser().parse(line: Array(line.utf8), number: 1)), into: &sink)
        }
        var mostChecked = 0
        for number in stride(from: 0, to: 4_000, by: 7) {
            let x = Double((number % 64) * 12 + 5) * 1e300, y = Double((number / 64) * 12 + 5) * 1e300
            #expect(engine.position(atX: x, y: y) == number)
            mostChecked = max(mostChecked, engine.screen.hitFramesChecked(atX: x, y: y))
        }
        // They used to be checked one by one on every touch (4,000).
        #expect(mostChecked <= 20, "a touch checked \(mostChecked) frames")
    }
}
