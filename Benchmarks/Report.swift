/// A measured value divided by a baseline measured in the same run, in the row's own unit
/// (for MB/s and events/s above 1 is faster; for ns per keystroke above 1 is slower).
struct Ratio {
    var baseline: String
    var value: Double
}

/// One line of the results table.
struct Row {
    var group: String
    var name: String
    var value: Double
    var unit: String
    var ratios: [Ratio] = []
    var note: String = ""
}

/// A target of the performance issues and whether this run met it (nil: not measured in this run).
struct Target {
    var name: String
    var required: String
    var measured: String
    var met: Bool?
}

extension Target {
    /// The table's verdict: yes, **no**, or not measured.
    var verdict: String {
        switch met {
        case true?: "yes"
        case false?: "**no**"
        case nil: "not measured"
        }
    }
}

/// Prints rows as a Markdown table, grouped, and the targets below it.
func printTable(_ rows: [Row], targets: [Target], header: String) {
    print(header)
    var group = ""
    for row in rows {
        if row.group != group {
            group = row.group
            print("")
            print("### \(group)")
            print("")
            print("| benchmark | median | ratios (same run) | note |")
            print("| --- | ---: | --- | --- |")
        }
        let ratios = row.ratios.map { "\(fixed($0.value, 2))× \($0.baseline)" }.joined(separator: ", ")
        print("| \(row.name) | \(readable(row.value)) \(row.unit) | \(ratios) | \(row.note) |")
    }
    print("")
    print("### targets")
    print("")
    print("| target | required | measured | met |")
    print("| --- | --- | --- | --- |")
    for target in targets {
        print("| \(target.name) | \(target.required) | \(target.measured) | \(target.verdict) |")
    }
}

/// JSON string escaping for the machine-readable output.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case _ where scalar.value < 0x20: result += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

func jsonNumber(_ value: Double) -> String {
    value.isFinite ? fixed(value, value.magnitude >= 1000 ? 1 : 6) : "null"
}

/// Prints every row and target as one JSON object.
func printJSON(_ rows: [Row], targets: [Target], machine: [(String, String)]) {
    var out = "{\n  \"machine\": {" + machine.map { "\(jsonString($0.0)): \(jsonString($0.1))" }.joined(separator: ", ") + "},\n"
    out += "  \"rows\": [\n"
    out += rows.map { row in
        let ratios = row.ratios.map { "{\"baseline\": \(jsonString($0.baseline)), \"ratio\": \(jsonNumber($0.value))}" }.joined(separator: ", ")
        return "    {\"group\": \(jsonString(row.group)), \"name\": \(jsonString(row.name)), \"value\": \(jsonNumber(row.value)), \"unit\": \(jsonString(row.unit)), \"ratios\": [\(ratios)], \"note\": \(jsonString(row.note))}"
    }.joined(separator: ",\n")
    out += "\n  ],\n  \"targets\": [\n"
    out += targets.map {
        "    {\"name\": \(jsonString($0.name)), \"required\": \(jsonString($0.required)), \"measured\": \(jsonString($0.measured)), \"met\": \($0.met.map { String($0) } ?? "null")}"
    }.joined(separator: ",\n")
    out += "\n  ]\n}"
    print(out)
}
