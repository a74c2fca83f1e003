import Testing
@testable import TypingEcho

@Suite("A screen of elements")
struct ScreenTests {
    static let form = [
        #"element title label="Sign in" kind=heading frame=0,0,300,30"#,
        #"element userLabel label="Email" kind=label labels=email hidden frame=0,40,300,20"#,
        #"field email kind=text label="Email" frame=0,60,300,40"#,
        #"field password kind=secure label="Password" frame=0,110,300,40"#,
        #"element go label="Sign in" kind=button frame=0,160,300,40"#,
    ]

    @Test("swipe right and left follow reading order and skip hidden elements")
    func readingOrder() {
        let run = replay(Self.form + ["swipe right", "swipe right", "swipe right", "swipe right", "swipe right", "swipe left"])
        #expect(run.spoken(.element) == ["Sign in, heading", "Email, text field", "Password, secure text field",
                                         "Sign in, button", "Password, secure text field"])
        #expect(run.events.contains { if case .sound(.boundary) = $0.event { true } else { false } })
    }

    @Test("a hidden element cannot be focused by id")
    func focusHidden() {
        let run = replay(Self.form + ["focus userLabel"], expecting: .stopsWithError)
        #expect(run.error?.message == "'userLabel' is hidden from the screen reader and cannot be focused")
        #expect(run.error?.location == TypingEcho.SourceLocation(line: 6, column: 7))
    }

    @Test("touching a field's label focuses the field; touching nothing focuses nothing", arguments: [
        ("10,45", "email"), ("10,70", "email"), ("10,120", "password"), ("10,5", "title"), ("10,500", nil as String?),
    ])
    func touch(point: String, expected: String?) {
        let run = replay(Self.form + ["touch \(point)"])
        #expect(run.error == nil)
        #expect(run.engine?.focusedElement?.id == expected)
    }

    @Test("a visible label is the smaller target where it is, its field elsewhere")
    func visibleLabel() {
        let lines = Self.form.map { $0.replacingOccurrences(" hidden", "") }
        #expect(replay(lines + ["touch 10,45"]).engine?.focusedElement?.id == "userLabel")
        #expect(replay(lines + ["touch 10,70"]).engine?.focusedElement?.id == "email")
    }

    @Test("swipe up and down step an adjustable value; the ends play boundary")
    func adjustable() {
        let run = replay(#"element v label="Speed" kind=slider value="Slow" steps="Slow|Normal|Fast""#, "focus v",
                            "swipe up", "swipe up", "swipe up", "swipe down", "swipe down", "swipe down")
        #expect(run.spoken(.status) == ["Normal", "Fast", "Normal", "Slow"])
        #expect(run.events.filter { if case .sound(.boundary) = $0.event { true } else { false } }.count == 2)
        #expect(run.engine?.element("v")?.value == "Slow")
    }

    @Test("a changed value of the focused element is spoken; updatesFrequently at most every 2 s")
    func valueUpdates() {
        func updates(_ traits: String) -> [String] {
            replay("element p label=\"Progress\" \(traits) value=\"1\"", "focus p",
                      "element p label=\"Progress\" \(traits) value=\"2\"", "wait 0.5",
                      "element p label=\"Progress\" \(traits) value=\"3\"", "wait 2",
                      "element p label=\"Progress\" \(traits) value=\"4\"").spoken(.status)
        }
        #expect(updates("kind=label") == ["2", "3", "4"])
        #expect(updates("kind=label traits=updatesFrequently") == ["2", "4"])
    }

    @Test("direct interaction passes gestures on the element to the app")
    func directInteraction() {
        let run = replay(#"element c label="Canvas" traits=allowsDirectInteraction frame=0,0,100,100"#,
                            #"element b label="Done" kind=button frame=0,200,100,40"#,
                            "focus c", "touch 50,50", "double-tap", "swipe up", "swipe down", "touch 50,210")
        #expect(run.error == nil)
        #expect(run.spoken(.element) == ["Canvas", "Done, button"])
    }

    @Test("validate: how many errors, then focus on the first invalid field")
    func validate() {
        let run = replay(Self.form + ["focus go", "error password \"Use 8 characters or more\"",
                                         "error email \"Enter an email address\"", "validate"])
        #expect(run.spoken(.announcement) == ["2 errors"])
        #expect(run.spoken(.element).last == "Email, Enter an email address, text field")
        let queued = run.events.compactMap { if case .speak(let u) = $0.event, u.role == .element { u.interrupts } else { nil } }
        #expect(queued.last == false)
        #expect(run.engine?.focusedElement?.id == "email")
        let cleared = replay(Self.form + ["focus go", "error email \"Bad\"", "error email \"\"", "validate"])
        #expect(cleared.engine?.focusedElement?.id == "go")
    }

    @Test("validate in Polish counts errors with Polish plurals", arguments: [(1, "1 błąd"), (2, "2 błędy"), (5, "5 błędów")])
    func polishErrors(count: Int, expected: String) {
        let fields = (0..<count).flatMap { ["field f\($0) kind=text label=\"F\"", "error f\($0) \"Zły\""] }
        #expect(replay(["settings locale=pl-PL"] + fields + ["validate"]).spoken(.announcement) == [expected])
    }

    @Test("the element line's optional attributes and flags")
    func parse() throws {
        let source = #"element v label="V" kind=slider value="2" steps="1|2|3" labels=f hidden interactive"#
        let line = try ScriptParser().parse(line: Array(source.utf8), number: 1)
        guard case .element(let declaration)? = line?.command else {
            Issue.record("not an element line")
            return
        }
        #expect(declaration.kind == .slider)
        #expect(declaration.steps == ["1", "2", "3"])
        #expect(declaration.labels == "f")
        #expect(declaration.hidden && declaration.interactive)
        let error = try ScriptParser().parse(line: Array(#"error pw "Too short""#.utf8), number: 1)
        #expect(error?.command == .error("pw", "Too short"))
        #expect(error?.argumentLocation == TypingEcho.SourceLocation(line: 1, column: 7))
    }

    @Test("script errors of the new forms", arguments: [
        (#"error nobody "x""#, "1:7: error: no field with id 'nobody'"),
        ("element b label=\"B\"\nerror b \"x\"", "2:7: error: 'b' is not a text field; errors belong to fields"),
        (#"element v label="V" kind=slider value="9" steps="1|2""#, "1:49: error: the value must be one of the steps"),
        (#"element v label="V" kind=slidr"#, "1:26: error: unknown element kind 'slidr' (expected button, link, label, image, heading, slider, switch or tab); did you mean 'slider'?"),
        ("validate now", "1:10: error: extra argument; usage: validate"),
    ])
    func errors(script: String, message: String) throws {
        let result = replay(script + "\n", expecting: .stopsWithError)
        #expect(result.errorLine == "test.replay:" + message)
    }
}

extension String {
    /// The text with every `target` replaced (no Foundation in the tests either).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
