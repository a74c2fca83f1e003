import Testing
@testable import TypingEcho

@Suite("A user's own alphabet loaded at run time")
struct UserPhoneticsTests {
    /// The English file with some lines changed.
    static func english(_ edits: [String: String?]) throws -> [UInt8] {
        let bytes = try #require(BundledData.phoneticsFile("en"))
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (line, replacement) in edits {
            let index = try #require(lines.firstIndex(of: line))
            if let replacement { lines[index] = replacement } else { lines.remove(at: index) }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test("the API replaces phonetic words, names and the capital word, and survives a locale change")
    func apiUsesTheAlphabet() throws {
        let bytes = try Self.english(["a = Alfa": "a = Apple", "capital = capital": "capital = big", "@ = at sign": "@ = strudel"])
        let alphabet = try PhoneticAlphabet.load(named: "mine.txt", utf8: bytes)
        let speech = try spoken("""
            field f kind=text label="Name" value="A@"
            focus f
            double-tap
            key home
            key right
            wait 2
            settings locale=pl-PL
            key right
            """, phonetics: alphabet)
        #expect(speech.filter { $0.role == .cursor || $0.role == .phonetic }.map(\.text) == ["big A", "Apple", "strudel"])
    }

    @Test("Engine.usePhonetics(nil) goes back to the built-in alphabet")
    func resetAlphabet() throws {
        var engine = try Engine()
        engine.usePhonetics(try PhoneticAlphabet.load(named: "mine.txt", utf8: Self.english(["m = Mike": "m = Mango"])))
        #expect(engine.phrasebook.phoneticWord(for: "m") == "Mango")
        engine.usePhonetics(nil)
        #expect(engine.phrasebook.phoneticWord(for: "m") == "Mike")
    }

    @Test("every problem is reported as FILE:LINE: error:, format and coverage together")
    func problemsPointAtLines() throws {
        let bytes = try Self.english(["z = Zulu": nil, "b = Bravo": "b =", "c = Charlie": "c = Charlie\nc = Cat"])
        let error = try #require(throws: PhoneticsError.self) { try PhoneticAlphabet.load(named: "mine.txt", utf8: bytes) }
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("mine.txt:") && $0.contains(": error: ") })
        #expect(lines[0].contains("'b', 'z'"))
        #expect(lines[1].contains("empty value"))
        #expect(lines[2].contains("duplicate key 'c' in [letters] (first on line"))
    }

    @Test("a file that is not UTF-8 is refused at line 1")
    func notUTF8() {
        #expect(throws: PhoneticsError.self) { try PhoneticAlphabet.load(named: "x.txt", utf8: [0x61, 0xFF, 0x0A]) }
    }
}
