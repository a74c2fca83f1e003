import Testing
@testable import TypingEcho
import TypingEchoTesting

/// Secrets holding code points Swift's `Character` joins and a field does not (U+0897, …)
/// against secrets of the same count in the field: every channel must be the same.
@Suite("Segmentation leaks")
struct SegmentationLeakTests {
    static let prelude = """
        field pw kind=secure label="Password"
        field pin kind=secure label="PIN" max=3
        focus pw
        double-tap

        """

    /// Everything two runs show, for secrets of the same count in the field.
    static func outputs(_ secret: String, _ suffix: String = "") throws -> String {
        let quoted = SecureSession.quoted(secret)
        let script = prelude + """
            keys \(quoted)
            key backspace
            key left
            clipboard \(quoted)
            edit paste
            expect count 3
            expect speech \(quoted)
            focus pin
            double-tap
            keys \(quoted)
            keys \(quoted)\(suffix)
            """
        return replay(script, expecting: suffix.isEmpty ? .finishes : .stopsWithError).everything
    }

    @Test("keys, paste, a limit and an error after the quote: a disagreeing code point is a character like any other",
          arguments: SegmentationDisagreement.standalone)
    func eachDisagreeingCodePoint(_ scalar: Unicode.Scalar) throws {
        let secret = "a\(scalar)"
        #expect(try Self.outputs(secret) == Self.outputs("ab"))
        // The column after the quoted secret (an error) counts the field's characters.
        #expect(try Self.outputs(secret, " x") == Self.outputs("ab", " x"))
    }

    @Test("Generated secrets of disagreeing code points and letters show what decoys of the same count show")
    func generatedSecrets() async {
        let pool = SecretAlphabet.disagreeing + Array("ab1é")
        let letters = Array("xyzXYZ0")
        let gen = Gen<String>.string(of: .element(of: pool), length: 1...6).flatMap { secret in
            let count = TextBuffer.characters(of: secret).count
            return Gen<String>.string(of: .element(of: letters), length: count...count).map { (secret, $0) }
        }
        await expectProperty("disagreeingSecrets", gen, cases: 200) { (pair: (String, String)) throws in
            let (secret, decoy) = pair
            let real = try Self.outputs(secret), decoyed = try Self.outputs(decoy)
            #expect(real == decoyed)
            let realError = try Self.outputs(secret, " x"), decoyError = try Self.outputs(decoy, " x")
            #expect(realError == decoyError)
        }
    }

    @Test("An unclosed quote says the same whether the secret in it holds a raw CR or not")
    func unclosedQuoteWithCarriageReturn() throws {
        let withCR = replay(Self.prelude + "keys \"hu\rter2\n", expecting: .stopsWithError).errorLine
        let without = replay(Self.prelude + "keys \"huxter2\n", expecting: .stopsWithError).errorLine
        #expect(withCR != nil && withCR == without)
    }
}
