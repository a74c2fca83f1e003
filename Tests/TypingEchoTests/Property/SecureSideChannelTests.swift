import Testing
@testable import TypingEcho

/// Regression tests for the side channels of secure entry: what a secure field gives away
/// must not depend on which characters the secret holds (docs/secure-entry.md).
@Suite("Secure side channels")
struct SecureSideChannelTests {
    /// Secrets of the same count that need different gestures: capitals in other places,
    /// another layer, repeated letters, symbols, alternates.
    static let pairs: [(String, String)] = [
        ("Ab1!", "zz9a"), ("Password", "passworD"), ("ab12", "12ab"), ("aabb", "abcd"),
        ("[{A", "aaa"), ("éÉ\\\"", "q1 ł"),
    ]

    /// A secure field being edited, the secret typed with `type`, then public input that
    /// shows the keyboard's state: a hardware key, and (with keys heard again) a touch at
    /// the top-left key, which is `q`, `1` or `[` depending on the layer shown.
    private static func typing(_ secret: String, mode: TypingMode, keys: String = "silent", locale: String = "en-US") -> String {
        """
        settings secure-keys=\(keys) typing=\(mode.rawValue) locale=\(locale)
        field pw kind=secure label="Password"
        focus pw
        double-tap
        type "\(secret.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))"
        keys "x"
        double-tap
        settings secure-keys=speak
        touch 20,580
        lift
        expect count 99
        """
    }

    private static func lines(_ result: ReplayRun) -> [String] { result.json + result.failureLines + [result.errorLine ?? ""] }

    @Test("secure-keys=silent: type gives the same events for any secret of the same count, in every typing mode",
          arguments: TypingMode.allCases)
    func silentTypeIsIndependentOfTheSecret(mode: TypingMode) throws {
        for (secret, decoy) in Self.pairs {
            let real = replay(Self.typing(secret, mode: mode)), other = replay(Self.typing(decoy, mode: mode))
            #expect(real.error == nil)
            #expect(Self.lines(real) == Self.lines(other), "\(mode): \(secret) vs \(decoy)")
            #expect(!real.spoken.contains { $0.contains("shift") || $0.contains("caps lock") })
        }
    }

    @Test("type \"Ab1!\" and \"zz9a\" with secure-keys=silent give identical events in each typing mode")
    func doneWhen() throws {
        for mode in TypingMode.allCases {
            let script = { (secret: String) in
                "settings secure-keys=silent typing=\(mode.rawValue)\nfield pw kind=secure label=\"Password\"\nfocus pw\ndouble-tap\ntype \"\(secret)\"\n"
            }
            let real = replay(script("Ab1!")), decoy = replay(script("zz9a"))
            #expect(real.events == decoy.events, "\(mode)")
            #expect(real.events.count > 8)
        }
    }

    @Test("Caps lock turned on by hand stays on after a secure type, whatever it typed")
    func capsLockIsRestored() throws {
        func run(_ secret: String) throws -> ReplayRun {
            replay("""
            settings secure-keys=silent
            field pw kind=secure label="Password"
            focus pw
            double-tap
            touch shift
            double-tap
            double-tap
            lift
            type "\(secret)"
            settings secure-keys=speak
            touch shift
            """)
        }
        let lower = try run("ab1"), upper = try run("AB1")
        #expect(lower.json == upper.json)
        #expect(lower.spoken.last == "caps lock on")
    }

    @Test("Direct typing in a secure field: alternates, capitals and layers are as quiet as plain keys")
    func directTypingIsQuietForEveryKey() throws {
        for (locale, secret, decoy) in [("pl-PL", "łŁ1ą", "abcd"), ("en-US", "é", "e"), ("en-US", "Ñ[", "n1"), ("de-DE", "ß", "s")] {
            let real = replay(Self.typing(secret, mode: .direct, keys: "speak", locale: locale))
            let other = replay(Self.typing(decoy, mode: .direct, keys: "speak", locale: locale))
            #expect(real.error == nil, "\(locale) \(secret)")
            #expect(Self.lines(real) == Self.lines(other), "\(locale): \(secret) vs \(decoy)")
            #expect(!real.utterances.contains { $0.role == .key && $0.text != "q" }, "\(locale) \(secret)")
        }
    }

    @Test("Direct typing: an alternate is heard when the finger rests on it for the tap time, as a key is")
    func directPopupAlternateHeardAfterRest() throws {
        let result = replay("""
        settings locale=pl-PL typing=direct
        field f kind=text label="Imię"
        focus f
        double-tap
        touch l
        hold
        wait 0.1
        lift
        touch l
        hold
        wait 0.3
        lift
        """)
        #expect(result.utterances.filter { $0.role == .key }.map(\.text) == ["ł"])
        #expect(result.error == nil)
    }

    /// Scripts that offer "hunter2" to a secure field which refuses it, then expect to hear it.
    static let refusals: [(String, String)] = [
        ("dictation", "field pw kind=secure label=\"Password\"\nfocus pw\ndouble-tap\ndictate \"hunter2\""),
        ("oversize paste", "field pin kind=secure label=\"PIN\" max=4\nfocus pin\ndouble-tap\nclipboard \"hunter2\"\nedit paste\nclipboard \"x\""),
        ("keys into max=0", "field pw kind=secure label=\"Password\" max=0\nfocus pw\ndouble-tap\nkeys \"hunter2\""),
        ("type into max=0", "settings secure-keys=silent\nfield pw kind=secure label=\"Password\" max=0\nfocus pw\ndouble-tap\ntype \"hunter2\""),
    ]

    @Test("Input a secure field refused still marks the session: a failed expect speech does not repeat it",
          arguments: refusals.map(\.0))
    func refusedInputCountsAsSecret(name: String) throws {
        let script = Self.refusals.first { $0.0 == name }!.1
        let result = replay(script + "\nexpect speech \"hunter2\"\n")
        #expect(result.failures.count == 1)
        #expect(result.failureLines.first?.contains("not shown") == true)
        #expect(!result.everything.contains("hunter2"), "\(name): \(result.failures)")
        #expect(!result.everything.contains("hunt") && !result.everything.contains("ter2"))
    }

    @Test("Paste into a secure field says the clipboard's count, not the field's change")
    func pasteSaysTheClipboardCount() throws {
        // The secret ends in a regional indicator; the pasted one pairs with it into a flag,
        // so the field's count does not grow (a residual channel: counts leave the field).
        let result = replay("""
        field pw kind=secure label="Password"
        focus pw
        double-tap
        keys "ab\u{1F1F5}"
        clipboard "\u{1F1F1}"
        edit paste
        expect count 3
        clipboard "xyz"
        edit paste
        expect count 6
        """)
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.spoken.filter { $0.hasSuffix("pasted") } == ["1 character, pasted", "3 characters, pasted"])
    }

    @Test("A selection that crosses its anchor says selected or unselected by character counts, not by the secret's UTF-16 shape",
          arguments: [("x\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "xy"), ("\u{1F1F5}\u{1F1F1}b", "ab")])
    func selectionAcrossTheAnchor(secret: String, decoy: String) throws {
        // The insertion point between the first character and the rest; shift-left selects the
        // first, then shift-option-right jumps to the end, across the anchor: whether that is
        // "selected" or "unselected" must not depend on how long each side is in UTF-16.
        func run(_ secret: String) throws -> ReplayRun {
            replay("""
            field pw kind=secure label="Password"
            focus pw
            double-tap
            keys "\(secret)"
            key home
            key right
            key shift-left
            key shift-option-right
            key shift-option-left
            key shift-right
            """)
        }
        let real = try run(secret), other = try run(decoy)
        #expect(real.error == nil)
        #expect(real.events == other.events)
        #expect(real.spoken.contains { $0.contains("selected") })
    }
}
