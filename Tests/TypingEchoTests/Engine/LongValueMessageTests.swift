import Testing
@testable import TypingEcho

/// Errors about a setting's value, an element id or a trait name repeat at most 40
/// characters of it, as the parser's own errors do (docs/hostile-input.md).
@Suite("Long words in engine and setting errors")
struct LongValueMessageTests {
    static let long = String(repeating: "x", count: 5_000)

    @Test("each error repeats a short prefix with an ellipsis, never the whole word", arguments: [
        "settings locale=\(long)", "settings rate=\(long)", "settings capitals=\(long)",
        "settings cadence=\(long)", "settings key-cadence=\(long)", "element b label=\"B\" traits=\(long)",
    ])
    func cut(line: String) throws {
        let result = replay(line + "\n", expecting: .stopsWithError)
        let error = try #require(result.errorLine)
        #expect(error.contains(String(repeating: "x", count: 40) + "…"), "\(error.prefix(200))")
        #expect(!error.contains(String(repeating: "x", count: 41)))
    }
}
