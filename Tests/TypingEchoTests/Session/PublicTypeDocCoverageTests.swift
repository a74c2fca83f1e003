import Foundation
import Testing

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
    }
}
