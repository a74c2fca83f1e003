import Testing
@testable import TypingEcho

/// The same session heard through each of the five readers (`reader=`): what each step says,
/// as each reader's own code, strings and tests give it. docs/screen-readers.md has the same
/// session with every value's source; the tags in the comments (TB-…, NV-…, OR-…, CV-…) are
/// that page's.
@Suite("Reader profiles")
struct ReaderProfileTests {
    /// The acceptance session, one script line per step; `double-tap` is left out for the
    /// desktop readers, whose `focus` is keyboard focus (editing).
    static func steps(touch: Bool) -> [String?] {
        [
            "focus message",  // 1
            touch ? "double-tap" : nil,  // 2
            "keys \"Hello, world.\"",  // 3
            "key backspace",  // 4: deletes "."; "Hello, world", insertion point 12
            "key right",  // 5: at the end already
            "key left",  // 6: 12 → 11, over "d"
            "key right",  // 7: 11 → 12, onto the end
            "key option-left",  // 8: 12 → 7, over "world"
            "key option-left",  // 9: 7 → 0, over "Hello, "
            "key left",  // 10: at the start already
            "key option-right",  // 11: 0 → 5, over "Hello"
            "key option-right",  // 12: 5 → 12, over ", world"
            "key shift-option-left",  // 13: selects "world"
            "key backspace",  // 14: deletes the selection
            "focus password",  // 15
            touch ? "double-tap" : nil,  // 16
            "keys \"abc\"",  // 17
            "key left",  // 18: 3 → 2, over the third character
        ]
    }

    /// What each step says and plays: utterances as their text, sounds as `[name]`; nil for a
    /// step the reader does not have.
    static func heard(_ reader: ScreenReader, locale: String = "en-US") throws -> [[String]?] {
        var session = try Session()
        let prelude = """
        settings reader=\(reader.rawValue) hints=off locale=\(locale)
        field message kind=text label="Message"
        field password kind=secure label="Password"

        """
        try session.feedScript(Array(prelude.utf8))
        return try steps(touch: reader == .voiceover || reader == .talkback).map { line in
            guard let line else { return nil }
            session.log = EventCollector()
            try session.feedScript(Array((line + "\n").utf8))
            return session.log.events.compactMap { event in
                switch event.event {
                case .speak(let utterance): utterance.text
                case .sound(let name): "[\(name.rawValue)]"
                default: nil
                }
            }
        }
    }

    @Test("VoiceOver: today's model, byte for byte")
    func voiceOver() throws {
        // [model]: docs/script-language.md, docs/hardware-editing.md, docs/secure-entry.md.
        let heard = try Self.heard(.voiceover)
        #expect(heard == [
            ["Message, text field"],
            ["Message, text field, is editing"],
            ["capital H", "e", "l", "l", "o", "comma", "Hello", "space", "w", "o", "r", "l", "d", "period", "world"],
            ["period"],
            ["[boundary]"],
            ["[tick]", "d"],
            ["[tick]", "d"],
            ["[tick]", "world"],
            ["[tick]", "Hello"],
            ["[boundary]"],
            ["[tick]", "Hello"],
            ["[tick]", "world"],
            ["world, selected"],
            ["world"],
            ["Password, secure text field"],
            ["Password, secure text field, is editing"],
            ["[click]", "[click]", "[click]"],
            ["[tick]", "bullet"],
        ])
    }

    @Test("TalkBack: \"X deleted\", the text passed with \"End of field\", \"Bullet\" and \"Character 3\"")
    func talkBack() throws {
        let heard = try Self.heard(.talkback)
        #expect(heard == [
            // TB-RDE nodeRoleDescriptionText (state, name, role); TB-ETD; TB-STR-C value_edit_box.
            ["Message, Edit box"],
            // Unknown whether TalkBack announces the field again: modelled as VoiceOver does,
            // with TB-STR-C value_edit_box_editing in the state's place.
            ["Editing, Message, Edit box"],
            // TB-ITFR inputTextAdd; TB-TEI appendLastWordIfNeeded ("Hello Comma"); TB-STR-U
            // template_capital_letter; TB-STR-SYM symbol_comma, symbol_space, symbol_period.
            ["capital H", "e", "l", "l", "o", "Hello Comma", "Space", "w", "o", "r", "l", "d", "world Period"],
            // TB-ITFR inputTextRemove; TB-STR-C template_text_removed "%1$s deleted".
            ["Period deleted"],
            // TB-ITSFR: SELECTION_MOVE_CURSOR_TO_END has no feedback.
            [],
            // TB-TEI: the text traversed.
            ["d"],
            // TB-ITSFR: notification_type_end_of_field joined with ", ".
            ["d, End of field"],
            ["world"],
            // The text passed, "Hello, ", then ", " and notification_type_beginning_of_field.
            ["Hello, , Beginning of field"],
            [],
            ["Hello"],
            [", world, End of field"],
            // TB-TEI getSelectedText; TB-STR-C template_text_selected "%1$s, selected".
            ["world, selected"],
            ["world deleted"],
            // TB-ETD nameDescription: an empty field is named by its label.
            ["Password, Edit box"],
            ["Editing, Password, Edit box"],
            // Speak passwords off: TB-ITPFR inputTextPasswordAdd; TB-STR-SYM symbol_bullet.
            ["Bullet", "Bullet", "Bullet"],
            // TB-TEI getSubsequence; TB-STR-U template_password_traversed "Character %1$d".
            ["Character 3"],
        ])
    }

    @Test("NVDA: the unit at the caret, \"blank\" at the end, \"star\" per password character")
    func nvda() throws {
        let heard = try Self.heard(.nvda)
        #expect(heard == [
            // NV-SP getPropertiesSpeech (name, role, …); NV-ROLE Role.EDITABLETEXT "edit"; an
            // empty line on focus is "blank" (NV-SP getTextInfoSpeech).
            ["Message, edit, blank"],
            nil,
            // NV-SP speakTypedCharacters; NV-SYM comma, space, dot; NV-CFG-2025: words off.
            // The capital is "H" at +30 % pitch (NV-CFG capPitchChange=30), no word.
            ["H", "e", "l", "l", "o", "comma", "space", "w", "o", "r", "l", "d", "dot"],
            // NV-ET _backspaceScriptHelper: the character, no "deleted", no pitch change.
            ["dot"],
            // NV-ET _caretMovementScriptHelper speaks the unit at the caret even when it did
            // not move; NV-SP getTextInfoSpeech: nothing to speak is "blank".
            ["blank"],
            // NV-ET _caretScriptPostMovedHelper: the character at the new caret.
            ["d"],
            ["blank"],
            ["world"],
            ["Hello"],
            // The caret did not move: the character at it again, at capital pitch.
            ["H"],
            // The word unit at offset 5: unknown in NVDA's sources; the model's word at the caret.
            ["world"],
            ["blank"],
            // NV-SP speakSelectionChange "%s selected".
            ["world selected"],
            // Unknown (NV-ET does not settle it): modelled as VoiceOver does, in NVDA's rule.
            ["world"],
            // NV-STATE State.PROTECTED "protected", then the empty line.
            ["Password, edit, protected, blank"],
            nil,
            // test NV-TEST-TYPED: speakSpelling(PROTECTED_CHAR) per character; NV-SYM "star".
            ["star", "star", "star"],
            // Unknown: modelled as VoiceOver does.
            ["bullet"],
        ])
        // NV-CFG capPitchChange=30: the capital typed and the one the caret stays on.
        let session = replay("""
        settings reader=nvda hints=off
        field message kind=text label="Message"
        focus message
        keys "Hi"
        key home
        key left
        """)
        // Home is NVDA's move by character (NV-ET kb:home): the "H" now at the caret, then again
        // when Left cannot move.
        #expect(session.utterances.filter { $0.text == "H" }.map(\.pitch) == [1.3, 1.3, 1.3])
    }

    @Test("Orca 43 as heard live: name and role as one utterance, keys named, \"blank\" at the end, the text crossed, the mask character's name in a password field")
    func orca() throws {
        let heard = try Self.heard(.orca)
        #expect(heard == [
            // OR-LIVE: "Username text." (GTK's role word) as one utterance; the integration
            // test OR-TEST-WFS has ["Email", "entry", …] apart (`focus-order=separate`).
            ["Message text"],
            nil,
            // OR-LIVE and test OR-TEST-TE test_key_echo: "left shift" before a capital; the
            // characters by speech-dispatcher's names ("comma", "dot"); no words.
            ["left shift", "H", "e", "l", "l", "o", "comma", "space", "w", "o", "r", "l", "d", "dot"],
            // OR-LIVE: the key's name, then the character deleted.
            ["backspace", "dot"],
            // OR-DEF _on_caret_moved: no caret event, nothing said.
            [],
            // test OR-TEST-TE: Left over "d" says ["d"].
            ["d"],
            // test OR-TEST-GEC: End says ["blank"]; OR-MSG BLANK.
            ["blank"],
            // OR-LIVE: "left control", then the text crossed (`word-move=crossed`).
            ["left control", "world"],
            ["left control", "Hello, "],
            [],
            ["left control", "Hello"],
            ["left control", ", world"],
            // test OR-TEST-GEC test_selection_in_an_entry: ["pple", "selected"]; keys named.
            ["left control", "left shift", "world", "selected"],
            // OR-LIVE; test OR-TEST-SPIN: "Selection deleted.", and not the text.
            ["backspace", "Selection deleted."],
            // OR-LIVE: "Password password text."
            ["Password password text"],
            nil,
            // OR-LIVE: GTK's mask character "●", named by speech-dispatcher, per key; no key echo.
            ["black circle", "black circle", "black circle"],
            ["black circle"],
        ])
    }

    @Test("ChromeVox: the character at the caret, \"End of text\", the characters crossed, \"…, deleted\"")
    func chromeVox() throws {
        let heard = try Self.heard(.chromevox)
        #expect(heard == [
            // CV-OR TEXT_FIELD (name, value, role), each its own utterance (test CV-TEST-ED Focus);
            // CV-STR IDS_CHROMEVOX_INPUT_TYPE_TEXT.
            ["Message", "Edit text"],
            nil,
            // test CV-TEST CharacterEcho; CV-PREFS typingEcho CHARACTER; how the engine names
            // "," and " " is the engine's (unknown): VoiceOver's names.
            ["H", "e", "l", "l", "o", "comma", "space", "w", "o", "r", "l", "d", "period"],
            // test CV-TEST TypingWords (Backspace: ["."]).
            ["period"],
            // CV-ETB shouldDescribeChange: nothing changed, nothing said.
            [],
            // CV-ET describeSelectionChanged: the character at the new caret.
            ["d"],
            // CV-STR IDS_CHROMEVOX_END_OF_TEXT_VERBOSE (the unit test CursorNavigation expects
            // the character passed over: the former I-beam option, see docs/screen-readers.md).
            ["End of text"],
            // CV-ETB: the characters crossed.
            ["world"],
            ["Hello, "],
            [],
            ["Hello"],
            [", world"],
            // test CV-TEST Selection: ["llo", "selected"].
            ["world", "selected"],
            // test CV-TEST TypingWords: ["Hello, , deleted"]: more than one character.
            ["world, deleted"],
            // CV-STR IDS_CHROMEVOX_INPUT_TYPE_PASSWORD.
            ["Password", "Password edit text"],
            nil,
            // CV-ETB password_char: its words are unknown; modelled as VoiceOver does.
            ["[click]", "[click]", "[click]"],
            ["bullet"],
        ])
    }

    @Test("Polish: each reader's own Polish words", arguments: [
        (ScreenReader.talkback, 4, ["Usunięto Kropka"]),  // TB-STR-C values-pl template_text_removed
        (.talkback, 7, ["d, Koniec pola"]),  // values-pl notification_type_end_of_field
        (.talkback, 13, ["tekst zaznaczony, world"]),  // values-pl template_text_selected
        (.talkback, 17, ["Punktor", "Punktor", "Punktor"]),  // values-pl symbol_bullet
        (.talkback, 18, ["Znak 3"]),  // values-pl template_password_traversed
        (.nvda, 3, ["H", "e", "l", "l", "o", "przecinek", "spacja", "w", "o", "r", "l", "d", "kropka"]),  // NV-SYM-PL
        (.nvda, 17, ["gwiazdka", "gwiazdka", "gwiazdka"]),  // NV-SYM-PL "*	gwiazdka"
        (.orca, 1, ["Message wejście"]),  // ATSPI-PO "entry" (GTK's "text" in Polish: unknown)
        (.orca, 7, ["pusty"]),  // OR-PO "blank"
        (.orca, 13, ["lewy Control", "lewy Shift", "world", "zaznaczono"]),  // OR-PO "left control", "left shift", "selected"
        (.orca, 15, ["Password tekst hasła"]),  // ATSPI-PO "password text"
        (.chromevox, 1, ["Message", "Edytowanie tekstu"]),  // CV-XTB-PL 4953585991029886728
        (.chromevox, 7, ["Koniec tekstu"]),  // CV-XTB-PL 1865601187525349519
        (.chromevox, 13, ["world", "wybrano"]),  // CV-XTB-PL 8033827949643255796
        (.chromevox, 14, ["world, deleted"]),  // hard-coded English in CV-ETB
    ])
    func polish(reader: ScreenReader, step: Int, expected: [String]) throws {
        let heard = try Self.heard(reader, locale: "pl-PL")
        #expect(heard[step - 1] == expected)
    }

    @Test("the other keys of the line and --set apply on top of the reader's defaults")
    func settingsOnTop() throws {
        let script = """
        settings capitals=say reader=nvda
        field message kind=text label="Message"
        focus message
        keys "H"
        """
        #expect(replay(script).spoken == ["Message, edit, blank", "cap H"])
        #expect(replay(script, overrides: [("capitals", "none")]).utterances.last.map { ($0.text, $0.pitch) }! == ("H", 1.0))
        // --set reader= wins over the script's reader; the line's capitals=say still applies.
        #expect(replay(script, overrides: [("reader", "chromevox")]).spoken == ["Message", "Edit text", "Cap H"])
        let mid = replay("""
        field message kind=text label="Message"
        focus message
        double-tap
        keys "a"
        settings reader=orca
        key left
        """)
        #expect(mid.spoken.suffix(2) == ["a", "a"])
    }

    @Test("a gesture the reader lacks is a script error naming the reader")
    func missingGesture() throws {
        let result = replay("""
        settings reader=orca
        field message kind=text label="Message"
        focus message
        double-tap
        """, expecting: .stopsWithError)
        #expect(result.errorLine?.contains("test.replay:4:1") == true)
        #expect(result.errorLine?.contains("reader=orca (Orca) has no touch screen") == true)
    }

    @Test("conventions are settings: NVDA with the beep for capitals, VoiceOver saying \"X deleted\"")
    func conventionSettings() throws {
        let beep = replay("""
        settings reader=nvda capital-beep=on
        field message kind=text label="Message"
        focus message
        keys "Hi"
        """)
        #expect(beep.sounds == [.beep])
        let deleted = replay("""
        settings hints=off delete-echo=text-deleted cursor-sound=off
        field message kind=text label="Message"
        focus message
        double-tap
        keys "ab"
        key backspace
        """)
        #expect(deleted.spoken.last == "b deleted")
        #expect(!deleted.sounds.contains(.tick))
    }

    @Test("describe with readers: five announcements per element; reader=talkback reports that TalkBack speaks passwords")
    func describeReaders() throws {
        var session = try Session()
        try session.feedScript(Array("""
        field user kind=text label="Email"
        field pw kind=secure label="Password"
        element go label="Sign in" traits=button

        """.utf8))
        let description = ScreenDescription(session.screen, readers: ScreenReader.allCases)
        #expect(description.items.map { $0.readers.count } == [5, 5, 5])
        #expect(description.items[1].readers.map(\.announcement) == [
            "Password, secure text field", "Password, Edit box", "Password, edit, protected, blank", "Password password text",
            "Password · Password edit text",
        ])
        #expect(description.text.contains("   ChromeVox: Email · Edit text\n"))
        #expect(description.json.contains(#""readers":{"voiceover":"Email, text field","talkback":"Email, Edit box","nvda":"Email, edit, blank","orca":"Email text","chromevox":"Email · Edit text"}"#))
        #expect(description.findings.isEmpty)

        try session.feedScript(Array("settings reader=talkback\nfocus pw\ndouble-tap\nkeys \"hunter2\"\n".utf8))
        let talkBack = ScreenDescription(session.screen)
        #expect(talkBack.findings.map(\.rule) == [.speaksPasswords])
        #expect(talkBack.findings.first?.element == "pw")
        #expect(!talkBack.text.contains("hunter") && !talkBack.json.contains("hunter"))
    }

    @Test("every reader has its English and Polish words, and they name only keys the engine asks for")
    func readerTables() throws {
        #expect(BundledData.readerTables == ScreenReader.allCases.flatMap { ["\($0.rawValue)-en", "\($0.rawValue)-pl"] }.sorted())
        let engineKeys = Set(try DataFile(named: "speech-en.txt", utf8: BundledData.speechFile("en")!).section("strings").keys)
        let voiceOver = try DataFile(named: "reader-voiceover-en.txt", utf8: BundledData.readerFile("voiceover-en")!)
        // A counted phrase (`characters`) may be marked `(same)`: sourced, in the engine's words.
        let plurals = try DataFile(named: "speech-en.txt", utf8: BundledData.speechFile("en")!).section("plurals").keys
            .map { String($0[..<($0.lastIndex(of: ".") ?? $0.endIndex)]) }
        let known = engineKeys.union(voiceOver.section("strings").keys).union(plurals)
        for name in BundledData.readerTables {
            let file = "Localization/reader-\(name).txt"
            let table = try DataFile(named: file, utf8: BundledData.readerFile(name)!)
            #expect("\(table.section("meta")["reader"] ?? "")-\(table.section("meta")["locale"] ?? "")" == name, "\(file): [meta]")
            for key in table.section("strings").keys {
                // A toolkit's own word (`role.text.gtk`, `secure.mask.chromium`) is asked for
                // with the toolkit's name after a key the engine knows, or the mask's.
                let base = Toolkit.allCases.map { ".\($0.rawValue)" }.first { key.hasSuffix($0) }.map { String(key.dropLast($0.count)) }
                // A reader's own key (`at-line-break`), or a run count per plural category.
                let readerOnly = Phrasebook.readerOnlyKeys.contains(key)
                    || (key.hasPrefix(Phrasebook.repeatedKeyPrefix) && ["zero", "one", "two", "few", "many", "other"].contains(key.dropFirst(Phrasebook.repeatedKeyPrefix.count)))
                #expect(known.contains(key) || readerOnly || base.map { known.contains($0) || $0 == "secure.mask" } == true, "\(file): '\(key)' is not a key the engine asks for")
            }
            if name.hasPrefix("voiceover-") {
                // VoiceOver's words are the speech tables': its reader tables add only the
                // templates of conventions VoiceOver does not use.
                #expect(Set(table.section("strings").keys).isDisjoint(with: engineKeys), "\(file)")
            }
        }
    }
}
