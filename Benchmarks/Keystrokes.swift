import TypingEcho

/// Keystroke cost against text length: insert, delete and move at the middle of texts of
/// 100 B to 10 MB, in the engine's buffer and, for insert, in a Swift String.
struct KeystrokeBenchmark {
    let sizes: [Int]
    let repeats: Int
    /// Keystrokes per timed burst; the text is restored between bursts, outside the clock.
    let burst = 32
    /// Bursts per run.
    let rounds: Int

    struct Result {
        var bytes: Int
        var insert: Double
        var delete: Double
        var move: Double
        var stringInsert: Double
    }

    func run() -> (rows: [Row], results: [Result]) {
        let results = sizes.map(measure)
        var rows: [Row] = []
        let smallest = results.first!
        for result in results {
            let label = Self.label(result.bytes)
            rows.append(Row(group: "keystroke cost at the middle of the text", name: "insert a character, \(label)",
                            value: result.insert, unit: "ns",
                            ratios: [Ratio(baseline: "engine at \(Self.label(smallest.bytes))", value: result.insert / smallest.insert),
                                     Ratio(baseline: "String.insert", value: result.insert / result.stringInsert)]))
            rows.append(Row(group: "keystroke cost at the middle of the text", name: "delete a character (backspace), \(label)",
                            value: result.delete, unit: "ns",
                            ratios: [Ratio(baseline: "engine at \(Self.label(smallest.bytes))", value: result.delete / smallest.delete)]))
            rows.append(Row(group: "keystroke cost at the middle of the text", name: "move one character, \(label)",
                            value: result.move, unit: "ns",
                            ratios: [Ratio(baseline: "engine at \(Self.label(smallest.bytes))", value: result.move / smallest.move)]))
            rows.append(Row(group: "keystroke cost at the middle of the text", name: "baseline: Swift String.insert, \(label)",
                            value: result.stringInsert, unit: "ns",
                            ratios: [Ratio(baseline: "String at \(Self.label(smallest.bytes))", value: result.stringInsert / smallest.stringInsert)]))
        }
        return (rows, results)
    }

    static func label(_ bytes: Int) -> String {
        switch bytes {
        case 1_000_000...: return "\(bytes / 1_000_000) MB"
        case 1_000...: return "\(bytes / 1_000) KB"
        default: return "\(bytes) B"
        }
    }

    /// Characters typed in the middle, cycling through a few kinds.
    static let typed: [String] = ["e", "ł", "é", "ก", " ", "1", "👍🏽", "a"]

    private func measure(bytes: Int) -> Result {
        let text = Corpus.text(bytes: bytes, seed: 11)
        // Split at a character boundary near the middle, then build the buffer so the insertion
        // point ends there: the second half first, then the first half typed at the start.
        let characters = Array(text)
        let middle = characters.count / 2
        let firstHalf = String(characters[..<middle]), secondHalf = String(characters[middle...])
        var buffer = try! TextBuffer(secondHalf, locale: "en_US")
        buffer.move(toEnd: false)
        buffer.insert(firstHalf)
        precondition(buffer.insertionPoint.character == middle)
        let burst = min(self.burst, middle)

        let insert = medianSeconds(repeats: repeats) {
            var total = 0.0
            for _ in 0..<rounds {
                total += time { walkInserts(&buffer, burst) }
                for _ in 0..<burst { buffer.deleteBackward() }
            }
            return total
        } / Double(rounds * burst)

        let delete = medianSeconds(repeats: repeats) {
            var total = 0.0
            var removed: [String] = []
            removed.reserveCapacity(burst)
            for _ in 0..<rounds {
                removed.removeAll(keepingCapacity: true)
                total += time { walkDeletes(&buffer, burst, into: &removed) }
                buffer.insert(removed.reversed().joined())
            }
            return total
        } / Double(rounds * burst)

        let move = medianSeconds(repeats: repeats) {
            var total = 0.0
            for _ in 0..<rounds {
                total += time { walkMovesThereAndBack(&buffer, burst) }
            }
            return total
        } / Double(rounds * burst * 2)
        precondition(buffer.insertionPoint.character == middle && buffer.characterCount == characters.count)

        // What a user could pick instead: a String edited in place at the same UTF-8 offset.
        var string = text
        let offset = firstHalf.utf8.count
        let stringRounds = bytes >= 1_000_000 ? max(1, rounds / 16) : rounds
        let stringInsert = medianSeconds(repeats: repeats) {
            var total = 0.0
            for _ in 0..<stringRounds {
                total += time {
                    for index in 0..<burst {
                        let at = string.utf8.index(string.startIndex, offsetBy: offset + index)
                        string.insert("a", at: at)
                    }
                }
                let from = string.utf8.index(string.startIndex, offsetBy: offset)
                string.removeSubrange(from..<string.utf8.index(from, offsetBy: burst))
            }
            return total
        } / Double(stringRounds * burst)
        precondition(string == text)
        return Result(bytes: bytes, insert: insert * 1e9, delete: delete * 1e9, move: move * 1e9, stringInsert: stringInsert * 1e9)
    }
}

/// Types `count` characters at the insertion point (kept out of line for callgrind).
@inline(never)
func walkInserts(_ buffer: inout TextBuffer, _ count: Int) {
    for index in 0..<count { buffer.insert(KeystrokeBenchmark.typed[index % KeystrokeBenchmark.typed.count]) }
}

/// Presses backspace `count` times, keeping what was removed.
@inline(never)
func walkDeletes(_ buffer: inout TextBuffer, _ count: Int, into removed: inout [String]) {
    for _ in 0..<count { removed.append(buffer.deleteBackward()!.text) }
}

/// Moves `count` characters forward, then back.
@inline(never)
func walkMovesThereAndBack(_ buffer: inout TextBuffer, _ count: Int) {
    for _ in 0..<count { _ = buffer.moveCharacter(.forward) }
    for _ in 0..<count { _ = buffer.moveCharacter(.backward) }
}
