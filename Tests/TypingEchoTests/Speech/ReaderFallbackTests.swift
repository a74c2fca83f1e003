import Testing
@testable import TypingEcho

/// Utterances said as VoiceOver says them for want of a source for the reader's own words are
/// marked (`fallback`); sourced ones are not, and VoiceOver's never are (docs/screen-readers.md,
/// "Fallbacks").
@Suite("Reader fallbacks")
struct ReaderFallbackTests {
    /// The utterances of a script's last line, with their fallback marks.
    static func heard(_ lines: [String], then last: String) throws -> [(text: String, fallback: Bool)] {
        var session = try Session()
        try session.feedScript(Array((lines.joined(separator: "\n") + "\n").utf8))
        session.log = EventCollector()
        try session.feedScript(Array((last + "\n").utf8))
        return session.log.events.compactMap { event in
            if case .speak(let utterance) = event.event { (utterance.text, utterance.fallback) } else { nil }
        }
    }

    static let screen = [#"field f kind=text label="Name" value="Hello world""#, "focus f"]

    @Test("A sourced utterance is not marked and a fallback is, in the event, the JSON and the transcript")
    func sourcedAndFallback() throws {
        // NVDA's copy: no NVDA string says what a copy says, so VoiceOver's "copied" is said.
        let copy = try Self.heard(["settings reader=nvda hints=off"] + Self.screen + ["key shift-option-left"], then: "key command-c")
        #expect(copy.map(\.text) == ["copied"])
        #expect(copy.map(\.fallback) == [true])
        // NVDA's selection: "%s selected" is NVDA's own (speakSelectionChange).
        let select = try Self.heard(["settings reader=nvda hints=off"] + Self.screen, then: "key shift-left")
        #expect(select.map(\.text) == ["d selected"])
        #expect(select.map(\.fallback) == [false])
        // TalkBack's copy is its own (template_text_copied).
        let talkBack = try Self.heard(["settings reader=talkback hints=off"] + Self.screen + ["double-tap", "key shift-option-left"], then: "key command-c")
        #expect(talkBack.map(\.text) == ["copied, world"])
        #expect(talkBack.map(\.fallback) == [false])

        let run = replay(["settings reader=nvda hints=off"] + Self.screen + ["key shift-option-left", "key command-c"])
        let json = run.json.filter { $0.contains(#""type":"speak""#) }
        #expect(json.contains { $0.contains(#""text":"copied""#) && $0.contains(#","interrupts":true,"fallback":true}"#) })
        #expect(json.contains { $0.contains(#""text":"world selected""#) && !$0.contains("fallback") })
        #expect(run.transcript.contains { $0.contains(#""copied"  (status, as VoiceOver)"#) })
        #expect(run.transcript.contains { $0.contains(#""world selected"  (cursor)"#) })
    }

    @Test("VoiceOver is never marked")
    func voiceOverNeverMarked() throws {
        let copy = try Self.heard(["settings hints=off"] + Self.screen + ["double-tap", "key shift-option-left"], then: "key command-c")
        #expect(copy.map(\.text) == ["copied"])
        #expect(copy.map(\.fallback) == [false])
    }

    @Test("A symbol the reader's names lack is a fallback; one they name is not")
    func names() throws {
        // TalkBack names "(" (symbol_parenthesis_left) but not "✓" (no symbol_* string for it).
        let named = try Self.heard(["settings reader=talkback hints=off", #"field f kind=text label="Name""#, "focus f", "double-tap"], then: #"keys "(""#)
        #expect(named.map(\.text) == ["Left paren"])
        #expect(named.map(\.fallback) == [false])
        let unnamed = try Self.heard(["settings reader=talkback hints=off", #"field f kind=text label="Name""#, "focus f", "double-tap"], then: #"keys "✓""#)
        #expect(unnamed.map(\.fallback) == [true])
    }

    @Test("describe --reader marks an announcement with a fallback word")
    func describeMarks() throws {
        // NVDA's Polish words for a text field are its own (nvda.po); its 2017 Polish catalogue has no
        // word for a switch, so VoiceOver's is said, and marked.
        var session = try Session()
        try session.feedScript(Array("""
        settings locale=pl-PL
        field f kind=text label="Imię"
        element s label="Wi-Fi" kind=switch

        """.utf8))
        let described = ScreenDescription(session.screen, readers: [.nvda])
        #expect(described.items[0].readers.map(\.announcement) == ["Imię, pole edycji, pusta"])
        #expect(described.items[1].readers.map(\.announcement).allSatisfy { $0.hasSuffix("(as VoiceOver)") })
    }
}
