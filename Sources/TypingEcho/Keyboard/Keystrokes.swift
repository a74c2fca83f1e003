/// What `type "TEXT"` enters key by key.
extension KeyboardLayout {
    /// The characters to enter one key each, with the position (0-based, in characters of
    /// `text`) each belongs to. A character no key or alternate types whole is entered scalar
    /// by scalar when every scalar has a key, as a user does: Thai "ก่" is ก then the tone mark
    /// ่, Arabic "بَ" is ب then the fatha; the text ends up the same.
    /// - Complexity: O(n · k) in the text's scalars and the layout's keys.
    func keystrokes(for text: String, inArea: Bool) -> [(offset: Int, character: Character)] {
        var result: [(offset: Int, character: Character)] = []
        for (offset, character) in text.enumerated() {
            let scalars = character.unicodeScalars.map(Character.init)
            if route(for: character, from: .letters, inArea: inArea) == nil, scalars.count > 1,
               scalars.allSatisfy({ route(for: $0, from: .letters, inArea: inArea) != nil }) {
                result += scalars.map { (offset, $0) }
            } else {
                result.append((offset, character))
            }
        }
        return result
    }
}
