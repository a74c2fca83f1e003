import Foundation
import Testing
@testable import TypingEcho

/// The path of a file in Examples/.
func examplePath(_ name: String) -> String {
    Repository.path("Examples/\(name)")
}

/// Every example script, by file name.
func allExamples() throws -> [(name: String, text: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: examplePath(""))
        .filter { $0.hasSuffix(".replay") }.sorted()
    return try names.map { ($0, try example($0)) }
}

/// A session with a username field, focused.
private func focusedUsername() throws -> Session<EventCollector> {
    var session = try Session()
    try session.declareField("user", label: "Username")
    try session.focus("user")
    return session
}

@Suite("Session: the typed API")
struct SessionTests {
    @Test("typed verbs give the same events as the script lines they stand for, in every example")
    func typedVerbsMatchScripts() throws {
        for (name, text) in try allExamples() {
            var replay = try Session()
            try replay.feedScript(Array(text.utf8))
            try replay.finishScript()

            var session = try Session()
            var splitter = LineSplitter()
            splitter.append(text.utf8)
            splitter.finish()
            while let (number, bytes) = splitter.nextLine() {
                guard let line = try ScriptParser().parse(line: bytes, number: number) else { continue }
                if let at = line.at { try session.advance(to: VirtualTime(milliseconds: Int64((at * 1000).rounded()))) }
                try session.run(line.command)
            }
            session.runUntilIdle()
            #expect(session.log.events == replay.log.events, "\(name)")
            #expect(!replay.log.events.isEmpty, "\(name)")
        }
    }

    @Test("the doc example: keys, then wait until idle, then the last thing spoken")
    func docExample() throws {
        var session = try Session()
        try session.declareField("user", label: "Username")
        try session.focus("user")
        try session.doubleTap()
        try session.keys("Hi ")
        session.runUntilIdle()
        #expect(session.log.lastSpoken == "Hi")
        #expect(session.log.spokenPhrases == ["Username, text field", "Username, text field, is editing", "capital H", "i", "space", "Hi"])
        #expect(session.element("user")?.field?.text == "Hi ")
    }

    @Test("isSpeaking, nextDue and the pending hint while a focus announcement plays")
    func timeline() throws {
        var session = try focusedUsername()
        // The announcement's length comes from the locale's duration model (speech-timing.txt).
        let spoken = try #require(session.log.utterances.last)
        let ends = VirtualTime.zero + spoken.duration
        let hintDue = ends + VirtualDuration(milliseconds: 1000)
        #expect(session.isSpeaking)
        #expect(session.nextDue == ends)
        let hint = try #require(session.pendingHint)
        #expect(hint == PendingUtterance(text: "Double tap to edit.", role: .hint, due: hintDue))
        #expect(session.pendingPhonetic == nil)

        try session.advance(to: ends)
        #expect(!session.isSpeaking)
        #expect(session.log.completedPhrases == ["Username, text field"])
        #expect(session.nextDue == hint.due)

        try session.advance(by: VirtualDuration(milliseconds: 1000))
        #expect(session.isSpeaking)
        #expect(session.pendingHint == nil)
        #expect(session.log.lastSpoken == "Double tap to edit.")

        session.runUntilIdle()
        #expect(session.isIdle && session.nextDue == nil && !session.isSpeaking)
        let hintSpoken = try #require(session.log.utterances.last)
        #expect(session.now == hintDue + hintSpoken.duration)
        #expect(session.log.completedPhrases == ["Username, text field", "Double tap to edit."])
    }

    @Test("input drops the pending hint; runUntilIdle mid-session lets the session go on")
    func inputCancelsPending() throws {
        var session = try focusedUsername()
        try session.doubleTap()
        // The double tap dropped "Double tap to edit."; the edited field's hint waits instead
        // (AccessibilitySnapshot's textEntryIsEditingTraitHint).
        #expect(session.pendingHint?.text == "Use the rotor to access Misspelled Words")
        session.runUntilIdle()
        let idleAt = session.now
        try session.keys("ab")
        try session.key(.left)
        #expect(session.pendingPhonetic?.text == "Bravo")
        #expect(session.pendingPhonetic?.role == .phonetic)
        try session.key(.left)
        #expect(session.pendingPhonetic?.text == "Alfa")
        session.runUntilIdle()
        #expect(session.log.lastSpoken == "Alfa")
        #expect(session.now > idleAt)
        #expect(session.element("user")?.field?.insertionPoint.character == 0)
    }

    @Test("typed settings: assigning a property applies it as a settings line would")
    func typedSettings() throws {
        var session = try focusedUsername()
        try session.doubleTap()
        session.settings.capitals = .pitch
        session.settings.hardwareFeedback = .characters
        #expect(session.settings.capitals == .pitch)
        #expect(session.rejectedSetting == nil)
        try session.keys("M ")
        let echo = try #require(session.log.utterances.first { $0.role == .echo })
        #expect(echo.text == "M")
        #expect(abs(echo.pitch - 1.2 * 1.3) < 0.0001)
        #expect(!session.log.utterances.contains { $0.role == .word })
    }

    @Test("a typed setting a script could not write either is not applied, and kept as an error")
    func rejectedSettings() throws {
        var session = try Session()
        session.settings.rate = 50
        #expect(session.settings.rate == 1.0)
        #expect(session.rejectedSetting?.kind == .badSetting)
        #expect(session.rejectedSetting?.location == nil)
        #expect(session.rejectedSetting?.message == "'rate' expects a number from 0.1 to 10, got '50.0'")
        session.settings.rate = 2
        #expect(session.settings.rate == 2 && session.rejectedSetting == nil)

        // A whole new value: the valid changes apply, the invalid one keeps its old value.
        var changed = session.settings
        changed.capitals = .none
        changed.hintDelay = VirtualDuration(milliseconds: -5)
        changed.secureKeys = .silent
        changed.showExpected = true
        session.settings = changed
        #expect(session.settings.capitals == .none && session.settings.secureKeys == .silent)
        #expect(session.settings.hintDelay == VirtualDuration(milliseconds: 1000))
        #expect(session.rejectedSetting?.message == "'hint-delay' expects seconds from 0 to 3600 such as 1.5, got '-0.005'")

        // apply(_:) is all or none.
        changed.capitals = .sound
        #expect(throws: ScriptError.self) { try session.apply(changed) }
        #expect(session.settings.capitals == .none)
        #expect(session.settings.hintDelay == VirtualDuration(milliseconds: 1000))
    }

    @Test("overrides win over typed settings, as --set wins over a script")
    func overridesWin() throws {
        var session = try Session(overrides: [("capitals", "none")], sink: EventCollector())
        session.settings.capitals = .say
        #expect(session.settings.capitals == .none)
    }

    @Test("every setting's script value sets it back unchanged (a setting added later must be listed)")
    func settingsRoundTrip() throws {
        var changed = Settings()
        changed.locale = "pl-PL"
        changed.typingMode = .touch
        changed.typingFeedback = .words
        changed.hardwareFeedback = .nothing
        changed.phonetics = .phoneticsOnly
        changed.phoneticDelay = VirtualDuration(milliseconds: 1250)
        changed.capitals = .sound
        changed.pitchChange = false
        changed.hints = false
        changed.hintDelay = VirtualDuration(milliseconds: 5)
        changed.rate = 0.75
        changed.secureKeys = .silent
        changed.cadence = VirtualDuration(milliseconds: 100)
        // `reader` puts a reader's defaults in force, so it is not a plain round trip: its
        // own tests are the reader profiles' (ReaderProfileTests).
        for key in Settings.keys where key != "reader" {
            let value = try #require(changed.scriptValue(for: key), "no script value for '\(key)'")
            var copy = changed
            try copy.set(key, to: value)
            #expect(copy == changed, "\(key)=\(value)")
        }
        #expect(Settings().changes(to: changed).count == Settings.keys.count - Settings.keys.filter { Settings().scriptValue(for: $0) == changed.scriptValue(for: $0) }.count)

        var session = try Session()
        try session.apply(changed)
        #expect(session.settings == changed)
        #expect(session.log.spokenPhrases.isEmpty)
    }

    @Test("declaring with typed traits, kinds and attributes")
    func declarations() throws {
        var session = try Session()
        try session.declareElement("filter", label: "Filter by price", kind: .button, traits: [.selected])
        try session.declareField("pw", kind: .secure, label: "Password", placeholder: "at least 8 characters")
        try session.declareElement("send", label: "Send", kind: .button, hint: "Sends the message.")
        #expect(session.elements.map(\.id) == ["filter", "pw", "send"])
        #expect(session.element("filter")?.traits == [.button, .selected])
        try session.focus("filter")
        #expect(session.log.lastSpoken == "Selected, Filter by price, button")
        try session.swipe(.right)
        #expect(session.focusedElement?.id == "pw")
        try session.swipe(.right)
        session.runUntilIdle()
        #expect(session.log.spokenPhrases.suffix(2) == ["Send, button", "Sends the message."])
    }

    @Test("the log: sounds, edits, focus changes, clear; the clipboard")
    func log() throws {
        var session = try focusedUsername()
        try session.doubleTap()
        try session.keys("ab")
        try session.key(.backspace)
        try session.key(.backspace)
        try session.key(.backspace)
        #expect(session.log.sounds.last == .boundary)
        #expect(session.log.sounds.filter { $0 == .boundary }.count == 1)
        #expect(session.log.edits.map(\.operation) == [.insert, .insert, .delete, .delete])
        #expect(session.log.edits.first == FieldEdit(field: "user", operation: .insert, offset: 0, length: 1, count: 1, text: "a"))
        #expect(session.log.focusChanges == [.element("user")])
        try session.setClipboard("pasted")
        #expect(session.clipboard == "pasted")
        try session.edit(.paste)
        #expect(session.element("user")?.field?.text == "pasted")
        session.log.clear()
        #expect(session.log.events.isEmpty && session.log.lastSpoken == nil)
    }

    @Test("on-screen typing with typed finger gestures")
    func fingers() throws {
        var session = try focusedUsername()
        try session.doubleTap()
        #expect(session.isKeyboardShown)
        try session.touch(.key("q"))
        #expect(session.isFingerDown)
        try session.slide(.key("w"))
        try session.splitTap()
        try session.lift()
        try session.type("e")
        // (Lowercased: where auto-capitalisation turns shift on, the keys are capitals.)
        #expect(session.element("user")?.field?.text?.lowercased() == "we")
        try session.rotor(.words)
        #expect(session.rotorUnit == .words)
        try session.dictate("hello")
        #expect(session.element("user")?.field?.text?.lowercased() == "wehello")
    }

    @Test("script lines drive the same session: run(script:), feedScript in chunks, check")
    func scriptLines() throws {
        let script = "field user kind=text label=\"Username\"\nfocus user\nexpect speech \"Username, text field\"\nexpect speech \"nope\"\nwait 3"
        var whole = try Session()
        let failures = try whole.run(script: script)
        #expect(failures.map(\.location) == [TypingEcho.SourceLocation(line: 4, column: 1)])
        #expect(whole.expectationCount == 2 && whole.failureCount == 1)

        var chunked = try Session()
        var failed: [ExpectationFailure] = []
        for chunk in Array(script.utf8).chunked(by: 5) { try chunked.feedScript(chunk) { failed.append($0) } }
        try chunked.finishScript { failed.append($0) }
        #expect(failed == failures)
        whole.runUntilIdle()
        #expect(chunked.log.events == whole.log.events)

        // The window since the last expect holds the hint, said during `wait 3`.
        #expect(chunked.check(.speech("Double tap to edit.")) == nil)
        #expect(chunked.check(.speech("x")) == #"expected speech "x"; heard "Double tap to edit.""#)
        #expect(chunked.expectationCount == 4 && chunked.failureCount == 2)
    }

    @Test("Lines parsed on several threads run as when parsed one at a time: events, failed expectations and the first error, fed whole or in chunks")
    func parsingJobsSameRun() throws {
        // Each example, then enough lines for a batch to be split (64 lines a thread), then a
        // bad line of each kind at three places: none, a parse error, a run error, a line whose
        // start the line guard refuses; an expectation that fails on the way.
        let tail = (0..<200).map { $0 % 3 == 0 ? "# a comment" : $0 % 3 == 1 ? "wait 0.1" : "expect no-speech" }
        let endings: [[String]] = [[], ["tap nowhere"], ["focus no-such-element"], ["tap \u{7}" + String(repeating: "a", count: 70_000)]]
        // Every sixth example and two readers' (NVDA focuses fields, Orca has no touch screen), to keep the test short.
        for (name, text) in try allExamples().enumerated().filter({ $0.offset % 6 == 0 || ["reader-nvda.replay", "reader-orca.replay"].contains($0.element.name) }).map(\.element) {
            for (index, ending) in endings.enumerated() {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + tail
                let cut = index == 0 ? lines.count : [40, 130, 190][index - 1] + lines.count - tail.count
                let script = Array((lines[..<cut] + ending + lines[cut...]).joined(separator: "\n").utf8)
                func run(jobs: Int, chunk: Int) throws -> (events: [TimedEvent], failures: [ExpectationFailure], error: String?) {
                    var session = try Session()
                    session.parsingJobs = jobs
                    var failures: [ExpectationFailure] = []
                    do {
                        for piece in script.chunked(by: chunk) { try session.feedScript(piece) { failures.append($0) } }
                        try session.finishScript { failures.append($0) }
                    } catch {
                        return (session.log.events, failures, error.formatted(file: name))
                    }
                    return (session.log.events, failures, nil)
                }
                let one = try run(jobs: 1, chunk: script.count)
                // Chunks of 7 bytes for one example only: the long line would take 10,000 feeds.
                for (jobs, chunk) in [(2, script.count), (3, 4_096)] + (name == "login-form.replay" ? [(2, 7)] : []) {
                    let many = try run(jobs: jobs, chunk: chunk)
                    #expect(many.events == one.events, "\(name), ending \(index), \(jobs) jobs")
                    #expect(many.failures == one.failures && many.error == one.error, "\(name), ending \(index), \(jobs) jobs")
                }
                #expect((one.error == nil) == (index == 0), "\(name), ending \(index): \(one.error ?? "no error")")
            }
        }
    }

    @Test("focusKey and dismiss make the events of focus key:NAME and dismiss; the queries follow them")
    func keyFocusAndDismissVerbs() throws {
        var byVerbs = try Session()
        try byVerbs.declareField("user", label: "Username")
        try byVerbs.declareElement("go", label: "Go", traits: .button)
        try byVerbs.focus("user")
        try byVerbs.doubleTap()
        #expect(byVerbs.editedFieldID == "user" && byVerbs.editedElement?.id == "user" && byVerbs.focusedKeyName == nil)
        try byVerbs.focusKey("q")
        #expect(byVerbs.focusedKeyName == "Q" && byVerbs.editedFieldID == "user")  // shift is on: a sentence starts
        try byVerbs.dismiss()
        #expect(!byVerbs.isKeyboardShown && byVerbs.editedFieldID == nil && byVerbs.focusedKeyName == nil)
        #expect(byVerbs.announcement(for: "go") == "Go, button" && byVerbs.announcement(for: "nope") == nil)
        byVerbs.runUntilIdle()

        var byScript = try Session()
        _ = try byScript.run(script: """
            field user kind=text label="Username"
            element go label="Go" traits=button
            focus user
            double-tap
            focus key:q
            dismiss
            """)
        byScript.runUntilIdle()
        #expect(byVerbs.log.events == byScript.log.events)
        #expect(throws: ScriptError.self) { try byVerbs.focusKey("q") }
    }

    @Test("description and mirror never show a secure field's text")
    func secureDescription() throws {
        var session = try Session()
        try session.declareField("pw", kind: .secure, label: "Password")
        try session.focus("pw")
        try session.doubleTap()
        try session.keys("zebra7Q")
        var dumped = ""
        dump(session, to: &dumped)
        for text in [String(describing: session), String(reflecting: session), dumped] + session.log.spokenPhrases {
            #expect(!text.contains("ebra"))
        }
        #expect(session.log.edits.allSatisfy { $0.text == nil })
        // Seven keys, one key-cadence (0.2 s) each: the clock says the count, nothing more.
        #expect(session.description == "Session(at 1.400, 1 elements, focus pw)")
    }

    @Test("the AsyncStream adapter delivers the events the sink received, then ends")
    func asyncStream() async throws {
        let (events, sink) = AsyncEventSink.makeStream()
        var session = try Session(sink: sink)
        let captions = Task { () -> [String] in
            var spoken: [String] = []
            for await timed in events { if case .speak(let utterance) = timed.event { spoken.append(utterance.text) } }
            return spoken
        }
        try session.declareField("user", label: "Username")
        try session.focus("user")
        session.runUntilIdle()
        session.sink.finish()
        let spoken = await captions.value
        #expect(spoken == ["Username, text field", "Double tap to edit."])
    }
}

extension Array {
    /// The array cut into pieces of at most `size` elements.
    func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
