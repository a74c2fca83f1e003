import Testing
import TypingEchoTesting
@testable import TypingEcho

/// The keyboard as a place: editing apart from focus, keys in the
/// swipe order, keyboard types, return keys, auto-capitalisation, hardware editing, ticks.
@Suite("Keyboard as a place")
struct KeyboardPlaceTests {
    private let plain = [#"field f kind=text label="Note" autocapitalization=none"#, "focus f", "double-tap"]

    @Test("Standard typing: swipe to keys and double-tap; focus key:NAME then swipe left")
    func swipeTyping() {
        let walked = replay(plain + ["swipe right", "swipe right", "double-tap"])
        #expect(walked.value == "w")
        #expect(walked.events.contains { $0.event == .focus(.key("q")) })
        let named = replay(plain + ["focus key:e", "swipe left", "double-tap"])
        #expect(named.value == "w")
        #expect(named.error == nil)
    }

    @Test("Swiping left from the first key reaches the last screen element; past the last key is the boundary")
    func swipeEnds() {
        let back = replay(plain + ["focus key:q", "swipe left"])
        #expect(back.engine?.focusedElement?.id == "f")
        let keys = KeyboardLayout.matching("en-US").keys(on: .letters).count
        let end = replay(plain + ["focus key:return", "swipe right"])
        #expect(end.sounds.last == .boundary)
        #expect(keys > 20)
    }

    @Test("Keys go to the edited field while focus is on a button; dismiss ends editing")
    func editingLasts() {
        let lines = [#"field f kind=text label="Name" autocapitalization=none"#, #"element ok label="OK" traits=button"#,
                     "focus f", "double-tap", "focus ok", "keys \"hi\""]
        let run = replay(lines + ["focus f"])
        #expect(run.value == "hi")
        // The edited field's hint follows (AccessibilitySnapshot's textEntryIsEditingTraitHint).
        #expect(run.spoken.suffix(2) == ["Name, hi, text field, is editing, insertion point at end", "Use the rotor to access Misspelled Words"])
        let dismissed = replay(lines + ["dismiss", "keys \"x\""], expecting: .stopsWithError)
        #expect(dismissed.error?.location?.line == 8)
        #expect(dismissed.engine?.isKeyboardShown == false)
    }

    @Test("dismiss while focus is on a key: the next event is the field's focus and announcement")
    func dismissFromKey() throws {
        let run = replay(plain + ["focus key:q", "dismiss"])
        let onKey = try #require(run.events.lastIndex { $0.event == .focus(.key("q")) })
        // After the key's own utterance ("q") and the end of editing, the next events are the
        // field's focus and announcement.
        let after = Array(run.events[(onKey + 1)...].filter { if case .finished = $0.event { false } else { true } }.dropFirst())
        #expect(after.first?.event == .editing(field: "f", editing: false))
        #expect(after.dropFirst().first?.event == .focus(.element("f")))
        guard case .speak(let utterance)? = after.dropFirst(2).first?.event else { Issue.record("no announcement"); return }
        #expect(utterance.text == "Note, text field")
    }

    @Test("Another field starting to edit ends the first; return with return-key=go ends editing")
    func editingEnds() {
        let two = [#"field a kind=text label="A" return-key=go"#, #"field b kind=text label="B""#]
        let other = replay(two + ["focus a", "double-tap", "focus b", "double-tap"])
        #expect(other.engine?.element("a")?.field?.isEditing == false)
        #expect(other.engine?.editingIndex == 1)
        let go = replay(two + ["focus a", "double-tap", "key return"])
        #expect(go.engine?.isKeyboardShown == false)
        let stays = replay([#"field a kind=text label="A""#, "focus a", "double-tap", "key return"])
        #expect(stays.engine?.isKeyboardShown == true)
    }

    @Test("return-key=next moves typing to the next field; the return key is spoken by its label")
    func returnKeys() {
        let lines = [#"field a kind=text label="A" return-key=next autocapitalization=none"#,
                     #"field b kind=search label="Find" return-key=search"#, "focus a", "double-tap", "touch return"]
        let next = replay(lines + ["split-tap", "lift", "keys \"x\""])
        #expect(next.engine?.element("b")?.field?.text == "x")
        #expect(next.spoken.contains("Next"))
        let search = replay(lines + ["split-tap", "lift", "focus key:return"])
        #expect(search.spoken.last == "Search")
        let polish = replay(["settings locale=pl-PL"] + lines + ["lift", "focus b", "double-tap", "focus key:return"])
        #expect(polish.spoken.last == "Szukaj")
    }

    @Test("key left plays tick then speaks the unit; at the start boundary plays instead")
    func ticks() {
        let run = replay([#"field f kind=text label="N" value="abc def""#, "focus f", "double-tap", "key left"])
        let events = run.events.map(\.event)
        let tick = events.firstIndex(of: .sound(.tick))
        let unit = events.firstIndex { if case .speak(let u) = $0 { u.role == .cursor } else { false } }
        #expect(tick != nil && unit != nil && tick! < unit!)
        #expect(run.spoken(.cursor) == ["f"])
        let start = replay([#"field f kind=text label="N" value="abc def""#, "focus f", "double-tap", "key home", "key left"])
        #expect(start.sounds.suffix(2) == [.tick, .boundary])
    }

    @Test("pl-PL decimal pad types 12,5 and refuses 1.5 naming the position")
    func decimalPad() {
        let lines = ["settings locale=pl-PL", #"field k kind=text label="Kwota" keyboard=decimal-pad"#, "focus k", "double-tap"]
        #expect(replay(lines + [#"type "12,5""#]).value == "12,5")
        let refused = replay(lines + [#"type "1.5""#], expecting: .stopsWithError)
        #expect(refused.error?.message == "type: character 2 of the text cannot be typed on the pl-PL decimal-pad keyboard")
        #expect(KeyboardLayout.decimalSeparator(forLayoutLocale: "en-US") == ".")
        #expect(KeyboardLayout.decimalSeparator(forLayoutLocale: "pl-PL") == ",")
    }

    @Test("Every keyboard type of every layout reads; pads hold no letters; email has @ and .",
          arguments: KeyboardType.allCases)
    func keyboardTypes(_ type: KeyboardType) throws {
        for base in KeyboardLayout.all {
            let layout = try KeyboardLayout.matching(base.locale, type: type)
            let characters = layout.typeableCharacters.filter { $0 != " " }
            if type.isPad {
                #expect(!characters.contains { $0.isLetter }, "\(base.locale) \(type)")
                #expect(characters.contains("0"))
            }
            if type == .email { #expect(characters.contains("@") && characters.contains(".")) }
            if type == .ascii { #expect(characters.allSatisfy { $0.isASCII }) }
            #expect(layout.key(.delete, on: layout.homeLayer) != nil)
        }
    }

    @Test("Auto-capitalisation: a new sentences field speaks the first explored letter as a capital; none does not")
    func autocapitalisation() {
        let sentences = replay([#"field f kind=text label="N""#, "focus f", "double-tap", "touch m"])
        #expect(sentences.spoken(.key).last == "capital M")
        let none = replay([#"field f kind=text label="N" autocapitalization=none"#, "focus f", "double-tap", "touch m"])
        #expect(none.spoken(.key).last == "m")
        let afterStop = replay([#"field f kind=text label="N" value="Hi.""#, "focus f", "double-tap", "keys \" \"", "touch m"])
        #expect(afterStop.spoken(.key).last == "capital M")
        let words = replay([#"field f kind=text label="N" value="ab" autocapitalization=words"#, "focus f", "double-tap", "keys \" \"", "touch m"])
        #expect(words.spoken(.key).last == "capital M")
        let email = replay([#"field f kind=text label="N" keyboard=email"#, "focus f", "double-tap", "touch m"])
        #expect(email.spoken(.key).last == "m")
    }

    @Test("option-backspace deletes the word at deletion pitch; typing over a selection replaces it")
    func hardwareEditing() throws {
        let word = replay([#"field f kind=text label="N" value="hello world""#, "focus f", "double-tap", "key option-backspace"])
        #expect(word.value == "hello ")
        let deleted = try #require(word.events.compactMap { if case .speak(let u) = $0.event, u.role == .delete { u } else { nil } }.last)
        #expect(deleted.text == "world" && deleted.pitch < 1)
        let replaced = replay([#"field f kind=text label="N" value="abcd""#, "focus f", "double-tap",
                                  "key shift-left", "key shift-left", #"keys "Z""#])
        #expect(replaced.value == "abZ")
        #expect(replaced.events.contains { if case .edit(let e) = $0.event { e.operation == .replace && e.length == 2 } else { false } })
        #expect(replaced.spoken.contains("c, selected"))
        let line = replay([#"field f kind=area label="N" value="one\ntwo three""#, "focus f", "double-tap", "key command-backspace"])
        #expect(line.value == "one\n")
        let cut = replay([#"field f kind=text label="N" value="abc""#, "focus f", "double-tap", "key command-a", "key command-x", "key command-v", "key command-v"])
        #expect(cut.value == "abcabc")
        let tab = replay([#"field a kind=text label="A""#, #"field b kind=text label="B""#, "focus a", "double-tap", "key tab"])
        #expect(tab.engine?.editingIndex == 1 && tab.engine?.focusedElement?.id == "b")
    }

    @Test("Copy and cut by shortcut are refused in a secure field")
    func secureShortcuts() {
        let run = replay([#"field p kind=secure label="P" value="secret""#, "focus p", "double-tap", "key command-a", "key command-c", "key command-x"])
        #expect(run.sounds.filter { $0 == .refused }.count == 2)
        #expect(run.engine?.clipboardText == nil)
    }

    // MARK: - Fixes found side by side with VoiceOver (each failed before its change)

    @Test("phonetics-only with capitals=say: a capital is heard as a capital")
    func phoneticCapital() {
        let capital = replay(["settings phonetics=phonetics-only"] + plain + ["touch shift", "double-tap", "touch m"])
        let small = replay(["settings phonetics=phonetics-only"] + plain + ["touch m"])
        #expect(capital.spoken.last == "capital Mike")
        #expect(small.spoken.last == "Mike")
    }

    @Test("Thai: every word that ends is echoed, not only the last segment")
    func thaiWords() {
        let run = replay(["settings locale=th-TH", #"field f kind=text label="N""#, "focus f", "double-tap", #"keys "สวัสดีครับ ""#])
        let words = run.utterances.filter { $0.role == .word }.map(\.text)
        #expect(words == ["สวัสดี", "ครับ"])
    }

    @Test("aria-errormessage is an id reference, not the message")
    func ariaErrorMessage() throws {
        let run = replay([#"field email kind=text label="Email" error="Enter an address""#])
        let element = try #require(run.engine?.element("email"))
        let equivalents = PlatformEquivalents(element)
        let attribute = try #require(equivalents.ariaAttributes.first { $0.name == "aria-errormessage" })
        #expect(attribute.value == "email-error")
    }

    @Test("A point inside the keyboard's frame reaches a key, not the element beneath")
    func keyboardFrame() {
        let lines = [#"element under label="Under" traits=button frame=0,600,390,100"#] + plain
        let run = replay(lines + ["touch 30,600"])
        #expect(run.engine?.focusedKeyName == "a" || run.engine?.focusedKeyName != nil)
        #expect(run.engine?.focusedElement == nil)
        let hidden = replay(lines + ["dismiss", "touch 30,600", "lift"])
        #expect(hidden.engine?.focusedElement?.id == "under")
    }

    @Test("A finger that leaves the keyboard and comes back explores the key again; lifting on an element enters nothing")
    func fingerComesBack() {
        let lines = [#"element top label="Top" traits=button frame=0,100,390,100"#] + plain
        let run = replay(lines + ["touch q", "slide 50,150", "slide q", "lift"], overrides: [("typing", "touch")])
        #expect(run.spoken(.key).filter { $0 == "q" }.count == 2)
        #expect(run.value == "q")
        let off = replay(lines + ["touch q", "slide 50,150", "lift"], overrides: [("typing", "touch")])
        #expect(off.value == "")
    }
}
