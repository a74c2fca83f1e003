#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Process start-up: `typing-echo replay` of an empty script against `/bin/true`, both spawned
/// the same way and interleaved, so that the difference is what the tool itself does before
/// its first line (loading its libraries, making an engine for the default locale).
struct StartupBenchmark {
    let runs: Int

    struct Result {
        /// Median wall seconds of the tool on an empty script.
        var tool: Double
        /// Median wall seconds of `/bin/true`.
        var baseline: Double
        /// Every run of the tool, in wall seconds.
        var toolRuns: [Double] = []
        /// Milliseconds the tool takes above `/bin/true`.
        var aboveBaseline: Double { (tool - baseline) * 1e3 }
        /// Each run's milliseconds above the median `/bin/true`.
        var runsAbove: [Double] { toolRuns.map { ($0 - baseline) * 1e3 } }
    }

    func run() -> (rows: [Row], result: Result) {
        let tool = ReplayBenchmark.locateTool()
        let script = "/tmp/typing-echo-bench-\(getpid())-empty.replay"
        let descriptor = open(script, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot write \(script)")
        close(descriptor)
        defer { unlink(script) }
        var toolSeconds: [Double] = []
        var trueSeconds: [Double] = []
        // One untimed run each first: page cache and dynamic loader state as in the runs after.
        _ = Self.spawn("/bin/true", [])
        _ = Self.spawn(tool, ["replay", script])
        for _ in 0..<runs {
            trueSeconds.append(Self.spawn("/bin/true", []))
            toolSeconds.append(Self.spawn(tool, ["replay", script]))
        }
        let result = Result(tool: median(toolSeconds), baseline: median(trueSeconds), toolRuns: toolSeconds)
        let above = result.runsAbove
        let group = "start-up (a child process, median of \(runs) runs interleaved with /bin/true)"
        let rows = [
            Row(group: group, name: "typing-echo replay of an empty script", value: result.tool * 1e3, unit: "ms",
                ratios: [Ratio(baseline: "/bin/true", value: result.tool / result.baseline)],
                note: "\(fixed(result.aboveBaseline, 2)) ms above /bin/true; runs \(fixed(above.min() ?? .nan, 2))–\(fixed(above.max() ?? .nan, 2)) ms above, "
                    + "\(above.filter { $0 > 5 }.count) of \(above.count) above 5 ms"),
            Row(group: group, name: "/bin/true", value: result.baseline * 1e3, unit: "ms"),
        ]
        return (rows, result)
    }

    /// Wall seconds from spawning `path` (stdout and stderr on /dev/null) until it exits 0.
    static func spawn(_ path: String, _ arguments: [String]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        precondition(spawned == 0, "cannot run \(path): \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = now() - start
        precondition(status == 0, "\(path) \(arguments.joined(separator: " ")) failed with status \(status)")
        return elapsed
    }
}
