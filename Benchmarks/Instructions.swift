#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Instruction counts of the `--profile` kernels, each run once as a child under
/// `valgrind --tool=callgrind` with collection toggled on the measured function only: the
/// figures the instruction-count targets are judged by (word moves ≥ 0.7× the raw ICU loop,
/// JSON encoding ≤ 1,500 instructions per event). Unlike wall time they do not move with the
/// machine's load, and they are the same from run to run.
///
/// Valgrind 3.19 cannot read the DWARF 5 debug information of the toolchain's release build,
/// so the kernels run in a copy of this executable with its debug sections removed
/// (`strip --strip-debug`, which leaves the code and the symbol table as they are). Without
/// valgrind or strip on PATH every count is “not measured”.
struct InstructionBenchmark {
    /// Lines of the realistic script whose events the encoding kernels collect.
    let encodeLines: Int

    /// One kernel: its `--profile` name, the function collection is toggled on, extra arguments.
    struct Kernel {
        var name: String
        var toggle: String
        var arguments: [String] = []
    }

    struct Result {
        /// Instructions collected per kernel name; a kernel missing here was not measured.
        var counts: [String: Double] = [:]
        /// Events the encoding kernels encoded (printed by the kernel).
        var events: Double?
        /// Why nothing was measured, if so.
        var missing: String?

        /// The speed ratio by instructions, `baseline ÷ kernel` (above 1: fewer instructions), if both were measured.
        func ratio(_ kernel: String, to baseline: String) -> Double? {
            guard let measured = counts[kernel], let base = counts[baseline], measured > 0 else { return nil }
            return base / measured
        }

        /// JSON encoding instructions per event: (`encode-json` − `encode-none`) ÷ events.
        var jsonPerEvent: Double? {
            guard let json = counts["encode-json"], let none = counts["encode-none"], let events, events > 0 else { return nil }
            return (json - none) / events
        }
    }

    var kernels: [Kernel] {
        let lines = ["--lines", String(encodeLines)]
        return [
            Kernel(name: "icu-characters", toggle: "tecu_breaker_count_all"),
            Kernel(name: "string-characters", toggle: "*walkString*"),
            Kernel(name: "engine-characters", toggle: "*walk*"),
            Kernel(name: "icu-words", toggle: "tecu_breaker_count_all"),
            Kernel(name: "engine-words", toggle: "*walk*"),
            Kernel(name: "encode-none", toggle: "*", arguments: lines),
            Kernel(name: "encode-json", toggle: "*", arguments: lines),
        ]
    }

    func run() -> (rows: [Row], result: Result) {
        var result = Result()
        guard let valgrind = Self.onPath("valgrind") else {
            result.missing = "valgrind not on PATH"
            return ([], result)
        }
        guard let strip = Self.onPath("strip") else {
            result.missing = "strip not on PATH"
            return ([], result)
        }
        guard let copy = Self.strippedCopy(strip: strip) else {
            result.missing = "strip could not copy this executable without debug information"
            return ([], result)
        }
        defer { unlink(copy) }
        let output = "/tmp/typing-echo-bench-\(getpid())-callgrind-stdout.txt"
        let log = "/tmp/typing-echo-bench-\(getpid())-callgrind-stderr.txt"
        defer { unlink(output); unlink(log) }
        // Swift seeds its hashing per process: without a fixed seed a dictionary's probes, and
        // so a kernel's count, move by about ±1.5 % between runs of the same binary.
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        for kernel in kernels {
            progress("instructions: \(kernel.name) under callgrind")
            // `--toggle-collect=*` would collect everything; the encoding kernels are measured whole
            // (their difference is the encoding), so they run without a toggle.
            let toggle = kernel.toggle == "*" ? [] : ["--toggle-collect=\(kernel.toggle)"]
            _ = Child.run(valgrind, ["--tool=callgrind", "--callgrind-out-file=/dev/null"] + toggle
                                + [copy, "--profile", kernel.name] + kernel.arguments,
                                stdout: output, stderr: log, allowFailure: true)
            guard let text = Child.readFile(log), let collected = Self.collected(text), collected > 0 else {
                result.missing = "callgrind reported no count for \(kernel.name)"
                return ([], result)
            }
            result.counts[kernel.name] = collected
            if kernel.name == "encode-json", let printed = Child.readFile(output),
               let events = Double(String(printed.prefix { $0.isASCII && $0.isNumber })) {
                result.events = events
            }
        }
        let group = "instruction counts (callgrind, one pass of each --profile kernel; ratio = baseline ÷ kernel, above 1 is fewer instructions)"
        var rows: [Row] = []
        func row(_ name: String, _ kernel: String, ratios: [(String, String)] = [], note: String = "") {
            guard let count = result.counts[kernel] else { return }
            rows.append(Row(group: group, name: name, value: count / 1e6, unit: "M instructions",
                            ratios: ratios.compactMap { label, baseline in result.ratio(kernel, to: baseline).map { Ratio(baseline: label, value: $0) } },
                            note: note))
        }
        row("character moves — engine (engine-characters)", "engine-characters",
            ratios: [("raw ICU", "icu-characters"), ("String", "string-characters")])
        row("character moves — raw ICU C loop (icu-characters)", "icu-characters")
        row("character moves — Swift String (string-characters)", "string-characters")
        row("word moves — engine (engine-words)", "engine-words", ratios: [("raw ICU", "icu-words")])
        row("word moves — raw ICU C loop (icu-words)", "icu-words")
        if let perEvent = result.jsonPerEvent, let events = result.events {
            row("collecting the events of \(grouped(Double(encodeLines))) realistic lines (encode-none)", "encode-none")
            row("the same, then encoding them as JSON Lines (encode-json)", "encode-json",
                note: "\(grouped(perEvent)) instructions per event over \(grouped(events)) events")
        }
        return (rows, result)
    }

    /// The `Collected : N` figure of callgrind's summary on stderr.
    static func collected(_ text: String) -> Double? {
        guard let label = text.range(of: "Collected :") else { return nil }
        let digits = text[label.upperBound...].drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        return Double(String(digits))
    }

    /// The first executable called `name` in a directory of PATH.
    static func onPath(_ name: String) -> String? {
        guard let path = getenv("PATH") else { return nil }
        for directory in String(cString: path).split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// A copy of this executable without debug sections, for valgrind; nil if it cannot be made.
    static func strippedCopy(strip: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let me = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A rebuild while this run goes on replaces the file: /proc/self/exe then ends in “ (deleted)”.
        guard access(me, R_OK) == 0 else { return nil }
        let copy = "/tmp/typing-echo-bench-\(getpid())-nodebug"
        let run = Child.run(strip, ["--strip-debug", "-o", copy, me], allowFailure: true)
        guard run.cpu.isFinite, access(copy, X_OK) == 0 else { return nil }
        return copy
    }
}

extension InstructionBenchmark.Result {
    /// A ratio for a target's “measured” column: `0.76× by instructions`, or why it is not measured.
    func describe(_ ratio: Double?) -> String {
        if let ratio { return "\(fixed(ratio, 2))× by instructions" }
        return "not measured (\(missing ?? "no count"))"
    }
}
