import Testing
import TypingEcho
import TypingEchoTesting

/// The Swift API tells a secure field's positions in characters only: two secrets of one count
/// give the same insertion point and selection, however they are encoded.
@Suite("A secure field's positions through the Swift API")
struct SecurePositionsTests {
    /// The insertion points and selections a session shows after typing `secret` and moving.
    static func positions(typing secret: String) throws -> [String] {
        var session = try Session()
        try session.declareField("pw", kind: .secure, label: "Password")
        try session.focus("pw")
        try session.doubleTap()
        try session.keys(secret)
        var seen: [String] = []
        func note() {
            let field = session.element("pw")?.field
            seen.append("\(String(describing: field?.insertionPoint)) \(String(describing: field?.selection))")
        }
        note()
        for key in [HardwareKey.left, .left, .shiftLeft, .shiftRight, .shiftHome, .right, .home, .shiftEnd] {
            try session.key(key)
            note()
        }
        return seen
    }

    @Test("secrets of one count and decoys of every encoding show the same positions")
    func positionsDependOnCountAlone() throws {
        var random = SeededGenerator(seed: 0x5EC0_0DE5)
        let pieces = ["a", "é", "e\u{301}", "😀", "👩‍👩‍👧", "🇫🇷", "中", "ß", "\u{10FFFD}", "Z"]
        for _ in 0..<60 {
            let count = Int.random(in: 2...8, using: &random)
            let secret = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            let decoy = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(try Self.positions(typing: secret) == Self.positions(typing: decoy), "\(secret.unicodeScalars.count) scalars against \(decoy.unicodeScalars.count)")
        }
    }

    @Test("\"ab\" and \"😀b\" have the same insertion point")
    func emojiAndLetter() throws {
        #expect(try Self.positions(typing: "ab") == Self.positions(typing: "😀b"))
    }
}
