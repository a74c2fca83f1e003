/// The engine's voice: the locale's words (the phrasebook), a user's own phonetic alphabet,
/// and the warnings that loading them gave (an unknown locale spoken in English).
///
/// Everything said is worded from `phrasebook`; it changes only when the locale, the user's
/// alphabet or the reader's wording (`wording=`, set by `reader=`) does. The echo's rules
/// (`echo`) are kept made with the phrasebook and the settings in force, so an echo does not
/// copy either (maintainers/performance-history.md).
struct Voice: Sendable {
    /// The echo's rules, with the words of the locale in force and the settings the engine
    /// last gave (`follow(_:)`).
    private(set) var echo: EchoComposer {
        didSet { spoken = Self.spoken(echo) }
    }
    /// The tag speech is tagged with (the phrasebook's) and its timing model, kept beside the
    /// composer: every utterance reads both, and a debug build copied the whole composer for
    /// each `echo.phrasebook.locale` (and looked the model up by tag each time).
    private(set) var spoken: (locale: String, timing: SpeechTiming.Coefficients)
    /// A user's own phonetic alphabet, kept across locale changes.
    private var customPhonetics: PhoneticAlphabet?
    /// The ``SettingsInForce/revision`` the echo's settings were last taken from.
    private(set) var followedRevision = 0
    /// Warnings not yet taken by `takeWarnings()`.
    private var pendingWarnings: [EngineWarning] = []

    /// The voice of a locale, in the words of the settings' reader, with the settings in force.
    /// - Throws: `LocaleError` when the tag is not a BCP 47 tag.
    init(locale: String, settings: Settings) throws(LocaleError) {
        let echo = Self.composer(try Phrasebook(locale: locale, wording: settings.style.wording), settings)
        self.echo = echo
        spoken = Self.spoken(echo)
        if let warning = phrasebook.warning { pendingWarnings.append(EngineWarning(warning, at: nil)) }
    }

    /// The words of the locale in force.
    var phrasebook: Phrasebook { echo.phrasebook }

    /// What `spoken` holds for a composer.
    private static func spoken(_ echo: EchoComposer) -> (locale: String, timing: SpeechTiming.Coefficients) {
        let locale = echo.phrasebook.locale
        return (locale, SpeechTiming.coefficients(for: locale))
    }

    /// The echo's rules for a phrasebook and settings: the one place a composer is made.
    private static func composer(_ phrasebook: Phrasebook, _ settings: Settings) -> EchoComposer {
        EchoComposer(phrasebook: phrasebook, settings: settings)
    }

    /// The settings in force changed: the echo follows them, and the words follow a new
    /// wording (a `reader=`).
    mutating func follow(_ configuration: SettingsInForce) {
        followedRevision = configuration.revision
        let settings = configuration.current
        let wording = echo.settings.style.wording
        echo = Self.composer(echo.phrasebook, settings)
        if settings.style.wording != wording {
            // The locale was accepted before, so it loads again; keep the old words if not.
            try? speak(locale: settings.locale, warningAt: nil, warns: false)
        }
    }

    /// Speaks another locale (or the same with another alphabet), in the wording of the
    /// settings followed; a locale ICU has no data for is spoken in English, with a warning
    /// at `location` when `warns`.
    mutating func speak(locale: String, warningAt location: SourceLocation?, warns: Bool = true) throws(LocaleError) {
        let phrasebook = try Phrasebook(locale: locale, phonetics: customPhonetics, wording: echo.settings.style.wording)
        echo = Self.composer(phrasebook, echo.settings)
        if warns, let warning = phrasebook.warning { pendingWarnings.append(EngineWarning(warning, at: location)) }
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
