import Foundation
import Testing

/// `typing-echo render`, run as a user runs it.
@Suite("Command line: render")
struct RenderCommandLineTests {
    static let root = Repository.root
    static func example(_ name: String) -> String { root.appendingPathComponent("Examples/\(name)").path }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-render-\(getpid())-\(name)").path
    }

    /// The samples of a 16-bit mono WAV file, after checking its header.
    func wavSamples(_ path: String) throws -> (rate: Int, samples: [Int16]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count >= 44 && Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WAVE".utf8))
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        #expect(u16(20) == 1 && u16(22) == 1 && u16(34) == 16, "not 16-bit mono PCM")
        #expect(u32(4) == bytes.count - 8 && u32(40) == bytes.count - 44)
        let samples = stride(from: 44, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
        return (u32(24), samples)
    }

    @Test("render writes a 16-bit mono WAV as long as the session, with speech in it")
    func plainField() throws {
        let path = temporary("plain.wav")
        let result = try Tool.run(["render", Self.example("plain-field.replay"), "-o", path])
        #expect(result.status == 0, "\(result.error)")
        let (rate, samples) = try wavSamples(path)
        #expect(rate == 22_050)
        // The session ends when the last utterance ("period", deleted at 3 s) finishes.
        let json = try Tool.run(["replay", Self.example("plain-field.replay"), "--format", "json"]).output
        let last = try #require(json.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let end = try #require(last["t"] as? Double)
        #expect(abs(Double(samples.count) / Double(rate) - end) <= 0.1)
        let loud = samples.filter { abs(Int($0)) > 3_000 }.count
        #expect(loud > rate / 10, "hardly any audible samples")
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("Two same-length secrets render byte-identical files; --name=value works")
    func secrets() throws {
        var files: [[UInt8]] = []
        for secret in ["hunter22", "Zaq1@wsx"] {
            let script = "field pw kind=secure label=\"Password\"\nfocus pw\ndouble-tap\nkeys \"\(secret)\"\nwait 1\n"
            let input = try Tool.script(Array(script.utf8), name: "secret-\(files.count).replay")
            let path = temporary("secret-\(files.count).wav")
            let result = try Tool.run(["render", input, "--output=\(path)"])
            #expect(result.status == 0, "\(result.error)")
            files.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            try? FileManager.default.removeItem(atPath: path)
        }
        #expect(files[0].count > 44 && files[0] == files[1])
    }

    @Test("Without espeak-ng, render exits 69 with one line naming the packages; the other commands are unaffected")
    func withoutEspeak() throws {
        let hidden = [ "TYPING_ECHO_ESPEAK_LIBRARY": "/nonexistent/libespeak-ng.so.1"]
        let path = temporary("hidden.wav")
        let result = try Tool.run(["render", Self.example("plain-field.replay"), "-o", path], environment: hidden)
        #expect(result.status == 69)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("apt-get install libespeak-ng1 espeak-ng-data"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try Tool.run(["replay", Self.example("plain-field.replay")], environment: hidden).status == 0)
        #expect(try Tool.run(["check", Self.example("plain-field.replay")], environment: hidden).status == 0)
        #expect(try Tool.run(["describe", Self.example("login-form.replay")], environment: hidden).status == 0)
        #expect(try Tool.run(["layouts"], environment: hidden).status == 0)
    }

    @Test("render's usage errors exit 64 with one line; --help explains it")
    func usage() throws {
        let missingOutput = try Tool.run(["render", Self.example("plain-field.replay")])
        #expect(missingOutput.status == 64 && missingOutput.error.contains("-o FILE.wav"))
        #expect(try Tool.run(["render", "-o", temporary("x.wav")]).status == 64)
        #expect(try Tool.run(["render", Self.example("plain-field.replay"), "-o", temporary("x.wav"), "--set", "rate=fast"]).status == 64)
        let voice = try Tool.run(["render", Self.example("plain-field.replay"), "-o", temporary("voice.wav"), "--voice", "no-such-voice"])
        #expect(voice.status == 64 && voice.error.contains("no voice 'no-such-voice'"))
        let help = try Tool.run(["render", "--help"])
        #expect(help.status == 0 && help.output.contains("typing-echo render SCRIPT|- -o FILE.wav"))
        #expect(try Tool.run(["--help"]).output.contains("render"))
        let unreadable = try Tool.run(["render", "/nonexistent/script.replay", "-o", temporary("x.wav")])
        #expect(unreadable.status == 66)
        let unwritable = try Tool.run(["render", Self.example("plain-field.replay"), "-o", "/nonexistent/dir/x.wav"])
        #expect(unwritable.status == 74 && unwritable.error.contains("cannot write"))
    }

    @Test("render -o - exits 74 when standard output is closed and ends quietly (0) on a closed pipe")
    func standardOutput() throws {
        let tool = Tool.executable.path, example = Self.example("plain-field.replay")
        let closed = try Tool.shell("exec \"$0\" render \"$1\" -o - >&-", tool, example)
        #expect(closed.status == 74 && closed.error == "typing-echo: cannot write the output: standard output is closed\n")
        let piped = try Tool.shell("\"$0\" render \"$1\" -o - | head -c 1 > /dev/null; echo \"${PIPESTATUS[0]}\"", tool, example)
        #expect(piped.output == "0\n" && piped.error == "")
    }
}
