#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// A screen-reader session for simulators and tests: typed verbs in, events out to a sink.
///
/// ```swift
/// var session = try Session()
/// try session.declareField("user", label: "Username")
/// try session.focus("user")
/// try session.doubleTap()
/// try session.keys("Hi ")
/// session.runUntilIdle()
/// print(session.log.lastSpoken ?? "")   // "Hi", the word echoed after "space"
/// ```
///
/// Verbs take no source locations: an error names its ``ScriptError/Kind`` and has no
/// ``ScriptError/location``. Script lines are another way to drive the same session
/// (`run(_ line: ScriptLine)`, ``run(script:)``, ``feedScript(_:failed:)``), and the command-line
/// tool replays scripts through it.
///
/// Time is virtual: a verb happens at ``now`` and takes no time, except `type` (paced by
/// `cadence`) and `keys` (``Settings/keyCadence`` after each key); ``advance(by:)`` lets
/// time pass, ``nextDue`` says when something is scheduled, and ``runUntilIdle()`` lets every queued utterance, hint and phonetic word play out.
///
/// The sink receives every event as it happens; the default, ``EventCollector``, keeps them
/// and answers ``EventCollector/spokenPhrases``, ``EventCollector/lastSpoken``,
/// ``EventCollector/sounds`` and ``EventCollector/edits`` (see ``log``).
public struct Session<Sink: EventSink> {
    /// The model the session drives (its elements, focus, settings and clock); this package's
    /// own tools read it, an embedder reads the session.
    package private(set) var engine: Engine
    /// Where events go as they happen.
    public var sink: Sink
    /// How many expectations ran (`expect` lines and ``check(_:)``).
    public private(set) var expectationCount = 0
    /// How many of them failed.
    public private(set) var failureCount = 0
    /// The last typed setting that could not be applied through the ``settings`` setter.
    public private(set) var rejectedSetting: ScriptError?
    private var splitter = LineSplitter()
    private var lineGuard = LineGuard()
    private let parser = ScriptParser()
    /// How many threads parse the lines of a fed script ahead of running them: 1 (the default)
    /// parses each line on the calling thread just before it runs; more parse the complete
    /// lines of a chunk (up to 1,024 at a time) 32 or more at a time on that many threads while
    /// the calling thread runs them in order (and parses too when the next are not ready).
    /// Parsing depends on nothing but a line's bytes, so the events, errors and their order are
    /// the same for every value, all on the calling thread; `typing-echo` uses the machine's cores.
    public var parsingJobs = 1
    /// The lines run so far, when the session records; nil otherwise.
    private var recording: [String]?

    /// Creates a session with the given settings that sends its events to `sink`.
    /// - Parameters:
    ///   - settings: The starting settings (VoiceOver's defaults unless given).
    ///   - overrides: `KEY=VALUE` pairs that win over every later change, as `--set` does.
    ///   - phonetics: A user's own phonetic alphabet, kept across locale changes.
    ///   - records: Whether to write everything the session does as a replay script
    ///     (``recordedScript``).
    ///   - sink: Where events go.
    /// - Throws: ``ScriptError`` of kind ``ScriptError/Kind/badSetting`` for an override or
    ///   locale that cannot be used.
    public init(
        settings: Settings = Settings(), overrides: [(key: String, value: String)] = [],
        phonetics: PhoneticAlphabet? = nil, records: Bool = false, sink: Sink
    ) throws(ScriptError) {
        do { engine = try Engine(settings: settings, overrides: overrides) } catch {
            throw ScriptError(.badSetting, error.description, at: nil)
        }
        if let phonetics { engine.usePhonetics(phonetics) }
        self.sink = sink
        if records {
            // What differs from VoiceOver's defaults, then the overrides (which win).
            let start = Settings().changes(to: engine.settings)
            recording = start.isEmpty ? [] : [ScriptWriter.line(for: Self.settingsCommand(start))]
            if !overrides.isEmpty { recording?.append(ScriptWriter.line(for: Self.settingsCommand(overrides))) }
        }
    }

    /// Everything the session did, as a `.replay` script that `typing-echo replay` (or
    /// ``run(script:)`` on a new session) replays to the same events; nil unless the session
    /// was created with `records: true`.
    ///
    /// ```swift
    /// var session = try Session(records: true)
    /// try session.declareField("user", label: "Username")
    /// try session.focus("user")
    /// try session.wait(1.5)
    /// print(session.recordedScript ?? "")
    /// // field user kind=text label="Username"
    /// // focus user
    /// // wait 1.5
    /// ```
    ///
    /// Each verb, setting change and script line is written as its script line once it has
    /// run (one that throws is left out); ``runUntilIdle()`` as the `wait` it amounted to. The
    /// script holds what was typed, into secure fields too, as a script written by hand does:
    /// keep it as private as the input. A user's own phonetic alphabet (`phonetics:`) is not
    /// written (the command line's `--phonetics` gives it).
    public var recordedScript: String? { recording.map { $0.map { $0 + "\n" }.joined() } }

    /// Writes a command that ran (at `@S` time `at`, if any) into the recording, if the session records.
    private mutating func record(_ command: Command, at: Double? = nil) {
        guard recording != nil else { return }
        var command = command
        if case .settings(let pairs) = command {
            // An overridden setting keeps its value: its later changes did nothing.
            let kept = pairs.filter { !engine.configuration.isOverridden($0.key) }
            guard !kept.isEmpty else { return }
            command = .settings(kept)
        }
        recording?.append(ScriptWriter.line(for: command, at: at))
    }

    // MARK: - State

    /// The current time on the virtual clock.
    public var now: VirtualTime { engine.now }

    /// When the next scheduled thing happens (an utterance ends, a hint or phonetic word is
    /// due, a resting finger is heard); nil when the session is idle.
    public var nextDue: VirtualTime? { engine.nextDue }

    /// Whether something is being said (or queued to be said) right now.
    public var isSpeaking: Bool { engine.isSpeaking }

    /// Hints and phonetic words waiting for their delay; any input before then drops them.
    public var pendingSpeech: [PendingUtterance] { engine.pendingSpeech }

    /// The hint waiting to be spoken, if any.
    public var pendingHint: PendingUtterance? { pendingSpeech.first { $0.role == .hint } }

    /// The phonetic word waiting to be spoken, if any.
    public var pendingPhonetic: PendingUtterance? { pendingSpeech.first { $0.role == .phonetic } }

    /// Whether nothing is playing or scheduled: ``runUntilIdle()`` would do nothing.
    public var isIdle: Bool { nextDue == nil && !isSpeaking }

    /// The elements in reading order.
    public var elements: [Element] { engine.elements }

    /// The screen as it is now, as ``ScreenDescription`` and ``Lint`` read it: the elements,
    /// the settings, the field being edited and the keyboard's frame.
    public var screen: ScreenSnapshot { engine.screenSnapshot }

    /// The element with screen-reader focus, if any.
    public var focusedElement: Element? { engine.focusedElement }

    /// The element with an id, if declared.
    public func element(_ id: String) -> Element? { engine.element(id) }

    /// What swipe up and down act on.
    public var rotorUnit: RotorUnit { engine.rotor }

    /// Whether the on-screen keyboard is shown (a text field is being edited).
    public var isKeyboardShown: Bool { engine.isKeyboardShown }

    /// Whether a finger is on the screen.
    public var isFingerDown: Bool { engine.isFingerDown }

    /// The field being edited (it has the keyboard; it need not have screen-reader focus).
    public var editedElement: Element? { engine.editedElement }

    /// The id of the field being edited, if any.
    public var editedFieldID: String? { engine.editedElement?.id }

    /// The on-screen key with screen-reader focus as it is named now (`Q` while shift is on, `shift`).
    public var focusedKeyName: String? { engine.focusedKeyName }

    /// The on-screen keyboard's layout in use: the locale's, changed by the edited field's
    /// keyboard type; ``KeyboardLayout/keys(on:)`` gives each layer's keys with their frames.
    public var keyboardLayout: KeyboardLayout { engine.keyboardLayout }

    /// The layer of the on-screen keyboard shown (letters, numbers, symbols).
    public var keyboardLayer: KeyboardLayer { engine.keyboardLayer.layer }

    /// Whether shift or caps lock is on.
    public var shiftState: ShiftState { engine.keyboardLayer.shift }

    /// The keys of the layer shown, in layout order, each with the name it has now (`Q` while
    /// shift is on, `shift`, `space`) and its frame in screen points; empty while no field is
    /// being edited (the keyboard is hidden).
    public var visibleKeys: [(name: String, frame: Frame)] {
        guard engine.isKeyboardShown else { return [] }
        let layer = engine.keyboard.state.layer
        return engine.keyboardLayout.keys(on: layer).indices.map { index in
            let id = KeyID(layer: layer, index: index)
            return (engine.keyboard.state.name(of: id), engine.keyboardLayout[id].frame)
        }
    }

    /// What the screen reader says when focus lands on the element now, as `describe` shows
    /// it (label, value, traits, state; no hint); nil for an unknown id. A secure field's
    /// value is its count, never its text.
    public func announcement(for id: String) -> String? {
        guard let element = engine.element(id) else { return nil }
        return engine.announcer.parts(for: element).map(\.text).joined(separator: engine.phrasebook.listSeparator)
    }

    /// What another screen reader would say on focusing the element now, with its own
    /// conventions and words (`reader=` and that reader's defaults, the other settings as they
    /// are); nil for an unknown id. A secure field's value is its count, never its text.
    ///
    /// ```swift
    /// var session = try Session()
    /// try session.declareElement("go", label: "Sign in", kind: .button)
    /// print(session.announcement(for: "go", as: .talkback) ?? "")   // Sign in, Button
    /// ```
    public func announcement(for id: String, as reader: ScreenReader) -> String? {
        guard let element = engine.element(id) else { return nil }
        var settings = engine.settings
        settings.apply(reader)
        guard let phrasebook = try? Phrasebook(locale: settings.locale, wording: settings.style.wording) else { return nil }
        return Announcer(phrasebook: phrasebook, style: settings.style).utterances(focusing: element).map(\.text)
            .joined(separator: phrasebook.listSeparator)
    }

    /// What the user has copied, if anything; never text from a secure field.
    public var clipboard: String? { engine.clipboardText }

    /// Warnings since the last call (an unknown locale spoken in English).
    public mutating func takeWarnings() -> [EngineWarning] { engine.takeWarnings() }

    // MARK: - Settings

    /// The settings in force; assigning applies every changed setting at once, as a
    /// `settings` line does.
    ///
    /// ```swift
    /// var session = try Session()
    /// session.settings.capitals = .pitch
    /// session.settings.hardwareFeedback = .words
    /// ```
    ///
    /// A setting given as an override keeps its value. A value a script could not write
    /// either (a `rate` outside 0.1–10, a delay over an hour, a locale that is not a BCP 47
    /// tag) is not applied — it keeps its old value while the other changes are applied —
    /// and the error is kept in ``rejectedSetting``. Use ``apply(_:)`` to get it thrown.
    public var settings: Settings {
        get { engine.settings }
        set {
            var rejected: ScriptError?
            var valid: [(key: String, value: String)] = []
            var probe = engine.settings
            for change in engine.settings.changes(to: newValue) {
                do {
                    try probe.set(change.key, to: change.value)
                    valid.append(change)
                } catch {
                    rejected = rejected ?? ScriptError(.badSetting, error.description, at: nil)
                }
            }
            if !valid.isEmpty {
                do { try run(Self.settingsCommand(valid)) } catch { rejected = rejected ?? error }
            }
            rejectedSetting = rejected
        }
    }

    /// Applies every setting that differs from the ones in force, all or none.
    /// - Throws: ``ScriptError`` of kind ``ScriptError/Kind/badSetting`` for the first value
    ///   that cannot be used (in ``Settings/keys`` order); then nothing is changed.
    public mutating func apply(_ settings: Settings) throws(ScriptError) {
        let changes = engine.settings.changes(to: settings)
        var probe = engine.settings
        for change in changes {
            do { try probe.set(change.key, to: change.value) } catch {
                throw ScriptError(.badSetting, error.description, at: nil)
            }
        }
        guard !changes.isEmpty else { return }
        try run(Self.settingsCommand(changes))
    }

    /// A `settings` command for `KEY=VALUE` pairs.
    private static func settingsCommand(_ pairs: [(key: String, value: String)]) -> Command {
        .settings(pairs.map { SettingAssignment(key: $0.key, value: $0.value) })
    }

    /// Sets one setting from its script form, as `settings KEY=VALUE` does.
    /// - Throws: ``ScriptError`` of kind ``ScriptError/Kind/badSetting``.
    public mutating func set(_ key: String, to value: String) throws(ScriptError) {
        try run(Self.settingsCommand([(key, value)]))
    }

    // MARK: - Running commands

    /// Performs one command now; events go to ``sink``.
    /// - Returns: For an `expect` command that does not hold, what was expected and what
    ///   happened instead; nil otherwise.
    /// - Throws: ``ScriptError`` without a location when the command cannot be performed.
    @discardableResult
    public mutating func run(_ command: Command) throws(ScriptError) -> String? {
        if case .expect = command { expectationCount += 1 }
        let failure = try engine.run(command, into: &sink)
        if failure != nil { failureCount += 1 }
        record(command)
        return failure
    }

    /// Runs one script line: its `@S` time first, then its command; an `expect … for=` line
    /// whose readers do not include the reader in force does nothing.
    /// - Returns: The failed expectation, if the line was an `expect` that did not hold.
    /// - Throws: ``ScriptError`` at the line's location.
    @discardableResult
    public mutating func run(_ line: ScriptLine) throws(ScriptError) -> ExpectationFailure? {
        // An `expect … for=` line of other readers is not run (nor counted, nor recorded).
        guard line.applies(to: engine.settings.reader) else { return nil }
        if case .expect = line.command { expectationCount += 1 }
        let failure = try engine.run(line, into: &sink)
        if failure != nil { failureCount += 1 }
        record(line.command, at: line.at)
        return failure
    }

    /// Checks an expectation against what happened since the previous one (as `expect` does).
    /// - Returns: What was expected and what happened instead, or nil when it holds.
    public mutating func check(_ expectation: Expectation) -> String? {
        // An expectation never throws: it reports.
        try? run(.expect(expectation))
    }

    /// Runs every line of a script (lines numbered from 1 in this text), stopping at the
    /// first error; time is not run out at the end (see ``runUntilIdle()``).
    /// - Returns: The expectations that failed.
    /// - Throws: ``ScriptError`` with the line and column in `script`.
    @discardableResult
    public mutating func run(script: String) throws(ScriptError) -> [ExpectationFailure] {
        var splitter = LineSplitter()
        splitter.append(script.utf8)
        splitter.finish()
        var failures: [ExpectationFailure] = []
        while let (number, bytes) = splitter.nextLine() {
            guard let line = try parser.parse(line: bytes, number: number) else { continue }
            if let failure = try run(line) { failures.append(failure) }
        }
        return failures
    }

    /// Feeds the next bytes of a script that arrives in chunks, running every line they
    /// complete; memory stays bounded by the longest line.
    /// - Parameters:
    ///   - chunk: The next bytes; a chunk may end anywhere, inside a line or a character.
    ///   - failed: Called with each expectation that does not hold.
    /// - Throws: ``ScriptError`` for the first bad line; feed nothing more after that.
    public mutating func feedScript(_ chunk: some Collection<UInt8>, failed: (ExpectationFailure) -> Void = { _ in }) throws(ScriptError) {
        splitter.append(chunk)
        try runFedLines(failed: failed)
        try lineGuard.checkPending(splitter)
    }

    /// Ends a script fed with ``feedScript(_:failed:)``: runs its last line if it had no
    /// newline, then lets time run out (``runUntilIdle()``), as `typing-echo replay` does.
    public mutating func finishScript(failed: (ExpectationFailure) -> Void = { _ in }) throws(ScriptError) {
        splitter.finish()
        try runFedLines(failed: failed)
        splitter = LineSplitter()
        lineGuard = LineGuard()
        runUntilIdle()
    }

    private mutating func runFedLines(failed: (ExpectationFailure) -> Void) throws(ScriptError) {
        guard parsingJobs > 1 else {
            while let (number, bytes) = splitter.nextLine() {
                try lineGuard.checkComplete(bytes, number: number)
                guard let line = try parser.parse(line: bytes, number: number) else { continue }
                if let failure = try run(line) { failed(failure) }
            }
            return
        }
        // A batch of complete lines is parsed on the other threads while it runs in order; a
        // line's error is thrown when its turn comes, after the lines before it have run, as
        // one at a time.
        while true {
            var batch: [LineSplitter.Line] = []
            var stop: ScriptError?
            while batch.count < ScriptParser.batchSize, let line = splitter.nextLine() {
                do throws(ScriptError) {
                    try lineGuard.checkComplete(line.bytes, number: line.number)
                } catch {
                    stop = error
                    break
                }
                batch.append(line)
            }
            if batch.isEmpty && stop == nil { return }
            try runParsing(batch, failed: failed)
            if let stop { throw stop }
        }
    }

    /// Runs a batch of lines in order while they are parsed: a chunk at a time, by the other
    /// threads and by this one when the next chunk to run is not parsed yet (parsing the whole
    /// batch first left the other cores idle while the lines ran, a third of the time).
    private mutating func runParsing(_ batch: [LineSplitter.Line], failed: (ExpectationFailure) -> Void) throws(ScriptError) {
        let pipeline = ParsingPipeline(batch, parser: parser)
        guard pipeline.chunkCount > 1 else {
            // One chunk: nothing for another thread to do.
            var share = parser.parse(batch, share: 0..<batch.count)
            return try run(&share, failed: failed)
        }
        // The other threads parse from the first chunk on; this one runs the chunks in order,
        // so that the sink and `failed` hear everything on the caller's thread, as with one job.
        // It waits for no helper: one that starts late (every thread of the pool busy) finds
        // every chunk taken, or the batch cancelled, and stops; the pipeline lives as long as
        // a helper holds it, and a helper touches nothing but it.
        for _ in 1..<max(2, parsingJobs) {
            DispatchQueue.global().async { while pipeline.parseNextChunk() {} }
        }
        for chunk in 0..<pipeline.chunkCount {
            var share = pipeline.waitForChunk(chunk)
            do { try run(&share, failed: failed) } catch {
                pipeline.cancel()
                throw error
            }
        }
    }

    /// Runs a share's lines in order, then throws its error, if any.
    private mutating func run(_ share: inout ScriptParser.ParsedShare, failed: (ExpectationFailure) -> Void) throws(ScriptError) {
        while let parsed = share.reversed.popLast() {
            guard let line = parsed else { continue }
            if let failure = try run(line) { failed(failure) }
        }
        if let error = share.error { throw error }
    }

    // MARK: - Time

    /// Lets time run until nothing is pending: queued speech ends, hints and phonetic words
    /// are said, a resting finger is heard. Usable at any point of a session.
    public mutating func runUntilIdle() {
        let start = engine.now
        engine.finish(into: &sink)
        if recording != nil, engine.now > start {
            recording?.append(ScriptWriter.line(for: .wait(Double((engine.now - start).milliseconds) / 1000)))
        }
    }

    /// Lets virtual time pass, performing everything due meanwhile (as `wait` does).
    /// - Throws: ``ScriptError`` of kind ``ScriptError/Kind/timeOutOfRange`` for a negative
    ///   duration or one the clock cannot reach.
    public mutating func advance(by duration: VirtualDuration) throws(ScriptError) {
        guard duration.milliseconds >= 0 else {
            throw ScriptError(.timeOutOfRange, "cannot advance by a negative duration", at: nil)
        }
        try run(.wait(Double(duration.milliseconds) / 1000))
    }

    /// Lets virtual time pass until `time` (as a line starting with `@S` does).
    /// - Throws: ``ScriptError`` of kind ``ScriptError/Kind/timeBackwards`` when `time` is
    ///   before ``now``.
    public mutating func advance(to time: VirtualTime) throws(ScriptError) {
        guard time >= now else {
            throw ScriptError(.timeBackwards, "\(time) is before the current time \(now)", at: nil)
        }
        try advance(by: time - now)
    }

    /// Waits `seconds` of virtual time (the script's `wait S`).
    public mutating func wait(_ seconds: Double) throws(ScriptError) {
        guard seconds.isFinite, seconds >= 0 else {
            throw ScriptError(.timeOutOfRange, "wait takes a number of seconds of at least 0", at: nil)
        }
        try run(.wait(seconds))
    }
}

extension Session where Sink == EventCollector {
    /// Creates a session that keeps every event in ``log``; with `records: true` it also
    /// writes what it does as a replay script (``recordedScript``). `overrides` are `KEY=VALUE`
    /// pairs that win over every later change, as `--set` does.
    /// - Throws: ``ScriptError`` of kind ``ScriptError/Kind/badSetting`` for an override or a
    ///   locale that cannot be used.
    public init(
        settings: Settings = Settings(), overrides: [(key: String, value: String)] = [], phonetics: PhoneticAlphabet? = nil,
        records: Bool = false
    ) throws(ScriptError) {
        try self.init(settings: settings, overrides: overrides, phonetics: phonetics, records: records, sink: EventCollector())
    }

    /// Everything that happened so far: events, and the phrases, sounds and edits among them.
    public var log: EventCollector {
        get { sink }
        set { sink = newValue }
    }
}

extension Session: Sendable where Sink: Sendable {}

extension Session: CustomStringConvertible, CustomReflectable {
    /// A summary without any text: `Session(at 3.000, 3 elements, focus pw)`.
    public var description: String {
        let focus = focusedElement.map { ", focus \($0.id)" } ?? ""
        return "Session(at \(now), \(elements.count) elements\(focus))"
    }

    /// The engine and the counts; never the bytes of a script line not yet run, nor the sink
    /// (it is the caller's, and may hold what a user typed).
    public var customMirror: Mirror {
        Mirror(self, children: ["engine": engine, "expectationCount": expectationCount, "failureCount": failureCount],
               displayStyle: .struct)
    }
}

/// A batch of lines parsed a chunk at a time by several threads, in order of the chunks, while
/// the session's thread runs the parsed chunks in order (``waitForChunk(_:)``).
///
/// `@unchecked Sendable`: chunk `k`'s slot is written once, by the thread that took it, before
/// its bit in `done` is set (releasing), and read only by the runner after it saw that bit
/// (acquiring).
private final class ParsingPipeline: @unchecked Sendable {
    let lines: [LineSplitter.Line]
    let parser: ScriptParser
    /// How many lines a chunk holds (the last may hold fewer).
    let chunkSize: Int
    /// How many chunks the batch is cut into: at most 64, one bit each of `done`.
    let chunkCount: Int
    private let slots: UnsafeMutableBufferPointer<ScriptParser.ParsedShare>
    /// The next chunk no thread has taken.
    private let next = Atomic<Int>(0)
    /// Bit `k` is set once chunk `k` is parsed.
    private let done = Atomic<UInt64>(0)
    /// Set when the runner stopped at an error: the chunks after it are not needed.
    private let cancelled = Atomic<Bool>(false)

    init(_ lines: [LineSplitter.Line], parser: ScriptParser) {
        self.lines = lines
        self.parser = parser
        chunkSize = max(32, (lines.count + 63) / 64)
        chunkCount = (lines.count + chunkSize - 1) / chunkSize
        slots = .allocate(capacity: chunkCount)
        slots.initialize(repeating: ScriptParser.ParsedShare())
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// Takes the next chunk nobody took and parses it; false when none is left (or the runner stopped).
    func parseNextChunk() -> Bool {
        guard !cancelled.load(ordering: .relaxed) else { return false }
        let chunk = next.add(1, ordering: .relaxed).oldValue
        guard chunk < chunkCount else { return false }
        slots[chunk] = parser.parse(lines, share: chunk * chunkSize..<min(lines.count, (chunk + 1) * chunkSize))
        done.bitwiseOr(1 << UInt64(chunk), ordering: .releasing)
        return true
    }

    /// Chunk `chunk`, parsed: by this thread when no other has it in hand (a chunk not yet
    /// taken is parsed meanwhile).
    func waitForChunk(_ chunk: Int) -> ScriptParser.ParsedShare {
        while done.load(ordering: .acquiring) & (1 << UInt64(chunk)) == 0 {
            // Another thread is parsing it: parse a later one meanwhile, or let it finish.
            if !parseNextChunk() { sched_yield() }
        }
        var share = ScriptParser.ParsedShare()
        swap(&share, &slots[chunk])
        return share
    }

    /// The runner stopped: no more chunks are taken.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }
}
