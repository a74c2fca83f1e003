import TypingEcho
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What output costs: the same realistic script (`RealisticScript`) replayed by the
/// `typing-echo` binary as JSON Lines, as a text transcript, and with `check` (the same engine
/// work, no output), in one run, interleaved. Events per second are counted on the child's CPU
/// time (user + system, from `wait4`), which a busy machine disturbs less than wall time.
struct ReplayFormatsBenchmark {
    let lines: Int
    let repeats: Int

    struct Result {
        var events: Int
        var check: Double
        var json: Double
        var text: Double
    }

    static let group = "output formats (realistic script: fields, focus, double taps, keys words, arrows, rotor, waits)"

    func run() -> (rows: [Row], targets: [Target]) {
        let result = measure()
        let perLine = fixed(Double(result.events) / Double(lines), 1)
        let rows = [
            Row(group: Self.group, name: "\(grouped(Double(lines))) lines: `check` (no output)", value: result.check, unit: "events/s",
                note: "\(grouped(Double(result.events))) events, \(perLine) per line"),
            Row(group: Self.group, name: "\(grouped(Double(lines))) lines: `replay --format json`", value: result.json, unit: "events/s",
                ratios: [Ratio(baseline: "check", value: result.json / result.check)]),
            Row(group: Self.group, name: "\(grouped(Double(lines))) lines: `replay --format text`", value: result.text, unit: "events/s",
                ratios: [Ratio(baseline: "check", value: result.text / result.check)]),
        ]
        let targets = [
            Target(name: "JSON replay vs check (same script, same run)", required: "≥ 0.75×",
                   measured: "\(fixed(result.json / result.check, 2))×", met: result.json / result.check >= 0.75),
            Target(name: "text replay vs check (same script, same run)", required: "≥ 0.60×",
                   measured: "\(fixed(result.text / result.check, 2))×", met: result.text / result.check >= 0.6),
        ]
        return (rows, targets)
    }

    func measure() -> Result {
        let tool = ReplayBenchmark.locateTool()
        let path = "/tmp/typing-echo-bench-\(getpid())-realistic.replay"
        RealisticScript.save(lines: lines, to: path)
        defer { unlink(path) }
        let events = Self.countEvents(RealisticScript.text(lines: lines))
        var check: [Double] = [], json: [Double] = [], text: [Double] = []
        for _ in 0..<repeats {
            // Interleaved, so that a change in the machine's load falls on all three alike.
            check.append(Self.cpuSeconds(tool, ["check", path]))
            json.append(Self.cpuSeconds(tool, ["replay", path, "--format", "json"]))
            text.append(Self.cpuSeconds(tool, ["replay", path, "--format", "text"]))
        }
        return Result(events: events, check: Double(events) / median(check), json: Double(events) / median(json),
                      text: Double(events) / median(text))
    }

    /// The events the script produces, counted in this process (the same engine the tool runs).
    static func countEvents(_ script: String) -> Int {
        var session = try! TypingEcho.Session(sink: CountingSink())
        try! session.feedScript(Array(script.utf8))
        try! session.finishScript()
        return session.sink.count
    }

    /// The CPU seconds (user + system) a run of the tool took, stdout and stderr on /dev/null.
    static func cpuSeconds(_ tool: String, _ arguments: [String]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
        precondition(spawned == 0, "cannot run \(tool): \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        precondition(status == 0, "\(tool) \(arguments.joined(separator: " ")) failed with status \(status)")
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// The events of a realistic script, collected once, for the encoding kernels.
func realisticEvents(lines: Int) -> [TimedEvent] {
    var session = try! TypingEcho.Session()
    try! session.feedScript(Array(RealisticScript.text(lines: lines).utf8))
    try! session.finishScript()
    return session.log.events
}

/// Encodes every event as JSON Lines into a reused buffer, as the CLI does (for callgrind).
@inline(never)
func encodeJSON(_ events: [TimedEvent]) -> Int {
    encodeAll(events) { JSONLines.encode($0, into: &$1) }
}

/// Renders every event as the text transcript into a reused buffer, as the CLI does.
@inline(never)
func encodeText(_ events: [TimedEvent]) -> Int {
    var transcript = Transcript()
    return encodeAll(events) { transcript.write($0, into: &$1) }
}

/// Writes every event with `write` into a 64 KiB buffer that is emptied when full, as the
/// CLI's output does; returns the bytes written.
@inline(__always)
private func encodeAll(_ events: [TimedEvent], _ write: (TimedEvent, inout [UInt8]) -> Void) -> Int {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 16 + 4096)
    var bytes = 0
    for event in events {
        write(event, &buffer)
        if buffer.count >= 1 << 16 {
            bytes += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
    }
    return bytes + buffer.count
}
