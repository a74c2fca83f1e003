import Foundation
import Testing

/// The engine's shape, checked on its source text so that it stays as docs/architecture.md
/// describes it: few stored properties, components that own their state, no force-unwrapped
/// fields, no sentinel locations, every `switch` over `Command` naming every command.
///
/// The checks read `Sources/` as text (no parser): a stored property is a `var` or `let` at the
/// type's top level without a body, and a switch is one over `Command` when its subject is a
/// command (`command`, `line.command`, `self` in `extension Command`) or its cases name a
/// command that no other enumeration has.
@Suite("The engine's structure")
struct EngineStructureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under `Sources/`, as (path from the package root, text).
    static let sources: [(path: String, text: String)] = {
        let folder = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)).map { ("Sources/" + path, $0) }
        }
    }()

    static func source(_ path: String) throws -> String {
        try #require(sources.first { $0.path == path }?.text, "\(path) is missing")
    }

    /// The names of the stored properties declared at the top level of `type`'s body in `text`
    /// (four spaces in): `var` or `let` lines without a getter.
    static func storedProperties(of type: String, in text: String) -> [(name: String, line: String)] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("struct \(type)") && $0.hasSuffix("{") }) else { return [] }
        var found: [(String, String)] = []
        for line in lines[(start + 1)...] {
            if line == "}" { break }
            guard line.hasPrefix("    "), !line.hasPrefix("     "), !line.contains("static ") else { continue }
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard let keyword = words.firstIndex(where: { $0 == "var" || $0 == "let" }), keyword + 1 < words.count else { continue }
            // A computed property's body starts before any initial value; a stored one has none.
            if let brace = line.firstIndex(of: "{"), line.range(of: " = ").map({ brace < $0.lowerBound }) ?? true { continue }
            let name = words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            found.append((String(name), line))
        }
        return found
    }

    @Test("Engine keeps at most 8 stored properties, all components; only Engine.swift assigns them")
    func engineProperties() throws {
        let properties = Self.storedProperties(of: "Engine", in: try Self.source("Sources/TypingEcho/Engine/Engine.swift"))
        #expect(properties.count <= 8, "\(properties.map(\.name))")
        #expect(properties.count >= 5, "the scan found \(properties.map(\.name)); is Engine still a struct in Engine.swift?")
        for (path, text) in Self.sources where path != "Sources/TypingEcho/Engine/Engine.swift" && text.contains("extension Engine") {
            for line in text.components(separatedBy: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                for property in properties.map(\.name) where code.hasPrefix(property + " = ") || code.hasPrefix("self.\(property) = ") {
                    Issue.record("\(path) assigns the engine's \(property): \(code)")
                }
            }
        }
    }

    /// The components and the file that owns each: every stored property is `private` or
    /// `private(set)`, so that file is the only one that writes it (the compiler enforces it,
    /// and no other file can read what is `private`).
    static let components = [
        ("Clock", "Sources/TypingEcho/Engine/Clock.swift"), ("Screen", "Sources/TypingEcho/Elements/Screen.swift"),
        ("Reader", "Sources/TypingEcho/Engine/Reader.swift"), ("Editor", "Sources/TypingEcho/Engine/Editor.swift"),
        ("Voice", "Sources/TypingEcho/Speech/Voice.swift"), ("Output", "Sources/TypingEcho/Engine/Output.swift"),
        ("OnScreenKeyboard", "Sources/TypingEcho/Keyboard/OnScreenKeyboard.swift"),
        ("SettingsInForce", "Sources/TypingEcho/Engine/SettingsInForce.swift"),
    ]

    @Test("Every component's stored state is private or private(set)", arguments: components.map(\.0))
    func componentsOwnTheirState(_ type: String) throws {
        let path = try #require(Self.components.first { $0.0 == type }?.1)
        let properties = Self.storedProperties(of: type, in: try Self.source(path))
        #expect(!properties.isEmpty, "the scan found no stored property of \(type) in \(path)")
        for property in properties {
            let line = property.line.trimmingCharacters(in: .whitespaces)
            let owned = line.hasPrefix("private ") || line.hasPrefix("private(set) ") || line.hasPrefix("private nonisolated")
                || line.hasPrefix("nonisolated(unsafe) private")
            #expect(owned, "\(path): \(line)")
        }
    }

    @Test("The braille display's input state, which it leaves open, is written by one file")
    func brailleInputOneWriter() {
        // `BrailleDisplay.input` is not private (Braille Screen Input's state is the engine's
        // to change); its writes stay in one place.
        let write = #"braille\.input(\.\w+)*\s*(=[^=]|\.(append|remove\w*|insert)\()"#
        let writers = Self.sources.filter { $0.text.range(of: write, options: .regularExpression) != nil }.map(\.path)
        #expect(writers == ["Sources/TypingEcho/Engine/Engine+BrailleInput.swift"])
    }

    @Test("No force-unwrapped field, no sentinel location anywhere in Sources")
    func noForcedFieldsOrSentinels() {
        for (path, text) in Self.sources {
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                if code.range(of: #"\bfield!"#, options: .regularExpression) != nil { Issue.record("\(path):\(number + 1): field!: \(code)") }
                if code.contains("line: 0, column: 0") || code.contains("noLocation") {
                    Issue.record("\(path):\(number + 1): a sentinel location: \(code)")
                }
                if code.range(of: #"\bLocated<"#, options: .regularExpression) != nil {
                    Issue.record("\(path):\(number + 1): a located value: \(code)")
                }
            }
        }
    }

    /// Cases of `Command` that no other enumeration in Sources has.
    static let commandOnlyCases = [".focusKey", ".screenChanged", ".layoutChanged", ".fingerSwipe", ".brailleInput", ".splitTap"]

    /// A `case` label's pattern: the text before its first `:` outside parentheses.
    static func pattern(of label: String) -> Substring {
        var depth = 0
        for index in label.indices {
            switch label[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case ":" where depth == 0: return label[..<index]
            default: break
            }
        }
        return label[...]
    }

    /// Each `switch` in `text`: its subject and its body's top-level lines.
    static func switches(in text: String) -> [(subject: String, line: Int, body: [String])] {
        let lines = text.components(separatedBy: "\n")
        var found: [(String, Int, [String])] = []
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: #"\bswitch\s+(.+)\{\s*$"#, options: .regularExpression) else { continue }
            let subject = line[range].dropFirst("switch".count).dropLast().trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "{")))
            var depth = 1
            var body: [String] = []
            for inner in lines[(index + 1)...] {
                let code = inner.components(separatedBy: "//").first ?? inner
                let before = depth
                depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                if depth <= 0 { break }
                if before == 1 { body.append(inner.trimmingCharacters(in: .whitespaces)) }
            }
            found.append((subject, index + 1, body))
        }
        return found
    }

    @Test("No switch over Command has a default: every command says what it does")
    func noDefaultOverCommand() {
        var seen = 0
        for (path, text) in Self.sources {
            let inCommandExtension = text.contains("extension Command {")
            for (subject, line, body) in Self.switches(in: text) {
                let patterns = body.filter { $0.hasPrefix("case ") }.map { Self.pattern(of: $0) + ":" }
                let namesCommand = patterns.contains { pattern in
                    Self.commandOnlyCases.contains { pattern.contains($0 + ":") || pattern.contains($0 + ",") || pattern.contains($0 + "(") }
                }
                let subjectIsCommand = subject == "command" || subject.hasSuffix(".command") || (subject == "self" && inCommandExtension && namesCommand)
                guard subjectIsCommand || namesCommand else { continue }
                seen += 1
                #expect(!body.contains { $0.hasPrefix("default:") }, "\(path):\(line): a switch over Command with default:")
            }
        }
        #expect(seen >= 5, "the scan found \(seen) switches over Command")
    }
}

/// Secrecy decided once and elements known by identity, checked on the source text.
@Suite("Secrets sealed by construction")
struct SealedSecretsStructureTests {
    /// The engine's sources, as (path, text).
    static var engine: [(path: String, text: String)] { EngineStructureTests.sources.filter { $0.path.hasPrefix("Sources/TypingEcho/") } }

    /// The lines of `text` that are code, not comments, with their numbers from 1.
    static func codeLines(_ text: String) -> [(number: Int, code: String)] {
        text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return code.hasPrefix("//") ? nil : (index + 1, code)
        }
    }

    @Test("Whether a secure field shows something is decided in one file")
    func secrecyDecidedOnce() {
        let deciding = Self.engine.filter { file in
            Self.codeLines(file.text).contains { $0.code.range(of: #"\b(isSecure|secure)\s*\?"#, options: .regularExpression) != nil }
        }.map(\.path)
        #expect(deciding == ["Sources/TypingEcho/Elements/FieldDisclosure.swift"])
    }

    @Test("Only the disclosure makes a Disclosed value, and only tests take the disclosure made for them")
    func disclosedMadeInOnePlace() {
        for file in Self.engine where file.path != "Sources/TypingEcho/Elements/FieldDisclosure.swift" {
            for (number, code) in Self.codeLines(file.text) {
                if code.range(of: #"\bDisclosed(<[^>]*>)?\("#, options: .regularExpression) != nil { Issue.record("\(file.path):\(number): \(code)") }
                if code.contains("Disclosure(isSecure") || code.contains("forTesting(secure") { Issue.record("\(file.path):\(number): \(code)") }
            }
        }
    }

    @Test("No component outside Elements/ keeps an element or a field as an Int position")
    func identitiesNotPositions() {
        // A stored property (no body) or an enumeration case whose name ends in one of these.
        let positional = #"^[^{]*\b(var|let|case)\s+\w*(field|element|focus|edited|subject)\s*(:\s*\[?Int\]?\??\s*(=.*)?$|\(Int\))"#
        for file in Self.engine where !file.path.hasPrefix("Sources/TypingEcho/Elements/") {
            for (number, code) in Self.codeLines(file.text)
            where code.range(of: positional, options: [.regularExpression, .caseInsensitive]) != nil {
                Issue.record("\(file.path):\(number): \(code)")
            }
        }
    }
}
