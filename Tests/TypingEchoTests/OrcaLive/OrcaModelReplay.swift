import Foundation
import TypingEcho

/// What the model says and shows for one recorded step.
struct OrcaModelStep {
    /// The utterances, in order, cut ones included: their text and whether their pitch is raised.
    var speech: [(text: String, raised: Bool)] = []
    /// The braille window shown at the end of the step, back-translated to text (nil: nothing shown yet).
    var braille: String?
    /// The cell of the cursor in that window, from 0 (nil: none shown).
    var brailleCursor: Int?
    /// The script error the step's command raised, if any.
    var error: String?
}

/// Replays a recorded case's script in process under `reader=orca`, step by step.
///
/// The prelude runs first, then each step's one command followed by `wait 2` (virtual
/// seconds: the rig likewise waits for Orca's output to settle after each keystroke); the
/// events of that span are the step's. A command the model refuses is the step's error, and
/// when the refused command is a Tab the test moves focus itself (`focus ID` on the element
/// Tab reaches in reading order) so that the later steps still say something comparable.
enum OrcaModelReplay {
    /// The virtual time let pass after each step.
    static let settle = "wait 2"

    /// The model's steps for `orcaCase`, one per recorded step, and the display's translator.
    static func replay(_ orcaCase: OrcaCase, braille library: Liblouis) throws -> (steps: [OrcaModelStep], translator: BrailleTranslator) {
        var session = try Session(overrides: [("braille", "on")])
        try session.run(script: orcaCase.prelude.joined(separator: "\n"))
        try session.run(script: settle)
        let settings = session.settings
        let translator = try library.translator(for: settings.braille.tableInForce(locale: settings.locale, library: library))
        let order = orcaCase.prelude.compactMap(Self.declaredID)
        var shown: (text: String, cursor: Int?)?
        var steps: [OrcaModelStep] = []
        for step in orcaCase.steps {
            let start = session.log.events.count
            var model = OrcaModelStep()
            do {
                try session.run(script: step.command)
            } catch {
                model.error = error.description
                if let target = tabTarget(step.command, order: order, focus: session.focusedElement?.id) {
                    _ = try? session.run(script: "focus \(target)")
                }
            }
            try session.run(script: settle)
            for event in session.log.events[start...] {
                switch event.event {
                case .speak(let utterance): model.speech.append((utterance.text, utterance.pitch > 1))
                case .braille(let window): shown = (try text(of: window, with: translator), window.cursor)
                default: break
                }
            }
            model.braille = shown?.text
            model.brailleCursor = shown?.cursor
            steps.append(model)
        }
        return (steps, translator)
    }

    /// The id a `field` or `element` line declares.
    static func declaredID(_ line: String) -> String? {
        let words = line.split(separator: " ")
        guard words.count > 1, words[0] == "field" || words[0] == "element" else { return nil }
        return String(words[1])
    }

    /// The element a refused `key tab` / `key shift-tab` would reach, in declaration order.
    static func tabTarget(_ command: String, order: [String], focus: String?) -> String? {
        guard command == "key tab" || command == "key shift-tab", let focus, let index = order.firstIndex(of: focus) else { return nil }
        let next = command == "key tab" ? index + 1 : index - 1
        return order.indices.contains(next) ? order[next] : nil
    }

    /// A window's cells as text: the cursor and selection dots (7 and 8) dropped, then
    /// back-translated with the display's table.
    static func text(of window: BrailleWindow, with translator: BrailleTranslator) throws -> String {
        try sixDots(BrailleCell.cells(of: window.cells) ?? [], with: translator)
    }

    /// Orca's print text as the model's display would show it: translated with the display's
    /// table (a toolkit's mask character, "●" or "•", as the model's mask cell, one per
    /// character), then folded as ``text(of:with:)`` folds the model's cells.
    static func folded(orca text: String, with translator: BrailleTranslator) throws -> String {
        var cells: [BrailleCell] = []
        var run = ""
        func flush() throws {
            if !run.isEmpty { cells += try translator.translate(run).cells }
            run = ""
        }
        for character in text {
            if character == "●" || character == "•" {
                try flush()
                cells.append(.secureMask)
            } else {
                run.append(character)
            }
        }
        try flush()
        return try sixDots(cells, with: translator)
    }

    /// Cells with dots 7 and 8 dropped (the cursor's and the selection's), back-translated.
    static func sixDots(_ cells: [BrailleCell], with translator: BrailleTranslator) throws -> String {
        try translator.backTranslate(cells.map { BrailleCell(dots: $0.dots & 0x3F) })
    }
}
