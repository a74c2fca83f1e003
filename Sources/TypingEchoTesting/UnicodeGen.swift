import TypingEcho

extension Gen where Value == String {
    /// One whole piece from any ``UnicodeFamily``, families picked by their weight; shrinks toward "a".
    public static var unicodePiece: Gen<String> {
        unicodePiece(from: UnicodeFamily.allCases)
    }

    /// One whole piece from `family`, shrinking toward the family's first piece.
    public static func unicodePiece(from family: UnicodeFamily) -> Gen<String> {
        .element(of: family.pieces)
    }

    /// One whole piece from `families`, each picked by its weight; shrinks toward the first family.
    public static func unicodePiece(from families: [UnicodeFamily]) -> Gen<String> {
        precondition(!families.isEmpty, "Gen.unicodePiece needs at least one family")
        return .frequency(families.map { ($0.weight, unicodePiece(from: $0)) })
    }

    /// Text of `length` pieces from `families` (all by default), mixed by weight; it shrinks
    /// grapheme by grapheme.
    ///
    /// A new text is `length` whole pieces, as joining `unicodePiece(from:)` values
    /// gives. Its choices record it as the grapheme clusters a field counts (ICU's, never
    /// Swift's `Character`), each a family and a grapheme of that family's pieces, so shrinking
    /// removes graphemes one at a time, also from inside a piece (`"zażółć"` to `"ż"`), and
    /// simplifies each toward the first grapheme of the first family (`"a"` by default). A
    /// shrunk text holds at least `length.lowerBound` graphemes.
    ///
    /// ```swift
    /// let text = Gen.unicodeText(length: 0...12, families: [.flags, .thai, .whitespace])
    /// ```
    public static func unicodeText(
        length: ClosedRange<Int>,
        families: [UnicodeFamily] = UnicodeFamily.allCases
    ) -> Gen<String> {
        precondition(length.lowerBound >= 0, "Gen.unicodeText lengths must not be negative")
        precondition(!families.isEmpty, "Gen.unicodeText needs at least one family")
        let text = GraphemeText(families: families, length: length)
        return Gen { source in try text.draw(from: source) }
    }

    /// Passwords of 1 to 24 Characters: mostly printable ASCII, sometimes a non-ASCII letter or symbol.
    public static var password: Gen<String> {
        let ascii = (UInt8(0x20)...UInt8(0x7E)).map { Character(UnicodeScalar($0)) }
        let printable = ascii.filter(\.isLetter) + ascii.filter { !$0.isLetter }
        let nonASCII: [Character] = ["é", "ß", "ł", "ñ", "€", "Ж", "😀"]
        let character = Gen<Character>.frequency([(20, .element(of: printable)), (1, .element(of: nonASCII))])
        return .string(of: character, length: 1...24)
    }
}

/// The grapheme clusters of one family's pieces, as a field segments them (ICU).
struct FamilyGraphemes: Sendable {
    /// The family's distinct graphemes (told apart by their scalars), in the order they first
    /// appear in its pieces: the first piece's first grapheme first.
    let graphemes: [String]
    /// Each piece of the family as indices into `graphemes`.
    let pieces: [[Int]]

    init(_ family: UnicodeFamily) {
        var graphemes: [String] = []
        var known: [[Unicode.Scalar]: Int] = [:]
        pieces = family.pieces.map { piece in
            TextBuffer.characters(of: piece).map { grapheme in
                let scalars = Array(grapheme.unicodeScalars)
                if let index = known[scalars] { return index }
                known[scalars] = graphemes.count
                graphemes.append(grapheme)
                return graphemes.count - 1
            }
        }
        self.graphemes = graphemes
    }

    /// Every family's graphemes, segmented once.
    static let all: [UnicodeFamily: FamilyGraphemes] = Dictionary(
        uniqueKeysWithValues: UnicodeFamily.allCases.map { ($0, FamilyGraphemes($0)) })
}

/// ``Gen/unicodeText(length:families:)``: text drawn as whole pieces and recorded as graphemes.
///
/// Its choices are those of an array of graphemes (a "one more?" choice before each grapheme
/// past `length.lowerBound`, then the family's index in `families` and the grapheme's index in
/// that family), so that deleting one grapheme's span deletes that grapheme and lowering its
/// choices simplifies it. A fresh text is planned at its first choice: the pieces are drawn
/// from the random generator exactly as joining `length` `Gen.unicodePiece(from:)`
/// values draws them (the count first, then a weighted family and a piece for each), so a seed
/// gives the same text as when texts were recorded as pieces; the plan's graphemes are then
/// recorded one by one.
struct GraphemeText: Sendable {
    let families: [FamilyGraphemes]
    let length: ClosedRange<Int>
    /// The cumulative weights of the families, as `Gen.frequency` draws them.
    private let limits: [UInt64]
    /// The most graphemes a text may hold: `length.upperBound` pieces of the longest.
    private let maximum: Int

    init(families: [UnicodeFamily], length: ClosedRange<Int>) {
        self.families = families.map { FamilyGraphemes.all[$0]! }
        self.length = length
        limits = families.reduce(into: []) { limits, family in limits.append((limits.last ?? 0) + UInt64(family.weight)) }
        let longest = self.families.map { $0.pieces.map(\.count).max() ?? 1 }.max() ?? 1
        maximum = length.upperBound * longest
    }

    /// One planned grapheme: the family's index in `families` and the grapheme's in the family.
    private struct Planned {
        var family: UInt64
        var grapheme: UInt64
    }

    /// The graphemes of `length` pieces drawn from `random` as joined pieces would draw them.
    private func plan(_ random: inout SeededGenerator) -> [Planned] {
        var planned: [Planned] = []
        var pieces = 0
        var target: Int?
        while pieces < length.upperBound {
            if pieces >= length.lowerBound {
                if target == nil { target = chooseCount(in: length, using: &random) }
                if pieces >= target! { break }
            }
            let ticket = random.next(upTo: limits.last! - 1)
            let family = limits.firstIndex { ticket < $0 } ?? families.count - 1
            let piece = families[family].pieces[Int(random.next(upTo: UInt64(families[family].pieces.count - 1)))]
            for grapheme in piece { planned.append(Planned(family: UInt64(family), grapheme: UInt64(grapheme))) }
            pieces += 1
        }
        return planned
    }

    /// Draws a text from `source`: planned when it is fresh, read grapheme by grapheme when replaying.
    func draw(from source: Source) throws -> String {
        var planned: [Planned]?
        var text = ""
        var count = 0
        func next(_ random: inout SeededGenerator) -> Planned? {
            if planned == nil { planned = plan(&random) }
            return count < planned!.count ? planned![count] : nil
        }
        while count < maximum {
            let more = try source.span { () throws -> Bool in
                if count >= length.lowerBound {
                    let flag = try source.draw(upTo: 1) { next(&$0) == nil ? 0 : 1 }
                    if flag == 0 { return false }
                }
                let family = families[Int(try source.draw(upTo: UInt64(families.count - 1)) { next(&$0)?.family ?? 0 })]
                let grapheme = try source.draw(upTo: UInt64(family.graphemes.count - 1)) { next(&$0)?.grapheme ?? 0 }
                text += family.graphemes[Int(grapheme)]
                count += 1
                return true
            }
            if !more { break }
        }
        return text
    }
}
