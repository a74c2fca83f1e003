import TypingEcho

/// `check --junit FILE`: a JUnit XML report, as CI systems read it.
///
/// One `testsuite` per script, one `testcase` per script and reader (named after the reader,
/// or `check` without `--reader`), one `failure` per failed expectation (`message` is
/// `FILE:LINE: MESSAGE`, the text the whole diagnostic), an `error` for a script that could not
/// run. `time` is the virtual time the script took, so the report is the same on every run.
struct JUnitReport {
    private struct Case {
        var name: String
        var expectations: Int
        var seconds: Double
        var failures: [String]
        var error: String?
    }

    /// The scripts in order, each with its cases.
    private var suites: [(script: String, cases: [Case])] = []

    /// Adds one run of a script: `failures` are its diagnostics (`FILE:LINE:COLUMN: error: …`).
    mutating func add(script: String, reader: ScreenReader?, expectations: Int, seconds: Double, failures: [String], error: String?) {
        let entry = Case(name: reader?.rawValue ?? "check", expectations: expectations, seconds: seconds, failures: failures, error: error)
        if let last = suites.indices.last, suites[last].script == script {
            suites[last].cases.append(entry)
        } else {
            suites.append((script, [entry]))
        }
    }

    /// The report's XML.
    var xml: String {
        let all = suites.flatMap(\.cases)
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        text += #"<testsuites name="typing-echo check" tests="\#(all.count)" failures="\#(all.filter { !$0.failures.isEmpty }.count)""#
            + #" errors="\#(all.filter { $0.error != nil }.count)" time="\#(Self.seconds(all.map(\.seconds).reduce(0, +)))">"# + "\n"
        for (id, suite) in suites.enumerated() {
            let name = Self.escaped(suite.script)
            text += #"  <testsuite name="\#(name)" id="\#(id)" package="typing-echo" tests="\#(suite.cases.count)""#
                + #" failures="\#(suite.cases.filter { !$0.failures.isEmpty }.count)" errors="\#(suite.cases.filter { $0.error != nil }.count)""#
                + #" time="\#(Self.seconds(suite.cases.map(\.seconds).reduce(0, +)))">"# + "\n"
            for entry in suite.cases {
                text += #"    <testcase name="\#(Self.escaped(entry.name))" classname="\#(name)" time="\#(Self.seconds(entry.seconds))""#
                    + #" assertions="\#(entry.expectations)""#
                guard !entry.failures.isEmpty || entry.error != nil else {
                    text += "/>\n"
                    continue
                }
                text += ">\n"
                for failure in entry.failures {
                    text += #"      <failure type="expectation" message="\#(Self.escaped(Self.message(failure)))">"#
                        + Self.escaped(failure) + "</failure>\n"
                }
                if let error = entry.error {
                    text += #"      <error type="script" message="\#(Self.escaped(error))">"# + Self.escaped(error) + "</error>\n"
                }
                text += "    </testcase>\n"
            }
            text += "  </testsuite>\n"
        }
        return text + "</testsuites>\n"
    }

    /// `FILE:LINE: MESSAGE` from `FILE:LINE:COLUMN: error: expectation failed: MESSAGE`.
    private static func message(_ diagnostic: String) -> String {
        guard let marker = diagnostic.firstRange(of: ": error: expectation failed: ") else { return diagnostic }
        var place = diagnostic[..<marker.lowerBound]
        // Drop the column: the last `:N` of the place.
        if let colon = place.lastIndex(of: ":"), place[place.index(after: colon)...].allSatisfy({ $0.isNumber }) { place = place[..<colon] }
        return place + ": " + diagnostic[marker.upperBound...]
    }

    /// Seconds with three decimals.
    private static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an attribute or an element: markup escaped, and what XML 1.0 cannot hold (a
    /// control character) as `\u{…}`, as the terminal shows it.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n": result += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) || (0x7F..<0xA0).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
