import Dispatch
import Foundation

extension Pipe {
    /// What a background read of a pipe got, handed back after the read's group is waited for.
    final class Drain: @unchecked Sendable {
        var data = Data()
    }
}

/// Runs the built `typing-echo` binary, which SwiftPM puts next to the test bundle, or a bash
/// command line around it: the one way tests start a process of their own.
struct Tool {
    /// The built binary.
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" { directory = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        return directory.appendingPathComponent("typing-echo")
    }

    /// How a process ended and what it printed.
    struct Result {
        var status: Int32
        var output: String
        var error: String
        /// Whether a signal ended the process (then `status` is the signal's number).
        var signalled = false

        /// How the process ended.
        var reason: Process.TerminationReason { signalled ? .uncaughtSignal : .exit }
    }

    /// Runs `typing-echo` with `arguments`, `input` on standard input (none: an empty one) and
    /// `environment` added to the test's own (`NO_COLOR=1` always).
    static func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.merging(["NO_COLOR": "1"]) { $1 }
        return try launch(executable, arguments, input: input, environment: environment)
    }

    /// Runs a bash command line (`$0`, `$1` … are `arguments`), returning its status and output.
    static func shell(_ command: String, _ arguments: String...) throws -> Result {
        try launch(URL(fileURLWithPath: "/bin/bash"), ["-c", command] + arguments, input: nil, environment: ProcessInfo.processInfo.environment)
    }

    /// Starts `program` with exactly `environment` and collects its output. Standard input and standard error are served
    /// on their own threads while standard output is read here: a child that fills one pipe
    /// (64 KB of errors) while the test waits on another would otherwise never end.
    static func launch(_ program: URL, _ arguments: [String], input: Data?, environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        let group = DispatchGroup()
        let writer = stdin.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            if let input { writer.write(input) }
            try? writer.close()
        }
        let errors = Pipe.Drain()
        let reader = error.fileHandleForReading
        DispatchQueue.global().async(group: group) { errors.data = reader.readDataToEndOfFile() }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), error: String(decoding: errors.data, as: UTF8.self),
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
