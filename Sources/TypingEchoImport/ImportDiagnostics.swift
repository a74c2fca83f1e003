import TypingEcho

/// Something an importer reports about the source without failing: an attribute that was
/// dropped or defaulted, a guess it made. Printed on stderr as `FILE:LINE:COLUMN: note: …`.
///
/// A note never quotes a secure field's value, nor any attribute value of a secure field.
public struct ImportNote: Sendable, Hashable, CustomStringConvertible {
    /// Where in the source the note is about.
    public var location: SourceLocation
    /// What happened, in one sentence.
    public var message: String

    /// Creates a note.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `LINE:COLUMN: note: MESSAGE`.
    public var description: String { "\(location): note: \(message)" }

    /// The note as printed on stderr: `FILE:LINE:COLUMN: note: MESSAGE`.
    public func formatted(file: String) -> String { "\(file):\(description)" }
}

/// A source that cannot be imported: malformed, too large, too deeply nested, or refused (a DTD,
/// an external entity). Printed as `FILE:LINE:COLUMN: error: …`; the command line exits 65.
///
/// Messages never repeat a value from the source beyond a short excerpt of markup, and never a
/// secure field's value.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public var kind: Kind
    /// Where in the source; nil when the problem is the whole source (its size).
    public var location: SourceLocation?
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, at location: SourceLocation?) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `LINE:COLUMN: error: MESSAGE`, or `error: MESSAGE` without a location.
    public var description: String { location.map { "\($0): error: \(message)" } ?? "error: \(message)" }

    /// The error as printed on stderr: `FILE:LINE:COLUMN: error: MESSAGE`.
    public func formatted(file: String) -> String { location == nil ? "\(file): \(description)" : "\(file):\(description)" }

    /// The kinds of problem, for code that reacts to them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The source breaks its format's grammar (unclosed tag, bad indentation, invalid UTF-8).
        case malformed
        /// The source is larger, or nests deeper, than the import limits allow.
        case tooLarge = "too-large"
        /// The source asks for something an importer refuses to do: a DTD, an external entity.
        case refused
        /// The source is well formed but is not a screen of its format (no `<hierarchy>` root).
        case notAScreen = "not-a-screen"
        /// The importer for this format is not available in this build.
        case unavailable
    }
}
