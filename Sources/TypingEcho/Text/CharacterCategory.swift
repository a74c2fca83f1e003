import CICU

/// A Unicode general category as ICU reports it (`UCharCategory`).
public struct CharacterCategory: RawRepresentable, Sendable, Hashable {
    /// ICU's `UCharCategory` value.
    public var rawValue: Int32

    /// Wraps an ICU category value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Wraps an ICU category value.
    init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The category of a scalar.
    public init(of scalar: Unicode.Scalar) { rawValue = tecu_char_category(scalar.value) }

    /// Letters (L*).
    public var isLetter: Bool { (1...5).contains(rawValue) }
    /// Marks (M*): combining characters.
    public var isMark: Bool { (6...8).contains(rawValue) }
    /// Numbers (N*).
    public var isNumber: Bool { (9...11).contains(rawValue) }
    /// Separators (Z*).
    public var isSeparator: Bool { (12...14).contains(rawValue) }
    /// Punctuation (P*).
    public var isPunctuation: Bool { (19...23).contains(rawValue) || rawValue == 28 || rawValue == 29 }
    /// Symbols (S*), emoji among them.
    public var isSymbol: Bool { (24...27).contains(rawValue) }

    /// Whether a character of this category makes a segment a word: letters, numbers and
    /// symbols do; spaces, punctuation, controls and lone marks do not.
    public var makesWord: Bool { isLetter || isNumber || isSymbol }
}

/// Unicode properties of characters as ICU knows them.
public enum CharacterProperties {
    /// Whether the character is a capital letter: its first scalar is Uppercase or titlecase.
    public static func isCapital(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return tecu_char_is_uppercase(first.value) || tecu_char_category(first.value) == 3
    }

    /// Whether every scalar of the text is white space.
    public static func isWhitespace(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { tecu_char_is_whitespace($0.value) }
    }

    /// Whether the character holds an Extended_Pictographic scalar (an emoji).
    public static func isPictographic(_ character: Character) -> Bool {
        character.unicodeScalars.contains { tecu_char_is_pictographic($0.value) }
    }

    /// The Unicode name of a scalar in lower case ("thumbs up sign"), or nil if it has none.
    public static func name(of scalar: Unicode.Scalar) -> String? {
        let name = try? ICU.withResizingByteBuffer("naming U+\(String(scalar.value, radix: 16, uppercase: true))") { buffer, capacity, status in
            tecu_char_name(scalar.value, buffer, capacity, &status)
        }
        guard let name, !name.isEmpty else { return nil }
        return name.lowercased()
    }
}
