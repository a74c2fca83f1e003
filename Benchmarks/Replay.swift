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

    /// Runs the tool with stdout on /dev/null; returns wall seconds and the child's peak RSS in
    /// KiB as the child itself reports it (`VmHWM` of /proc/self/status at exit, asked for with
    /// the hidden `TYPING_ECHO_PEAK_MEMORY` variable). `ru_maxrss` from `wait4` is not used: for
    /// a child started with posix_spawn (vfork semantics) Linux carries the parent's high-water
    /// mark over the exec, so it reports the benchmark's own size, not the tool's.
    static func runChild(_ tool: String, arguments: [String]) -> (Double, Double) {
        let report = "/tmp/typing-echo-bench-\(getpid())-stderr.txt"
        defer { unlink(report) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, report, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [strdup("TYPING_ECHO_PEAK_MEMORY=1")]
        var index = 0
        while let entry = environ[index] { environment.append(strdup(entry)); index += 1 }
        environment.append(nil)
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environment)
        precondition(spawned == 0, "cannot run \(tool): \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = now() - start
        precondition(status == 0, "\(tool) \(arguments.joined(separator: " ")) failed with status \(status)")
        return (elapsed, peakKilobytes(in: report))
    }

    /// The `VmHWM:  N kB` figure the tool wrote to its stderr, or NaN.
    static func peakKilobytes(in path: String) -> Double {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .nan }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return .nan }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.contains("VmHWM:") }) else { return .nan }
        let digits = line.split(separator: ":").last!.filter { $0.isNumber }
        return Double(String(digits)) ?? .nan
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
            let (_, _) = runChild("/usr/bin/env", arguments: ["swift", "build", "-c", configuration, "--product", "typing-echo"])
        }
        precondition(access(tool, X_OK) == 0, "typing-echo not found next to \(me)")
        return tool
    }
}
