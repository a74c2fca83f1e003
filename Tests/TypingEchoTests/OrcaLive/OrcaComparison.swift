import Foundation
import TypingEcho

/// How a recorded step of live Orca and the model's replay of it compare.
///
/// Speech: the step agrees when the model says as many utterances as Orca's `SPEECH OUTPUT`
/// lines and each pair matches after ``OrcaComparison/normalized(_:)``: the model's text equals
/// Orca's text or the text Orca handed to speech-dispatcher (an equal alternative), and both are
/// at a raised pitch or neither (Orca's uppercase voice is an average pitch above its default
/// 5.0; the model's is a pitch above 1.0). An utterance a later one cut counts like any other,
/// on both sides: Orca's log lists what it asked to be said and the model's events list every
/// utterance started, whether or not it was heard to its end.
///
/// Braille: the step agrees when the last window Orca showed by the end of the step (its
/// `VISIBLE` text; flash messages, cursor 0, do not count; with none in the step, the one before
/// stays) and the model's last window show the same cells but for dots 7 and 8 (the model's
/// cells back-translated with the display's table; Orca's text translated with that table and
/// back, a toolkit's mask character as the model's mask cell), and their cursors stand on the
/// same cell (Orca's is from 1). The table writes one cell per character, so Orca's print text
/// and its cursor cell are the model's cells and cursor.
struct OrcaStepComparison {
    /// `CASE#N`, N from 1.
    var step: String
    /// The case's id.
    var caseID: String
    /// The step's script command.
    var command: String
    /// The step's convention.
    var convention: OrcaConvention
    /// What Orca said.
    var orcaSpeech: [OrcaUtterance]
    /// What the model said.
    var modelSpeech: [(text: String, raised: Bool)]
    /// The window Orca showed (nil: none yet).
    var orcaBraille: String?
    /// Orca's window folded as the model's is (``OrcaModelReplay/folded(orca:with:)``).
    var orcaBrailleFolded: String?
    /// Orca's cursor cell in its window, from 1.
    var orcaBrailleCursor: Int?
    /// The model's window as text (nil: none yet).
    var modelBraille: String?
    /// The model's cursor cell in its window, from 0 (nil: none).
    var modelBrailleCursor: Int?
    /// The script error the model raised for the step's command, if any.
    var modelError: String?

    /// Whether the speech agrees.
    var speechAgrees: Bool {
        guard modelError == nil, orcaSpeech.count == modelSpeech.count else { return false }
        return zip(orcaSpeech, modelSpeech).allSatisfy { orca, model in
            let alternatives = [orca.text] + (orca.spd.map { [$0] } ?? [])
            return alternatives.map(OrcaComparison.normalized).contains(OrcaComparison.normalized(model.text))
                && ((orca.pitch ?? OrcaComparison.defaultPitch) > OrcaComparison.defaultPitch) == model.raised
        }
    }

    /// Whether the braille agrees.
    var brailleAgrees: Bool {
        modelError == nil && orcaBrailleFolded == modelBraille && orcaBrailleCursor.map { $0 - 1 } == modelBrailleCursor
    }

    /// Orca's window as one line for the differences file, with its cursor cell from 1.
    var orcaBrailleLine: String {
        orcaBraille.map { OrcaComparison.quoted($0) + (orcaBrailleCursor.map { " @\($0)" } ?? "") } ?? "nothing"
    }

    /// The model's window as one line for the differences file, with its cursor cell from 1.
    var modelBrailleLine: String {
        if let modelError { return "error: \(modelError)" }
        return modelBraille.map { OrcaComparison.quoted($0) + (modelBrailleCursor.map { " @\($0 + 1)" } ?? "") } ?? "nothing"
    }

    /// Orca's speech as one line for the differences file.
    var orcaSpeechLine: String {
        orcaSpeech.isEmpty ? "nothing" : orcaSpeech.map { OrcaComparison.quoted($0.text) + (($0.pitch ?? 5) > 5 ? "↑" : "") }.joined(separator: " · ")
    }

    /// The model's speech as one line for the differences file.
    var modelSpeechLine: String {
        if let modelError { return "error: \(modelError)" }
        return modelSpeech.isEmpty ? "nothing" : modelSpeech.map { OrcaComparison.quoted($0.text) + ($0.raised ? "↑" : "") }.joined(separator: " · ")
    }
}

/// Compares every recorded case with the model, and reads and writes the list of differences.
enum OrcaComparison {
    /// Orca's default average pitch.
    static let defaultPitch = 5.0

    /// Lowercased, runs of white space made one space, and punctuation and spaces trimmed from
    /// both ends; a text that would trim to nothing keeps its punctuation ("." stays ".").
    static func normalized(_ text: String) -> String {
        let collapsed = collapsed(text)
        let trimmed = collapsed.trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.whitespaces))
        return trimmed.isEmpty ? collapsed : trimmed
    }

    /// Lowercased, runs of white space made one space, trimmed.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// A text in double quotes with its quotes, backslashes and line breaks escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// Every recorded step of every app, compared.
    static func compareAll() throws -> [OrcaStepComparison] {
        let library = try Liblouis.load()
        var comparisons: [OrcaStepComparison] = []
        for app in OrcaConformanceFiles.apps {
            let cases = try OrcaConformanceFiles.cases(app).cases
            let recorded = Dictionary(uniqueKeysWithValues: try OrcaConformanceFiles.recording(app).cases.map { ($0.id, $0) })
            for orcaCase in cases {
                guard let recording = recorded[orcaCase.id] else { continue }
                let (model, translator) = try OrcaModelReplay.replay(orcaCase, braille: library)
                var shown: OrcaBrailleLine?
                var selected = false
                for (index, (step, orca)) in zip(orcaCase.steps, recording.steps).enumerated() {
                    if let line = orca.braille.last(where: { $0.cursor > 0 }) { shown = line }
                    comparisons.append(OrcaStepComparison(
                        step: "\(orcaCase.id)#\(index + 1)", caseID: orcaCase.id, command: step.command,
                        convention: .of(command: step.command, index: index, field: orcaCase.field, selected: selected),
                        orcaSpeech: orca.speech, modelSpeech: model[index].speech, orcaBraille: shown?.visible,
                        orcaBrailleFolded: try shown.map { try OrcaModelReplay.folded(orca: $0.visible, with: translator) },
                        orcaBrailleCursor: shown?.cursor, modelBraille: model[index].braille,
                        modelBrailleCursor: model[index].brailleCursor, modelError: model[index].error))
                    selected = orca.selection != nil
                }
            }
        }
        return comparisons
    }
}

/// The kind of a difference: what was compared.
enum OrcaDifferenceKind: String, CaseIterable {
    case speech
    case braille
}

/// `Conformance/orca/differences.txt`: every step where the model and live Orca differ, each
/// with the id of its cause, and the causes in a few words.
struct OrcaDifferences: Equatable {
    /// Cause id → what it is.
    var causes: [String: String] = [:]
    /// `STEP KIND` → cause id.
    var listed: [String: String] = [:]

    /// The file.
    static let file = OrcaConformanceFiles.folder.appendingPathComponent("differences.txt")
    /// What a cause the generator made up says until someone writes it.
    static let unwritten = "(cause not written yet)"

    /// The key of a step's difference.
    static func key(_ step: String, _ kind: OrcaDifferenceKind) -> String { "\(step) \(kind.rawValue)" }

    /// Reads the file (an empty list when it does not exist).
    static func read() throws -> OrcaDifferences {
        guard FileManager.default.fileExists(atPath: file.path) else { return OrcaDifferences() }
        return try parse(String(contentsOf: file, encoding: .utf8))
    }

    /// Parses the file's text: `cause ID: TEXT` lines, and `STEP KIND CAUSE | NOTE` lines.
    static func parse(_ text: String) throws -> OrcaDifferences {
        var differences = OrcaDifferences()
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("cause ") {
                let body = line.dropFirst("cause ".count)
                guard let colon = body.firstIndex(of: ":") else { throw OrcaDifferencesError(line: number + 1, "a cause needs `cause ID: TEXT`") }
                differences.causes[String(body[..<colon])] = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                continue
            }
            let fields = line.split(separator: "|", maxSplits: 1)[0].split(separator: " ").map(String.init)
            guard fields.count == 3, let kind = OrcaDifferenceKind(rawValue: fields[1]) else {
                throw OrcaDifferencesError(line: number + 1, "a difference needs `CASE#STEP speech|braille CAUSE`")
            }
            differences.listed[key(fields[0], kind)] = fields[2]
        }
        return differences
    }

    /// The prefix of the causes given to a step whose command the model refused.
    static let modelLacks = "model-lacks-"

    /// The cause a difference gets when it is new: `model-lacks-COMMAND` when the model refused
    /// the step's command (`model-lacks-key-up`), else its convention's id for speech and
    /// `braille` for braille (the braille line differs in one way whatever the keystroke).
    static func defaultCause(_ comparison: OrcaStepComparison, _ kind: OrcaDifferenceKind) -> String {
        if comparison.modelError != nil {
            let words = comparison.command.split(separator: " ").prefix(2).map { $0.filter { $0.isLetter || $0.isNumber || $0 == "-" } }
            return modelLacks + words.filter { !$0.isEmpty }.joined(separator: "-")
        }
        return kind == .speech ? comparison.convention.rawValue : "braille"
    }

    /// The file's text for `comparisons`: causes kept from `previous` (a step listed before keeps
    /// its cause, unless the model now refuses its command or no longer does: `model-lacks-…`
    /// causes follow the model; a new one gets ``defaultCause(_:_:)``), grouped by kind and convention.
    static func generate(_ comparisons: [OrcaStepComparison], previous: OrcaDifferences, orca: String) -> String {
        var lines: [String] = []
        var used: Set<String> = []
        for kind in OrcaDifferenceKind.allCases {
            for convention in OrcaConvention.allCases {
                let differing = comparisons.filter { $0.convention == convention && !(kind == .speech ? $0.speechAgrees : $0.brailleAgrees) }
                guard !differing.isEmpty else { continue }
                lines.append("")
                lines.append("## \(kind.rawValue), \(convention.rawValue): \(differing.count) steps")
                for comparison in differing {
                    let kept = previous.listed[key(comparison.step, kind)]
                    let automatic = comparison.modelError != nil || kept == nil || kept?.hasPrefix(modelLacks) == true
                    let cause = automatic ? defaultCause(comparison, kind) : kept ?? ""
                    used.insert(cause)
                    let note = kind == .speech
                        ? "orca: \(comparison.orcaSpeechLine) | model: \(comparison.modelSpeechLine)"
                        : "orca: \(comparison.orcaBrailleLine) | model: \(comparison.modelBrailleLine)"
                    lines.append("\(comparison.step) \(kind.rawValue) \(cause) | \(note)")
                }
            }
        }
        let header = [
            "# Every recorded step where the model under `reader=orca` and live Orca \(orca) differ, with its cause.",
            "# Written by `TYPING_ECHO_RECORD_DIFFERENCES=1 swift test --filter OrcaRecording`; the causes are",
            "# written by hand. The test fails on a difference not listed here and on a listed one that now",
            "# agrees. Lines: `cause ID: TEXT`, then `CASE#STEP speech|braille CAUSE | what Orca and the model did`",
            "# (the part after `|` is a note for readers, not compared). docs/live-orca.md explains the comparison.",
            "",
        ]
        let causes = used.sorted().map { "cause \($0): \(previous.causes[$0] ?? unwritten)" }
        return (header + causes + lines).joined(separator: "\n") + "\n"
    }
}

/// A malformed line of the differences file.
struct OrcaDifferencesError: Error, CustomStringConvertible {
    /// The line, from 1.
    var line: Int
    /// What is wrong.
    var message: String

    init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    var description: String { "Conformance/orca/differences.txt:\(line): \(message)" }
}
