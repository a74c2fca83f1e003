import TypingEcho

/// Reads and checks a `--phonetics FILE`, printing `FILE:LINE: error: …` for each problem.
/// - Returns: The alphabet (nil when no file was given), or the exit code to stop with.
func loadPhonetics(_ path: String?) -> (PhoneticAlphabet?, ExitCode?) {
    guard let path else { return (nil, nil) }
    var bytes: [UInt8] = []
    // A data file is read whole, so it has a size limit: `--phonetics /dev/zero` stops at once.
    var tooLarge = false
    if let problem = readChunks(of: path, { chunk in
        bytes.append(contentsOf: chunk)
        tooLarge = bytes.count > largestPhoneticsFile
        return !tooLarge
    }) {
        printError("typing-echo: \(problem)")
        return (nil, .unreadable)
    }
    if tooLarge {
        printError("\(path): error: a phonetics file may hold at most 4,194,304 bytes (4 MiB)")
        return (nil, .badScript)
    }
    do {
        return (try PhoneticAlphabet.load(named: path, utf8: bytes), nil)
    } catch {
        printError(error.description)
        return (nil, .badScript)
    }
}

/// The largest `--phonetics FILE`: 4 MiB, hundreds of times the largest alphabet shipped.
let largestPhoneticsFile = 1 << 22
