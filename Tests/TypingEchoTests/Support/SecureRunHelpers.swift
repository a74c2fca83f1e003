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

    /// Runs a session's body and its decoy's. The lines both share before the first that
    /// differs (the first with secret text) run once, on a session that is then copied.
    func runPair(_ real: String, _ decoy: String, format: Bool, dump: Bool) -> (SecureRunOutput, SecureRunOutput) {
        let a = Array(real.utf8), b = Array(decoy.utf8)
        var common = 0, lineEnd = 0
        while common < a.count && common < b.count && a[common] == b[common] {
            if a[common] == 0x0A { lineEnd = common + 1 }
            common += 1
        }
        var session = template
        var collector = EventCollector()
        var failures: [String] = []
        var error: String?
        do {
            try session.feed(a[..<lineEnd], into: &collector) { failures.append($0.description) }
        } catch let thrown {
            error = thrown.formatted(file: "test.replay")
        }
        func finish(_ rest: ArraySlice<UInt8>) -> SecureRunOutput {
            var session = session, collector = collector
            var output = SecureRunOutput(failures: failures, error: error)
            if error == nil {
                do {
                    try session.feed(rest, into: &collector) { output.failures.append($0.description) }
                    try session.finish(into: &collector) { output.failures.append($0.description) }
                } catch {
                    output.error = error.formatted(file: "test.replay")
                }
            }
            describe(session, collector.events, into: &output, format: format, dump: dump)
            return output
        }
        return (finish(a[lineEnd...]), finish(b[lineEnd...]))
    }

    /// Fills in what a finished session shows: events, formatted output, descriptions.
    private func describe(_ session: ReplaySession, _ events: [TimedEvent], into output: inout SecureRunOutput, format: Bool, dump dumping: Bool) {
        output.events = events
        if format {
            var transcript = Transcript()
            for event in events {
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
    }
}
