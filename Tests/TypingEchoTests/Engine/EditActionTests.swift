import Testing
@testable import TypingEcho

@Suite("Edit actions, clipboard, dictation and limits")
struct EditActionTests {
    static let fields = """
    field user kind=text label="Username"
    field pw kind=secure label="Password"
    field pin kind=secure label="PIN" max=4

    """

    @Test("A refused copy or cut in a secure field leaves the clipboard as it was")
    func clipboardUntouched() throws {
        let result = replay(Self.fields + """
        clipboard "public"
        focus pw
        double-tap
        keys "hunter22"
        edit select-all
        edit copy
        edit cut
        focus user
        double-tap
        edit paste
        expect value "public"
        """)
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.sounds.filter { $0 == .refused }.count == 2)
        #expect(!result.everything.contains("hunter"))
        #expect(result.spoken.contains("8 characters, selected"))
        #expect(result.spoken.contains("public, pasted"))
    }

    @Test("The edit rotor cycles select all, copy, cut, paste and double tap performs the choice")
    func rotorActions() throws {
        let result = replay(Self.fields + """
        focus user
        double-tap
        keys "abc"
        rotor edit
        swipe down
        double-tap
        swipe down
        swipe down
        double-tap
        expect value ""
        swipe down
        double-tap
        expect value "abc"
        """)
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.spoken(inOrder: ["select all", "abc, selected", "copy", "cut", "cut", "paste", "abc, pasted"]))
    }

    @Test("max=N refuses extra characters from keys, type, paste and dictation", arguments: [
        "keys \"12345\"", "type \"12345\"", "clipboard \"12345\"\nedit paste", "dictate \"12345\"",
    ])
    func maxLength(input: String) throws {
        let run = replay("field code kind=text label=\"Code\" max=4", "focus code", "double-tap", input,
                            "expect speech \"text limit reached, 4 characters\"", "expect sound refused")
        #expect(run.error == nil && run.failures.isEmpty, "\(String(describing: run.error)) \(run.failures)")
        // Typed text goes in up to the limit; a pasted or dictated phrase is refused whole.
        let typed = input.hasPrefix("keys") || input.hasPrefix("type")
        #expect(run.value == (typed ? "1234" : ""))
    }

    @Test("Dictation is refused in secure fields and in dictation=off fields, and echoed elsewhere")
    func dictation() throws {
        let result = replay(Self.fields + """
        field quiet kind=text label="Quiet" dictation=off
        focus pw
        double-tap
        dictate "open sesame"
        focus quiet
        double-tap
        dictate "hello"
        focus user
        double-tap
        dictate "hello there"
        expect value "hello there"
        """)
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(!result.everything.contains("sesame"))
        #expect(result.spoken.contains("dictation is not available in a secure text field"))
        #expect(result.spoken.contains("dictation is off in this field"))
        #expect(result.spoken(.echo) == ["hello there"])
    }

    @Test("Refusals are spoken in the field's language")
    func polish() throws {
        let result = replay("settings locale=pl-PL\n" + Self.fields + """
        focus pw
        double-tap
        keys "ab"
        edit select-all
        edit copy
        """)
        #expect(result.spoken.contains("2 znaki, zaznaczone"))
        #expect(result.spoken.contains("kopiowanie jest niedozwolone w bezpiecznym polu tekstowym"))
    }

    @Test("A secret buffer reports counts only: no text in edits or moves, compared in place")
    func secretBuffer() throws {
        var buffer = try TextBuffer(locale: "en_US")
        buffer.isSecret = true
        #expect(buffer.insert("pässword")?.text == "")
        #expect(buffer.deleteBackward()?.text == "")
        #expect(buffer.moveCharacter(.backward).map { buffer.text(passedBy: $0) } == "")
        #expect(buffer.moveWord(.backward).map { buffer.text(passedBy: $0) } == "")
        #expect(buffer.hasText("pässwor"))
        #expect(!buffer.hasText("passwor"))
        var dumped = ""
        dump(buffer, to: &dumped)
        #expect(!dumped.contains("pä") && !"\(buffer)".contains("pä") && !String(reflecting: buffer).contains("pä"))
    }
}

extension ReplayRun {
    /// Whether these utterances were said in this order (others may come between).
    func spoken(inOrder expected: [String]) -> Bool {
        var rest = expected[...]
        for text in spoken where text == rest.first { rest.removeFirst() }
        return rest.isEmpty
    }
}
