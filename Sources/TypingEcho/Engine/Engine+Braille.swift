/// The braille display as a second output of the engine's changes: after each edit, move or
/// focus change (and after every script line) the display's window is computed and a `braille`
/// event sent when it differs from the one shown. With `braille=off` none of this runs.
extension Engine {
    /// The element the display shows: the element in focus, else (focus on a key of the
    /// on-screen keyboard, or nowhere) the field being edited.
    var brailleSubject: ElementID? { reader.focus.element ?? editor.editedField }

    /// Opens liblouis and the table in force when braille is on (once per table), or turns the
    /// display off. `location` is where an error is reported: liblouis missing
    /// (`brailleUnavailable`), a table that does not exist or compile (`badSetting`).
    mutating func syncBraille(at location: SourceLocation?) throws(ScriptError) {
        braille.follow(revision: configuration.revision)
        guard configuration.current.braille.isOn else {
            if braille.isOn { braille.use(nil) }
            return
        }
        let library = try Self.liblouis(at: location)
        let table = configuration.current.braille.tableInForce(locale: configuration.current.locale, library: library)
        guard braille.translator?.table != table else { return }
        do { braille.use(try library.translator(for: table)) } catch {
            throw ScriptError(.badSetting, error.description, at: location)
        }
    }

    /// liblouis, or the error a script gets without it.
    static func liblouis(at location: SourceLocation?) throws(ScriptError) -> Liblouis {
        do { return try Liblouis.load() } catch { throw ScriptError(.brailleUnavailable, error.description, at: location) }
    }

    /// Shows what the display shows now, sending a `braille` event if it changed; a translation
    /// that failed since the last line is reported at `location`.
    mutating func showBraille(at location: SourceLocation?) throws(ScriptError) {
        refreshBraille()
        if let failure = braille.failure {
            braille.failure = nil
            throw ScriptError(.badSetting, failure.description, at: location)
        }
    }

    /// Follows a change on the display (`follow`: the window moves to the cursor when the row
    /// changed). Nothing happens with braille off.
    mutating func refreshBraille(follow: Bool = true) {
        guard braille.isOn, let translator = braille.translator else { return }
        do {
            let row = try brailleRow(translator)
            if let window = braille.place(row, width: configuration.current.braille.cells, shape: configuration.current.braille.cursor, follow: follow) {
                output.emit(.braille(window), at: output.clock.now)
            }
        } catch {
            braille.failure = error
        }
    }

    /// The row for the element shown, laid out as `braille-layout` says (``BrailleFrame``): its
    /// label and role or state words, and for a field the line around the insertion point (a
    /// secure field: one mask cell per character, from its count only), a trailing blank cell,
    /// selection dots, Braille Screen Input's held cells and the words after the line.
    mutating func brailleRow(_ translator: BrailleTranslator) throws(BrailleError) -> BrailleRow {
        let settings = configuration.current.braille
        let words = BrailleWords(phrasebook, toolkit: configuration.current.style.toolkit)
        guard let position = brailleSubject,
              let frame = screen.read(position, { BrailleFrame(of: $0, layout: settings.layout, showsError: settings.showsError, words: words) })
        else { return BrailleRow() }
        let prefix = frame.prefix
        let edited = position == editor.editedField
        let expand = configuration.current.braille.expandAtCursor
        let reach = 2 * configuration.current.braille.cells + 16
        let held = braille.input.field == position ? braille.input.held : []
        let state = withField(position) { field -> (disclosure: Disclosure, count: Int, caret: Int, selection: Range<Int>?, line: BrailleLine?) in
            let selection = field.buffer.selection.map { $0.lowerBound.character..<$0.upperBound.character }
            let caret = field.buffer.insertionPoint.character
            // A secure field's line is not even read: its disclosure shows nothing of it.
            return (field.disclosure, field.characterCount, caret, selection, field.disclosure.show(field.buffer.brailleLine(reach: reach)).value)
        }
        var key = BrailleDisplay.RowKey(element: position, prefix: prefix, suffix: frame.suffix, line: nil, secureCount: nil, cursor: nil,
                                        selection: nil, held: held, table: translator.table.name, expand: expand)
        guard let state else {
            var row = BrailleRow()
            row.cells = try braille.prefixCells(prefix, translator)
            row.textStart = row.cells.count
            if frame.cursorOnFirstCell && !row.cells.isEmpty { row.cursor = 0 }
            return row
        }
        let head = try braille.prefixCells(prefix + " ", translator)
        let tail = try braille.suffixCells(frame.suffix, translator)
        key.line = state.line
        key.secureCount = state.line == nil ? state.count : nil
        key.cursor = edited ? state.caret : nil
        key.selection = state.selection
        return try braille.row(for: key) { () throws(BrailleError) in
            var row = BrailleRow()
            row.cells = head
            let line: BrailleTranslation
            let lineStart: Int
            if let text = state.line {
                // Swift's and ICU's character counts can differ in rare clusters: the cursor stays inside the text.
                let caret = min(text.caret, text.text.count)
                line = try translator.translate(text.text, cursor: edited ? caret : nil, expandAtCursor: expand && edited)
                lineStart = text.start
            } else {
                // A secure field: its count only, never its text; no expansion.
                lineStart = max(0, state.caret - reach)
                let end = min(state.count, state.caret + reach)
                line = try BrailleTranslation.masked(count: end - lineStart, cursor: edited ? state.caret - lineStart : nil)
            }
            row.textStart = row.cells.count
            row.lineStart = lineStart
            var cells = line.cells
            var characters = line.characterOfCell
            characters.withUnsafeMutableBufferPointer { offsets in
                var index = 0
                while index < offsets.count {
                    offsets[index] += lineStart
                    index += 1
                }
            }
            var cursor = line.cursor
            // The trailing cell, for the insertion point at the end of the line.
            cells.append(.blank)
            characters.append(lineStart + line.cellOfCharacter.count)
            if let selection = state.selection {
                for index in cells.indices.dropLast() where selection.contains(characters[index]) {
                    cells[index] = cells[index].raising(.dots78)
                }
            }
            if !held.isEmpty, let at = cursor {
                // Braille Screen Input's held cells, before the insertion point (masked in a secure field).
                let shown = state.disclosure.heldCells(held)
                cells.insert(contentsOf: shown, at: at)
                characters.insert(contentsOf: Array(repeating: characters[at], count: held.count), at: at)
                cursor = at + held.count
            }
            // After the trailing cell: the end marker and states (their cells route nowhere).
            row.cells += cells + tail
            row.characterOfCell = characters
            row.cursor = cursor.map { row.textStart + $0 }
            return row
        }
    }

    /// `route N`: the cursor routing key above cell N moves the insertion point to the
    /// character shown there (the trailing cell: the end of the line). A key above the label,
    /// the role words or past the row does nothing.
    mutating func route(_ cell: Int, at location: SourceLocation?) throws(ScriptError) {
        guard configuration.current.braille.isOn else { throw ScriptError("route needs the braille display on (settings braille=on)", at: location) }
        let width = configuration.current.braille.cells
        guard cell < width else {
            throw ScriptError("route \(cell): the display has \(width) cells, 0 to \(width - 1) (braille-cells)", at: location)
        }
        let position = try editingField(for: "route", at: location)
        commitHeldBraille(in: position)
        refreshBraille()
        guard let row = braille.currentRow, let target = row.character(at: braille.windowStart + cell) else { return }
        let before = withField(position) { $0.buffer.insertionPoint.character }
        update(position) { $0.buffer.moveInsertionPoint(toCharacter: target) }
        if withField(position, { $0.buffer.insertionPoint.character }) != before { emitCursor(position) }
    }

    /// `pan left|right`: the display shows the previous or next window of the row.
    mutating func pan(_ direction: PanDirection) {
        guard braille.isOn else { return }
        refreshBraille()
        guard let row = braille.currentRow,
              braille.pan(direction, width: configuration.current.braille.cells, rowLength: row.cells.count) else { return }
        refreshBraille(follow: false)
    }

    /// The cells the display shows now without the cursor dots, and the cursor's cell, for
    /// `expect braille` and `expect braille-cursor`.
    var brailleShown: (cells: String, cursor: Int?)? {
        braille.isOn ? (braille.shownWithoutCursor, braille.shown.cursor) : nil
    }
}
