import TypingEcho

/// The cost of each screen reader (`reader=`): the same generated sessions (hardware typing
/// into a plain field, cursor moves by character and word) heard through each of the five
/// readers, timed per keystroke against VoiceOver's. The readers say different amounts (NVDA
/// and Orca echo no words, TalkBack and ChromeVox no ticks), so the comparison is per
/// keystroke, the work a user asks for; events per second are in the note.
struct ReadersBenchmark {
    let lines: Int
    let repeats: Int

    /// The desktop readers focus a field with the keyboard: their copy has no double tap.
    static let desktop: Set = ["nvda", "orca", "chromevox"]

    struct Result {
        var reader: String
        var session: Session
        var secondsPerKeystroke: Double
        var ratio: Double
    }

    func run() -> (rows: [Row], targets: [Target]) {
        var rows: [Row] = []
        var results: [Result] = []
        let group = "screen readers (single thread, per keystroke against VoiceOver)"
        for session in [Session.hardwarePlain, .cursorMoves] {
            var baseline = 0.0
            for reader in ["voiceover", "talkback", "nvda", "orca", "chromevox"] {
                let script = Self.parsed(session.script(lines: lines), reader: reader)
                let keystrokes = script.reduce(0) { count, line in
                    switch line.command {
                    case .keys(let text): count + text.count
                    case .key: count + 1
                    default: count
                    }
                }
                var events = 0
                let seconds = medianSeconds(repeats: repeats) {
                    var sink = CountingSink()
                    let seconds = time { runEngine(script, into: &sink) }
                    events = sink.count
                    return seconds
                }
                let perKeystroke = seconds / Double(max(keystrokes, 1))
                if reader == "voiceover" { baseline = perKeystroke }
                let result = Result(reader: reader, session: session, secondsPerKeystroke: perKeystroke, ratio: perKeystroke / baseline)
                results.append(result)
                rows.append(Row(group: group, name: "\(session.title): reader=\(reader)", value: Double(keystrokes) / seconds,
                                unit: "keystrokes/s", ratios: reader == "voiceover" ? [] : [Ratio(baseline: "VoiceOver (time per keystroke)", value: result.ratio)],
                                note: "\(grouped(Double(events) / seconds)) events/s, \(fixed(Double(events) / Double(max(keystrokes, 1)), 1)) events per keystroke"))
            }
        }
        let worst = results.filter { $0.reader != "voiceover" }.max { $0.ratio < $1.ratio }
        let target = Target(name: "each reader's time per keystroke against VoiceOver's", required: "≤ 1.20×",
                            measured: worst.map { "\(fixed($0.ratio, 2))× at most (\($0.reader), \($0.session.title))" } ?? "—",
                            met: worst.map { $0.ratio <= 1.2 })
        return (rows, [target])
    }

    /// A session's script heard through a reader: its `settings reader=` first.
    static func parsed(_ text: String, reader: String) -> [ScriptLine] {
        let parser = ScriptParser()
        var parsed: [ScriptLine] = []
        let lines = ["settings reader=\(reader)"] + text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where !(desktop.contains(reader) && line == "double-tap") {
            if let parsedLine = try! parser.parse(line: Array(line.utf8), number: index + 1) { parsed.append(parsedLine) }
        }
        return parsed
    }
}
