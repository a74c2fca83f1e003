/// A line of text in braille, with the map between its characters and its cells.
///
/// Offsets are in characters (grapheme clusters, as `TextPosition.character` counts them) of
/// the whole line, cells are indices into `cells`.
public struct BrailleTranslation: Sendable, Hashable {
    /// The cells, without cursor dots.
    public var cells: [BrailleCell]
    /// The cell of the cursor, or `nil` when no cursor was asked for; `cells.count` when the
    /// cursor is after the last character translated (the display's trailing cell).
    public var cursor: Int?
    /// The first character translated (0 unless the line is longer than
    /// `BrailleTranslator.longestTranslation`, when a window around the cursor is translated).
    public var start: Int
    /// For each character translated, the first cell it is shown in (liblouis's `outputPos`):
    /// inside a contraction every character points at the contraction's first cell.
    public var cellOfCharacter: [Int]
    /// For each cell, the character it shows (liblouis's `inputPos`), an offset in the line:
    /// where a cursor routing key above that cell moves the insertion point.
    public var characterOfCell: [Int]

    /// Creates a translation.
    public init(cells: [BrailleCell], cursor: Int?, start: Int, cellOfCharacter: [Int], characterOfCell: [Int]) {
        self.cells = cells
        self.cursor = cursor
        self.start = start
        self.cellOfCharacter = cellOfCharacter
        self.characterOfCell = characterOfCell
    }

    /// The characters translated: `start..<start + cellOfCharacter.count`.
    public var characters: Range<Int> { start..<start + cellOfCharacter.count }

    /// The cells as Unicode braille (U+2800–U+28FF).
    public var braille: String { BrailleCell.string(of: cells) }

    /// A secure field's line: `count` characters, each shown as `BrailleCell.secureMask`, with
    /// the cursor at character `cursor`. Nothing about the characters reaches liblouis or this
    /// value but their count.
    public static func masked(count: Int, cursor: Int?) throws(BrailleError) -> BrailleTranslation {
        guard count >= 0 else { throw .cursorOutOfRange(cursor: count) }
        if let cursor, cursor < 0 || cursor > count { throw .cursorOutOfRange(cursor: cursor) }
        let positions = Array(0..<count)
        return BrailleTranslation(cells: Array(repeating: .secureMask, count: count), cursor: cursor, start: 0,
                                  cellOfCharacter: positions, characterOfCell: positions)
    }
}
