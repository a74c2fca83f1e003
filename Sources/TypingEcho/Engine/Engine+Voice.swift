extension Engine {
    /// Uses a user's own phonetic alphabet from now on, whatever the locale: its letters
    /// replace the locale's phonetic words, its names and capital word win over the locale's.
    /// Pass `nil` to go back to the built-in alphabets.
    ///
    /// ```swift
    /// let alphabet = try PhoneticAlphabet.load(named: "mine.txt", utf8: bytes)
    /// engine.usePhonetics(alphabet)
    /// ```
    package mutating func usePhonetics(_ alphabet: PhoneticAlphabet?) {
        voice.usePhonetics(alphabet, locale: configuration.current.locale)
    }

    /// Warnings since the last call, such as a locale ICU has no data for; the command line
    /// prints them on stderr. They never contain text typed into a field.
    package mutating func takeWarnings() -> [EngineWarning] { voice.takeWarnings() }
}

/// Something worth telling the user that does not stop the session (an unknown locale falls
/// back to English).
public struct EngineWarning: Sendable, Hashable, CustomStringConvertible {
    /// The script position that caused it, if a script line did.
    public var location: SourceLocation?
    /// What happened, in one sentence.
    public var message: String

    /// Creates a warning.
    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    /// `LINE:COLUMN: warning: MESSAGE`, or `warning: MESSAGE` without a location.
    public var description: String {
        location.map { "\($0): warning: \(message)" } ?? "warning: \(message)"
    }

    /// The warning as printed on stderr: `FILE:LINE:COLUMN: warning: MESSAGE`.
    public func formatted(file: String) -> String {
        location.map { "\(file):\($0): warning: \(message)" } ?? "typing-echo: warning: \(message)"
    }
}
