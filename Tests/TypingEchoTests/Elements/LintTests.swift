import Testing
@testable import TypingEcho

/// A lint rule with a screen that breaks it and a fixed screen that does not.
struct LintCase: CustomTestStringConvertible, Sendable {
    var rule: LintRule
    var failing: [String]
    var passing: [String]
    var testDescription: String { rule.rawValue }
}

/// The findings for a screen declared by script lines.
func lintFindings(_ lines: [String]) throws -> [LintFinding] {
    let run = replay(lines.joined(separator: "\n"))
    if let error = run.error { throw error }
    return Lint.findings(for: try #require(run.engine).screenSnapshot)
}

@Suite("Lint")
struct LintTests {
    static let cases: [LintCase] = [
        .init(rule: .interactiveWithoutRole,
              failing: [#"element card label="Order 1234" kind=label interactive"#],
              passing: [#"element card label="Order 1234" kind=button interactive"#]),
        .init(rule: .tooManyTraits,
              failing: [#"element e label="Share" traits=button,image,header,playsSound,startsMediaSession"#],
              passing: [#"element e label="Share" traits=button,image,playsSound,startsMediaSession"#]),
        .init(rule: .conflictingRoles,
              failing: [#"element e label="Sale" traits=button,link,header"#],
              passing: [#"element e label="Sale" traits=link,header"#]),
        .init(rule: .headerOveruse,
              failing: [#"element a label="A" kind=heading"#, #"element b label="B" kind=heading"#, #"element c label="C" kind=button"#],
              passing: [#"element a label="A" kind=heading"#, #"element b label="B" kind=label"#, #"element c label="C" kind=button"#]),
        .init(rule: .placeholderAsLabel,
              failing: [#"field f kind=text label="" placeholder="Phone number""#],
              passing: [#"field f kind=text label="Phone" placeholder="+48 600 000 000""#]),
        .init(rule: .unlabelledButton,
              failing: [#"element x label="" traits=button,image"#],
              passing: [#"element x label="Close" traits=button,image"#]),
        .init(rule: .duplicatedLabel,
              failing: [#"element l label="Email:" kind=label labels=f"#, #"field f kind=text label="Email""#],
              passing: [#"element l label="Email:" kind=label labels=f hidden"#, #"field f kind=text label="Email""#]),
        .init(rule: .labelsNothing,
              failing: [#"element l label="Notes" kind=label labels=notes"#],
              passing: [#"element l label="Notes" kind=label labels=notes hidden"#, #"field notes kind=area label="Notes""#]),
        .init(rule: .coveredByKeyboard,
              failing: [#"field n kind=text label="Note" frame=20,700,350,44"#, "focus n", "double-tap"],
              passing: [#"field n kind=text label="Note" frame=20,100,350,44"#, "focus n", "double-tap"]),
        .init(rule: .speaksPasswords,
              failing: ["settings reader=talkback", #"field pw kind=secure label="Password""#],
              passing: ["settings reader=nvda", #"field pw kind=secure label="Password""#]),
        .init(rule: .unnamedField,
              failing: [#"field f kind=text label="""#],
              passing: [#"field f kind=text label="City""#]),
        .init(rule: .invalidWithoutMessage,
              failing: [#"field f kind=text label="Email" invalid"#],
              passing: [#"field f kind=text label="Email" invalid error="Enter an email address.""#]),
        .init(rule: .passwordAutocomplete,
              failing: [#"field u kind=text label="Email" autocomplete=email"#, #"field pw kind=secure label="Password""#],
              passing: [#"field u kind=text label="Email" autocomplete=email"#, #"field pw kind=secure label="Password" autocomplete=current-password"#]),
        .init(rule: .requiredOnlyVisual,
              failing: [#"field f kind=text label="Email *""#],
              passing: [#"field f kind=text label="Email *" required"#]),
        .init(rule: .duplicateLabels,
              failing: [#"field a kind=secure label="Password""#, #"field b kind=secure label="password:""#],
              passing: [#"field a kind=secure label="Password""#, #"field b kind=secure label="Repeat password""#]),
    ]

    @Test("a wrong autofill purpose is a finding even on a screen that states no other")
    func wrongPasswordPurpose() throws {
        #expect(try lintFindings([#"field pw kind=secure label="Password" autocomplete=off"#]).map(\.rule) == [.passwordAutocomplete])
        #expect(try lintFindings([#"field pw kind=secure label="Password" autocomplete="section-a new-password""#]).isEmpty)
    }

    @Test("each rule finds its problem and not the fix", arguments: cases)
    func rule(_ example: LintCase) throws {
        #expect(try lintFindings(example.failing).map(\.rule) == [example.rule])
        #expect(try lintFindings(example.passing).isEmpty)
    }

    @Test("every rule has a case")
    func everyRuleCovered() {
        #expect(Set(Self.cases.map(\.rule)) == Set(LintRule.allCases))
    }

    @Test("a hidden element is not linted for what VoiceOver never reads")
    func hiddenSkipped() throws {
        #expect(try lintFindings([#"element x label="" traits=button hidden"#]).isEmpty)
    }

    @Test("header overuse is a finding about the screen, not one element")
    func screenFinding() throws {
        let findings = try lintFindings(LintTests.cases[3].failing)
        #expect(findings.first?.element == nil)
        #expect(findings.first?.description.hasPrefix("screen: header-overuse: 2 of 3") == true)
    }
}
