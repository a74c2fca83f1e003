/// One row of braille the display pans over: the element's label and role words and, for a
/// field, its line with one trailing blank cell for the insertion point at the end.
struct BrailleRow: Sendable, Hashable {
    /// The cells, selection dots included, cursor dots not.
    var cells: [BrailleCell] = []
    /// The cell of the insertion point, or nil when none is shown.
    var cursor: Int?
    /// The first cell of the field's text (the cells before it show the label and role).
    var textStart = 0
    /// For each cell from `textStart`, the character (an offset in the whole text) it shows:
    /// where its routing key moves the insertion point.
    var characterOfCell: [Int] = []
    /// The first character of the line shown (0 for an element that is not a field).
    var lineStart = 0

    /// The character shown at row cell `index`, or nil for a label or role cell.
    func character(at index: Int) -> Int? {
        index >= textStart && index - textStart < characterOfCell.count ? characterOfCell[index - textStart] : nil
    }
}

/// What the braille display is showing and what it needs to show the next change: the
/// translators, the window's place on the row, and Braille Screen Input's held cells.
///
/// It is the second output of the engine's changes: after each change (an edit, a move, focus)
/// the engine asks it for the window; a `braille` event is sent only when the window differs
/// from the one shown. With `braille=off` nothing here runs.
struct BrailleDisplay: Sendable {
    /// Whether the display is on (mirrors `braille=on`, read on every change).
    private(set) var isOn = false
    /// The display's translator, for the table in force.
    private(set) var translator: BrailleTranslator?
    /// What the display shows now (the last `braille` event).
    private(set) var shown = BrailleWindow.empty
    /// The cells shown now without the cursor dots (`expect braille`).
    private(set) var shownWithoutCursor = ""
    /// The row cell the window starts at, a multiple of the display's width.
    private(set) var windowStart = 0
    /// The last row shown, with what it was made from, so that an unchanged field is not
    /// translated again.
    private var cache: (key: RowKey, row: BrailleRow)?
    /// The label and role words last translated, with their table: typing changes the line only.
    private var prefixCache: (text: String, table: String, cells: [BrailleCell])?
    /// The words after a field's line last translated (the end marker and states), with their table.
    private var suffixCache: (text: String, table: String, cells: [BrailleCell])?
    /// The row the window was last placed on, to tell a change (follow the cursor) from a pan.
    private var lastRow: BrailleRow?
    /// A translation that failed while the display followed a change, reported at the end of the line.
    var failure: BrailleError?
    /// Braille Screen Input's state.
    var input = BrailleInputState()
    /// The ``SettingsInForce/revision`` the display last followed.
    private(set) var followedRevision = -1

    /// Notes that the display follows the settings of a revision.
    mutating func follow(revision: Int) { followedRevision = revision }

    /// What a row is made from: two equal keys give the same row.
    struct RowKey: Hashable {
        var element: ElementID
        var prefix: String
        var suffix: String
        var line: BrailleLine?
        var secureCount: Int?
        var cursor: Int?
        var selection: Range<Int>?
        var held: [BrailleCell]
        var table: String
        var expand: Bool
    }

    /// Turns the display on with `translator`, or off (nil): turning it off forgets what was shown.
    mutating func use(_ translator: BrailleTranslator?) {
        if translator?.table != self.translator?.table { cache = nil }
        self.translator = translator
        isOn = translator != nil
        if !isOn {
            shown = .empty
            shownWithoutCursor = ""
            lastRow = nil
            windowStart = 0
        }
    }

    /// The cells of an element's label and role words, translated unless they are the last ones.
    mutating func prefixCells(_ text: String, _ translator: BrailleTranslator) throws(BrailleError) -> [BrailleCell] {
        if let prefixCache, prefixCache.text == text, prefixCache.table == translator.table.name { return prefixCache.cells }
        let cells = text.allSatisfy({ $0 == " " }) ? [] : try translator.translate(text).cells
        prefixCache = (text, translator.table.name, cells)
        return cells
    }

    /// The cells of the words after a field's line, translated unless they are the last ones.
    mutating func suffixCells(_ text: String, _ translator: BrailleTranslator) throws(BrailleError) -> [BrailleCell] {
        if text.isEmpty { return [] }
        if let suffixCache, suffixCache.text == text, suffixCache.table == translator.table.name { return suffixCache.cells }
        let cells = try translator.translate(text).cells
        suffixCache = (text, translator.table.name, cells)
        return cells
    }

    /// The row for `key`, translated unless it is the key of the last row.
    mutating func row(for key: RowKey, make: () throws(BrailleError) -> BrailleRow) throws(BrailleError) -> BrailleRow {
        if let cache, cache.key == key { return cache.row }
        let row = try make()
        cache = (key, row)
        return row
    }

    /// The window of `row` on a display of `width` cells: the window holding the cursor after a
    /// change of the row (`follow`), else the window already shown (after a pan); nil when it
    /// is the window shown now.
    mutating func place(_ row: BrailleRow, width: Int, shape: BrailleCursorShape, follow: Bool) -> BrailleWindow? {
        let changed = follow && row != lastRow
        if changed, let cursor = row.cursor {
            windowStart = cursor / width * width
        } else if changed && lastRow?.cursor != nil {
            windowStart = 0
        }
        lastRow = row
        let last = Swift.max(row.cells.count - 1, 0)
        windowStart = Swift.min(windowStart, last / width * width)
        let end = Swift.min(windowStart + width, row.cells.count)
        var cells = Array(row.cells[windowStart..<end])
        let plain = BrailleCell.string(of: cells)
        var cursor: Int?
        if let rowCursor = row.cursor, rowCursor >= windowStart && rowCursor < end {
            cursor = rowCursor - windowStart
            cells[rowCursor - windowStart] = cells[rowCursor - windowStart].raising(shape.cell)
        }
        let start = row.character(at: windowStart) ?? row.lineStart
        let window = BrailleWindow(cells: BrailleCell.string(of: cells), cursor: cursor, start: start)
        shownWithoutCursor = plain
        guard window != shown else { return nil }
        shown = window
        return window
    }

    /// Moves the window by one width, left or right, within `row`. - Returns: Whether it moved.
    mutating func pan(_ direction: PanDirection, width: Int, rowLength: Int) -> Bool {
        switch direction {
        case .left:
            guard windowStart > 0 else { return false }
            windowStart = Swift.max(0, windowStart - width)
        case .right:
            guard windowStart + width < rowLength else { return false }
            windowStart += width
        }
        return true
    }

    /// The row the window was last placed on.
    var currentRow: BrailleRow? { lastRow }
}

/// Braille Screen Input's state: whether it is on, for which field, and the cells held for a
/// contracted table until the word ends.
struct BrailleInputState: Sendable, Hashable {
    /// The field it is on for (Braille Screen Input is a rotor item of the field being edited).
    var field: ElementID?
    /// The input table's translator.
    var translator: BrailleTranslator?
    /// Cells typed and not yet entered, shown on the display (a contracted table).
    var held: [BrailleCell] = []
    /// The cells of the word typed so far with an uncontracted table, whose text is entered
    /// cell by cell.
    var word: [BrailleCell] = []
    /// What the cells of `word` entered so far.
    var entered = ""
    /// Whether the input table is contracted: it holds the cells until the word ends.
    var contracted = false

    /// An element left the screen: input for it ends, its held cells never entered.
    mutating func elementRemoved(_ identity: ElementID) {
        if field == identity { self = BrailleInputState() }
    }

    /// The app declared an element again: a word held or being read back for it is dropped (the
    /// text it belonged to was replaced); input stays on for it.
    mutating func elementReplaced(_ identity: ElementID) {
        guard field == identity else { return }
        endWord()
    }

    /// Whether a word is under way: cells held, or cells of an uncontracted word read back.
    var hasWord: Bool { !held.isEmpty || !word.isEmpty }

    /// Forgets the word: the cells held and the cells read back so far.
    mutating func endWord() {
        held.removeAll()
        word.removeAll()
        entered = ""
    }

    /// The most cells held or read back as one word: a longer run of chords without a space
    /// is entered in pieces of this many cells (bounded work per chord).
    static let longestWord = 64
}
