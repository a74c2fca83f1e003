import Testing
@testable import TypingEcho
@testable import TypingEchoRender

@Suite("Render timeline")
struct RenderPlanTests {
    func speak(_ id: Int, at t: Int64, _ text: String, duration: Int64, interrupts: Bool = true) -> TimedEvent {
        TimedEvent(time: VirtualTime(milliseconds: t), event: .speak(Utterance(
            id: id, text: text, role: .element, locale: "en-US", pitch: 1, duration: VirtualDuration(milliseconds: duration), interrupts: interrupts)))
    }
    func finished(_ id: Int, at t: Int64, _ completed: Bool) -> TimedEvent {
        TimedEvent(time: VirtualTime(milliseconds: t), event: .finished(id: id, completed: completed))
    }

    @Test("A queued utterance starts when the one ahead ends; a cut stops it; the session ends with the last")
    func queueAndCut() {
        let plan = RenderPlan(events: [
            speak(1, at: 0, "Password, secure text field", duration: 1_000),
            speak(2, at: 200, "Double tap to edit.", duration: 800, interrupts: false),
            finished(1, at: 1_000, true),
            finished(2, at: 1_300, false),
            speak(3, at: 1_300, "a", duration: 140),
            TimedEvent(time: VirtualTime(milliseconds: 1_300), event: .sound(.click)),
            finished(3, at: 1_440, true),
        ]) { _ in 6 }
        #expect(plan.speech.map(\.start) == [0, 1_000, 1_300])
        #expect(plan.speech.map(\.cut) == [nil, 1_300, nil])
        #expect((0..<3).map(plan.limit(of:)) == [1_000, 300, 140])
        #expect(plan.end == 1_440)
    }

    @Test("An utterance cut before it started is never heard")
    func cutBeforeStart() {
        let plan = RenderPlan(events: [
            speak(1, at: 0, "one", duration: 500),
            speak(2, at: 0, "two", duration: 500, interrupts: false),
            finished(1, at: 100, false), finished(2, at: 100, false),
        ]) { _ in 0 }
        #expect(plan.limit(of: 1) == 0)
        #expect(plan.end == 100)
    }

    @Test("Pitch and rate map onto espeak-ng's scales")
    func scales() {
        #expect(SessionRenderer.espeakPitch(1.0) == 50 && SessionRenderer.espeakPitch(1.2) == 60 && SessionRenderer.espeakPitch(0.8) == 40)
        #expect(SessionRenderer.espeakPitch(9) == 100 && SessionRenderer.espeakPitch(.nan) == 50)
        func utterance(rate: Double) -> Utterance {
            Utterance(id: 1, text: "Username, text field", role: .element, locale: "en-US", pitch: 1,
                      duration: SpeechTiming.duration(of: "Username, text field", locale: "en-US", rate: rate), interrupts: true)
        }
        #expect(SessionRenderer.wordsPerMinute(for: utterance(rate: 1)) == 175)
        #expect(SessionRenderer.wordsPerMinute(for: utterance(rate: 2)) == 350)
        #expect(SessionRenderer.wordsPerMinute(for: utterance(rate: 10)) == 450)
        #expect(SessionRenderer.wordsPerMinute(for: utterance(rate: 0.1)) == 80)
    }

    @Test("Mixing scales down only what would clip")
    func noClipping() {
        #expect(SessionRenderer.normalise([100, -200, 300]) == [100, -200, 300])
        let loud = SessionRenderer.normalise([40_000, -60_000, 10])
        #expect(loud.map { abs(Int($0)) }.max()! <= 32_767 && loud[1] == -32_767)
    }

    @Test("Each locale's voice, with fallbacks", arguments: [
        ("en-US", "gmw/en-US", false), ("pl-PL", "zlw/pl", false), ("de-DE", "gmw/de", false),
        ("fr-FR", "roa/fr", false), ("ur-PK", "inc/ur", false), ("pt-BR", "roa/pt-BR", false),
        ("xx-YY", "gmw/en-US", true),
    ])
    func voices(locale: String, voice: String, fallback: Bool) throws {
        let choice = VoiceChoice(voices: try Shared.espeak.get().voices)
        #expect(choice.voice(for: locale) == (voice, fallback))
    }
}
