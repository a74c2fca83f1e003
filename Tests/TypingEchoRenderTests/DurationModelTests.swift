import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TypingEcho
@testable import TypingEchoRender
import TypingEchoTesting

/// How far the engine's duration model is from espeak-ng's real durations, per locale
/// (docs/rendering.md keeps the table this test prints).
@Suite("Duration model against espeak-ng")
struct DurationModelTests {
    /// What the engine says in a locale: its spoken strings (numbers filled in), phonetic
    /// words, character names and letters.
    static func corpus(_ locale: String) -> [String] {
        var texts: [String] = []
        func add(_ file: [UInt8]?, _ name: String) {
            guard let file, let data = try? DataFile(named: name, utf8: file) else { return }
            for entry in data.entries where entry.section != "meta" {
                let text = entry.value.replacingPlaceholders()
                if !text.isEmpty && text.contains(where: { !$0.isPunctuation && !$0.isWhitespace }) { texts.append(text) }
                if entry.section == "letters" { texts.append(entry.key) }
            }
        }
        add(BundledData.speechFile(locale), "speech-\(locale).txt")
        add(BundledData.phoneticsFile(locale), "\(locale).txt")
        // Announcements join their parts with the list separator, which makes a pause.
        let separator = BundledData.speechFile(locale).flatMap { try? DataFile(named: "speech", utf8: $0) }?
            .sections["strings"]?["separator.list"] ?? ","
        let words = texts.filter { $0.unicodeScalars.count > 2 }
        for index in stride(from: 0, to: min(words.count - 1, 60), by: 2) {
            texts.append(words[index] + separator + " " + words[index + 1])
        }
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }

    /// Every locale with a speech table or a phonetics file.
    static var locales: [String] { Array(Set(BundledData.speechLocales + BundledData.phoneticsLocales)).sorted() }

    struct Row: CustomStringConvertible {
        var locale: String, voice: String, count: Int, silent = 0
        var meanEstimate: Double, meanSynthesised: Double, meanError: Double, ratio: Double
        var description: String {
            func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
            func number(_ value: Double, _ decimals: Int) -> String {
                let scale = Double([1, 10, 100][decimals])
                let rounded = (value * scale).rounded() / scale
                return decimals == 0 ? String(Int(rounded)) : String(rounded)
            }
            return "| \(pad(locale, 6)) | \(pad(voice, 10)) | \(pad(String(count), 4)) | \(pad(String(silent), 6)) | \(pad(number(meanEstimate, 0), 6)) | \(pad(number(meanSynthesised, 0), 6)) | \(pad(number(meanError * 100, 0) + " %", 6)) | \(pad(number(ratio, 2), 5)) |"
        }
    }

    /// Synthesises a locale's corpus at rate 1 and compares each utterance with the model;
    /// with `limit`, an evenly spaced sample of at most that many utterances (the whole corpus
    /// for the calibration).
    static func measure(_ locale: String, espeak: Espeak, limit: Int? = nil) throws -> (Row, [(text: String, synthesised: Int64)]) {
        let voices = VoiceChoice(voices: espeak.voices)
        // The engine's English is en-US (its default locale).
        let voice = voices.voice(for: locale == "en" ? "en-US" : locale).voice
        let whole = corpus(locale)
        let step = limit.map { max(1, (whole.count + $0 - 1) / $0) } ?? 1
        let texts = stride(from: 0, to: whole.count, by: step).map { whole[$0] }
        let samples = try espeak.synthesize(texts.map { Espeak.Request(text: $0, voice: voice, wordsPerMinute: SessionRenderer.wordsPerMinute, pitch: 50) })
        var estimates = 0.0, synthesised = 0.0, error = 0.0, silent = 0
        var lengths: [(text: String, synthesised: Int64)] = []
        for (text, raw) in zip(texts, samples) {
            let real = Double(SessionRenderer.trimSilence(raw, margin: espeak.sampleRate / 200).count) * 1000 / Double(espeak.sampleRate)
            lengths.append((text, Int64(real.rounded())))
            // espeak-ng says (next to) nothing for a few strings (a letter its voice does not
            // read): they are counted, not compared, as no duration model can match them.
            guard real >= Self.shortest else { silent += 1; continue }
            let model = Double(SpeechTiming.duration(of: text, locale: locale, rate: 1).milliseconds)
            estimates += model
            synthesised += real
            error += abs(model - real) / max(real, 1)
        }
        let n = Double(max(texts.count - silent, 1))
        return (Row(locale: locale, voice: voice, count: texts.count - silent, silent: silent, meanEstimate: estimates / n, meanSynthesised: synthesised / n,
                    meanError: error / n, ratio: synthesised / max(estimates, 1)), lengths)
    }

    /// How many utterances of a locale's corpus the check synthesises.
    static let sampled = 80

    /// Utterances espeak-ng says in less time than this are not compared (milliseconds).
    static let shortest = 60.0

    @Test("The duration model's average is within 25 % of espeak-ng's in each locale", arguments: locales)
    func modelAgainstEspeak(_ locale: String) throws {
        // One locale per test case: the cases synthesise in parallel, and each takes seconds.
        // An evenly spaced sample of the corpus: the mean moves by a few percent, not the verdict.
        let (row, _) = try Self.measure(locale, espeak: try Shared.espeak.get(), limit: Self.sampled)
        #expect(row.count >= 20, "\(row.locale): only \(row.count) utterances to measure")
        #expect(abs(row.ratio - 1) <= 0.25, "\(row.locale): espeak-ng takes \(row.ratio) times the model's time on average")
    }

    /// A calibration, not a check: with TYPING_ECHO_DURATIONS=FILE, every measurement (locale,
    /// ms, scalars, pauses, text) is written to FILE as tab-separated lines, and the table and
    /// the fitted lines for Localization/speech-timing.txt are printed (docs/rendering.md).
    @Test("Calibration table and fitted lines, with TYPING_ECHO_DURATIONS=FILE",
          .enabled(if: getenv("TYPING_ECHO_DURATIONS") != nil, "a calibration run: set TYPING_ECHO_DURATIONS=FILE"))
    func calibration() throws {
        let espeak = try Shared.espeak.get()
        var rows: [Row] = []
        var dump = ""
        for locale in Self.locales {
            let (row, lengths) = try Self.measure(locale, espeak: espeak)
            rows.append(row)
            for (text, length) in lengths { dump += "\(locale)\t\(length)\t\(text.unicodeScalars.count)\t\(SpeechTiming.pauses(in: text))\t\(text)\n" }
        }
        print("Fitted lines for Localization/speech-timing.txt (weighted least squares on relative error):\n"
              + (["default"] + Self.locales).map { "\($0) = " + Self.fit(dump, locale: $0).map(String.init).joined(separator: " ") }.joined(separator: "\n"))
        if let path = getenv("TYPING_ECHO_DURATIONS"), let file = fopen(path, "w") {
            fputs(dump, file)
            fclose(file)
        }
        print("""
        | locale | voice      | n    | silent | model  | espeak | error  | ratio |
        | ---    | ---        | ---  | ---    | ---    | ---    | ---    | ---   |
        """ + "\n" + rows.map(\.description).joined(separator: "\n"))
        #expect(rows.count == Self.locales.count)
    }

    @Test("What the examples say: the model against espeak-ng per utterance locale (prints the table with TYPING_ECHO_FIGURES=1)")
    func examples() throws {
        var byLocale: [String: [DurationMeasurement]] = [:]
        for name in Shared.examples {
            for measurement in try ExampleRenders.named(name).audio.measurements where measurement.isComplete && measurement.synthesised >= Int64(Self.shortest) {
                byLocale[measurement.locale, default: []].append(measurement)
            }
        }
        var rows: [Row] = []
        for (locale, measurements) in byLocale.sorted(by: { $0.key < $1.key }) {
            // Rate 1 utterances only (the examples do not change the rate, but be sure).
            let n = Double(measurements.count)
            let estimate = measurements.reduce(0.0) { $0 + Double($1.estimated) }, real = measurements.reduce(0.0) { $0 + Double($1.synthesised) }
            let error = measurements.reduce(0.0) { $0 + abs(Double($1.estimated - $1.synthesised)) / Double(max($1.synthesised, 1)) }
            rows.append(Row(locale: locale, voice: measurements[0].voice, count: measurements.count, meanEstimate: estimate / n,
                            meanSynthesised: real / n, meanError: error / n, ratio: real / max(estimate, 1)))
        }
        PropertyEnvironment.printFigures("""
        | locale | voice      | n    | silent | model  | espeak | error  | ratio |
        | ---    | ---        | ---  | ---    | ---    | ---    | ---    | ---   |
        """ + "\n" + rows.map(\.description).joined(separator: "\n"))
        #expect(!rows.isEmpty)
        for row in rows where row.count >= 20 {
            #expect(abs(row.ratio - 1) <= 0.25, "\(row.locale): espeak-ng takes \(row.ratio) times the model's time in the examples")
        }
    }
}

extension DurationModelTests {
    /// Fits BASE, PER-CHARACTER, PER-PAUSE and PER-IDEOGRAPH to a locale's measurements (lines
    /// of the dump; "default" takes every locale's) by least squares weighted by 1 / duration
    /// (between absolute and relative error: long utterances count, short ones are not
    /// drowned), over utterances of at least `shortest` ms. With fewer than 5 utterances with a
    /// pause the pause keeps the uncalibrated 120 ms; with fewer than 5 with an ideograph an
    /// ideograph costs a character (and the fourth number is left out); a coefficient the fit
    /// makes negative is held at 0.
    static func fit(_ dump: String, locale: String) -> [Int] {
        let rows: [(real: Double, characters: Double, pauses: Double, ideographs: Double)] = dump.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, locale == "default" || fields[0] == locale, let real = Double(fields[1]), real >= shortest,
                  let scalars = Double(fields[2]), let pauses = Double(fields[3]) else { return nil }
            let ideographs = Double(SpeechTiming.ideographs(in: String(fields[4])))
            return (real, scalars - ideographs, pauses, ideographs)
        }
        let tied = rows.filter { $0.ideographs > 0 }.count < 5
        var fixed: [Int: Double] = rows.filter { $0.pauses > 0 }.count >= 5 ? [:] : [2: 120]
        while true {
            let free = (0..<(tied ? 3 : 4)).filter { fixed[$0] == nil }
            let size = free.count
            var matrix = [[Double]](repeating: [Double](repeating: 0, count: size + 1), count: size)
            for row in rows {
                let x = [1, row.characters + (tied ? row.ideographs : 0), row.pauses, row.ideographs]
                let target = row.real - fixed.reduce(0) { $0 + $1.value * x[$1.key] }
                let weight = 1 / row.real
                for (i, a) in free.enumerated() {
                    for (j, b) in free.enumerated() { matrix[i][j] += weight * x[a] * x[b] }
                    matrix[i][size] += weight * x[a] * target
                }
            }
            // Gauss–Jordan elimination with partial pivoting.
            for column in 0..<size {
                let pivot = (column..<size).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }!
                matrix.swapAt(column, pivot)
                guard matrix[column][column] != 0 else { return [] }
                for row in 0..<size where row != column {
                    let factor = matrix[row][column] / matrix[column][column]
                    for k in column...size { matrix[row][k] -= factor * matrix[column][k] }
                }
            }
            var solution = fixed
            for (i, index) in free.enumerated() { solution[index] = matrix[i][size] / matrix[i][i] }
            let negative = free.filter { solution[$0]! < 0 }
            if negative.isEmpty { return (0..<(tied ? 3 : 4)).map { Int(solution[$0]!.rounded()) } }
            for index in negative { fixed[index] = 0 }
        }
    }
}

extension String {
    /// `{0}` and friends filled in with 5, as the engine fills in counts.
    fileprivate func replacingPlaceholders() -> String {
        var result = "", inBrace = false
        for character in self {
            if character == "{" { inBrace = true; continue }
            if character == "}" && inBrace { inBrace = false; result += "5"; continue }
            if !inBrace { result.append(character) }
        }
        return result
    }
}
