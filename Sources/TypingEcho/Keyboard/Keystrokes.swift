/// What `type "TEXT"` enters key by key.
extension KeyboardLayout {
    /// The characters to enter one key each, with the position (0-based, in the field's
    /// characters of `text`: ICU's grapheme clusters for `locale`, see `FieldCharacters`) each
    /// belongs to. A character no key or alternate types whole is entered scalar by scalar when
    /// every scalar has a key, as a user does: Thai "ก่" is ก then the tone mark ่, Arabic "بَ"
    /// is ب then the fatha; the text ends up the same. A character that neither way can type
    /// is given as U+FFFF, which no key types, so that the caller names its position.
    /// - Complexity: O(n · k) in the text's scalars and the layout's keys.
    func keystrokes(for text: String, locale: String, inArea: Bool) -> [(offset: Int, character: Character)] {
        var result: [(offset: Int, character: Character)] = []
        var offset = 0
        FieldCharacters.forEach(in: text, locale: locale) { cluster in
            defer { offset += 1 }
            // One Swift `Character` too (nearly always), or text Swift splits and ICU joins.
            let whole: Character? = cluster.count == 1 ? cluster.first : nil
            if let whole, route(for: whole, from: .letters, inArea: inArea) != nil {
                result.append((offset, whole))
                return
            }
            let scalars = cluster.unicodeScalars.map(Character.init)
            if scalars.count > 1, scalars.allSatisfy({ route(for: $0, from: .letters, inArea: inArea) != nil }) {
                result += scalars.map { (offset, $0) }
            } else {
                result.append((offset, whole ?? Self.untypeable))
            }
        }
        return result
    }

    /// A noncharacter no layout has a key for: the stand-in for a character nothing types.
    static let untypeable: Character = "\u{FFFF}"
}
