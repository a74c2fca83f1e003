/// Parses replay-script lines into commands, one line at a time.
///
/// ```swift
/// let parser = ScriptParser()
/// let line = try parser.parse(line: Array("@1.5 swipe right".utf8), number: 4)
/// // line?.at == 1.5, line?.command == .swipe(.right)
/// ```
///
/// Errors point at the offending token and never repeat quoted text or what follows
/// `keys`, `type`, `clipboard`, `dictate`, `expect value` or `expect speech`.
public struct ScriptParser: Sendable {
    /// The command words, in the order used to break ties when suggesting one.
    static let commandNames = [
        "settings", "field", "element", "focus", "swipe", "rotor", "double-tap",
        "touch", "slide", "lift", "split-tap", "hold", "type", "keys", "key",
        "edit", "clipboard", "dictate", "wait", "expect", "error", "validate", "dismiss",
        "announce", "screen-changed", "layout-changed", "remove",
    ] + brailleCommandNames

    /// The braille commands: the display's routing keys and panning, Braille Screen Input.
    static let brailleCommandNames = ["route", "pan", "braille-input", "chord", "chords"]

    /// The `expect` forms.
    static let expectationNames = ["speech", "heard", "value", "count", "cursor", "no-speech", "sound", "braille", "braille-cursor"]

    /// Creates a parser.
    public init() {}

    /// Parses one line of a script; `nil` for a blank or comment-only line.
    ///
    /// - Parameters:
    ///   - bytes: The line's raw bytes without its line feed; a trailing carriage return is ignored,
    ///     and so is a byte-order mark at the start of line 1.
    ///   - number: The 1-based line number, used in locations.
    /// - Throws: A ``ScriptError`` at the column (in characters, see ``SourceLocation``) of the
    ///   offending token.
    /// - Complexity: O(*n*) in the length of the line. Columns are counted only for the
    ///   locations a command keeps and for an error, so a long value costs one pass.
    public func parse(line bytes: some Collection<UInt8>, number: Int) throws(ScriptError) -> ScriptLine? {
        try parseLine(bytes, number: number).line
    }

    /// The most lines a session parses on several threads at a time (one batch).
    static let batchSize = 1024

    /// A run of lines parsed in order: their lines (nil for a blank or comment line) in reverse,
    /// so that they are taken out in order with `popLast()` without a copy of each, up to the
    /// first that failed, and that line's error.
    struct ParsedShare: Sendable {
        /// The lines parsed, last first.
        var reversed: [ScriptLine?] = []
        /// The error of the line after them, which ended the share.
        var error: ScriptError?
    }

    /// The lines `share` of `lines` parsed, up to the first that fails.
    ///
    /// Parsed last line first, so that the lines are in ``ParsedShare/reversed``'s order as they
    /// are made: reversing them afterwards moved every parsed line (a few hundred bytes each)
    /// twice. A line's error drops the lines after it, parsed already: they are never run.
    /// - Complexity: O(*n*) in the lines' bytes.
    func parse(_ lines: [LineSplitter.Line], share: Range<Int>) -> ParsedShare {
        var parsed = ParsedShare()
        parsed.reversed.reserveCapacity(share.count)
        for index in share.reversed() {
            do throws(ScriptError) {
                parsed.reversed.append(try parse(line: lines[index].bytes, number: lines[index].number))
            } catch {
                parsed.error = error
                parsed.reversed.removeAll(keepingCapacity: true)
            }
        }
        return parsed
    }

    /// ``parse(line:number:)``, also returning the line's text (whose column count tests read).
    func parseLine(_ bytes: some Collection<UInt8>, number: Int) throws(ScriptError) -> (line: ScriptLine?, text: ScriptLineText) {
        let (tokens, text) = try ScriptLexer.tokens(of: bytes, line: number)
        guard !tokens.isEmpty else { return (nil, text) }
        return (try parse(tokens, text), text)
    }

    private func parse(_ tokens: [ScriptToken], _ text: ScriptLineText) throws(ScriptError) -> ScriptLine {
        var arguments = ScriptArguments(tokens, text: text)
        var word = arguments.next()!
        var at: Double?
        if word.isWord, word.value.text.unicodeScalars.first == "@" {
            at = try time(word, arguments)
            guard let next = arguments.next() else { throw arguments.missing("missing command after the time") }
            word = next
        }
        guard word.isWord else { throw arguments.error("expected a command word", at: word.offset) }
        let location = arguments.location(word.offset)
        var argument: SourceLocation?
        var settingLocations: [SettingLocation] = []
        var readers: [ScreenReader]?
        if word.value.text == "expect", let token = arguments.takeLast(key: "for") { readers = try Self.readers(token, arguments) }
        let command = try command(word.value, &arguments, location: location, argument: &argument, settings: &settingLocations)
        return ScriptLine(
            location: location, at: at, command: command, argumentLocation: argument, settingLocations: settingLocations, readers: readers)
    }

    /// The readers of `for=READER[,READER…]`, each once, in the order `ScreenReader.allCases` lists them.
    private static func readers(_ token: ScriptToken, _ arguments: ScriptArguments) throws(ScriptError) -> [ScreenReader] {
        let names = ScreenReader.allCases.map(\.rawValue)
        guard !token.value.quoted else {
            throw arguments.error("for= expects reader names without quotes, like for=talkback,nvda", at: token.value.offset)
        }
        var readers = Set<ScreenReader>()
        for part in token.value.commaSeparated() {
            guard let reader = ScreenReader(rawValue: part.text) else {
                let piece = ScriptPiece(text: part.text, offset: part.offset, quoted: false)
                throw arguments.error(ScriptValues.unknown("reader", piece, allowed: names), at: part.offset)
            }
            readers.insert(reader)
        }
        return ScreenReader.allCases.filter(readers.contains)
    }

    private func time(_ token: ScriptToken, _ arguments: ScriptArguments) throws(ScriptError) -> Double {
        let text = token.value.text.unicodeScalars.dropFirst()
        guard !text.isEmpty else {
            throw arguments.error("missing time after '@'; write it like @1.5", at: token.offset + 1)
        }
        guard let seconds = ScriptValues.decimal(String(String.UnicodeScalarView(text)), signed: false) else {
            throw arguments.error("bad time; expected a non-negative number of seconds, like @1.5", at: token.offset)
        }
        return seconds
    }

    /// The command of a line; `argument` and `settings` get where its parts start (see
    /// ``ScriptLine/argumentLocation`` and ``ScriptLine/settingLocations``).
    private func command(
        _ word: ScriptPiece, _ arguments: inout ScriptArguments, location: SourceLocation,
        argument: inout SourceLocation?, settings locations: inout [SettingLocation]
    ) throws(ScriptError) -> Command {
        let name = word.text
        switch name {
        case "settings": return .settings(try settings(&arguments, locations: &locations))
        case "field": return .field(try field(&arguments, location: location))
        case "element": return .element(try element(&arguments, location: location))
        // The commands of typing come first, after the three declarations, the most
        // used first: in a debug build each case before the one taken costs a string
        // compared.
        case "type": return .type(try secret(&arguments, command: name))
        case "keys": return .keys(try secret(&arguments, command: name))
        case "key": return .key(try choice(&arguments, what: "key", usage: "key"))
        case "focus":
            let id = try identifier(&arguments, command: "focus", usage: "focus ID|key:NAME")
            if !id.quoted, id.text.hasPrefix("key:") {
                let name = String(id.text.dropFirst(4))
                guard !name.isEmpty else { throw arguments.error("empty key name; write focus key:q", at: id.offset + 4) }
                argument = arguments.location(id.offset + 4)
                return .focusKey(name)
            }
            argument = arguments.location(id.offset)
            return .focus(id.text)
        case "double-tap", "lift", "split-tap", "hold":
            try arguments.finish(usage: name)
            switch name {
            case "double-tap": return .doubleTap
            case "lift": return .lift
            case "split-tap": return .splitTap
            default: return .hold
            }
        case "swipe": return try swipe(&arguments)
        case "wait":
            let seconds = try number(&arguments, usage: "wait SECONDS", signed: false, expected: "a non-negative number of seconds, like 0.5")
            try arguments.finish(usage: "wait SECONDS")
            return .wait(seconds)
        case "edit": return .edit(try choice(&arguments, what: "edit action", usage: "edit"))
        case "touch": return .touch(try target(&arguments, command: name))
        case "slide": return .slide(try target(&arguments, command: name))
        case "clipboard": return .clipboard(try secret(&arguments, command: name))
        case "dictate": return .dictate(try secret(&arguments, command: name))
        case "expect": return .expect(try expectation(&arguments))
        case "route":
            let cell = try count(&arguments, usage: "route N")
            guard cell < BrailleSettings.widest else {
                throw arguments.error("route N names a cell of the braille display, 0 to \(BrailleSettings.widest - 1)", at: arguments.lastOffset)
            }
            return .route(cell)
        case "pan": return .pan(try choice(&arguments, what: "pan direction", usage: "pan"))
        case "braille-input":
            let on: OnOff = try choice(&arguments, what: "braille-input state", usage: "braille-input")
            return .brailleInput(on == .on)
        case "chord": return .chord(try chord(&arguments))
        case "chords": return .chords(try chords(&arguments))
        case "rotor": return .rotor(try choice(&arguments, what: "rotor unit", usage: "rotor"))
        case "error": return try fieldError(&arguments, at: &argument)
        case "validate":
            try arguments.finish(usage: name)
            return .validate
        case "dismiss":
            try arguments.finish(usage: name)
            return .dismiss
        case "announce": return .announce(try secret(&arguments, command: name))
        case "screen-changed": return .screenChanged(focus: try focusOption(&arguments, command: name, at: &argument))
        case "layout-changed": return .layoutChanged(focus: try focusOption(&arguments, command: name, at: &argument))
        case "remove":
            let id = try identifier(&arguments, command: name, usage: "remove ID")
            argument = arguments.location(id.offset)
            return .remove(id.text)
        default:
            var message = "unknown command \(ScriptErrorText.quoted(name))"
            if let guess = ScriptValues.suggestion(for: name, among: Self.commandNames) {
                message += "; did you mean '\(guess)'?"
            }
            throw arguments.error(message, at: word.offset)
        }
    }

    private func expectation(_ arguments: inout ScriptArguments) throws(ScriptError) -> Expectation {
        guard let form = arguments.next() else {
            throw arguments.missing("missing argument; usage: expect \(Self.expectationNames.joined(separator: "|")) …")
        }
        guard form.isWord else {
            throw arguments.error("expect needs one of \(ScriptValues.list(Self.expectationNames)) first", at: form.offset)
        }
        switch form.value.text {
        case "speech": return .speech(try secret(&arguments, command: "expect speech"))
        case "heard": return .heard(try secret(&arguments, command: "expect heard"))
        case "value": return .value(try secret(&arguments, command: "expect value"))
        case "count": return .count(try count(&arguments, usage: "expect count N"))
        case "cursor": return .cursor(try count(&arguments, usage: "expect cursor N"))
        case "no-speech":
            try arguments.finish(usage: "expect no-speech")
            return .noSpeech
        case "sound": return .sound(try choice(&arguments, what: "sound", usage: "expect sound"))
        case "braille":
            guard let token = arguments.next() else { throw arguments.missing("expect braille expects a quoted string of braille cells") }
            guard token.isString else { throw arguments.error("expect braille expects a quoted string of braille cells", at: token.offset) }
            try arguments.finish(usage: #"expect braille "⠓⠑⠇⠇⠕""#)
            guard token.value.text.unicodeScalars.allSatisfy({ (0x2800...0x28FF).contains($0.value) }) else {
                throw arguments.error("expect braille takes Unicode braille cells (U+2800 to U+28FF) only", at: token.offset)
            }
            return .braille(token.value.text)
        case "braille-cursor":
            guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: expect braille-cursor N|none") }
            if token.isWord, token.value.text == "none" {
                try arguments.finish(usage: "expect braille-cursor N|none")
                return .brailleCursor(nil)
            }
            guard token.isWord else { throw arguments.error("bad number; expected a cell number, like 3, or none", at: token.offset) }
            let value = try ScriptValues.integer(token.value, in: arguments.text)
            try arguments.finish(usage: "expect braille-cursor N|none")
            return .brailleCursor(value)
        default:
            let message = ScriptValues.unknown("expectation", form.value, allowed: Self.expectationNames)
            throw arguments.error(message, at: form.offset)
        }
    }

    /// `error ID "MESSAGE"`: a field id, then one quoted string ("" clears the error).
    private func fieldError(_ arguments: inout ScriptArguments, at argument: inout SourceLocation?) throws(ScriptError) -> Command {
        let usage = #"error ID "MESSAGE""#
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.isWord else { throw arguments.error("error expects a field ID without quotes; usage: \(usage)", at: token.offset) }
        argument = arguments.location(token.offset)
        return .error(token.value.text, try secret(&arguments, command: "error ID"))
    }

    /// `swipe DIRECTION`, or `swipe DIRECTION fingers=N` with two or three fingers.
    private func swipe(_ arguments: inout ScriptArguments) throws(ScriptError) -> Command {
        let usage = "swipe \(SwipeDirection.allCases.map(\.rawValue).joined(separator: "|"))"
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.key == nil else { throw arguments.error("expected a swipe direction; usage: \(usage)", at: token.offset) }
        let direction: SwipeDirection = try ScriptValues.choice(token.value, what: "swipe direction", in: arguments.text)
        guard let option = arguments.next() else { return .swipe(direction) }
        guard let key = option.key, key.text == "fingers" else { throw arguments.error("extra argument; usage: \(usage)", at: option.offset) }
        guard ["1", "2", "3"].contains(option.value.text), !option.value.quoted else {
            throw arguments.error("fingers= takes 1, 2 or 3", at: option.value.offset)
        }
        try arguments.finish(usage: usage)
        let fingers = Int(option.value.text)!
        return fingers == 1 ? .swipe(direction) : .fingerSwipe(direction, fingers: fingers)
    }

    /// `chord DOTS`: the dot numbers 1–8 of one cell, each at most once (`chord 125`).
    private func chord(_ arguments: inout ScriptArguments) throws(ScriptError) -> BrailleCell {
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: chord DOTS, like chord 125") }
        guard token.isWord else { throw arguments.error("chord expects dot numbers, like chord 125", at: token.offset) }
        try arguments.finish(usage: "chord DOTS")
        guard token.value.text != "0" else {
            throw arguments.error("chord 0 raises no dot; a chord is the dots pressed together, like chord 125 (a space is swipe right)", at: token.offset)
        }
        guard let cell = BrailleCell(dotNumbers: token.value.text) else {
            throw arguments.error("chord expects the dot numbers 1 to 8, each once, like chord 125", at: token.offset)
        }
        return cell
    }

    /// `chords "⠓⠑⠇⠇⠕"`: Unicode braille cells, each with at least one dot. The text is never
    /// echoed in an error (it may be a password typed in braille).
    private func chords(_ arguments: inout ScriptArguments) throws(ScriptError) -> [BrailleCell] {
        guard let token = arguments.next() else { throw arguments.missing(#"chords expects a quoted string of braille cells, like chords "⠓⠑⠇⠇⠕""#) }
        guard token.isString else { throw arguments.error(#"chords expects a quoted string of braille cells, like chords "⠓⠑⠇⠇⠕""#, at: token.offset) }
        try arguments.finish(usage: #"chords "CELLS""#)
        var cells: [BrailleCell] = []
        cells.reserveCapacity(token.value.text.unicodeScalars.count)
        for scalar in token.value.text.unicodeScalars {
            guard let cell = BrailleCell(scalar), cell != .blank else {
                throw arguments.error("chords takes braille cells with at least one dot (U+2801 to U+28FF); a space is swipe right", at: token.offset)
            }
            cells.append(cell)
        }
        guard !cells.isEmpty else { throw arguments.error("chords needs at least one cell", at: token.offset) }
        return cells
    }

    /// Nothing, or `focus=ID`: where an app's screen or layout change puts focus; `location`
    /// gets where the ID starts.
    private func focusOption(
        _ arguments: inout ScriptArguments, command: String, at location: inout SourceLocation?
    ) throws(ScriptError) -> String? {
        let usage = "\(command) [focus=ID]"
        guard let token = arguments.next() else { return nil }
        guard let key = token.key, key.text == "focus" else {
            throw arguments.error("\(command) takes only focus=ID; usage: \(usage)", at: token.offset)
        }
        guard !token.value.quoted, !token.value.text.isEmpty else {
            throw arguments.error("focus= expects an element ID without quotes; usage: \(usage)", at: token.value.offset)
        }
        try arguments.finish(usage: usage)
        location = arguments.location(token.value.offset)
        return token.value.text
    }

    /// Exactly one quoted string; nothing about a wrong argument is ever echoed.
    private func secret(_ arguments: inout ScriptArguments, command: String) throws(ScriptError) -> String {
        guard let token = arguments.next() else { throw arguments.missing("\(command) expects a quoted string") }
        guard token.isString else { throw arguments.error("\(command) expects a quoted string", at: token.offset) }
        if let extra = arguments.next() {
            throw arguments.error("extra argument; \(command) takes one quoted string", at: extra.offset)
        }
        return token.value.text
    }

    /// A bare ID, then nothing else.
    private func identifier(
        _ arguments: inout ScriptArguments, command: String, usage: String
    ) throws(ScriptError) -> ScriptPiece {
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.isWord else {
            throw arguments.error("\(command) expects an element ID without quotes", at: token.offset)
        }
        try arguments.finish(usage: usage)
        return token.value
    }

    /// One value of a closed set, bare or quoted, then nothing else.
    private func choice<Choice: CaseIterable & RawRepresentable>(
        _ arguments: inout ScriptArguments, what: String, usage command: String
    ) throws(ScriptError) -> Choice where Choice.RawValue == String {
        var usage: String { "\(command) \(Choice.allCases.map(\.rawValue).joined(separator: "|"))" }
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.key == nil else { throw arguments.error("expected a \(what); usage: \(usage)", at: token.offset) }
        let value: Choice = try ScriptValues.choice(token.value, what: what, in: arguments.text)
        try arguments.finish(usage: usage)
        return value
    }

    /// `KEY` (a key name or character) or `X,Y` (a point), then nothing else.
    private func target(_ arguments: inout ScriptArguments, command: String) throws(ScriptError) -> TouchTarget {
        var usage: String { "\(command) KEY|X,Y" }
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.key == nil else {
            throw arguments.error("\(command) expects a key name or an X,Y point", at: token.offset)
        }
        try arguments.finish(usage: usage)
        let text = token.value.text
        guard !text.isEmpty else { throw arguments.error("empty key name", at: token.offset) }
        if !token.value.quoted {
            let parts = token.value.commaSeparated()
            if parts.count == 2,
               let x = ScriptValues.decimal(parts[0].text, signed: true),
               let y = ScriptValues.decimal(parts[1].text, signed: true) {
                return .point(x: x, y: y)
            }
        }
        return .key(text)
    }

    private func number(
        _ arguments: inout ScriptArguments, usage: String, signed: Bool, expected: String
    ) throws(ScriptError) -> Double {
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.isWord, let value = ScriptValues.decimal(token.value.text, signed: signed) else {
            throw arguments.error("bad number; expected \(expected)", at: token.offset)
        }
        return value
    }

    private func count(_ arguments: inout ScriptArguments, usage: String) throws(ScriptError) -> Int {
        guard let token = arguments.next() else { throw arguments.missing("missing argument; usage: \(usage)") }
        guard token.isWord else { throw arguments.error("bad number; expected a whole number, like 3", at: token.offset) }
        let value = try ScriptValues.integer(token.value, in: arguments.text)
        try arguments.finish(usage: usage)
        return value
    }
}

/// `on` or `off`, as `braille-input` takes it.
enum OnOff: String, CaseIterable {
    case on, off
}

/// The tokens of one line after the command word, read front to back.
///
/// The tokens are read by index, not as a slice's `popFirst()`: every line's words come
/// through here, and in a debug build (what `swift test` runs) the slice's generic calls cost
/// more than the rest of reading a short line.
struct ScriptArguments {
    private var tokens: [ScriptToken]
    /// The index of the next token to read.
    private var cursor = 0
    /// The line, for locations: token positions are byte offsets until one is needed as a column.
    let text: ScriptLineText
    /// The byte offset just past the line's last token, where a missing argument is reported.
    private let end: Int

    init(_ tokens: [ScriptToken], text: ScriptLineText) {
        self.tokens = tokens
        self.text = text
        self.end = tokens.isEmpty ? text.start : tokens[tokens.count - 1].end
    }

    /// The line number, for locations.
    var line: Int { text.line }

    /// Whether every token has been read.
    var isEmpty: Bool { cursor == tokens.count }

    /// How many tokens are left to read.
    var remaining: Int { tokens.count - cursor }

    /// The next token, if any.
    mutating func next() -> ScriptToken? {
        guard cursor < tokens.count else { return nil }
        let token = tokens[cursor]
        cursor += 1
        lastRead = token.offset
        return token
    }

    private var lastRead: Int?

    /// The location of a byte offset of this line.
    func location(_ offset: Int) -> SourceLocation { text.location(offset) }

    /// An error at a byte offset of this line.
    func error(_ message: String, at offset: Int) -> ScriptError { text.error(message, at: offset) }

    /// An error just past the last token, for a missing argument.
    func missing(_ message: String) -> ScriptError { error(message, at: end) }

    /// The byte offset of the last token read (or the line's end), for an error about it.
    var lastOffset: Int { lastRead ?? end }

    /// Takes the line's last token out when it is `KEY=VALUE` with this key (`for=` of `expect`),
    /// so that the tokens before it read as if it were not there.
    mutating func takeLast(key name: String) -> ScriptToken? {
        guard tokens.count > cursor, let key = tokens[tokens.count - 1].key, key.text == name else { return nil }
        return tokens.removeLast()
    }

    /// Fails at the first token left over; the usage text is built only then.
    func finish(usage: @autoclosure () -> String) throws(ScriptError) {
        guard cursor < tokens.count else { return }
        throw error("extra argument; usage: \(usage())", at: tokens[cursor].offset)
    }
}
