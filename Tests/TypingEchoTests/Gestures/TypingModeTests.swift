import Testing
@testable import TypingEcho

// No auto-capitalisation: these tests are about the typing modes (see KeyboardTests for it).
private let editingField = ["field f kind=text label=\"Note\" autocapitalization=none", "focus f", "double-tap"]


@Suite("Typing modes")
struct TypingModeTests {
    @Test("Standard: lifting enters nothing; a double tap anywhere enters the focused key")
    func standardLiftThenDoubleTap() {
        let lifted = replay(editingField + ["touch q", "lift"])
        #expect(lifted.value == "")
        #expect(lifted.spoken(.key) == ["q"])
        #expect(lifted.spoken(.echo).isEmpty)
        let entered = replay(editingField + ["touch q", "lift", "double-tap"])
        #expect(entered.value == "q")
        #expect(entered.spoken(.echo) == ["q"])
    }

    @Test("Standard: a split tap enters the key under the resting finger, as often as tapped")
    func standardSplitTap() {
        #expect(replay(editingField + ["touch w", "split-tap"]).value == "w")
        #expect(replay(editingField + ["touch w", "split-tap", "split-tap", "slide e", "split-tap", "lift"]).value == "wwe")
    }

    @Test("Touch: lifting enters the key under the finger; sliding only explores")
    func touchLift() {
        #expect(replay(editingField + ["touch m", "lift"], overrides: [("typing", "touch")]).value == "m")
        let slid = replay(editingField + ["touch q", "slide w", "slide e", "lift"], overrides: [("typing", "touch")])
        #expect(slid.value == "e")
        #expect(slid.spoken(.key) == ["q", "w", "e"])
    }

    @Test("Touch: a split tap enters at once and the lift after it adds nothing")
    func touchSplitTap() {
        #expect(replay(editingField + ["touch m", "split-tap", "lift"], overrides: [("typing", "touch")]).value == "m")
    }

    @Test("Direct: a quick tap enters without exploration speech; resting past the tap time speaks the key")
    func directTap() {
        let quick = replay(editingField + ["touch c", "wait 0.1", "lift"], overrides: [("typing", "direct")])
        #expect(quick.value == "c")
        #expect(quick.spoken(.key).isEmpty)
        let rested = replay(editingField + ["touch c", "wait 0.3", "lift"], overrides: [("typing", "direct")])
        #expect(rested.value == "c")
        #expect(rested.spoken(.key) == ["c"])
        let key = rested.events.first { if case .speak(let u) = $0.event { u.role == .key } else { false } }
        #expect(key?.time == VirtualTime(milliseconds: 250))
    }

    @Test("Shift is released after one letter; caps lock stays until shift is entered again")
    func shiftAndCapsLock() {
        let once = replay(editingField + ["touch shift", "double-tap", "touch a", "split-tap", "split-tap", "lift"])
        #expect(once.value == "Aa")
        #expect(once.spoken.contains("shift on"))
        let locked = replay(editingField + ["touch shift", "double-tap", "double-tap", "touch a", "split-tap", "split-tap",
                                         "lift", "touch shift", "double-tap", "touch a", "split-tap"])
        #expect(locked.value == "AAa")
        #expect(locked.spoken.contains("caps lock on"))
        #expect(locked.spoken.contains("caps lock off"))
        let slow = replay(editingField + ["touch shift", "double-tap", "wait 1", "double-tap"])
        #expect(slow.spoken.contains("shift off"))
    }

    @Test("Capitals while exploring follow the capitals setting", arguments: [
        ("say", "capital M", 1.0), ("pitch", "M", 1.3), ("sound", "M", 1.0), ("none", "M", 1.0),
    ])
    func capitalStyles(_ style: String, _ text: String, _ pitch: Double) {
        let result = replay(editingField + ["settings capitals=\(style)", "touch shift", "double-tap", "touch m"])
        let key = result.events.compactMap { if case .speak(let u) = $0.event, u.role == .key, u.text != "shift" { u } else { nil } }.last
        #expect(key?.text == text)
        #expect(key?.pitch == pitch)
        let sounds = result.events.filter { $0.event == .sound(.capital) }
        #expect(sounds.count == (style == "sound" ? 1 : 0))
    }

    @Test("Polish: resting on shift+M past the phonetic delay says wielkie M, then Maria; sliding away first cancels Maria")
    func polishPhonetics() {
        let rested = replay(["settings locale=pl-PL"] + editingField + ["touch shift", "double-tap", "touch m", "wait 2"])
        #expect(Array(rested.spoken.suffix(2)) == ["wielkie M", "Maria"])
        let slid = replay(["settings locale=pl-PL"] + editingField + ["touch shift", "double-tap", "touch m", "wait 0.5", "slide n", "wait 0.2", "lift"])
        #expect(!slid.spoken.contains("Maria"))
        #expect(slid.spoken.contains("wielkie N"))
        let only = replay(["settings locale=pl-PL phonetics=phonetics-only"] + editingField + ["touch m"])
        #expect(only.spoken.last == "Maria")
    }

    @Test("type \"Zażółć 123!\" on pl-PL gives that value in every mode", arguments: TypingMode.allCases)
    func polishType(_ mode: TypingMode) {
        let result = replay(["settings locale=pl-PL typing=\(mode.rawValue)"] + editingField + ["type \"Zażółć 123!\""])
        #expect(result.error == nil)
        #expect(result.value == "Zażółć 123!")
        #expect(result.spoken(.word) == ["Zażółć", "123"])
        #expect(result.engine?.isFingerDown == false)
    }

    @Test("type takes one cadence per gesture")
    func cadence() {
        let result = replay(editingField + ["settings cadence=0.5", "type \"ab\""])
        // Standard typing: touch a, split tap, slide b, split tap, lift: five gestures.
        let inserts = result.events.filter { if case .edit = $0.event { true } else { false } }.map(\.time.milliseconds)
        #expect(inserts == [500, 1500])
    }

    @Test("A character no gesture types is a script error naming its position only")
    func untypable() throws {
        let result = replay(editingField + ["type \"abжcd\""], expecting: .stopsWithError)
        let error = try #require(result.error)
        #expect(error.message == "type: character 3 of the text cannot be typed on the en-US keyboard")
        #expect(result.value == "", "nothing is typed when some character cannot be")
        let secure = replay(["field p kind=secure label=\"PIN\"", "focus p", "double-tap", "type \"sęcrétж\""], expecting: .stopsWithError)
        #expect(secure.error?.message == "type: character 7 of the text cannot be typed on the en-US keyboard")
    }

    @Test("Gestures on keys need the keyboard, shown only while a field is being edited")
    func keyboardHidden() throws {
        let result = replay(["field f kind=text label=\"Note\"", "focus f", "touch q"], expecting: .stopsWithError)
        let error = try #require(result.error)
        #expect(error.message.contains("double-tap it first"))
        #expect(replay(["field f kind=text label=\"Note\"", "focus f", "type \"x\""], expecting: .stopsWithError).error != nil)
        #expect(replay(editingField + ["split-tap"], expecting: .stopsWithError).error?.message.contains("touch one first") == true)
    }

    @Test("A key on another layer is refused with the way to reach it")
    func otherLayer() throws {
        let digit = try #require(replay(editingField + ["touch 1"], expecting: .stopsWithError).error)
        #expect(digit.message.contains("numbers layer"))
        let alternate = try #require(replay(["settings locale=pl-PL"] + editingField + ["touch ł"], expecting: .stopsWithError).error)
        #expect(alternate.message.contains("alternate of 'l'"))
    }

    @Test("Outside the keyboard a touch focuses the element there, or nothing")
    func offKeyboard() {
        let lines = ["element send label=\"Send\" traits=button frame=300,60,80,44"] + editingField
        let onButton = replay(lines + ["touch 320,80", "lift"])
        #expect(onButton.engine?.focusedElement?.id == "send")
        #expect(onButton.engine?.isKeyboardShown == true)  // editing lasts while focus wanders
        let onNothing = replay(lines + ["touch 100,100", "lift"])
        #expect(onNothing.engine?.focusedElement?.id == "f")
        #expect(onNothing.engine?.isKeyboardShown == true)
    }

    @Test("rotor typing-mode with swipes switches the mode and says it")
    func rotorTypingMode() {
        let result = replay(editingField + ["rotor typing-mode", "swipe down", "touch m", "lift"])
        #expect(result.spoken.contains("touch typing"))
        #expect(result.engine?.settings.typingMode == .touch)
        #expect(result.value == "m")
        let back = replay(editingField + ["rotor typing-mode", "swipe up"])
        #expect(back.spoken.last == "direct touch typing")
    }

    @Test("secure-keys=silent: keys explored in a secure field are not heard or reported")
    func silentSecureKeys() {
        let result = replay(["settings secure-keys=silent", "field p kind=secure label=\"PIN\"", "focus p", "double-tap",
                          "touch numbers", "double-tap", "touch 7", "split-tap", "lift", "type \"x9\""])
        #expect(result.error == nil)
        #expect(result.spoken(.key).isEmpty)
        #expect(!result.events.contains { if case .focus(.key) = $0.event { true } else { false } })
        #expect(result.engine?.editedElement?.field?.characterCount == 3)
        #expect(result.events.filter { $0.event == .sound(.click) }.count == 3)
    }

    @Test("Other input lifts the finger without entering the key under it")
    func otherInputReleasesFinger() {
        let result = replay(editingField + ["settings typing=touch", "touch q", "key left", "lift"])
        #expect(result.value == "")
        #expect(result.engine?.isFingerDown == false)
    }
}
