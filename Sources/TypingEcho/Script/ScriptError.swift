/// A problem in a replay script, with the line and column where it was found.
///
/// Messages never contain the content of a quoted string, nor anything written after
/// `keys`, `type`, `clipboard`, `dictate`, `expect value` or `expect speech`, so they are
/// safe to print even when the script holds a password.
///
/// ```swift
/// error.formatted(file: "login.replay")  // "login.replay:3:6: error: unclosed quote"
/// ```
public struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the offending token starts.
    public var location: SourceLocation
    /// What is wrong, in one sentence, without script content that could be secret.
    public var message: String

    /// Creates an error at a location.
    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    /// Creates an error at a line and column.
    init(_ message: String, line: Int, column: Int) {
        self.init(message, at: SourceLocation(line: line, column: column))
    }

    /// `LINE:COLUMN: error: MESSAGE`.
    public var description: String { "\(location): error: \(message)" }

    /// The error as printed on stderr: `FILE:LINE:COLUMN: error: MESSAGE`.
    public func formatted(file: String) -> String { "\(file):\(description)" }
}
