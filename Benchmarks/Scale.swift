#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Hostile sizes end to end: `typing-echo` run as a child process on generated
/// scripts at full size and at a tenth of it; CPU time and peak memory (`VmHWM`) of each, and
/// how they grow for ten times the work. Targets: at most 12× the time and 2× the memory for
/// 10× the work; a 4 MB `keys` line under 400 MB, 100,000 fields under 500 MB.
///
/// Time is the child's CPU time (user + system, from `wait4`), not wall time: on a shared
/// machine the wall clock of a loaded run was 4–5× its CPU time, and a ratio of two wall
/// times measured minutes apart says more about the other users than about TypingEcho.
///
/// Memory: where the work adds state the session must keep — declared elements and fields,
/// the text typed into a field — peak memory grows with that state, so 10× the work cannot
/// stay under 2× (the process's own 15 MiB no longer dominates). For those rows the check is
/// the cost per unit of state added (the growth from a tenth to the full size divided by the
/// units added), against a bound; the 2× growth target applies to the rows that add no state.
struct ScaleBenchmark {
    /// One scenario: a script generator, the command that runs it, and its full size.
    struct Case: Sendable {
        var name: String
        var command: String
        var size: Int
        var unit: String
        /// A peak-memory ceiling at full size, in MiB, if the issue sets one.
        var ceiling: Double?
        /// For work that adds state: the most bytes of peak memory each unit may add.
        var bytesPerUnit: Double? = nil
        var script: @Sendable (Int) -> String
    }

    struct Result {
        var name: String
        var size: Int
        var seconds: Double
        var peakKilobytes: Double
        var smallSeconds: Double
        var smallPeakKilobytes: Double
        var ceiling: Double?
    }

    let scale: Int
    let repeats: Int

    /// Full-size runs, or a smaller smoke run (`--quick`: a tenth of every size).
    init(quick: Bool) {
        scale = quick ? 10 : 1
        repeats = quick ? 1 : 3
    }

    static let cases: [Case] = [
        Case(name: "elements: declare", command: "replay", size: 100_000, unit: "elements", ceiling: nil, bytesPerUnit: 2048) { count in
            (0..<count).map { elementLine($0) }.joined()
        },
        Case(name: "elements: declare, then touch (one touch per 10 elements)", command: "replay", size: 100_000, unit: "elements", ceiling: nil, bytesPerUnit: 2048) { count in
            var random = SeededRandom(seed: 11)
            var script = (0..<count).map { elementLine($0) }.joined()
            let rows = Double(count / 300 + 1) * 12
            for _ in 0..<(count / 10) {
                let x = Double(random.next() % 360_000) / 100, y = Double(random.next() % UInt64(rows * 100)) / 100
                script += "touch \(x),\(y)\n"
            }
            return script
        },
        Case(name: "elements: describe", command: "describe", size: 1_000_000, unit: "elements", ceiling: 500, bytesPerUnit: 4096) { count in
            (0..<count).map { elementLine($0) }.joined()
        },
        Case(name: "secure fields described under a reader that speaks passwords (a finding each)", command: "describe",
             size: 100_000, unit: "fields", ceiling: nil, bytesPerUnit: 4096) { count in
            "settings reader=talkback\n" + (0..<count).map { "field p\($0) kind=secure label=\"PIN \($0)\"\n" }.joined()
        },
        Case(name: "one keys line of 4 MB in a text field", command: "replay", size: 4_000_000, unit: "bytes", ceiling: 400, bytesPerUnit: 16) { bytes in
            let words = ["hello", "world,", "Zażółć", "gęślą", "jaźń.", "typing", "echo", "42"]
            var text = ""
            var index = 0
            while text.utf8.count < bytes {
                text += words[index % words.count] + " "
                index += 1
            }
            return "field f kind=text label=\"F\"\nfocus f\ndouble-tap\nkeys \"\(text)\"\n"
        },
        Case(name: "text fields declared", command: "replay", size: 100_000, unit: "fields", ceiling: 500, bytesPerUnit: 2048) { count in
            (0..<count).map { "field f\($0) kind=\($0 % 5 == 0 ? "secure" : "text") label=\"Field \($0)\" value=\"v\($0)\"\n" }.joined()
                + "focus f1\ndouble-tap\nkeys \"e\u{301}🇵🇱\"\n"
        },
        Case(name: "regional indicators typed into a secure field", command: "replay", size: 40_000, unit: "indicators", ceiling: nil) { count in
            let indicators = String(repeating: "\u{1F1F5}", count: count)
            return "field pw kind=secure label=\"Password\"\nfocus pw\ndouble-tap\nkeys \"\(indicators)\"\nkey left\nkey backspace\n"
        },
        Case(name: "flags typed into a text field (two indicators each)", command: "replay", size: 20_000, unit: "flags", ceiling: nil) { count in
            let flags = String(repeating: "🇺🇸", count: count)
            return "field f kind=text label=\"Flags\"\nfocus f\ndouble-tap\nkeys \"\(flags)\"\nkey left\nkey backspace\n"
        },
        Case(name: "mixed hostile lines (controls, bidi, marks, flags, numbers at the limits, long words)", command: "replay",
             size: 4_000_000, unit: "bytes", ceiling: nil, bytesPerUnit: 16) { bytes in
            var script = "settings rate=0.1 cadence=0\nfield f kind=area label=\"\u{1B}[31mRed\u{202E}evil\" max=9223372036854775807\n"
                + "element big label=\"B\" frame=-\(String(repeating: "9", count: 300)),0,\(String(repeating: "9", count: 300)),10\n"
                + "focus f\ndouble-tap\n"
            let pieces = [
                "keys \"\u{1B}]0;title\u{07}\u{9B}31m\u{2028}\u{85}\u{202A}x\u{2066}\"\n",
                "keys \"e\u{301}\u{301}\u{301}🇵🇱🇵\u{200D}👍🏽\u{FEFF}\"\n",
                "touch \(String(repeating: "1", count: 300)),-3\nlift\n",
                "wait 0.001\n",
                "key left\nkey backspace\n",
                "keys \"\(String(repeating: "w", count: 2_000))\"\n",
                "element e label=\"\u{1B}[2J\" frame=0,0,10,10\n",
            ]
            var index = 0
            while script.utf8.count < bytes {
                script += pieces[index % pieces.count]
                index += 1
            }
            return script
        },
    ]

    /// A button on a 300-column grid; every seventh is a label for the next element.
    static func elementLine(_ number: Int) -> String {
        let x = (number % 300) * 12, y = (number / 300) * 12
        if number % 7 == 0 {
            return "element l\(number) kind=label label=\"Label \(number)\" frame=\(x),\(y),10,4 labels=e\(number + 1)\n"
        }
        return "element e\(number) kind=button label=\"Button \(number)\" frame=\(x),\(y),10,10\n"
    }

    func run() -> (rows: [Row], targets: [Target], results: [Result]) {
        let tool = ReplayBenchmark.locateTool()
        var results: [Result] = []
        for scenario in Self.cases {
            progress("scale: \(scenario.name)")
            let full = scenario.size / scale
            let (seconds, peak) = measure(scenario, size: full, tool: tool)
            let (smallSeconds, smallPeak) = measure(scenario, size: full / 10, tool: tool)
            results.append(Result(name: scenario.name, size: full, seconds: seconds, peakKilobytes: peak,
                                  smallSeconds: smallSeconds, smallPeakKilobytes: smallPeak, ceiling: scenario.ceiling))
        }
        let group = "scale: typing-echo as a child, full size and a tenth of it (CPU time, VmHWM)"
        var rows: [Row] = []
        var targets: [Target] = []
        for (result, scenario) in zip(results, Self.cases) {
            let label = "\(result.name), \(grouped(Double(result.size))) \(scenario.unit)"
            let timeGrowth = result.seconds / result.smallSeconds
            let memoryGrowth = result.peakKilobytes / result.smallPeakKilobytes
            rows.append(Row(group: group, name: "\(label): CPU time", value: result.seconds, unit: "s",
                            ratios: [Ratio(baseline: "at a tenth (\(fixed(result.smallSeconds, 3)) s)", value: timeGrowth)]))
            rows.append(Row(group: group, name: "\(label): peak memory (VmHWM)", value: result.peakKilobytes / 1024, unit: "MiB",
                            ratios: [Ratio(baseline: "at a tenth (\(fixed(result.smallPeakKilobytes / 1024, 1)) MiB)", value: memoryGrowth)]))
            targets.append(Target(name: "\(label): time for 10× the work", required: "≤ 12×",
                                  measured: "\(fixed(timeGrowth, 2))×", met: timeGrowth <= 12))
            if let bound = scenario.bytesPerUnit {
                let added = Double(result.size - result.size / 10)
                let perUnit = (result.peakKilobytes - result.smallPeakKilobytes) * 1024 / added
                targets.append(Target(name: "\(label): peak memory per \(scenario.unit.dropLast()) added (state it keeps; 10× = \(fixed(memoryGrowth, 2))×)",
                                      required: "≤ \(Int(bound)) B", measured: "\(fixed(perUnit, 0)) B", met: perUnit <= bound))
            } else {
                targets.append(Target(name: "\(label): memory for 10× the work", required: "≤ 2×",
                                      measured: "\(fixed(memoryGrowth, 2))×", met: memoryGrowth <= 2))
            }
            if let ceiling = result.ceiling, scale == 1 {
                let mebibytes = result.peakKilobytes / 1024
                targets.append(Target(name: "\(label): peak memory", required: "< \(Int(ceiling)) MB",
                                      measured: "\(fixed(mebibytes, 1)) MiB", met: mebibytes * 1.048576 < ceiling))
            }
        }
        let quadrupling = runQuadrupling(tool: tool)
        return (rows + quadrupling.rows, targets + quadrupling.targets, results)
    }

    /// The median wall time and peak memory of `repeats` runs of the scenario at a size.
    func measure(_ scenario: Case, size: Int, tool: String) -> (Double, Double) {
        let path = "/tmp/typing-echo-bench-\(getpid())-scale.replay"
        let bytes = Array(scenario.script(size).utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot write \(path)")
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            precondition(written > 0)
            offset += written
        }
        close(descriptor)
        defer { unlink(path) }
        var seconds: [Double] = [], peaks: [Double] = []
        for _ in 0..<repeats {
            let arguments = scenario.command == "replay" ? ["replay", path, "--format", "json"] : [scenario.command, path]
            let (elapsed, peak) = Self.runChild(tool, arguments: arguments)
            seconds.append(elapsed)
            peaks.append(peak)
        }
        return (median(seconds), median(peaks))
    }

    /// Runs the tool with stdout on /dev/null; returns its CPU seconds (user + system, from
    /// `wait4`) and its own peak RSS in KiB (`VmHWM`, checked from outside: `Child.run`).
    static func runChild(_ tool: String, arguments: [String]) -> (Double, Double) {
        let run = Child.run(tool, arguments, peak: true)
        return (run.cpu, run.peakKilobytes)
    }
}
