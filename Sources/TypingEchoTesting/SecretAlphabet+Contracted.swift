extension SecretAlphabet {
    /// The contracted table the secrets of ``SessionStep/contractedChordSecret(_:into:)`` are
    /// typed in: UEB grade 2, which reads a word's cells back as a whole.
    public static let contractedTable = "en-ueb-g2.ctb"

    /// The uncontracted table the builder sets for ``SessionStep/chordSecret(_:into:)`` when a
    /// contracted one is in force (every uncontracted English table reads a letter as itself).
    public static let uncontractedTable = "en-ueb-g1.ctb"

    /// Words of contracted braille a secret is typed as, each written as the letters that name
    /// its cells (`"ab"` is `⠁⠃`, "about" in ``contractedTable``), in groups.
    ///
    /// In a group every word has as many cells, and each of its beginnings (the first cell,
    /// the first two, …) is read back as as many characters: `"b"` is "but", `"n"` is "not";
    /// `"fr"`, `"ll"` and `"lr"` are "friend", "little" and "letter", whose first cells are
    /// "from", "like" and "like". A decoy word of the same group therefore enters as many
    /// characters as the secret's, whether the word is entered whole, after a held cell was
    /// taken back (`swipe left`), or in any other way that enters a beginning of it. The groups
    /// are liblouis's readings (checked against it by a test); a group has at least two words,
    /// so a decoy can differ from the secret.
    public static let contractedWords: [[String]] = [
        ["a", "i", "o"],
        ["d", "g", "s", "u", "x", "z"],
        ["b", "c", "n", "y"],
        ["f", "h", "j", "l", "m", "t", "v", "w"],
        ["e", "q"],
        ["p", "r"],
        ["ak", "ao", "ay", "iu", "od"],
        ["ab", "af", "ag"],
        ["do", "dy", "ur", "zl", "zx"],
        ["gd", "sd"],
        ["be", "bm", "cc", "nf", "no"],
        ["bl", "cd"],
        ["fs", "fy", "jl", "mh", "ts"],
        ["td", "wd"],
        ["fr", "ll", "lr"],
        ["ed", "eh", "ep", "qc", "qm"],
        ["pe", "ra", "rl", "rm", "rp"],
        ["kb", "ke", "kh", "kj", "kr"],
        ["aoh", "aqj", "ima", "ivq", "iya"],
        ["alm", "alw"],
        ["afs", "ags"],
        ["afn", "afw"],
        ["dcl", "dcv"],
        ["gds", "gdy", "sds"],
        ["brl", "nei"],
        ["bls", "cda", "cds"],
        ["hhm", "jgy", "lxf", "wbp", "wji"],
        ["tds", "wda", "wds"],
        ["frs", "lld", "llr", "lls", "lrs"],
        ["qks", "qky"],
        ["rcv", "rjc"],
    ]

    /// The group of ``contractedWords`` that holds `word`, or nil.
    public static func contractedGroup(of word: String) -> [String]? {
        contractedGroupIndex[word].map { contractedWords[$0] }
    }

    /// The group of every word, looked up once.
    private static let contractedGroupIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (group, words) in contractedWords.enumerated() {
            for word in words { index[word] = group }
        }
        return index
    }()

    /// The cells of a public chord step (``SessionStep/chordPublic(_:into:)``): letters, the
    /// capital and number signs, and cells whose meaning changes with the cell after them
    /// (`⠒` is ":" alone and "∷" doubled, `⠶` "′" and "″").
    public static let publicCells: [Character] = Array("⠁⠃⠉⠑⠓⠇⠕⠞⠠⠼⠒⠶⠲⠂⠈⠐")
}
