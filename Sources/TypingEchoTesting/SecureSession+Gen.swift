import TypingEcho

extension Gen where Value == SecureSession {
    /// The odds of a braille case among the secure sessions: one in eight.
    public static var brailleShare: (other: Int, braille: Int) { (7, 1) }

    /// The most parts a braille case has (before the optional malformed last line): a part is
    /// one step, or a held contracted word, one or two of the app's steps and one step more
    /// (`Gen.heldWhileScreenChanges(secureField:then:)`), so a braille case has at most four
    /// times as many steps.
    public static var brailleCaseSteps: Int { 6 }

    /// Sessions of `steps` steps that put secrets drawn from `families` into secure fields by
    /// every path (hardware keys, `type` in every typing mode, paste, refused dictation) among
    /// focus changes, keyboard exploration, edit actions (by command and by rotor), hardware
    /// keys, rotor moves, setting changes, switches of screen reader (all five), public typing,
    /// dictation and clipboard, expectations, and what the app does to the screen meanwhile
    /// (``Gen/appStep``: `remove`, declarations again, `screen-changed`, `layout-changed`,
    /// `announce`).
    ///
    /// Secrets also hold `SecretAlphabet.disagreeing`, the code points Swift's grapheme data
    /// joins and ICU's does not.
    ///
    /// One case in eight (``brailleShare``) is a braille case of at most ``brailleCaseSteps``
    /// parts: steps, among which (two in six) the braille display's settings and Braille Screen Input:
    /// `braille-input on|off`, its tables (uncontracted and contracted), secrets typed as chords
    /// (`chord`, `chords`) into secure fields in uncontracted braille
    /// (``SessionStep/chordSecret(_:into:)``) and in contracted braille, held until the word
    /// ends (``SessionStep/contractedChordSecret(_:into:)``), public chords, its swipes for
    /// space, delete, new line, delete word and return, and the app's steps and reader switches
    /// again, so that they happen while cells are held; and (one part in six) a contracted word
    /// held in a secure field while the app changes the screen, then one step more, which enters
    /// the word wherever the engine then thinks it belongs. Braille costs liblouis translations in
    /// both runs of a case, so it gets a bounded share of short cases rather than a step weight
    /// in every case.
    ///
    /// The default families leave out Devanagari (ICU 72 and Swift's String segment its
    /// conjuncts differently, so no same-shape decoy exists) and control whitespace.
    public static func secureSession(
        steps: ClosedRange<Int>,
        families: [UnicodeFamily] = UnicodeFamily.allCases.filter { $0 != .devanagari && $0 != .whitespace }
    ) -> Gen<SecureSession> {
        // Code points Swift's `Character` joins and a field does not, among letters: a secret
        // whose `Character` count is below its count in the field.
        let disagreeing = Gen<String>.string(of: .element(of: SecretAlphabet.disagreeing + Array("ab1")), length: 1...4)
        let secretPiece = Gen<String>.frequency([
            (3, .password),
            (2, .unicodeText(length: 1...4, families: families)),
            (1, disagreeing),
        ])
        // Anything the en-US keyboard types: capitals, digits, symbols, alternates, the space.
        let onScreenPiece = Gen<String>.string(of: .element(of: SecretAlphabet.onScreen), length: 1...5)
        let secureField = Gen<String>.frequency([(3, .constant("pw")), (1, .constant("pin"))])
        let publicField = Gen<String>.element(of: ["user", "note"])
        let publicText = Gen<String>.unicodeText(length: 1...3, families: [.ascii, .polish, .whitespace])
        let keyNames = Gen<String>.element(of: ["q", "a", "e", "l", "m", "shift", "delete", "space", "numbers", "letters", "return"])
        let step = Gen<SessionStep>.frequency([
            (6, Gen<(String, String)>.zip(secretPiece, secureField).map { .typeSecret($0, into: $1) }),
            (4, Gen<(String, String)>.zip(onScreenPiece, secureField).map { .typeSecretOnScreen($0, into: $1) }),
            (2, Gen<(String, String)>.zip(secretPiece, secureField).map { .pasteSecret($0, into: $1) }),
            (1, Gen<(String, String)>.zip(secretPiece, secureField).map { .dictateSecret($0, into: $1) }),
            (2, Gen<(String, String)>.zip(publicText, publicField).map { .typePublic($0, into: $1) }),
            (1, Gen<String>.string(of: .element(of: Array("abcxyz")), length: 1...3).map { .typePublicOnScreen($0) }),
            (1, Gen<(String, String)>.zip(publicText, publicField).map { .dictatePublic($0, into: $1) }),
            (1, publicText.map { .clipboardPublic($0) }),
            (3, Gen<EditAction>.element(of: EditAction.allCases).map { .edit($0) }),
            (2, Gen<([String], Int)>.zip(.array(of: keyNames, count: 1...3), .int(in: 0...2)).map { .explore($0, ending: $1) }),
            (5, Gen<HardwareKey>.element(of: HardwareKey.allCases).map { .key($0) }),
            (3, Gen<String>.element(of: ["pw", "pin", "user", "note", "go"]).map { .focus($0) }),
            (2, .constant(.doubleTap)),
            (2, Gen<RotorUnit>.element(of: [.characters, .words, .edit, .edit, .typingMode]).map { .rotor($0) }),
            (4, Gen<SwipeDirection>.element(of: SwipeDirection.allCases).map { .swipe($0) }),
            (2, Gen<Int>.int(in: 0...3000).map { .wait($0) }),
            (2, Gen<String>.element(of: [
                "hardware-feedback=characters", "hardware-feedback=words", "hardware-feedback=nothing",
                "feedback=words", "pitch-change=off", "capitals=sound", "capitals=pitch",
                "phonetics=phonetics-only", "hints=off", "typing=touch", "typing=direct", "typing=standard",
                "secure-keys=speak", "secure-keys=silent", "cadence=0.1",
            ]).map { .setting($0) }),
            (1, Gen<Bool>.bool.map { .expectSecretValue(correct: $0) }),
            (1, .constant(.expectSecretSpeech)),
            (1, Gen<Int>.int(in: 0...30).map { .expectNumber(kind: "count", value: $0) }),
            (1, Gen<Int>.int(in: 0...30).map { .expectNumber(kind: "cursor", value: $0) }),
            (4, .appStep),
            (1, .readerSwitch),
        ])
        // Braille: the display (compared like every other event) and Braille Screen Input into
        // secure fields, in a bounded share of short cases, since every braille step costs
        // liblouis translations in both runs.
        let brailleStep = Gen<SessionStep>.brailleStep(secureField: secureField)
        let held = Gen<SessionStep>.heldWhileScreenChanges(secureField: secureField, then: step)
        let braillePart = Gen<[SessionStep]>.frequency([(3, step.map { [$0] }), (2, brailleStep.map { [$0] }), (1, held)])
        let brailleSteps = steps.lowerBound...max(steps.lowerBound, min(steps.upperBound, Self.brailleCaseSteps))
        let session = Gen<[SessionStep]>.frequency([
            (Self.brailleShare.other, .array(of: step, count: steps)),
            (Self.brailleShare.braille, Gen<[[SessionStep]]>.array(of: braillePart, count: brailleSteps).map { $0.flatMap { $0 } }),
        ])
        let tail = Gen<[SessionStep]>.frequency([(4, .constant([])), (1, Gen<Int>.int(in: 0...4).map { [.malformed($0)] })])
        return Gen<([SessionStep], [SessionStep])>.zip(session, tail).map { SecureSession(steps: $0 + $1) }
    }
}
