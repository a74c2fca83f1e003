/// How long the engine estimates an utterance takes to say (each `speak` event's `duration`).
public enum SpeechTiming {
    /// About 16 characters a second at rate 1.0, plus a short pause at each comma or full stop:
    /// 80 ms + 60 ms a character (Unicode scalar) + 120 ms a pause, divided by `rate`.
    ///
    /// - Complexity: O(*n*) in the text's scalars.
    public static func duration(of text: String, locale: String, rate: Double) -> VirtualDuration {
        var scalars = 0, pauses = 0
        for scalar in text.unicodeScalars {
            scalars += 1
            if isPause(scalar) { pauses += 1 }
        }
        let milliseconds = (80.0 + 60.0 * Double(scalars) + 120.0 * Double(pauses)) / rate
        return VirtualDuration(milliseconds: Int64(milliseconds.rounded()))
    }

    /// The punctuation that makes a pause: comma and full stop, Latin and Arabic script.
    static func isPause(_ scalar: Unicode.Scalar) -> Bool { scalar == "," || scalar == "." || scalar == "،" || scalar == "۔" }

    /// How many pauses the model counts in a text.
    static func pauses(in text: String) -> Int { text.unicodeScalars.filter(isPause).count }
}
