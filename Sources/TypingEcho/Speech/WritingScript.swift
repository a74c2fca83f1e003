/// The Unicode scripts a language is written in, worked out from ICU's exemplar letters, to
/// check that a translator's words are in the right script (a Latin word in an Arabic table,
/// a Cyrillic letter in a Latin one).
///
/// ```swift
/// let urdu = try WritingScript(locale: LocaleInfo(tag: "ur"))
/// let native = urdu.foreignLetters(in: "متن کا خانہ")   // []
/// let latin = urdu.foreignLetters(in: "text field")     // ["t", "e", "x", …]
/// ```
public struct WritingScript: Sendable, Hashable {
    /// ICU `UScriptCode`s of the exemplar letters (Common and Inherited left out).
    public let scripts: Set<Int32>

    /// The scripts of a locale's main exemplar letters.
    /// - Complexity: O(n) in the size of the exemplar set.
    public init(locale info: LocaleInfo) {
        var scripts: Set<Int32> = []
        for letter in info.exemplarLetters {
            for scalar in letter.unicodeScalars {
                if let script = ICU.script(of: scalar) { scripts.insert(script) }
            }
        }
        self.scripts = scripts
    }

    /// The letters and marks of `text` whose script is not one of the language's, in order,
    /// each once. Digits, punctuation, symbols and spaces belong to every script.
    /// - Complexity: O(n) in the text's length.
    public func foreignLetters(in text: String) -> [Character] {
        guard !scripts.isEmpty else { return [] }
        var foreign: [Character] = []
        for scalar in text.unicodeScalars {
            let category = CharacterCategory(of: scalar)
            guard category.isLetter || category.isMark else { continue }
            if let script = ICU.script(of: scalar), !scripts.contains(script) {
                let character = Character(scalar)
                if !foreign.contains(character) { foreign.append(character) }
            }
        }
        return foreign
    }

    /// A problem message for foreign letters, or nil when there are none.
    func problem(in text: String, locale: String) -> String? {
        let foreign = foreignLetters(in: text)
        guard !foreign.isEmpty else { return nil }
        let list = foreign.prefix(5).map { "'\($0)' (U+\(PhoneticAlphabet.hex(String($0))))" }.joined(separator: ", ")
        return "\(list) \(foreign.count == 1 ? "is" : "are") not in the script of \(locale) (ICU exemplar set); write the word in the language's own script"
    }
}
