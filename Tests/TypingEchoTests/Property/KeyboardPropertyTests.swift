import Testing
import TypingEchoTesting
@testable import TypingEcho

/// Events are not looked at by these properties: dropping them keeps each case cheap.
private struct Discard: EventSink {
    mutating func receive(_ event: TimedEvent) {}
}

private func line(_ command: Command) -> ScriptLine {
    ScriptLine(location: TypingEcho.SourceLocation(line: 1, column: 1), command: command)
}

private func at(_ id: String) -> String { id }

/// An engine editing one field with a keyboard type, made once per layout and type and copied
/// by each case (the engine is a value).
private func editingEngine(locale: String, type: KeyboardType) throws -> Engine {
    var engine = try Engine(overrides: [("locale", locale)])
    var sink = Discard()
    var field = FieldDeclaration(id: "f", kind: .text, label: "Field")
    field.keyboard = type
    field.autocapitalization = Autocapitalization.never
    var button = ElementDeclaration(id: "ok", label: "OK")
    button.traits = .button
    for command in [Command.element(button), .field(field), .focus(at("f")), .doubleTap] { try engine.run(line(command), into: &sink) }
    return engine
}

/// One layout (a locale's, changed by a keyboard type).
struct LayoutType: Sendable, CustomTestStringConvertible {
    let locale: String
    let type: KeyboardType
    var testDescription: String { "\(locale) \(type.rawValue)" }
    static let all = KeyboardLayout.all.flatMap { layout in KeyboardType.allCases.map { LayoutType(locale: layout.locale, type: $0) } }
}

@Suite("Keyboard properties")
struct KeyboardPropertyTests {
    @Test("Swiping right from the last element visits every key of every layer in order, then the boundary",
          arguments: LayoutType.all)
    func swipeVisitsEveryKey(_ example: LayoutType) throws {
        let template = try editingEngine(locale: example.locale, type: example.type)
        let layout = template.keyboardLayout
        for layer in KeyboardLayer.allCases where !layout.keys(on: layer).isEmpty {
            var engine = template
            engine.keyboard.show(layer, fingerNowOn: nil)
            var events = EventCollector()
            var visited: [KeyID] = []
            for _ in 0..<(layout.keys(on: layer).count + 1) {
                try engine.run(line(.swipe(.right)), into: &events)
                if let key = engine.reader.focus.key, visited.last != key { visited.append(key) }
            }
            #expect(visited == layout.ids(on: layer), "\(example.testDescription) \(layer)")
            #expect(events.events.last?.event == .sound(.boundary))
        }
    }

    @Test("Random walks by swipe, touch and slide land on the key the layout says, on every layout and type")
    func randomWalks() throws {
        let templates = try LayoutType.all.map { try editingEngine(locale: $0.locale, type: $0.type) }
        enum Move: Sendable, CustomStringConvertible {
            case swipe(forward: Bool), touch(x: Double, y: Double), slide(Int), lift, layer(Int)
            var description: String {
                switch self {
                case .swipe(let forward): forward ? "swipe right" : "swipe left"
                case .touch(let x, let y): "touch \(x),\(y)"
                case .slide(let index): "slide key #\(index)"
                case .lift: "lift"
                case .layer(let index): "layer #\(index)"
                }
            }
        }
        let move = Gen<Move>.frequency([
            (4, Gen<Bool>.bool.map { Move.swipe(forward: $0) }),
            (3, Gen<(Int, Int)>.zip(Gen<Int>.int(in: 0...390), Gen<Int>.int(in: 540...843)).map { Move.touch(x: Double($0.0), y: Double($0.1)) }),
            (3, Gen<Int>.int(in: 0...40).map { Move.slide($0) }),
            (1, .constant(Move.lift)),
            (1, Gen<Int>.int(in: 0...2).map { Move.layer($0) }),
        ])
        let gen = Gen<(Int, [Move])>.zip(Gen<Int>.int(in: 0...(templates.count - 1)), Gen<[Move]>.array(of: move, count: 1...8))
        let failure = check("randomWalks", gen, cases: 10_000) { (index, moves) in
            var engine = templates[index]
            var sink = Discard()
            let layout = engine.keyboardLayout
            for move in moves {
                let layer = engine.keyboard.state.layer
                let keys = layout.ids(on: layer)
                let before = engine.reader.focus.key
                switch move {
                case .swipe(let forward):
                    try engine.run(line(.swipe(forward ? .right : .left)), into: &sink)
                    if let before, let at = keys.firstIndex(of: before) {
                        let expected = at + (forward ? 1 : -1)
                        if keys.indices.contains(expected) {
                            try require(engine.reader.focus.key == keys[expected], "\(move) from key \(at) did not reach key \(expected)")
                        }
                    }
                case .touch(let x, let y):
                    try engine.run(line(.touch(.point(x: x, y: y))), into: &sink)
                    if let expected = layout.key(atX: x, y: y, on: layer), engine.keyboard.recognizer.popup == nil {
                        try require(engine.reader.focus.key == expected, "\(move) did not focus the key there")
                    }
                case .slide(let number):
                    guard !keys.isEmpty, engine.keyboard.recognizer.popup == nil else { continue }
                    let target = keys[number % keys.count]
                    let centre = layout[target].frame.centre
                    try engine.run(line(.slide(.point(x: centre.x, y: centre.y))), into: &sink)
                    if engine.keyboard.state.layer == layer {
                        try require(engine.reader.focus.key == target, "\(move) did not reach the key")
                    }
                case .lift:
                    try engine.run(line(.lift), into: &sink)
                case .layer(let number):
                    let layers = KeyboardLayer.allCases.filter { !layout.keys(on: $0).isEmpty }
                    engine.keyboard.show(layers[number % layers.count], fingerNowOn: nil)
                    engine.reader.leaveKey()
                    engine.releaseFinger()
                }
                if let key = engine.reader.focus.key {
                    try require(key.layer == engine.keyboard.state.layer, "focus on a key of a layer not shown")
                    try require(engine.focusIndex == nil, "focus on a key and an element at once")
                }
                try require(engine.isKeyboardShown, "the keyboard went away")
            }
        }
        #expect(failure == nil, "\(failure!)")
    }

    /// One step of a session that moves focus and editing around.
    enum Step: Sendable, CustomStringConvertible {
        case focus(String), doubleTap, dismiss, keys, tab, focusKey
        var description: String {
            switch self {
            case .focus(let id): "focus \(id)"
            case .doubleTap: "double-tap"
            case .dismiss: "dismiss"
            case .keys: "keys \"x\""
            case .tab: "key tab"
            case .focusKey: "focus key:q"
            }
        }
    }

    @Test("Whatever focus moves, dismiss and refocus: typed text lands in the edited field or is a script error")
    func typedTextLands() throws {
        var template = try Engine(overrides: [("typing", "standard")])
        var sink = Discard()
        for id in ["a", "b"] {
            var field = FieldDeclaration(id: id, kind: .text, label: id.uppercased())
            field.autocapitalization = Autocapitalization.never
            try template.run(line(.field(field)), into: &sink)
            if id == "a" { try template.run(line(.element(ElementDeclaration(id: "ok", label: "OK"))), into: &sink) }
        }
        let step = Gen<Step>.frequency([
            (3, Gen<String>.element(of: ["a", "b", "ok"]).map { Step.focus($0) }),
            (3, .constant(.doubleTap)), (1, .constant(.dismiss)), (3, .constant(.keys)),
            (1, .constant(.tab)), (1, .constant(.focusKey)),
        ])
        let prepared = template
        let failure = check("typedTextLands", Gen<[Step]>.array(of: step, count: 1...12), cases: 10_000) { steps in
            var engine = prepared
            var sink = Discard()
            // The model: which element or key has focus, which field is edited, how long each is.
            var focus: String?, edited: String?
            var counts = ["a": 0, "b": 0]
            for step in steps {
                var fails = false
                switch step {
                case .focus(let id): focus = id
                case .doubleTap:
                    switch focus {
                    case nil: fails = true
                    case "key": counts[edited!]! += 1
                    case "ok": break
                    case let id?: if edited != id { edited = id }
                    }
                case .dismiss:
                    if edited == nil { fails = true } else {
                        if focus == "key" { focus = edited }
                        edited = nil
                    }
                case .keys: if let edited { counts[edited]! += 1 } else { fails = true }
                case .tab:
                    if edited == nil { fails = true } else if edited == "a" { edited = "b"; focus = "b" }
                case .focusKey: if edited == nil { fails = true } else { focus = "key" }
                }
                let command: Command = switch step {
                case .focus(let id): .focus(at(id))
                case .doubleTap: .doubleTap
                case .dismiss: .dismiss
                case .keys: .keys("x")
                case .tab: .key(.tab)
                case .focusKey: .focusKey(at("q"))
                }
                var threw = false
                do { try engine.run(line(command), into: &sink) } catch { threw = true }
                try require(threw == fails, "\(step): \(threw ? "a script error" : "no error"), the model says \(fails ? "an error" : "none")")
                for id in ["a", "b"] {
                    let count = engine.element(id)!.field!.characterCount
                    try require(count == counts[id], "after \(step) field \(id) holds \(count) characters, the model \(counts[id]!)")
                }
                try require(engine.editedElement?.id == edited, "after \(step) the edited field is \(engine.editedElement?.id ?? "none"), the model \(edited ?? "none")")
                let focused = engine.focusedElement?.id ?? (engine.reader.focus.key != nil ? "key" : nil)
                try require(focused == focus, "after \(step) focus is on \(focused ?? "nothing"), the model \(focus ?? "nothing")")
            }
        }
        #expect(failure == nil, "\(failure!)")
    }

    /// A hardware key that edits or moves with the selection.
    enum SelectionKey: String, Sendable, CaseIterable {
        case shiftLeft = "shift-left", shiftRight = "shift-right", shiftHome = "shift-home", shiftEnd = "shift-end"
        case left, right, backspace, type = "keys"
    }

    @Test("Selection edits by hardware keys agree with a reference model")
    func selectionAgreesWithModel() throws {
        let gen = Gen<(String, [SelectionKey])>.zip(
            Gen<String>.string(of: .element(of: Array("ab c")), length: 0...8),
            Gen<[SelectionKey]>.array(of: .element(of: SelectionKey.allCases), count: 1...12))
        var base = try Engine()
        var sink = Discard()
        try base.run(line(.field(FieldDeclaration(id: "f", kind: .text, label: "F"))), into: &sink)
        let prepared = base
        let failure = check("selectionAgreesWithModel", gen, cases: 10_000) { (text, keys) in
            var engine = prepared
            var sink = Discard()
            var declaration = FieldDeclaration(id: "f", kind: .text, label: "F")
            declaration.value = text
            declaration.autocapitalization = Autocapitalization.never
            for command in [Command.field(declaration), .focus(at("f")), .doubleTap] { try engine.run(line(command), into: &sink) }
            var model = Array(text), caret = model.count
            var anchor: Int?
            for key in keys {
                let selection = anchor.flatMap { $0 == caret ? nil : Swift.min($0, caret)..<Swift.max($0, caret) }
                switch key {
                case .shiftLeft, .shiftRight, .shiftHome, .shiftEnd:
                    let start = anchor ?? caret
                    switch key {
                    case .shiftLeft: caret = Swift.max(0, caret - 1)
                    case .shiftRight: caret = Swift.min(model.count, caret + 1)
                    case .shiftHome: caret = 0
                    default: caret = model.count
                    }
                    anchor = start == caret ? nil : start
                case .left, .right:
                    caret = key == .left ? Swift.max(0, caret - 1) : Swift.min(model.count, caret + 1)
                    anchor = nil
                case .backspace:
                    if let selection {
                        model.removeSubrange(selection)
                        caret = selection.lowerBound
                    } else if caret > 0 {
                        model.remove(at: caret - 1)
                        caret -= 1
                    }
                    anchor = nil
                case .type:
                    if let selection {
                        model.replaceSubrange(selection, with: ["z"])
                        caret = selection.lowerBound + 1
                    } else {
                        model.insert("z", at: caret)
                        caret += 1
                    }
                    anchor = nil
                }
                let command: Command = key == .type ? .keys("z") : .key(HardwareKey(rawValue: key.rawValue)!)
                try engine.run(line(command), into: &sink)
                let buffer = engine.editedElement!.field!.readableBuffer!
                try require(buffer.string == String(model), "after \(key.rawValue) the text is \(String(reflecting: buffer.string)), the model \(String(reflecting: String(model)))")
                try require(buffer.insertionPoint.character == caret, "after \(key.rawValue) the insertion point is \(buffer.insertionPoint.character), the model \(caret)")
                let expected = anchor.flatMap { $0 == caret ? nil : Swift.min($0, caret)..<Swift.max($0, caret) }
                let actual = buffer.selection.map { $0.lowerBound.character..<$0.upperBound.character }
                try require(actual == expected, "after \(key.rawValue) the selection is \(String(describing: actual)), the model \(String(describing: expected))")
            }
        }
        #expect(failure == nil, "\(failure!)")
    }
}
