import TypingEcho

/// A screen read from a real source: its elements in reading order, and the notes the importer
/// wrote about what it dropped or defaulted.
///
/// ```swift
/// let dump = #"<hierarchy rotation="0"><node class="android.widget.EditText" text="" "#
///     + #"resource-id="com.example:id/email" hint="Email" bounds="[0,0][100,50]"/></hierarchy>"#
/// let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "dump.xml")
/// let id = screen.elements[0].id  // "email"
/// ```
public struct ImportedScreen: Sendable, Hashable {
    /// The source's name as given (a path, or `-` for standard input).
    public var source: String
    /// The format it was read as.
    public var format: ScreenFormat
    /// The elements, in reading order.
    public var elements: [ImportedElement]
    /// The notes, in source order.
    public var notes: [ImportNote]

    /// Creates a screen.
    public init(source: String, format: ScreenFormat, elements: [ImportedElement] = [], notes: [ImportNote] = []) {
        self.source = source
        self.format = format
        self.elements = elements
        self.notes = notes
    }
}
