import Testing
@testable import TypingEcho

@Suite("Long lines")
struct LineGuardTests {
    /// The first error of a script fed in chunks of `size` bytes (everything at once for nil).
    static func error(feeding bytes: [UInt8], chunks size: Int?, finish: Bool = true) -> ScriptError? {
        do {
            var session = try Session()
            var offset = 0
            let step = size ?? bytes.count
            while offset < bytes.count {
                try session.feedScript(bytes[offset..<min(offset + step, bytes.count)])
                offset += step
            }
            if finish { try session.finishScript() }
        } catch {
            return error
        }
        return nil
    }

    @Test("An unterminated line of NUL bytes stops at 1:1 as soon as its first 64 KiB have arrived")
    func zerosStopAtOnce() throws {
        var session = try Session()
        let chunk = [UInt8](repeating: 0, count: 1 << 16)
        try session.feedScript(chunk)  // exactly 64 KiB: not known to be longer yet
        #expect(throws: ScriptError.self) { try session.feedScript([0]) }
        let error = Self.error(feeding: [UInt8](repeating: 0, count: 1 << 17), chunks: 4096, finish: false)
        #expect(error?.location == SourceLocation(line: 1, column: 1))
        #expect(error?.message == "unexpected control character")
    }

    @Test("The error of a long line does not depend on how it was split into chunks")
    func sameErrorWhateverTheChunks() {
        // A control character early, invalid UTF-8 past 64 KiB: the start of the line decides.
        var line = Array("focus \u{1}x ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 70_000) + [0xFF]
        line += Array("\nfocus f\n".utf8)
        let whole = Self.error(feeding: line, chunks: nil)
        #expect(whole?.message == "unexpected control character")
        for size in [1 << 10, 1 << 16, (1 << 16) + 1, 99_999] { #expect(Self.error(feeding: line, chunks: size) == whole) }
    }

    @Test("A long quoted value still arriving, or an escape cut at a check, is no error")
    func longValuesStillRead() {
        var line = Array("field f kind=text label=\"x\" value=\"".utf8)
        line += [UInt8](repeating: UInt8(ascii: "b"), count: (1 << 16) - line.count - 3) + Array(#"\u{41}"#.utf8)
        line += Array(String(repeating: "żó", count: 40_000).utf8) + Array("\"\nfocus f\n".utf8)
        for size in [1 << 12, 1 << 16, 77_777] { #expect(Self.error(feeding: line, chunks: size) == nil) }
    }

    @Test("A line longer than 64 MiB is an error at its first column")
    func longestLine() {
        var line = Array("field f kind=text label=\"x\" value=\"".utf8)
        line += [UInt8](repeating: UInt8(ascii: "c"), count: LineGuard.longestLine)
        line += Array("\"\n".utf8)
        let error = Self.error(feeding: line, chunks: 1 << 20)
        #expect(error?.location == SourceLocation(line: 1, column: 1))
        #expect(error?.message.contains("longer than 67,108,864 bytes") == true)
        #expect(Self.error(feeding: line, chunks: nil) == error)
    }
}
