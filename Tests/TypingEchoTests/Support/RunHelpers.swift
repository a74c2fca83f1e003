@testable import TypingEcho

/// The outcome of running a script: its events, the engine after it, failed expectations and
/// the script error that stopped it, if any.
struct ReplayRun {
    var events: [TimedEvent] = []
    var failures: [ExpectationFailure] = []
    var error: ScriptError?
    var engine: Engine?

    /// Everything spoken, in order.
    var spoken: [String] {
        events.compactMap { if case .speak(let utterance) = $0.event { utterance.text } else { nil } }
    }

    /// Utterances of one role.
    func spoken(_ role: SpeechRole) -> [String] {
        events.compactMap { if case .speak(let utterance) = $0.event, utterance.role == role { utterance.text } else { nil } }
    }

    /// The focused field's text.
    var value: String? { (engine?.focusedElement?.field ?? engine?.editedElement?.field)?.buffer.string }
}

/// Runs a script given as text (lines joined with newlines), to its end.
func replayRun(_ lines: String..., overrides: [(key: String, value: String)] = []) -> ReplayRun {
    var run = ReplayRun()
    var session: ReplaySession
    do { session = try ReplaySession(overrides: overrides) } catch { return run }
    var collector = EventCollector()
    do {
        try session.feed(Array(lines.joined(separator: "\n").utf8), into: &collector) { run.failures.append($0) }
        try session.finish(into: &collector) { run.failures.append($0) }
    } catch {
        run.error = error
    }
    run.events = collector.events
    run.engine = session.engine
    return run
}

/// Runs commands on an engine directly, collecting events; returns the first script error.
@discardableResult
func perform(_ commands: [Command], on engine: inout Engine, into events: inout EventCollector) -> ScriptError? {
    for (number, command) in commands.enumerated() {
        do {
            try engine.run(ScriptLine(location: TypingEcho.SourceLocation(line: number + 1, column: 1), command: command), into: &events)
        } catch {
            return error
        }
    }
    return nil
}

/// Commands that declare a field, focus it and start editing.
func editing(_ kind: FieldKind = .text, id: String = "field") -> [Command] {
    [.field(FieldDeclaration(id: id, kind: kind, label: "Field")), .focus(Located(id, at: .init(line: 1, column: 1))), .doubleTap]
}
