import Testing
import TypingEcho

/// Heard, not only said: when each utterance starts to be heard (`start`), and `expect heard`,
/// which holds only for speech that played to its end.
@Suite("Heard, not only said: start times and expect heard")
struct HeardTests {
    @Test("expect heard fails on a cut utterance and passes on a completed one")
    func cutAndCompleted() {
        let run = replay(
            #"field user kind=text label="Username""#, #"field pw kind=secure label="Password""#,
            "focus user", "swipe right",
            #"expect speech "Username, text field""#,  // said, then cut at once
            "wait 3",
            #"expect heard "Username, text field""#,  // fails: it was cut
            #"expect heard "Password, secure text field""#)  // holds: it played to its end
        #expect(run.failures.count == 1)
        #expect(run.failures.first?.location.line == 7)
        #expect(run.failures.first?.message.hasPrefix(#"expected "Username, text field" heard to its end; heard to the end: "#) == true)
    }

    @Test("an utterance counts as heard in the window where it ends, not before")
    func notYetOver() {
        let run = replay(
            #"field user kind=text label="Username""#, "focus user",
            #"expect heard "Username, text field""#,  // not over yet
            "wait 2",
            #"expect heard "Username, text field""#)
        #expect(run.failures.map(\.location.line) == [3])
        #expect(run.failures.first?.message.contains("(it was said, and cut or not yet over)") == true)
    }

    @Test("once a secure field has held text, a failed expect heard does not repeat the expected text")
    func secureHidesExpected() {
        let run = replay(
            #"field pw kind=secure label="Password""#, "focus pw", "double-tap", #"keys "hunter2""#,
            #"expect heard "hunter2""#)
        #expect(run.failures.count == 1)
        #expect(run.failures.first.map { !$0.message.contains("hunter") } == true)
    }

    @Test("a queued utterance starts when the ones ahead of it end; an interrupting one at its own time")
    func startTimes() throws {
        var session = try Session()
        try session.declareField("user", label: "Username")
        try session.focus("user")
        try session.doubleTap()
        try session.keys("ab")
        session.runUntilIdle()
        let speaks = session.log.events.filter { if case .speak = $0.event { true } else { false } }
        var queueEnd = VirtualTime.zero
        for timed in speaks {
            guard case .speak(let utterance) = timed.event, let start = timed.speechStart else { continue }
            if utterance.interrupts {
                #expect(start == timed.time, "\(utterance.text)")
            } else {
                #expect(start == max(timed.time, queueEnd), "\(utterance.text)")
            }
            queueEnd = start + utterance.duration
        }
        #expect(speaks.contains { $0.speechStart! > $0.time }, "a key's echo waits for the one before it")
        let line = JSONLines.line(try #require(speaks.last))
        #expect(line.contains(#","start":"#) && line.hasPrefix(#"{"type":"speak","t":"#))
    }

    @Test("start reads back from JSON, and a stream without it reads start as t")
    func startDecodes() throws {
        let timed = TimedEvent(time: VirtualTime(milliseconds: 1_000), event: .speak(Utterance(
            id: 1, text: "a", role: .echo, locale: "en-US", duration: VirtualDuration(milliseconds: 250),
            interrupts: false, startDelay: VirtualDuration(milliseconds: 400))))
        #expect(JSONLines.line(timed).hasPrefix(#"{"type":"speak","t":1.000,"start":1.400,"id":1,"#))
        #expect(try JSONLines.decode(JSONLines.line(timed).utf8) == timed)
        let old = try JSONLines.decode(#"{"type":"speak","t":2.000,"id":1,"text":"a","role":"echo","locale":"en-US","pitch":1.0,"duration":0.250,"interrupts":true}"#.utf8)
        #expect(old.speechStart == VirtualTime(milliseconds: 2_000))
        #expect(throws: JSONLinesError.self) {
            try JSONLines.decode(#"{"type":"speak","t":2.000,"start":1.000,"id":1,"text":"a","role":"echo","locale":"en-US","pitch":1.0,"duration":0.250,"interrupts":true}"#.utf8)
        }
    }
}
