/// Braille Screen Input: six- or eight-dot chords typed on the touch screen, read back to text
/// with liblouis, and its swipes for space, delete, new line, delete word and return.
///
/// An uncontracted table enters text cell by cell (TalkBack's `EditBufferUnContracted`, NVDA's
/// braille input): after each chord the word typed so far is back-translated and what it adds is
/// entered at once, echoed as typing is. A contracted table holds the cells, shown on the
/// display at the insertion point, and enters the back-translated word when it ends: space, new
/// line, return or a move (TalkBack's `EditBufferContracted`, NVDA: "text is inserted when you
/// press space or enter at the end of a word"). The edits are ordinary `edit` events.
///
/// In a secure field every table holds the cells and enters the word at its end, as one edit:
/// entered cell by cell, the number and timing of the edits would tell which chords were capital
/// or number signs (they add no character). Each chord is the same click, so what is heard and
/// what the events show depend on the number of chords and the count the field ends with alone.
///
/// The word belongs to its field and to the run of chords that typed it: any other input (a key,
/// a move, an edit action, a focus change) ends it first, and it goes with its field when the
/// field is removed or declared again (see `BrailleInputState`).
extension Engine {
    /// Whether Braille Screen Input is on for the field being edited.
    var brailleInputActive: Bool { braille.input.field != nil && braille.input.field == editor.editedField }

    /// `braille-input on|off` for the field being edited.
    mutating func setBrailleInput(_ on: Bool, at location: SourceLocation?) throws(ScriptError) {
        guard on else {
            endBrailleWord()
            braille.input = BrailleInputState()
            return
        }
        let position = try editingField(for: "braille-input on", at: location)
        let library = try Self.liblouis(at: location)
        let table = configuration.current.braille.inputTable ?? configuration.current.braille.tableInForce(locale: configuration.current.locale, library: library)
        let translator: BrailleTranslator
        do { translator = try library.translator(for: table) } catch { throw ScriptError(.badSetting, error.description, at: location) }
        guard translator.readsBackward else {
            throw ScriptError(.badSetting, BrailleError.cannotBackTranslate(table: table.name).description, at: location)
        }
        braille.input = BrailleInputState(field: position.identity, translator: translator, contracted: library.isContracted(table))
    }

    /// The field Braille Screen Input types into, or a script error saying how to turn it on.
    private mutating func brailleInputField(for what: String, at location: SourceLocation?) throws(ScriptError) -> FieldHandle {
        guard brailleInputActive, let identity = braille.input.field, let position = handle(for: identity) else {
            throw ScriptError(.notEditing, "\(what) needs Braille Screen Input on for the field being edited (braille-input on)", at: location)
        }
        return position
    }

    /// `chord DOTS`: one cell typed.
    mutating func chord(_ cell: BrailleCell, at location: SourceLocation?) throws(ScriptError) {
        let position = try brailleInputField(for: "chord", at: location)
        enterChord(cell, in: position)
        if braille.isOn { refreshBraille() }
    }

    /// `chords "⠓⠑⠇⠇⠕"`: one chord per cell, `cadence` apart.
    mutating func chords(_ cells: [BrailleCell], at location: SourceLocation?) throws(ScriptError) {
        let position = try brailleInputField(for: "chords", at: location)
        let cadence = configuration.current.cadence
        for (index, cell) in cells.enumerated() {
            if index > 0, cadence > .zero { try advance(by: cadence, at: location) }
            enterChord(cell, in: position)
            if braille.isOn { refreshBraille() }
        }
    }

    /// The swipes of Braille Screen Input; a two- or three-finger swipe is a script error
    /// without it (the model has no other use for them).
    mutating func fingerSwipe(_ direction: SwipeDirection, fingers: Int, at location: SourceLocation?) throws(ScriptError) {
        let what = "swipe \(direction.rawValue) fingers=\(fingers)"
        guard brailleInputActive else {
            throw ScriptError(.gesture, "\(what) is modelled only for Braille Screen Input (braille-input on)", at: location)
        }
        try brailleSwipe(direction, fingers: fingers, at: location)
    }

    /// A swipe while Braille Screen Input is on: right a space, left a deletion; with two
    /// fingers right a new line, left a word deleted; three fingers up return. One-finger
    /// swipes up and down move as without it, after the held cells are entered.
    mutating func brailleSwipe(_ direction: SwipeDirection, fingers: Int, at location: SourceLocation?) throws(ScriptError) {
        let position = try brailleInputField(for: "swipe", at: location)
        switch (direction, fingers) {
        case (.right, 1):
            commitHeldBraille(in: position)
            enter(" ", into: position, hardware: false)
        case (.left, 1):
            deleteBrailleCell(in: position)
        case (.right, 2):
            commitHeldBraille(in: position)
            if position.kind == .area { enter("\n", into: position, hardware: false) } else { pressReturn(in: position) }
        case (.left, 2):
            if let steps = braille.input.takeBackHeldWord(disclosure: position.disclosure) {
                carryOut(steps, in: position)
            } else {
                edit(position) { $0.deleteWord(in: &$1) }
            }
        case (.up, 3):
            commitHeldBraille(in: position)
            pressReturn(in: position)
        case (.up, 1), (.down, 1):
            commitHeldBraille(in: position)
            try swipe(direction, at: location)
        default:
            throw ScriptError(.gesture, "swipe \(direction.rawValue) fingers=\(fingers) is not a Braille Screen Input gesture here", at: location)
        }
        if braille.isOn { refreshBraille() }
    }

    /// Enters the cells held (a contracted table's, or any table's in a secure field) as one
    /// back-translated word, and ends the word (an uncontracted table's cells in a public field
    /// were entered as they were typed).
    mutating func commitHeldBraille(in position: FieldHandle) {
        carryOut(braille.input.endWord(committing: true), in: position)
    }

    /// One chord: an uncontracted table enters what it adds to the word at once; a contracted
    /// table holds it and says its guess; in a secure field every table holds it, with a click.
    private mutating func enterChord(_ cell: BrailleCell, in position: FieldHandle) {
        // A chord held for a secure field is part of a secret already, before it is entered.
        editor.offer(nonEmpty: true, toSecureField: position.isSecure)
        carryOut(braille.input.chord(cell, disclosure: position.disclosure), in: position)
    }

    /// Swipe left: a held cell is taken back (its guess or dots said as deleted); otherwise the
    /// character before the insertion point is deleted as the delete key does.
    private mutating func deleteBrailleCell(in position: FieldHandle) {
        let composer = voice.echo
        if let steps = braille.input.takeBackCell(disclosure: position.disclosure, dots: composer.chordDots) {
            carryOut(steps, in: position)
        } else {
            edit(position) { $0.delete(.backward, in: &$1) }
        }
    }

    /// Carries out Braille Screen Input's steps on its field, in order.
    private mutating func carryOut(_ steps: [BrailleInputStep], in position: FieldHandle) {
        for step in steps {
            switch step {
            case .echo(let change):
                echo(change)
            case .commit(let word):
                // A secure field's word is echoed as one typed character: its word is not said.
                if insert(word, into: position) != nil { echo(.dictated(position.disclosure.show(word))) }
            case .takeBack(let count):
                edit(position) { $0.takeBack(count, in: &$1) }
            case .type(let text):
                FieldCharacters.forEach(in: text, locale: position.locale) { character in
                    enter(String(character), into: position, hardware: false)
                }
            }
        }
    }

    /// An element left the screen: Braille Screen Input for it ends, its held cells never entered.
    mutating func brailleFieldRemoved(_ identity: ElementID) { braille.input.elementRemoved(identity) }

    /// The app declared an element again: a word held or being read back for it is dropped.
    mutating func brailleFieldReplaced(_ identity: ElementID) { braille.input.elementReplaced(identity) }

    /// Any input other than Braille Screen Input's own ends the word being typed: held cells
    /// are entered into their field (if it is still the one being edited), and an uncontracted
    /// table's word and number or capital mode end, so a later chord never brings back text the
    /// input deleted or moved away from.
    mutating func endBrailleWord() {
        guard braille.input.hasWord, let field = braille.input.field else { return }
        if field == editor.editedField, let handle = handle(for: field) {
            commitHeldBraille(in: handle)
        } else {
            braille.input.endWord()
        }
    }
}
