import TypingEcho

/// Generated replay scripts: seeded sessions of the kinds the benchmarks measure. Each block
/// re-declares its field, so the text (and memory) stays bounded however long the script runs.
enum Session: CaseIterable {
    case hardwarePlain
    case hardwareSecure
    case cursorMoves
    case onScreenStandard
    case onScreenTouch
    case onScreenDirect

    var title: String {
        switch self {
        case .hardwarePlain: return "hardware typing, plain field"
        case .hardwareSecure: return "hardware typing, secure field"
        case .cursorMoves: return "cursor moves by character and word, phonetic delays"
        case .onScreenStandard: return "on-screen typing, standard mode"
        case .onScreenTouch: return "on-screen typing, touch mode"
        case .onScreenDirect: return "on-screen typing, direct mode"
        }
    }

    var isOnScreen: Bool { self == .onScreenStandard || self == .onScreenTouch || self == .onScreenDirect }

    /// About `lines` script lines of this kind of session.
    func script(lines: Int, seed: UInt64 = 42) -> String {
        var random = SeededRandom(seed: seed)
        var out = ""
        var written = 0
        func line(_ text: String) {
            out += text
            out += "\n"
            written += 1
        }
        switch self {
        case .onScreenStandard: line("settings typing=standard")
        case .onScreenTouch: line("settings typing=touch")
        case .onScreenDirect: line("settings typing=direct")
        default: break
        }
        while written < lines {
            block(&random, line)
        }
        return out
    }

    private func block(_ random: inout SeededRandom, _ line: (String) -> Void) {
        func phrase(_ words: Int) -> String {
            Corpus.typedWords(count: words, random: &random).joined(separator: " ") + [" ", ", ", ". ", " "][Int(random.next() % 4)]
        }
        switch self {
        case .hardwarePlain, .hardwareSecure:
            let kind = self == .hardwarePlain ? "text" : "secure"
            line("field f kind=\(kind) label=\"Message\" hint=\"Type a message.\"")
            line("focus f")
            line("double-tap")
            for _ in 0..<12 {
                line(ScriptWriter.line(for: .keys(phrase(3))))
                if random.next() % 4 == 0 { line("key backspace") }
            }
            line("wait 1.5")
        case .cursorMoves:
            var field = FieldDeclaration(id: "f", kind: .text, label: "Message")
            field.value = phrase(24)
            line(ScriptWriter.line(for: .field(field)))
            line("focus f")
            line("double-tap")
            for _ in 0..<6 {
                for _ in 0..<4 { line("key left") }
                line("key option-left")
                line("key right")
                line("wait 1.1")
                line("key option-right")
            }
        case .onScreenStandard, .onScreenTouch, .onScreenDirect:
            line("field f kind=text label=\"Message\"")
            line("focus f")
            line("double-tap")
            // Letters the keyboard layouts have, so the run measures typing, not alternates.
            for _ in 0..<12 {
                let words = (0..<3).map { _ in Self.plainWords[Int(random.next() % UInt64(Self.plainWords.count))] }
                line("type \"\(words.joined(separator: " ")) \"")
            }
            line("wait 1.5")
        }
    }

    static let plainWords = ["the", "quick", "brown", "fox", "Jumps", "over", "lazy", "dog", "hello", "World", "typing", "echo"]

    /// The script parsed into lines, ready for `Engine.run`.
    func parsedScript(lines: Int) -> [ScriptLine] {
        let parser = ScriptParser()
        var parsed: [ScriptLine] = []
        for (index, text) in script(lines: lines).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let line = try! parser.parse(line: Array(text.utf8), number: index + 1) { parsed.append(line) }
        }
        return parsed
    }

    /// Whether the engine in this build can run this kind of session (on-screen typing needs
    /// the on-screen keyboard).
    var isSupported: Bool {
        guard isOnScreen else { return true }
        var engine = try! Engine()
        var sink = CountingSink()
        do {
            for line in parsedScript(lines: 8) { try engine.run(line, into: &sink) }
            return true
        } catch {
            return false
        }
    }
}

/// Counts events and drops them.
struct CountingSink: EventSink {
    var count = 0
    mutating func receive(_ event: TimedEvent) { count += 1 }
}

/// Encodes events as JSON Lines into a reused buffer, as the CLI does before writing.
struct JSONSink: EventSink {
    var count = 0
    var bytes = 0
    var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16 + 4096) }

    mutating func receive(_ event: TimedEvent) {
        count += 1
        JSONLines.encode(event, into: &buffer)
        if buffer.count >= 1 << 16 {
            bytes += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
    }
}
