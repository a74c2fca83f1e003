import TypingEcho

/// Writes engine commands back as `.replay` script lines, so that a generated session or a
/// counterexample can be rerun with `typing-echo replay` or `typing-echo check`: the test
/// kit's name for `ScriptWriter`, which it calls.
///
/// ```swift
/// let line = ReplayText.line(for: .keys("naïve \"quote\""))   // keys "naïve \"quote\""
/// ```
public enum ReplayText {
    /// The script line that reads back as `command` (`ScriptWriter.line(for:)`).
    /// - Complexity: O(*n*) in the length of the command's text.
    public static func line(for command: Command) -> String { ScriptWriter.line(for: command) }

    /// The script line of a parsed line: its `@S` time, if any, then its command.
    public static func line(for scriptLine: ScriptLine) -> String { ScriptWriter.line(for: scriptLine) }

    /// A script string literal: `"`, `\` and line feeds escaped, control characters as `\u{…}`.
    public static func quoted(_ text: String) -> String { ScriptWriter.quoted(text) }

    /// A number as the script reads it: digits, at most one `.`, no exponent (`0.25`, `3.0`).
    public static func number(_ value: Double) -> String { ScriptWriter.number(value) }
}
