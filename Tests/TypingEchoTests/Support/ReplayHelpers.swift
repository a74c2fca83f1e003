@testable import TypingEcho

/// Everything a run of a script shows the outside world.
struct ReplayResult {
    var events: [TimedEvent] = []
    var json: [String] = []
    var transcript: [String] = []
    var failures: [String] = []
    var error: String?
    var descriptions: [String] = []

    /// Every line of output, of every kind, in one text.
    var everything: String {
        (json + transcript + failures + [error ?? ""] + descriptions).joined(separator: "\n")
    }

    /// The texts spoken, in order.
    var spoken: [String] {
        events.compactMap { if case .speak(let utterance) = $0.event { utterance.text } else { nil } }
    }

    /// The utterances, in order.
    var utterances: [Utterance] {
        events.compactMap { if case .speak(let utterance) = $0.event { utterance } else { nil } }
    }

    /// The sounds played, in order.
    var sounds: [SoundName] {
        events.compactMap { if case .sound(let name) = $0.event { name } else { nil } }
    }
}

/// Runs a script the way `typing-echo replay` does and collects what it shows.
func replay(_ script: String, overrides: [(key: String, value: String)] = [], describe: Bool = false) throws -> ReplayResult {
    var session = try ReplaySession(overrides: overrides)
    var collector = EventCollector()
    var result = ReplayResult()
    do {
        try session.feed(Array(script.utf8), into: &collector) { result.failures.append($0.description) }
        try session.finish(into: &collector) { result.failures.append($0.description) }
    } catch {
        result.error = error.formatted(file: "test.replay")
    }
    result.events = collector.events
    var transcript = Transcript()
    for event in collector.events {
        result.json.append(JSONLines.line(event))
        if let line = transcript.line(for: event) { result.transcript.append(line) }
    }
    if describe {
        var dumped = ""
        dump(session.engine, to: &dumped)
        result.descriptions = [String(describing: session.engine), String(reflecting: session.engine), dumped]
    }
    return result
}
