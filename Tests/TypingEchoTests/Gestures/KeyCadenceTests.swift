import Testing
@testable import TypingEcho

/// The times of the `edit` events of a run, in seconds with three decimals.
private func editTimes(_ result: ReplayRun) -> [String] {
    result.events.compactMap { if case .edit = $0.event { $0.time.description } else { nil } }
}

/// The `finished` events of a run: utterance id, when, and whether it was heard to the end.
private func finishes(_ result: ReplayRun) -> [(id: Int, time: VirtualTime, completed: Bool)] {
    result.events.compactMap { timed in
        if case .finished(let id, let completed) = timed.event { (id, timed.time, completed) } else { nil }
    }
}

private let plainField = "field f kind=text label=\"F\"\nfocus f\ndouble-tap\n"

@Suite("Key cadence: hardware typing takes time")
struct KeyCadenceTests {
    @Test("keys advance the clock by key-cadence (default 0.2 s) after each key; the next line runs after the last")
    func defaultCadence() throws {
        #expect(Settings().keyCadence == VirtualDuration(milliseconds: 200))
        let result = replay(plainField + "@1 keys \"abc\"\nkey backspace\n")
        #expect(result.error == nil)
        // Three inserts 0.2 s apart, then the backspace 0.2 s after the last key.
        #expect(editTimes(result) == ["1.000", "1.200", "1.400", "1.600"])
    }

    @Test("key-cadence=S paces keys by S; a key is a character, so é and 👍🏽 take one slot each")
    func setCadence() throws {
        let result = replay("settings key-cadence=0.5\n" + plainField + "keys \"e\u{301}👍🏽x\"\nkey left\n")
        #expect(result.error == nil)
        #expect(editTimes(result) == ["0.000", "0.500", "1.000"])
        let tick = result.events.first { if case .sound(.tick) = $0.event { true } else { false } }
        #expect(tick?.time == VirtualTime(milliseconds: 1500))
    }

    @Test("key-cadence=0 keeps v1's timing: every key at one instant, each echo cut at once")
    func zeroCadence() throws {
        let result = replay("settings key-cadence=0\n" + plainField + "keys \"abc\"\n")
        #expect(editTimes(result) == ["0.000", "0.000", "0.000"])
        let cut = finishes(result).filter { !$0.completed }
        // Both announcements of the field (by the double tap, by "a"), then "a" and "b".
        #expect(cut.count == 4 && cut.allSatisfy { $0.time == .zero })
    }

    @Test("key NAME takes no time")
    func keyTakesNoTime() throws {
        let result = replay(plainField + "keys \"ab\"\nkey left\nkey right\nkey backspace\nkey option-backspace\nkey return\nkeys \"c\"\n")
        #expect(result.error == nil)
        // The keys line ends at 0.400; every key after it happens there, and so does the next keys line.
        let afterKeys = result.events.filter {
            switch $0.event { case .edit, .cursor, .sound: $0.time > VirtualTime(milliseconds: 200); default: false }
        }
        #expect(afterKeys.count >= 6 && afterKeys.allSatisfy { $0.time == VirtualTime(milliseconds: 400) })
        #expect(editTimes(result) == ["0.000", "0.200", "0.400", "0.400", "0.400"])
    }

    @Test("an echo follows the echo of the previous key when speech is under a second behind; every echo and the word to the end")
    func echoesAreHeard() throws {
        let result = replay(plainField + "keys \"ab \"\n")
        let byText = Dictionary(result.utterances.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        let ends = Dictionary(finishes(result).map { ($0.id, ($0.time, $0.completed)) }, uniquingKeysWith: { first, _ in first })
        let a = try #require(byText["a"]), b = try #require(byText["b"])
        let space = try #require(byText["space"]), word = try #require(byText["ab"])
        // "a" cuts the field's announcement; "b" waits for "a", "space" for "b", the word for "space".
        #expect(a.interrupts && !b.interrupts && !space.interrupts && !word.interrupts)
        let aEnd = try #require(ends[a.id]), bEnd = try #require(ends[b.id])
        let spaceEnd = try #require(ends[space.id]), wordEnd = try #require(ends[word.id])
        #expect(aEnd.1 && bEnd.1 && spaceEnd.1 && wordEnd.1)
        #expect(aEnd.0 == .zero + a.duration && bEnd.0 == aEnd.0 + b.duration)
        #expect(spaceEnd.0 == bEnd.0 + space.duration && wordEnd.0 == spaceEnd.0 + word.duration)
        #expect(!result.transcript.contains { $0.contains(" cut ") && !$0.contains("\"F, text field") })
    }

    @Test("when speech falls a second behind the keys, the next key cuts it and is said at once")
    func echoesCatchUp() throws {
        // "capital W" (0.667 s), then letters of 0.259 s every 0.2 s: speech falls behind by
        // 0.059 s a key until a key would wait more than a second; that one cuts.
        let result = replay(plainField + "keys \"Wabcdefghijklmnopqrstuvwxyz\"\n")
        let echoes = result.utterances.filter { $0.role == .echo }
        #expect(echoes.count == 27)
        // A model of the rule: follow what is being said if it ends within 1 s of the key.
        var speechEnd = VirtualTime.zero + VirtualDuration(milliseconds: 1)  // the field's announcement is still playing at 0
        var expectedInterrupts: [Bool] = []
        for (index, echo) in echoes.enumerated() {
            let key = VirtualTime.zero + VirtualDuration(milliseconds: Int64(index) * 200)
            let follows = index > 0 && speechEnd > key && speechEnd <= key + VirtualDuration(milliseconds: 1_000)
            expectedInterrupts.append(!follows)
            speechEnd = (follows ? speechEnd : key) + echo.duration
        }
        #expect(echoes.map(\.interrupts) == expectedInterrupts)
        let cutting = expectedInterrupts.indices.filter { expectedInterrupts[$0] }
        // The first key cuts the field's announcement; speech is a second behind by the 12th key.
        #expect(cutting == [0, 11], "\(cutting)")
        // Only the echoes still waiting or playing when a cutting key came were cut.
        let cut = Set(finishes(result).filter { !$0.completed }.map(\.id))
        let cutEchoes = echoes.filter { cut.contains($0.id) }
        #expect(!cutEchoes.isEmpty && cutEchoes.count < echoes.count - cutting.count)
    }

    @Test("settings key-cadence rejects negative, non-finite, huge and malformed values at the value", arguments: [
        "-1", "-0.2", "nan", "inf", "1e300", "3601", "99999999999999999999", "0.2s",
    ])
    func rejectsBadValues(value: String) throws {
        let result = replay("settings key-cadence=\(value)\n", expecting: .stopsWithError)
        #expect(result.errorLine == "test.replay:1:22: error: 'key-cadence' expects seconds from 0 to 3600 such as 1.5, got '\(value)'")
    }

    @Test("key-cadence accepts 0 to 3600; --set wins over the script; the typed setting goes through the same checks")
    func acceptedValuesAndOverrides() throws {
        var settings = Settings()
        for value in ["0", "0.05", "1", "3600"] {
            try settings.set("key-cadence", to: value)
            #expect(settings.scriptValue(for: "key-cadence") == VirtualDuration(seconds: value)!.description)
        }
        #expect(Settings.keys.contains("key-cadence"))

        let overridden = replay("settings key-cadence=1\n" + plainField + "keys \"ab\"\n", overrides: [("key-cadence", "0.3")])
        #expect(editTimes(overridden) == ["0.000", "0.300"])
        #expect(throws: SettingError.self) { _ = try Engine(overrides: [("key-cadence", "-1")]) }

        var session = try Session()
        session.settings.keyCadence = VirtualDuration(milliseconds: 100)
        #expect(session.settings.keyCadence == VirtualDuration(milliseconds: 100) && session.rejectedSetting == nil)
        session.settings.keyCadence = VirtualDuration(milliseconds: -100)
        #expect(session.settings.keyCadence == VirtualDuration(milliseconds: 100))
        #expect(session.rejectedSetting?.kind == .badSetting)
        try session.declareField("user", label: "User")
        try session.focus("user")
        try session.doubleTap()
        let start = session.now
        try session.keys("four")
        #expect(session.now == start + VirtualDuration(milliseconds: 400))
    }

    @Test("a secure field takes one slot per key, whatever the secret and whether the field takes the key")
    func secureSlots() throws {
        func run(_ secret: String, max: String = "") throws -> ReplayRun {
            replay("field p kind=secure label=\"PIN\"\(max)\nfocus p\ndouble-tap\nkeys \"\(secret)\"\nkey left\nwait 1\n")
        }
        // Same count, same events: times included.
        #expect(try run("Ab1!").json == run("zz9a").json)
        #expect(try run("é👍🏽ZZ").json == run("abcd").json)
        // A refused key (past max=2) still takes its slot: the clock says four keys were pressed.
        let refused = try run("abcd", max: " max=2")
        #expect(refused.error == nil)
        let tick = refused.events.first { if case .sound(.tick) = $0.event { true } else { false } }
        #expect(tick?.time == VirtualTime(milliseconds: 800))
        #expect(try run("wxyz", max: " max=2").json == refused.json)
    }

    @Test("a keys line that would take the clock past 1,000,000,000 s is a script error at the line, never a trap", arguments: [
        // Lands exactly on the limit (with no echo to run past it): fine.
        ("settings hardware-feedback=nothing\n@999999999 keys \"abcde\"\n", nil),
        // One key too many.
        ("settings hardware-feedback=nothing\n@999999999 keys \"abcdef\"\n", ":5:12: error: this would take the session's clock past 1,000,000,000 seconds"),
        // The echo of the last key would end past the limit.
        ("@999999999 keys \"abcde\"\n", ":4:12: error: this would take the session's clock past 1,000,000,000 seconds"),
        // The longest cadence and a long line: 3600 s × 300,000 keys is far past the limit.
        ("settings key-cadence=3600\n@999990000 keys \"" + String(repeating: "x", count: 300_000) + "\"\n",
         ":5:12: error: this would take the session's clock past 1,000,000,000 seconds"),
    ] as [(String, String?)])
    func clockLimit(script: String, expected: String?) throws {
        let result = replay(plainField + script, expecting: expected == nil ? .finishes : .stopsWithError)
        if let expected {
            let error = try #require(result.errorLine)
            #expect(error.hasPrefix("test.replay" + expected), "\(error)")
        } else {
            #expect(result.error == nil)
        }
    }

    @Test("the command line: --set key-cadence=0 gives v1's timing; a bad value is a usage error")
    func commandLine() throws {
        let path = try Tool.script(Array((plainField + "keys \"ab\"\n").utf8), name: "key-cadence.replay")
        let paced = try Tool.run(["replay", path, "--format", "json"])
        let instant = try Tool.run(["replay", path, "--format", "json", "--set", "key-cadence=0"])
        #expect(paced.status == 0 && instant.status == 0)
        #expect(paced.output.contains("\"t\":0.200") && !instant.output.contains("\"t\":0.200"))
        let bad = try Tool.run(["replay", path, "--set", "key-cadence=-1"])
        #expect(bad.status == 64)
        #expect(bad.error.contains("'key-cadence' expects seconds from 0 to 3600"))
    }
}
