@testable import TypingEcho
import TypingEchoTesting

/// What one run of a generated secure session shows the outside world. Events stand for the
/// JSON and the transcript (both are functions of them); those are formatted only when asked.
struct SecureRunOutput: Equatable {
    var events: [TimedEvent] = []
    var json: [String] = []
    var transcript: [String] = []
    var failures: [String] = []
    var error: String?
    var descriptions: [String] = []

    /// Every line of output, of every kind, as UTF-8 for the leak oracle.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        for line in json + transcript + failures + [error ?? ""] + descriptions {
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}

/// Runs generated sessions on copies of one session that has already run the declarations,
/// so the phrasebook, speech tables, keyboard and fields are set up once, not once per run.
struct SecureRunner {
    let template: ReplaySession

    init() throws {
        var session = try ReplaySession()
        var ignored = EventCollector()
        try session.feed(Array(SecureSession.prelude.utf8), into: &ignored)
        template = session
    }

    /// Runs a session's body. With `format`, also writes JSON Lines and the transcript; with
    /// `dump`, also records `dump` of the session (slow: reflection).
    func run(_ body: String, format: Bool, dump dumping: Bool) -> SecureRunOutput {
        var session = template
        var collector = EventCollector()
        var output = SecureRunOutput()
        do {
            try session.feed(Array(body.utf8), into: &collector) { output.failures.append($0.description) }
            try session.finish(into: &collector) { output.failures.append($0.description) }
        } catch {
            output.error = error.formatted(file: "test.replay")
        }
        output.events = collector.events
        if format {
            var transcript = Transcript()
            for event in collector.events {
                output.json.append(JSONLines.line(event))
                if let line = transcript.line(for: event) { output.transcript.append(line) }
            }
        }
        let engine = session.engine
        output.descriptions = [String(describing: engine), String(reflecting: engine)]
        for element in engine.elements {
            if let field = element.field {
                output.descriptions += [String(describing: field), String(reflecting: field), String(describing: field.buffer)]
            }
        }
        if dumping {
            var dumped = ""
            dump(session, to: &dumped)
            output.descriptions.append(dumped)
        }
        return output
    }
}
