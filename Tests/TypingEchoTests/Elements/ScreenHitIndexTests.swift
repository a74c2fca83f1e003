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
                    var expected: (index: Int, area: Double)?
                    for index in engine.elements.indices where !engine.elements[index].isHidden {
                        guard let hit = engine.hitFrame(of: index), hit.contains(x: x, y: y) else { continue }
                        let area = hit.width * hit.height
                        if expected == nil || area < expected!.area { expected = (index, area) }
                    }
                    #expect(engine.element(atX: x, y: y) == expected?.index, "screen \(screen) at \(x),\(y)")
                }
            }
            for number in 0..<count { run(line(number)) }
            for _ in 0..<(4 * count) {
                run(line(Int.random(in: 0..<count, using: &random)))  // a new frame, hidden or not
                touches(2)
            }
        }
    }
}
