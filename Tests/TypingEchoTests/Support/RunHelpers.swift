@testable import TypingEcho

/// Runs commands on an engine directly, collecting events; returns the first script error.
@discardableResult
func perform(_ commands: [Command], on engine: inout Engine, into events: inout EventCollector) -> ScriptError? {
    for (number, command) in commands.enumerated() {
        do {
            try engine.run(ScriptLine(location: TypingEcho.SourceLocation(line: number + 1, column: 1), command: command), into: &events)
        } catch {
            return error
        }
    }
    return nil
}

/// Commands that declare a field, focus it and start editing.
func editing(_ kind: FieldKind = .text, id: String = "field") -> [Command] {
    [.field(FieldDeclaration(id: id, kind: kind, label: "Field")), .focus(id), .doubleTap]
}
