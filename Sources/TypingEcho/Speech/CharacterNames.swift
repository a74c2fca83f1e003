/// How single characters are named when spoken: the locale's names table first, then the
/// Unicode name from ICU in lower case, so that nothing is spoken as an empty string or a
/// raw code point.
extension Phrasebook {
    /// How a single character (grapheme cluster) is spoken, without any capital prefix:
    /// letters and digits as themselves, named symbols by their name ("period", pl "kropka"),
    /// anything else by its Unicode name ("thumbs up sign"); emoji sequences by their parts
    /// ("thumbs up sign, medium skin tone"; "man, woman, girl") and flags by the region's name
    /// ("flag: Poland", pl "flaga: Polska").
    ///
    /// The character is NFC-normalised before lookup, so `e` + U+0301 finds `é`.
    public func spokenName(of character: Character) -> String {
        let text = CaseMapping.nfc(String(character))
        if let name = names[text] { return name }
        if text == "\r\n", let name = names["\n"] { return name }
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return string("character.unnamed") }
        let category = CharacterCategory(of: first)
        if category.isLetter && scalars.dropFirst().allSatisfy({ CharacterCategory(of: $0).isMark }) { return text }
        if scalars.count == 1 { return name(of: first) }
        if let flag = flagName(scalars) { return flag }
        return sequenceName(scalars)
    }

    /// One scalar's name: the names table, a letter or digit as itself, ICU's name in lower
    /// case, or a word for a character ICU has no name for (a control, private use, unassigned).
    func name(of scalar: Unicode.Scalar) -> String {
        if let name = names[String(scalar)] { return name }
        let category = CharacterCategory(of: scalar)
        // A combining mark has no sound of its own: the alphabet's word for it is its name
        // (Thai ่ "ไม้เอก", Arabic َ "فتحة"), before ICU's English name.
        if category.isMark, let word = letters[String(scalar)] { return word }
        if category.isLetter || category.isNumber { return String(scalar) }
        if let name = CharacterProperties.name(of: scalar) { return name }
        return string(category.rawValue == 15 ? "character.control" : "character.unnamed")
    }

    /// A flag: two regional indicators (🇵🇱) or a black flag with tag letters (🏴 gbeng).
    /// The region is named by ICU in the speech language, or spelled when ICU has no name.
    func flagName(_ scalars: [Unicode.Scalar]) -> String? {
        let indicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
        if scalars.count == 2, scalars.allSatisfy({ indicators.contains($0.value) }) {
            let code = String(scalars.compactMap { Unicode.Scalar($0.value - 0x1F1E6 + 0x41).map(Character.init) })
            let region = info.regionName(code) ?? code.map(String.init).joined(separator: " ")
            return string("emoji.flag").replacingPlaceholder(with: region)
        }
        guard scalars.count > 3, scalars.first?.value == 0x1F3F4, scalars.last?.value == 0xE007F else { return nil }
        let tags = scalars.dropFirst().dropLast()
        guard tags.allSatisfy({ (0xE0030...0xE007A).contains($0.value) }) else { return nil }
        let code = String(tags.compactMap { Unicode.Scalar($0.value - 0xE0000).map(Character.init) }).uppercased()
        let region = String(code.prefix(2)), subdivision = String(code.dropFirst(2))
        return string("emoji.flag").replacingPlaceholder(with: "\(region)-\(subdivision)")
    }

    /// An emoji or symbol sequence: each part named, joiners, variation selectors and tags
    /// silent ("man, woman, girl"; "thumbs up sign, medium skin tone").
    func sequenceName(_ scalars: [Unicode.Scalar]) -> String {
        var parts: [String] = []
        for scalar in scalars {
            switch scalar.value {
            case 0x200D, 0xFE00...0xFE0F, 0xE0020...0xE007F: continue
            default: parts.append(name(of: scalar))
            }
        }
        return parts.isEmpty ? string("character.unnamed") : parts.joined(separator: listSeparator)
    }
}
