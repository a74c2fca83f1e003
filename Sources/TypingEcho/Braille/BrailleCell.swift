/// One cell of a braille display: the raised dots among eight (dots 7 and 8 are the row below
/// the six-dot cell, used for the cursor, selection and eight-dot computer braille).
public struct BrailleCell: Sendable, Hashable, CustomStringConvertible {
    /// The raised dots, one bit each: bit 0 is dot 1, bit 7 is dot 8 (Unicode braille's order).
    public var dots: UInt8

    /// Creates a cell from its dot bits.
    public init(dots: UInt8) { self.dots = dots }

    /// The cell a Unicode braille character (U+2800–U+28FF) shows, or `nil` for other characters.
    public init?(_ scalar: Unicode.Scalar) {
        guard (0x2800...0x28FF).contains(scalar.value) else { return nil }
        dots = UInt8(scalar.value & 0xFF)
    }

    /// The cell with the dots numbered in `numbers` ("125" is dots 1, 2 and 5), or `nil` when a
    /// digit is not 1–8, repeats, or there is none.
    public init?(dotNumbers numbers: some StringProtocol) {
        var dots: UInt8 = 0
        guard !numbers.isEmpty, numbers.utf8.count <= 8 else { return nil }
        for byte in numbers.utf8 {
            guard (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(byte) else { return nil }
            let bit = UInt8(1) << (byte - UInt8(ascii: "1"))
            guard dots & bit == 0 else { return nil }
            dots |= bit
        }
        self.dots = dots
    }

    /// The blank cell (U+2800), no dot raised.
    public static let blank = BrailleCell(dots: 0)
    /// Dots 7 and 8, the cursor and selection shape NVDA, TalkBack and BRLTTY use by default.
    public static let dots78 = BrailleCell(dots: 0xC0)
    /// Dot 8 alone.
    public static let dot8 = BrailleCell(dots: 0x80)
    /// All eight dots.
    public static let allDots = BrailleCell(dots: 0xFF)
    /// The cell a secure field shows for each of its characters: dots 1–6, the same for every
    /// character, so that a cursor or selection in dots 7 and 8 stays perceivable under it.
    public static let secureMask = BrailleCell(dots: 0x3F)

    /// The Unicode braille character for the cell.
    public var scalar: Unicode.Scalar { Unicode.Scalar(0x2800 + UInt32(dots))! }

    /// The dot numbers raised, in order ("125"), or "0" for the blank cell.
    public var dotNumbers: String {
        let numbers = (0..<8).filter { dots & (1 << $0) != 0 }.map { String($0 + 1) }.joined()
        return numbers.isEmpty ? "0" : numbers
    }

    /// The cell with `other`'s dots raised too (a cursor or selection over a character).
    public func raising(_ other: BrailleCell) -> BrailleCell { BrailleCell(dots: dots | other.dots) }

    /// The Unicode braille character, e.g. "⠓".
    public var description: String { String(Character(scalar)) }

    /// The cells of a string of Unicode braille, or `nil` when a character is not braille.
    ///
    /// - Complexity: O(*n*) in the string's length.
    public static func cells(of braille: some StringProtocol) -> [BrailleCell]? {
        var cells: [BrailleCell] = []
        cells.reserveCapacity(braille.unicodeScalars.underestimatedCount)
        for scalar in braille.unicodeScalars {
            guard let cell = BrailleCell(scalar) else { return nil }
            cells.append(cell)
        }
        return cells
    }

    /// The cells as a string of Unicode braille.
    ///
    /// - Complexity: O(*n*) in the number of cells.
    public static func string(of cells: some Sequence<BrailleCell>) -> String {
        var scalars = String.UnicodeScalarView()
        for cell in cells { scalars.append(cell.scalar) }
        return String(scalars)
    }
}
