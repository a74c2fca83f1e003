import Testing
import TypingEcho
@testable import TypingEchoRender

@Suite("Rendering hostile sessions")
struct HostileRenderTests {
    @Test("A session longer than 20 minutes is refused before anything is synthesised or mixed")
    func tooLong() throws {
        let stream = [TimedEvent(time: VirtualTime(milliseconds: 1_300_000), event: .sound(.click))]
        do {
            _ = try render(stream)
            Issue.record("a 21-minute session was rendered")
        } catch let error as Espeak.SynthesisError {
            #expect(error.isTooLong && error.description.contains("render writes at most 1200.000 s"))
        }
    }

    @Test("A huge label cut after a second is synthesised only as far as it can be heard")
    func hugeLabelCut() throws {
        let label = String(repeating: "word ", count: 100_000)
        let script = "field f kind=text label=\"\(label)\"\nfield g kind=text label=\"Go\"\nfocus f\nwait 1\nfocus g\n"
        let audio = try render(try events(of: Array(script.utf8)))
        let first = try #require(audio.measurements.first)
        #expect(!first.isComplete && first.synthesised < 10_000)
        #expect(audio.measurements.dropFirst().allSatisfy { $0.isComplete })
        #expect(Double(audio.samples.count) / Double(audio.sampleRate) < 10)
    }

    @Test("200,000 earcons at one instant are mixed, saturating instead of overflowing")
    func manyEarconsAtOnce() throws {
        let stream = Array(repeating: TimedEvent(time: .zero, event: .sound(.refused)), count: 200_000)
        let audio = try render(stream)
        #expect(audio.samples.contains(Int16.max) || audio.samples.contains(-Int16.max))
        var slot = Int32.max - 5
        SessionRenderer.add(11_000, to: &slot)
        #expect(slot == Int32.max)
        slot = Int32.min + 5
        SessionRenderer.add(-11_000, to: &slot)
        #expect(slot == Int32.min)
    }

    @Test("Utterances cut at the instant they start are never synthesised")
    func utterancesCutAtOnce() throws {
        var stream: [TimedEvent] = []
        for id in 0..<6_000 {
            let utterance = Utterance(id: id, text: "utterance number \(id) " + String(repeating: "long ", count: 40), role: .element,
                                      locale: "en-US", duration: VirtualDuration(milliseconds: 20_000))
            stream.append(TimedEvent(time: VirtualTime(milliseconds: 1_000), event: .speak(utterance)))
            stream.append(TimedEvent(time: VirtualTime(milliseconds: 1_000), event: .finished(id: id, completed: false)))
        }
        stream.append(TimedEvent(time: VirtualTime(milliseconds: 1_500), event: .sound(.click)))
        let audio = try render(stream)
        #expect(audio.measurements.count == 6_000)
        #expect(audio.measurements.allSatisfy { $0.synthesised == 0 && !$0.isComplete })
    }
}
