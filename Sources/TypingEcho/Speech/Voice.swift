/// The engine's voice: the locale's words (the phrasebook), a user's own phonetic alphabet,
/// and the warnings that loading them gave (an unknown locale spoken in English).
///
/// Everything said is worded from `phrasebook`; it changes only when the locale or the
/// user's alphabet does.
struct Voice: Sendable {
    /// The words of the locale in force.
    private(set) var phrasebook: Phrasebook
    /// A user's own phonetic alphabet, kept across locale changes.
    private var customPhonetics: PhoneticAlphabet?
    /// Warnings not yet taken by `takeWarnings()`.
    private var pendingWarnings: [EngineWarning] = []
    /// Whose words are spoken (`wording`).
    private var wording = ScreenReader.voiceover

    /// The voice of a locale, in a reader's words.
    /// - Throws: `LocaleError` when the tag is not a BCP 47 tag.
    init(locale: String, wording: ScreenReader = .voiceover) throws(LocaleError) {
        self.wording = wording
        phrasebook = try Phrasebook(locale: locale, wording: wording)
        if let warning = phrasebook.warning { pendingWarnings.append(EngineWarning(warning, at: nil)) }
    }

    /// Speaks another locale (or the same with another alphabet or wording); a locale ICU has
    /// no data for is spoken in English, with a warning at `location` when `warns`.
    mutating func speak(locale: String, wording: ScreenReader? = nil, warningAt location: SourceLocation?, warns: Bool = true) throws(LocaleError) {
        if let wording { self.wording = wording }
        phrasebook = try Phrasebook(locale: locale, phonetics: customPhonetics, wording: self.wording)
        if warns, let warning = phrasebook.warning { pendingWarnings.append(EngineWarning(warning, at: location)) }
    }

    /// Speaks in a reader's words from now on, in `locale`.
    mutating func use(wording: ScreenReader, locale: String) {
        self.wording = wording
        try? speak(locale: locale, warningAt: nil, warns: false)
    }

    /// Uses a user's phonetic alphabet (nil: the built-in ones) from now on, in `locale`.
    mutating func usePhonetics(_ alphabet: PhoneticAlphabet?, locale: String) {
        customPhonetics = alphabet
        // The locale was accepted before, so it loads again; keep the old phrasebook if not.
        try? speak(locale: locale, warningAt: nil, warns: false)
    }

    /// The warnings since the last call.
    mutating func takeWarnings() -> [EngineWarning] {
        defer { pendingWarnings.removeAll() }
        return pendingWarnings
    }
}
