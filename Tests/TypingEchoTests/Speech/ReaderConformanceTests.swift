import Foundation
import Testing
@testable import TypingEcho

/// The readers' own tests, as data: every case of `Conformance/readers/<reader>.cases` (the
/// format is that folder's README) is replayed in process and what the model says is compared
/// with what the reader's test, code or strings say it says. A case that fails is a test
/// failure unless the file lists it as a known difference, with its reason; a known difference
/// that passes fails too, so that the list stays true. docs/screen-readers.md lists every known
/// difference and every case that cannot be expressed.
@Suite("Reader conformance")
struct ReaderConformanceTests {
    /// The readers with a cases file, in the order figures are printed.
    static let files = ["voiceover", "talkback", "nvda", "chromevox", "orca"]

    @Test("Every case passes or is listed as a known difference", arguments: files)
    func conformance(file: String) throws {
        let path = Repository.path("Conformance/readers/\(file).cases")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cases = try ConformanceCase.parse(text, file: "\(file).cases")
        #expect(!cases.isEmpty, "\(file).cases has no case")
        var passed = 0
        var expressible = 0
        for item in cases where item.cannotExpress == nil {
            expressible += 1
            let heard = try Self.heard(item)
            let agrees = item.agrees(with: heard)
            if agrees { passed += 1 }
            if let reason = item.knownDifference {
                #expect(!agrees, "\(item.name) (\(item.location)) is listed as a known difference (\(reason)) but now passes: take it off the list")
            } else {
                #expect(agrees, "\(item.name) (\(item.location)): expected \(item.describedExpectation), heard \(heard)")
            }
        }
        if ProcessInfo.processInfo.environment["TYPING_ECHO_FIGURES"] == "1" {
            let rate = expressible == 0 ? 0 : Double(passed) * 100 / Double(expressible)
            print("reader conformance \(file): \(cases.count) mined, \(expressible) expressible, \(passed) pass (\(String(format: "%.1f", rate)) %)")
        }
    }

    @Test("The cases files name a source for every case, and no name twice")
    func sources() throws {
        var names: Set<String> = []
        for file in Self.files {
            let text = try String(contentsOfFile: Repository.path("Conformance/readers/\(file).cases"), encoding: .utf8)
            for item in try ConformanceCase.parse(text, file: "\(file).cases") {
                #expect(!item.source.isEmpty, "\(item.name) has no source")
                #expect(item.cannotExpress != nil || !item.actions.isEmpty, "\(item.name) has no `do` line")
                #expect(names.insert(item.name).inserted, "\(item.name) appears twice")
            }
        }
    }

    /// What the model says for a case's `do` lines, after its `given` lines, in order.
    static func heard(_ item: ConformanceCase) throws -> [String] {
        var session = try Session()
        try session.feedScript(Array((item.given.joined(separator: "\n") + "\n").utf8))
        session.log = EventCollector()
        try session.feedScript(Array((item.actions.joined(separator: "\n") + "\n").utf8))
        return session.log.events.compactMap { event in
            if case .speak(let utterance) = event.event { utterance.text } else { nil }
        }
    }
}

/// One case of a cases file.
struct ConformanceCase {
    /// One utterance expected.
    enum Heard: Equatable {
        /// These words (compared with runs of white space as one space, ends trimmed).
        case words(String)
        /// One character as the reader hands it to its speech engine, whose name for it the
        /// test does not assert: the model's name for it in the case's wording.
        case character(Character)
    }

    var name: String
    var line: Int
    var file: String
    var source = ""
    var evidence = ""
    var given: [String] = []
    var actions: [String] = []
    var expected: [Heard] = []
    /// For each expected utterance: whether it is said as VoiceOver says it for want of a source
    /// (`hear fallback "…"`), and whether it cuts (`hear cuts "…"`) or waits (`hear queues "…"`)
    /// what is being said, nil where the case does not say. The reader-conformance suite
    /// compares words only; the real-screen states suite compares these too.
    var fallbacks: [Bool] = []
    var turns: [Bool?] = []
    var expectsNothing = false
    var knownDifference: String?
    var cannotExpress: String?
    /// Whether words are compared without letter case, periods, colons and commas (`match words`).
    var matchWords = false

    var location: String { "\(file):\(line)" }

    var describedExpectation: String {
        expectsNothing ? "nothing" : "\(expected.map { heard -> String in switch heard { case .words(let text): text; case .character(let character): "char \(character)" } })"
    }

    /// Whether the model's utterances are the expected ones.
    func agrees(with heard: [String]) -> Bool {
        let normalised = { (text: String) in matchWords ? Self.words(text) : Self.normalised(text) }
        let spoken = heard.map(normalised).filter { !$0.isEmpty }
        if expectsNothing { return spoken.isEmpty }
        guard spoken.count == expected.count else { return false }
        let names = try? Phrasebook(locale: "en-US", wording: wording)
        return zip(spoken, expected).allSatisfy { said, wanted in
            switch wanted {
            case .words(let text):
                // Two spaces join the parts of one speech sequence in NVDA's tests (SPEECH_SEP);
                // the model joins an announcement's parts with its list separator.
                let parts = text.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                return said == normalised(text) || (parts.count > 1 && said == normalised(parts.joined(separator: ", ")))
            case .character(let character):
                guard let names else { return false }
                return said == normalised(names.spokenName(of: character)) || said == String(character)
            }
        }
    }

    /// The wording the case's `settings reader=` line puts in force.
    var wording: ScreenReader {
        for line in given where line.hasPrefix("settings ") {
            for word in line.split(separator: " ") where word.hasPrefix("reader=") {
                if let reader = ScreenReader(rawValue: String(word.dropFirst(7))) { return reader }
            }
        }
        return .voiceover
    }

    /// The words alone: letter case, periods, colons and commas aside.
    static func words(_ text: String) -> String {
        normalised(text.lowercased().filter { $0 != "." && $0 != ":" && $0 != "," })
    }

    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A cases file's cases. Lines: `case NAME`, then indented `source`, `evidence`, `given`,
    /// `do`, `hear "TEXT"`, `hear char "C"`, `hear nothing`, `match words`, `known-difference REASON`,
    /// `cannot-express REASON`, `note TEXT`; `#` starts a comment line.
    static func parse(_ text: String, file: String) throws -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let (keyword, rest) = split(line)
            if keyword == "case" {
                cases.append(ConformanceCase(name: rest, line: index + 1, file: file))
                continue
            }
            guard !cases.isEmpty else { throw ConformanceFileError(file: file, line: index + 1, reason: "a line before the first `case`") }
            switch keyword {
            case "source": cases[cases.count - 1].source += (cases[cases.count - 1].source.isEmpty ? "" : " · ") + rest
            case "evidence": cases[cases.count - 1].evidence = rest
            case "given": cases[cases.count - 1].given.append(rest)
            case "do": cases[cases.count - 1].actions.append(rest)
            case "note": break
            case "match":
                guard rest == "words" else { throw ConformanceFileError(file: file, line: index + 1, reason: "`match` takes `words`") }
                cases[cases.count - 1].matchWords = true
            case "known-difference": cases[cases.count - 1].knownDifference = rest
            case "cannot-express": cases[cases.count - 1].cannotExpress = rest
            case "hear":
                var rest = rest
                var fallback = false
                var turn: Bool?
                while let word = rest.split(separator: " ", maxSplits: 1).first.map(String.init), ["fallback", "cuts", "queues"].contains(word) {
                    if word == "fallback" { fallback = true } else { turn = word == "cuts" }
                    rest = String(rest.dropFirst(word.count)).trimmingCharacters(in: .whitespaces)
                }
                if rest != "nothing" {
                    cases[cases.count - 1].fallbacks.append(fallback)
                    cases[cases.count - 1].turns.append(turn)
                }
                if rest == "nothing" {
                    cases[cases.count - 1].expectsNothing = true
                } else if rest.hasPrefix("char ") {
                    let value = try unquoted(String(rest.dropFirst(5)), file: file, line: index + 1)
                    guard value.count == 1, let character = value.first else {
                        throw ConformanceFileError(file: file, line: index + 1, reason: "`hear char` takes one character")
                    }
                    cases[cases.count - 1].expected.append(.character(character))
                } else {
                    cases[cases.count - 1].expected.append(.words(try unquoted(rest, file: file, line: index + 1)))
                }
            default:
                throw ConformanceFileError(file: file, line: index + 1, reason: "unknown keyword '\(keyword)'")
            }
        }
        return cases
    }

    private static func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(of: " ") else { return (line, "") }
        return (String(line[..<space]), line[line.index(after: space)...].trimmingCharacters(in: .whitespaces))
    }

    /// A quoted string with `\"`, `\\`, `\n` and `\u{…}` escapes.
    private static func unquoted(_ text: String, file: String, line: Int) throws -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            throw ConformanceFileError(file: file, line: line, reason: "expected a quoted string")
        }
        var result = ""
        var characters = Array(text.dropFirst().dropLast())[...]
        while let character = characters.popFirst() {
            guard character == "\\", let next = characters.popFirst() else { result.append(character); continue }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u":
                guard characters.popFirst() == "{", let close = characters.firstIndex(of: "}"),
                      let code = UInt32(String(characters[characters.startIndex..<close]), radix: 16),
                      let scalar = Unicode.Scalar(code) else {
                    throw ConformanceFileError(file: file, line: line, reason: "bad \\u{…} escape")
                }
                result.unicodeScalars.append(scalar)
                characters = characters[characters.index(after: close)...]
            default: result.append(next)
            }
        }
        return result
    }
}

/// A cases file that cannot be read.
struct ConformanceFileError: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var reason: String
    var description: String { "\(file):\(line): \(reason)" }
}
