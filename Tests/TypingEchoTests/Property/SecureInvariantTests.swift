import Testing
@testable import TypingEcho
import TypingEchoTesting

/// The secure invariant as a property, one campaign per reader of `LeakReader.all` (each
/// drawing braille cases among its own), run one after another and each on every core
/// (`TYPING_ECHO_JOBS`): 80,000 cases in CI among them, and no single test runs long.
/// `TYPING_ECHO_CASES` changes the total, shared out as evenly.
///
/// Each campaign runs in a child process (`expectIsolatedProperty`, through an exit test): a
/// case that traps the engine is then a failure, found and shrunk, instead of the end of the
/// test process.
@Suite("Secure invariant under each reader", .serialized)
struct SecureInvariantCampaignTests {
    static let cases = 80_000

    /// The campaign of one reader: its share of the cases, named `noLeak.READER`.
    static func noLeak(under name: String) async throws {
        let reader = try #require(LeakReader.all.first { $0.name == name }, "no leak reader named \(name)")
        let total = PropertyEnvironment.current.cases ?? cases
        let share = (total + LeakReader.all.count - 1) / LeakReader.all.count
        await expectIsolatedProperty("noLeak.\(name)", .leakCase(steps: 1...16, readers: [reader]), cases: share) { job in
            await #expect(processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]) { [job = job as IsolatedPropertyJob, name = name as String] in
                try SecureInvariantCampaignTests.child(job, reader: name)
            }
        }
    }

    /// A child process's part of a campaign: the same cases, checked by a `LeakCheck` of its own.
    static func child(_ job: IsolatedPropertyJob, reader name: String) throws -> Never {
        let reader = try #require(LeakReader.all.first { $0.name == name })
        let leaks = try LeakCheck(readers: [reader])
        job.run(.leakCase(steps: 1...16, readers: [reader])) { leakCase in
            try leaks.verify(leakCase)
        }
    }

    @Test("Every reader of the leak property has its campaign here")
    func everyReaderIsCampaigned() {
        #expect(LeakReader.all.map(\.name) == ["voiceover", "talkback", "nvda", "orca", "chromevox", "orca-chromium"])
    }

    @Test("Random sessions into secure fields show nothing that depends on the secret under VoiceOver")
    func voiceOver() async throws { try await Self.noLeak(under: "voiceover") }

    @Test("Random sessions into secure fields show nothing that depends on the secret under TalkBack")
    func talkBack() async throws { try await Self.noLeak(under: "talkback") }

    @Test("Random sessions into secure fields show nothing that depends on the secret under NVDA")
    func nvda() async throws { try await Self.noLeak(under: "nvda") }

    @Test("Random sessions into secure fields show nothing that depends on the secret under Orca")
    func orca() async throws { try await Self.noLeak(under: "orca") }

    @Test("Random sessions into secure fields show nothing that depends on the secret under ChromeVox")
    func chromeVox() async throws { try await Self.noLeak(under: "chromevox") }

    @Test("Random sessions into secure fields show nothing that depends on the secret under Orca in Chromium")
    func orcaInChromium() async throws { try await Self.noLeak(under: "orca-chromium") }
}

@Suite("Secure invariant")
struct SecureInvariantTests {
    @Test("Braille Screen Input types secrets into secure fields in a bounded share of short cases, with decoys of the same count")
    func brailleInputIsGenerated() throws {
        let gen = Gen.leakCase(steps: 1...16)
        var brailleCases: [TypingEchoTesting.LeakCase] = []
        var lines: Set<String> = []
        let cases = 3_000
        for index in 1...cases {
            let leakCase = try #require(gen.sample(seed: SeededGenerator.subSeed(of: 20_261_203, index: index)))
            let chords = leakCase.session.steps.indices.filter {
                switch leakCase.session.steps[$0] {
                case .chordSecret, .contractedChordSecret: true
                default: false
                }
            }
            guard !chords.isEmpty else { continue }
            brailleCases.append(leakCase)
            // A part of a braille case is at most four steps (a held word, two of the app's, one more).
            #expect(leakCase.session.steps.count <= 4 * Gen<SecureSession>.brailleCaseSteps + 1, "\(leakCase.session)")
            for index in chords {
                switch (leakCase.session.steps[index], leakCase.decoy.steps[index]) {
                case (.chordSecret(let text, let id), .chordSecret(let decoy, let decoyID)):
                    #expect(["pw", "pin"].contains(id) && decoyID == id)
                    #expect(decoy.count == text.count && decoy.allSatisfy(SecretAlphabet.brailleLetters.contains))
                case (.contractedChordSecret(let text, let id), .contractedChordSecret(let decoy, let decoyID)):
                    #expect(["pw", "pin"].contains(id) && decoyID == id)
                    #expect(SecretAlphabet.contractedGroup(of: text)?.contains(decoy) == true)
                default:
                    Issue.record("the decoy's step \(index) is not a chord step of the same kind into the same field")
                }
            }
            for line in leakCase.session.body.split(separator: "\n") {
                for prefix in ["braille-input on", "braille-input off", "chord ", "chords ", "swipe right fingers=2",
                               "swipe left fingers=2", "swipe up fingers=3", "settings braille=on"] where line.hasPrefix(prefix) {
                    lines.insert(prefix)
                }
            }
        }
        // About one case in eight is a braille case, and most of those type chords.
        let share = Double(brailleCases.count) / Double(cases)
        #expect(share > 0.02 && share < 0.125, "\(brailleCases.count) of \(cases) cases type chords")
        #expect(lines.count == 8, "\(lines.sorted())")
        // Run here only where the app leaves the screen's elements where they are: a case that
        // removes or declares elements again may trap the engine, which would end this process;
        // those are the campaign's, whose cases run in child processes.
        let steady = brailleCases.filter { leakCase in
            !leakCase.session.steps.contains { step in
                switch step {
                case .remove, .redeclare: true
                default: false
                }
            }
        }
        let leaks = try LeakCheck()
        var clean = 0
        for leakCase in steady.prefix(60) {
            #expect(throws: Never.self, "\(leakCase)") { try leaks.verify(leakCase) }
            if leaks.run(leakCase).real.error == nil { clean += 1 }
        }
        // The chords are typed, not refused (the others end at a generated malformed line).
        #expect(steady.count >= 60 && clean >= 40, "\(clean) of \(min(steady.count, 60)) braille cases ran without a script error")
    }

    @Test("Some generated cases end in an unclosed quote holding a raw CR where the decoy's holds none, or the other way round")
    func carriageReturnsInUnclosedQuotes() throws {
        let gen = Gen.leakCase(steps: 1...16)
        var differing = 0
        for index in 1...3_000 {
            let leakCase = try #require(gen.sample(seed: SeededGenerator.subSeed(of: 20_261_203, index: index)))
            let real = leakCase.session.body.unicodeScalars.contains("\r")
            let decoy = leakCase.decoy.body.unicodeScalars.contains("\r")
            if real != decoy { differing += 1 }
        }
        #expect(differing >= 10, "\(differing) of 3,000 cases hold a raw CR on one side only")
    }

    @Test("Secret characters never join a neighbour in a field, so counts add up")
    func secretAlphabetIsSelfContained() throws {
        let characters = SecretAlphabet.characters
        #expect(characters.count > 150)
        #expect(Set(SecretAlphabet.onScreen).isSubset(of: Set(characters)))
        for character in characters {
            #expect(try TextBuffer(String(character)).characterCount == 1, "\(String(reflecting: character))")
        }
        // Every ordered pair, in one text: a field counts two characters a pair. Swift's
        // `Character` joins the disagreeing code points to the character before, so a Swift
        // count would be lower by one for each of them: what the engine must never use.
        var pairs = ""
        for first in characters { for second in characters { pairs.append(first); pairs.append(second) } }
        let expected = 2 * characters.count * characters.count
        #expect(try TextBuffer(pairs).characterCount == expected)
        #expect(TextBuffer.characters(of: pairs).count == expected)
        #expect(!SecretAlphabet.disagreeing.isEmpty && pairs.count < expected)
    }

    @Test("An independent decoy keeps the count and the written width, nothing else")
    func independentDecoys() throws {
        let session = SecureSession(steps: [.typeSecret("Ab\"1", into: "pw"), .focus("go"), .typeSecretOnScreen("Zz!", into: "pw")])
        var differing = 0
        for seed in 0..<50 as Range<UInt64> {
            let decoy = try #require(session.independentDecoy.sample(seed: seed))
            #expect(decoy.steps.count == 3 && decoy.steps[1] == .focus("go"))
            // Counted as a field counts (a decoy may hold code points Swift joins and ICU does not).
            #expect(TextBuffer.characters(of: decoy.secret).count == TextBuffer.characters(of: session.secret).count)
            #expect(TextBuffer.characters(of: decoy.script).count == TextBuffer.characters(of: session.script).count)
            #expect(decoy.steps[2].secretText!.allSatisfy(SecretAlphabet.onScreen.contains))
            if decoy.secret != session.secret { differing += 1 }
        }
        #expect(differing == 50)
    }

    @Test("The leak oracle catches a leak")
    func oracleCatchesLeaks() {
        #expect(LeakOracle.leak(of: "hunter2", in: "heard \"nter\"", publicText: "") == "nt")
        #expect(LeakOracle.leak(of: "hunter2", in: "secure text field", publicText: "secure text field") == nil)
        #expect(LeakOracle.leak(of: "x", in: "max", publicText: "") == "x")
        #expect(LeakOracle.leak(of: "żółw", in: "a ół b", publicText: "") == "ół")
    }

    @Test("A secure field's edits carry no text and its echo is sound only")
    func secureEcho() throws {
        let result = replay("""
        field pw kind=secure label="Password"
        focus pw
        double-tap
        keys "Sesame1"
        key backspace
        swipe up
        rotor words
        swipe up
        """)
        #expect(!result.everything.contains("Sesame"))
        #expect(result.sounds.filter { $0 == .click }.count == 7)
        #expect(result.sounds.contains(.delete))
        let edits = result.events.compactMap { if case .edit(let edit) = $0.event { edit } else { nil } }
        #expect(edits.allSatisfy { $0.text == nil })
        #expect(edits.last?.count == 6)
        #expect(result.spoken.contains("bullet"))
        #expect(result.spoken.contains("5 characters"))
        #expect(!result.json.contains { $0.contains("\"text\":\"S") })
    }
}

/// The first line where two outputs differ, for a readable failure.
func firstDifference(_ a: [String], _ b: [String]) -> String {
    for index in 0..<max(a.count, b.count) {
        let left = index < a.count ? a[index] : "<none>", right = index < b.count ? b[index] : "<none>"
        if left != right { return "line \(index + 1):\n  real:  \(left)\n  decoy: \(right)" }
    }
    return "(same lines)"
}
