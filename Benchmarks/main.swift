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
/// What `--help` prints: every option, what it runs, and how long it takes here.
let usage = """
usage: typing-echo-bench [--quick] [--markdown | --json] [ONLY]
       typing-echo-bench --profile KERNEL [--bytes N] [--lines N]
       typing-echo-bench --write-script LINES --to PATH
       typing-echo-bench --write-realistic-script LINES --to PATH

With no ONLY option, runs every row and prints the table and the targets (about 5 minutes
on a 2-core machine; the full run includes the instruction counts under valgrind when it is
on PATH).

  --quick            smaller inputs and fewer repeats: a smoke run (about 10-20 s)
  --markdown         print the results as Markdown tables (the default): maintainers/benchmarks.md
                     holds this output of one full run as it is printed
  --json             print the results as one JSON object instead of Markdown tables
  --help, -h         print this and exit

ONLY (one of these runs only those rows, with their targets):
  --formats          replay of a realistic script as check, JSON and text (--lines N)
  --scale            hostile sizes: typing-echo on large scripts, CPU time and peak memory
  --large-value      declaring a field with a 10 MB value vs a raw ICU grapheme walk (--bytes N)
  --startup          typing-echo replay of an empty script vs /bin/true
  --instructions     the --profile kernels under valgrind --tool=callgrind (instruction counts)
  --engine-setup     what creating an Engine costs
  --campaigns        property campaigns: cases/s split into generation, sessions, oracle, vs the
                     bare engine on the same sessions (--lines N cases; in this build's mode)
  --readers          the same sessions heard through each of the five screen readers, time per
                     keystroke against VoiceOver's (--lines N)
  --braille          the braille display: a key's cost with braille off and on, at 10 MB
                     (--bytes N) and 100 B
  --html             importing a generated HTML form of 1 MB and 10 MB vs gumbo's own parse

Profiling and inputs:
  --profile KERNEL   run one measured loop once, for valgrind; KERNEL is one of
                     icu-characters icu-words gap-characters gap-words string-characters
                     engine-characters engine-words (1 MB of text, --bytes N),
                     session-plain session-secure session-cursor (20,000 script lines),
                     encode-none encode-json encode-text (--lines N realistic lines),
                     large-value-declare large-value-icu (10 MB, --bytes N),
                     campaign-secure campaign-secure-bare (--lines N secure cases)
  --write-script LINES --to PATH            the replay rows' generated script
  --write-realistic-script LINES --to PATH  the output-format rows' realistic script
"""
/// Options that take a value, and options that stand alone.
let valueOptions: Set = ["--profile", "--bytes", "--lines", "--write-script", "--write-realistic-script", "--to"]
let flagOptions: Set = ["--quick", "--markdown", "--json", "--help", "-h", "--formats", "--scale", "--large-value", "--startup",
                        "--instructions", "--engine-setup", "--campaigns", "--readers", "--braille", "--html"]
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
do {
    var index = 0
    while index < argumentList.count {
        let argument = argumentList[index]
        if valueOptions.contains(argument), index + 1 < argumentList.count {
            index += 2
        } else if flagOptions.contains(argument) {
            index += 1
        } else {
            let problem = valueOptions.contains(argument) ? "\(argument) needs a value" : "unknown argument \(argument)"
            let line = Array("typing-echo-bench: \(problem)\n\(usage)".utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            exit(64)
        }
    }
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
if let kernel = option("--profile"), kernel.hasPrefix("campaign-") {
    // The secure property's campaign, or the bare engine on its sessions, for callgrind.
    CampaignBenchmark(cases: option("--lines").flatMap { Int($0) } ?? 2_000, repeats: 1).profile(kernel)
    exit(0)
}
if arguments.contains("--campaigns") {
    // Only the campaign rows, in the mode this benchmark was built in (debug or release).
    let campaigns = CampaignBenchmark(cases: option("--lines").flatMap { Int($0) } ?? (quick ? 300 : 3_000), repeats: quick ? 1 : 3).run()
    if json {
        printJSON(campaigns.rows, targets: campaigns.targets, machine: [("mode", CampaignBenchmark.build)])
    } else {
        printTable(campaigns.rows, targets: campaigns.targets, header: "# TypingEcho property campaigns (\(CampaignBenchmark.build) build)")
    }
    exit(0)
}
if arguments.contains("--readers") {
    // Only the screen-reader rows, with their target.
    let readers = ReadersBenchmark(lines: option("--lines").flatMap { Int($0) } ?? (quick ? 2_000 : 20_000), repeats: quick ? 3 : 5).run()
    if json {
        printJSON(readers.rows, targets: readers.targets, machine: [("mode", quick ? "quick" : "full")])
    } else {
        printTable(readers.rows, targets: readers.targets, header: "# TypingEcho screen readers (\(quick ? "quick" : "full") run)")
    }
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
    // Only the scale rows (hostile sizes), with their targets (`--quick` shrinks them).
    let scale = ScaleBenchmark(quick: quick).run()
    if json {
        printJSON(scale.rows, targets: scale.targets, machine: [("mode", quick ? "quick" : "full")])
    } else {
        printTable(scale.rows, targets: scale.targets, header: "# TypingEcho scale benchmarks (\(quick ? "quick" : "full") run)")
    }
    exit(0)
}
if let kernel = option("--profile"), LargeValueBenchmark.kernels.contains(kernel) {
    // Declaring a 10 MB value, or the raw ICU walk over it, once, for callgrind.
    LargeValueBenchmark(bytes: option("--bytes").flatMap { Int($0) } ?? 10_000_000, repeats: 1).profile(kernel)
    exit(0)
}
if arguments.contains("--large-value") {
    // Only the large-value row, with its target.
    let large = LargeValueBenchmark(bytes: option("--bytes").flatMap { Int($0) } ?? (quick ? 1_000_000 : 10_000_000), repeats: quick ? 3 : 5).run()
    printTable(large.rows, targets: large.targets, header: "# TypingEcho large-value benchmark (\(quick ? "quick" : "full") run)")
    exit(0)
}
if arguments.contains("--braille") {
    // Only the braille display's rows: a key's cost with the display off and on, at 10 MB.
    let braille = BrailleBenchmark(bytes: option("--bytes").flatMap { Int($0) } ?? (quick ? 1_000_000 : 10_000_000),
                                   keys: quick ? 200 : 1_000, repeats: quick ? 3 : 5).run()
    if json {
        printJSON(braille.rows, targets: braille.targets, machine: [("mode", quick ? "quick" : "full")])
    } else {
        printTable(braille.rows, targets: braille.targets, header: "# TypingEcho braille display (\(quick ? "quick" : "full") run)")
    }
    exit(0)
}
if arguments.contains("--html") {
    // Only the HTML import rows, with their targets (gumbo must be installed: libgumbo1).
    guard HTMLImportBenchmark.available() else {
        progress("gumbo cannot be opened: install libgumbo1")
        exit(69)
    }
    let html = HTMLImportBenchmark(sizes: quick ? [100_000, 1_000_000] : [1_000_000, 10_000_000], repeats: quick ? 1 : 3).run()
    if json {
        printJSON(html.rows, targets: html.targets, machine: [("mode", quick ? "quick" : "full")])
    } else {
        printTable(html.rows, targets: html.targets, header: "# TypingEcho HTML import (\(quick ? "quick" : "full") run)")
    }
    exit(0)
}
if arguments.contains("--startup") {
    // Only the start-up rows: an empty script against /bin/true.
    let startup = StartupBenchmark(runs: quick ? 11 : 41).run()
    if json {
        printJSON(startup.rows, targets: [startupTarget(startup.result)], machine: [("mode", quick ? "quick" : "full")])
    } else {
        printTable(startup.rows, targets: [startupTarget(startup.result)], header: "# TypingEcho start-up (\(quick ? "quick" : "full") run)")
    }
    exit(0)
}
if arguments.contains("--instructions") {
    // Only the instruction counts of the profile kernels, with the targets judged by them.
    let instructions = InstructionBenchmark(encodeLines: option("--lines").flatMap { Int($0) } ?? 10_000).run()
    let targets = instructionTargets(instructions.result, wordTime: nil, characterTime: nil, stringTime: nil)
    if json {
        printJSON(instructions.rows, targets: targets, machine: [("mode", "instructions")])
    } else {
        printTable(instructions.rows, targets: targets, header: "# TypingEcho instruction counts (callgrind)")
    }
    exit(0)
}
/// Start-up of an empty script at most 5 ms above /bin/true.
func startupTarget(_ result: StartupBenchmark.Result) -> Target {
    Target(name: "start-up of an empty script above /bin/true", required: "≤ 5 ms",
           measured: "\(fixed(result.aboveBaseline, 2)) ms", met: result.aboveBaseline <= 5)
}
/// The targets judged by instruction count (word moves, JSON encoding) with the time ratios
/// beside them, and the character-move targets (judged by time) with their instruction ratios.
func instructionTargets(_ result: InstructionBenchmark.Result, wordTime: Double?, characterTime: Double?,
                        stringTime: Double?) -> [Target] {
    func inTime(_ ratio: Double?) -> String { ratio.map { "; \(fixed($0, 2))× in time" } ?? "" }
    let words = result.ratio("engine-words", to: "icu-words")
    var targets = [Target(name: "word moves vs raw ICU loop, by instructions", required: "≥ 0.70×",
                          measured: result.describe(words) + inTime(wordTime), met: words.map { $0 >= 0.7 })]
    let perEvent = result.jsonPerEvent
    targets.append(Target(name: "JSON encoding, instructions per event (encode-json − encode-none)", required: "≤ 1,500",
                          measured: perEvent.map { grouped($0) } ?? "not measured (\(result.missing ?? "no count"))",
                          met: perEvent.map { $0 <= 1_500 }))
    if let characterTime {
        let byInstructions = result.ratio("engine-characters", to: "icu-characters")
        targets.append(Target(name: "character moves vs raw ICU loop, in time", required: "≥ 0.75×",
                              measured: "\(fixed(characterTime, 2))× in time; " + result.describe(byInstructions),
                              met: characterTime >= 0.75))
    }
    if let stringTime {
        let byInstructions = result.ratio("engine-characters", to: "string-characters")
        targets.append(Target(name: "character moves vs Swift String, in time", required: "≥ 1.20×",
                              measured: "\(fixed(stringTime, 2))× in time; " + result.describe(byInstructions),
                              met: stringTime >= 1.2))
    }
    return targets
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
progress("screen readers")
let readers = ReadersBenchmark(lines: quick ? 2_000 : 20_000, repeats: quick ? 3 : 5).run()
rows += readers.rows
progress("replay end to end")
let replay = ReplayBenchmark(lineCounts: quick ? [10_000, 100_000] : [100_000, 1_000_000], repeats: quick ? 1 : 3).run()
rows += replay.rows
progress("output formats")
let formats = ReplayFormatsBenchmark(lines: quick ? 20_000 : 200_000, repeats: quick ? 1 : 3).run()
rows += formats.rows
progress("scale")
let scale = ScaleBenchmark(quick: quick).run()
rows += scale.rows
progress("start-up")
let startup = StartupBenchmark(runs: quick ? 11 : 41).run()
rows += startup.rows
progress("braille display")
let brailleDisplay = BrailleBenchmark(bytes: quick ? 1_000_000 : 10_000_000, keys: quick ? 200 : 1_000, repeats: quick ? 3 : 5).run()
rows += brailleDisplay.rows
progress("large values")
let largeValue = LargeValueBenchmark(bytes: quick ? 1_000_000 : 10_000_000, repeats: quick ? 3 : 5).run()
rows += largeValue.rows
progress("HTML import")
let htmlImport = HTMLImportBenchmark.available()
    ? HTMLImportBenchmark(sizes: quick ? [100_000, 1_000_000] : [1_000_000, 10_000_000], repeats: quick ? 1 : 3).run()
    : (rows: [], targets: [Target(name: "importing a 1 MB HTML form vs gumbo's own parse of it (time)", required: "≤ 3.00×",
                                   measured: "gumbo not installed", met: nil)])
rows += htmlImport.rows
progress("property campaigns")
let campaigns = CampaignBenchmark(cases: quick ? 300 : 3_000, repeats: quick ? 1 : 3).run()
rows += campaigns.rows
progress("instruction counts")
let instructions = InstructionBenchmark(encodeLines: quick ? 1_000 : 10_000).run()
rows += instructions.rows
// MARK: - Targets

@MainActor func value(_ name: String) -> Double { rows.first { $0.name == name }!.value }
var targets: [Target] = []
let engineCharacters = value("character moves — engine: TextBuffer.moveCharacter")
let icuCharacters = value("character moves — raw ICU ubrk_next, contiguous UTF-16 (C loop)")
let stringCharacters = value("character moves — Swift String, index(after:)")
let engineWords = value("word moves — engine: TextBuffer.moveWord")
let icuWords = value("word moves — raw ICU ubrk_next, contiguous UTF-16 (C loop)")
targets += instructionTargets(instructions.result, wordTime: engineWords / icuWords,
                              characterTime: engineCharacters / icuCharacters, stringTime: engineCharacters / stringCharacters)
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
targets += readers.targets
targets += scale.targets
targets.append(startupTarget(startup.result))
targets += largeValue.targets
targets += brailleDisplay.targets
targets += campaigns.targets
targets += htmlImport.targets

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
