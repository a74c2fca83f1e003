/// The one "did you mean" rule of TypingEcho: script commands and values, setting names,
/// element ids, trait names and the command line's commands and options all use it.
///
/// A name is suggested only when it is a typo away from what was written: at most one edit
/// (an insertion, a deletion, a substitution or a swap of two neighbours) per three letters of
/// the name, at least one and at most three. `kyes` suggests `keys`, `replai` suggests `replay`,
/// `xyz` suggests nothing.
public enum Suggestion {
    /// Words longer than this get no suggestion, so that a megabyte-long id among 100,000
    /// elements costs time in proportion to the input, not to its square.
    public static let longestWord = 64

    /// The name nearest to `word`, if it is close enough to be a typo; the first such name in
    /// `names` wins a tie.
    ///
    /// - Complexity: O(*n* · *w*²) for *n* names of about the word's length *w* (at most 64);
    ///   names whose length differs by more than the allowed distance cost only their length.
    public static func closest(to word: String, among names: some Sequence<String>) -> String? {
        let typed = Array(word.unicodeScalars)
        guard typed.count <= longestWord else { return nil }
        var best: (name: String, distance: Int)?
        for name in names {
            let length = name.unicodeScalars.count
            let limit = allowedDistance(forLength: length)
            // The distance is at least the difference in length: such a name is not compared.
            guard abs(typed.count - length) <= limit else { continue }
            let distance = editDistance(typed, Array(name.unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// How many edits a name of `length` scalars may be away from what was typed: one per three
    /// letters, at least one and at most three.
    public static func allowedDistance(forLength length: Int) -> Int {
        max(1, min(3, length / 3))
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent scalars, each counting one.
    ///
    /// - Complexity: O(*a* · *b*) time, O(*b*) memory.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Plain loops and two-way comparisons: a misspelt command in every generated secure
        // session reaches here, and in a debug build `Array(0...n)` and the variadic `min`
        // were most of the cost (an unspecialised copy, and an array per cell).
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = [Int](repeating: 0, count: b.count + 1)
        for j in 0...b.count { previous[j] = j }
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = previous[j - 1] + cost
                if previous[j] + 1 < best { best = previous[j] + 1 }
                if current[j - 1] + 1 < best { best = current[j - 1] + 1 }
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], previous2[j - 2] + 1 < best {
                    best = previous2[j - 2] + 1
                }
                current[j] = best
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// The edit distance between two strings, counted in Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
}

extension Array where Element == String {
    /// The element nearest to `word` by `Suggestion.closest(to:among:)`, if it is close enough
    /// to be a typo.
    func closest(to word: String) -> String? {
        Suggestion.closest(to: word, among: self)
    }
}
