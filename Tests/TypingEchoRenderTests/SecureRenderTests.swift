import Testing
@testable import TypingEcho
import TypingEchoTesting
@testable import TypingEchoRender

@Suite("Rendering secure fields")
struct SecureRenderTests {
    /// Runs a generated script to its end or to its first script error, keeping the events.
    func generatedEvents(_ script: String) -> [TimedEvent] {
        guard var session = try? Session() else { return [] }
        do {
            try session.feedScript(Array(script.utf8))
            try session.finishScript()
        } catch {}
        return session.log.events
    }

    @Test("A secret and an independent decoy of the same count render sample-identical audio (generated sessions)")
    func sameShapeSecretsSoundTheSame() throws {
        let espeak = try Shared.espeak.get()
        // The decoy is an independent secret of the same count, as in the leak property
        // (`noLeak`): a same-shape transformation can swap a key for a character no keyboard
        // has, and then the two runs differ for a reason that is not a leak.
        let failure = check("sameShapeSecretsSoundTheSame", .secureSessionWithDecoy(steps: 1...12), cases: 10) { session, decoySession in
            let renderer = SessionRenderer(espeak: espeak)
            let realEvents = generatedEvents(session.script), decoyEvents = generatedEvents(decoySession.script)
            try require(realEvents == decoyEvents, "the events differ from the decoy's (a leak the engine's property should see)")
            let real = try renderer.render(realEvents)
            let decoy = try renderer.render(decoyEvents)
            let same = real.samples == decoy.samples
            try require(same, "the audio differs from the decoy's (\(real.samples.count) and \(decoy.samples.count) samples)")
            // Nothing said was the secret: no utterance holds two of its characters in a row
            // that the decoy run's utterances do not.
            let spoken = real.measurements.map(\.text).joined(separator: "\n")
            let decoySpoken = decoy.measurements.map(\.text).joined(separator: "\n")
            if let leaked = LeakOracle.leak(of: session.secret, in: Array(spoken.utf8), publicText: Array(decoySpoken.utf8)) {
                throw PropertyViolation("espeak-ng was asked to say \(String(reflecting: leaked)) from the secret")
            }
        }
        #expect(failure == nil, "\(failure.map { "\($0)" } ?? "")")
    }

    @Test("Two passwords of the same length typed on a hardware keyboard render the same samples, with a click for each key",
          arguments: [("Tr0ub4dor&3", "correcthors"), ("żółć", "abcd"), ("p", "q")])
    func passwords(first: String, second: String) throws {
        func audio(_ secret: String) throws -> RenderedAudio {
            let script = """
            field pw kind=secure label="Password"
            focus pw
            double-tap
            wait 2
            keys "\(secret)"
            wait 1
            key left
            """
            return try render(try events(of: Array(script.utf8)))
        }
        let a = try audio(first), b = try audio(second)
        let same = a.samples == b.samples
        #expect(same, "the two secrets sound different")
        #expect(a.plan.sounds.filter { $0.name == .click }.count == first.count)
        for click in a.plan.sounds where click.name == .click {
            let start = Int(click.time * Int64(a.sampleRate) / 1000)
            #expect(rms(a.samples[start..<start + 64]) > 500, "no click at \(click.time) ms")
        }
    }

    @Test("The secure example renders its clicks")
    func secureExample() throws {
        let audio = try ExampleRenders.named("secure-field.replay").audio
        let clicks = audio.plan.sounds.filter { $0.name == .click }
        #expect(clicks.count == 11)
        for click in clicks {
            let start = Int(click.time * Int64(audio.sampleRate) / 1000)
            #expect(rms(audio.samples[start..<min(audio.samples.count, start + 64)]) > 500)
        }
    }
}
