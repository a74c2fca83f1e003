import TypingEcho

/// The braille display's cost per keystroke: hardware keys typed at the end of a text field
/// holding a 10 MB value (and, for comparison, 100 B), with `braille=off` and `braille=on`
/// (UEB grade 1, the English default, and US computer braille, liblouis's fastest table here).
/// The target asks braille on to cost at most 2× braille off at 10 MB; a second target asks
/// the display's cost not to grow with the value (10 MB against 100 B, braille on).
struct BrailleBenchmark {
    let bytes: Int
    let keys: Int
    let repeats: Int

    func run() -> (rows: [Row], targets: [Target]) {
        let value = String(Corpus.text(bytes: bytes).map { $0 == "\n" || $0 == "\"" || $0 == "\\" ? " " : $0 })
        let small = String(value.prefix(100))
        let off = perKey(value: value, braille: nil)
        let onG1 = perKey(value: value, braille: "en-ueb-g1.ctb")
        let onComp = perKey(value: value, braille: "en-us-comp8.ctb")
        let smallOn = perKey(value: small, braille: "en-ueb-g1.ctb")
        let group = "braille display: a key typed at the end of a field (debug or release as built)"
        let size = KeystrokeBenchmark.label(value.utf8.count)
        let rows = [
            Row(group: group, name: "braille=off, \(size) value", value: off * 1e6, unit: "µs"),
            Row(group: group, name: "braille=on (en-ueb-g1.ctb), \(size) value", value: onG1 * 1e6, unit: "µs",
                ratios: [Ratio(baseline: "braille=off", value: onG1 / off), Ratio(baseline: "braille=on at 100 B", value: onG1 / smallOn)]),
            Row(group: group, name: "braille=on (en-us-comp8.ctb), \(size) value", value: onComp * 1e6, unit: "µs",
                ratios: [Ratio(baseline: "braille=off", value: onComp / off)]),
            Row(group: group, name: "braille=on (en-ueb-g1.ctb), 100 B value", value: smallOn * 1e6, unit: "µs"),
        ]
        let targets = [
            Target(name: "braille display on, \(size) field: cost per keystroke vs braille off", required: "≤ 2×",
                   measured: "\(fixed(onG1 / off, 1))× (UEB grade 1), \(fixed(onComp / off, 1))× (computer braille)", met: onG1 / off <= 2),
            Target(name: "braille display on: cost per keystroke, \(size) field vs 100 B", required: "≤ 2×",
                   measured: "\(fixed(onG1 / smallOn, 2))×", met: onG1 / smallOn <= 2),
        ]
        return (rows, targets)
    }

    /// Seconds per key: `keys` keys typed in one `keys` line at key-cadence 0 into a field
    /// declared with `value` (the declaration and focus are outside the clock).
    private func perKey(value: String, braille table: String?) -> Double {
        let setup = (table.map { "settings braille=on braille-table=\($0)\n" } ?? "") + "settings key-cadence=0 hints=off\n"
            + "field f kind=text label=\"Big\" value=\"\(value)\"\nfocus f\ndouble-tap\nkey end\n"
        let typed = String(repeating: "abc de", count: keys / 6 + 1).prefix(keys)
        let line = Array("keys \"\(typed)\"".utf8)
        return medianSeconds(repeats: repeats) {
            var session = try! TypingEcho.Session(sink: CountingSink())
            try! session.feedScript(Array(setup.utf8)) { _ in }
            let seconds = time { try! session.feedScript(line + [10]) { _ in } }
            blackHole(session.sink.count)
            return seconds / Double(keys)
        }
    }
}
