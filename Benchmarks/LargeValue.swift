import CICU
import TypingEcho

/// Declaring a field whose `value="…"` is large (10 MB of mixed text) against a raw ICU
/// grapheme walk over the same text: what reading the line, checking it and segmenting the
/// value once cost beyond the one walk that cannot be avoided.
struct LargeValueBenchmark {
    /// The value: the segmentation corpus with its line feeds turned into spaces (a script line holds none).
    let value: String
    /// `field big kind=text label="Big" value="…"`, as the script's bytes.
    let line: [UInt8]
    let units: [UInt16]
    let repeats: Int
    var megabytes: Double { Double(value.utf8.count) / 1e6 }

    init(bytes: Int, repeats: Int) {
        value = String(Corpus.text(bytes: bytes).map { $0 == "\n" ? " " : $0 })
        line = Array(#"field big kind=text label="Big" value=""#.utf8) + Array(value.utf8) + Array(#"""#.utf8)
        units = Array(value.utf16)
        self.repeats = repeats
    }

    /// The kernels `--profile NAME` runs once each, for `valgrind --tool=callgrind --toggle-collect='*walk*'`.
    static let kernels = ["large-value-declare", "large-value-icu"]

    /// Runs one kernel once.
    func profile(_ kernel: String) {
        switch kernel {
        case "large-value-declare":
            var engine = try! Engine()
            var sink = CountingSink()
            walkDeclaration(line, into: &engine, sink: &sink)
            print("\(sink.count) events")
        case "large-value-icu":
            print("\(withContiguousBreaker(TECU_BREAK_CHARACTER, over: units, walkICU)) characters")
        default: fatalError("unknown kernel \(kernel); one of \(Self.kernels.joined(separator: ", "))")
        }
    }

    /// The row (MB of value per second) and its target: declaring at most 1.5× the raw walk's time.
    func run() -> (rows: [Row], targets: [Target]) {
        let raw = rawICU()
        let declared = declaration()
        let ratio = declared / raw
        let group = "large values"
        let size = "\(fixed(megabytes, 0)) MB"
        let rows = [
            Row(group: group, name: "declare a field whose value is \(size) (parse + engine)", value: megabytes / declared,
                unit: "MB/s", ratios: [Ratio(baseline: "raw ICU", value: raw / declared)],
                note: "\(fixed(ratio, 2))× the raw walk's time"),
            Row(group: group, name: "raw ICU ubrk_next over the same \(size), contiguous UTF-16 (C loop)", value: megabytes / raw, unit: "MB/s"),
        ]
        let target = Target(name: "declaring a \(size) value vs a raw ICU grapheme walk (time)", required: "≤ 1.50×",
                            measured: "\(fixed(ratio, 2))×", met: ratio <= 1.5)
        return (rows, [target])
    }

    /// Seconds to parse the line and run it in a fresh engine (made before the clock starts).
    private func declaration() -> Double {
        let characters = value.count
        return medianSeconds(repeats: repeats) {
            var engine = try! Engine()
            var sink = CountingSink()
            let seconds = time { walkDeclaration(line, into: &engine, sink: &sink) }
            precondition(engine.elements.first?.field?.characterCount == characters, "the field does not hold the value")
            blackHole(engine)
            return seconds
        }
    }

    /// Seconds for ICU's own C loop over the value's UTF-16, already in memory.
    private func rawICU() -> Double {
        rawICUSeconds(TECU_BREAK_CHARACTER, over: units, repeats: repeats)
    }
}

/// Parses one script line and runs it (kept out of line for callgrind's `--toggle-collect=*walk*`).
@inline(never)
func walkDeclaration(_ line: [UInt8], into engine: inout Engine, sink: inout CountingSink) {
    let parsed = try! ScriptParser().parse(line: line, number: 1)!
    try! engine.run(parsed, into: &sink)
}
