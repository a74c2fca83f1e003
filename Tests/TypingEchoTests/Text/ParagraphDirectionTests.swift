import Testing
@testable import TypingEcho

@Suite("Paragraph direction")
struct ParagraphDirectionTests {
    /// The first strong character's direction, searched from scratch.
    static func reference(_ text: String) -> Bool? {
        for scalar in text.unicodeScalars {
            if let direction = ICU.strongDirection(of: scalar) { return direction == .rightToLeft }
        }
        return nil
    }

    @Test("The kept search answers as a search from scratch after every edit, move and replacement")
    func keptSearchIsRight() throws {
        let pieces = ["1", "23", " ", "a", "א", "ب", "😀", "\u{301}", "-", "𐤀"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<200 {
            var buffer = try TextBuffer("")
            for _ in 0..<30 {
                switch next(6) {
                case 0, 1, 2: buffer.insert(pieces[next(pieces.count)])
                case 3: buffer.deleteBackward()
                case 4: buffer.move(toEnd: next(2) == 0)
                default: _ = buffer.moveCharacter(next(2) == 0 ? .backward : .forward)
                }
                #expect(buffer.firstStrongIsRightToLeft() == Self.reference(buffer.string), "\(buffer.string.unicodeScalars.map(\.value))")
            }
            buffer.replaceAll(with: "12")
            #expect(buffer.firstStrongIsRightToLeft() == nil)
        }
    }

    @Test("Asked again with no edit before the character found, the search reads nothing")
    func keptAcrossArrows() throws {
        var buffer = try TextBuffer(String(repeating: "7", count: 10_000) + "א")
        #expect(buffer.firstStrongIsRightToLeft() == true)
        #expect(buffer.directionScan.foundEnd == 10_001)
        buffer.insert("x")  // after the Hebrew letter: the answer stands
        #expect(buffer.directionScan.foundEnd == 10_001 && buffer.firstStrongIsRightToLeft() == true)
        buffer.move(toEnd: false)
        buffer.insert("a")  // before it: searched again, from the start
        #expect(buffer.directionScan.foundEnd == nil && buffer.firstStrongIsRightToLeft() == false)
    }
}
