import TypingEcho

/// Engine throughput: events per second for generated sessions, without and with JSON encoding.
struct ThroughputBenchmark {
    let lines: Int
    let repeats: Int

    struct Result {
        var session: Session
        var events: Int
        var keystrokes: Int
        var eventsPerSecond: Double
        var jsonEventsPerSecond: Double
        var keystrokesPerSecond: Double
    }

    func run() -> (rows: [Row], results: [Result]) {
        var rows: [Row] = []
        var results: [Result] = []
        let group = "engine throughput (single thread)"
        for session in Session.allCases {
            guard session.isSupported else {
                rows.append(Row(group: group, name: session.title, value: .nan, unit: "events/s",
                                note: "waits for the on-screen keyboard: `type` is not modelled in this build"))
                continue
            }
            let script = session.parsedScript(lines: lines)
            let keystrokes = script.reduce(0) { count, line in
                switch line.command {
                case .keys(let text), .type(let text): return count + text.count
                case .key: return count + 1
                default: return count
                }
            }
            var events = 0
            let plain = medianSeconds(repeats: repeats) {
                var sink = CountingSink()
                let seconds = time { runEngine(script, into: &sink) }
                events = sink.count
                return seconds
            }
            let json = medianSeconds(repeats: repeats) {
                var sink = JSONSink()
                let seconds = time { runEngine(script, into: &sink) }
                precondition(sink.count == events)
                blackHole(sink.bytes)
                return seconds
            }
            let result = Result(session: session, events: events, keystrokes: keystrokes,
                                eventsPerSecond: Double(events) / plain, jsonEventsPerSecond: Double(events) / json,
                                keystrokesPerSecond: Double(keystrokes) / plain)
            results.append(result)
            var ratios: [Ratio] = []
            if session == .hardwarePlain || session == .hardwareSecure {
                // Baseline: the text layer alone doing the same insertions and deletions.
                let bufferRate = Double(keystrokes) / bufferOnly(script)
                ratios.append(Ratio(baseline: "TextBuffer alone (keystrokes/s)", value: result.keystrokesPerSecond / bufferRate))
            }
            let perKeystroke = fixed(Double(events) / Double(max(keystrokes, 1)), 1)
            rows.append(Row(group: group, name: "\(session.title)", value: result.eventsPerSecond, unit: "events/s", ratios: ratios,
                            note: "\(grouped(result.keystrokesPerSecond)) keystrokes/s, \(perKeystroke) events per keystroke"))
            rows.append(Row(group: group, name: "\(session.title), with JSON Lines encoding", value: result.jsonEventsPerSecond,
                            unit: "events/s", ratios: [Ratio(baseline: "without JSON", value: result.jsonEventsPerSecond / result.eventsPerSecond)]))
        }
        return (rows, results)
    }

    /// Seconds for a TextBuffer to take the same keys and backspaces with no engine around it.
    private func bufferOnly(_ script: [ScriptLine]) -> Double {
        medianSeconds(repeats: repeats) {
            var buffer = try! TextBuffer()
            return time {
                for line in script {
                    switch line.command {
                    case .field: buffer.replaceAll(with: "")
                    case .keys(let text): for character in text { buffer.insert(String(character)) }
                    case .key(.backspace): buffer.deleteBackward()
                    default: break
                    }
                }
                blackHole(buffer.characterCount)
            }
        }
    }
}

/// Runs a parsed script through a fresh engine (kept out of line for callgrind).
@inline(never)
func runEngine(_ script: [ScriptLine], into sink: inout some EventSink) {
    var engine = try! Engine()
    for line in script { try! engine.run(line, into: &sink) }
    engine.finish(into: &sink)
}
