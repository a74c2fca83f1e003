extension Phrasebook {
    /// The keys only a reader's own words have (no VoiceOver word, nothing said without
    /// them): a line break at the insertion point ("blank"), and the count of a run of one
    /// character, `repeated.` and a plural category ("8 black circle characters").
    static let readerOnlyKeys: Set<String> = ["at-line-break"]

    /// The name of `toolkit`'s mask character, as a password field shows it ("black circle" in
    /// GTK, "bullet" in Chromium).
    func maskName(in toolkit: Toolkit) -> String { string("secure.mask", toolkit: toolkit, else: "bullet") }

    /// The prefix of the run-count templates, one per plural category (`repeated.other`).
    static let repeatedKeyPrefix = "repeated."

    /// A run of one character as a reader that counts repeats says it: `count` times the
    /// character's `name` ("black circle black circle"), or, with a `limit` above zero and at
    /// least `limit` of them, the reader's count of them ("8 black circle characters", the
    /// `repeated.CATEGORY` templates: `{0}` the count in the locale's digits, `{1}` the name).
    /// Empty for no characters. The words depend on the count and the name alone.
    /// - Complexity: O(n) in the count when it is said name by name, else O(1).
    func run(of name: String, count: Int, limit: Int) -> String {
        guard count > 0 else { return "" }
        guard limit > 0, count >= limit else { return Array(repeating: name, count: count).joined(separator: " ") }
        let (category, digits) = pluralCategoryAndDigits(of: count)
        let template = strings[Self.repeatedKeyPrefix + category] ?? string(Self.repeatedKeyPrefix + "other")
        return template.replacingPlaceholder(with: digits).replacing("{1}", with: name)
    }
}
