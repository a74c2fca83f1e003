/// Runs a replay script fed in chunks of bytes: splits lines, parses each one and runs it on
/// an engine as soon as it is complete, so output starts before the script is fully read and
/// memory stays bounded by the longest line.
///
/// ```swift
/// var session = try ReplaySession()
/// var events = EventCollector()
/// try session.feed(Array("field name kind=text label=\"Name\"\n".utf8), into: &events)
/// try session.finish(into: &events)
/// ```
public struct ReplaySession: Sendable {
    /// The engine the script drives.
    public private(set) var engine: Engine
    private var splitter = LineSplitter()
    private var lineGuard = LineGuard()
    private let parser = ScriptParser()
    /// How many `expect` lines ran.
    public private(set) var expectationCount = 0
    /// How many of them failed.
    public private(set) var failureCount = 0

    /// Creates a session; `overrides` are `--set` pairs that win over the script's settings.
    public init(overrides: [(key: String, value: String)] = []) throws(SettingError) {
        engine = try Engine(overrides: overrides)
    }

    /// Creates a session that speaks phonetic words from a user's own alphabet.
    public init(overrides: [(key: String, value: String)] = [], phonetics: PhoneticAlphabet?) throws(SettingError) {
        engine = try Engine(overrides: overrides)
        engine.usePhonetics(phonetics)
    }

    /// Warnings since the last call (an unknown locale falling back to English).
    public mutating func takeWarnings() -> [EngineWarning] { engine.takeWarnings() }

    /// Feeds the next bytes of the script, running every line they complete.
    /// - Parameters:
    ///   - chunk: The next bytes; a chunk may end anywhere, inside a line or a character.
    ///   - sink: Where the events of the lines it completes go.
    ///   - failed: Called with each expectation that does not hold.
    /// - Throws: `ScriptError` for the first bad line; the session should not be fed after that.
    public mutating func feed(
        _ chunk: some Collection<UInt8>, into sink: inout some EventSink,
        failed: (ExpectationFailure) -> Void = { _ in }
    ) throws(ScriptError) {
        splitter.append(chunk)
        try runCompleteLines(into: &sink, failed: failed)
        try lineGuard.checkPending(splitter)
    }

    /// Runs the last line if it had no newline, then lets time run out (queued speech ends).
    public mutating func finish(into sink: inout some EventSink, failed: (ExpectationFailure) -> Void = { _ in }) throws(ScriptError) {
        splitter.finish()
        try runCompleteLines(into: &sink, failed: failed)
        engine.finish(into: &sink)
    }

    private mutating func runCompleteLines(into sink: inout some EventSink, failed: (ExpectationFailure) -> Void) throws(ScriptError) {
        while let (number, bytes) = splitter.nextLine() {
            try lineGuard.checkComplete(bytes, number: number)
            guard let line = try parser.parse(line: bytes, number: number) else { continue }
            if case .expect = line.command { expectationCount += 1 }
            if let failure = try engine.run(line, into: &sink) {
                failureCount += 1
                failed(failure)
            }
        }
    }
}

extension ReplaySession: CustomReflectable {
    /// The engine and the counts; never the bytes of a line not yet run (it may hold a password).
    public var customMirror: Mirror {
        Mirror(self, children: ["engine": engine, "expectationCount": expectationCount, "failureCount": failureCount],
               displayStyle: .struct)
    }
}
