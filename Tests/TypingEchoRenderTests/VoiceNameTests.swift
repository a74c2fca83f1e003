import Testing
import TypingEcho
import TypingEchoTesting
@testable import TypingEchoRender

/// Voice names handed to espeak-ng: only a voice of its own list (by name, identifier or file
/// name) and a variant of its variant list get through; everything else is refused as a missing
/// voice before espeak-ng sees it.
@Suite("espeak-ng voice names")
struct VoiceNameTests {
    /// Whether `name` names a listed voice (and variant) as espeak-ng's own lookup does: a voice's
    /// name, identifier or the identifier's last part, letters in any case, then `+` and a variant.
    static func isListed(_ name: String, in espeak: Espeak) -> Bool {
        let parts = name.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        func lowered(_ text: String) -> String { String(text.unicodeScalars.map { $0.isASCII ? Character($0.properties.lowercaseMapping) : Character($0) }) }
        let base = lowered(parts[0])
        let voice = espeak.voices.contains { voice in
            [voice.name, voice.identifier, String(voice.identifier.split(separator: "/").last ?? "")].map(lowered).contains(base)
        }
        guard voice, parts.count == 2 else { return voice }
        return espeak.variants.contains(parts[1]) || espeak.variants.contains { lowered($0) == lowered(parts[1]) }
    }

    /// A request for a one-word utterance in `voice`.
    static func request(_ voice: String) -> Espeak.Request {
        Espeak.Request(text: "hello", voice: voice, wordsPerMinute: 175, pitch: 50)
    }

    /// The hostile names the red team tried, and others like them.
    static let hostile = [
        "../../etc/passwd", "../../../../../../../../etc/passwd", "/etc/passwd", "en+" + String(repeating: "x", count: 5000), "",
        "en-us\u{0}", "en-us\u{0}../../../../etc/passwd", "\u{0}", "en-us+f3\u{0}x", "gmw", "mb/mb-de1", "en-us+nope", "en-us+",
        "en-us+3", "en-us+../../../etc/passwd", "en-us\n", String(repeating: "a", count: 100_000),
    ]

    @Test("a name espeak-ng does not list is refused as a missing voice, before anything is synthesised", arguments: hostile)
    func hostileNames(_ name: String) throws {
        let espeak = try Shared.espeak.get()
        do {
            _ = try espeak.synthesize([Self.request(name)])
            Issue.record("\(name.debugDescription.prefix(80)) was synthesised")
        } catch {
            #expect(error.isMissingVoice, "\(error.description.prefix(300))")
            #expect(error.description.utf8.count < 300 && !error.description.contains("\n"))
        }
    }

    @Test("generated names are synthesised exactly when espeak-ng lists them", arguments: 0..<8)
    func generatedNames(_ seed: Int) throws {
        let espeak = try Shared.espeak.get()
        var random = SeededGenerator(seed: UInt64(seed))
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzENUSGMW-+/._ \u{0}\n(")
        let known = espeak.voices.flatMap { [$0.identifier, String($0.identifier.split(separator: "/").last ?? "")] }
        for _ in 0..<40 {
            var name: String
            switch Int.random(in: 0..<3, using: &random) {
            case 0: name = String((0..<Int.random(in: 0..<12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            case 1: name = known.randomElement(using: &random)! + String(alphabet.randomElement(using: &random)!)
            default:
                name = known.randomElement(using: &random)! + "+" + (espeak.variants.randomElement(using: &random) ?? "f3")
                if Bool.random(using: &random) { name.insert(alphabet.randomElement(using: &random)!, at: name.startIndex) }
            }
            let listed = Self.isListed(name, in: espeak)
            do {
                _ = try espeak.synthesize([Self.request(name)])
                #expect(listed, "\(name.debugDescription) was synthesised")
            } catch {
                #expect(!listed && error.isMissingVoice, "\(name.debugDescription): \(error)")
            }
        }
    }

    @Test("listed voices and variants are synthesised, the same as their identifiers",
          arguments: [("en-us", "gmw/en-US"), ("English (America)", "gmw/en-US"), ("GMW/EN-US", "gmw/en-US"), ("en-us+f3", "gmw/en-US+f3"),
                      ("pl+Mr serious", "zlw/pl+Mr serious")])
    func listedNames(_ name: String, identifier: String) throws {
        let espeak = try Shared.espeak.get()
        // One synthesis each: espeak-ng's state carries from one utterance to the next in a batch.
        let named = try espeak.synthesize([Self.request(name)]), identified = try espeak.synthesize([Self.request(identifier)])
        #expect(named[0].count > 1000 && named == identified)
        #expect(try espeak.voice(named: name) == identifier)
    }

    @Test("a render with an unknown --voice is refused as a missing voice")
    func rendererRefuses() throws {
        let stream = try events(of: Array("field f kind=text label=\"Name\"\nfocus f\n".utf8))
        #expect(throws: Espeak.SynthesisError.self) { try render(stream, voice: "../../../../../../etc/passwd") }
        #expect(try render(stream, voice: "en-us+f3").samples.contains { $0 != 0 })
    }
}
