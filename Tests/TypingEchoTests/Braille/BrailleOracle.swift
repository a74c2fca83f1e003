import Foundation
@testable import TypingEcho

/// liblouis's own command-line tools (Debian's `liblouis-bin`), run as separate processes: the
/// expected cells of the braille tests come from them, not from hand-written braille.
enum BrailleOracle {
    /// The library the tests translate with, opened once; without liblouis each braille test
    /// fails with the install hint (the other tests run on).
    static var library: Liblouis {
        get throws { try loaded.get() }
    }

    private static let loaded = Result { try Liblouis.load() }

    /// An environment for the tools without `LOUIS_TABLEPATH`, whatever this process has.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LOUIS_TABLEPATH"] = nil
        return environment
    }

    /// Runs a liblouis tool with `arguments`, `input` on standard input; its standard output and status.
    static func run(_ tool: String, _ arguments: [String], input: String, environment: [String: String] = environment) throws -> (output: String, status: Int32) {
        let result = try Tool.launch(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, input: Data(input.utf8), environment: environment)
        return (result.output, result.status)
    }

    /// The table list `lou_translate` is given: Unicode braille output, then the translator's
    /// own list, every file by its path in the installed folder.
    static func tableList(_ table: BrailleTable) throws -> String {
        let folder = try library.tablesFolder
        return (["unicode.dis"] + BrailleTranslator.tableList(for: table).split(separator: ",").map(String.init))
            .map { folder + "/" + $0 }.joined(separator: ",")
    }

    /// `lou_translate --forward` of each line (none may contain a line feed), as Unicode braille.
    static func forward(_ lines: [String], table: BrailleTable) throws -> [String] {
        try translate(lines, direction: "--forward", table: table)
    }

    /// `lou_translate --backward` of each line of Unicode braille.
    static func backward(_ lines: [String], table: BrailleTable) throws -> [String] {
        try translate(lines, direction: "--backward", table: table)
    }

    private static func translate(_ lines: [String], direction: String, table: BrailleTable) throws -> [String] {
        let (output, status) = try run("lou_translate", [direction, try tableList(table)], input: lines.map { $0 + "\n" }.joined())
        guard status == 0 else { throw OracleError(description: "lou_translate exited \(status) (is liblouis-bin installed?)") }
        var results = output.components(separatedBy: "\n")
        if results.last == "" { results.removeLast() }
        guard results.count == lines.count else {
            throw OracleError(description: "lou_translate gave \(results.count) lines for \(lines.count)")
        }
        return results
    }

    /// Whether `lou_checktable` compiles the table list (by paths in the installed folder).
    static func compiles(_ table: BrailleTable) throws -> Bool {
        let folder = try library.tablesFolder
        let list = BrailleTranslator.tableList(for: table).split(separator: ",").map { folder + "/" + $0 }.joined(separator: ",")
        return try run("lou_checktable", ["--quiet", list], input: "").status == 0
    }

    struct OracleError: Error, CustomStringConvertible { var description: String }
}
