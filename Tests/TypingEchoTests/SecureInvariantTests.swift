import Testing
@testable import TypingEcho
import TypingEchoTesting

@Suite("Secure invariant")
struct SecureInvariantTests {
    @Test("Random sessions into a secure field show nothing that depends on the secret")
    func noLeak() {
        let failure = check("noLeak", .secureSession(steps: 1...16), cases: 10_000) { session in
            let decoy = session.withDecoySecret()
            let real = try replay(session.script, describe: true)
            let shadow = try replay(decoy.script, describe: true)
            // Non-interference: a secret of the same shape gives byte-identical output.
            try require(real.json == shadow.json, "JSON differs from the decoy run:\n\(firstDifference(real.json, shadow.json))")
            try require(real.transcript == shadow.transcript, "transcript differs:\n\(firstDifference(real.transcript, shadow.transcript))")
            try require(real.failures == shadow.failures, "expectation messages differ:\n\(firstDifference(real.failures, shadow.failures))")
            try require(real.error == shadow.error, "error messages differ: \(real.error ?? "none") / \(shadow.error ?? "none")")
            try require(real.descriptions == shadow.descriptions, "descriptions differ")
            // And directly: no two characters of the secret appear where the decoy's output has none.
            if let leaked = LeakOracle.leak(of: session.secret, in: real.everything, publicText: shadow.everything) {
                throw PropertyViolation("the output contains \(String(reflecting: leaked)) from the secret")
            }
        }
        #expect(failure == nil, "\(failure!)")
    }

    @Test("The leak oracle catches a leak")
    func oracleCatchesLeaks() {
        #expect(LeakOracle.leak(of: "hunter2", in: "heard \"nter\"", publicText: "") == "nt")
        #expect(LeakOracle.leak(of: "hunter2", in: "secure text field", publicText: "secure text field") == nil)
        #expect(LeakOracle.leak(of: "x", in: "max", publicText: "") == "x")
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
