import Testing
import TypingEcho

/// Orca's desktop editing conventions heard live (Conformance/orca, docs/live-orca.md): a
/// password's masks read on focus and by word, grouped by count (`repeat-limit`); Chromium's
/// word moves and its unreported password selection (`toolkit`); a text area's Home, End, Up
/// and Down (`home-end-unit`, `line-move`); a selection collapsed by an arrow (`selection-arrow`).
@Suite("Orca's desktop editing conventions")
struct OrcaDesktopEditingTests {
    /// What is said, in order, after `steps`, each step's phrases apart.
    static func said(_ prelude: String, _ steps: [String]) throws -> [[String]] {
        var session = try Session()
        try session.run(script: prelude)
        return try steps.map { step in
            let start = session.log.spokenPhrases.count
            try session.run(script: step + "\nwait 2")
            return Array(session.log.spokenPhrases[start...])
        }
    }

    static func passwordPrelude(_ secret: String, toolkit: String) -> String {
        """
        settings reader=orca toolkit=\(toolkit)
        element back label="Back" kind=button
        field pin kind=secure label="Password" value="\(secret)"
        focus back
        """
    }

    @Test("a password's masks on focus and by word: GTK 3 gives a third, Chromium all; four or more are counted",
          arguments: [("gtk", 6, "Password password text black circle black circle"),
                      ("gtk", 12, "Password password text 4 black circle characters"),
                      ("gtk", 2, "Password password text"),
                      ("chromium", 6, "Password password text 6 bullet characters selected"),
                      ("chromium", 3, "Password password text bullet bullet bullet selected")])
    func passwordFocus(toolkit: String, count: Int, expected: String) throws {
        let heard = try Self.said(Self.passwordPrelude(String(repeating: "q", count: count), toolkit: toolkit), ["key tab"])
        #expect(heard[0].dropFirst().first == expected)
    }

    @Test("a word move in a password says the masks crossed, one fewer back (Orca's word adjustment)")
    func passwordWordMoves() throws {
        let heard = try Self.said(Self.passwordPrelude("abcdefghi", toolkit: "gtk"), ["key tab", "key option-left", "key option-right"])
        #expect(heard[1] == ["8 black circle characters"])
        #expect(heard[2] == ["9 black circle characters"])
    }

    @Test("what a password field says depends on its length alone: secrets of one length, every character different")
    func passwordWordsDependOnLengthAlone() throws {
        let steps = ["key tab", "key home", "key shift-right", "key option-right", "key option-left", "key command-a", "key backspace"]
        for toolkit in ["gtk", "chromium"] {
            for length in 1...13 {
                // Letters no word said here has, so that any of them heard is the secret's.
                let secrets = [String(repeating: "q", count: length), String((0..<length).map { ["J", "z", "Q", "j", "Z"][$0 % 5] })]
                let heard = try secrets.map { try Self.said(Self.passwordPrelude($0, toolkit: toolkit), steps) }
                #expect(heard[0] == heard[1], "\(toolkit), \(length) characters")
                let words = heard.joined().joined().joined(separator: " ")
                #expect(!words.contains { "qQjJzZ".contains($0) }, "\(toolkit): \(words)")
            }
        }
    }

    @Test("Chromium reports no password selection: a selection change is silent, a deleted one is its masks")
    func chromiumPasswordSelection() throws {
        let heard = try Self.said(Self.passwordPrelude("secret", toolkit: "chromium"), ["key tab", "key end", "key shift-left", "key command-a", "key backspace"])
        #expect(heard[2] == [])
        #expect(heard[4] == ["6 bullet characters"])
    }

    @Test("repeat-limit takes 0 or a whole number from 4 to 1000")
    func repeatLimitValues() throws {
        var settings = Settings(reader: .orca)
        #expect(settings.scriptValue(for: "repeat-limit") == "4")
        try settings.set("repeat-limit", to: "0")
        #expect(settings.scriptValue(for: "repeat-limit") == "0")
        for bad in ["3", "1001", "-4", "4.0", "", "99999"] {
            #expect(throws: SettingError.self) { try settings.set("repeat-limit", to: bad) }
        }
        #expect(Settings().scriptValue(for: "repeat-limit") == "0")
    }

    @Test("Chromium's word moves stop at every punctuation mark; GTK's cross ICU's words")
    func chromiumWordMoves() throws {
        let prelude = """
            settings reader=orca toolkit=chromium key-echo=off
            field email kind=text label="Email" value="ann@example.com"
            focus email
            """
        let steps = Array(repeating: "key option-left", count: 5) + ["key option-right"]
        // Live (Chromium 156): "com", ".", "example"; the marks by speech-dispatcher's names.
        #expect(try Self.said(prelude, steps) == [["com"], ["dot"], ["example"], ["at"], ["ann"], ["ann"]])
        // ICU's word rules keep "example.com" whole: GTK's move does not stop at the full stop.
        let gtk = prelude.replacingOccurrences(of: "toolkit=chromium", with: "toolkit=gtk")
        #expect(try Self.said(gtk, ["key option-left"]) != [["com"]])
    }

    @Test("in a text area Home and End go to the line's ends and Up and Down keep the column")
    func textAreaLines() throws {
        let prelude = """
            settings reader=orca key-echo=off
            field notes kind=area label="Notes" value="first line\\nsecond"
            focus notes
            """
        let heard = try Self.said(prelude, ["key up", "key home", "key end", "key down", "key shift-home"])
        #expect(heard == [["first line"], ["f"], ["blank"], ["second"], ["second", "selected"]])
        let voiceOver = try Self.said("settings hints=off\n" + prelude.split(separator: "\n").dropFirst().joined(separator: "\n") + "\ndouble-tap", ["key home"])
        #expect(voiceOver == [["insertion point at start"]])
    }

    @Test("Left and Right collapse a selection to its end in that direction; nothing said when already there")
    func arrowsCollapseSelection() throws {
        let prelude = """
            settings reader=orca key-echo=off
            field name kind=text label="Name" value="Hello"
            focus name
            """
        #expect(try Self.said(prelude, ["key command-a", "key left"])[1] == ["Text unselected.", "H"])
        #expect(try Self.said(prelude, ["key command-a", "key right"])[1] == ["Text unselected."])
        let fromCaret = prelude.replacingOccurrences(of: "key-echo=off", with: "key-echo=off selection-arrow=from-caret")
        #expect(try Self.said(fromCaret, ["key command-a", "key left"])[1] == ["Text unselected.", "o"])
    }
}
