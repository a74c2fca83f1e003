import Testing
import TypingEchoTesting
@testable import TypingEcho

/// One layout in one typing mode, a case of the property tests.
struct LayoutMode: Sendable, CustomTestStringConvertible {
    let locale: String
    let mode: TypingMode
    var testDescription: String { "\(locale) \(mode.rawValue)" }

    /// The first four layouts in every typing mode; each other layout in one mode, taking turns,
    /// so that adding a language adds one case rather than three (CI time).
    static let all = KeyboardLayout.all.enumerated().flatMap { index, layout in
        let modes = index < 4 ? TypingMode.allCases : [TypingMode.allCases[index % TypingMode.allCases.count]]
        return modes.map { LayoutMode(locale: layout.locale, mode: $0) }
    }
}

/// Text to type and the keyboard state typing starts from.
struct TypingCase: Sendable, CustomStringConvertible {
    var text: String
    var area: Bool
    var layer: KeyboardLayer
    var shift: ShiftState
    var description: String { "\(String(reflecting: text)) in a \(area ? "text area" : "text field"), from \(layer.rawValue) with shift \(shift.rawValue)" }
}

private func engine(_ locale: String, _ mode: TypingMode, extra: [(key: String, value: String)] = []) -> Engine {
    try! Engine(overrides: [("locale", locale), ("typing", mode.rawValue)] + extra)
}

@Suite("Typing properties")
struct TypingPropertyTests {
    @Test("type yields exactly the text, for random texts over the layout's characters", arguments: LayoutMode.all)
    func typeYieldsText(_ example: LayoutMode) {
        let layout = KeyboardLayout.matching(example.locale)
        let characters = layout.typeableCharacters
        let gen = Gen<Bool>.bool.flatMap { area in
            Gen<String>.string(of: .element(of: area ? characters + ["\n"] : characters), length: 0...12).flatMap { text in
                Gen<KeyboardLayer>.element(of: KeyboardLayer.allCases).flatMap { layer in
                    Gen<ShiftState>.element(of: ShiftState.allCases).map { TypingCase(text: text, area: area, layer: layer, shift: $0) }
                }
            }
        }
        let failure = check("typeYieldsText", gen, cases: 60) { example2 in
            var engine = engine(example.locale, example.mode)
            var events = EventCollector()
            if let error = perform(editing(example2.area ? .area : .text), on: &engine, into: &events) {
                try require(false, "setup failed: \(error)")
            }
            engine.keyboard.preset(layer: example2.layer, shift: example2.shift)
            let error = perform([.type(example2.text)], on: &engine, into: &events)
            try require(error == nil, "type failed: \(error.map(\.description) ?? "")")
            let buffer = engine.editedElement!.field!.readableBuffer!
            try require(buffer.string == example2.text, "typed \(String(reflecting: buffer.string))")
            try require(buffer.insertionPoint.character == buffer.characterCount, "insertion point not at the end")
            try require(!engine.isFingerDown, "a finger is left on the screen")
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("No gesture sequence crashes the recogniser or leaves a finger down", arguments: LayoutMode.all)
    func gesturesNeverStick(_ example: LayoutMode) {
        let failure = check("gesturesNeverStick", Self.gestures(for: example.locale), cases: 150) { commands in
            var engine = engine(example.locale, example.mode)
            var events = EventCollector()
            _ = perform(editing(.text) + [.element(ElementDeclaration.button)], on: &engine, into: &events)
            for command in commands {
                _ = perform([command], on: &engine, into: &events)
                if let field = engine.element("field")?.field {
                    try require(field.insertionPoint.character <= field.characterCount, "insertion point past the end after \(command)")
                }
                if case .lift = command { try require(!engine.isFingerDown, "the finger is still down after lift") }
                if engine.keyboard.restDue != nil { try require(engine.isFingerDown, "a rest timer with no finger down") }
            }
            _ = perform([.lift], on: &engine, into: &events)
            try require(!engine.isFingerDown, "the finger is still down at the end")
            engine.finish(into: &events)
            let times = events.events.map(\.time)
            try require(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "events out of time order")
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("With secure-keys=silent nothing entered into a secure field is spoken or shown", arguments: TypingMode.allCases)
    func secureFieldsStaySilent(_ mode: TypingMode) {
        let failure = check("secureFieldsStaySilent", Self.gestures(for: "en-US"), cases: 150) { commands in
            var engine = engine("en-US", mode, extra: [("secure-keys", "silent")])
            var events = EventCollector()
            _ = perform(editing(.secure), on: &engine, into: &events)
            let start = events.events.count
            for command in commands {
                if case .focus = command { continue }
                _ = perform([command], on: &engine, into: &events)
            }
            for event in events.events[start...] {
                switch event.event {
                case .speak(let utterance):
                    let allowed: Set<SpeechRole> = [.status, .element, .hint, .cursor]
                    try require(allowed.contains(utterance.role), "\(utterance.role) speech \(String(reflecting: utterance.text)) in a secure field")
                case .edit(let edit):
                    try require(edit.text == nil, "an edit event with text")
                case .focus(.key):
                    try require(false, "a key focus event in a secure field")
                default: break
                }
            }
        }
        #expect(failure == nil, "\(failure!)")
    }

    /// Random finger gestures and other input on a layout's keys, points anywhere on screen,
    /// waits, short `type`s and mode switches.
    static func gestures(for locale: String) -> Gen<[Command]> {
        let layout = KeyboardLayout.matching(locale)
        var names = KeyKind.named.map(\.0)
        for layer in KeyboardLayer.allCases {
            for key in layout.keys(on: layer) {
                if case .character(let character) = key.kind { names.append(String(character)) }
                names += key.alternates.prefix(2).map { String($0) }
            }
        }
        let target = Gen<TouchTarget>.frequency([
            (3, Gen<String>.element(of: names).map { .key($0) }),
            (2, Gen<Int>.int(in: -20...410).flatMap { x in Gen<Int>.int(in: 0...850).map { .point(x: Double(x), y: Double($0)) } }),
        ])
        let text = Gen<String>.string(of: .element(of: Array(layout.typeableCharacters.prefix(40))), length: 0...4)
        let command = Gen<Command>.frequency([
            (4, target.map { .touch($0) }),
            (4, target.map { .slide($0) }),
            (4, .constant(.lift)),
            (2, .constant(.splitTap)),
            (2, .constant(.hold)),
            (2, .constant(.doubleTap)),
            (2, Gen<Command>.element(of: [.wait(0), .wait(0.1), .wait(0.3), .wait(1.2)])),
            (1, text.map { .type($0) }),
            (1, Gen<Command>.element(of: [.rotor(.typingMode), .swipe(.down), .swipe(.up), .rotor(.characters)])),
            (1, Gen<Command>.element(of: [.key(.backspace), .key(.left), .focus("field")])),
            (1, Gen<Command>.element(of: TypingMode.allCases.map { mode in
                .settings([SettingAssignment(key: "typing", value: mode.rawValue)])
            })),
        ])
        return .array(of: command, count: 0...30)
    }
}

extension ElementDeclaration {
    /// A button above the keyboard, for touches outside it.
    static var button: ElementDeclaration {
        var button = ElementDeclaration(id: "send", label: "Send")
        button.frame = Frame(x: 300, y: 60, width: 80, height: 44)
        return button
    }
}
