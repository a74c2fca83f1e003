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

if let kernel = option("--profile") {
    SegmentationBenchmark(bytes: option("--bytes").flatMap { Int($0) } ?? 1_000_000, repeats: 1).profile(kernel)
    exit(0)
}

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
printTable(rows, targets: [], header: "# TypingEcho benchmarks")
