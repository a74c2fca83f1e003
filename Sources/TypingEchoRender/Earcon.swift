import TypingEcho

/// The sounds of the `sound` events, synthesised in code: short enveloped tones and noise
/// bursts, each with its own length, pitch contour and timbre so that a listener tells them
/// apart.
///
/// | sound | what it is |
/// | --- | --- |
/// | `click` | 6 ms of filtered noise with a sharp decay: a key press |
/// | `delete` | 60 ms of noise over a tone falling 900 → 450 Hz: something removed |
/// | `boundary` | 110 ms low thud, 180 Hz with its octave, decaying: the end of the text |
/// | `tick` | 12 ms at 2.6 kHz: a keyboard key passed under the finger |
/// | `capital` | 90 ms rising 700 → 1,400 Hz: a capital letter |
/// | `refused` | two 70 ms buzzes at 160 Hz, 40 ms apart: not allowed |
/// | `beep` | 50 ms at 2,000 Hz: a capital letter with `capital-beep=on` (NVDA's beep for capitals) |
public enum Earcon {
    /// The samples of a sound at a sample rate, peak at about a third of full scale.
    public static func samples(for sound: SoundName, sampleRate: Int) -> [Int16] {
        let rate = Double(sampleRate)
        func count(_ seconds: Double) -> Int { Int((seconds * rate).rounded()) }
        var noise = Noise()
        var out: [Double]
        switch sound {
        case .click:
            var previous = 0.0
            out = (0..<count(0.006)).map { index in
                let white = noise.next()
                let filtered = white - 0.6 * previous
                previous = white
                return filtered * decay(index, count(0.0015))
            }
        case .delete:
            out = tone(count(0.06), rate: rate, from: 900, to: 450) { index, length in envelope(index, length, attack: count(0.003)) }
            for index in out.indices { out[index] = 0.75 * out[index] + 0.25 * noise.next() * decay(index, count(0.02)) }
        case .boundary:
            let length = count(0.11)
            let base = tone(length, rate: rate, from: 180, to: 180) { index, _ in decay(index, count(0.035)) * ramp(index, count(0.002)) }
            let octave = tone(length, rate: rate, from: 360, to: 360) { index, _ in decay(index, count(0.02)) * ramp(index, count(0.002)) }
            out = zip(base, octave).map { 0.7 * $0 + 0.3 * $1 }
        case .tick:
            out = tone(count(0.012), rate: rate, from: 2600, to: 2600) { index, _ in decay(index, count(0.003)) * ramp(index, count(0.0005)) }
        case .capital:
            out = tone(count(0.09), rate: rate, from: 700, to: 1400) { index, length in envelope(index, length, attack: count(0.005)) }
        case .refused:
            let buzz = count(0.07), gap = count(0.04)
            let one = tone(buzz, rate: rate, from: 160, to: 160, square: true) { index, length in envelope(index, length, attack: count(0.004)) }
            out = one + Array(repeating: 0, count: gap) + one
        case .beep:
            out = tone(count(0.05), rate: rate, from: 2000, to: 2000) { index, length in envelope(index, length, attack: count(0.002)) }
        }
        return out.map { Int16(($0 * 11_000).rounded()) }
    }

    /// The longest earcon, in seconds: how far past its event a sound can still be heard.
    public static let longest = 0.2

    /// A sine (or square) sweep, linear in frequency, shaped by `shape(index, length)`.
    private static func tone(_ length: Int, rate: Double, from start: Double, to end: Double, square: Bool = false,
                             shape: (Int, Int) -> Double) -> [Double] {
        var phase = 0.0
        return (0..<length).map { index in
            let progress = length > 1 ? Double(index) / Double(length - 1) : 0
            phase += 2 * Double.pi * (start + (end - start) * progress) / rate
            var value = sin(phase)
            if square { value = value >= 0 ? 0.8 : -0.8 }
            return value * shape(index, length)
        }
    }

    /// Exponential decay with time constant `tau` samples.
    private static func decay(_ index: Int, _ tau: Int) -> Double { exp(-Double(index) / Double(max(tau, 1))) }

    /// A linear fade-in over `length` samples.
    private static func ramp(_ index: Int, _ length: Int) -> Double { min(1, Double(index) / Double(max(length, 1))) }

    /// Fade in over `attack`, hold, fade out over the last quarter.
    private static func envelope(_ index: Int, _ length: Int, attack: Int) -> Double {
        let release = max(length / 4, 1)
        return min(ramp(index, attack), min(1, Double(length - 1 - index) / Double(release)))
    }

    /// A fixed-seed noise source, so the same sound is the same bytes every time.
    private struct Noise {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int64(bitPattern: state) >> 11) / Double(1 << 52)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
