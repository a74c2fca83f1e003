import TypingEcho

extension ScriptBuilder {
    /// Declares an element again, at the end of the reading order, when the app removed it:
    /// a step that needs it finds it (the app shows it again).
    mutating func restore(_ id: String) {
        guard !present.contains(id), let index = SecureSession.ids.firstIndex(of: id) else { return }
        line(SecureSession.declarations[index])
        present.append(id)
        screenMoved = true
        if id == "pw" {
            typedIntoPassword = ""
            passwordKnown = true
        }
    }

    /// `remove ID`, when the element is on the screen.
    mutating func addRemoval(_ id: String) {
        guard let index = present.firstIndex(of: id) else { return }
        line("remove ", id)
        present.remove(at: index)
        screenMoved = true
        // A field being edited stops being edited; focus on the element goes nowhere.
        if focused == id { focused = ""; editing = false }
        // Braille Screen Input is turned on again where its field may have moved.
        if let field = brailleInputField, field == id || (present.firstIndex(of: field) ?? 0) >= index { brailleInputField = nil }
        if id == "pw" { passwordKnown = false }
    }

    /// The element's declaration again, one of ``SecureSession/redeclarations``.
    mutating func addRedeclaration(_ id: String, variant: Int) {
        guard let variants = SecureSession.redeclarations[id], !variants.isEmpty else { return }
        let declaration = variants[variant % variants.count]
        line(declaration)
        if !present.contains(id) { present.append(id) }
        screenMoved = true
        if focused == id { editing = false }
        if brailleInputField == id { brailleInputField = nil }
        if id == "pw" {
            typedIntoPassword = SecureSession.value(in: declaration)
            passwordKnown = true
        }
    }

    /// `screen-changed` (`whole`) or `layout-changed`, with `focus=` when there is a target.
    mutating func addScreenChange(whole: Bool, focus target: String?) {
        switch (whole, target) {
        case (true, let target?):
            restore(target)
            line("screen-changed focus=", target)
            moveFocus(to: target)
        case (true, nil):
            line("screen-changed")
            moveFocus(to: present.first ?? "")
        case (false, let target?):
            restore(target)
            line("layout-changed focus=", target)
            moveFocus(to: target)
        case (false, nil):
            line("layout-changed")
            // Focus nowhere goes to the first element; the builder may not know it is nowhere.
            if focused.isEmpty { moveFocus(to: "?") }
        }
    }

    /// Focus moved by the app: editing is no longer known where focus changed.
    private mutating func moveFocus(to id: String) {
        if focused != id { editing = false }
        focused = id
    }

    /// Letters typed as chords into a secure field, in uncontracted braille.
    mutating func addChordSecret(_ text: String, into id: String) {
        edit(id)
        // Letters are letters in every uncontracted table: a contracted one is replaced.
        if Self.isContracted(effectiveInputTable) { setInputTable(SecretAlphabet.uncontractedTable) }
        brailleInputOn(again: inputContracted)
        if id == "pw" {
            typedIntoPassword += text
            // State the engine keeps for a field may have moved with the screen.
            if screenMoved { passwordKnown = false }
        }
        chords(SecretAlphabet.cells(of: text), single: text.count == 1 ? text.first.map(SecretAlphabet.dots(of:)) : nil)
    }

    /// A word typed as chords into a secure field, in contracted braille, held.
    mutating func addContractedChordSecret(_ word: String, into id: String) {
        edit(id)
        if !Self.isContracted(effectiveInputTable) { setInputTable(SecretAlphabet.contractedTable) }
        if brailleInputField != focused || !inputContracted {
            brailleInputOn(again: true)
        } else if held {
            // The cells held before would make one word with these: that word is entered first.
            line("key end")
        }
        chords(SecretAlphabet.cells(of: word), single: word.count == 1 ? word.first.map(SecretAlphabet.dots(of:)) : nil)
        held = true
    }

    /// Public cells typed as chords into a public field.
    mutating func addPublicChords(_ cells: String, into id: String) {
        edit(id)
        brailleInputOn()
        chords(cells, single: nil)
        if inputContracted { held = true }
    }

    /// `braille-input on` for the field being edited (some field), or `braille-input off`.
    mutating func addBrailleInput(_ on: Bool) {
        if on {
            editSomething()
            brailleInputOn()
        } else {
            line("braille-input off")
            brailleInputField = nil
        }
    }

    /// A Braille Screen Input swipe, Braille Screen Input turned on first where needed.
    mutating func addBrailleSwipe(_ direction: SwipeDirection, fingers: Int) {
        editSomething()
        brailleInputOn()
        gesture("swipe ", fingers == 1 ? direction.rawValue : "\(direction.rawValue) fingers=\(fingers)")
    }

    /// Writes `chords "…"`, or `chord DOTS` for a single cell given by its dots.
    private mutating func chords(_ cells: String, single dots: String?) {
        if let dots { line("chord ", dots) } else { line("chords ", SecureSession.quoted(cells)) }
    }

    /// Makes sure Braille Screen Input is on for the field being edited (`again`: turned on
    /// anew, so that it reads with the table now in force).
    private mutating func brailleInputOn(again: Bool = false) {
        lift()
        guard again || brailleInputField != focused else { return }
        line("braille-input on")
        brailleInputField = focused
        inputContracted = Self.isContracted(effectiveInputTable)
    }

    /// Writes `settings braille-input-table=TABLE`.
    private mutating func setInputTable(_ table: String) {
        line("settings braille-input-table=", table)
        inputTable = table
    }

    /// The table `braille-input on` reads with now: the input table, else the display's, else
    /// the locale's (en-US: UEB grade 1).
    private var effectiveInputTable: String { inputTable ?? displayTable ?? SecretAlphabet.uncontractedTable }

    /// Whether a table the sessions use is contracted.
    private static func isContracted(_ table: String) -> Bool { table == SecretAlphabet.contractedTable }
}

extension SecureSession {
    /// The `value="…"` of one of this type's declarations ("" without one).
    static func value(in declaration: String) -> String {
        for attribute in declaration.split(separator: " ") where attribute.hasPrefix("value=\"") {
            return String(attribute.dropFirst(7).prefix { $0 != "\"" })
        }
        return ""
    }
}
