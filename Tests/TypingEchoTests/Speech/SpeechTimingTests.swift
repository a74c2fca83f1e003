import Testing
@testable import TypingEcho
import TypingEchoTesting

@Suite("Speech timing")
struct SpeechTimingTests {
    @Test("Localization/speech-timing.txt reads, has a default and a line for every locale with data, and well-formed tags")
    func dataFile() throws {
        let table = try SpeechTiming.parse(EmbeddedFiles.speech_timing_txt)
        #expect(table["default"] != nil)
        for locale in Set(BundledData.speechLocales + BundledData.phoneticsLocales) {
            #expect(table[locale] != nil, "speech-timing.txt has no line for '\(locale)' (DurationModelTests prints one to copy)")
        }
        // A language (2–3 lower-case letters), then subtags of letters and digits.
        for locale in table.keys where locale != "default" {
            let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
            let wellFormed = (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLowercase }
                && parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            #expect(wellFormed, "speech-timing.txt: '\(locale)' is not a locale tag")
        }
        #expect(SpeechTiming.table.byLocale == table)
    }

    @Test("A bad line names the file and line")
    func badLine() {
        #expect(throws: DataFile.Problem.self) { try SpeechTiming.parse(Array("[timing]\npl = 100 fifty 200\n".utf8), named: "t.txt") }
        do { _ = try SpeechTiming.parse(Array("[timing]\nde = 1 2\n".utf8), named: "t.txt"); Issue.record("no error for a short line") } catch {
            #expect(error.description.hasPrefix("t.txt:2: error: expected three or four whole numbers"))
        }
    }

    @Test("A fourth number prices Han ideographs; without it they cost a character")
    func ideographs() throws {
        let table = try SpeechTiming.parse(Array("[timing]\nja = 0 100 120 900\nzh = 10 100 120\n".utf8))
        #expect(table["ja"] == SpeechTiming.Coefficients(base: 0, perCharacter: 100, perPause: 120, perIdeograph: 900))
        #expect(table["zh"]?.perIdeograph == 100)
        #expect(SpeechTiming.ideographs(in: "文字をa入力") == 4)
        #expect(SpeechTiming.ideographs(in: "テキストフィールド, abc") == 0)
        #expect(throws: DataFile.Problem.self) { try SpeechTiming.parse(Array("[timing]\nja = 1 2 3 4 5\n".utf8)) }
    }

    @Test("A locale uses its own line, else its language's, else the default; the rate divides")
    func lookup() throws {
        let table = try SpeechTiming.parse(EmbeddedFiles.speech_timing_txt)
        #expect(SpeechTiming.coefficients(for: "pl-PL") == table["pl"])
        #expect(SpeechTiming.coefficients(for: "en-GB") == table["en-GB"])
        #expect(SpeechTiming.coefficients(for: "en-US") == table["en"])
        #expect(SpeechTiming.coefficients(for: "xx-YY") == table["default"])
        let pl = try #require(table["pl"])
        #expect(SpeechTiming.duration(of: "Ala, ma.", locale: "pl-PL", rate: 1).milliseconds == Int64(pl.base + 8 * pl.perCharacter + 2 * pl.perPause))
        #expect(SpeechTiming.duration(of: "Ala, ma.", locale: "pl-PL", rate: 2).milliseconds == Int64((Double(pl.base + 8 * pl.perCharacter + 2 * pl.perPause) / 2).rounded()))
    }

    @Test("The duration counts scalars, pauses and ideographs as a walk over the scalars does, for every UTF-8 length")
    func countsEveryScalar() throws {
        var random = SeededGenerator(seed: 0xD0_7A71)
        let model = SpeechTiming.coefficients(for: "ja-JP")
        #expect(model.perIdeograph != model.perCharacter && model.perPause != model.perCharacter)
        // ASCII, two-, three- and four-byte scalars, the Latin and Arabic pauses, ideographs at
        // the edges of their blocks (and just outside them).
        let pool: [Unicode.Scalar] = [",", ".", "a", " ", "\u{7F}", "\u{80}", "ż", "،", "۔", "\u{7FF}", "\u{800}", "\u{33FF}", "\u{3400}", "\u{4DBF}",
                                      "\u{4E00}", "\u{9FFF}", "\u{F900}", "\u{FAFF}", "\u{FFFF}", "\u{10000}", "\u{1F468}", "\u{20000}", "\u{3FFFF}", "\u{40000}", "\u{10FFFF}"]
        for _ in 0..<500 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &random) { scalars.append(pool.randomElement(using: &random)!) }
            let text = String(scalars)
            let pauses = SpeechTiming.pauses(in: text), ideographs = SpeechTiming.ideographs(in: text)
            let expected = model.base + model.perCharacter * (text.unicodeScalars.count - ideographs) + model.perIdeograph * ideographs + model.perPause * pauses
            #expect(SpeechTiming.duration(of: text, locale: "ja-JP", rate: 1).milliseconds == Int64(expected), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Mostly ASCII, read eight bytes at a time: pauses at every offset of a word, bytes
        // next to the comma and full stop, a rare scalar that ends a run of words.
        let ascii: [Unicode.Scalar] = [",", ".", "a", " ", "-", "/", "+", "\u{7F}", "\u{0}", "ż", "\u{4E00}"]
        for _ in 0..<500 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...100, using: &random) {
                scalars.append(ascii[Int.random(in: 0..<20, using: &random) == 0 ? Int.random(in: 8..<11, using: &random) : Int.random(in: 0..<8, using: &random)])
            }
            let text = String(scalars)
            let pauses = SpeechTiming.pauses(in: text), ideographs = SpeechTiming.ideographs(in: text)
            let expected = model.base + model.perCharacter * (text.unicodeScalars.count - ideographs) + model.perIdeograph * ideographs + model.perPause * pauses
            #expect(SpeechTiming.duration(of: text, locale: "ja-JP", rate: 1).milliseconds == Int64(expected), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

