/// Text made safe to show on a terminal: every text output (the transcript, `describe`, error
/// and warning messages) passes labels, values and typed text through these rules, so that a
/// script cannot send escape sequences (ESC, OSC) or reorder what the reader sees.
///
/// C0 controls (U+0000–U+001F), DEL, C1 controls (U+0080–U+009F) and the bidi controls
/// U+202A–U+202E and U+2066–U+2069 are written as `\u{…}` with the scalar's value in uppercase
/// hex, as the script language writes them: an ESC shows as `\u{1B}`, a right-to-left override
/// as `\u{202E}`. Everything else, backslashes included, is shown as it is, so escaping twice
/// gives the same text as escaping once.
public enum TerminalText {
    /// `text` with C0 and C1 controls and bidi controls written as `\u{…}`.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    public static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as UTF-8 to `output`, with C0 and C1 controls and bidi controls written
    /// as `\u{…}`.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    public static func append(_ text: String, to output: inout [UInt8]) {
        output.append(escaping: text, for: .terminal)
    }
}
