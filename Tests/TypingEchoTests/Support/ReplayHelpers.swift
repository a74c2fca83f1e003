import Testing
@_spi(Testing) @testable import TypingEcho

/// What a test expects of the script it replays: that it runs to its end (the default), or
/// that it stops at a script error, or either (hostile scripts, where both are fine).
enum ScriptOutcome {
    /// The script runs to its end; a script error fails the test.
    case finishes
    /// The script stops at a script error; a script that runs to its end fails the test.
    case stopsWithError
    /// Either is fine; the test looks at `ReplayRun.error` itself.
    case either
}

/// Everything a run of a script shows the outside world, and the engine after it.
struct ReplayRun {
    /// The events, in order.
    var events: [TimedEvent] = []
    /// The expectations that failed.
    var failures: [ExpectationFailure] = []
    /// The script error that stopped the run, if any.
    var error: ScriptError?
    /// The settings override that was refused, if any (the script did not run).
    var refusedOverride: ScriptError?
    /// The engine after the run (`nil` only if the settings overrides were refused).
    var engine: Engine?
    /// The events as JSON lines.
    var json: [String] = []
    /// The events as transcript lines.
    var transcript: [String] = []
    /// The engine's `description`, `debugDescription` and `dump`, when asked for.
    var descriptions: [String] = []

    /// The script error as `typing-echo` prints it, with the file name `test.replay`.
    var errorLine: String? { error?.formatted(file: "test.replay") }

    /// The failed expectations as `typing-echo` prints them.
    var failureLines: [String] { failures.map(\.description) }

    /// Every line of output, of every kind, in one text.
    var everything: String {
        (json + transcript + failureLines + [errorLine ?? ""] + descriptions).joined(separator: "\n")
    }

    /// The texts spoken, in order.
    var spoken: [String] {
        events.compactMap { if case .speak(let utterance) = $0.event { utterance.text } else { nil } }
    }

    /// The texts spoken in one role, in order.
    func spoken(_ role: SpeechRole) -> [String] {
        events.compactMap { if case .speak(let utterance) = $0.event, utterance.role == role { utterance.text } else { nil } }
    }

    /// The utterances, in order.
    var utterances: [Utterance] {
        events.compactMap { if case .speak(let utterance) = $0.event { utterance } else { nil } }
    }

    /// The sounds played, in order.
    var sounds: [SoundName] {
        events.compactMap { if case .sound(let name) = $0.event { name } else { nil } }
    }

    /// The focused (or else the edited) field's text, a secure one's too (through the testing-only route).
    var value: String? { (engine?.focusedElement?.field ?? engine?.editedElement?.field)?.secretTextForTesting }
}

/// Runs a script (its lines joined with newlines) the way `typing-echo replay` does, to its end
/// or its first script error, and collects what it shows.
///
/// A script error fails the calling test unless `outcome` says the test expects one, so a typo
/// in a test's script cannot pass unnoticed; refused `overrides` fail it the same way.
func replay(
    _ lines: String..., overrides: [(key: String, value: String)] = [], describe: Bool = false,
    expecting outcome: ScriptOutcome = .finishes, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> ReplayRun {
    var run = ReplayRun()
    var session: Session<EventCollector>
    do {
        session = try Session(overrides: overrides)
    } catch {
        run.refusedOverride = error
        if outcome == .finishes { Issue.record("the overrides were refused: \(error)", sourceLocation: sourceLocation) }
        return run
    }
    do {
        try session.feedScript(Array(lines.joined(separator: "\n").utf8)) { run.failures.append($0) }
        try session.finishScript { run.failures.append($0) }
    } catch {
        run.error = error
    }
    switch (outcome, run.errorLine) {
    case (.finishes, let line?): Issue.record("the script stopped: \(line)", sourceLocation: sourceLocation)
    case (.stopsWithError, nil): Issue.record("the script ran to its end; a script error was expected", sourceLocation: sourceLocation)
    default: break
    }
    run.events = session.log.events
    run.engine = session.engine
    var transcript = Transcript()
    for event in session.log.events {
        run.json.append(JSONLines.line(event))
        if let line = transcript.line(for: event) { run.transcript.append(line) }
    }
    if describe {
        var dumped = ""
        dump(session.engine, to: &dumped)
        run.descriptions = [String(describing: session.engine), String(reflecting: session.engine), dumped]
    }
    return run
}

/// Runs a script given as its lines: `replay(_:overrides:describe:expecting:sourceLocation:)`
/// with the lines joined by line feeds.
func replay(
    _ lines: [String], overrides: [(key: String, value: String)] = [], describe: Bool = false,
    expecting outcome: ScriptOutcome = .finishes, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> ReplayRun {
    replay(lines.joined(separator: "\n"), overrides: overrides, describe: describe, expecting: outcome, sourceLocation: sourceLocation)
}
