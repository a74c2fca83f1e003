import TypingEcho

/// Reads and checks a `--phonetics FILE`, printing `FILE:LINE: error: …` for each problem.
/// - Returns: The alphabet (nil when no file was given), or the exit code to stop with.
func loadPhonetics(_ path: String?) -> (PhoneticAlphabet?, ExitCode?) {
    guard let path else { return (nil, nil) }
    var bytes: [UInt8] = []
    if let problem = readChunks(of: path, { bytes.append(contentsOf: $0); return true }) {
        printError("typing-echo: \(problem)")
        return (nil, .unreadable)
    }
    do {
        return (try PhoneticAlphabet.load(named: path, utf8: bytes), nil)
    } catch {
        printError(error.description)
        return (nil, .badScript)
    }
}
