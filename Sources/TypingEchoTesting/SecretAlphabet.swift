import TypingEcho

/// The characters generated secrets are made of, for leak tests with independent decoys.
///
/// Every character is one character of a field (ICU's grapheme rules) that never joins a
/// neighbour there (no combining mark, joiner or lone regional indicator at its start, nothing
/// at its end that reaches forward), so a field's count is the sum of what went in and a decoy
/// of the same count shows the same counts. Some of them (``disagreeing``) do join the
/// character before them in Swift's `String`: a secret holding them has fewer `Character`s
/// than the field counts, which is how a Swift segmentation anywhere in the engine shows. Joins *are* a residual channel of the engine (a flag completed by a paste grows
/// the field by 0): see docs/secure-entry.md; they are left out here so that the property can
/// compare everything else exactly.
public enum SecretAlphabet {
    /// Every character a generated secret may hold: printable ASCII, the password generator's
    /// extras, the en-US keyboard's characters, and each character of the pieces of every
    /// `UnicodeFamily` except Devanagari (ICU and Swift segment its conjuncts differently) and
    /// whitespace, and the ``disagreeing`` code points.
    public static let characters: [Character] = {
        var seen: Set<Character> = []
        var result: [Character] = []
        func add(_ character: Character) { if seen.insert(character).inserted { result.append(character) } }
        for byte in UInt8(0x20)...UInt8(0x7E) { add(Character(Unicode.Scalar(byte))) }
        for character in "éßłñ€Ж😀" { add(character) }
        onScreen.forEach(add)
        for family in UnicodeFamily.allCases where family != .devanagari && family != .whitespace {
            for piece in family.pieces { piece.forEach(add) }
        }
        disagreeing.forEach(add)
        return result
    }()

    /// The code points Swift's `Character` joins to the character before and ICU keeps apart
    /// (``SegmentationDisagreement/standalone``: U+0897, U+1ACF–U+1ADD, U+10D69–U+10D6D,
    /// U+113B8–U+113E2, …), each on its own a `Character` and a character of a field.
    public static let disagreeing: [Character] = SegmentationDisagreement.standalone.map(Character.init)

    /// The characters of `text` as a field counts them (ICU's grapheme clusters), which is how
    /// secrets are split for decoys: never by Swift's `Character`.
    public static func fieldCharacters(of text: String) -> [Character] {
        TextBuffer.characters(of: text).map { $0.count == 1 ? Character($0) : Character(String($0.unicodeScalars.first!)) }
    }

    /// The characters the en-US on-screen keyboard types (`type`): every layer, shifted forms
    /// and alternates, and the space.
    public static let onScreen: [Character] = KeyboardLayout.matching("en-US").typeableCharacters

    /// The letters Braille Screen Input types into secure fields: a to z, each one cell that
    /// every uncontracted table (UEB grade 1, computer braille) reads back as that letter alone,
    /// so a secret typed as chords and its decoy enter the same number of characters.
    public static let brailleLetters: [Character] = Array("abcdefghijklmnopqrstuvwxyz")

    /// The dots of each of ``brailleLetters``, in order (the six-dot letters of every English table).
    private static let letterDots = [
        "1", "12", "14", "145", "15", "124", "1245", "125", "24", "245", "13", "123", "134",
        "1345", "135", "1234", "12345", "1235", "234", "2345", "136", "1236", "2456", "1346", "13456", "1356",
    ]

    /// The dot numbers of one of ``brailleLetters`` (`"125"` for h), as `chord` takes them.
    public static func dots(of letter: Character) -> String {
        guard let index = brailleLetters.firstIndex(of: letter) else { preconditionFailure("\(letter) is not a braille letter") }
        return letterDots[index]
    }

    /// Letters of ``brailleLetters`` as Unicode braille cells (`"⠓⠑"` for "he"), as `chords` takes them.
    public static func cells(of letters: String) -> String {
        var cells = ""
        for letter in letters {
            let bits = dots(of: letter).reduce(UInt32(0)) { $0 | 1 << ($1.wholeNumberValue! - 1) }
            cells.unicodeScalars.append(Unicode.Scalar(0x2800 + bits)!)
        }
        return cells
    }

    /// How many characters `character` takes written inside a script string: 1, or more for
    /// one that needs an escape (`\"`, `\\`, `\n`, `\u{1F}`). Script error columns after a
    /// quoted secret count these (as a field counts characters), so a decoy character has the
    /// same width.
    public static func width(of character: Character) -> Int {
        knownWidths[character] ?? measuredWidth(of: character)
    }

    /// The width of a character as the script writes it, measured: the quoted character's
    /// field characters, less the two quotes.
    private static func measuredWidth(of character: Character) -> Int {
        TextBuffer.characters(of: SecureSession.quoted(String(character))).count - 2
    }

    /// The width of every character of ``characters`` (which holds ``onScreen``), measured
    /// once: every character of every secret asks for its decoy, and quoting and segmenting
    /// it each time was a tenth of a case in a debug build.
    private static let knownWidths: [Character: Int] = Dictionary(uniqueKeysWithValues: characters.map { ($0, measuredWidth(of: $0)) })

    /// The characters of the same width as `character`, from `onScreen` or `characters`.
    static func choices(sameWidthAs character: Character, onScreen: Bool) -> [Character] {
        let table = onScreen ? onScreenByWidth : byWidth
        return table[width(of: character)] ?? [character]
    }

    private static let byWidth = Dictionary(grouping: characters, by: width(of:))
    private static let onScreenByWidth = Dictionary(grouping: onScreen, by: width(of:))
}

extension SecureSession {
    /// Decoys for this session: the same steps, with the text of every secret step replaced by
    /// an independent random text of the same number of characters (any case, class, layer,
    /// script and repetition), each character written with as many characters in the script
    /// as the one it replaces. Text typed on the on-screen keyboard gets characters it types,
    /// text typed as braille chords letters of ``SecretAlphabet/brailleLetters`` (one cell each),
    /// a contracted braille word another word of its group of ``SecretAlphabet/contractedWords``.
    ///
    /// Nothing of the real secret is kept but its count, so a run with a decoy shows every
    /// channel that depends on the characters, including the gestures `type` makes.
    public var independentDecoy: Gen<SecureSession> {
        let steps = self.steps
        return Gen { source in
            var decoys: [SessionStep] = []
            for step in steps {
                guard let text = step.secretText else {
                    decoys.append(step)
                    continue
                }
                if case .contractedChordSecret = step {
                    // A word of the same group: as many cells, and as many characters read back.
                    let group = SecretAlphabet.contractedGroup(of: text) ?? [text]
                    decoys.append(step.replacingSecret(with: group[Int(try source.draw(upTo: UInt64(group.count - 1)))]))
                    continue
                }
                let onScreen = if case .typeSecretOnScreen = step { true } else { false }
                let chords = if case .chordSecret = step { true } else { false }
                var decoy = ""
                for character in SecretAlphabet.fieldCharacters(of: text) {
                    let options = chords ? SecretAlphabet.brailleLetters : SecretAlphabet.choices(sameWidthAs: character, onScreen: onScreen)
                    decoy.append(options[Int(try source.draw(upTo: UInt64(options.count - 1)))])
                }
                decoys.append(step.replacingSecret(with: decoy))
            }
            return SecureSession(steps: decoys)
        }
    }
}

extension Gen where Value == (SecureSession, SecureSession) {
    /// A generated session and an independent decoy for it (see `SecureSession.independentDecoy`).
    public static func secureSessionWithDecoy(steps: ClosedRange<Int>) -> Gen<(SecureSession, SecureSession)> {
        Gen<SecureSession>.secureSession(steps: steps).flatMap { session in
            session.independentDecoy.map { (session, $0) }
        }
    }
}
