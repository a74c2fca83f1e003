import Testing
@testable import TypingEcho
import TypingEchoTesting

@Suite("Screen navigation indexes")
struct ScreenNavigationTests {
    @Test("Swipes, fields and Tab, through their indexes, answer as a walk over every element does")
    func indexMatchesWalk() throws {
        var random = SeededGenerator(seed: 0x5EED_0909)
        for _ in 0..<40 {
            var engine = try Engine()
            var sink = EventCollector()
            let count = Int.random(in: 1...150, using: &random)
            func declare(_ number: Int) {
                let hidden = Int.random(in: 0..<3, using: &random) == 0 ? " hidden" : ""
                let traits = ["", " kind=button", " kind=link", " traits=button,notEnabled"][Int.random(in: 0..<4, using: &random)]
                let line = Int.random(in: 0..<3, using: &random) == 0
                    ? "field f\(number) kind=text label=\"F\"\(hidden)\(Int.random(in: 0..<5, using: &random) == 0 ? " disabled" : "")"
                    : "element e\(number) label=\"E\"\(hidden)\(traits)"
                if let parsed = try? ScriptParser().parse(line: Array(line.utf8), number: 1) { _ = try? engine.run(parsed, into: &sink) }
            }
            for number in 0..<count { declare(number) }
            for _ in 0..<count { declare(Int.random(in: 0..<count, using: &random)) }
            // Removals leave tombstones behind (compacted once they outnumber the rest): the
            // answers skip them as the walk over what is left does.
            for _ in 0..<Int.random(in: 0...count, using: &random) {
                let number = Int.random(in: 0..<count, using: &random)
                for id in ["f\(number)", "e\(number)"] {
                    if let parsed = try? ScriptParser().parse(line: Array("remove \(id)".utf8), number: 1) { _ = try? engine.run(parsed, into: &sink) }
                }
            }
            let elements = engine.elements
            for position in [nil] + elements.indices.map(Optional.some) {
                for step in [1, -1] {
                    var walk = (position ?? (step > 0 ? -1 : elements.count)) + step
                    while elements.indices.contains(walk) && elements[walk].isHidden { walk += step }
                    #expect(engine.position(of: engine.screen.neighbour(of: engine.identity(at: position), forward: step > 0)) == (elements.indices.contains(walk) ? walk : nil))
                }
                func isField(_ index: Int) -> Bool { !elements[index].isHidden && elements[index].field.map { !$0.isDisabled } == true }
                func takesFocus(_ index: Int) -> Bool {
                    let element = elements[index]
                    guard !element.isHidden else { return false }
                    if let field = element.field { return !field.isDisabled }
                    return !element.traits.isDisjoint(with: [.button, .link]) && !element.traits.contains(.notEnabled)
                }
                if let position {
                    let identity = try #require(engine.identity(at: position))
                    let next = elements.indices.first { $0 > position && isField($0) }
                    let previous = elements.indices.last { $0 < position && isField($0) }
                    #expect(engine.position(of: engine.screen.nearestField(from: identity, forward: true)) == next)
                    #expect(engine.position(of: engine.screen.nearestField(from: identity, forward: false)) == previous)
                }
                // Tab's walk: the next element that takes keyboard focus, round the ends.
                let order = elements.indices.filter(takesFocus)
                let after = order.first { $0 > (position ?? -1) } ?? order.first
                let before = order.last { $0 < (position ?? elements.count) } ?? order.last
                #expect(engine.position(of: engine.screen.nextFocusable(from: engine.identity(at: position), forward: true)) == after)
                #expect(engine.position(of: engine.screen.nextFocusable(from: engine.identity(at: position), forward: false)) == before)
            }
        }
    }
}
