import Foundation
import Testing

@testable import TypingEchoImport

/// The web-platform-tests cases for text, password, search, email, url, tel and number inputs and
/// textarea (Tests/WebPlatformTests, from wpt's accname/ and html-aam/): every computed name
/// and role must equal wpt's expectation, or be listed with its reason in known-failures.txt; a
/// listed case that passes fails the test, so the list stays true.
struct WebPlatformConformanceTests {
    /// One case: an element with `data-expectedlabel` or `data-expectedrole`.
    struct Case: CustomStringConvertible {
        let file: String
        let name: String
        let property: String
        let expected: String
        let computed: String
        var passes: Bool { expected == computed }
        var description: String { "\(file): \(name): \(property) expected \"\(expected)\", computed \"\(computed)\"" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("WebPlatformTests")

    /// The input types in scope.
    static let types: Set<String> = ["text", "password", "search", "email", "url", "tel", "number"]

    static func cases() throws -> [Case] {
        try Gumbo.open()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }.sorted()
        var cases: [Case] = []
        for file in files {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
            guard case .success(let document) = Gumbo.parse(bytes, depthLimit: 256, memoryLimit: 64 << 20) else {
                Issue.record("\(file) does not parse")
                continue
            }
            var names = AccessibleName(document: document, visibility: HTMLVisibility(document))
            for node in document.nodes.indices where document.nodes[node].kind == .element {
                let inScope = document.isElement(node, "textarea") || (document.isElement(node, "input") && types.contains(document.inputType(node)))
                guard inScope else { continue }
                let name = document.attribute("data-testname", of: node) ?? "?"
                if let expected = document.attribute("data-expectedlabel", of: node) {
                    cases.append(Case(file: file, name: name, property: "name", expected: expected, computed: names.name(of: node).text))
                }
                if let expected = document.attribute("data-expectedrole", of: node) {
                    cases.append(Case(file: file, name: name, property: "role", expected: expected, computed: HTMLRoles.role(document, node) ?? ""))
                }
            }
        }
        return cases
    }

    /// known-failures.txt: `FILE<tab>TEST NAME<tab>REASON` lines; `#` starts a comment.
    static func knownFailures() throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent("known-failures.txt"), encoding: .utf8)
        var failures: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            if fields.count == 3 { failures[fields[0] + "\t" + fields[1]] = fields[2] }
        }
        return failures
    }

    @Test func everyCaseMatchesWPTOrIsAKnownFailure() throws {
        let cases = try Self.cases()
        let known = try Self.knownFailures()
        #expect(cases.count >= 190, "the data files hold 196 cases; \(cases.count) were found")
        for failing in cases where !failing.passes {
            #expect(known[failing.file + "\t" + failing.name] != nil, "\(failing)")
        }
        for key in known.keys {
            let matching = cases.filter { $0.file + "\t" + $0.name == key }
            #expect(!matching.isEmpty, "known-failures.txt lists a case that does not exist: \(key)")
            #expect(matching.contains { !$0.passes }, "known-failures.txt lists a case that passes now: \(key)")
        }
        if ProcessInfo.processInfo.environment["TYPING_ECHO_FIGURES"] == "1" {
            let passing = cases.filter(\.passes).count
            print("web-platform-tests: \(passing) of \(cases.count) cases pass (\(cases.count - passing) known failures)")
        }
    }
}
