import CICU
import TypingEcho

/// Moving by character and by word across mixed text: the engine's `TextBuffer` versus a raw
/// ICU `ubrk_next` loop in C (the ceiling) and Swift's `String` (what a user would pick instead).
struct SegmentationBenchmark {
    let text: String
    let units: [UInt16]
    let repeats: Int
    var megabytes: Double { Double(text.utf8.count) / 1e6 }

    init(bytes: Int, repeats: Int) {
        text = Corpus.text(bytes: bytes)
        units = Array(text.utf16)
        self.repeats = repeats
    }

    /// The kernels `--profile NAME` runs once each, alone, for callgrind.
    static let kernels = ["icu-characters", "icu-words", "gap-characters", "gap-words", "string-characters",
                          "engine-characters", "engine-words"]

    /// Runs one kernel once (repeats = 1), for `valgrind --tool=callgrind --toggle-collect='*walk*'`.
    func profile(_ kernel: String) {
        switch kernel {
        case "icu-characters": _ = rawICU(TECU_BREAK_CHARACTER, expecting: nil)
        case "icu-words": _ = rawICU(TECU_BREAK_WORD, expecting: nil)
        case "gap-characters": _ = rawICUOverGapBuffer(TECU_BREAK_CHARACTER)
        case "gap-words": _ = rawICUOverGapBuffer(TECU_BREAK_WORD)
        case "string-characters": _ = swiftString()
        case "engine-characters": _ = engineMoves(word: false, expecting: nil)
        case "engine-words": _ = engineMoves(word: true, expecting: nil)
        default: fatalError("unknown kernel \(kernel); one of \(Self.kernels.joined(separator: ", "))")
        }
    }

    func run() -> [Row] {
        let characters = text.count
        var rows: [Row] = []

        // Character moves.
        let rawCharacters = rawICU(TECU_BREAK_CHARACTER, expecting: characters)
        let gapCharacters = rawICUOverGapBuffer(TECU_BREAK_CHARACTER)
        let stringCharacters = swiftString()
        let engineCharacters = engineMoves(word: false, expecting: characters)
        rows.append(row("engine: TextBuffer.moveCharacter", engineCharacters, baselines: [("raw ICU", rawCharacters), ("String", stringCharacters)]))
        rows.append(row("raw ICU ubrk_next, contiguous UTF-16 (C loop)", rawCharacters, baselines: []))
        rows.append(row("raw ICU ubrk_next over the gap-buffer UText", gapCharacters, baselines: [("raw ICU", rawCharacters)]))
        rows.append(row("Swift String, index(after:)", stringCharacters, baselines: [("raw ICU", rawCharacters)]))

        // Word moves.
        let rawWords = rawICU(TECU_BREAK_WORD, expecting: nil)
        let gapWords = rawICUOverGapBuffer(TECU_BREAK_WORD)
        let engineWords = engineMoves(word: true, expecting: nil)
        rows.append(row("engine: TextBuffer.moveWord", engineWords, baselines: [("raw ICU", rawWords)], unit: "word"))
        rows.append(row("raw ICU ubrk_next, contiguous UTF-16 (C loop)", rawWords, baselines: [], unit: "word"))
        rows.append(row("raw ICU ubrk_next over the gap-buffer UText", gapWords, baselines: [("raw ICU", rawWords)], unit: "word"))
        return rows
    }

    private func row(_ name: String, _ seconds: Double, baselines: [(String, Double)], unit: String = "character") -> Row {
        Row(group: "segmentation", name: "\(unit) moves — \(name)", value: megabytes / seconds, unit: "MB/s",
            ratios: baselines.map { Ratio(baseline: $0.0, value: $0.1 / seconds) })
    }

    /// Seconds for one pass of a C loop over ubrk_next on the contiguous text.
    private func rawICU(_ kind: tecu_break_kind, expecting expected: Int?) -> Double {
        rawICUSeconds(kind, over: units, repeats: repeats, expecting: expected)
    }

    /// The same C loop, but through the UText that walks the engine's gap buffer.
    private func rawICUOverGapBuffer(_ kind: tecu_break_kind) -> Double {
        var status: Int32 = 0
        let storage = tecu_text_create(&status)!
        defer { tecu_text_destroy(storage) }
        units.withUnsafeBufferPointer { tecu_text_replace(storage, 0, 0, $0.baseAddress, Int64($0.count), &status) }
        // Put the gap in the middle, as after typing there.
        tecu_text_replace(storage, Int64(units.count / 2), Int64(units.count / 2), nil, 0, &status)
        let breaker = tecu_breaker_open(kind, "en_US", &status)!
        defer { tecu_breaker_close(breaker) }
        tecu_breaker_attach_text(breaker, storage, &status)
        precondition(status <= 0)
        return medianSeconds(repeats: repeats) {
            var count: Int64 = 0
            let seconds = time { count = walkICU(breaker) }
            blackHole(count)
            return seconds
        }
    }

    /// Seconds to walk every character of a native Swift String.
    private func swiftString() -> Double {
        let string = text
        return medianSeconds(repeats: repeats) {
            var count = 0
            let seconds = time { count = walkString(string) }
            blackHole(count)
            return seconds
        }
    }

    /// Seconds for the engine's buffer to move from the start to the end, one unit at a time,
    /// returning what a move returns (the text passed, for speech).
    private func engineMoves(word: Bool, expecting expected: Int?) -> Double {
        var buffer = try! TextBuffer(text, locale: "en_US")
        if let expected { precondition(buffer.characterCount == expected) }
        return medianSeconds(repeats: repeats) {
            buffer.move(toEnd: false)
            var moves = 0
            var passed = 0
            let seconds = time { (moves, passed) = word ? walkWords(&buffer) : walkCharacters(&buffer) }
            if let expected { precondition(moves == expected, "engine moved \(moves) times over \(expected) characters") }
            blackHole(passed)
            return seconds
        }
    }
}

// The measured loops, kept out of line so `valgrind --tool=callgrind --toggle-collect=*walk*`
// can count each one's instructions on its own.

/// Counts every boundary of the iterator's text in ICU's own C loop.
@inline(never)
func walkICU(_ breaker: OpaquePointer) -> Int64 { tecu_breaker_count_all(breaker) }

/// Runs `body` with an ICU break iterator of `kind` over `units`, one contiguous UTF-16 array.
func withContiguousBreaker<Result>(_ kind: tecu_break_kind, over units: [UInt16], _ body: (OpaquePointer) -> Result) -> Result {
    var status: Int32 = 0
    let breaker = tecu_breaker_open(kind, "en_US", &status)!
    defer { tecu_breaker_close(breaker) }
    return units.withUnsafeBufferPointer { buffer in
        tecu_breaker_attach_units(breaker, buffer.baseAddress, Int64(buffer.count), &status)
        precondition(status <= 0)
        return body(breaker)
    }
}

/// Seconds (the median of `repeats`) for ICU's own C loop over text already in memory: the
/// baseline of the segmentation and large-value rows. `expected` checks the count it finds.
func rawICUSeconds(_ kind: tecu_break_kind, over units: [UInt16], repeats: Int, expecting expected: Int? = nil) -> Double {
    withContiguousBreaker(kind, over: units) { breaker in
        medianSeconds(repeats: repeats) {
            var count: Int64 = 0
            let seconds = time { count = walkICU(breaker) }
            if let expected { precondition(count == expected, "ICU found \(count) boundaries, String \(expected)") }
            blackHole(count)
            return seconds
        }
    }
}

/// Walks every character of a native Swift String; returns the count.
@inline(never)
func walkString(_ string: String) -> Int {
    var count = 0
    var index = string.startIndex
    while index < string.endIndex {
        index = string.index(after: index)
        count += 1
    }
    return count
}

/// Moves a buffer's insertion point to the end one character at a time; returns the moves
/// and the characters passed.
@inline(never)
func walkCharacters(_ buffer: inout TextBuffer) -> (Int, Int) {
    var moves = 0, passed = 0
    while let move = buffer.moveCharacter(.forward) { moves += 1; passed &+= move.characters }
    return (moves, passed)
}

/// Moves a buffer's insertion point to the end one word at a time.
@inline(never)
func walkWords(_ buffer: inout TextBuffer) -> (Int, Int) {
    var moves = 0, passed = 0
    while let move = buffer.moveWord(.forward) { moves += 1; passed &+= move.characters }
    return (moves, passed)
}
