import TypingEcho

/// A value that can be written as a runnable `.replay` script, so that a counterexample of it
/// can be rerun from the command line (`typing-echo check FILE`).
public protocol ReplayScriptConvertible {
    /// The script text, each line ending in a newline.
    var replayScript: String { get }
}

/// A session as typed engine commands — what a generator of sessions produces and a property
/// runs — printable as a `.replay` script that does the same.
///
/// ```swift
/// let script = SessionScript([
///     .field(FieldDeclaration(id: "user", kind: .text, label: "Username")),
///     .focus("user"),
///     .doubleTap,
///     .keys("Hi "),
/// ])
/// var session = try script.makeSession()
/// session.runUntilIdle()
/// // session.log.lastSpoken == "Hi"; script.text is the same session as a .replay file
/// ```
public struct SessionScript: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, ReplayScriptConvertible {
    /// The commands in order.
    public var commands: [Command]

    /// A script of these commands.
    public init(_ commands: [Command]) {
        self.commands = commands
    }

    /// The commands of a script's text (comments and blank lines skipped, `@S` times dropped).
    /// - Throws: `ScriptError` at the line and column of the first line that does not parse.
    /// - Complexity: O(*n*) in the length of the text.
    public init(parsing text: String) throws(ScriptError) {
        var splitter = LineSplitter()
        splitter.append(text.utf8)
        splitter.finish()
        let parser = ScriptParser()
        var commands: [Command] = []
        while let (number, bytes) = splitter.nextLine() {
            if let line = try parser.parse(line: bytes, number: number) { commands.append(line.command) }
        }
        self.commands = commands
    }

    /// One script line per command.
    public var lines: [String] { commands.map(ReplayText.line(for:)) }

    /// The `.replay` text: one line per command, each ending in a newline.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// The `.replay` text (``text``).
    public var replayScript: String { text }

    /// The script with `command` added at the end.
    public func appending(_ command: Command) -> SessionScript {
        SessionScript(commands + [command])
    }

    /// The script with an `expect` line added at the end.
    public func expecting(_ expectation: Expectation) -> SessionScript {
        appending(.expect(expectation))
    }

    /// The first `count` commands.
    public func prefix(_ count: Int) -> SessionScript {
        SessionScript(Array(commands.prefix(max(0, count))))
    }

    /// Runs every command on `session`, stopping at the first error; time is not run out at
    /// the end (call `runUntilIdle()` for that).
    /// - Returns: The messages of the `expect` commands that did not hold.
    /// - Throws: `ScriptError` (without a location) for the first command that cannot be performed.
    @discardableResult
    public func run<Sink: EventSink>(on session: inout Session<Sink>) throws(ScriptError) -> [String] {
        var failures: [String] = []
        for command in commands {
            if let failure = try session.run(command) { failures.append(failure) }
        }
        return failures
    }

    /// A new session with `settings` (VoiceOver's defaults unless given) that has run every command.
    /// - Throws: `ScriptError` for the first command that cannot be performed.
    public func makeSession(settings: Settings = Settings()) throws(ScriptError) -> Session<EventCollector> {
        var session = try Session(settings: settings)
        try run(on: &session)
        return session
    }

    /// Fails the property unless `expectation` holds on `session` now, with a counterexample
    /// that replays: this script's first `count` commands (all by default) and the `expect`
    /// line, which `typing-echo check` then fails on as the property did.
    /// - Throws: ``ReplayCounterexample`` when the expectation does not hold.
    public func require<Sink: EventSink>(
        _ expectation: Expectation, on session: inout Session<Sink>, after count: Int? = nil
    ) throws(ReplayCounterexample) {
        guard let failure = session.check(expectation) else { return }
        let script = prefix(count ?? commands.count).expecting(expectation)
        throw ReplayCounterexample(script: script.text, message: failure)
    }

    /// The script's lines, one per line.
    public var description: String { lines.joined(separator: "\n") }

    /// The script's lines, for counterexamples.
    public var debugDescription: String { "SessionScript:\n" + lines.map { "  " + $0 }.joined(separator: "\n") }
}

/// A property's failure that carries a `.replay` script reproducing it: the property runner
/// writes the script as the counterexample file, and `typing-echo check` fails on it.
public struct ReplayCounterexample: Error, Sendable, Hashable, CustomStringConvertible {
    /// The script text, each line ending in a newline; its last `expect` is what failed.
    public var script: String
    /// Why the property failed.
    public var message: String

    /// A counterexample with its script and message.
    public init(script: String, message: String) {
        self.script = script
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension SecureSession: ReplayScriptConvertible {
    /// The session's replay script (``script``).
    public var replayScript: String { script }
}
