/// What Braille Screen Input asks of its field after a chord or a swipe, in order: the editing
/// component's steps for braille input, which the engine carries out on the field
/// (`Engine+BrailleInput`).
enum BrailleInputStep: Sendable, Hashable {
    /// A change to echo (a chord held or adding nothing yet, a cell taken back).
    case echo(EchoChange)
    /// The held cells read back as this word, to enter whole and echo as a word (one typed
    /// character's echo in a secure field).
    case commit(String)
    /// This many characters before the insertion point taken back silently (the word's earlier
    /// cells changed meaning).
    case takeBack(Int)
    /// This text typed into the field character by character, each echoed as typing is.
    case type(String)
}

/// Braille Screen Input's word, as operations on its state that return the steps for the field.
///
/// An uncontracted table in a public field enters what each chord adds at once; a contracted
/// table, and every table in a secure field, holds the cells until the word ends and enters it
/// whole (see docs/secure-entry.md: in a secure field what is heard then depends on the number
/// of chords and the final count alone).
extension BrailleInputState {
    /// Ends the word: the held cells are read back and entered as one word (`commit`), and an
    /// uncontracted word with its number or capital mode is forgotten.
    /// - Complexity: O(h) in the held cells (at most `longestWord`).
    mutating func endWord(committing: Bool) -> [BrailleInputStep] {
        let cells = held
        endWord()
        guard committing, !cells.isEmpty, let translator else { return [] }
        let word = (try? translator.backTranslate(cells)) ?? ""
        return word.isEmpty ? [] : [.commit(word)]
    }

    /// One chord typed into a field that discloses as `disclosure`.
    /// - Complexity: O(w) in the word's cells (at most `longestWord`): the word is read back
    ///   whole after each chord.
    mutating func chord(_ cell: BrailleCell, disclosure: Disclosure) -> [BrailleInputStep] {
        guard let translator else { return [] }
        var steps: [BrailleInputStep] = []
        // A word longer than any real one (a script's megabyte of chords without a space) is
        // entered in pieces, so that each chord costs the same: see `longestWord`.
        if held.count >= Self.longestWord { steps += endWord(committing: true) }
        if word.count >= Self.longestWord {
            word.removeAll()
            entered = ""
        }
        guard !contracted && !disclosure.isSecure else {
            held.append(cell)
            steps.append(.echo(.brailleCell(text: disclosure.show(guess([cell])), dots: cell)))
            return steps
        }
        word.append(cell)
        let text = (try? translator.backTranslate(word)) ?? ""
        let before = entered
        guard text != before else {
            // A cell that adds nothing yet (a capital or number sign): its dots are said.
            steps.append(.echo(.brailleCell(text: disclosure.show(""), dots: cell)))
            return steps
        }
        entered = text
        guard text.hasPrefix(before) else {
            // The cell changed what the word's earlier cells mean: their text goes, the word's comes.
            return steps + [.takeBack(before.count), .type(text)]
        }
        return steps + [.type(String(text.dropFirst(before.count)))]
    }

    /// Swipe left: the last held cell (or an indicator typed alone) taken back, its guess or dots
    /// said as deleted; nil when there is none, and the field's own character goes instead.
    /// - Parameter dots: A cell's dots in the reader's words.
    mutating func takeBackCell(disclosure: Disclosure, dots: (BrailleCell) -> String) -> [BrailleInputStep]? {
        if let cell = held.popLast() {
            let guess = guess([cell])
            return [.echo(.takenBack(disclosure.show(guess.isEmpty ? dots(cell) : guess)))]
        }
        if !contracted, entered.isEmpty, let cell = word.popLast() {
            return [.echo(.takenBack(disclosure.show(dots(cell))))]
        }
        word.removeAll()
        entered = ""
        return nil
    }

    /// Two-finger swipe left: the held cells taken back, their guesses said; nil when none are
    /// held, and the field's word before the insertion point goes instead.
    mutating func takeBackHeldWord(disclosure: Disclosure) -> [BrailleInputStep]? {
        guard !held.isEmpty else {
            word.removeAll()
            entered = ""
            return nil
        }
        let guesses = held.map { guess([$0]) }
        held.removeAll()
        return [.echo(.takenBack(disclosure.show(guesses.joined(separator: ", "))))]
    }

    /// What cells mean on their own, as a partial word (liblouis's `partialTrans`), or "".
    func guess(_ cells: [BrailleCell]) -> String {
        (try? translator?.backTranslate(cells, partialWord: true)) ?? ""
    }
}
