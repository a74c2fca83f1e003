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

    /// Text of `length` pieces from `families` (all by default), mixed by weight.
    ///
    /// ```swift
    /// let text = Gen.unicodeText(length: 0...12, families: [.flags, .thai, .whitespace])
    /// ```
    public static func unicodeText(
        length: ClosedRange<Int>,
        families: [UnicodeFamily] = UnicodeFamily.allCases
    ) -> Gen<String> {
        .concatenation(of: unicodePiece(from: families), count: length)
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
