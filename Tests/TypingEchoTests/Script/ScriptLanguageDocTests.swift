import Foundation
import Testing
@testable import TypingEcho

/// Keeps `docs/script-language.md` (what `typing-echo help script` prints) complete and true:
/// every word the parser and the engine accept is named in it, every command has an example,
/// every example runs and its expectations hold, and the settings' defaults are the engine's.
@Suite("The script language reference")
struct ScriptLanguageDocTests {
    static let document: String = {
        (try? String(contentsOfFile: Repository.path("docs/script-language.md"), encoding: .utf8)) ?? ""
    }()

    /// The text of every inline code span outside fenced blocks (`settings KEY=VALUE`).
    static var codeSpans: [String] {
        var prose: [Substring] = []
        var fenced = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if !fenced { prose.append(line) }
        }
        let pieces = prose.joined(separator: "\n").split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: pieces.count, by: 2).map { String(pieces[$0]) }
    }

    /// The words of the code spans: runs of letters, digits and hyphens (`option-left`, `0x9`).
    static var namedWords: Set<String> {
        var words: Set<String> = []
        for span in codeSpans {
            var word = ""
            for character in span {
                if character.isLetter || character.isNumber || character == "-" {
                    word.append(character)
                } else {
                    if !word.isEmpty { words.insert(word) }
                    word = ""
                }
            }
            if !word.isEmpty { words.insert(word) }
        }
        return words
    }

    /// The blocks fenced as ```replay: complete example scripts.
    static var examples: [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```replay" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Each example line's words after any `@S`, comments left out.
    static var exampleLines: [[String]] {
        examples.flatMap { $0.split(separator: "\n") }.compactMap { line in
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var words = code.split(separator: " ").map(String.init)
            if words.first?.hasPrefix("@") == true { words.removeFirst() }
            return words.isEmpty ? nil : words
        }
    }

    static var vocabulary: [(what: String, names: [String])] {
        [
            ("command", ScriptLanguage.commands), ("expectation", ScriptLanguage.expectations),
            ("field attribute", ScriptLanguage.fieldAttributes), ("field flag", ScriptLanguage.fieldFlags),
            ("element attribute", ScriptLanguage.elementAttributes), ("element flag", ScriptLanguage.elementFlags),
            ("setting", ScriptLanguage.settings), ("key name", ScriptLanguage.keyNames),
            ("lint rule", LintRule.allCases.map(\.rawValue)),
        ] + ScriptLanguage.valueSets.map { ("value of \($0.what)", $0.values) }
    }

    @Test("the library's reference is the file")
    func embedded() {
        #expect(!Self.document.isEmpty)
        #expect(ScriptLanguage.reference == Self.document)
    }

    @Test("every command, attribute, flag, setting, value, key name and lint rule is named in a code span")
    func everyWordNamed() {
        let named = Self.namedWords
        for (what, names) in Self.vocabulary {
            #expect(!names.isEmpty, "no \(what)s")
            for name in names {
                #expect(named.contains(name), "docs/script-language.md does not name the \(what) `\(name)`")
            }
        }
    }

    @Test("every command and every expectation has an example")
    func everyCommandHasAnExample() {
        let lines = Self.exampleLines
        for command in ScriptLanguage.commands {
            #expect(lines.contains { $0.first == command }, "no example uses the command `\(command)`")
        }
        for form in ScriptLanguage.expectations {
            #expect(lines.contains { $0.count > 1 && $0[0] == "expect" && $0[1] == form }, "no example uses `expect \(form)`")
        }
        #expect(lines.contains { $0.count > 1 && $0[0] == "focus" && $0[1].hasPrefix("key:") }, "no example uses `focus key:NAME`")
        #expect(Self.examples.contains { $0.contains("\n@") || $0.hasPrefix("@") }, "no example uses `@S`")
    }

    @Test("every example runs, and its expectations hold")
    func examplesRun() throws {
        #expect(Self.examples.count >= 15)
        for (number, example) in Self.examples.enumerated() {
            let result = replay(example)
            #expect(result.error == nil, "example \(number + 1): \(result.errorLine ?? "")\n\(example)")
            #expect(result.failures.isEmpty, "example \(number + 1): \(result.failures)\n\(example)")
            #expect(example.contains("expect "), "example \(number + 1) checks nothing:\n\(example)")
        }
    }

    @Test("the settings table gives every setting with the engine's default")
    func settingDefaults() throws {
        let defaults = Settings()
        let rows = Self.document.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for key in ScriptLanguage.settings {
            let row = try #require(rows.first { $0.hasPrefix("| `\(key)` |") }, "no row for the setting `\(key)`")
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let documented = cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let actual = try #require(defaults.scriptValue(for: key))
            if let number = Double(actual) {
                #expect(Double(documented) == number, "`\(key)`: the table says \(documented), the engine \(actual)")
            } else {
                #expect(documented == actual, "`\(key)`: the table says \(documented), the engine \(actual)")
            }
        }
    }

    @Test("the exit codes listed are those the general help lists")
    func exitCodes() throws {
        let section = try #require(Self.document.components(separatedBy: "## Errors and exit codes").last)
        let documented = Set(section.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("| `") else { return nil }
            return Int(line.dropFirst(3).prefix { $0.isNumber })
        })
        let help = try Tool.run(["--help"]).output
        let listed = try #require(help.components(separatedBy: "exit codes:").last)
        let codes = Set(listed.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) })
        #expect(!documented.isEmpty && documented == codes)
    }
}
