import Foundation
import Testing
import TypingEchoTesting

/// The guides name every type their readers touch: every type that appears in a public
/// declaration of `Session` or in the event stream's files is named (in backticks) in
/// docs/embedding.md, and every public type of TypingEchoTesting in docs/property-testing.md.
/// The types are found by scanning the sources, so a new public type fails here until its
/// guide says what it is.
@Suite("The guides name every public type a simulator or a test author touches")
struct PublicTypeDocCoverageTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        let names = try FileManager.default.subpathsOfDirectory(atPath: base.path)
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map { try text("\(folder)/\($0)") }
    }

    /// The names declared `public struct|enum|class|protocol|typealias|actor NAME` at any depth.
    static func declaredTypes(in sources: [String]) -> Set<String> {
        let declaration = /^\s*public\s+(?:final\s+|indirect\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9]*)/
        var names: Set<String> = []
        for source in sources {
            for line in source.split(separator: "\n") {
                if let match = line.firstMatch(of: declaration) { names.insert(String(match.output.1)) }
            }
        }
        return names
    }

    /// The capitalised words of every line that starts with `public` (signatures).
    static func namesInPublicSignatures(of sources: [String]) -> Set<String> {
        let word = /\b[A-Z][A-Za-z0-9]*\b/
        var names: Set<String> = []
        for source in sources {
            for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("public ") {
                for match in line.matches(of: word) { names.insert(String(match.output)) }
            }
        }
        return names
    }

    /// The capitalised words of every public declaration, read whole: from `public` to its
    /// body's `{` or, for a declaration without one, to the end of its line, across the lines
    /// of a parameter list (a `declareField(` whose parameters are on the next lines).
    static func namesInPublicDeclarations(of sources: [String]) -> Set<String> {
        let word = /\b[A-Z][A-Za-z0-9]*\b/
        var names: Set<String> = []
        for source in sources {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("public ") else { continue }
                var depth = 0
                var text = ""
                reading: while index < lines.count {
                    let code = lines[index].components(separatedBy: "//")[0]
                    for character in code {
                        switch character {
                        case "(", "[": depth += 1
                        case ")", "]": depth -= 1
                        case "{" where depth == 0: break reading
                        default: break
                        }
                        text.append(character)
                    }
                    if depth <= 0 { break }
                    text.append(" ")
                    index += 1
                }
                for match in text.matches(of: word) { names.insert(String(match.output)) }
            }
        }
        return names
    }

    /// The case names of `public enum NAME` in `sources` (`case a, b` and `case a = "x"` alike).
    static func cases(of name: String, in sources: [String]) -> [String] {
        for source in sources {
            guard let start = source.range(of: "public enum \(name):") else { continue }
            var depth = 0
            var cases: [String] = []
            for line in source[start.lowerBound...].split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if depth == 1, code.hasPrefix("case ") {
                    for part in code.dropFirst(5).split(separator: ",") {
                        let name = part.split(separator: "=")[0].split(separator: "(")[0]
                        cases.append(name.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: ""))
                    }
                }
                depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                if depth == 0 && !cases.isEmpty { break }
            }
            return cases
        }
        return []
    }

    @Test("docs/embedding.md's compiled examples name every type of Session's and Settings's public declarations, and every case of Expectation and HardwareKey")
    func embeddingExamples() throws {
        let engineTypes = Self.declaredTypes(in: try Self.swiftFiles(under: "Sources/TypingEcho"))
        let session = try Self.swiftFiles(under: "Sources/TypingEcho/Session")
        let settings = try ["Settings.swift", "Settings+Script.swift", "SettingsInForce.swift"].map { try Self.text("Sources/TypingEcho/Engine/\($0)") }
        let touched = Self.namesInPublicDeclarations(of: session + settings).intersection(engineTypes)
        // The scan reads parameter lists across lines and the settings' types.
        #expect(touched.isSuperset(of: ["Session", "Settings", "FieldKind", "ScreenReader", "CapitalStyle", "HardwareKey", "Expectation"]))
        let guide = try Self.text("docs/embedding.md")
        let examples = DocExamples.codeBlocks(in: guide).joined().joined(separator: "\n")
        let missing = touched.filter { type in examples.firstMatch(of: try! Regex("\\b\(type)\\b").wordBoundaryKind(.simple)) == nil }.sorted()
        #expect(missing.isEmpty, "no swift example of docs/embedding.md names \(missing)")
        let sources = try Self.swiftFiles(under: "Sources/TypingEcho")
        for type in ["Expectation", "HardwareKey"] {
            let cases = Self.cases(of: type, in: sources)
            #expect(cases.count > 5, "\(type): \(cases)")
            let unnamed = cases.filter { examples.firstMatch(of: try! Regex("\\.\($0)\\b").wordBoundaryKind(.simple)) == nil }
            #expect(unnamed.isEmpty, "no swift example of docs/embedding.md names \(type).\(unnamed)")
        }
        #expect(examples.contains("Settings(reader:") && examples.contains(".required = true"))
    }

    static func named(_ type: String, in guide: String) -> Bool {
        guide.contains("`\(type)`") || guide.contains("`\(type)<") || guide.contains("`\(type).")
            || guide.contains("`\(type)(") || guide.contains(".\(type)`") || guide.contains(".\(type)(")
    }

    @Test("docs/embedding.md names every type of Session's public signatures and of the event stream")
    func embeddingGuide() throws {
        let engineTypes = Self.declaredTypes(in: try Self.swiftFiles(under: "Sources/TypingEcho"))
        #expect(engineTypes.count > 100)
        let session = try Self.swiftFiles(under: "Sources/TypingEcho/Session")
        let events = try Self.swiftFiles(under: "Sources/TypingEcho/Events")
        let touched = Self.namesInPublicSignatures(of: session).intersection(engineTypes)
            .union(Self.declaredTypes(in: events))
        #expect(touched.isSuperset(of: ["Session", "EventCollector", "ScreenSnapshot", "FieldDeclaration", "Event"]))
        let guide = try Self.text("docs/embedding.md")
        let missing = touched.filter { !Self.named($0, in: guide) }.sorted()
        #expect(missing.isEmpty, "docs/embedding.md does not name \(missing)")
    }

    @Test("docs/property-testing.md names every public type of TypingEchoTesting")
    func propertyTestingGuide() throws {
        let kitTypes = Self.declaredTypes(in: try Self.swiftFiles(under: "Sources/TypingEchoTesting"))
        #expect(kitTypes.isSuperset(of: ["Gen", "LeakCheck", "StateMachine", "PropertyFailure"]))
        let guide = try Self.text("docs/property-testing.md")
        let missing = kitTypes.filter { !Self.named($0, in: guide) }.sorted()
        #expect(missing.isEmpty, "docs/property-testing.md does not name \(missing)")
    }

    @Test("The check finds a type a guide does not name")
    func checkCanFail() {
        let types = Self.declaredTypes(in: ["public struct Named {}\n    public enum Unnamed { }\n"])
        #expect(types == ["Named", "Unnamed"])
        #expect(types.filter { !Self.named($0, in: "`Named` is one") } == ["Unnamed"])
        #expect(Self.named("Unnamed", in: "`Outer.Unnamed`") && !Self.named("Unnamed", in: "`Unnamed2`"))
        // A parameter list over several lines is read to its end; a body is not.
        let declaration = "    public func f(\n        a: Alpha,\n        b: Beta\n    ) -> Gamma {\n        Delta()\n    }\n"
        #expect(Self.namesInPublicDeclarations(of: [declaration]) == ["Alpha", "Beta", "Gamma"])
        #expect(Self.cases(of: "E", in: ["public enum E: String {\n    case a, b = \"x\"\n    case `return`\n    func f() {}\n}\n"]) == ["a", "b", "return"])
    }
}
