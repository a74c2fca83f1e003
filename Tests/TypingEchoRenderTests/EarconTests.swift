import Testing
import TypingEcho
@testable import TypingEchoRender

@Suite("Earcons")
struct EarconTests {
    @Test("Every sound is short, audible, within full scale, and differs from every other")
    func distinct() {
        let sounds = SoundName.allCases.map { ($0, Earcon.samples(for: $0, sampleRate: 22_050)) }
        for (name, samples) in sounds {
            #expect(!samples.isEmpty && Double(samples.count) / 22_050 <= Earcon.longest, "\(name)")
            #expect(samples.map { abs(Int($0)) }.max()! > 3_000, "\(name) is too quiet")
        }
        // Distinct by length or by where their energy sits (zero crossings a second).
        let signatures = sounds.map { name, samples in
            (samples.count, zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count * 22_050 / samples.count)
        }
        for i in signatures.indices {
            for j in signatures.indices where j > i {
                let a = signatures[i], b = signatures[j]
                #expect(abs(a.0 - b.0) > 100 || abs(a.1 - b.1) > 200, "\(sounds[i].0) and \(sounds[j].0) sound alike")
            }
        }
    }

    @Test("beep is a 2,000 Hz tone of 50 ms (NVDA's beep for capitals)")
    func beep() {
        let samples = Earcon.samples(for: .beep, sampleRate: 22_050)
        #expect(samples.count == 1_103)
        // A sine at 2,000 Hz crosses zero 4,000 times a second: about 200 times in 50 ms.
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect((195...205).contains(crossings), "\(crossings) zero crossings")
    }

    @Test("The same sound is the same samples every time")
    func deterministic() {
        for sound in SoundName.allCases {
            #expect(Earcon.samples(for: sound, sampleRate: 22_050) == Earcon.samples(for: sound, sampleRate: 22_050))
        }
    }
}
