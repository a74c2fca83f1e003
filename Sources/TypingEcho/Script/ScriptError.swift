/// A command that cannot be read or performed: what kind of problem it is, a message, and
/// where it was written when it came from a script.
///
/// Messages never contain the content of a quoted string, nor anything written after
/// `keys`, `type`, `clipboard`, `dictate`, `expect value` or `expect speech`, so they are
/// safe to print even when the script holds a password.
///
/// ```swift
/// var session = try Session()
/// do {
///     try session.run(script: "field user kind=text label=\"Username\"\nfocus usr")
/// } catch {
///     print(error.kind)                             // unknownID
///     print(error.formatted(file: "login.replay"))  // login.replay:2:7: error: no element … did you mean 'user'?
/// }
/// ```
///
/// Code that drives a ``Session`` with its typed verbs matches on ``kind`` instead of reading
/// the message; such errors have no ``location``.
public struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is, for code that reacts to errors (the message is for people).
    public var kind: Kind
    /// Where the offending token starts; nil when the command did not come from a script
    /// (a ``Session``'s typed verbs).
    public var location: SourceLocation?
    /// What is wrong, in one sentence, without script content that could be secret.
    public var message: String

    /// Creates an error of a kind, at a location when the command came from a script.
    public init(_ kind: Kind, _ message: String, at location: SourceLocation?) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// Creates an error at a location whose kind is not more specific than ``Kind/invalid``.
    public init(_ message: String, at location: SourceLocation?) {
        self.init(.invalid, message, at: location)
    }

    /// `LINE:COLUMN: error: MESSAGE`, or `error: MESSAGE` without a location.
    public var description: String {
        location.map { "\($0): error: \(message)" } ?? "error: \(message)"
    }

    /// The error as printed on stderr: `FILE:LINE:COLUMN: error: MESSAGE`.
    public func formatted(file: String) -> String { "\(file):\(description)" }

    /// The same error without its location (what a typed ``Session`` verb reports).
    public func withoutLocation() -> ScriptError { ScriptError(kind, message, at: nil) }
}

extension ScriptError {
    /// The kinds of problem a command can have: a closed set that code can switch over.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The line cannot be read: an unknown command or attribute, a bad number, an unclosed
        /// quote, invalid UTF-8.
        case syntax
        /// A `field` or `element` declaration that cannot be made (no id, an unknown trait,
        /// a bad attribute value).
        case badDeclaration = "bad-declaration"
        /// A setting name or value that is not allowed (`settings`, ``Settings``).
        case badSetting = "bad-setting"
        /// No element or field has the id.
        case unknownID = "unknown-id"
        /// The element exists but the screen reader cannot focus it (it is hidden).
        case notFocusable = "not-focusable"
        /// The command needs a focused element and nothing has focus.
        case nothingFocused = "nothing-focused"
        /// The command needs a text field and the element is not one.
        case notATextField = "not-a-text-field"
        /// The command needs the focused field to be edited (double-tap it first), or the
        /// on-screen keyboard to be shown.
        case notEditing = "not-editing"
        /// An absolute time (`@S`) earlier than the current time.
        case timeBackwards = "time-backwards"
        /// A time or duration beyond what the virtual clock accepts.
        case timeOutOfRange = "time-out-of-range"
        /// A key name that is not a key, or not on the keyboard or layer shown.
        case unknownKey = "unknown-key"
        /// `type` text with a character the keyboard cannot produce.
        case cannotType = "cannot-type"
        /// A gesture that is not possible now (a finger is still down, nothing to lift).
        case gesture
        /// A problem without a more specific kind.
        case invalid
        /// Braille was asked for and liblouis cannot be opened (the command line exits 69).
        case brailleUnavailable = "braille-unavailable"
    }
}

/// Pieces of error messages shared by the lexer, the parser, the engine and the command line.
public enum ScriptErrorText {
    /// How many characters of script text an error message repeats at most.
    public static let excerptLength = 40

    /// Script text as an error message shows it: in single quotes, cut after
    /// ``excerptLength`` characters with `…`, so a 10 MB word is not printed whole.
    /// - Complexity: O(*k*) for the first *k* ≤ ``excerptLength`` + 1 characters, whatever the text's length.
    public static func quoted(_ text: some StringProtocol) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex && count < excerptLength {
            text.formIndex(after: &end)
            count += 1
        }
        return end == text.endIndex ? "'\(text)'" : "'\(text[..<end])…'"
    }

    /// A carriage return that does not end its line.
    static let carriageReturn =
        "carriage return (CR) inside a line; lines end with LF or CRLF (is the file saved with CR line ends?)"
}
