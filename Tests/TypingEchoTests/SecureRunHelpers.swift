@testable import TypingEcho
import TypingEchoTesting

/// What one run of a generated secure session shows the outside world, kept in the cheapest
/// form to compare: the property test runs 100,000 sessions twice each.
struct SecureRunOutput: Equatable {
    var json: [String] = []
    var transcript: [String] = []
    var failures: [String] = []
    var error: String?
    var descriptions: [String] = []

    /// Every line of output, of every kind, as UTF-8 for the leak oracle.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.reduce(0) { $0 + $1.utf8.count } * 2)
        for line in json + transcript + failures + [error ?? ""] + descriptions {
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}

/// Runs session scripts on copies of one prepared session, so the phrasebook, speech tables
/// and keyboard are loaded once, not once per run.
struct SecureRunner {
    let template: ReplaySession

    init() throws { template = try ReplaySession() }

    /// Runs a script; with `dump`, also records `dump` of the session (slow: reflection).
    func run(_ script: String, dump dumping: Bool) -> SecureRunOutput {
        var session = template
        var collector = EventCollector()
        var output = SecureRunOutput()
        do {
            try session.feed(Array(script.utf8), into: &collector) { output.failures.append($0.description) }
            try session.finish(into: &collector) { output.failures.append($0.description) }
        } catch {
            output.error = error.formatted(file: "test.replay")
        }
        var transcript = Transcript()
        output.json.reserveCapacity(collector.events.count)
        for event in collector.events {
            output.json.append(JSONLines.line(event))
            if let line = transcript.line(for: event) { output.transcript.append(line) }
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
