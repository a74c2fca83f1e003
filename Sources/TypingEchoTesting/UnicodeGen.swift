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
    /// The pieces themselves.
    let texts: [String]

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
        texts = family.pieces
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
/// choices simplifies it. A fresh text is planned at once: the pieces are drawn from the
/// random generator exactly as joining `length` `Gen.unicodePiece(from:)` values draws them
/// (the count first, then a weighted family and a piece for each), so a seed gives the same
/// text as when texts were recorded as pieces; the plan's graphemes are then recorded in one
/// go, the choices a replay reads back one by one.
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

    /// The pieces of a text drawn from `random` as joined pieces would draw them (the count,
    /// then a weighted family and a piece for each), each as the family's index in `families`
    /// and the piece's in the family.
    private func plan(_ random: inout SeededGenerator) -> [(family: Int, piece: Int)] {
        var pieces: [(family: Int, piece: Int)] = []
        var target: Int?
        while pieces.count < length.upperBound {
            if pieces.count >= length.lowerBound {
                if target == nil { target = chooseCount(in: length, using: &random) }
                if pieces.count >= target! { break }
            }
            let ticket = random.next(upTo: limits.last! - 1)
            let family = limits.firstIndex { ticket < $0 } ?? families.count - 1
            pieces.append((family, Int(random.next(upTo: UInt64(families[family].pieces.count - 1)))))
        }
        return pieces
    }

    /// Draws a fresh text: its plan, recorded grapheme by grapheme as the choices a replay reads back.
    private func drawFresh(from source: Source) throws -> String {
        let pieces = source.withRandom { plan(&$0) }
        var text = ""
        var count = 0
        let familyBound = UInt64(families.count - 1)
        for (family, piece) in pieces {
            let graphemes = families[family]
            let bound = UInt64(graphemes.graphemes.count - 1)
            for grapheme in graphemes.pieces[piece] {
                let start = source.count
                if count >= length.lowerBound { source.record(1, bound: 1) }
                source.record(UInt64(family), bound: familyBound)
                source.record(UInt64(grapheme), bound: bound)
                source.recordSpan(from: start)
                count += 1
            }
            text += graphemes.texts[piece]
        }
        if count < maximum {
            let start = source.count
            source.record(0, bound: 1)
            source.recordSpan(from: start)
        }
        try source.checkRecorded()
        return text
    }

    /// Draws a text from `source`: planned when it is fresh, read grapheme by grapheme when replaying.
    func draw(from source: Source) throws -> String {
        if source.isFresh { return try drawFresh(from: source) }
        var text = ""
        var count = 0
        while count < maximum {
            let more = try source.span { () throws -> Bool in
                if count >= length.lowerBound, try source.draw(upTo: 1) == 0 { return false }
                let family = families[Int(try source.draw(upTo: UInt64(families.count - 1)))]
                text += family.graphemes[Int(try source.draw(upTo: UInt64(family.graphemes.count - 1)))]
                count += 1
                return true
            }
            if !more { break }
        }
        return text
    }
}
