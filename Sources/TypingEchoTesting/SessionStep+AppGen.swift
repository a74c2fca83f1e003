import TypingEcho

extension Gen where Value == SessionStep {
    /// What the app does to the sign-in screen under the user: removes an element (a secure
    /// field, one before it, or another), declares one again with changed attributes (the
    /// secure fields too), posts `screen-changed` or `layout-changed` with or without a focus
    /// target, and announces public text.
    public static var appStep: Gen<SessionStep> {
        let id = Gen<String>.frequency([
            (3, .constant("pw")), (2, .constant("pin")), (2, .constant("user")), (1, .constant("note")), (1, .constant("go")),
        ])
        let target = Gen<String?>.frequency([(1, .constant(nil)), (2, id.map { Optional($0) })])
        return .frequency([
            (3, id.map { .remove($0) }),
            (3, Gen<(String, Int)>.zip(id, .int(in: 0...2)).map { .redeclare($0, variant: $1) }),
            (1, target.map { .screenChanged(focus: $0) }),
            (2, target.map { .layoutChanged(focus: $0) }),
            (1, Gen<String>.unicodeText(length: 1...3, families: [.ascii, .polish]).map { .announce($0) }),
        ])
    }

    /// A switch of screen reader in the middle of a session: each of the five (`settings
    /// reader=…`), Orca (which has no touch screen) also with `touch=on`.
    public static var readerSwitch: Gen<SessionStep> {
        Gen<String>.element(of: [
            "reader=voiceover", "reader=talkback", "reader=nvda", "reader=orca", "reader=chromevox", "reader=orca touch=on",
        ]).map { .setting($0) }
    }

    /// A step of a braille case: secrets typed as chords in uncontracted and contracted
    /// braille, public chords, Braille Screen Input on and off, its swipes, the display's and
    /// the input's settings (computer braille, UEB grades 1 and 2), the app's steps and reader
    /// switches (which then happen while contracted cells are held).
    static func brailleStep(secureField: Gen<String>) -> Gen<SessionStep> {
        let letters = Gen<String>.string(of: .element(of: SecretAlphabet.brailleLetters), length: 1...5)
        let contracted = Gen<[String]>.element(of: SecretAlphabet.contractedWords).flatMap { Gen<String>.element(of: $0) }
        let publicCells = Gen<String>.string(of: .element(of: SecretAlphabet.publicCells), length: 1...4)
        return .frequency([
            (3, Gen<(String, String)>.zip(letters, secureField).map { .chordSecret($0, into: $1) }),
            (4, Gen<(String, String)>.zip(contracted, secureField).map { .contractedChordSecret($0, into: $1) }),
            (1, Gen<(String, String)>.zip(publicCells, .element(of: ["user", "note"])).map { .chordPublic($0, into: $1) }),
            (2, Gen<Bool>.bool.map { .brailleInput(!$0) }),
            (3, Gen<SessionStep>.element(of: [
                .brailleSwipe(.right, fingers: 1), .brailleSwipe(.left, fingers: 1), .brailleSwipe(.right, fingers: 2),
                .brailleSwipe(.left, fingers: 2), .brailleSwipe(.up, fingers: 3),
            ])),
            (3, Gen<String>.element(of: [
                "braille=on braille-table=en-us-comp8.ctb braille-cells=12", "braille-cursor=all braille=on",
                "braille=on", "braille=off", "braille=on braille-table=en-ueb-g2.ctb braille-cells=20",
                "braille-input-table=en-ueb-g2.ctb", "braille-input-table=en-ueb-g1.ctb",
                "braille-input-table=en-us-comp8.ctb", "braille-input-table=default",
                "braille=on braille-layout=end-marker braille-error=on braille-cells=32", "braille-layout=roles braille-error=on",
            ]).map { .setting($0) }),
            (3, appStep),
            (1, readerSwitch),
        ])
    }

    /// A word of contracted braille held in a secure field while the app changes the screen
    /// (one or two of ``appStep``), then `next`: the step whose input enters the held word.
    /// The moment a held word outlives a change of the screen, drawn as one part of a braille
    /// case (steps drawn one by one would put the three together about once in 3,000 cases).
    static func heldWhileScreenChanges(secureField: Gen<String>, then next: Gen<SessionStep>) -> Gen<[SessionStep]> {
        let contracted = Gen<[String]>.element(of: SecretAlphabet.contractedWords).flatMap { Gen<String>.element(of: $0) }
        let held = Gen<(String, String)>.zip(contracted, secureField).map { SessionStep.contractedChordSecret($0, into: $1) }
        return Gen<(SessionStep, [SessionStep], SessionStep)>.zip(held, .array(of: appStep, count: 1...2), next).map { held, app, next in
            [held] + app + [next]
        }
    }
}
