import Foundation
import Testing

/// The model under `reader=orca` against live Orca's recordings (`Conformance/orca/`): every
/// step's speech and braille either agree or are listed, with a cause, in
/// `Conformance/orca/differences.txt`. `TYPING_ECHO_RECORD_DIFFERENCES=1` rewrites that list;
/// `TYPING_ECHO_FIGURES=1` prints the agreement per convention.
@Suite("Live Orca recordings: the model heard against Orca 43")
struct OrcaRecordingTests {
    static let environment = ProcessInfo.processInfo.environment
    static let recordingDifferences = environment["TYPING_ECHO_RECORD_DIFFERENCES"] == "1"
    static let printsFigures = environment["TYPING_ECHO_FIGURES"] == "1"
    /// Every step compared, once for the suite.
    static let comparisons = Result { try OrcaComparison.compareAll() }

    @Test("the recordings hold every case of the case files, step for step, and enough of them")
    func recordingsMatchCases() throws {
        var cases = 0
        var steps = 0
        for app in OrcaConformanceFiles.apps {
            let inputs = try OrcaConformanceFiles.cases(app)
            let recording = try OrcaConformanceFiles.recording(app)
            #expect(recording.app == app && inputs.app == app)
            #expect(recording.orca?.hasPrefix("43.1") == true, "\(app): recorded with Orca \(recording.orca ?? "unknown"), not 43.1")
            let recorded = Dictionary(uniqueKeysWithValues: recording.cases.map { ($0.id, $0) })
            #expect(Set(recorded.keys) == Set(inputs.cases.map(\.id)), "\(app): the recording's cases are not the case file's; record again")
            for orcaCase in inputs.cases {
                guard let done = recorded[orcaCase.id] else { continue }
                #expect(done.steps.map(\.command) == orcaCase.steps.map(\.command), "\(orcaCase.id): the recorded steps are not the case's")
                // The web form's cases say their toolkit (Chromium); GTK is the default.
                let settings = app == "web" ? "settings reader=orca toolkit=chromium" : "settings reader=orca"
                #expect(orcaCase.prelude.first == settings && orcaCase.prelude.last?.hasPrefix("focus ") == true)
                #expect(orcaCase.steps.first?.command == "key tab", "\(orcaCase.id): a case brings focus in with Tab")
                #expect(orcaCase.steps.allSatisfy { !$0.actions.isEmpty && !$0.command.contains("\n") })
            }
            cases += inputs.cases.count
            steps += inputs.cases.reduce(0) { $0 + $1.steps.count }
        }
        #expect(cases >= 120, "only \(cases) cases")
        #expect(steps >= 400, "only \(steps) steps")
    }

    @Test("every difference between the model and live Orca is listed with its cause, and nothing listed agrees")
    func differencesAreListed() throws {
        let comparisons = try Self.comparisons.get()
        let previous = try OrcaDifferences.read()
        if Self.recordingDifferences {
            let orca = (try? OrcaConformanceFiles.recording("gtk").orca) ?? nil
            try OrcaDifferences.generate(comparisons, previous: previous, orca: orca ?? "43.1")
                .write(to: OrcaDifferences.file, atomically: true, encoding: .utf8)
        }
        let listed = Self.recordingDifferences ? try OrcaDifferences.read() : previous
        for comparison in comparisons {
            for kind in OrcaDifferenceKind.allCases {
                let agrees = kind == .speech ? comparison.speechAgrees : comparison.brailleAgrees
                let key = OrcaDifferences.key(comparison.step, kind)
                switch (agrees, listed.listed[key]) {
                case (false, nil):
                    let said = kind == .speech
                        ? "Orca: \(comparison.orcaSpeechLine); model: \(comparison.modelSpeechLine)"
                        : "Orca: \(comparison.orcaBrailleLine); model: \(comparison.modelBrailleLine)"
                    Issue.record("\(key) differs and is not listed in differences.txt (\(said))")
                case (true, _?):
                    Issue.record("\(key) is listed in differences.txt but now agrees: take it off the list")
                case (false, let cause?) where cause.hasPrefix(OrcaDifferences.modelLacks) != (comparison.modelError != nil):
                    Issue.record("\(key) has cause \(cause), but the model \(comparison.modelError.map { "refuses the step: \($0)" } ?? "runs the step")")
                default: break
                }
            }
        }
        let recorded = Set(comparisons.flatMap { comparison in OrcaDifferenceKind.allCases.map { OrcaDifferences.key(comparison.step, $0) } })
        for stale in Set(listed.listed.keys).subtracting(recorded).sorted() {
            Issue.record("\(stale) is listed in differences.txt but is no recorded step")
        }
        for cause in Set(listed.listed.values) {
            let text = listed.causes[cause]
            #expect(text != nil && text != OrcaDifferences.unwritten, "cause \(cause) has no text in differences.txt")
        }
        if Self.printsFigures { Self.printFigures(comparisons) }
    }

    @Test("the normalisation: case, surrounding spaces and punctuation; a lone mark keeps itself")
    func normalisation() {
        #expect(OrcaComparison.normalized("Username text.") == "username text")
        #expect(OrcaComparison.normalized("  tab ") == "tab")
        #expect(OrcaComparison.normalized("Password password text  6 bullet") == "password password text 6 bullet")
        #expect(OrcaComparison.normalized(".") == ".")
        #expect(OrcaComparison.normalized("Selection deleted.") == OrcaComparison.normalized("selection deleted"))
        #expect(OrcaComparison.normalized("dot") != OrcaComparison.normalized("period"))
    }

    @Test("steps are classified by the convention they exercise")
    func conventions() {
        #expect(OrcaConvention.of(command: "key tab", index: 0, field: "username", selected: false) == .focus)
        #expect(OrcaConvention.of(command: "keys \"H\"", index: 1, field: "username", selected: false) == .capitals)
        #expect(OrcaConvention.of(command: "keys \".\"", index: 1, field: "username", selected: false) == .punctuation)
        #expect(OrcaConvention.of(command: "keys \"a\"", index: 2, field: "username", selected: true) == .selection)
        #expect(OrcaConvention.of(command: "key left", index: 2, field: "username", selected: true) == .selection)
        #expect(OrcaConvention.of(command: "key option-left", index: 2, field: "username", selected: false) == .wordMoves)
        #expect(OrcaConvention.of(command: "key up", index: 2, field: "notes", selected: false) == .textView)
        #expect(OrcaConvention.of(command: "key left", index: 2, field: "password", selected: false) == .password)
    }

    /// Prints the agreement per convention, speech and braille, and overall.
    static func printFigures(_ comparisons: [OrcaStepComparison]) {
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "-" : String(format: "%5.1f %%", 100 * Double(part) / Double(whole)) }
        print("Live Orca agreement (steps agreeing / steps):")
        print("convention        steps   speech            braille")
        for convention in OrcaConvention.allCases {
            let steps = comparisons.filter { $0.convention == convention }
            let speech = steps.filter(\.speechAgrees).count
            let braille = steps.filter(\.brailleAgrees).count
            let name = convention.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
            print("\(name)  \(String(format: "%5d", steps.count))   \(String(format: "%4d", speech)) \(percent(speech, steps.count))    \(String(format: "%4d", braille)) \(percent(braille, steps.count))")
        }
        let speech = comparisons.filter(\.speechAgrees).count
        let braille = comparisons.filter(\.brailleAgrees).count
        let cases = Dictionary(grouping: comparisons, by: \.caseID)
        let whole = cases.values.filter { $0.allSatisfy(\.speechAgrees) }.count
        print("all               \(String(format: "%5d", comparisons.count))   \(String(format: "%4d", speech)) \(percent(speech, comparisons.count))    \(String(format: "%4d", braille)) \(percent(braille, comparisons.count))")
        print("whole cases whose speech agrees at every step: \(whole) of \(cases.count)")
    }
}
