/// What typing feedback speaks (`feedback`, `hardware-feedback`).
public enum TypingFeedback: String, Sendable, Hashable, CaseIterable {
    /// Nothing is echoed.
    case nothing
    /// Each entered character is echoed.
    case characters
    /// Each finished word is echoed.
    case words
    /// Characters as they are entered and words as they end (VoiceOver's default).
    case charactersAndWords = "characters-and-words"

    /// Whether entered characters are echoed.
    public var speaksCharacters: Bool { self == .characters || self == .charactersAndWords }
    /// Whether finished words are echoed.
    public var speaksWords: Bool { self == .words || self == .charactersAndWords }
}

/// How the on-screen keyboard enters keys (VoiceOver's typing modes).
public enum TypingMode: String, Sendable, Hashable, CaseIterable {
    /// Explore by touch; double tap or split tap enters the focused key.
    case standard
    /// Explore by touch; lifting the finger enters the key under it.
    case touch
    /// A quick tap enters at once, as with the screen reader off.
    case direct
}

/// Phonetic feedback for characters (`phonetics`).
public enum PhoneticFeedback: String, Sendable, Hashable, CaseIterable {
    /// No phonetic words.
    case off
    /// The character now, its phonetic word after the phonetic delay.
    case characterAndPhonetics = "character-and-phonetics"
    /// The phonetic word instead of the character.
    case phoneticsOnly = "phonetics-only"
}

/// How capital letters are announced (`capitals`).
public enum CapitalStyle: String, Sendable, Hashable, CaseIterable {
    /// "capital M".
    case say
    /// The letter at raised pitch.
    case pitch
    /// A `capital` sound, then the letter.
    case sound
    /// No distinction.
    case none
}

/// Whether keys explored on the keyboard are spoken while editing a secure field.
public enum SecureKeyFeedback: String, Sendable, Hashable, CaseIterable {
    /// Keys are spoken (VoiceOver's default).
    case speak
    /// Keys are silent.
    case silent
}

/// The user's screen-reader settings, with VoiceOver's defaults.
public struct Settings: Sendable, Hashable {
    /// The language of speech and of text segmentation, a BCP 47 tag.
    public var locale = "en-US"
    /// The on-screen keyboard's typing mode.
    public var typingMode = TypingMode.standard
    /// Echo for the on-screen keyboard.
    public var typingFeedback = TypingFeedback.charactersAndWords
    /// Echo for a hardware keyboard.
    public var hardwareFeedback = TypingFeedback.charactersAndWords
    /// Phonetic words for characters.
    public var phonetics = PhoneticFeedback.characterAndPhonetics
    /// Seconds before a phonetic word.
    public var phoneticDelay = VirtualDuration(milliseconds: 1000)
    /// How capitals are announced.
    public var capitals = CapitalStyle.say
    /// Raised pitch for typed echo, lowered for deletions.
    public var pitchChange = true
    /// Whether hints are spoken.
    public var hints = true
    /// Seconds of silence before a hint.
    public var hintDelay = VirtualDuration(milliseconds: 1000)
    /// Speech rate, 1.0 is normal; durations divide by it.
    public var rate = 1.0
    /// Whether explored keys are spoken in secure fields.
    public var secureKeys = SecureKeyFeedback.speak
    /// Whether a failed `expect` repeats its expected text even once a secure field has held
    /// text (`show-expected`, off by default: then the expected text may be the secret).
    public var showExpected = false
    /// Seconds per gesture for `type`.
    public var cadence = VirtualDuration(milliseconds: 300)
    /// Seconds the clock moves after each key of `keys`; zero types every key
    /// at one instant.
    public var keyCadence = VirtualDuration(milliseconds: 200)
    /// The screen reader whose defaults and conventions are in force (`reader`).
    public private(set) var reader = ScreenReader.voiceover
    /// The conventions in force: the reader's, changed by the convention settings.
    var style = EchoStyle.voiceOver
    /// The braille display and Braille Screen Input settings (`braille`, `braille-table`, …).
    public var braille = BrailleSettings()

    /// VoiceOver's defaults.
    public init() {}

    /// The defaults of a screen reader: its values for the existing settings and its conventions.
    public init(reader: ScreenReader) {
        self.init()
        apply(reader)
    }

    /// Every setting's name as written in scripts and `--set`.
    public static let keys = [
        "locale", "typing", "feedback", "hardware-feedback", "phonetics", "phonetic-delay", "capitals",
        "pitch-change", "hints", "hint-delay", "rate", "secure-keys", "show-expected", "cadence", "key-cadence",
        "reader",
    ] + conventionKeys + BrailleSettings.keys

    /// The settings a reader's conventions are, one per convention where readers differ.
    public static let conventionKeys = [
        "wording", "focus-order", "focus-edits", "touch", "tab-focus", "key-echo", "selection-notices", "boundary-sound", "toolkit", "word-echo", "modifier-echo", "echo-pitch", "delete-echo",
        "delete-pitch", "selection-delete", "character-move", "word-move", "cannot-move", "arrival", "cursor-sound",
        "selection", "capital-pitch", "capital-beep", "secure-echo", "secure-move", "interrupt", "chord-echo",
        "home-end", "forward-delete", "focus-description", "editing-hint", "live-assertive", "repeat-limit", "home-end-unit", "line-move",
        "selection-arrow",
    ]

    /// The settings a `reader` sets: the existing settings it has defaults for, and its conventions.
    public static let readerKeys = [
        "typing", "feedback", "hardware-feedback", "phonetics", "phonetic-delay", "capitals", "pitch-change", "hints",
        "hint-delay",
    ] + conventionKeys

    /// Puts a reader's defaults in force for every key of ``readerKeys``; the other settings
    /// (locale, rate, cadences, secure keys) are kept.
    mutating func apply(_ reader: ScreenReader) {
        var defaults = Settings()
        defaults.reader = reader
        defaults.style = EchoStyle.of(reader)
        switch reader {
        case .voiceover:
            break
        case .talkback:
            // Lift to type letters; capital letters said "capital"; hints 0.4 s after focus;
            // phonetic letters 0.25 s after a move by character.
            defaults.typingMode = .touch
            defaults.hintDelay = VirtualDuration(milliseconds: 400)
            defaults.phoneticDelay = VirtualDuration(milliseconds: 250)
        case .nvda:
            // "Speak typed characters" only in edit controls, "Speak typed words" off;
            // capitals 30 % higher; no usage hints; character descriptions off.
            defaults.typingFeedback = .characters
            defaults.hardwareFeedback = .characters
            defaults.capitals = .pitch
            defaults.hints = false
            defaults.phonetics = .off
            defaults.pitchChange = false
        case .orca:
            // Key echo on, word echo off; capitalization style none, but a capital is spoken in
            // the uppercase voice (average pitch 7 of Orca's default 5: heard live); tutorial
            // messages off (its help page); phonetic spelling only on request.
            defaults.typingFeedback = .characters
            defaults.hardwareFeedback = .characters
            defaults.capitals = .pitch
            defaults.hints = false
            defaults.phonetics = .off
            defaults.pitchChange = false
        case .chromevox:
            // Typing echo "Character"; capitals by increased pitch; lift to type.
            defaults.typingFeedback = .characters
            defaults.hardwareFeedback = .characters
            defaults.capitals = .pitch
            defaults.typingMode = .touch
        }
        self.reader = reader
        typingMode = defaults.typingMode
        typingFeedback = defaults.typingFeedback
        hardwareFeedback = defaults.hardwareFeedback
        phonetics = defaults.phonetics
        phoneticDelay = defaults.phoneticDelay
        capitals = defaults.capitals
        pitchChange = defaults.pitchChange
        hints = defaults.hints
        hintDelay = defaults.hintDelay
        style = defaults.style
        (braille.layout, braille.cells, braille.showsError) = BrailleSettings.defaults(for: reader)
    }

    /// Sets one setting from its script form (`hardware-feedback=words`).
    /// - Throws: `SettingError` naming the key and the allowed values.
    public mutating func set(_ key: String, to value: String) throws(SettingError) {
        switch key {
        case "locale":
            do { _ = try Phrasebook.icuLocale(for: value) } catch {
                throw SettingError(key: key, problem: "\(ScriptErrorText.quoted(value)) is not a BCP 47 language tag such as en-US or pl-PL")
            }
            locale = value
        case "typing": typingMode = try Self.choice(key, value)
        case "feedback": typingFeedback = try Self.choice(key, value)
        case "hardware-feedback": hardwareFeedback = try Self.choice(key, value)
        case "phonetics": phonetics = try Self.choice(key, value)
        case "phonetic-delay": phoneticDelay = try Self.seconds(key, value)
        case "capitals": capitals = try Self.choice(key, value)
        case "pitch-change": pitchChange = try Self.onOff(key, value)
        case "hints": hints = try Self.onOff(key, value)
        case "hint-delay": hintDelay = try Self.seconds(key, value)
        case "rate":
            // Written as every number of a script is: digits and a point, no sign, exponent or hex.
            guard let number = ScriptValues.decimal(value, signed: false), number >= 0.1, number <= 10 else {
                throw SettingError(key: key, problem: "expects a number from 0.1 to 10, got \(ScriptErrorText.quoted(value))")
            }
            rate = number
        case "secure-keys": secureKeys = try Self.choice(key, value)
        case "show-expected": showExpected = try Self.onOff(key, value)
        case "cadence": cadence = try Self.seconds(key, value)
        case "key-cadence": keyCadence = try Self.seconds(key, value)
        case "reader": apply(try Self.choice(key, value) as ScreenReader)
        case "wording": style.wording = try Self.choice(key, value)
        case "focus-order": style.focusOrder = try Self.choice(key, value)
        case "focus-edits": style.focusEdits = try Self.onOff(key, value)
        case "touch": style.touch = try Self.onOff(key, value)
        case "tab-focus": style.tabFocus = try Self.choice(key, value)
        case "key-echo": style.keyEcho = try Self.onOff(key, value)
        case "selection-notices": style.selectionNotices = try Self.onOff(key, value)
        case "boundary-sound": style.boundarySounds = try Self.onOff(key, value)
        case "toolkit": style.toolkit = try Self.choice(key, value)
        case "word-echo": style.wordEcho = try Self.choice(key, value)
        case "modifier-echo": style.modifierEcho = try Self.onOff(key, value)
        case "echo-pitch": style.echoPitch = try Self.pitch(key, value)
        case "delete-echo": style.deleteEcho = try Self.choice(key, value)
        case "delete-pitch": style.deletePitch = try Self.pitch(key, value)
        case "selection-delete": style.selectionDeleteSpoken = try Self.spokenOrSilent(key, value)
        case "character-move":
            let choice: UnitSpoken = try Self.choice(key, value)
            guard choice == .passedOver || choice == .atCaret else {
                throw SettingError(key: key, problem: "expects one of passed-over, at-caret, got \(ScriptErrorText.quoted(value))")
            }
            style.characterMove = choice
        case "word-move":
            let choice: UnitSpoken = try Self.choice(key, value)
            guard choice != .passedOver else {
                throw SettingError(key: key, problem: "expects one of word, crossed, at-caret, got \(ScriptErrorText.quoted(value))")
            }
            style.wordMove = choice
        case "cannot-move": style.cannotMove = try Self.choice(key, value)
        case "arrival":
            switch value {
            case "none": style.arrivalWords = false
            case "words": style.arrivalWords = true
            default: throw SettingError(key: key, problem: "expects none or words, got \(ScriptErrorText.quoted(value))")
            }
        case "cursor-sound": style.moveSound = try Self.onOff(key, value) ? .tick : nil
        case "selection": style.selection = try Self.choice(key, value)
        case "capital-pitch":
            guard let percent = Int(value), (-100...100).contains(percent) else {
                throw SettingError(key: key, problem: "expects a whole percentage from -100 to 100, got \(ScriptErrorText.quoted(value))")
            }
            style.capitalPitch = 1.0 + Double(percent) / 100
        case "capital-beep": style.capitalBeep = try Self.onOff(key, value)
        case "secure-echo": style.secureEcho = try Self.choice(key, value)
        case "secure-move": style.secureMove = try Self.choice(key, value)
        case "chord-echo": style.chordEcho = try Self.choice(key, value)
        case "home-end": style.homeEnd = try Self.choice(key, value)
        case "forward-delete": style.forwardDelete = try Self.choice(key, value)
        case "focus-description": style.focusDescription = try Self.onOff(key, value)
        case "editing-hint": style.editingHint = try Self.choice(key, value)
        case "live-assertive": style.liveAssertive = try Self.choice(key, value)
        case "home-end-unit": style.homeEndUnit = try Self.choice(key, value)
        case "line-move": style.lineMove = try Self.choice(key, value)
        case "selection-arrow": style.selectionArrow = try Self.choice(key, value)
        case "repeat-limit":
            // Orca's `repeatCharacterLimit`: 0 is off, and so is any limit below 4 there.
            guard value.utf8.count <= 4, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let limit = Int(value),
                  limit == 0 || (4...1000).contains(limit) else {
                throw SettingError(key: key, problem: "expects 0 (off) or a whole number from 4 to 1000, got \(ScriptErrorText.quoted(value))")
            }
            style.repeatLimit = limit
        case "interrupt":
            switch value {
            case "follows-typing": style.typingFollows = true
            case "every-key": style.typingFollows = false
            default: throw SettingError(key: key, problem: "expects follows-typing or every-key, got \(ScriptErrorText.quoted(value))")
            }
        case _ where BrailleSettings.keys.contains(key):
            try braille.set(key, to: value)
        default:
            let hint = Self.keys.closest(to: key).map { "; did you mean '\($0)'?" } ?? ""
            throw SettingError(key: key, problem: "is not a setting\(hint) (settings: \(Self.keys.joined(separator: ", ")))")
        }
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ value: String) throws(SettingError) -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw SettingError(key: key, problem: "expects one of \(allowed), got \(ScriptErrorText.quoted(value))")
        }
        return choice
    }

    static func onOff(_ key: String, _ value: String) throws(SettingError) -> Bool {
        switch value {
        case "on": return true
        case "off": return false
        default: throw SettingError(key: key, problem: "expects on or off, got \(ScriptErrorText.quoted(value))")
        }
    }

    private static func spokenOrSilent(_ key: String, _ value: String) throws(SettingError) -> Bool {
        switch value {
        case "spoken": return true
        case "silent": return false
        default: throw SettingError(key: key, problem: "expects spoken or silent, got \(ScriptErrorText.quoted(value))")
        }
    }

    /// A pitch multiplier from 0.25 to 4.
    private static func pitch(_ key: String, _ value: String) throws(SettingError) -> Double {
        guard let number = Double(value), number.isFinite, number >= 0.25, number <= 4 else {
            throw SettingError(key: key, problem: "expects a pitch multiplier from 0.25 to 4 such as 1.2, got \(ScriptErrorText.quoted(value))")
        }
        return number
    }

    private static func seconds(_ key: String, _ value: String) throws(SettingError) -> VirtualDuration {
        guard let duration = VirtualDuration(seconds: value), duration.milliseconds <= 3_600_000 else {
            throw SettingError(key: key, problem: "expects seconds from 0 to 3600 such as 1.5, got \(ScriptErrorText.quoted(value))")
        }
        return duration
    }
}

/// A setting that cannot be applied.
public struct SettingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting's name as written.
    public var key: String
    /// What is wrong with it.
    public var problem: String

    /// `'hardware-feedback' expects one of …`.
    public var description: String { "\(ScriptErrorText.quoted(key)) \(problem)" }
}
