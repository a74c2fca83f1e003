import CGumbo
import TypingEcho
import TypingEchoImport

/// Importing a generated sign-up form of many fields (1 MB, then 10 MB of HTML) against gumbo's
/// own parse of the same bytes in the same run (its default allocator, then its own free): what
/// the shim's bounded allocator and copy, the visibility pass, the name computation and the
/// elements and notes cost beyond the parse that cannot be avoided, and whether that cost grows
/// in proportion to the page.
struct HTMLImportBenchmark {
    let sizes: [Int]
    let repeats: Int

    /// One field's row: a label, a field of a rotating type with its keyboard attributes and a
    /// description, and a help text (about 420 bytes, three elements).
    static func page(bytes: Int) -> [UInt8] {
        let types = ["text", "email", "tel", "password", "number", "search", "url"]
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sign up</title></head>\n<body><main>\n"
            + "<h1>Create your account</h1>\n<form action=\"/signup\" method=\"post\">\n"
        var index = 0
        while html.utf8.count < bytes - 600 {
            let type = types[index % types.count]
            html += "<div class=\"row\"><label for=\"f\(index)\">Field number \(index) of the form</label>\n"
            if index % 11 == 10 {
                html += "<textarea id=\"f\(index)\" name=\"f\(index)\" maxlength=\"500\" aria-describedby=\"h\(index)\">Some text</textarea>\n"
            } else {
                html += "<input id=\"f\(index)\" name=\"f\(index)\" type=\"\(type)\" autocomplete=\"off\" required maxlength=\"80\" "
                    + "placeholder=\"Type \(type) here\" aria-describedby=\"h\(index)\" enterkeyhint=\"next\">\n"
            }
            html += "<span id=\"h\(index)\" class=\"help\">Help for field \(index): it says what to type, how long it may be, "
                + "and what happens next.</span></div>\n"
            index += 1
        }
        html += "<button type=\"submit\">Create account</button>\n</form></main></body></html>\n"
        return Array(html.utf8)
    }

    func run() -> (rows: [Row], targets: [Target]) {
        let group = "HTML import"
        var rows: [Row] = []
        var perMegabyte: [Double] = []
        var ratios: [Double] = []
        for size in sizes {
            let bytes = Self.page(bytes: size)
            let megabytes = Double(bytes.count) / 1e6
            let label = size >= 1_000_000 ? "\(size / 1_000_000) MB" : "\(size / 1_000) KB"
            let parse = medianSeconds(repeats: repeats) {
                time {
                    let parsed = bytes.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { tegum_parse_alone($0.baseAddress, $0.count) }
                    }
                    precondition(parsed == 1, "gumbo is not open")
                }
            }
            var elements = 0
            let imported = medianSeconds(repeats: repeats) {
                time {
                    let screen = try! ScreenImport.importScreen(bytes, format: .html, source: "form.html")
                    elements = screen.elements.count
                    blackHole(screen)
                }
            }
            let ratio = imported / parse
            ratios.append(ratio)
            perMegabyte.append(imported / megabytes)
            rows.append(Row(group: group, name: "import a \(label) sign-up form (\(grouped(Double(elements))) elements)", value: megabytes / imported,
                            unit: "MB/s", ratios: [Ratio(baseline: "gumbo's parse", value: parse / imported)],
                            note: "\(fixed(ratio, 2))× the parse's time"))
            rows.append(Row(group: group, name: "gumbo's own parse and free of the same \(label)", value: megabytes / parse, unit: "MB/s"))
        }
        // The target is judged at 1 MB (the quick run's first size is smaller).
        let judged = ratios[sizes.firstIndex(of: 1_000_000) ?? 0]
        var targets = [Target(name: "importing a 1 MB HTML form vs gumbo's own parse of it (time)", required: "≤ 3.00×",
                              measured: "\(fixed(judged, 2))×", met: judged <= 3)]
        if perMegabyte.count > 1 {
            let growth = perMegabyte.last! / perMegabyte.first!
            targets.append(Target(name: "importing 10 MB vs 1 MB of HTML form, time per MB", required: "≤ 1.25×",
                                  measured: "\(fixed(growth, 2))×", met: growth <= 1.25))
        }
        return (rows, targets)
    }

    /// Opens gumbo (the benchmark needs it; without it the rows cannot be measured).
    static func available() -> Bool {
        (try? ScreenImport.importScreen(Array("<input>".utf8), format: .html, source: "probe.html")) != nil
    }
}
