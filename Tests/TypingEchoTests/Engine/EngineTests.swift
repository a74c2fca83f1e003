import Testing
@testable import TypingEcho

@Suite("Engine")
struct EngineTests {
    @Test("Focus announcements of text, secure and search fields", arguments: [
        ("field f kind=text label=\"Username\"", "Username, text field"),
        ("field f kind=text label=\"Username\" value=\"jan\"", "Username, jan, text field"),
        ("field f kind=secure label=\"Password\" value=\"abcdef\"", "Password, secure text field, 6 characters"),
        ("field f kind=secure label=\"Password\" value=\"a\"", "Password, secure text field, 1 character"),
        ("field f kind=search label=\"Search\" placeholder=\"Shops\"", "Search, Shops, search field"),
        ("field f kind=text label=\"Email\" disabled", "Email, text field, dimmed"),
    ])
    func focusAnnouncement(declaration: String, expected: String) throws {
        let result = replay("\(declaration)\nfocus f\n")
        #expect(result.spoken.first == expected)
        #expect(result.utterances.first?.role == .element)
    }

    @Test("Editing announcements say the insertion point", arguments: [
        ("field f kind=text label=\"Username\" value=\"jan\"", "Username, jan, text field, is editing, insertion point at end"),
        ("field f kind=secure label=\"Password\" value=\"abcdef\"", "Password, secure text field, is editing, 6 characters, insertion point at end"),
    ])
    func editingAnnouncement(declaration: String, expected: String) throws {
        let result = replay("\(declaration)\nfocus f\ndouble-tap\n")
        #expect(result.spoken.contains(expected))
    }

    @Test("The hint comes after the announcement and the hint delay, as its own utterance")
    func hintTiming() throws {
        let result = replay("field f kind=text label=\"Username\"\nfocus f\nwait 5\n")
        let announcement = try #require(result.utterances.first)
        let hint = try #require(result.events.first { if case .speak(let u) = $0.event { u.role == .hint } else { false } })
        #expect(hint.time == VirtualTime.zero + announcement.duration + VirtualDuration(milliseconds: 1000))
        #expect(result.spoken.last == "Double tap to edit.")
    }

    @Test("Any input before the hint delay drops the hint; hints=off never speaks it")
    func hintCancelled() throws {
        let early = replay("field f kind=text label=\"Username\"\nfocus f\nwait 0.5\ndouble-tap\nwait 5\n")
        #expect(!early.spoken.contains("Double tap to edit."))
        let off = replay("settings hints=off\nfield f kind=text label=\"Username\"\nfocus f\nwait 5\n")
        #expect(!off.spoken.contains("Double tap to edit."))
    }

    @Test("Double tap toggles the insertion point between start and end")
    func doubleTapToggles() throws {
        let result = replay("field f kind=text label=\"Name\" value=\"Ola\"\nfocus f\ndouble-tap\ndouble-tap\ndouble-tap\n")
        #expect(Array(result.spoken.suffix(2)) == ["insertion point at start", "insertion point at end"])
        let cursors = result.events.compactMap { if case .cursor(_, let offset, _) = $0.event { offset } else { nil } }
        #expect(cursors == [3, 0, 3])
    }

    @Test("Hardware echo per feedback setting", arguments: [
        ("characters-and-words", ["capital H", "i", "space", "Hi", "t", "h", "e", "r", "e", "period", "there"]),
        ("characters", ["capital H", "i", "space", "t", "h", "e", "r", "e", "period"]),
        ("words", ["Hi", "there"]),
        ("nothing", []),
    ])
    func hardwareEcho(feedback: String, expected: [String]) throws {
        let result = replay("""
        settings hardware-feedback=\(feedback) hints=off
        field f kind=text label="Note"
        focus f
        double-tap
        expect value ""
        keys "Hi there."
        """)
        let echoes = result.utterances.filter { $0.role == .echo || $0.role == .word }.map(\.text)
        #expect(echoes == expected)
        #expect(result.utterances.filter { $0.role == .word }.map(\.text) == (feedback.contains("words") ? ["Hi", "there"] : []))
    }

    @Test("Echo is raised and deletion lowered with pitch-change on; both normal when off", arguments: [("on", 1.2, 0.8), ("off", 1.0, 1.0)])
    func pitch(setting: String, echo: Double, delete: Double) throws {
        let result = replay("settings pitch-change=\(setting)\nfield f kind=text label=\"A\"\nfocus f\ndouble-tap\nkeys \"a\"\nkey backspace\n")
        #expect(result.utterances.first { $0.role == .echo }?.pitch == echo)
        #expect(result.utterances.first { $0.role == .delete }?.pitch == delete)
    }

    @Test("Keys at either end play the boundary sound and change nothing", arguments: ["backspace", "left", "option-left", "home"])
    func boundaryAtStart(key: String) throws {
        let result = replay("field f kind=text label=\"A\" value=\"ab\"\nfocus f\ndouble-tap\ndouble-tap\nkey \(key)\n")
        // The double tap that moved the insertion point to the start ticked; the key meets the boundary.
        #expect(result.sounds == [.tick, .boundary])
    }

    @Test("Arrows speak the character passed; option-arrows the word; rotor swipes the same")
    func movement() throws {
        let result = replay("""
        settings phonetics=off hints=off
        field f kind=text label="A" value="Hi there"
        focus f
        double-tap
        key left
        key option-left
        key option-right
        rotor words
        swipe up
        rotor characters
        swipe up
        swipe down
        key home
        key end
        """)
        #expect(Array(result.spoken.dropFirst(2)) == ["e", "there", "there", "words", "there", "characters", "space", "space", "insertion point at start", "insertion point at end"])
    }

    @Test("The lines rotor moves by line in a text area and meets a boundary in a text field")
    func lineRotor() throws {
        let result = replay("""
        settings hints=off
        field note kind=area label="Note" value="Dear Ola,\\n\\nSee you"
        field name kind=text label="Name" value="Jan"
        focus note
        double-tap
        rotor lines
        swipe up
        swipe up
        swipe up
        swipe up
        swipe down
        focus name
        double-tap
        swipe up
        """)
        let lines = result.utterances.filter { $0.role == .cursor }.map(\.text)
        // From the end of "See you": the blank line, "Dear Ola,", the first line's boundary
        // twice, down to the blank line; then the one-line text field's boundary.
        #expect(lines == ["blank", "Dear Ola,", "blank"])
        // A tick before each move, the boundary instead at either end.
        #expect(result.sounds == [.tick, .tick, .boundary, .boundary, .tick, .boundary])
        #expect(result.spoken.contains("lines"))
    }

    @Test("A character move says the phonetic word after the phonetic delay")
    func phoneticAfterMove() throws {
        let result = replay("settings hints=off\nfield f kind=text label=\"A\" value=\"M\"\nfocus f\ndouble-tap\nkey left\nwait 3\n")
        #expect(result.spoken.suffix(2) == ["capital M", "Mike"])
        let spoken = result.utterances.last!
        #expect(spoken.role == .phonetic)
    }

    @Test("An interrupting utterance cuts the one playing; completed ones finish on time")
    func speechTiming() throws {
        let result = replay("settings hints=off\nfield f kind=text label=\"Name\"\nfocus f\nwait 0.2\ndouble-tap\nwait 10\n")
        let finished = result.events.compactMap { event -> (VirtualTime, Int, Bool)? in
            if case .finished(let id, let completed) = event.event { (event.time, id, completed) } else { nil }
        }
        #expect(finished.first! == (VirtualTime(milliseconds: 200), 1, false))
        let second = result.utterances[1]
        #expect(finished.last! == (VirtualTime(milliseconds: 200) + second.duration, 2, true))
    }

    @Test("The same script gives byte-identical output")
    func deterministic() throws {
        let script = "field f kind=text label=\"A\"\nfocus f\ndouble-tap\nkeys \"Zażółć gęślą jaźń 👍🏽\"\nkey option-left\nwait 2\n"
        #expect(replay(script).json == replay(script).json)
    }

    @Test("Runtime mistakes are script errors with a location", arguments: [
        ("focus nobody\n", "1:7: error: no element or field with id 'nobody'"),
        ("field f kind=text label=\"A\"\nfocus f\nkeys \"x\"\n", "3:1: error: keys: the field 'f' is not being edited; double-tap it first"),
        ("wait 2\n@1 wait 1\n", "2:4: error: @1.000 is before the current time 2.000"),
        ("settings rate=fast\n", "1:15: error: 'rate' expects a number from 0.1 to 10, got 'fast'"),
        ("element b label=\"Go\" traits=buton\n", "1:29: error: unknown trait 'buton'; did you mean 'button'?"),
    ])
    func runtimeErrors(script: String, expected: String) throws {
        let result = replay(script, expecting: .stopsWithError)
        #expect(result.errorLine == "test.replay:" + expected)
    }

    @Test("Expectations fail with what was heard; consecutive expects share one window")
    func expectations() throws {
        let result = replay("""
        field f kind=text label="Name"
        focus f
        expect speech "Name, text field"
        expect speech "Name"
        expect no-speech
        expect count 0
        """)
        #expect(result.failureLines == [
            "4:1: expected speech \"Name\"; heard \"Name, text field\"",
            "5:1: expected no speech; heard \"Name, text field\"",
        ])
    }
}
