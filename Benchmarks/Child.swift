#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a child process the way every end-to-end row does, and measures it.
///
/// Peak memory is the child's own: `typing-echo`, with the hidden `TYPING_ECHO_PEAK_MEMORY`
/// variable set, writes `VmHWM` of /proc/self/status (its peak resident set) to stderr at
/// exit. `ru_maxrss` from `wait4` is not used: for a child started with `posix_spawn` (vfork
/// semantics, the parent's address space until the `exec`) Linux keeps the larger of the
/// parent's high-water mark and the child's, so late in a full run it reports the benchmark's
/// own size. The parent also reads `VmHWM` from /proc/PID/status while the child runs (every
/// millisecond; the figure only grows, and the last read is at most a millisecond before the
/// exit): a figure independent of the child's report. The two must agree (the report at least
/// the sample less 1 MiB, and at most 4 MiB + 5 % above it once the child has been sampled for
/// a while), or the run stops with both figures: a wrong peak is never printed as a result.
struct ChildRun {
    /// Wall seconds from spawning to reaping.
    var wall: Double
    /// CPU seconds (user + system) of the child, from `wait4`.
    var cpu: Double
    /// The child's own `VmHWM` report in KiB (NaN unless asked for).
    var peakKilobytes: Double
    /// The largest `VmHWM` the parent read from /proc/PID/status while the child ran, in KiB (NaN if none).
    var sampledPeakKilobytes: Double
}

enum Child {
    /// Runs `path` with `arguments`, stdout on /dev/null (or `stdout`), and waits for it.
    /// - Parameters:
    ///   - peak: Ask the child for its `VmHWM` (`TYPING_ECHO_PEAK_MEMORY=1`) and sample it from outside.
    ///   - stderr: Where the child's stderr goes (/dev/null unless given; a temporary file when `peak`).
    ///   - allowFailure: Return instead of stopping when the child exits non-zero.
    static func run(_ path: String, _ arguments: [String], peak: Bool = false, stdout: String = "/dev/null",
                    stderr: String? = nil, allowFailure: Bool = false) -> ChildRun {
        let report = stderr ?? (peak ? "/tmp/typing-echo-bench-\(getpid())-child-stderr.txt" : "/dev/null")
        defer { if stderr == nil && peak { unlink(report) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, report, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment: [UnsafeMutablePointer<CChar>?] = peak ? [strdup("TYPING_ECHO_PEAK_MEMORY=1")] : []
        var index = 0
        while let entry = environ[index] { environment.append(strdup(entry)); index += 1 }
        environment.append(nil)
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environment)
        precondition(spawned == 0, "cannot run \(path): \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        var usage = rusage()
        var sampled = Double.nan
        var samples = 0
        if peak {
            // Poll: read VmHWM while the child lives, reap it when it has exited.
            let statusPath = "/proc/\(pid)/status"
            while true {
                let reaped = wait4(pid, &status, WNOHANG, &usage)
                if reaped == pid { break }
                precondition(reaped == 0 || errno == EINTR, "wait4 failed: \(String(cString: strerror(errno)))")
                if let kilobytes = readFile(statusPath).flatMap(vmHWM) {
                    sampled = sampled.isNaN ? kilobytes : max(sampled, kilobytes)
                    samples += 1
                }
                var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                nanosleep(&pause, nil)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        }
        let wall = now() - start
        precondition(allowFailure || status == 0, "\(path) \(arguments.joined(separator: " ")) failed with status \(status)")
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        var reported = Double.nan
        if peak {
            guard let text = readFile(report), let kilobytes = vmHWM(text) else {
                fatalError("\(path) \(arguments.joined(separator: " ")) reported no VmHWM on stderr")
            }
            reported = kilobytes
            // The report is at least what was seen from outside, give or take what the exit path
            // after the report touches (a few pages); and after enough samples (the child ran for
            // 50 ms or more) the last one was taken just before the exit, so it is not far below.
            let agrees = sampled.isNaN || (reported >= sampled - 1024
                && (samples < 50 || reported <= sampled * 1.05 + 4096))
            // fatalError, not precondition: its message is printed in a release build too.
            if !agrees {
                fatalError("""
                \(path) \(arguments.joined(separator: " ")): its VmHWM report (\(Int(reported)) kB) \
                disagrees with /proc/\(pid)/status read while it ran (\(Int(sampled)) kB, \(samples) samples)
                """)
            }
        }
        return ChildRun(wall: wall, cpu: cpu, peakKilobytes: reported, sampledPeakKilobytes: sampled)
    }

    /// The first `VmHWM:  N kB` figure in some text, in KiB, or nil.
    ///
    /// Between the colon and the number /proc has a tab and spaces; the tool's stderr shows the
    /// tab as `\u{9}` (every text output escapes controls), so that escape is skipped as
    /// white space. Before this parser, the `9` of the escape was read as a leading digit
    /// (35,456 kB became 935,456 kB, “913 MiB”). Anything else before the digits, or no ` kB`
    /// after them, is no figure.
    static func vmHWM<S: StringProtocol>(_ text: S) -> Double? {
        guard let label = text.range(of: "VmHWM:") else { return nil }
        var rest = text[label.upperBound...]
        while true {
            if let first = rest.first, first == " " || first == "\t" {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("\\u{9}") {
                rest = rest.dropFirst(5)
            } else {
                break
            }
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(" kB") else { return nil }
        return Double(String(digits))
    }

    /// A small file's contents (the first 16 KiB), or nil if it cannot be read.
    static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16_384)
        var total = 0
        while total < bytes.count {
            let count = bytes[total...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return String(decoding: bytes[..<total], as: UTF8.self)
    }
}

extension StringProtocol {
    /// The range of the first occurrence of `needle`, by characters (no Foundation).
    func range(of needle: String) -> Range<Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
