import TypingEcho

extension Session {
    /// Declares every element of an imported screen, in reading order, as its `field` and `element`
    /// lines would: a script's gestures then run on the real screen.
    ///
    /// ```swift
    /// let dump = #"<hierarchy rotation="0"><node class="android.widget.EditText" text="" "#
    ///     + #"resource-id="com.example:id/email" content-desc="Email" bounds="[0,0][100,50]"/></hierarchy>"#
    /// let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "dump.xml")
    /// var session = try Session()
    /// try session.declare(screen)
    /// try session.focus("email")
    /// let spoken = session.log.lastSpoken  // "Email, text field"
    /// ```
    ///
    /// A secure field gets its imported text as its content (the engine never shows it).
    /// - Returns: The notes about what the declarations default or drop.
    /// - Throws: ``ScriptError`` when a declaration cannot be made.
    @discardableResult
    public mutating func declare(_ screen: ImportedScreen) throws(ScriptError) -> [ImportNote] {
        var notes: [ImportNote] = []
        for element in screen.elements {
            let (declaration, more) = element.declaration(revealing: true)
            notes += more
            do {
                switch declaration {
                case .field(let field): try declare(field)
                case .element(let element): try declare(element)
                }
            } catch {
                // The location is the element's in its source; the message never holds a value.
                throw ScriptError(error.kind, error.message, at: element.source)
            }
        }
        return notes
    }
}
