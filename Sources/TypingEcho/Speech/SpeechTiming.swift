/// How long the engine estimates an utterance takes to say (each `speak` event's `duration`).
///
/// Per locale, from `Localization/speech-timing.txt` (fitted to espeak-ng; see
/// docs/rendering.md): a fixed part, a part per character (Unicode scalar; a Han ideograph may
/// cost more) and a pause at each comma or full stop, divided by the `rate` setting.
public enum SpeechTiming {
    /// One locale's model, in milliseconds at rate 1.0.
    public struct Coefficients: Sendable, Hashable {
        /// The fixed part of every utterance.
        public var base: Int
        /// Each character (Unicode scalar).
        public var perCharacter: Int
        /// Each pause (comma or full stop).
        public var perPause: Int
        /// Each Han ideograph (U+3400–4DBF, U+4E00–9FFF, U+F900–FAFF, U+20000–3FFFF), which
        /// stands for a syllable or more; `perCharacter` unless the file gives a fourth number.
        public var perIdeograph: Int

        /// Creates a model; an ideograph costs a character unless told otherwise.
        public init(base: Int, perCharacter: Int, perPause: Int, perIdeograph: Int? = nil) {
            self.base = base
            self.perCharacter = perCharacter
            self.perPause = perPause
            self.perIdeograph = perIdeograph ?? perCharacter
        }
    }

    /// The model before calibration, used only if the data file cannot be read.
    static let uncalibrated = Coefficients(base: 80, perCharacter: 60, perPause: 120)

    /// The table of `Localization/speech-timing.txt`, by tag as written, and its `default`.
    static let table: (byLocale: [String: Coefficients], fallback: Coefficients) = {
        let parsed = (try? parse(EmbeddedFiles.speech_timing_txt)) ?? [:]
        return (parsed, parsed["default"] ?? uncalibrated)
    }()

    /// Reads a timing file: `[timing]` lines `locale = BASE PER-CHARACTER PER-PAUSE [PER-IDEOGRAPH]`.
    /// - Throws: The first line that is not three or four whole numbers of milliseconds.
    public static func parse(_ bytes: some Collection<UInt8>, named name: String = "Localization/speech-timing.txt") throws(DataFile.Problem) -> [String: Coefficients] {
        let file = try DataFile(named: name, utf8: bytes)
        var table: [String: Coefficients] = [:]
        for entry in file.entries where entry.section == "timing" {
            let words = entry.value.split(separator: " ")
            let numbers = words.compactMap { Int($0) }
            guard numbers.count == words.count, (3...4).contains(numbers.count), numbers.allSatisfy({ (0...10_000).contains($0) }) else {
                throw DataFile.Problem(file: name, line: entry.line, message: "expected three or four whole numbers of milliseconds (base, per character, per pause, per ideograph), got '\(entry.value)'")
            }
            table[entry.key] = Coefficients(base: numbers[0], perCharacter: numbers[1], perPause: numbers[2],
                                            perIdeograph: numbers.count == 4 ? numbers[3] : nil)
        }
        return table
    }

    /// The model for a locale: its own line, else its language's, else the default.
    public static func coefficients(for locale: String) -> Coefficients {
        if let exact = table.byLocale[locale] { return exact }
        // The language is the bytes before the first `-` or `_`, found with a plain loop over
        // the UTF-8 (every utterance's duration asks, and `firstIndex(where:)` over characters
        // was most of it in a debug build).
        var length = 0
        for byte in locale.utf8 {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                let end = locale.utf8.index(locale.utf8.startIndex, offsetBy: length)
                return table.byLocale[String(locale[..<end])] ?? table.fallback
            }
            length += 1
        }
        return table.fallback
    }

    /// The estimated duration of `text` said in `locale` at `rate`.
    ///
    /// - Complexity: O(*n*) in the text's scalars.
    public static func duration(of text: String, locale: String, rate: Double) -> VirtualDuration {
        duration(of: text, model: coefficients(for: locale), rate: rate)
    }

    /// The estimated duration of `text` said with `model` (a locale's ``coefficients(for:)``)
    /// at `rate`: what ``duration(of:locale:rate:)`` gives for that locale, without looking
    /// the model up again.
    ///
    /// - Complexity: O(*n*) in the text's scalars.
    public static func duration(of text: String, model: Coefficients, rate: Double) -> VirtualDuration {
        var scalars = 0, pauses = 0, ideographs = 0
        // Over the UTF-8 bytes: an ASCII byte is a scalar (a pause when it is a comma or full
        // stop); only a non-ASCII scalar is decoded (a long value announced again and again
        // spent most of its time walking scalars here).
        var text = text
        // Eight ASCII bytes at a time: each a scalar, the pauses counted by their zero bytes
        // after an exclusive or (exact per byte once no high bit is set).
        let highs: UInt64 = 0x8080_8080_8080_8080, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let commas: UInt64 = 0x2C2C_2C2C_2C2C_2C2C, stops: UInt64 = 0x2E2E_2E2E_2E2E_2E2E
        text.withUTF8 { bytes in
            var offset = 0
            let count = bytes.count
            while offset < count {
                while offset &+ 8 <= count {
                    let word = UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
                    guard word & highs == 0 else { break }
                    scalars &+= 8
                    // A byte of `x` is zero exactly where its high bit is clear in `(x & lows) + lows | x`
                    // (written out: a debug build calls every local function).
                    let comma = word ^ commas, stop = word ^ stops
                    pauses &+= (~(((comma & lows) &+ lows) | comma) & highs).nonzeroBitCount
                        &+ (~(((stop & lows) &+ lows) | stop) & highs).nonzeroBitCount
                    offset &+= 8
                }
                guard offset < count else { break }
                let byte = bytes[offset]
                if byte < 0x80 {
                    scalars += 1
                    if byte == 0x2C || byte == 0x2E { pauses += 1 }  // a comma or a full stop
                    offset += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (0xFF >> (length + 1))
                for next in (offset + 1)..<Swift.min(offset + length, bytes.count) { value = value << 6 | UInt32(bytes[next] & 0x3F) }
                scalars += 1
                if let scalar = Unicode.Scalar(value) {
                    if isPause(scalar) { pauses += 1 } else if isIdeograph(scalar) { ideographs += 1 }
                }
                offset += length
            }
        }
        let milliseconds = (Double(model.base) + Double(model.perCharacter) * Double(scalars - ideographs)
                            + Double(model.perIdeograph) * Double(ideographs) + Double(model.perPause) * Double(pauses)) / rate
        // Capped a little past the clock's limit, so the conversion cannot trap and speech
        // that long still fails the line that scheduled it.
        let capped = milliseconds.isFinite ? Swift.min(milliseconds, 2e12) : 2e12
        return VirtualDuration(milliseconds: Int64(capped.rounded()))
    }

    /// The punctuation that makes a pause: comma and full stop, Latin and Arabic script.
    static func isPause(_ scalar: Unicode.Scalar) -> Bool { scalar == "," || scalar == "." || scalar == "،" || scalar == "۔" }

    /// Whether a scalar is a Han ideograph (CJK Unified Ideographs and their extensions, the
    /// compatibility ideographs).
    static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x3400 else { return false }
        return value <= 0x4DBF || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
    }

    /// How many ideographs the model counts in a text.
    static func ideographs(in text: String) -> Int { text.unicodeScalars.filter(isIdeograph).count }

    /// How many pauses the model counts in a text.
    static func pauses(in text: String) -> Int { text.unicodeScalars.filter(isPause).count }
}
