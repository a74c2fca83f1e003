import Testing
import TypingEcho
@testable import TypingEchoRender

@Suite("Rendering the examples")
struct ExampleRenderTests {
    @Test("The list of examples is found")
    func examplesFound() {
        #expect(Shared.examples.count >= 10 && Shared.examples.contains("plain-field.replay"))
    }

    /// One render per example checks length, speech where a speak event is, and silence where
    /// nothing is heard.
    @Test("Every example renders: its length, speech where it speaks, silence where nothing is heard",
          arguments: Shared.examples)
    func example(_ name: String) throws {
        let (stream, audio) = try ExampleRenders.named(name)
        let rate = audio.sampleRate
        func index(_ milliseconds: Int64) -> Int { Int(milliseconds * Int64(rate) / 1000) }

        // Length: the last event plus its duration (an utterance's until it ends or is cut,
        // an earcon's), within 0.1 s, computed here from the stream itself.
        var ends: [Int: Int64] = [:], end: Int64 = 0
        for timed in stream {
            let t = timed.time.milliseconds
            end = max(end, t)
            switch timed.event {
            case .sound(let name): end = max(end, t + Int64(Earcon.samples(for: name, sampleRate: rate).count * 1000 / rate))
            case .finished(let id, _): ends[id] = t
            default: break
            }
        }
        for case .speak(let utterance) in stream.map(\.event) { #expect(ends[utterance.id] != nil, "utterance \(utterance.id) never finished") }
        let seconds = Double(audio.samples.count) / Double(rate)
        #expect(abs(seconds - Double(end) / 1000) <= 0.1, "\(name): \(seconds) s of audio for a session of \(Double(end) / 1000) s")

        // Speech where a speak event is heard for 40 ms or more.
        for (position, item) in audio.plan.speech.enumerated() {
            let heard = min(audio.plan.limit(of: position), audio.measurements[position].synthesised)
            guard heard >= 40 else { continue }
            let window = audio.samples[index(item.start)..<min(audio.samples.count, index(item.start + heard))]
            #expect(rms(window) > 150, "\(name): \"\(item.utterance.text)\" at \(item.start) ms is silent")
        }
        // Sounds where a sound event is.
        for sound in audio.plan.sounds where index(sound.time) + 64 <= audio.samples.count {
            #expect(rms(audio.samples[index(sound.time)..<index(sound.time) + 64]) > 500, "\(name): no \(sound.name) at \(sound.time) ms")
        }
        // Silence everywhere else: outside every utterance's heard span and every earcon, every
        // sample is exactly zero.
        var heard = [Bool](repeating: false, count: audio.samples.count)
        for (position, item) in audio.plan.speech.enumerated() {
            let length = min(audio.plan.limit(of: position), audio.measurements[position].synthesised + 1)
            for sample in index(item.start)..<min(heard.count, index(item.start + length) + 1) { heard[sample] = true }
        }
        for sound in audio.plan.sounds {
            let length = Earcon.samples(for: sound.name, sampleRate: rate).count
            for sample in index(sound.time)..<min(heard.count, index(sound.time) + length) { heard[sample] = true }
        }
        let stray = audio.samples.indices.first { !heard[$0] && audio.samples[$0] != 0 }
        #expect(stray == nil, "\(name): sound at \(Double(stray ?? 0) / Double(rate)) s where nothing is heard")
    }

    @Test("The same script renders the same samples")
    func deterministic() throws {
        let (stream, first) = try ExampleRenders.named("plain-field.replay")
        let second = try render(stream)
        let same = WAVFile.bytes(of: first.samples, sampleRate: first.sampleRate) == WAVFile.bytes(of: second.samples, sampleRate: second.sampleRate)
        #expect(same, "two renders of plain-field.replay differ")
    }

    @Test("SessionRenderer's documentation example runs")
    func documentationExample() throws {
        let script = "field f kind=text label=\"Name\"\nfocus f\n"
        // From SessionRenderer's doc comment:
        var session = try Session()
        try session.feedScript(Array(script.utf8))
        try session.finishScript()
        let renderer = SessionRenderer(espeak: try Espeak.load())
        let audio = try renderer.render(session.log.events)
        let wav = WAVFile.bytes(of: audio.samples, sampleRate: audio.sampleRate)
        #expect(wav.count == 44 + 2 * audio.samples.count && audio.samples.contains { $0 != 0 })
    }

    @Test("The WAV file holds 16-bit mono PCM at espeak-ng's rate, and reads back")
    func wavFormat() {
        let samples: [Int16] = [0, 1, -1, .max, .min, 1234]
        let bytes = WAVFile.bytes(of: samples, sampleRate: 22_050)
        #expect(bytes.count == 44 + 12)
        #expect(bytes[20] == 1 && bytes[22] == 1 && bytes[34] == 16)   // PCM, mono, 16 bits
        #expect(WAVFile.read(bytes)?.samples == samples && WAVFile.read(bytes)?.sampleRate == 22_050)
    }
}
