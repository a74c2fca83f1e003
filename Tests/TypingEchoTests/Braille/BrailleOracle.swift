import Foundation
@testable import TypingEcho

/// liblouis's own command-line tools (Debian's `liblouis-bin`), run as separate processes: the
/// expected cells of the braille tests come from them, not from hand-written braille.
enum BrailleOracle {
    /// The library the tests translate with.
    static let library: Liblouis = {
        do { return try Liblouis.load() } catch { fatalError("\(error)") }
    }()

    /// An environment for the tools without `LOUIS_TABLEPATH`, whatever this process has.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LOUIS_TABLEPATH"] = nil
        return environment
    }

    /// Runs a liblouis tool with `arguments`, `input` on standard input; its standard output and status.
    static func run(_ tool: String, _ arguments: [String], input: String, environment: [String: String] = environment) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread { stdin.fileHandleForWriting.write(Data(input.utf8)); try? stdin.fileHandleForWriting.close() }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: output, as: UTF8.self), process.terminationStatus)
    }

    /// The table list `lou_translate` is given: Unicode braille output, then the translator's
    /// own list, every file by its path in the installed folder.
    static func tableList(_ table: BrailleTable) -> String {
        (["unicode.dis"] + BrailleTranslator.tableList(for: table).split(separator: ",").map(String.init))
            .map { library.tablesFolder + "/" + $0 }.joined(separator: ",")
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
        let (output, status) = try run("lou_translate", [direction, tableList(table)], input: lines.map { $0 + "\n" }.joined())
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
        let list = BrailleTranslator.tableList(for: table).split(separator: ",").map { library.tablesFolder + "/" + $0 }.joined(separator: ",")
        return try run("lou_checktable", ["--quiet", list], input: "").status == 0
    }

    struct OracleError: Error, CustomStringConvertible { var description: String }
}
