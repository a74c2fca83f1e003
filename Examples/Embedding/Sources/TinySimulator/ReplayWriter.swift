import TypingEcho

/// Writes what a simulator did as a `.replay` script, so a failing case found in a property
/// test can be rerun with `typing-echo check` by someone who has only the command line.
public struct ReplayWriter: Sendable {
    /// The script so far, one command per line.
    public private(set) var lines: [String] = []

    /// An empty script.
    public init() {}

    /// `field ID kind=KIND label="LABEL" [placeholder="…"]`.
    public mutating func field(_ id: String, kind: FieldKind, label: String, placeholder: String? = nil) {
        lines.append("field \(id) kind=\(kind.rawValue) label=\(Self.quoted(label))" + (placeholder.map { " placeholder=\(Self.quoted($0))" } ?? ""))
    }

    /// `element ID label="LABEL" kind=KIND [hint="…"]`.
    public mutating func element(_ id: String, label: String, kind: ElementKind, hint: String? = nil) {
        lines.append("element \(id) label=\(Self.quoted(label)) kind=\(kind.rawValue)" + (hint.map { " hint=\(Self.quoted($0))" } ?? ""))
    }

    /// A line written as is (a command without strings: `double-tap`, `key backspace`).
    public mutating func command(_ line: String) {
        lines.append(line)
    }

    /// `keys "TEXT"`.
    public mutating func keys(_ text: String) {
        lines.append("keys \(Self.quoted(text))")
    }

    /// `expect count N`.
    public mutating func expectCount(_ count: Int) {
        lines.append("expect count \(count)")
    }

    /// The script text, each line ending in a newline.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// A script string literal: ASCII only, with `\"`, `\\`, `\n` and `\u{…}` escapes.
    public static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case " "..."~": quoted.unicodeScalars.append(scalar)
            default: quoted += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return quoted + "\""
    }
}

extension ReplayWriter: CustomStringConvertible, CustomReflectable {
    /// A count only: the lines hold what was typed, into secure fields too (read ``text``).
    public var description: String { "ReplayWriter(\(lines.count) lines)" }

    /// A count only, for the same reason.
    public var customMirror: Mirror { Mirror(self, children: ["lineCount": lines.count], displayStyle: .struct) }
}
