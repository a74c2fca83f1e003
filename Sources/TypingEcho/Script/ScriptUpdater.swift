/// Rewrites a script's `expect` lines so that they hold, as `typing-echo check --update` does.
///
/// ```swift
/// let updater = ScriptUpdater()
/// let update = try updater.update("field user kind=text label=\"Username\"\nfocus user\nwait 2\n")
/// let script = update.script   // the same three lines, then: expect heard "Username, text field"
/// ```
///
/// The script runs once to learn which utterances are heard to their end, then again to
/// rewrite it (and so for each reader of `readers`, as `--set reader=NAME` would run it):
/// - an `expect` line that fails is replaced by one of the same kind that holds: the utterance
///   nearest to the text expected, the field's value, count or insertion point, the display's
///   cells; an `expect heard` of speech only said becomes `expect speech`, and a line with
///   nothing of its kind to say becomes what the window held (`expect no-speech` when nothing
///   was said);
/// - after a command that said something and that no `expect` line follows, one line is added:
///   `expect heard` for the last utterance heard to its end in its window, else `expect speech`
///   for the last utterance it said that is cut (now or later, by a later command); speech it
///   said that will be heard to its end gets its `expect heard` after the command during which
///   it ends (usually a `wait`), and after the last command speech still playing gets
///   `expect speech`;
/// - everything else (passing lines, comments, blank lines, layout, line endings) stays as it
///   was, so a second update changes nothing.
///
/// It never writes a secure field's text: a failed `expect value` on a secure field becomes
/// `expect count`. With several readers, a line where they agree is written once, and where
/// they differ one line per distinct expectation ends in `for=READER,…`; readers not run are
/// not considered (a line they share stays shared).
///
/// An utterance longer than the 512 bytes of UTF-8 an expectation window keeps of each is known
/// only by its start and digest, so it is never written: a line that only it could satisfy is
/// left as it was and named in ``ScriptUpdate/unwritten``.
public struct ScriptUpdater: Sendable {
    /// The starting settings of each run.
    public var settings: Settings
    /// `KEY=VALUE` pairs that win over the script's settings, as `--set` does.
    public var overrides: [SettingAssignment]
    /// A user's own phonetic alphabet.
    public var phonetics: PhoneticAlphabet?
    /// Whether a passing `expect speech "TEXT"` becomes `expect heard "TEXT"` where that
    /// utterance is also heard to its end in the line's window (`check --update --heard`): the
    /// stronger expectation, where it holds.
    public var prefersHeard = false

    /// Creates an updater with the settings each run starts from.
    public init(settings: Settings = Settings(), overrides: [SettingAssignment] = [], phonetics: PhoneticAlphabet? = nil, prefersHeard: Bool = false) {
        self.settings = settings
        self.overrides = overrides
        self.phonetics = phonetics
        self.prefersHeard = prefersHeard
    }

    /// The script rewritten so that its expectations hold.
    /// - Parameters:
    ///   - script: The script's text.
    ///   - readers: The readers to run it under, each as `--set reader=NAME`; nil runs it once
    ///     with the reader its settings choose, and keeps every line's `for=` as it is.
    /// - Throws: ``ScriptError`` for a line that does not parse or run (with its location).
    /// - Complexity: O(*n*) in the script's length, times the number of readers.
    public func update(_ script: String, readers: [ScreenReader]? = nil) throws(ScriptError) -> ScriptUpdate {
        let text = ScriptText(script)
        let parser = ScriptParser()
        var parsed: [ScriptLine?] = []
        parsed.reserveCapacity(text.lines.count)
        for (index, line) in text.lines.enumerated() {
            parsed.append(try parser.parse(line: Array(line.content.utf8), number: index + 1))
        }
        let runs: [ScreenReader?] = readers.map { $0.isEmpty ? [nil] : $0.map { Optional($0) } } ?? [nil]
        var outcomes: [(reader: ScreenReader?, outcome: RunOutcome)] = []
        for reader in runs {
            outcomes.append((reader, try run(parsed, reader: reader)))
        }
        return ScriptMerge(text: text, parsed: parsed, outcomes: outcomes).update()
    }

    /// One run of the script: what each expect line came to, and what is added after which line.
    private func run(_ lines: [ScriptLine?], reader: ScreenReader?) throws(ScriptError) -> RunOutcome {
        var overrides = overrides.map { (key: $0.key, value: $0.value) }
        if let reader { overrides.append((key: "reader", value: reader.rawValue)) }
        // A first run learns which utterances are heard to their end (expectations change no
        // event) and which expect lines pass as the script stands.
        var first = try Session(settings: settings, overrides: overrides, phonetics: phonetics, sink: UtteranceFates())
        var passing = Set<Int>()
        for (index, line) in lines.enumerated() {
            guard let line else { continue }
            let checked = line.applies(to: first.engine.settings.reader)
            if try first.run(line) == nil, checked, case .expect = line.command { passing.insert(index) }
        }
        first.runUntilIdle()
        let fates = first.sink
        var session = try Session(settings: settings, overrides: overrides, phonetics: phonetics, sink: DroppingSink())
        var outcome = RunOutcome()
        var index = 0
        while index < lines.count {
            guard let line = lines[index] else {
                index += 1
                continue
            }
            guard case .expect = line.command else {
                try session.run(line)
                let next = Self.nextCommand(after: index, in: lines)
                let followed = next.map { Self.group(at: $0, in: lines).contains { lines[$0]!.applies(to: session.engine.settings.reader) } } ?? false
                if !followed, let added = ExpectationChoice(session.engine.observation, fates: fates).added(isLast: next == nil),
                    try Self.keepsPassing(added, after: index, in: lines, session: session, passing: passing) {
                    outcome.added[index] = added
                    _ = session.check(added)
                }
                index += 1
                continue
            }
            // A group of expect lines shares one window: each is checked, then the failed ones
            // are replaced from the window (still whole until the next command), each by a text
            // the group's passing lines did not already name.
            let group = Self.group(at: index, in: lines)
            var failed: [Int] = []
            var passedSpeech: [(line: Int, text: String)] = []
            var named: [String] = []
            for member in group {
                let line = lines[member]!
                guard line.applies(to: session.engine.settings.reader), case .expect(let expectation) = line.command else { continue }
                outcome.ran.insert(member)
                if try session.run(line) != nil {
                    failed.append(member)
                } else if case .speech(let text) = expectation {
                    named.append(text)
                    passedSpeech.append((member, text))
                } else if case .heard(let text) = expectation {
                    named.append(text)
                }
            }
            var choice = ExpectationChoice(session.engine.observation, fates: fates, named: named)
            for member in failed {
                guard case .expect(let expectation) = lines[member]!.command else { continue }
                outcome.replaced[member] = choice.replacement(for: expectation)
            }
            if prefersHeard {
                let heard = session.engine.observation.endings.filter(\.heardToTheEnd)
                for (member, text) in passedSpeech where heard.contains(where: { !$0.text.isCut && $0.text.matches(text) }) {
                    outcome.replaced[member] = .heard(text)
                }
            }
            index = group.last! + 1
        }
        return outcome
    }

    /// How many lines ahead an added line is tried against the expect lines it would split a
    /// window from; past that it is not added (a long run of commands without expectations
    /// costs its length once, not its square).
    static let lookahead = 64

    /// Whether adding `expectation` after line `index` keeps every later expect line that passes
    /// passing: it closes a window that an existing line may be about (three commands' speech
    /// checked by one group after the third). Tried on a copy of the session up to the end of
    /// the next group of expect lines that applies.
    private static func keepsPassing(
        _ expectation: Expectation, after index: Int, in lines: [ScriptLine?], session: Session<DroppingSink>, passing: Set<Int>
    ) throws(ScriptError) -> Bool {
        var trial = session
        _ = trial.check(expectation)
        var current = index + 1
        var inGroup = false
        var commands = 0
        while current < lines.count {
            defer { current += 1 }
            guard let line = lines[current] else { continue }
            let checked = line.applies(to: trial.engine.settings.reader)
            if case .expect = line.command {
                if checked { inGroup = true }
                if try trial.run(line) != nil, passing.contains(current) { return false }
                continue
            }
            if inGroup { return true }
            commands += 1
            if commands > lookahead { return false }
            try trial.run(line)
        }
        return true
    }

    /// The index of the next line with a command after `index`.
    private static func nextCommand(after index: Int, in lines: [ScriptLine?]) -> Int? {
        var next = index + 1
        while next < lines.count, lines[next] == nil { next += 1 }
        return next < lines.count ? next : nil
    }

    /// The expect lines from `index` on up to the next other command (empty when `index` is not one).
    private static func group(at index: Int, in lines: [ScriptLine?]) -> [Int] {
        var group: [Int] = []
        var next: Int? = index
        while let current = next, let line = lines[current], case .expect = line.command {
            group.append(current)
            next = nextCommand(after: current, in: lines)
        }
        return group
    }
}

/// A script rewritten by ``ScriptUpdater``.
public struct ScriptUpdate: Sendable, Hashable {
    /// The script's new text.
    public var script: String
    /// How many `expect` lines were rewritten (a line split into `for=` lines counts once).
    public var replaced: Int
    /// How many `expect` lines were added after commands that had none.
    public var added: Int
    /// The failed `expect` lines that could not be rewritten (only an utterance longer than
    /// 512 bytes would hold them), left as they were.
    public var unwritten: [SourceLocation]

    /// Whether the script's text changed.
    public var changed: Bool { replaced > 0 || added > 0 }
}

/// What one run came to: the expect lines it ran, the replacement of each that failed (nil
/// when none can be written), and the line added after a command, by the command's line.
struct RunOutcome {
    var ran: Set<Int> = []
    var replaced: [Int: Expectation?] = [:]
    var added: [Int: Expectation] = [:]
}

/// An `EventSink` that keeps nothing: an update reads the session's window, not its events.
struct DroppingSink: EventSink {
    mutating func receive(_ event: TimedEvent) {}
}
