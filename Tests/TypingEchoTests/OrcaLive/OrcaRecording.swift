import Foundation

/// The inputs of the Orca recording rig: `Conformance/orca/cases/APP.json`.
struct OrcaCaseFile: Decodable {
    /// `gtk` or `web`.
    var app: String
    /// The cases, in the order they were recorded.
    var cases: [OrcaCase]
}

/// One recorded case: the replay script that expresses it and the keys the rig pressed.
struct OrcaCase: Decodable {
    /// A unique id, `APP-FIELD-WHAT`.
    var id: String
    /// The id of the field under test, as the prelude declares it.
    var field: String
    /// The script lines that set up the screen, up to `focus` on the button before the field.
    var prelude: [String]
    /// One script command per recorded step.
    var steps: [OrcaCaseStep]
}

/// One step: a script command and the xdotool actions that performed it.
struct OrcaCaseStep: Decodable {
    /// The script command (`key tab`, `keys "H"` …).
    var command: String
    /// The xdotool actions, each `[VERB, ARGUMENT]`.
    var actions: [[String]]
}

/// What the rig recorded for one app: `Conformance/orca/recordings/APP.json`.
struct OrcaRecordingFile: Decodable {
    /// `gtk` or `web`.
    var app: String
    /// The Debian version of the `orca` package that spoke.
    var orca: String?
    /// The cases, in recording order.
    var cases: [OrcaRecordedCase]
}

/// What Orca said and showed in one case.
struct OrcaRecordedCase: Decodable {
    /// The case's id.
    var id: String
    /// The steps, one per script command.
    var steps: [OrcaRecordedStep]
}

/// What Orca said and showed after one step, and the field's state read through AT-SPI.
struct OrcaRecordedStep: Decodable {
    /// The script command of the step.
    var command: String
    /// The `SPEECH OUTPUT` utterances, in order, cut ones included.
    var speech: [OrcaUtterance]
    /// The `BRAILLE LINE` / `VISIBLE` pairs, in order (consecutive repeats dropped).
    var braille: [OrcaBrailleLine]
    /// The field's text (a password field's as the toolkit's mask characters).
    var text: String
    /// The caret offset.
    var caret: Int
    /// The selection's start and end, when text is selected.
    var selection: [Int]?
}

/// One utterance of Orca's debug log.
struct OrcaUtterance: Decodable {
    /// The `SPEECH OUTPUT` text.
    var text: String
    /// The voice's average pitch when Orca set one (7.0 is its uppercase voice); nil for the default voice (5.0).
    var pitch: Double?
    /// The text handed to speech-dispatcher, when it was sent as a message (nil for an SSIP CHAR).
    var spd: String?
}

/// One braille line of Orca's debug log.
struct OrcaBrailleLine: Decodable {
    /// The whole logical line, with its context.
    var line: String
    /// The window shown on the display.
    var visible: String
    /// The cursor's cell in the window, from 1; 0 for a flash message.
    var cursor: Int
}

/// Reads the rig's files from `Conformance/orca/`.
enum OrcaConformanceFiles {
    /// `Conformance/orca/`.
    static let folder = Repository.root.appendingPathComponent("Conformance/orca")
    /// The apps recorded.
    static let apps = ["gtk", "web"]

    /// The cases of an app.
    static func cases(_ app: String) throws -> OrcaCaseFile {
        try JSONDecoder().decode(OrcaCaseFile.self, from: Data(contentsOf: folder.appendingPathComponent("cases/\(app).json")))
    }

    /// The recording of an app.
    static func recording(_ app: String) throws -> OrcaRecordingFile {
        try JSONDecoder().decode(OrcaRecordingFile.self, from: Data(contentsOf: folder.appendingPathComponent("recordings/\(app).json")))
    }
}
