import TypingEcho

extension Gen where Value == SessionScript {
    /// Sessions over any screen given as its declarations: a screen of your own, or an imported
    /// one (`ImportedScreen.commands` of the TypingEchoImport library). The screen comes first,
    /// then `steps` commands from ``Gen/command(onScreen:)`` over its ids, keeping only those
    /// that can be performed in order.
    ///
    /// ```swift
    /// let screen: [Command] = [.field(FieldDeclaration(id: "email", kind: .text, label: "Email")),
    ///                          .element(ElementDeclaration(id: "go", label: "Sign in"))]
    /// let sessions = Gen.session(over: screen, steps: 1...12)
    /// ```
    public static func session(over screen: [Command], steps: ClosedRange<Int>) -> Gen<SessionScript> {
        let ids = screen.compactMap { command -> String? in
            switch command {
            case .field(let field): field.hidden ? nil : field.id
            case .element(let element): element.hidden ? nil : element.id
            default: nil
            }
        }
        return session(prelude: screen, commands: .command(onScreen: ids), steps: steps)
    }
}

extension Gen where Value == Command {
    /// What a person does on a screen whose elements have `ids`: focus one, swipe, double-tap,
    /// type a little (printable ASCII and a few letters beyond it), delete, wait.
    public static func command(onScreen ids: [String]) -> Gen<Command> {
        let text = Gen<String>.string(of: .element(of: Array("abcXYZ019 .@-éł")), length: 1...4)
        var choices: [(Int, Gen<Command>)] = [
            (4, Gen<SwipeDirection>.element(of: [.right, .left]).map { .swipe($0) }),
            (3, .constant(.doubleTap)),
            (4, text.map { .keys($0) }),
            (2, .constant(.key(.backspace))),
            (1, Gen<Int>.int(in: 0...1500).map { .wait(Double($0) / 1000) }),
        ]
        if !ids.isEmpty { choices.append((4, Gen<String>.element(of: ids).map { .focus($0) })) }
        return .frequency(choices)
    }
}
