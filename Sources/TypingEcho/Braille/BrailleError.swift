/// Why braille could not be shown or read: every case describes itself on one line, and none
/// carries the text being translated (it may be a field's value).
public enum BrailleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// liblouis could not be opened: `library` is what was asked for, `reason` what `dlopen` or
    /// the shim said.
    case liblouisMissing(library: String, reason: String)
    /// A table name that is not a plain file name (a path separator, `..`, a list, a control
    /// character, or longer than `BrailleTable.longestName`); the name is shortened for the message.
    case tableNameRefused(String)
    /// No file of that name in liblouis's table folder; `suggestion` is the closest table name.
    case tableNotFound(name: String, folder: String, suggestion: String?)
    /// The table's file exists but liblouis cannot compile it; `reason` is liblouis's first error.
    case tableDoesNotCompile(name: String, reason: String)
    /// The table declares that it translates forward only, so it cannot read braille input.
    case cannotBackTranslate(table: String)
    /// A cursor outside the text (a character offset below 0 or past its end).
    case cursorOutOfRange(cursor: Int)
    /// liblouis refused a translation; `reason` says why, without the text.
    case translationFailed(table: String, reason: String)

    /// The command that installs liblouis and its tables on Debian and Ubuntu.
    public static let installHint = "apt-get install liblouis20 liblouis-data"

    /// Whether the error means liblouis is not installed (the CLI exits 69 for it).
    public var isLiblouisMissing: Bool {
        if case .liblouisMissing = self { return true }
        return false
    }

    /// The error on one line.
    public var description: String {
        switch self {
        case .liblouisMissing(let library, let reason):
            return "braille needs liblouis, which cannot be opened (\(library): \(reason)); install it: \(Self.installHint)"
        case .tableNameRefused(let name):
            return "braille table '\(name)' is refused: name a table by its file name in liblouis's table folder, without a path or '..'"
        case .tableNotFound(let name, let folder, let suggestion):
            return "no braille table '\(name)' in \(folder)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .tableDoesNotCompile(let name, let reason):
            return "braille table '\(name)' does not compile: \(reason)"
        case .cannotBackTranslate(let table):
            return "braille table '\(table)' translates forward only, so it cannot read braille input"
        case .cursorOutOfRange(let cursor):
            return "the braille cursor \(cursor) is outside the text"
        case .translationFailed(let table, let reason):
            return "liblouis could not translate with '\(table)': \(reason)"
        }
    }
}
