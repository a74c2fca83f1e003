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
}
