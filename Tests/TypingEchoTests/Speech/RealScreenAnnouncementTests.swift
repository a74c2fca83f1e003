import Foundation
import Testing
@testable import TypingEcho

/// What real screens have and hand-written ones rarely did: heading levels, an invalid field and
/// its message, read-only and required fields, descriptions apart from the hint, the autofill
/// and length attributes, and live regions the app changes, as each of the five readers says
/// them. The expectations are data, `Conformance/readers/states.cases`, one case per reader and
/// state, each naming its source; a value no source gives is expected as a fallback.
@Suite("Real screens' states in every reader")
struct RealScreenAnnouncementTests {
    static let readers = ["voiceover", "talkback", "nvda", "orca", "chromevox"]
    static let states = [
        "heading-level", "invalid-message", "invalid-marked", "read-only", "required", "description", "min-autocomplete",
        "live-polite", "live-assertive",
    ]

    static func cases() throws -> [ConformanceCase] {
        let text = try String(contentsOfFile: Repository.path("Conformance/readers/states.cases"), encoding: .utf8)
        return try ConformanceCase.parse(text, file: "states.cases")
    }

    /// The utterances of a case's `do` lines, after its `given` lines.
    static func heard(_ item: ConformanceCase) throws -> [Utterance] {
        var session = try Session()
        try session.feedScript(Array((item.given.joined(separator: "\n") + "\n").utf8))
        session.log = EventCollector()
        try session.feedScript(Array((item.actions.joined(separator: "\n") + "\n").utf8))
        return session.log.events.compactMap { event in
            if case .speak(let utterance) = event.event, !utterance.text.trimmingCharacters(in: .whitespaces).isEmpty { utterance } else { nil }
        }
    }

    @Test("every case names a source, and every reader has a case for every state")
    func coverage() throws {
        let cases = try Self.cases()
        let names = Set(cases.map(\.name))
        #expect(names.count == cases.count, "a case name appears twice")
        for item in cases {
            #expect(!item.source.isEmpty, "\(item.name) has no source")
            #expect(item.fallbacks.count == item.expected.count && item.knownDifference == nil && item.cannotExpress == nil, "\(item.name)")
        }
        for reader in Self.readers {
            for state in Self.states {
                #expect(names.contains("states-\(reader)-\(state)"), "no case for \(state) under \(reader)")
            }
        }
    }

    @Test("each reader says each state as its sources say, fallbacks marked", arguments: readers)
    func states(reader: String) throws {
        for item in try Self.cases() where item.name.hasPrefix("states-\(reader)-") {
            let heard = try Self.heard(item)
            #expect(item.agrees(with: heard.map(\.text)), "\(item.name) (\(item.location)): expected \(item.describedExpectation), heard \(heard.map(\.text))")
            guard heard.count == item.expected.count else { continue }
            for (index, utterance) in heard.enumerated() {
                #expect(utterance.fallback == item.fallbacks[index],
                        "\(item.name): \"\(utterance.text)\" is \(utterance.fallback ? "" : "not ")marked as VoiceOver's")
                if let cuts = item.turns[index] {
                    #expect(utterance.interrupts == cuts, "\(item.name): \"\(utterance.text)\" \(utterance.interrupts ? "cuts" : "waits")")
                }
            }
        }
    }

    @Test("describe --reader shows each reader's states as focusing says them")
    func describeShowsTheStates() throws {
        var session = try Session()
        try session.feedScript(Array("""
            element title label="Sign up" kind=heading level=2
            field email kind=text label="Email" description="We never share it." invalid error="Enter an email address."
            field code kind=text label="Code" value="X1" read-only required

            """.utf8))
        let described = ScreenDescription(session.screen, readers: [.talkback, .nvda, .orca, .chromevox])
        let said = described.items.map { $0.readers.map(\.announcement) }
        #expect(said[0] == ["Sign up, Heading", "Sign up, heading, level 2", "Sign up heading 2", "Sign up, Heading 2"])
        #expect(said[1] == [
            "Email, Edit box, Error: Enter an email address.",
            "Email, edit, invalid entry, We never share it., Enter an email address., blank",
            "Email text · invalid entry: Enter an email address. · Enter an email address. · We never share it.",
            "Email · Edit text · We never share it. · Enter an email address.",
        ])
        #expect(said[2] == ["X1, Edit box", "Code, edit, read only, required, X1", "Code read only text required · X1", "Code · X1 · Edit text · Required · Read only"])
    }

    @Test("a password field's description and error never carry its characters, under any reader")
    func secureFieldStates() throws {
        // Generated passwords, each with a decoy of the same length that differs in every
        // character: what is said must be the same for both, and hold neither.
        var generator = SeededCharacters(seed: 0x5EC2E7)
        for _ in 0..<12 {
            let secret = generator.word(length: 6 + generator.next(below: 10))
            let decoy = String(secret.map { Character(Unicode.Scalar(UInt8(0x61 + (Int($0.asciiValue!) - 0x61 + 13) % 26))) })
            for reader in Self.readers {
                func said(_ value: String) -> String {
                    let run = replay([
                        "settings reader=\(reader)",
                        #"field pw kind=secure label="Password" value="\#(value)" min=8 autocomplete=new-password description="At least 8 characters" invalid error="Too short""#,
                        #"element status label="" kind=label live=assertive"#,
                        "focus pw", #"element status label="Password rejected" kind=label live=assertive"#, "wait 5",
                    ])
                    #expect(run.error == nil)
                    #expect(run.utterances.contains { $0.text.contains("Too short") }, "\(reader) did not say the error")
                    return run.transcript.joined(separator: "\n")
                }
                let withSecret = said(secret), withDecoy = said(decoy)
                #expect(withSecret == withDecoy, "\(reader): what is said depends on the password")
                #expect(!withSecret.contains(secret) && !withDecoy.contains(decoy), "\(reader) said the password")
            }
        }
    }

    @Test("VoiceOver says a description with the hint, after the hint delay")
    func descriptionWithTheHint() {
        let run = replay([
            #"field email kind=text label="Email" description="We never share it." invalid"#, "settings hint-delay=0.5", "focus email", "wait 10",
        ])
        #expect(run.utterances.filter { $0.role == .hint }.map(\.text) == ["We never share it. Double tap to edit."])
    }

    @Test("a read-only field is not edited by a double tap, and has no editing hint")
    func readOnly() {
        let run = replay([#"field code kind=text label="Code" value="X1" read-only"#, "focus code", "double-tap", "wait 10"])
        #expect(run.error == nil)
        #expect(run.engine?.editedElement == nil)
        #expect(!run.utterances.contains { $0.role == .hint })
    }

    @Test("a live region says nothing when declared, or declared again with the same text")
    func liveRegionUnchanged() {
        let same = replay([#"element s label="Saved" kind=label live=polite"#, #"element s label="Saved" kind=label live=polite"#])
        #expect(same.utterances.isEmpty)
    }

    @Test("the new attributes read back as they were written")
    func roundTrip() throws {
        let lines = [
            #"element title label="Sign up" kind=heading level=2"#,
            #"field email kind=text label="Email" description="We never share it." invalid"#,
            #"field code kind=text label="Code" value="X1" read-only"#,
            #"element status label="" kind=label live=assertive"#,
            #"field pw kind=secure label="Password" min=8 autocomplete=new-password"#,
        ]
        for line in lines {
            let parsed = try #require(try ScriptParser().parse(line: Array(line.utf8), number: 1))
            #expect(ScriptWriter.line(for: parsed.command) == line)
        }
    }
}

/// Lower-case ASCII words from a fixed seed (a linear congruential generator), for values that
/// differ from run to run of the loop but never between runs of the suite.
struct SeededCharacters {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func word(length: Int) -> String {
        String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(0x61 + next(below: 26)))) })
    }
}
