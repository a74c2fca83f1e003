import Dispatch
import Foundation
import Testing
import TypingEcho

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

    @Test("/dev/zero as a script or a phonetics file stops at once with a clear error")
    func endlessInput() throws {
        let script = try Tool.run(["replay", "/dev/zero"])
        #expect(script.status == 65 && script.error == "/dev/zero:1:1: error: unexpected control character\n")
        let plain = try Tool.script(Array("field f kind=text label=\"A\"\n".utf8), name: "endless.replay")
        let phonetics = try Tool.run(["replay", plain, "--phonetics", "/dev/zero"])
        #expect(phonetics.status == 65 && phonetics.error.contains("/dev/zero: error: a phonetics file may hold at most 4,194,304 bytes"))
    }

    @Test("Every name echoed in an error is cut to 40 characters and …, on the command line and in scripts")
    func longNamesAreCut() throws {
        let word = String(repeating: "w", count: 100_000)
        let cut = "'" + String(repeating: "w", count: 40) + "…'"
        let script = try Tool.script(Array("field f kind=text label=\"A\"\nfocus f\ndouble-tap\n".utf8), name: "names.replay")
        let runs: [[String]] = [
            ["layouts", word], ["help", word], [word], ["replay", script, "--" + word], ["replay", script, "--set", word + "=1"],
            ["replay", script, "--set", "rate=" + word], ["check", script, "--" + word],
        ]
        for arguments in runs {
            let result = try Tool.run(arguments)
            #expect(result.error.contains(String(repeating: "w", count: 38) + "…'") && !result.error.contains(cut.dropLast(2) + "w")
                    && result.error.utf8.count < 1_000, "\(arguments.map { $0.prefix(20) })")
        }
        for line in ["touch key:" + word, "slide key:" + word, "focus key:" + word, "settings " + word + "=1", "touch " + word] {
            let path = try Tool.script(Array("field f kind=text label=\"A\"\nfocus f\ndouble-tap\n\(line.hasPrefix("slide") ? "touch 10,10\n" : "")\(line)\n".utf8), name: "name.replay")
            let result = try Tool.run(["replay", path])
            #expect(result.status == 65 && result.error.contains("w…'") && result.error.utf8.count < 1_000, "\(line.prefix(20))")
        }
    }

    @Test("rate is a number as every other: no sign, exponent or hex")
    func rateIsADecimal() throws {
        for value in ["1e0", "0x1p0", "+1", ".5", "1.", "nan", "inf"] {
            #expect(throws: SettingError.self) { var settings = Settings(); try settings.set("rate", to: value) }
        }
        var settings = Settings()
        try settings.set("rate", to: "1.5")
        #expect(settings.rate == 1.5)
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

    @Test("replay prints a transcript, or JSON Lines with the event stream's fields")
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

/// The paths of the repository's own files, for tests that run the examples and read the docs.
enum Repository {
    /// The package root: the nearest folder above this file that holds Package.swift.
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

@Suite("Command line conventions")
struct CommandLineConventionTests {
    static let commands = ["replay", "check", "describe", "layouts", "render", "help"]

    @Test("COMMAND --help and help COMMAND print the same command-specific help", arguments: commands)
    func helpPerCommand(_ command: String) throws {
        let asked = try Tool.run([command, "--help"])
        let helped = try Tool.run(["help", command])
        #expect(asked.status == 0 && helped.status == 0)
        #expect(asked.output == helped.output)
        #expect(asked.output.hasPrefix("usage: typing-echo \(command) "))
        // Specific: no other command's usage line, and not the general help.
        for other in Self.commands where other != command {
            #expect(!asked.output.contains("usage: typing-echo \(other)"))
        }
        let general = try Tool.run(["--help"]).output
        #expect(asked.output != general)
        #expect(try Tool.run([command, "-h"]).output == asked.output)
    }

    @Test("--help wins over other arguments, even wrong ones")
    func helpWins() throws {
        let help = try Tool.run(["help", "replay"]).output
        #expect(try Tool.run(["replay", "--frmat", "x", "--help"]).output == help)
        #expect(try Tool.run(["replay", "a.replay", "--help"]).status == 0)
    }

    @Test("help script prints the script language's reference, docs/script-language.md")
    func helpScript() throws {
        let result = try Tool.run(["help", "script"])
        #expect(result.status == 0)
        let document = try String(contentsOfFile: Repository.path("docs/script-language.md"), encoding: .utf8)
        #expect(result.output == document + "\n")
        let unknown = try Tool.run(["help", "scrpit"])
        #expect(unknown.status == 64 && unknown.error.contains("did you mean 'script'?"))
    }

    @Test("the general help names every command and where to read more")
    func generalHelp() throws {
        let help = try Tool.run(["--help"])
        #expect(help.status == 0)
        #expect(try Tool.run(["help"]).output == help.output)
        for command in Self.commands { #expect(help.output.contains("typing-echo \(command) ")) }
        #expect(help.output.contains("typing-echo help script"))
    }

    @Test("options take the --name=value form", arguments: [
        (["replay", "@plain", "--format", "json"], ["replay", "@plain", "--format=json"]),
        (["replay", "@plain", "--set", "rate=2"], ["replay", "@plain", "--set=rate=2"]),
        (["describe", "@login", "--format", "json"], ["describe", "--format=json", "@login"]),
        (["check", "@plain", "--set", "pitch-change=off"], ["check", "--set=pitch-change=off", "@plain"]),
        (["replay", "@plain", "--phonetics", "@alphabet"], ["replay", "@plain", "--phonetics=@alphabet"]),
    ])
    func equalsForms(spaced: [String], joined: [String]) throws {
        func resolve(_ arguments: [String]) -> [String] {
            arguments.map {
                $0.replacingOccurrences(of: "@plain", with: Repository.path("Examples/plain-field.replay"))
                    .replacingOccurrences(of: "@login", with: Repository.path("Examples/login-form.replay"))
                    .replacingOccurrences(of: "@alphabet", with: Repository.path("Phonetics/en.txt"))
            }
        }
        let one = try Tool.run(resolve(spaced)), other = try Tool.run(resolve(joined))
        #expect(one.status == 0 && other.status == 0, "\(one.error)\(other.error)")
        #expect(!one.output.isEmpty && one.output == other.output)
    }

    @Test("a usage error is one line and where to read more, exit 64", arguments: [
        (["replay", "x.replay", "--frmat", "json"], "replay"),
        (["replay", "x.replay", "--format=xml"], "replay"),
        (["replay", "x.replay", "--format"], "replay"),
        (["replay", "x.replay", "--set", "rate=fast"], "replay"),
        (["replay", "x.replay", "--set=nope"], "replay"),
        (["replay"], "replay"),
        (["replay", "a.replay", "b.replay"], "replay"),
        (["check"], "check"),
        (["check", "a.replay", "--strict"], "check"),
        (["describe", "x.replay", "--strict=yes"], "describe"),
        (["describe", "x.replay", "--phonetics", "p.txt"], "describe"),
        (["layouts", "en-US", "pl-PL"], "layouts"),
        (["layouts", "--frames"], "layouts"),
        (["render", "x.replay"], "render"),
        (["render", "x.replay", "-o", "x.wav", "--vocie", "en"], "render"),
        (["help", "nothing"], "help"),
        (["help", "replay", "check"], "help"),
        (["replai", "x.replay"], nil),
        (["line\nbreak", "x.replay"], nil),
        (["replay", "x.replay", "--a\nb\nc"], "replay"),
        ([], nil),
    ] as [([String], String?)])
    func usageErrors(arguments: [String], command: String?) throws {
        let result = try Tool.run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2, "\(result.error)")
        #expect(lines.first?.hasPrefix("typing-echo: ") == true)
        #expect(lines.last == "see 'typing-echo help\(command.map { " " + $0 } ?? "")'")
    }

    @Test("replay X --frmat json: exit 64, at most three lines, a suggestion")
    func misspeltOption() throws {
        let result = try Tool.run(["replay", Repository.path("Examples/plain-field.replay"), "--frmat", "json"])
        #expect(result.status == 64)
        #expect(result.error.split(separator: "\n").count <= 3)
        #expect(result.error.contains("unknown option '--frmat'; did you mean '--format'?"))
    }

    @Test("suggestions only within a small edit distance", arguments: [
        (["replai", "x"], "did you mean 'replay'?"),
        (["chekc", "x"], "did you mean 'check'?"),
        (["xyzzy", "x"], nil),
        (["render-all", "x"], nil),
        (["replay", "x", "--sett", "rate=1"], "did you mean '--set'?"),
        (["replay", "x", "--strikt"], nil),
        (["replay", "x", "--colour"], nil),
        (["replay", "x", "--set", "hardwre-feedback=words"], "did you mean 'hardware-feedback'?"),
        (["replay", "x", "--set", "volume=2"], nil),
    ] as [([String], String?)])
    func suggestions(arguments: [String], suggestion: String?) throws {
        let result = try Tool.run(arguments)
        #expect(result.status == 64)
        if let suggestion {
            #expect(result.error.contains(suggestion), "\(result.error)")
        } else {
            #expect(!result.error.contains("did you mean"), "\(result.error)")
        }
    }

    @Test("check prints PASS or FAIL per script, then N passed, N failed")
    func checkSummary() throws {
        let good = try Tool.script(Array("field f kind=text label=\"Name\"\nfocus f\nexpect speech \"Name, text field\"\n".utf8), name: "good.replay")
        let bad = try Tool.script(Array("field f kind=text label=\"Name\"\nfocus f\nexpect speech \"Nope\"\n".utf8), name: "bad.replay")
        let result = try Tool.run(["check", good, bad])
        #expect(result.status == 1)
        #expect(result.output == """
            PASS \(good) (1 expectations)
            FAIL \(bad) (1 of 1 expectations failed)
            1 passed, 1 failed

            """)
        let passing = try Tool.run(["check", good, good])
        #expect(passing.status == 0 && passing.output.hasSuffix("\n2 passed, 0 failed\n"))
        // A script that cannot run counts as failed; the exit code is the worst one.
        let broken = try Tool.run(["check", good, "/nonexistent/script.replay"])
        #expect(broken.status == 66 && broken.output.hasSuffix("ERROR /nonexistent/script.replay\n1 passed, 1 failed\n"))
    }

    @Test("describe --strict exits 1 on lint findings, 0 without; plain describe 0 either way")
    func describeStrict() throws {
        let bad = Repository.path("Examples/bad-screen.replay"), good = Repository.path("Examples/good-screen.replay")
        let strictBad = try Tool.run(["describe", bad, "--strict"])
        #expect(strictBad.status == 1)
        let plain = try Tool.run(["describe", bad])
        #expect(strictBad.output == plain.output)
        #expect(strictBad.error.contains("lint finding"))
        #expect(try Tool.run(["describe", bad]).status == 0)
        #expect(try Tool.run(["describe", "--strict", good]).status == 0)
        #expect(try Tool.run(["describe", "--strict", "--format=json", bad]).status == 1)
    }

    @Test("-- ends the options: a script named like an option is read as a script")
    func endOfOptions() throws {
        let result = try Tool.run(["replay", "--", "--format"])
        #expect(result.status == 66 && result.error.contains("cannot read --format"))
    }
}

