import TypingEcho

/// Turns an event stream into audio: every `speak` event synthesised with espeak-ng in its
/// locale's voice, pitch and rate, every `sound` as an `Earcon`, each at its virtual time and cut
/// where the stream cuts it (see `RenderPlan`), mixed into 16-bit mono samples.
///
/// ```swift
/// var session = try Session()
/// try session.feedScript(Array(script.utf8))
/// try session.finishScript()
/// let renderer = SessionRenderer(espeak: try Espeak.load())
/// let audio = try renderer.render(session.log.events)
/// let wav = WAVFile.bytes(of: audio.samples, sampleRate: audio.sampleRate)
/// ```
public struct SessionRenderer: Sendable {
    /// espeak-ng's words a minute at `rate=1.0` (its own default).
    public static let wordsPerMinute = 175
    /// The rates espeak-ng speaks at; rates beyond are clamped (see docs/rendering.md).
    public static let wordsPerMinuteRange = 80...450
    /// The longest session rendered: 20 minutes (about 53 MB of WAV).
    public static let longestSession = VirtualDuration(milliseconds: 20 * 60 * 1000)

    /// The synthesizer.
    public let espeak: Espeak
    /// Which voice says each locale.
    public var voices: VoiceChoice

    /// A renderer with espeak-ng's voices, or `voice` for every utterance.
    public init(espeak: Espeak, voice: String? = nil) {
        self.espeak = espeak
        voices = VoiceChoice(voices: espeak.voices, override: voice)
    }

    /// What espeak-ng is asked to say for an utterance, and whether its voice is the fallback.
    public func request(for utterance: Utterance) -> (request: Espeak.Request, fallback: Bool) {
        let (voice, fallback) = voices.voice(for: utterance.locale)
        return (Espeak.Request(text: utterance.text, voice: voice, wordsPerMinute: Self.wordsPerMinute(for: utterance),
                               pitch: Self.espeakPitch(utterance.pitch)), fallback)
    }

    /// Renders a whole event stream. Each call synthesises afresh (see `Espeak.synthesize(_:)`),
    /// so the same events always give the same samples.
    public func render(_ events: some Sequence<TimedEvent>) throws(Espeak.SynthesisError) -> RenderedAudio {
        let sampleRate = espeak.sampleRate
        var earcons: [SoundName: [Int16]] = [:]
        for sound in SoundName.allCases { earcons[sound] = Earcon.samples(for: sound, sampleRate: sampleRate) }
        let plan = RenderPlan(events: events) { Int64((earcons[$0]?.count ?? 0) * 1000 / sampleRate) }
        guard plan.end <= Self.longestSession.milliseconds else { throw Espeak.SynthesisError(tooLong: plan.end) }

        // Each different utterance is synthesised once, in order of first use. A text longer than
        // could be heard before it is stopped is cut to what can be (espeak-ng says at most about
        // 40 characters a second), so a huge label costs no more than the session's length.
        var requests: [Espeak.Request] = [], position: [Espeak.Request: Int] = [:], fallbacks: [String] = []
        var truncated = Set<Int>()
        func sample(_ milliseconds: Int64) -> Int { Int(milliseconds * Int64(sampleRate) / 1000) }
        // An utterance stopped before its first sample (6,000 cut at the instant they start) is
        // never heard: it is not synthesised at all (nil), so it costs neither time nor memory.
        let perUtterance: [Int?] = plan.speech.indices.map { index in
            let item = plan.speech[index]
            guard sample(plan.limit(of: index)) > 0, sample(item.start) < sample(plan.end) else {
                truncated.insert(index)
                return nil
            }
            var (request, fallback) = self.request(for: item.utterance)
            let audible = Int(plan.limit(of: index) / 25) + 64
            if request.text.unicodeScalars.count > audible {
                request.text = String(request.text.prefix(audible))
                truncated.insert(index)
            }
            if fallback && !fallbacks.contains(item.utterance.locale) { fallbacks.append(item.utterance.locale) }
            if let known = position[request] { return known }
            position[request] = requests.count
            requests.append(request)
            return requests.count - 1
        }
        let synthesised = try espeak.synthesize(requests).map { Self.trimSilence($0, margin: sampleRate / 200) }

        var mix = [Int32](repeating: 0, count: sample(plan.end))
        var measurements: [DurationMeasurement] = []
        for (index, item) in plan.speech.enumerated() {
            guard let synthesis = perUtterance[index] else {
                // Never heard: measured as nothing said (and not complete).
                measurements.append(DurationMeasurement(locale: item.utterance.locale, voice: voices.voice(for: item.utterance.locale).voice,
                                                        text: item.utterance.text, estimated: item.utterance.duration.milliseconds,
                                                        synthesised: 0, isComplete: false))
                continue
            }
            let samples = synthesised[synthesis]
            measurements.append(DurationMeasurement(locale: item.utterance.locale, voice: requests[synthesis].voice,
                                                    text: item.utterance.text, estimated: item.utterance.duration.milliseconds,
                                                    synthesised: Int64(samples.count) * 1000 / Int64(sampleRate),
                                                    isComplete: !truncated.contains(index)))
            let start = sample(item.start)
            let heard = min(samples.count, sample(plan.limit(of: index)), max(0, mix.count - start))
            guard heard > 0 else { continue }
            // A cut utterance fades out over 10 ms instead of clicking.
            let fade = heard < samples.count ? min(heard, sampleRate / 100) : 0
            samples.withUnsafeBufferPointer { source in
                for offset in 0..<heard {
                    var value = Int32(source[offset])
                    let remaining = heard - offset
                    if remaining <= fade { value = value * Int32(remaining) / Int32(fade + 1) }
                    Self.add(value, to: &mix[start + offset])
                }
            }
        }
        // A run of the same earcon at the same instant (300,000 refused keys at key-cadence=0)
        // is mixed once, times its count: adding one value k times, saturating, is adding k
        // times the value, saturating once (the additions all go one way), so the samples are
        // the same as mixing each.
        var next = plan.sounds.startIndex
        while next < plan.sounds.endIndex {
            let sound = plan.sounds[next]
            var count = 1
            while next + count < plan.sounds.endIndex && plan.sounds[next + count] == sound { count += 1 }
            next += count
            let samples = earcons[sound.name] ?? []
            let start = sample(sound.time)
            for offset in 0..<min(samples.count, max(0, mix.count - start)) {
                // In 64 bits, then saturated: what `count` saturating additions of one value give.
                mix[start + offset] = Int32(clamping: Int64(mix[start + offset]) + Int64(samples[offset]) * Int64(count))
            }
        }
        return RenderedAudio(sampleRate: sampleRate, samples: Self.normalise(mix), plan: plan,
                             measurements: measurements, fallbackLocales: fallbacks)
    }

    /// espeak-ng's rate for an utterance: the session's `rate` (recovered from the estimate, which
    /// divides by it) times 175 words a minute, clamped to what espeak-ng speaks.
    static func wordsPerMinute(for utterance: Utterance) -> Int {
        let atNormalRate = SpeechTiming.duration(of: utterance.text, locale: utterance.locale, rate: 1).milliseconds
        let rate = utterance.duration.milliseconds > 0 ? Double(atNormalRate) / Double(utterance.duration.milliseconds) : 1
        let wpm = Int((Double(wordsPerMinute) * rate).rounded())
        return min(max(wpm, wordsPerMinuteRange.lowerBound), wordsPerMinuteRange.upperBound)
    }

    /// espeak-ng's pitch (0–100, 50 normal) scaled by the event's pitch multiplier.
    static func espeakPitch(_ pitch: Double) -> Int {
        guard pitch.isFinite else { return 50 }
        return min(max(Int((50 * pitch).rounded()), 0), 100)
    }

    /// Drops leading and trailing samples quieter than 1 % of full scale, keeping `margin`.
    static func trimSilence(_ samples: [Int16], margin: Int) -> [Int16] {
        let threshold: Int16 = 328
        guard let first = samples.firstIndex(where: { $0 > threshold || $0 < -threshold }),
              let last = samples.lastIndex(where: { $0 > threshold || $0 < -threshold }) else { return [] }
        return Array(samples[max(0, first - margin)...min(samples.count - 1, last + margin)])
    }

    /// Adds a sample to the mix, saturating at the 32-bit range: 200,000 earcons at one instant
    /// (each up to 11,000) would pass it. The mix is then scaled down to 16 bits as ever; a sum
    /// that saturated is as loud as anything can be, so nothing audible is lost.
    @inline(__always)
    static func add(_ value: Int32, to slot: inout Int32) {
        let (sum, overflow) = slot.addingReportingOverflow(value)
        slot = overflow ? (value > 0 ? Int32.max : Int32.min) : sum
    }

    /// Scales the mix down only when it would clip, with integer arithmetic (same bytes always).
    static func normalise(_ mix: [Int32]) -> [Int16] {
        let peak = mix.reduce(Int32(0)) { max($0, $1 == Int32.min ? Int32.max : abs($1)) }
        guard peak > Int32(Int16.max) else { return mix.map { Int16($0) } }
        return mix.map { Int16(Int64($0) * Int64(Int16.max) / Int64(peak)) }
    }
}

/// The audio of a session and what was learnt making it.
public struct RenderedAudio: Sendable {
    /// Samples per second.
    public var sampleRate: Int
    /// 16-bit mono samples, as long as the session.
    public var samples: [Int16]
    /// The timeline that was mixed.
    public var plan: RenderPlan
    /// Each utterance's estimated and synthesised length, in start order.
    public var measurements: [DurationMeasurement]
    /// Locales no espeak-ng voice speaks (they were said with the fallback voice), in order.
    public var fallbackLocales: [String]
}

/// One utterance's length by the engine's estimate and as espeak-ng said it.
public struct DurationMeasurement: Sendable, Hashable {
    /// The utterance's locale.
    public var locale: String
    /// The espeak-ng voice that said it.
    public var voice: String
    /// What was said.
    public var text: String
    /// The engine's estimate (the event's `duration`), in milliseconds.
    public var estimated: Int64
    /// espeak-ng's length without leading and trailing silence, in milliseconds.
    public var synthesised: Int64
    /// False when the text was cut to what could be heard before the utterance was stopped
    /// (then `synthesised` is not the whole text's length).
    public var isComplete: Bool
}
