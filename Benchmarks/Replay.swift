#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `typing-echo replay --format json` end to end on generated scripts, in a child process:
/// lines per second (wall clock) and peak memory from the child's own accounting (`VmHWM`,
/// its peak resident set size, which it reports at exit when asked).
struct ReplayBenchmark {
    let lineCounts: [Int]
    let repeats: Int

    struct Result {
        var lines: Int
        var linesPerSecond: Double
        var peakKilobytes: Double
    }

    func run() -> (rows: [Row], results: [Result]) {
        let tool = Self.locateTool()
        var results: [Result] = []
        for lines in lineCounts {
            let path = "/tmp/typing-echo-bench-\(getpid())-\(lines).replay"
            Self.writeScript(lines: lines, to: path)
            defer { unlink(path) }
            var seconds: [Double] = []
            var peaks: [Double] = []
            for _ in 0..<repeats {
                let (elapsed, peak) = Self.runChild(tool, arguments: ["replay", path, "--format", "json"])
                seconds.append(elapsed)
                peaks.append(peak)
            }
            results.append(Result(lines: lines, linesPerSecond: Double(lines) / median(seconds), peakKilobytes: median(peaks)))
        }
        let group = "replay end to end (typing-echo replay --format json > /dev/null)"
        var rows: [Row] = []
        let first = results.first!
        for result in results {
            rows.append(Row(group: group, name: "\(grouped(Double(result.lines))) lines: throughput", value: result.linesPerSecond,
                            unit: "lines/s"))
            rows.append(Row(group: group, name: "\(grouped(Double(result.lines))) lines: peak memory (VmHWM)",
                            value: result.peakKilobytes / 1024, unit: "MiB",
                            ratios: [Ratio(baseline: "at \(grouped(Double(first.lines))) lines", value: result.peakKilobytes / first.peakKilobytes)]))
        }
        return (rows, results)
    }

    /// The script: the throughput sessions interleaved (hardware typing in plain and secure
    /// fields, cursor moves with phonetic delays), as one long user session.
    static func writeScript(lines: Int, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot write \(path)")
        defer { close(descriptor) }
        let kinds: [Session] = [.hardwarePlain, .hardwareSecure, .cursorMoves]
        let chunkLines = 10_000
        var written = 0
        var chunk = 0
        while written < lines {
            let count = min(chunkLines, lines - written)
            var text = kinds[chunk % kinds.count].script(lines: count, seed: UInt64(chunk))
            // Trim to exactly `count` lines so the total is exact.
            var seen = 0
            if let end = text.utf8.firstIndex(where: { byte in
                if byte == 10 { seen += 1 }
                return seen == count
            }) {
                text = String(text[...end])
            }
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let result = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                precondition(result > 0)
                offset += result
            }
            written += count
            chunk += 1
        }
    }

    /// Runs the tool with stdout on /dev/null; returns wall seconds and the child's own peak
    /// RSS in KiB (`VmHWM`, checked against /proc/PID/status read while it ran: `Child.run`).
    static func runChild(_ tool: String, arguments: [String]) -> (Double, Double) {
        let run = Child.run(tool, arguments, peak: true)
        return (run.wall, run.peakKilobytes)
    }

    /// `typing-echo` next to this executable, built first with `swift build` if it is missing.
    static func locateTool() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(length > 0)
        let me = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let tool = directory + "/typing-echo"
        if access(tool, X_OK) != 0 {
            progress("building typing-echo (swift build -c release --product typing-echo)")
            let configuration = directory.hasSuffix("debug") ? "debug" : "release"
            _ = Child.run("/usr/bin/env", ["swift", "build", "-c", configuration, "--product", "typing-echo"])
        }
        precondition(access(tool, X_OK) == 0, "typing-echo not found next to \(me)")
        return tool
    }
}
