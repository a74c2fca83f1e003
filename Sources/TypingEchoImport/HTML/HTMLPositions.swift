import TypingEcho

/// Turns the byte offsets gumbo reports into `LINE:COLUMN` (1-based; a line break is a line
/// feed, a carriage return, or both; columns count characters).
///
/// Elements do not always come in source order (a table's misplaced content is moved before
/// it), so every position is found from a checkpoint at most about a kilobyte before it: the
/// checkpoints are taken in one pass over the source, at the start of a line or at a `<`
/// (which always starts a character).
struct HTMLPositions {
    private let bytes: [UInt8]
    /// (offset, line, column) at each checkpoint, in increasing offset.
    private var checkpoints: [(offset: Int, line: Int, column: Int)] = [(0, 1, 1)]

    /// Positions in `bytes`.
    /// - Complexity: O(*n*) in the source's size.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var line = 1
        var column = 1
        var runStart = 0
        var last = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                let next = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
                line += 1
                column = 1
                runStart = next
                index = next
                if index - last >= 1024 {
                    checkpoints.append((index, line, column))
                    last = index
                }
                continue
            }
            if byte == 0x3C && index - last >= 1024 {
                column += Self.characters(bytes[runStart..<index])
                runStart = index
                checkpoints.append((index, line, column))
                last = index
            }
            index += 1
        }
    }

    /// Where the byte at `offset` is.
    /// - Complexity: O(log *n* + *k*) for the *k* bytes since the checkpoint before it.
    func location(of offset: Int) -> SourceLocation {
        let target = max(0, min(offset, bytes.count))
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if checkpoints[middle].offset <= target { low = middle } else { high = middle - 1 }
        }
        var (index, line, column) = checkpoints[low]
        var runStart = index
        while index < target {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                let next = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
                line += 1
                column = 1
                runStart = min(next, target)
                index = next
                continue
            }
            index += 1
        }
        column += Self.characters(bytes[runStart..<max(runStart, target)])
        return SourceLocation(line: line, column: column)
    }

    /// How many characters a run of bytes without line breaks holds: its length when it is
    /// ASCII, else what String counts.
    private static func characters(_ run: ArraySlice<UInt8>) -> Int {
        run.allSatisfy { $0 < 0x80 } ? run.count : String(decoding: run, as: UTF8.self).count
    }
}
