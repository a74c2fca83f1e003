import Testing
@testable import TypingEcho

/// The on-screen keyboard follows the settings the moment they change, as the voice and the
/// braille display do: no gesture has to come first.
@Suite("The keyboard follows the settings at once")
struct KeyboardFollowsSettingsTests {
    @Test("after a locale change in an edited field, a swipe into the keyboard reaches the new layout's first key",
          arguments: [("fr-FR", "a"), ("de-DE", "q"), ("en-US", "q")])
    func swipeReachesNewLayout(_ locale: String, _ firstKey: String) throws {
        let run = replay(["settings hints=off", "field note kind=text label=\"Note\"", "focus note", "double-tap",
                          "settings locale=\(locale)", "swipe right"])
        #expect(run.error == nil, "\(String(describing: run.errorLine))")
        #expect(run.engine?.focusedKeyName?.lowercased() == firstKey)
        #expect(run.engine?.keyboardLayout.locale.hasPrefix(String(locale.prefix(2))) == true)
    }

    @Test("the layout follows a locale change before any gesture, and back")
    func layoutFollowsImmediately() throws {
        let run = replay(["field note kind=text label=\"Note\"", "focus note", "double-tap", "settings locale=fr-FR",
                          "settings locale=en-US", "settings locale=fr-FR"])
        #expect(run.engine?.keyboardLayout.locale.hasPrefix("fr") == true)
    }
}
