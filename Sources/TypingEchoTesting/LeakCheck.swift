#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif
import TypingEcho

/// A way of hearing (or, later, feeling) a session that the secure invariant must hold under:
/// a name and the settings that select it.
///
/// The leak property draws one reader per case from ``all``, so every reader added there is
/// covered by the same campaign and the same CI budget of cases: the five screen readers
/// (`reader=voiceover|talkback|nvda|orca|chromevox`), each with its defaults, and Orca once
/// more in Chromium (`toolkit=chromium`), whose password fields it hears otherwise; the braille
/// display (`braille=on`) adds its own entry with its settings.
public struct LeakReader: Sendable, Hashable, CustomStringConvertible {
    /// The reader's name, as the counterexample names it.
    public var name: String
    /// `key=value` settings that select it, set by the script's first lines, before the screen
    /// is declared.
    public var settings: [String]
    /// Whether the reader has touch gestures. Without (Orca), a session's touch lines would be
    /// a script error, so they are left out of both runs and the rest of the session is checked.
    public var touch: Bool

    /// A reader with its settings.
    public init(name: String, settings: [String] = [], touch: Bool = true) {
        self.name = name
        self.settings = settings
        self.touch = touch
    }

    /// VoiceOver with its default settings.
    public static let voiceOver = LeakReader(name: "voiceover")

    /// Every reader the leak property covers: the five screen readers in their defaults, and
    /// Orca reading Chromium's fields.
    public static let all: [LeakReader] = [
        .voiceOver,
        LeakReader(name: "talkback", settings: ["reader=talkback"]),
        LeakReader(name: "nvda", settings: ["reader=nvda"]),
        LeakReader(name: "orca", settings: ["reader=orca"], touch: false),
        LeakReader(name: "chromevox", settings: ["reader=chromevox"]),
        LeakReader(name: "orca-chromium", settings: ["reader=orca", "toolkit=chromium"], touch: false),
    ]

    /// A session's lines as this reader performs them: all of them, or for a reader without
    /// touch gestures the same text typed on the hardware keyboard (`type "…"` as `keys "…"`)
    /// and the other gestures left out; a switch to another reader in the session keeps
    /// working that way (`settings reader=voiceover touch=off focus-edits=on`: focus starts
    /// editing, as the double taps left out would have). Lines are matched by their bytes: a
    /// line is a gesture when it is the gesture's word alone or starts with the word and a space.
    public func performed(_ body: String) -> String {
        guard !touch else { return body }
        return String(decoding: performedUTF8(body), as: UTF8.self)
    }

    /// The gesture words a reader without touch leaves out (`focus key:` by its prefix).
    private static let gestures: [[UInt8]] = ["swipe", "rotor", "double-tap", "touch", "slide", "lift", "split-tap", "hold"].map { Array($0.utf8) }

    /// ``performed(_:)`` as UTF-8, the form a session is fed in.
    func performedUTF8(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        guard !touch else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        // Over the bytes in place, each line's start compared by its bytes: every case's two
        // scripts come through here, and in a debug build slices of the array cost most of it.
        bytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress, count = bytes.count
            func starts(_ start: Int, _ end: Int, with prefix: [UInt8]) -> Bool {
                guard end - start >= prefix.count, let base else { return false }
                return prefix.withUnsafeBufferPointer { memcmp(base + start, $0.baseAddress!, $0.count) == 0 }
            }
            var start = 0, first = true
            while start <= count {
                var end = start
                while end < count && bytes[end] != 0x0A { end += 1 }
                var kept = true, replaced = false, switched = false
                if starts(start, end, with: Self.typeWord) {
                    replaced = true
                } else if starts(start, end, with: Self.readerWords) {
                    switched = true
                } else if end - start == Self.touchOnLine.count && starts(start, end, with: Self.touchOnLine) {
                    kept = false
                } else if starts(start, end, with: Self.focusKeyWords) {
                    kept = false
                } else {
                    for gesture in Self.gestures where starts(start, end, with: gesture)
                        && (end - start == gesture.count || bytes[start + gesture.count] == 0x20) {
                        kept = false
                        break
                    }
                }
                if kept {
                    if !first { result.append(0x0A) }
                    first = false
                    if replaced {
                        result.append(contentsOf: Self.keysWord)
                        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(start + Self.typeWord.count)..<end]))
                    } else if switched {
                        // The switch keeps the keyboard's way of working: no touch, focus edits.
                        let touchOn = end - start > Self.touchOnTail.count && memcmp(base! + end - Self.touchOnTail.count, Self.touchOnTail, Self.touchOnTail.count) == 0
                        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(touchOn ? end - Self.touchOnTail.count : end)]))
                        result.append(contentsOf: Self.keyboardTail)
                    } else {
                        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    }
                }
                start = end + 1
            }
        }
        return result
    }

    /// The line starts ``performedUTF8(_:)`` looks for: `type ` (written as `keys `) and
    /// `focus key:` (left out).
    private static let typeWord = Array("type ".utf8), keysWord = Array("keys ".utf8), focusKeyWords = Array("focus key:".utf8)

    /// A reader switch in the session (`settings reader=…`), which a reader without touch
    /// performs with ` touch=off focus-edits=on` added (its own way of working, where focus
    /// starts editing as the double taps left out would have), any `touch=on` at its end
    /// dropped; and the `settings touch=on` line the builder writes before a gesture, left out
    /// with the gestures.
    private static let readerWords = Array("settings reader=".utf8), touchOnLine = Array("settings touch=on".utf8),
                       touchOnTail = Array(" touch=on".utf8), keyboardTail = Array(" touch=off focus-edits=on".utf8)

    /// The settings as the script lines a session starts with (`settings reader=talkback`):
    /// script lines, not command-line overrides, so that a session may switch reader again as
    /// its counterexample script does (an override would win over every later `settings`).
    var settingsLines: String { settings.map { "settings \($0)\n" }.joined() }

    /// The name.
    public var description: String { name }
}

/// One case of the leak property: a session, an independent decoy of the same count, the
/// reader both run under, and how much of the output is formatted and compared.
public struct LeakCase: Sendable, Hashable, CustomStringConvertible, ReplayScriptConvertible {
    /// The session that types the real secret.
    public var session: SecureSession
    /// The same session with a decoy secret (``SecureSession/independentDecoy``).
    public var decoy: SecureSession
    /// The reader both sessions run under.
    public var reader: LeakReader
    /// 0 to 15, drawn uniformly. Events, expectation messages, errors and descriptions are
    /// compared in every case; at a multiple of 4 (one case in four) the JSON Lines and the
    /// transcript too, and at 0 (one in 16) also a `dump` of the whole session (shrinking moves
    /// toward 0, so a shrunk case gets everything).
    public var depth: Int

    /// A case from its parts.
    public init(session: SecureSession, decoy: SecureSession, reader: LeakReader = .voiceOver, depth: Int = 0) {
        self.session = session
        self.decoy = decoy
        self.reader = reader
        self.depth = depth
    }

    /// Whether the JSON Lines and the transcript are formatted and compared.
    public var formats: Bool { depth % 4 == 0 }
    /// Whether the whole session is dumped (reflection) and compared.
    public var dumps: Bool { depth == 0 }

    /// The real session's script, under its reader's settings.
    public var replayScript: String {
        reader.settingsLines + SecureSession.prelude + reader.performed(session.body)
    }

    /// The steps, the decoy's secret and the reader, for counterexamples.
    public var description: String {
        "LeakCase(reader: \(reader), depth: \(depth), \(session), decoy secret: \(String(reflecting: decoy.secret)))"
    }
}

extension Gen where Value == LeakCase {
    /// Leak cases of `steps` steps: a ``Gen/secureSession(steps:families:)``, its independent
    /// decoy, a reader of `readers` (nothing is drawn for a single reader) and a depth, uniform
    /// in 0...15 (`Gen.int` would favour its ends, 0 among them: a dump in one case in five).
    public static func leakCase(steps: ClosedRange<Int>, readers: [LeakReader] = LeakReader.all) -> Gen<LeakCase> {
        let reader: Gen<LeakReader> = readers.count == 1 ? .constant(readers[0]) : .element(of: readers)
        // Made once, outside the cases: building the depths' array in each case was a
        // hundredth of a campaign in a debug build. The draws are the same.
        let readerAndDepth = Gen<(LeakReader, Int)>.zip(reader, .element(of: Array(0...15)))
        return Gen<(SecureSession, SecureSession)>.secureSessionWithDecoy(steps: steps).flatMap { pair in
            readerAndDepth.map { reader, depth in
                LeakCase(session: pair.0, decoy: pair.1, reader: reader, depth: depth)
            }
        }
    }
}

/// What one run of a leak case's session left: the finished session, its events, the messages
/// of the expectations that failed and the script error, if any.
public struct LeakRun: Sendable {
    /// The session after its last line and `finishScript`.
    public var session: Session<EventCollector>
    /// Every event, in order. Changing them makes the comparison format all of both runs'
    /// events (otherwise those both runs share, made once before the session was copied for
    /// each, are not formatted twice).
    public var events: [TimedEvent] { didSet { sharedEvents = 0 } }
    /// The failed expectations' messages.
    public var failures: [String]
    /// The script error, formatted as the CLI prints it.
    public var error: String?
    /// How many of the first events are the very values of the other run of the case (made
    /// once, by the lines both runs share, before the session was copied for each): 0 unless
    /// ``LeakCheck/run(_:)`` made the run and its events are as it left them.
    var sharedEvents = 0
}

/// The secure invariant as a property: a leak case's session and its decoy run under the
/// case's reader must show the outside world the same thing (so no two characters of the
/// secret appear in what the real run shows but the decoy's does not).
///
/// ```swift
/// let leaks = try LeakCheck()
/// let failure = check("noLeak", .leakCase(steps: 1...16), cases: 100) { leakCase in
///     try leaks.verify(leakCase)
/// }
/// ```
public struct LeakCheck: Sendable {
    /// The readers cases may name, each with its screen declared once.
    public let readers: [LeakReader]
    private let templates: [LeakReader: Session<EventCollector>]
    /// The sessions' `dump`, the settings' part kept per distinct settings (shared by every check).
    static let dumper = SessionDump()

    /// Declares the sign-in screen once per reader; each case starts from a copy.
    /// - Throws: `ScriptError` when a reader's settings are not valid.
    public init(readers: [LeakReader] = LeakReader.all) throws {
        self.readers = readers
        var templates: [LeakReader: Session<EventCollector>] = [:]
        for reader in readers {
            var session = try Session()
            try session.feedScript(Array((reader.settingsLines + SecureSession.prelude).utf8))
            session.log = EventCollector()
            templates[reader] = session
        }
        self.templates = templates
    }

    /// Runs the case and compares the two runs (``run(_:)``, then ``compare(_:_:of:)``).
    /// - Throws: ``PropertyViolation`` naming the first difference or the leaked characters.
    public func verify(_ leakCase: LeakCase) throws(PropertyViolation) {
        let (real, decoy) = run(leakCase)
        try Self.compare(real, decoy, of: leakCase)
    }

    /// Runs a case's session and its decoy. The lines both share before the first that
    /// differs (the first with secret text) run once, on a session that is then copied.
    public func run(_ leakCase: LeakCase) -> (real: LeakRun, decoy: LeakRun) {
        let a = leakCase.reader.performedUTF8(leakCase.session.body)
        let b = leakCase.reader.performedUTF8(leakCase.decoy.body)
        var common = 0, lineEnd = 0
        while common < a.count && common < b.count && a[common] == b[common] {
            if a[common] == 0x0A { lineEnd = common + 1 }
            common += 1
        }
        guard var session = templates[leakCase.reader] else {
            preconditionFailure("the reader \(leakCase.reader) is not one of this check's")
        }
        var failures: [String] = []
        var error: String?
        do {
            try session.feedScript(a[..<lineEnd]) { failures.append($0.description) }
        } catch let thrown {
            error = thrown.formatted(file: "test.replay")
        }
        let shared = session.log.events.count
        func finish(_ session: inout Session<EventCollector>, _ rest: ArraySlice<UInt8>) -> LeakRun {
            var failures = failures, error = error
            if error == nil {
                do {
                    try session.feedScript(rest) { failures.append($0.description) }
                    try session.finishScript { failures.append($0.description) }
                } catch let thrown {
                    error = thrown.formatted(file: "test.replay")
                }
            }
            return LeakRun(session: session, events: session.log.events, failures: failures, error: error, sharedEvents: shared)
        }
        // The real run continues a copy, the decoy's the session itself: by then the copy has
        // copied what it changed, so what the decoy's run changes is its own and is changed
        // in place (its events are not copied again, nor its fields).
        var copy = session
        let real = finish(&copy, a[lineEnd...])
        return (real, finish(&session, b[lineEnd...]))
    }

    /// Compares what two runs show: events, expectation messages, errors, descriptions of the
    /// engine and its fields, and as the case's depth asks JSON Lines, the transcript and a
    /// dump. Identical outputs hold no pair of the secret's characters that the decoy's lacks,
    /// so this is also ``LeakOracle``'s check, which it does not need to run.
    /// - Throws: ``PropertyViolation`` naming the first difference or the leaked characters.
    public static func compare(_ real: LeakRun, _ decoy: LeakRun, of leakCase: LeakCase) throws(PropertyViolation) {
        if real.events != decoy.events {
            throw PropertyViolation("events differ from the decoy run:\n\(firstDifference(real.events.map { "\($0)" }, decoy.events.map { "\($0)" }))")
        }
        // Non-interference: an independent secret of the same count gives byte-identical output.
        if leakCase.formats && !sameFormats(real, decoy) {
            let left = Formatted(real.events[...]), right = Formatted(decoy.events[...])
            for (kind, a, b) in [("JSON", left.json, right.json), ("transcript", left.transcript, right.transcript)]
            where !a.elementsEqual(b, by: sameBytes) {
                throw PropertyViolation("\(kind) differ from the decoy run:\n\(firstDifference(a, b))")
            }
        }
        if real.failures != decoy.failures {
            throw PropertyViolation("expectation messages differ from the decoy run:\n\(firstDifference(real.failures, decoy.failures))")
        }
        // The descriptions are formatted in full (and the first difference named) only when
        // the comparison that skips what both runs share does not find them the same.
        if !sameDescriptions(real, decoy, dumps: leakCase.dumps) {
            let a = descriptions(real, dumps: leakCase.dumps), b = descriptions(decoy, dumps: leakCase.dumps)
            if a != b { throw PropertyViolation("descriptions differ from the decoy run:\n\(firstDifference(a, b))") }
        }
        if real.error != decoy.error {
            throw PropertyViolation("error messages differ: \(real.error ?? "none") / \(decoy.error ?? "none")")
        }
        // Everything the real run shows is now byte for byte what the decoy's shows, so no two
        // characters of the secret can appear in it that the decoy's output lacks: the leak
        // oracle's direct check (`LeakOracle.leak(of:in:publicText:)` with the decoy's output as
        // the public text) would find nothing, and is not run.
    }

    /// What a finished run's session says of itself: the engine's description and debug
    /// description, each field's (and its text's) in element order, and at `dumps` the
    /// session's `dump`.
    static func descriptions(_ run: LeakRun, dumps: Bool) -> [String] {
        let engine = run.session.engine
        var descriptions = [String(describing: engine), String(reflecting: engine)]
        for element in engine.elements {
            if let field = element.field {
                descriptions += [String(describing: field), String(reflecting: field), String(describing: field.buffer)]
            }
        }
        if dumps { descriptions.append(dumper.text(of: run.session)) }
        return descriptions
    }

    /// True only when the two runs' ``descriptions(_:dumps:)`` are the same (false: not shown).
    /// An element with the same box as its counterpart holds the same field (or none), whose
    /// descriptions are then the same and are not formatted; the dumps are compared by
    /// ``SessionDump/sameText(_:_:)``, which formats only what can differ. `String(reflecting:)`
    /// is a value's `debugDescription`, or without one its `description`: called directly here.
    static func sameDescriptions(_ real: LeakRun, _ decoy: LeakRun, dumps: Bool) -> Bool {
        let a = real.session.engine, b = decoy.session.engine
        guard a.description == b.description,
              engineHasDebugDescription ? String(reflecting: a) == String(reflecting: b) : true
        else { return false }
        let left = a.elements, right = b.elements
        guard left.count == right.count else { return false }
        for index in left.indices where left[index].fieldBoxIdentity != right[index].fieldBoxIdentity {
            switch (left[index].field, right[index].field) {
            case (nil, nil):
                continue
            case (let x?, let y?):
                guard x.description == y.description, x.debugDescription == y.debugDescription,
                      x.buffer.description == y.buffer.description
                else { return false }
            default:
                return false
            }
        }
        return !dumps || dumper.sameText(real.session, decoy.session)
    }

    /// Whether `String(reflecting:)` of the engine is anything but its `description`.
    private static let engineHasDebugDescription = Engine.self is any CustomDebugStringConvertible.Type
        || Engine.self is any TextOutputStreamable.Type
}

/// The JSON Lines and the transcript of events, as a case's depth asks for them.
private struct Formatted {
    var json: [String] = []
    var transcript: [String] = []

    /// The lines of `events`, the transcript's written by `writer` (a new one by default).
    init(_ events: ArraySlice<TimedEvent>, writer: Transcript = Transcript()) {
        var writer = writer
        for event in events {
            json.append(JSONLines.line(event))
            if let line = writer.line(for: event) { transcript.append(line) }
        }
    }
}

extension LeakCheck {
    /// True only when the two runs' JSON Lines and transcripts are the same bytes (false: not
    /// shown). The events both runs share are the same values, whose lines are the same in
    /// both and leave the transcript's writer in the same state: only the events after them
    /// are formatted and compared, each run's from a copy of the writer that has read them.
    ///
    /// Compared as UTF-8 bytes, event by event, in buffers kept for the whole comparison: no
    /// `String` is made per line, and two texts that differ only in their normalization (equal
    /// as `String`s) are told apart, as a reader of the bytes would.
    static func sameFormats(_ real: LeakRun, _ decoy: LeakRun) -> Bool {
        let shared = min(real.sharedEvents, decoy.sharedEvents, real.events.count, decoy.events.count)
        var writer = Transcript()
        var left: [UInt8] = [], right: [UInt8] = []
        for event in real.events[..<shared] {
            writer.write(event, into: &left)
            left.removeAll(keepingCapacity: true)
        }
        let a = real.events[shared...], b = decoy.events[shared...]
        // One JSON line per event: different counts are different output.
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            JSONLines.encode(x, into: &left)
            JSONLines.encode(y, into: &right)
            guard left == right else { return false }
            left.removeAll(keepingCapacity: true)
            right.removeAll(keepingCapacity: true)
        }
        // The transcripts whole (an event may have no line): each line ends in a line feed.
        var leftWriter = writer, rightWriter = writer
        for event in a { leftWriter.write(event, into: &left) }
        for event in b { rightWriter.write(event, into: &right) }
        return left == right
    }
}

/// Whether two lines of output are the same bytes: two normalizations of one text are equal
/// `String`s but different output.
func sameBytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

/// The first line where two outputs differ, for a readable failure.
func firstDifference(_ a: [String], _ b: [String]) -> String {
    for index in 0..<max(a.count, b.count) {
        let left = index < a.count ? a[index] : "<none>", right = index < b.count ? b[index] : "<none>"
        if !sameBytes(left, right) { return "line \(index + 1):\n  real:  \(left)\n  decoy: \(right)" }
    }
    return "(same lines)"
}
