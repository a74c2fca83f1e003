import Testing
@testable import TypingEcho

/// What is heard for a change, composed by the echo rules alone: no engine, no script, no
/// clock. Each test gives a change and asserts the words, sounds, pitches and turns a user
/// would notice.
@Suite("Echo composer")
struct EchoComposerTests {
    /// What a public field discloses of its text, and what a secure field does (nothing).
    let shown = Disclosure.forTesting(secure: false), secret = Disclosure.forTesting(secure: true)

    static let english = try! Phrasebook(locale: "en-US")

    func composer(_ change: (inout Settings) -> Void = { _ in }) -> EchoComposer {
        var settings = Settings()
        change(&settings)
        return EchoComposer(phrasebook: Self.english, settings: settings)
    }

    /// The spoken cues of feedback: text, role, pitch and turn.
    func spoken(_ feedback: Feedback) -> [SpokenCue] {
        feedback.cues.compactMap { if case .speech(let cue) = $0 { cue } else { nil } }
    }

    @Test("a typed capital is said with its capital word at echo pitch, then the word it ends")
    func typedCharacterAndWord() {
        let feedback = composer().feedback(for: .typed(shown.typed("O", endedWords: ["HellO"]), hardware: true))
        #expect(spoken(feedback) == [
            SpokenCue(text: "capital O", role: .echo, pitch: 1.2, turn: .followsTyping),
            SpokenCue(text: "HellO", role: .word, pitch: 1.2, turn: .followsTyping),
        ])
        #expect(feedback.sounds.isEmpty)
    }

    @Test("typing feedback follows the setting of the keyboard it came from")
    func typedFollowsItsKeyboardsSetting() {
        let echo = composer { $0.hardwareFeedback = .words; $0.typingFeedback = .characters }
        #expect(echo.feedback(for: .typed(shown.typed("a", endedWords: []), hardware: true)).spokenTexts.isEmpty)
        #expect(echo.feedback(for: .typed(shown.typed("a", endedWords: []), hardware: false)).spokenTexts == ["a"])
        #expect(echo.wantsEndedWords(hardware: true) && !echo.wantsEndedWords(hardware: false))
    }

    @Test("a character typed into a secure field is a click and nothing said")
    func typedSecure() {
        let feedback = composer().feedback(for: .typed(secret.typed("p", endedWords: []), hardware: false))
        #expect(feedback.sounds == [.click])
        #expect(feedback.spokenTexts.isEmpty)
    }

    @Test("with capitals=sound a capital plays the capital sound before the letter; with pitch-change off the echo is at normal pitch")
    func capitalSound() {
        let echo = composer { $0.capitals = .sound; $0.pitchChange = false }
        let feedback = echo.feedback(for: .typed(shown.typed("M", endedWords: []), hardware: true))
        #expect(feedback.cues.first == .sound(.capital))
        #expect(spoken(feedback) == [SpokenCue(text: "M", role: .echo, pitch: 1.0, turn: .followsTyping)])
    }

    @Test("a deleted character is said at deletion pitch; a secure deletion is the delete sound")
    func deletion() {
        #expect(spoken(composer().feedback(for: .deleted(text: shown.show(".")))) == [SpokenCue(text: "period", role: .delete, pitch: 0.8, turn: .interrupts)])
        #expect(spoken(composer().feedback(for: .deleted(text: shown.show("hello ")))) == [SpokenCue(text: "hello", role: .delete, pitch: 0.8, turn: .interrupts)])
        let secure = composer().feedback(for: .deleted(text: secret.show("")))
        #expect(secure.sounds == [.delete] && secure.spokenTexts.isEmpty)
    }

    @Test("a character move ticks, reports the insertion point, says the character, and its phonetic word later")
    func characterMove() {
        let feedback = composer().feedback(for: .moved(.character(shown.show("m"))))
        #expect(feedback.cues == [
            .sound(.tick), .report,
            .speech(SpokenCue(text: "m", role: .cursor, pitch: 1.0, turn: .interrupts)),
            .speech(SpokenCue(text: "Mike", role: .phonetic, pitch: 1.0, turn: .later(Settings().phoneticDelay))),
        ])
    }

    @Test("phonetics-only says a capital's phonetic word with the capital word")
    func phoneticsOnly() {
        let feedback = composer { $0.phonetics = .phoneticsOnly }.feedback(for: .moved(.character(shown.show("M"))))
        #expect(spoken(feedback) == [SpokenCue(text: "capital Mike", role: .phonetic, pitch: 1.0, turn: .interrupts)])
    }

    @Test("moves by word, line and to an end say what they passed or where they are; secure moves say no text")
    func otherMoves() {
        let echo = composer()
        #expect(echo.feedback(for: .moved(.word(shown.show("world"), count: 5))).spokenTexts == ["world"])
        #expect(echo.feedback(for: .moved(.word(secret.show(""), count: 6))).spokenTexts == ["6 characters"])
        #expect(echo.feedback(for: .moved(.character(secret.show("")))).spokenTexts == ["bullet"])
        #expect(echo.feedback(for: .moved(.line(shown.show("")))).spokenTexts == ["blank"])
        #expect(echo.feedback(for: .moved(.toEnd(end: true))).spokenTexts == ["insertion point at end"])
    }

    @Test("at a boundary only the boundary sound is heard")
    func boundary() {
        #expect(composer().feedback(for: .boundary).cues == [.sound(.boundary)])
    }

    @Test("a grown selection says what was added, then selected; a secure one says a count")
    func selection() {
        #expect(composer().feedback(for: .selectionChanged(grew: true, text: shown.show("a"), count: 1)).spokenTexts == ["a, selected"])
        #expect(composer().feedback(for: .selectionChanged(grew: false, text: secret.show(""), count: 2)).spokenTexts == ["2 characters, unselected"])
    }

    @Test("edit actions say what they did; a secure paste is said by count; refusals play the refused sound and say why")
    func editActionsAndRefusals() {
        let echo = composer()
        #expect(echo.feedback(for: .editAction(.chose(.paste))).spokenTexts == ["paste"])
        #expect(echo.feedback(for: .editAction(.pasted(text: secret.show(""), count: 3))).spokenTexts == ["3 characters, pasted"])
        let refused = echo.feedback(for: .refused(.secureCopy(.copy)))
        #expect(refused.sounds == [.refused])
        #expect(spoken(refused).map(\.role) == [.announcement])
        #expect(echo.feedback(for: .refused(.textLimit(1))).spokenTexts == ["text limit reached, 1 character"])
    }

    @Test("an explored key is said as a character (with phonetics) or by name; shift says its new state")
    func keysAndShift() {
        let echo = composer()
        #expect(echo.feedback(for: .keyExplored(.character("q"))).spokenTexts == ["q", "Quebec"])
        #expect(echo.feedback(for: .keyExplored(.returnKey(.go))).spokenTexts == ["Go"])
        #expect(echo.feedback(for: .keyExplored(.shift(.capsLock))).spokenTexts == ["caps lock on"])
        #expect(echo.feedback(for: .shiftEntered(before: .capsLock, after: .off)).spokenTexts == ["caps lock off"])
        #expect(echo.feedback(for: .shiftEntered(before: .on, after: .off)).spokenTexts == ["shift off"])
    }

    @Test("another reader's conventions are data: a different style changes pitches and sounds, not the rules")
    func styleIsData() {
        let echo = composer {
            $0.style.deletePitch = 0.5
            $0.style.moveSound = .capital
        }
        #expect(spoken(echo.feedback(for: .deleted(text: shown.show("x")))).map(\.pitch) == [0.5])
        #expect(echo.feedback(for: .moved(.character(shown.show("x")))).sounds.first == .capital)
    }

    @Test("focus announcements join the same feedback: the announcement, then the hint after the hint delay")
    func focusFeedback() throws {
        let element = try Element(FieldDeclaration(id: "name", kind: .text, label: "Name"), locale: "en_US")
        let feedback = Announcer(phrasebook: Self.english).feedback(focusing: element, interrupts: false, settings: Settings())
        #expect(spoken(feedback) == [
            SpokenCue(text: "Name, text field", role: .element, pitch: 1.0, turn: .queues),
            SpokenCue(text: "Double tap to edit.", role: .hint, pitch: 1.0, turn: .later(Settings().hintDelay)),
        ])
    }
}
