/// The words of the replay-script language as the parser and the engine accept them, and its
/// reference (`docs/script-language.md`, built into the library).
///
/// `typing-echo help script` prints ``reference``; an editor can offer completions from the
/// lists. A test keeps the reference naming every word listed here.
public enum ScriptLanguage {
    /// The reference of the script language, `docs/script-language.md`, as Markdown text.
    public static var reference: String {
        String(decoding: EmbeddedFiles.script_language_md, as: UTF8.self)
    }

    /// The command words (`settings`, `field`, `focus`, `keys`, `expect` …).
    public static var commands: [String] { ScriptParser.commandNames }

    /// The forms of `expect` (`speech`, `value`, `count` …).
    public static var expectations: [String] { ScriptParser.expectationNames }

    /// The `KEY=VALUE` attributes of a `field` line.
    public static var fieldAttributes: [String] { ScriptParser.fieldAttributes }

    /// The bare flags of a `field` line (`required`, `disabled`, `hidden`).
    public static var fieldFlags: [String] { ScriptParser.fieldFlags }

    /// The `KEY=VALUE` attributes of an `element` line.
    public static var elementAttributes: [String] { ScriptParser.elementAttributes }

    /// The bare flags of an `element` line (`hidden`, `interactive`).
    public static var elementFlags: [String] { ScriptParser.elementFlags }

    /// The settings of `settings KEY=VALUE` and `--set KEY=VALUE`.
    public static var settings: [String] { Settings.keys }

    /// The named keys of the on-screen keyboard for `touch`, `slide` and `focus key:NAME`
    /// (any other key is named by its character).
    public static var keyNames: [String] { KeyKind.named.map(\.0) }

    /// Every closed set of values a script can name, with what it is: the values of the
    /// settings that take a word, of `swipe`, `rotor`, `key`, `edit`, `expect sound`, and of the
    /// `kind=`, `keyboard=`, `return-key=`, `autocapitalization=` and `traits=` attributes.
    public static var valueSets: [(what: String, values: [String])] {
        [
            ("typing", TypingMode.allCases.map(\.rawValue)),
            ("feedback, hardware-feedback", TypingFeedback.allCases.map(\.rawValue)),
            ("phonetics", PhoneticFeedback.allCases.map(\.rawValue)),
            ("capitals", CapitalStyle.allCases.map(\.rawValue)),
            ("secure-keys", SecureKeyFeedback.allCases.map(\.rawValue)),
            ("swipe", SwipeDirection.allCases.map(\.rawValue)),
            ("pan", PanDirection.allCases.map(\.rawValue)),
            ("braille-cursor", BrailleCursorShape.allCases.map(\.rawValue)),
            ("chord-echo", ChordEcho.allCases.map(\.rawValue)),
            ("rotor", RotorUnit.allCases.map(\.rawValue)),
            ("key", HardwareKey.allCases.map(\.rawValue)),
            ("edit", EditAction.allCases.map(\.rawValue)),
            ("expect sound", SoundName.allCases.map(\.rawValue)),
            ("field kind=", FieldKind.allCases.map(\.rawValue)),
            ("element kind=", ElementKind.allCases.map(\.rawValue)),
            ("keyboard=", KeyboardType.allCases.map(\.rawValue)),
            ("return-key=", ReturnKeyType.allCases.map(\.rawValue)),
            ("autocapitalization=", Autocapitalization.allCases.map(\.rawValue)),
            ("live=", LiveRegion.allCases.map(\.rawValue)),
            ("traits=", Traits.named.map(\.name)),
        ]
    }
}
