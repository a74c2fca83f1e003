/// A secure (password) field's imported text: it can be counted and handed to the engine, never
/// printed. `description`, `debugDescription`, `dump` and string interpolation show only the count.
///
/// ```swift
/// let value = SecureValue("hunter2")
/// let shown = "\(value)"  // "secure value, 7 characters"
/// let count = value.count  // 7
/// ```
public struct SecureValue: Sendable, Hashable {
    /// The text itself: read only by the importers' hand-over to a ``Session`` (internal).
    let text: String
    /// How many characters (grapheme clusters) it holds.
    public let count: Int

    /// Wraps a secret text.
    public init(_ text: String) {
        self.text = text
        count = text.count
    }
}

extension SecureValue: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The count only: `secure value, 7 characters`.
    public var description: String { "secure value, \(count) character\(count == 1 ? "" : "s")" }

    /// The same as ``description``: the text is secret.
    public var debugDescription: String { description }

    /// A mirror with the count only, so `dump` cannot reveal the text.
    public var customMirror: Mirror { Mirror(self, children: ["count": count], displayStyle: .struct) }
}
