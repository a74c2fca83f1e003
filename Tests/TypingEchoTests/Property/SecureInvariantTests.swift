import Testing
@testable import TypingEcho
import TypingEchoTesting

@Suite("Secure invariant")
struct SecureInvariantTests {
    /// 100,000 sessions in CI, in shards that run in parallel.
    static let shards = 4
    static let casesPerShard = 25_000

    @Test("Random sessions into secure fields show nothing that depends on the secret", arguments: 0..<shards)
    func noLeak(shard: Int) throws {
        guard let seed = Self.seed(forShard: shard) else { return }
        let runner = try SecureRunner()
        var caseNumber = 0
        // TYPING_ECHO_CASES sets the cases per shard (an explicit `cases:` would win over it).
        let cases = PropertyEnvironment.current.cases ?? Self.casesPerShard
        let failure = check("noLeak", .secureSessionWithDecoy(steps: 1...16), cases: cases, seed: seed) { session, decoy in
            caseNumber += 1
            // Formatting (JSON, transcript) every 4th case and dump (reflection) every 16th keep
            // the cost per case low; a failure being shrunk gets everything.
            let shrinking = caseNumber > cases
            let format = shrinking || caseNumber % 4 == 0, dumping = shrinking || caseNumber % 16 == 0
            let (real, shadow) = runner.runPair(session.body, decoy.body, format: format, dump: dumping)
            try require(real.events == shadow.events, "events differ from the decoy run:\n\(firstDifference(real.events.map { "\($0)" }, shadow.events.map { "\($0)" }))")
            // Non-interference: an independent secret of the same count gives byte-identical output.
            try require(real.json == shadow.json, "JSON differs from the decoy run:\n\(firstDifference(real.json, shadow.json))")
            try require(real.transcript == shadow.transcript, "transcript differs:\n\(firstDifference(real.transcript, shadow.transcript))")
            try require(real.failures == shadow.failures, "expectation messages differ:\n\(firstDifference(real.failures, shadow.failures))")
            try require(real.error == shadow.error, "error messages differ: \(real.error ?? "none") / \(shadow.error ?? "none")")
            try require(real.descriptions == shadow.descriptions, "descriptions differ:\n\(firstDifference(real.descriptions, shadow.descriptions))")
            // And directly: no two characters of the secret appear where the decoy's output has none.
            if let leaked = LeakOracle.leak(of: session.secret, in: real.bytes, publicText: shadow.bytes) {
                let lines = real.json + real.transcript + real.failures + [real.error ?? ""] + real.descriptions
                let line = lines.first { $0.utf8.firstRange(of: leaked.utf8) != nil } ?? ""
                throw PropertyViolation("the output contains \(String(reflecting: leaked)) from the secret, in: \(line.prefix(300))")
            }
        }
        #expect(failure == nil, "\(failure!)")
    }

    /// The run seed of a shard. Shard 0 uses `TYPING_ECHO_SEED` itself, so the replay command a
    /// failure prints (that shard's seed, and `TYPING_ECHO_CASE`) reruns it in shard 0; when
    /// `TYPING_ECHO_CASE` is set, only shard 0 runs.
    static func seed(forShard shard: Int) -> UInt64? {
        let environment = PropertyEnvironment.current
        if environment.caseNumber != nil && shard != 0 { return nil }
        let base = environment.seed ?? UInt64.random(in: .min ... .max)
        return shard == 0 ? base : base &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(shard)
    }

    @Test("Secret characters never join a neighbour, in ICU and in Swift, so counts add up")
    func secretAlphabetIsSelfContained() throws {
        let characters = SecretAlphabet.characters
        #expect(characters.count > 150)
        #expect(Set(SecretAlphabet.onScreen).isSubset(of: Set(characters)))
        for character in characters {
            #expect(try TextBuffer(String(character)).characterCount == 1, "\(String(reflecting: character))")
        }
        // Every ordered pair, in one text: ICU and Swift both count two characters a pair.
        var pairs = ""
        for first in characters { for second in characters { pairs.append(first); pairs.append(second) } }
        let expected = 2 * characters.count * characters.count
        #expect(pairs.count == expected)
        #expect(try TextBuffer(pairs).characterCount == expected)
    }

    @Test("An independent decoy keeps the count and the written width, nothing else")
    func independentDecoys() throws {
        let session = SecureSession(steps: [.typeSecret("Ab\"1", into: "pw"), .focus("go"), .typeSecretOnScreen("Zz!", into: "pw")])
        var differing = 0
        for seed in 0..<50 as Range<UInt64> {
            let decoy = try #require(session.independentDecoy.sample(seed: seed))
            #expect(decoy.steps.count == 3 && decoy.steps[1] == .focus("go"))
            #expect(decoy.secret.count == session.secret.count)
            #expect(decoy.script.count == session.script.count)
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
        let result = try replay("""
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
