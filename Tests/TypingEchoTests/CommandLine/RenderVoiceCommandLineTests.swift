import Foundation
import Testing

/// `typing-echo render --voice NAME`: only a voice espeak-ng lists is passed to it; any other
/// name is a usage error (64) with one line, before espeak-ng reads or synthesises anything.
@Suite("Command line: render --voice")
struct RenderVoiceCommandLineTests {
    /// A temporary file for one test's output.
    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-voice-\(getpid())-\(name)").path
    }

    /// Names espeak-ng does not list: paths, a long variant, a directory of voices, an mbrola
    /// voice, an unknown variant, a number variant, controls and spaces.
    static let unknownNames = [
        "../../etc/passwd", "../../../../../../../../etc/passwd", "/etc/passwd", "en+" + String(repeating: "x", count: 5000),
        "en-us+" + String(repeating: "f", count: 40), "gmw", "gmw/", "mb/mb-de1", "en-us+nope", "en-us+", "+f3", "en-us+3",
        "en-us+../../../etc/passwd", "en-us\nsecond line", "en-us\u{1B}[31m", " en-us", "en-us ", "xx-nope", String(repeating: "a", count: 100_000),
    ]

    @Test("an unknown voice exits 64 with one line and no file; nothing of a file it names is printed", arguments: unknownNames)
    func unknownVoice(_ name: String) throws {
        let path = temporary("unknown-\(name.utf8.count)-\(name.utf8.reduce(0) { ($0 &* 31) &+ Int($1) }).wav")
        try? FileManager.default.removeItem(atPath: path)
        let result = try Tool.run(["render", RenderCommandLineTests.example("plain-field.replay"), "-o", path, "--voice", name])
        #expect(result.status == 64, "\(result.error.prefix(300))")
        #expect(result.error.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "one line: \(result.error.prefix(300))")
        #expect(result.error.hasPrefix("typing-echo: render: --voice: espeak-ng has no "), "\(result.error.prefix(300))")
        #expect(result.error.utf8.count < 400)
        #expect(!result.error.contains("root:") && !result.error.contains("Bad voice attribute"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an empty voice is an unknown voice: 64, one line")
    func emptyVoice() throws {
        for arguments in [["--voice", ""], ["--voice="]] {
            let result = try Tool.run(["render", RenderCommandLineTests.example("plain-field.replay"), "-o", temporary("empty.wav")] + arguments)
            #expect(result.status == 64 && result.error.split(separator: "\n").count == 1, "\(result.error)")
            #expect(result.error.hasPrefix("typing-echo: render: --voice: espeak-ng has no voice ''"), "\(result.error)")
        }
    }

    @Test("a near miss names the voice meant")
    func closeMatch() throws {
        let result = try Tool.run(["render", RenderCommandLineTests.example("plain-field.replay"), "-o", temporary("near.wav"), "--voice", "en-uss"])
        #expect(result.status == 64 && result.error.contains("did you mean 'en-us'?"), "\(result.error)")
        let variant = try Tool.run(["render", RenderCommandLineTests.example("plain-field.replay"), "-o", temporary("near.wav"), "--voice", "en-us+f33"])
        #expect(variant.status == 64 && variant.error.contains("did you mean 'f3'?"), "\(variant.error)")
    }

    @Test("a listed voice, by its file name, identifier or name, with or without a variant, still renders",
          arguments: ["en-us", "pl", "gmw/en-US", "GMW/EN-us", "English (America)", "en-us+f3", "en-us+Mr serious"])
    func listedVoice(_ name: String) throws {
        let path = temporary("listed-\(name.unicodeScalars.map { String($0.value) }.joined(separator: "-")).wav")
        let result = try Tool.run(["render", RenderCommandLineTests.example("plain-field.replay"), "-o", path, "--voice", name])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        #expect(((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 10_000)
    }
}
