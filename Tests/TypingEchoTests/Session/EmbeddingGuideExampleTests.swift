import Testing
@testable import TypingEcho

/// The engine's expectation (Swift Testing has a type of that name too).
private typealias Expectation = TypingEcho.Expectation

// The ```swift examples of docs/embedding.md's "A regression test in Swift, type by type", each
// verbatim inside a function that returns what its comments claim, so that this file compiles
// only while every example does; the suite checks the claims.

// docs/embedding.md
func settingsTypesExample() throws -> (Settings, Settings, SettingError?, Double) {
    var settings = Settings(reader: ScreenReader.voiceover)
    settings.typingMode = TypingMode.standard                 // .touch, .direct
    settings.typingFeedback = TypingFeedback.charactersAndWords  // .characters, .words, .none
    settings.hardwareFeedback = TypingFeedback.words
    settings.phonetics = PhoneticFeedback.characterAndPhonetics  // .off, .phoneticsOnly
    settings.capitals = CapitalStyle.pitch                    // .say, .sound, .none
    settings.secureKeys = SecureKeyFeedback.silent            // .speak
    settings.hints = false
    settings.hintDelay = VirtualDuration(milliseconds: 1500)
    var braille = BrailleSettings()
    braille.isOn = true
    settings.braille = braille
    var probe = settings
    var refused: SettingError?
    do { try probe.set("rate", to: "20") } catch { refused = error }   // rate is 0.1–10
    let ownAlphabet: PhoneticAlphabet? = nil   // a user's own: PhoneticAlphabet(named:utf8:)
    let session = try Session(settings: settings, overrides: [(key: "rate", value: "1.5")], phonetics: ownAlphabet)
    let rate = session.settings.rate   // 1.5: an override wins
    return (settings, probe, refused, rate)
}

// docs/embedding.md
func screenTypesExample() throws -> ([Element], ScreenSnapshot) {
    var session = try Session(settings: Settings(reader: .voiceover))
    var email = FieldDeclaration(id: "email", kind: FieldKind.text, label: "Email")
    email.required = true
    email.frame = Frame(x: 20, y: 100, width: 335, height: 44)
    try session.declare(email)
    try session.declareField("pin", kind: .secure, label: "PIN")
    var signIn = ElementDeclaration(id: "go", label: "Sign in")
    signIn.kind = ElementKind.button
    signIn.traits = Traits.selected
    try session.declare(signIn)
    let declared: [Element] = session.elements   // email, pin, go
    let snapshot: ScreenSnapshot = session.screen
    return (declared, snapshot)
}

// docs/embedding.md
func gestureTypesExample() throws -> Session<EventCollector> {
    var session = try Session()
    try session.declareField("note", kind: .text, label: "Note", value: "Hello world")
    try session.focus("note")
    try session.swipe(SwipeDirection.right)
    try session.focus("note")
    try session.doubleTap()
    try session.rotor(RotorUnit.words)
    try session.touch(TouchTarget.key("q"))
    try session.lift()
    try session.edit(EditAction.selectAll)
    let keys: [HardwareKey] = [
        .backspace, .delete, .left, .right, .optionLeft, .optionRight, .home, .end, .return,
        .optionBackspace, .commandBackspace, .shiftLeft, .shiftRight, .shiftOptionLeft,
        .shiftOptionRight, .shiftHome, .shiftEnd, .commandA, .commandC, .commandX, .commandV, .tab,
        .shiftTab, .up, .down, .shiftUp, .shiftDown,
    ]
    for key in keys {
        var copy = session   // each key from the same state
        try copy.key(key)
    }
    session.settings.braille.isOn = true
    try session.pan(PanDirection.right)
    try session.brailleInput(true)
    try session.chord(BrailleCell(dotNumbers: "1")!)
    return session
}

// docs/embedding.md
func expectationCasesExample() throws -> (String?, String?, [String]) {
    var session = try Session()
    try session.declareField("pin", kind: .secure, label: "PIN")
    try session.focus("pin")
    let said = session.check(Expectation.speech("PIN, secure text field"))   // nil: it was said
    try session.wait(2)
    let heard = session.check(.heard("PIN, secure text field"))   // nil: heard to its end
    try session.doubleTap()
    try session.keys("1234")
    let all: [Expectation] = [
        .count(4), .cursor(4), .sound(.click), .noSpeech, .value("1234"),
        .braille("⠁"), .brailleCursor(nil),
    ]
    let failures = all.compactMap { session.check($0) }   // .noSpeech and the braille ones fail
    return (said, heard, failures)
}

// docs/embedding.md
func scriptTimeErrorTypesExample() throws -> (ExpectationFailure?, VirtualTime, [PendingUtterance], KeyboardLayer, ShiftState, [EngineWarning], ScriptError?) {
    var session = try Session(sink: EventCollector())
    let sink: any EventSink = session.sink   // where events go; EventCollector keeps them
    let line = try ScriptParser().parse(line: Array("field user kind=text label=\"Username\"".utf8), number: 1)!
    try session.run(line)
    let failure: ExpectationFailure? = try session.run(ScriptLine(location: .init(line: 2, column: 1), command: .focus("user")))
    try session.run(Command.doubleTap)
    let start: VirtualTime = session.now
    try session.advance(by: VirtualDuration(milliseconds: 500))
    let waiting: [PendingUtterance] = session.pendingSpeech
    let layout: KeyboardLayout = session.keyboardLayout
    let layer: KeyboardLayer = session.keyboardLayer   // .letters
    let shift: ShiftState = session.shiftState         // .on: the start of a sentence
    let warnings: [EngineWarning] = session.takeWarnings()
    var refusal: ScriptError?
    do { try session.focus("nowhere") } catch { refusal = error }   // refusal?.kind == .unknownID
    _ = (layout, sink)
    return (failure, start, waiting, layer, shift, warnings, refusal)
}

@Suite("docs/embedding.md: a regression test in Swift, type by type")
struct EmbeddingGuideExampleTests {
    @Test("the settings example starts from a reader's defaults and refuses a rate of 20")
    func settings() throws {
        let (settings, probe, refused, rate) = try settingsTypesExample()
        #expect(rate == 1.5)
        #expect(refused?.key == "rate")
        #expect(settings.reader == .voiceover)
        #expect(settings.capitals == .pitch && settings.secureKeys == .silent && !settings.hints)
        #expect(settings.braille.isOn)
        #expect(probe.rate == settings.rate)
    }

    @Test("the screen example declares three elements, the email field required")
    func screen() throws {
        let (declared, snapshot) = try screenTypesExample()
        #expect(declared.map(\.id) == ["email", "pin", "go"])
        #expect(snapshot.elements.count == 3)
    }

    @Test("the gesture example runs every hardware key, and names every case of HardwareKey")
    func gestures() throws {
        let session = try gestureTypesExample()
        #expect(session.settings.braille.isOn)
        let guide = try String(contentsOfFile: Repository.path("docs/embedding.md"), encoding: .utf8)
        for key in HardwareKey.allCases {
            #expect(guide.contains(".\(String(describing: key).replacingOccurrences(of: "`", with: ""))"), "\(key)")
        }
    }

    @Test("the expectation example: speech said, then heard to its end; count, cursor, click and value hold")
    func expectations() throws {
        let (said, heard, failures) = try expectationCasesExample()
        #expect(said == nil)
        #expect(heard == nil)
        #expect(failures.count == 3, "\(failures)")
        #expect(failures.allSatisfy { !$0.contains("1234") })
    }

    @Test("the script, time and error example")
    func scriptTimeErrors() throws {
        let (failure, start, waiting, layer, shift, warnings, refusal) = try scriptTimeErrorTypesExample()
        #expect(refusal?.kind == .unknownID)
        #expect(failure == nil)
        #expect(start.milliseconds >= 0)
        #expect(waiting.allSatisfy { $0.due > start })
        #expect(layer == .letters)
        #expect(shift == .on)
        #expect(warnings.isEmpty)
    }
}
