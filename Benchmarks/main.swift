import TypingEcho
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

let argumentList = Array(CommandLine.arguments.dropFirst())
let arguments = Set(argumentList)
/// The value after an option, e.g. `--bytes 10000` (hidden options for profiling).
func option(_ name: String) -> String? {
    argumentList.firstIndex(of: name).flatMap { argumentList.indices.contains($0 + 1) ? argumentList[$0 + 1] : nil }
}
let quick = arguments.contains("--quick")
let json = arguments.contains("--json")
func progress(_ message: String) {
    let line = Array("typing-echo-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

if let kernel = option("--profile"), kernel.hasPrefix("session-") {
    // One engine run of a generated session, for callgrind: session-plain, session-secure, session-cursor.
    let session: Session = kernel == "session-secure" ? .hardwareSecure : kernel == "session-cursor" ? .cursorMoves : .hardwarePlain
    let script = session.parsedScript(lines: 20_000)
    var sink = CountingSink()
    runEngine(script, into: &sink)
    print("\(sink.count) events")
    exit(0)
}
if let lines = option("--write-script").flatMap({ Int($0) }), let path = option("--to") {
    // The replay rows' script, for checking that output stays byte-identical across changes.
    ReplayBenchmark.writeScript(lines: lines, to: path)
    exit(0)
}
if let kernel = option("--profile"), kernel.hasPrefix("encode-") {
    // Output encoding alone, for callgrind: the events of 20,000 realistic lines are collected
    // first; encode-none stops there (the baseline to subtract), encode-json and encode-text
    // then encode every event. (encode-json − encode-none) / events = instructions per event.
    let events = realisticEvents(lines: option("--lines").flatMap { Int($0) } ?? 20_000)
    let bytes = kernel == "encode-json" ? encodeJSON(events) : kernel == "encode-text" ? encodeText(events) : 0
    print("\(events.count) events, \(bytes) bytes")
    exit(0)
}
if let lines = option("--write-realistic-script").flatMap({ Int($0) }), let path = option("--to") {
    // The output-format rows' script (a user filling a form), for byte-identity checks and profiling.
    RealisticScript.save(lines: lines, to: path)
    exit(0)
}
if arguments.contains("--engine-setup") {
    // What creating an engine costs (its phrasebook, with the spoken-name table, included).
    let start = now()
    for _ in 0..<1_000 { blackHole(try! Engine()) }
    print("engine setup: \((now() - start) * 1e3) µs per engine")
    exit(0)
}
if arguments.contains("--formats") {
    // Only the output-format rows (JSON, text, check on one realistic script) with their targets.
    let formats = ReplayFormatsBenchmark(lines: option("--lines").flatMap { Int($0) } ?? (quick ? 20_000 : 200_000), repeats: quick ? 1 : 3).run()
    if json {
        printJSON(formats.rows, targets: formats.targets, machine: [("mode", quick ? "quick" : "full")])
    } else {
        printTable(formats.rows, targets: formats.targets, header: "# TypingEcho output-format benchmarks")
    }
    exit(0)
}
if arguments.contains("--scale") {
    // Only the scale rows of issue 11 (hostile sizes), with their targets (`--quick` shrinks them).
    let scale = ScaleBenchmark(quick: quick).run()
    if json {
        printJSON(scale.rows, targets: scale.targets, machine: [("mode", quick ? "quick" : "full")])
    } else {
        printTable(scale.rows, targets: scale.targets, header: "# TypingEcho scale benchmarks (\(quick ? "quick" : "full") run)")
    }
    exit(0)
}
if let kernel = option("--profile") {
    SegmentationBenchmark(bytes: option("--bytes").flatMap { Int($0) } ?? 1_000_000, repeats: 1).profile(kernel)
    exit(0)
}

let benchStart = now()
var rows: [Row] = []
progress("segmentation")
let segmentation = SegmentationBenchmark(bytes: option("--bytes").flatMap { Int($0) } ?? (quick ? 100_000 : 1_000_000), repeats: quick ? 3 : 5)
rows += segmentation.run()
progress("keystrokes")
let keystrokes = KeystrokeBenchmark(sizes: quick ? [100, 10_000, 1_000_000] : [100, 10_000, 1_000_000, 10_000_000],
                                    repeats: quick ? 3 : 5, rounds: quick ? 20 : 100)
let keystrokeResults = keystrokes.run()
rows += keystrokeResults.rows
progress("engine throughput")
let throughput = ThroughputBenchmark(lines: quick ? 2_000 : 40_000, repeats: quick ? 3 : 5).run()
rows += throughput.rows
progress("replay end to end")
let replay = ReplayBenchmark(lineCounts: quick ? [10_000, 100_000] : [100_000, 1_000_000], repeats: quick ? 1 : 3).run()
rows += replay.rows
progress("output formats")
let formats = ReplayFormatsBenchmark(lines: quick ? 20_000 : 200_000, repeats: quick ? 1 : 3).run()
rows += formats.rows
progress("scale")
let scale = ScaleBenchmark(quick: quick).run()
rows += scale.rows
// MARK: - Targets (issue 7)

@MainActor func value(_ name: String) -> Double { rows.first { $0.name == name }!.value }
var targets: [Target] = []
let engineCharacters = value("character moves — engine: TextBuffer.moveCharacter")
let icuCharacters = value("character moves — raw ICU ubrk_next, contiguous UTF-16 (C loop)")
let stringCharacters = value("character moves — Swift String, index(after:)")
let engineWords = value("word moves — engine: TextBuffer.moveWord")
let icuWords = value("word moves — raw ICU ubrk_next, contiguous UTF-16 (C loop)")
targets.append(Target(name: "character moves vs raw ICU loop", required: "≥ 0.70×",
                      measured: "\(fixed(engineCharacters / icuCharacters, 2))×", met: engineCharacters / icuCharacters >= 0.7))
targets.append(Target(name: "word moves vs raw ICU loop", required: "≥ 0.70×",
                      measured: "\(fixed(engineWords / icuWords, 2))×", met: engineWords / icuWords >= 0.7))
targets.append(Target(name: "character moves vs Swift String", required: "≥ 1.00×",
                      measured: "\(fixed(engineCharacters / stringCharacters, 2))×", met: engineCharacters >= stringCharacters))
let smallest = keystrokeResults.results.first!, largest = keystrokeResults.results.last!
let keystrokeRatio = max(largest.insert / smallest.insert, largest.delete / smallest.delete, largest.move / smallest.move)
targets.append(Target(name: "keystroke cost at \(KeystrokeBenchmark.label(largest.bytes)) vs \(KeystrokeBenchmark.label(smallest.bytes)) (worst of insert, delete, move)",
                      required: "≤ 3×", measured: "\(fixed(keystrokeRatio, 2))×", met: keystrokeRatio <= 3))
if let plain = throughput.results.first(where: { $0.session == .hardwarePlain }) {
    targets.append(Target(name: "hardware typing into a plain field", required: "≥ 1,000,000 events/s",
                          measured: "\(grouped(plain.eventsPerSecond)) events/s", met: plain.eventsPerSecond >= 1_000_000))
}
let firstReplay = replay.results.first!, lastReplay = replay.results.last!
let memoryRatio = lastReplay.peakKilobytes / firstReplay.peakKilobytes
targets.append(Target(name: "replay peak memory at \(grouped(Double(lastReplay.lines))) vs \(grouped(Double(firstReplay.lines))) lines",
                      required: "≤ 1.2×", measured: "\(fixed(memoryRatio, 2))×", met: memoryRatio <= 1.2))

targets += formats.targets
targets += scale.targets

// MARK: - Output

func shell(_ command: String) -> String {
    guard let pipe = popen(command, "r") else { return "" }
    defer { pclose(pipe) }
    var result = ""
    var buffer = [CChar](repeating: 0, count: 512)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        result += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return String(result.split(separator: "\n").first ?? "").trimmingSpaces()
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

let cpu = shell("lscpu | sed -n 's/^Model name:[[:space:]]*//p'")
let cores = shell("nproc")
let swiftVersion = shell("swift --version 2>&1 | head -1")
let elapsed = now() - benchStart
if json {
    printJSON(rows, targets: targets, machine: [("cpu", cpu), ("nproc", cores), ("swift", swiftVersion),
                                                ("mode", quick ? "quick" : "full"), ("seconds", fixed(elapsed, 1))])
} else {
    printTable(rows, targets: targets, header: """
    # TypingEcho benchmarks (\(quick ? "quick" : "full") run)

    Machine: \(cpu), \(cores) cores (nproc); \(swiftVersion); medians of repeated runs; \(fixed(elapsed, 0)) s in all.
    """)
}
