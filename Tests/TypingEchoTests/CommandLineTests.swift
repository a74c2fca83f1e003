import Foundation
import Testing

/// Runs the built `typing-echo` binary, which SwiftPM puts next to the test bundle.
struct Tool {
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" { directory = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        return directory.appendingPathComponent("typing-echo")
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
        /// Whether a signal ended the process (then `status` is the signal's number).
        var signalled = false
    }

    static func run(_ arguments: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        // Standard error goes to a file, not a pipe: reading a pipe only after standard output
        // ends would hang once a run writes more than a pipe holds (64 KB) to standard error.
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-stderr-\(getpid())-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: errorURL) }
        let errorFile = try FileHandle(forWritingTo: errorURL)
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errorFile
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorFile.close()
        let err = try Data(contentsOf: errorURL)
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self),
                      signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Writes a script to a temporary file and returns its path.
    static func script(_ bytes: [UInt8], name: String = "script.replay") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-tests-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}

@Suite("Command line")
struct CommandLineTests {
    @Test("A malformed script exits 65 with FILE:LINE:COLUMN and no crash", arguments: [
        ("unknown command", Array("field f kind=text label=\"A\"\nkyes \"x\"\n".utf8), ":2:1: error: unknown command 'kyes'; did you mean 'keys'?"),
        ("unclosed quote", Array("field f kind=text label=\"A\n".utf8), ":1:25: error: unclosed quote"),
        ("unknown field id", Array("field f kind=text label=\"A\"\nfocus g\n".utf8), ":2:7: error: no element or field with id 'g'"),
        ("bad number", Array("wait 1.5s\n".utf8), ":1:6: error: bad number"),
        ("invalid UTF-8", [0x66, 0x6F, 0x63, 0x75, 0x73, 0x20, 0xC3, 0x28, 0x0A], ":1:7: error: invalid UTF-8"),
    ])
    func malformed(name: String, bytes: [UInt8], expected: String) throws {
        let path = try Tool.script(bytes, name: "\(name.replacingOccurrences(of: " ", with: "-")).replay")
        let result = try Tool.run(["replay", path])
        #expect(result.status == 65)
        #expect(result.error.hasPrefix(path + expected), "\(result.error)")
        #expect(!result.error.contains("Fatal error"))
    }

    @Test("Usage errors exit 64, unreadable input 66, help and version 0")
    func exitCodes() throws {
        #expect(try Tool.run([]).status == 64)
        #expect(try Tool.run(["replai", "x"]).error.contains("did you mean 'replay'"))
        #expect(try Tool.run(["replay", "a", "--format", "xml"]).status == 64)
        #expect(try Tool.run(["replay", "a", "--set", "rate=fast"]).status == 64)
        #expect(try Tool.run(["replay", "/nonexistent/script.replay"]).status == 66)
        #expect(try Tool.run(["replay", "/"]).status == 66)
        let help = try Tool.run(["--help"])
        #expect(help.status == 0 && help.output.contains("typing-echo replay SCRIPT"))
        #expect(try Tool.run(["--version"]).output.contains("ICU"))
    }

    @Test("replay prints a transcript, or JSON Lines with the SPEC's fields")
    func replayFormats() throws {
        let script = Array("field f kind=text label=\"Name\"\nfocus f\ndouble-tap\nkeys \"Hi\"\n".utf8)
        let path = try Tool.script(script, name: "formats.replay")
        let text = try Tool.run(["replay", path])
        #expect(text.status == 0)
        #expect(text.output.contains("says   ↑ \"capital H\"  (echo)"))
        let json = try Tool.run(["replay", path, "--format", "json"])
        let lines = json.output.split(separator: "\n")
        #expect(lines.count > 5)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["type"] != nil && object["t"] != nil)
        }
        #expect(lines.contains { $0.hasPrefix("{\"type\":\"edit\",\"t\":0.000,\"field\":\"f\",\"op\":\"insert\",\"offset\":0,\"length\":1,\"count\":1,\"text\":\"H\"}") })
    }

    @Test("A failed expectation exits 1 from check and names the line")
    func check() throws {
        let path = try Tool.script(Array("field f kind=text label=\"Name\"\nfocus f\nexpect speech \"Nope\"\n".utf8), name: "failing.replay")
        let result = try Tool.run(["check", path])
        #expect(result.status == 1)
        #expect(result.output.contains("FAIL"))
        #expect(result.error.contains(path + ":3:1: error: expectation failed"))
    }

    @Test("--set wins over the script's own settings")
    func overrides() throws {
        let path = try Tool.script(Array("settings hardware-feedback=characters\nfield f kind=text label=\"N\"\nfocus f\ndouble-tap\nkeys \"a b\"\n".utf8), name: "set.replay")
        let result = try Tool.run(["replay", path, "--set", "hardware-feedback=words", "--format", "json"])
        #expect(result.output.contains("\"role\":\"word\""))
        #expect(!result.output.contains("\"role\":\"echo\""))
    }

    @Test("replay - reads standard input, and output starts before the script ends")
    func streaming() throws {
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["replay", "-", "--format", "json"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("field f kind=text label=\"N\"\nfocus f\n".utf8))
        // The focus event arrives while standard input is still open.
        let first = output.fileHandleForReading.availableData
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("{\"type\":\"focus\""))
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
