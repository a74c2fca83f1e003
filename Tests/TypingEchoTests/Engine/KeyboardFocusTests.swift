import Testing
@testable import TypingEcho

/// `key tab` and `key shift-tab` under `tab-focus=elements` (the desktop readers, TalkBack)
/// and `tab-focus=fields` (VoiceOver).
@Suite("Keyboard focus by Tab")
struct KeyboardFocusTests {
    /// A sign-in screen: a heading, two fields, a dimmed button, a link, a hidden button, a button.
    static let screen = [
        #"element title label="Sign in" kind=heading"#,
        #"field user kind=text label="Username" value="ann""#,
        #"field password kind=secure label="Password""#,
        #"element help label="Help" kind=button traits=notEnabled"#,
        #"element forgot label="Forgot password?" kind=link"#,
        #"element secret label="Secret" kind=button hidden"#,
        #"element go label="Sign in" kind=button"#,
    ]

    /// The ids that focus events name, in order.
    static func focused(_ run: ReplayRun) -> [String] {
        run.events.compactMap { if case .focus(.element(let id)) = $0.event { id } else { nil } }
    }

    @Test("From anything, Tab goes through what takes keyboard focus, round the ends, under every desktop reader and TalkBack", arguments: ["nvda", "orca", "chromevox", "talkback"])
    func tabWalksTheFocusChain(reader: String) {
        let run = replay(["settings reader=\(reader) hints=off"] + Self.screen + ["focus title"] + Array(repeating: "key tab", count: 5))
        #expect(Self.focused(run) == ["title", "user", "password", "forgot", "go", "user"])
        let back = replay(["settings reader=\(reader) hints=off"] + Self.screen + ["focus go"] + Array(repeating: "key shift-tab", count: 4))
        #expect(Self.focused(back) == ["go", "forgot", "password", "user", "go"])
    }

    @Test("A field reached by Tab is being edited, and typing goes into it; leaving it for a button ends editing")
    func fieldReachedIsEdited() {
        let run = replay(["settings reader=nvda hints=off"] + Self.screen + ["focus title", "key tab", "keys \"e\"", "expect value \"anne\""])
        #expect(run.failures.isEmpty)
        // Shift+Tab from the first field comes round to the last element; typing then has no field.
        let typed = replay(["settings reader=nvda hints=off"] + Self.screen + ["focus title", "key tab", "key shift-tab", "keys \"x\""], expecting: .stopsWithError)
        #expect(Self.focused(typed).last == "go")
        #expect(typed.errorLine?.contains("needs a text field being edited") == true)
        let editing = typed.events.compactMap { if case .editing(let field, let on) = $0.event { "\(field) \(on)" } else { nil } }
        #expect(editing == ["user true", "user false"])
    }

    @Test("Nothing focused: Tab starts at the first, Shift+Tab at the last; a screen with nothing to focus plays boundary")
    func fromNothing() {
        let first = replay(["settings reader=orca hints=off"] + Self.screen + ["key tab"])
        #expect(Self.focused(first) == ["user"])
        let last = replay(["settings reader=orca hints=off"] + Self.screen + ["key shift-tab"])
        #expect(Self.focused(last) == ["go"])
        let none = replay(["settings reader=nvda hints=off", #"element title label="Title" kind=heading"#, "key tab"])
        #expect(none.sounds == [.boundary])
    }

    @Test("VoiceOver's Tab moves editing between fields only, and needs a field being edited")
    func voiceOverFields() {
        let screen = [#"field a kind=text label="A""#, #"element b label="B" kind=button"#, #"field c kind=text label="C""#]
        let run = replay(["settings hints=off"] + screen + ["focus a", "double-tap", "key tab", "key shift-tab", "key shift-tab"])
        #expect(Self.focused(run) == ["a", "c", "a"])
        let refused = replay(["settings hints=off"] + screen + ["focus b", "key tab"], expecting: .stopsWithError)
        #expect(refused.errorLine?.contains("key tab needs a text field being edited") == true)
    }

    @Test("A removed, hidden or disabled element leaves the focus chain; one enabled again comes back")
    func chainFollowsTheScreen() {
        let run = replay([
            "settings reader=chromevox hints=off",
            #"element a label="A" kind=button"#, #"element b label="B" kind=button"#, #"element c label="C" kind=button"#,
            "focus a", "remove b", "key tab",
            #"element b label="B" kind=button"#, "key tab", "key tab",
            #"element a label="A" kind=button traits=notEnabled"#, "key tab",
        ])
        // b, declared again, comes at the end of the reading order.
        #expect(Self.focused(run) == ["a", "c", "b", "a", "c"])
    }

    @Test("Up and down move by line in a text area and meet the boundary in a one-line field")
    func lineKeys() {
        let area = replay([
            "settings reader=nvda hints=off", #"field note kind=area label="Note" value="one\ntwo""#, "focus note",
            "key up", "expect speech \"one\"", "key down", "expect speech \"two\"",
        ])
        #expect(area.failures.isEmpty)
        let line = replay(["settings hints=off", #"field name kind=text label="Name" value="x""#, "focus name", "double-tap", "key up"])
        #expect(line.sounds.last == .boundary)
    }
}
