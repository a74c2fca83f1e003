/// The screen readers whose conventions are modelled (`reader`).
public enum ScreenReader: String, Sendable, Hashable, CaseIterable {
    /// VoiceOver on iOS: the default, as TypingEcho has always spoken.
    case voiceover
    /// TalkBack on Android.
    case talkback
    /// NVDA on Windows.
    case nvda
    /// Orca on GNOME.
    case orca
    /// ChromeVox on ChromeOS.
    case chromevox

    /// The reader's name as users write it: "VoiceOver", "TalkBack", "NVDA", "Orca", "ChromeVox".
    public var displayName: String {
        switch self {
        case .voiceover: "VoiceOver"
        case .talkback: "TalkBack"
        case .nvda: "NVDA"
        case .orca: "Orca"
        case .chromevox: "ChromeVox"
        }
    }
}

/// A screen reader's conventions as data: the pitches and sounds its rules use, and every
/// choice where readers differ. Each field but the sounds is a setting of its own (see
/// `ReaderConvention`), so a script can model a reader configured away from its defaults.
///
/// A reader is one value of this type (`EchoStyle.voiceOver`, `.talkBack`, `.nvda`, `.orca`,
/// `.chromeVox`); the rules in `EchoComposer` and `Announcer` read it, the engine never does.
/// docs/screen-readers.md gives each value's source.
struct EchoStyle: Sendable, Hashable {
    /// Pitch of typed characters and words with `pitch-change` on (`echo-pitch`).
    var echoPitch: Double
    /// Pitch of deleted text with `pitch-change` on (`delete-pitch`).
    var deletePitch: Double
    /// The sound of a character entered into a secure field.
    var secureEntrySound: SoundName
    /// The sound of a character deleted from a secure field.
    var secureDeleteSound: SoundName
    /// The sound as the insertion point moves, if any (`cursor-sound`).
    var moveSound: SoundName?
    /// The sound at the start or end of the text (or of the screen).
    var boundarySound: SoundName
    /// The sound of a refused action.
    var refusalSound: SoundName

    /// Whose words are spoken: role and state words, symbol names, templates (`wording`).
    var wording: ScreenReader
    /// The order of a focus announcement's parts (`focus-order`).
    var focusOrder: FocusOrder
    /// Whether focusing a text field starts editing it, as keyboard focus does on the desktop
    /// (`focus-edits`).
    var focusEdits: Bool
    /// Whether the reader has touch gestures (`touch`); without, they are a script error.
    var touch: Bool
    /// Where a hardware Tab moves focus (`tab-focus`).
    var tabFocus = TabFocus.fields
    /// Whether the keys pressed are said by name (`key-echo`): modifiers, action keys and a
    /// shortcut's letter; never while a secure field has keyboard focus.
    var keyEcho = false
    /// Whether a collapsed, replaced or whole-text selection is said in the reader's own words
    /// (`selection-notices`): "Text unselected.", "Selection deleted.", "entire document selected".
    var selectionNotices = false
    /// Whether a move or deletion at the start or end of the text plays `boundary` (`boundary-sound`).
    var boundarySounds = true
    /// The app's toolkit, whose role words and mask character the reader speaks (`toolkit`).
    var toolkit = Toolkit.gtk
    /// How a word ended by typing is said (`word-echo`).
    var wordEcho: WordEcho
    /// Whether a capital typed on a hardware keyboard is preceded by its shift key's name
    /// (`modifier-echo`).
    var modifierEcho: Bool
    /// How deleted text is said (`delete-echo`).
    var deleteEcho: DeleteEcho
    /// Whether deleting a selection says what went (`selection-delete`).
    var selectionDeleteSpoken: Bool
    /// What a move by character says (`character-move`).
    var characterMove: UnitSpoken
    /// What a move by word says (`word-move`).
    var wordMove: UnitSpoken
    /// What a move that cannot go further says (`cannot-move`).
    var cannotMove: CannotMove
    /// Whether arriving at the start or end adds the reader's words for it (`arrival`).
    var arrivalWords: Bool
    /// How a selection change is said (`selection`).
    var selection: SelectionWording
    /// Pitch of a capital with `capitals=pitch`, as a multiplier (`capital-pitch`, in percent).
    var capitalPitch: Double
    /// Whether a `beep` plays before a capital (`capital-beep`).
    var capitalBeep: Bool
    /// What typing into a secure field says (`secure-echo`).
    var secureEcho: SecureEcho
    /// What moving by character in a secure field says (`secure-move`).
    var secureMove: SecureMove
    /// Whether a typed character's echo may wait for the echo of earlier keys (`interrupt`).
    var typingFollows: Bool
    /// How a Braille Screen Input chord that enters nothing is said (`chord-echo`).
    var chordEcho = ChordEcho.dots
    /// What a move to the start or end of the text (Home, End) says (`home-end`).
    var homeEnd = HomeEnd.insertionPoint
    /// What deleting the character after the insertion point says (`forward-delete`).
    var forwardDelete = ForwardDelete.deleted
    /// Whether a field's description (its `hint=`) is said in its focus announcement, hints or
    /// not (`focus-description`).
    var focusDescription = false
    /// The hint of a field being edited, and what a text area's hint adds (`editing-hint`).
    var editingHint = EditingHint.misspelledWords
    /// Whether an assertive live region's new text cuts what is being said (`live-assertive`).
    var liveAssertive = LiveAssertive.cuts
    /// How many of one character in a row the reader says as a count ("8 black circle
    /// characters"), 0 for never (`repeat-limit`, Orca's `repeatCharacterLimit`). The model
    /// groups only runs of a password's mask characters.
    var repeatLimit = 0
    /// Where Home and End go in a text area: the ends of the text or of the line (`home-end-unit`).
    var homeEndUnit = HomeEndUnit.text
    /// Where Up and Down go in a text area: the next line's start or its same column (`line-move`).
    var lineMove = LineMove.lineStart
    /// What Left and Right do to a selection (`selection-arrow`).
    var selectionArrow = SelectionArrow.fromCaret
    /// The conventions whose values for this reader no source gives: they are VoiceOver's, and
    /// what they say is marked `fallback` (docs/screen-readers.md, "Fallbacks").
    var unsourced: Set<UnsourcedConvention> = []
    /// Whether the real reader speaks a password's characters in its default configuration.
    /// Not a setting: the model never speaks a secret, and `describe` reports it as a lint
    /// finding (`speaks-passwords`).
    var speaksPasswordsByDefault = false

    /// VoiceOver on iOS: echo raised to 1.2, deletion lowered to 0.8, ticks and sounds.
    static let voiceOver = EchoStyle(
        echoPitch: 1.2, deletePitch: 0.8, secureEntrySound: .click, secureDeleteSound: .delete,
        moveSound: .tick, boundarySound: .boundary, refusalSound: .refused,
        wording: .voiceover, focusOrder: .labelValueRoleState, focusEdits: false, touch: true,
        wordEcho: .afterCharacter, modifierEcho: false, deleteEcho: .text, selectionDeleteSpoken: true,
        characterMove: .passedOver, wordMove: .word, cannotMove: .sound, arrivalWords: false,
        selection: .joined, capitalPitch: 1.3, capitalBeep: false, secureEcho: .click, secureMove: .bullet,
        typingFollows: true)

    /// TalkBack: "X deleted" at a higher pitch, the text passed over with "Beginning of field"
    /// and "End of field", "Bullet" and "Character N" with Speak passwords off.
    static let talkBack = voiceOver.with {
        $0.tabFocus = .elements
        $0.echoPitch = 1.0
        $0.deletePitch = 1.2
        $0.moveSound = nil
        $0.wording = .talkback
        $0.focusOrder = .stateNameRole
        $0.wordEcho = .replacesDelimiter
        $0.deleteEcho = .textDeleted
        $0.wordMove = .crossed
        $0.cannotMove = .silent
        $0.arrivalWords = true
        $0.capitalPitch = 1.8
        $0.secureEcho = .word
        $0.secureMove = .characterNumber
        $0.typingFollows = false
        $0.speaksPasswordsByDefault = true
        $0.homeEnd = .crossed
        $0.editingHint = .none
        $0.unsourced = [.chordEcho]
    }

    /// NVDA: the character or word now at the caret, "blank" at the end, "star" per typed
    /// password character, capitals 30 % higher.
    static let nvda = voiceOver.with {
        $0.tabFocus = .elements
        $0.echoPitch = 1.0
        $0.deletePitch = 1.0
        $0.moveSound = nil
        $0.wording = .nvda
        $0.focusOrder = .nameRoleValueState
        $0.focusEdits = true
        $0.characterMove = .atCaret
        $0.wordMove = .atCaret
        $0.cannotMove = .repeats
        $0.secureEcho = .word
        $0.typingFollows = false
        $0.chordEcho = .dot
        $0.homeEnd = .atCaret
        $0.forwardDelete = .atCaret
        $0.focusDescription = true
        $0.editingHint = .none
        // In a browser NVDA speaks a live region's change at normal priority, after what it
        // is saying, whatever its politeness (nvaccess/nvda#11596, #17662).
        $0.liveAssertive = .queues
        $0.unsourced = [.selectionDelete, .secureMove]
    }

    /// Orca: separate utterances on focus, modifier keys echoed, "blank" at the end, selected
    /// text then "selected", silence for keys typed into a password field; no touch screen.
    static let orca = voiceOver.with {
        $0.tabFocus = .elements
        $0.echoPitch = 1.0
        $0.deletePitch = 1.0
        $0.moveSound = nil
        $0.wording = .orca
        $0.focusOrder = .nameRoleThenValue
        $0.focusEdits = true
        $0.touch = false
        $0.wordEcho = .withDelimiter
        $0.modifierEcho = true
        $0.keyEcho = true
        $0.homeEnd = .atCaret
        $0.forwardDelete = .atCaret
        $0.selectionNotices = true
        $0.boundarySounds = false
        $0.selectionDeleteSpoken = false
        $0.characterMove = .atCaret
        $0.wordMove = .crossed
        $0.cannotMove = .silent
        $0.selection = .separate
        $0.capitalPitch = 1.4
        $0.secureEcho = .mask
        $0.typingFollows = false
        $0.editingHint = .none
        // live_region_presenter.py: an assertive message goes ahead of the polite ones waiting,
        // and is queued, not cutting what is said.
        $0.liveAssertive = .queues
        $0.repeatLimit = 4
        $0.homeEndUnit = .line
        $0.lineMove = .column
        $0.selectionArrow = .toEnd
        // Every convention of Orca's is heard live (Conformance/orca), in its tests or its code.
        $0.unsourced = []
    }

    /// ChromeVox: the character at the caret, "End of text", the characters crossed by a word
    /// move, "selected" then "added to selection", longer deletions "…, deleted".
    static let chromeVox = voiceOver.with {
        $0.tabFocus = .elements
        $0.echoPitch = 1.0
        $0.moveSound = nil
        $0.wording = .chromevox
        $0.focusEdits = true
        $0.wordEcho = .withDelimiter
        $0.deleteEcho = .longerDeleted
        $0.characterMove = .atCaret
        $0.wordMove = .crossed
        $0.cannotMove = .silent
        $0.selection = .addedRemoved
        $0.capitalPitch = 1.2
        $0.typingFollows = false
        $0.focusOrder = .nameValueRoleSeparate
        $0.homeEnd = .crossed
        $0.forwardDelete = .atCaret
        $0.editingHint = .none
        // live_regions.js: a polite region's text is queued, an assertive one's is
        // CATEGORY_FLUSH, which clears only live-region speech waiting (tts_types.ts).
        $0.liveAssertive = .queues
        $0.unsourced = [.secureEcho, .secureMove]
    }

    /// The conventions of a reader in its default configuration.
    static func of(_ reader: ScreenReader) -> EchoStyle {
        switch reader {
        case .voiceover: voiceOver
        case .talkback: talkBack
        case .nvda: nvda
        case .orca: orca
        case .chromevox: chromeVox
        }
    }

    private func with(_ change: (inout EchoStyle) -> Void) -> EchoStyle {
        var style = self
        change(&style)
        return style
    }

    /// Whether a move's facts must carry the text crossed or the unit at the insertion point
    /// (finding them is skipped otherwise).
    var wantsMoveText: Bool {
        characterMove == .atCaret || wordMove != .word || cannotMove == .repeats || homeEnd != .insertionPoint
            || forwardDelete == .atCaret
    }

    /// Whether a password field's selection goes unheard: the toolkit keeps it from the reader
    /// (``Toolkit/hidesSecureSelection``) and the reader speaks masks (`secure-echo=mask`).
    var secureSelectionHidden: Bool { toolkit.hidesSecureSelection && secureEcho == .mask }
}

/// The order of a focus announcement's parts (`focus-order`).
public enum FocusOrder: String, Sendable, Hashable, CaseIterable {
    /// Label, value, role, states, joined (VoiceOver, ChromeVox).
    case labelValueRoleState = "label-value-role-state"
    /// States, then the name (a field's text, else its label), then the role (TalkBack).
    case stateNameRole = "state-name-role"
    /// Name, role, value, states, joined (NVDA).
    case nameRoleValueState = "name-role-value-state"
    /// Name, role, value, states, each its own utterance (Orca's integration tests).
    case separate
    /// Name and role as one utterance, then the text as another (Orca 43 live).
    case nameRoleThenValue = "name-role-then-value"
    /// Name, value, role, each its own utterance (ChromeVox's `TEXT_FIELD` output rule).
    case nameValueRoleSeparate = "name-value-role-separate"
}

/// What a move to the start or the end of the text says (`home-end`).
public enum HomeEnd: String, Sendable, Hashable, CaseIterable {
    /// "insertion point at start", "insertion point at end" (VoiceOver).
    case insertionPoint = "insertion-point"
    /// The character now at the insertion point, or the reader's word for the end (NVDA: Home
    /// and End are its move-by-character script).
    case atCaret = "at-caret"
    /// The text crossed, with the reader's arrival words when `arrival=words` (ChromeVox,
    /// TalkBack).
    case crossed
}

/// Where Home and End go in a text area (`home-end-unit`); a single-line field is one line.
public enum HomeEndUnit: String, Sendable, Hashable, CaseIterable {
    /// The start or end of the whole text (VoiceOver's model).
    case text
    /// The start or end of the line holding the insertion point (GTK 3 and Chromium, heard
    /// under Orca 43.1 live).
    case line
}

/// What Left and Right do when text is selected (`selection-arrow`).
public enum SelectionArrow: String, Sendable, Hashable, CaseIterable {
    /// The selection goes and the insertion point moves one character from where it was
    /// (VoiceOver's model).
    case fromCaret = "from-caret"
    /// The selection collapses to its end in the arrow's direction, the insertion point
    /// moving no further: Left to its start, Right to its end (GTK 3 and Chromium, heard
    /// under Orca 43.1 live).
    case toEnd = "to-end"
}

/// Where a move by line (Up, Down) puts the insertion point in a text area (`line-move`).
public enum LineMove: String, Sendable, Hashable, CaseIterable {
    /// The start of the line arrived on (VoiceOver's rotor moves whole lines).
    case lineStart = "line-start"
    /// The same column of the line arrived on, or its end when it is shorter (desktop text
    /// views; GTK 3 and Chromium under Orca 43.1 live, which keep the column in pixels).
    case column
}

/// What deleting the character after the insertion point says (`forward-delete`).
public enum ForwardDelete: String, Sendable, Hashable, CaseIterable {
    /// The deleted character, as `delete-echo` says deleted text (VoiceOver, TalkBack).
    case deleted
    /// The character now at the insertion point, or the reader's word for the end (NVDA, ChromeVox).
    case atCaret = "at-caret"
}

/// What an assertive live region's new text does to what is being said (`live-assertive`).
public enum LiveAssertive: String, Sendable, Hashable, CaseIterable {
    /// It cuts what is being said (VoiceOver's model; TalkBack's `QUEUE_MODE_INTERRUPT`).
    case cuts
    /// It waits its turn, as a polite region's does (NVDA in a browser, Orca, ChromeVox).
    case queues
}

/// The hint of a field being edited (`editing-hint`).
public enum EditingHint: String, Sendable, Hashable, CaseIterable {
    /// "Use the rotor to access Misspelled Words" while editing, and added to a text area's
    /// "Double tap to edit." (VoiceOver, as AccessibilitySnapshot renders it).
    case misspelledWords = "misspelled-words"
    /// No hint while editing.
    case none
}

/// A convention whose value for a reader no source gives, so that the reader says it as
/// VoiceOver does; an utterance it decides is marked `fallback`.
enum UnsourcedConvention: String, Sendable, Hashable, CaseIterable {
    case selectionDelete = "selection-delete"
    case secureEcho = "secure-echo"
    case secureMove = "secure-move"
    case chordEcho = "chord-echo"
    case homeEnd = "home-end"
    case forwardDelete = "forward-delete"
}

/// The toolkit of the app whose fields are read (`toolkit`): the role word of a text field
/// and the mask character of a password field are the toolkit's, not the reader's.
public enum Toolkit: String, Sendable, Hashable, CaseIterable {
    /// GTK 3: an entry is "text", a password's characters show as "●" (black circle).
    case gtk
    /// Chromium: an input is "entry", a password's characters show as "•" (bullet).
    case chromium

    /// Whether the toolkit keeps a password field's selection from screen readers: Chromium
    /// (heard under Orca 43.1 live: nothing said as a password's selection grows or shrinks, no
    /// "Text unselected." or "Selection deleted.", a selection typed over unheard, a deleted
    /// one heard as the masks that went). With `secure-echo=mask` the model says so.
    var hidesSecureSelection: Bool { self == .chromium }

    /// How many mask characters a screen reader is given as the line of a password field
    /// holding `count` characters: Chromium gives every one; GTK 3 a third, rounded down
    /// (heard live under Orca 43.1: six characters read as "●●", nine as "●●●"; "●" is three
    /// bytes in UTF-8, so a byte count taken for a character count is the likely cause).
    /// Depends on the count alone, so it tells nothing more of a secret than its length.
    func masksInLine(ofCount count: Int) -> Int {
        switch self {
        case .gtk: count / 3
        case .chromium: count
        }
    }
}

/// Where a hardware Tab (and Shift+Tab) moves focus (`tab-focus`).
public enum TabFocus: String, Sendable, Hashable, CaseIterable {
    /// From the field being edited to the next or previous text field; elsewhere Tab is not
    /// a key the reader gets (VoiceOver on iOS: UIKit's Tab between text fields).
    case fields
    /// Keyboard focus to the next or previous focusable element (fields, buttons, links,
    /// toggles, adjustable elements), whatever has focus, wrapping at the ends (the desktop
    /// readers, and TalkBack: Android's keyboard navigation).
    case elements
}

/// How the word a typed character ends is said (`word-echo`).
public enum WordEcho: String, Sendable, Hashable, CaseIterable {
    /// The character's echo, then the word (VoiceOver, NVDA).
    case afterCharacter = "after-character"
    /// The word and the delimiter's name in place of the delimiter's echo: "Hello Comma" (TalkBack).
    case replacesDelimiter = "replaces-delimiter"
    /// The word with its delimiter in place of the delimiter's echo: "Hello," (ChromeVox, Orca).
    case withDelimiter = "with-delimiter"
}

/// How deleted text is said (`delete-echo`).
public enum DeleteEcho: String, Sendable, Hashable, CaseIterable {
    /// The text alone (VoiceOver, NVDA, Orca).
    case text
    /// "X deleted", in the reader's words (TalkBack).
    case textDeleted = "text-deleted"
    /// One character alone, longer text as "X, deleted" (ChromeVox).
    case longerDeleted = "longer-deleted"
}

/// What a move by a unit says (`character-move`, `word-move`).
public enum UnitSpoken: String, Sendable, Hashable, CaseIterable {
    /// The unit passed over (VoiceOver, TalkBack).
    case passedOver = "passed-over"
    /// The whole word passed over (VoiceOver, Orca; word moves only).
    case word
    /// Exactly the characters crossed, spaces and punctuation included (TalkBack, ChromeVox).
    case crossed
    /// The unit now at the insertion point, or the reader's word for the end (NVDA, Orca, ChromeVox).
    case atCaret = "at-caret"
}

/// What a move by character or word that cannot go further says (`cannot-move`).
public enum CannotMove: String, Sendable, Hashable, CaseIterable {
    /// The `boundary` sound (VoiceOver).
    case sound
    /// Nothing (TalkBack, Orca, ChromeVox).
    case silent
    /// The unit at the insertion point again, or the word for the end (NVDA).
    case repeats = "repeat"
}

/// How a grown or shrunk selection is said (`selection`).
public enum SelectionWording: String, Sendable, Hashable, CaseIterable {
    /// One utterance from the reader's template: "world, selected" (VoiceOver, TalkBack, NVDA).
    case joined
    /// The text, then "selected" or "unselected" as a second utterance (Orca).
    case separate
    /// The text, then "selected" for a new selection, "added to selection" or "removed from
    /// selection" for a change (ChromeVox).
    case addedRemoved = "added-removed"
}

/// How a braille chord's dots are said when the chord enters no text (`chord-echo`).
public enum ChordEcho: String, Sendable, Hashable, CaseIterable {
    /// "dot 6", "dots 1 2 5" (TalkBack's braille keyboard, `EditBufferUnContracted`).
    case dots
    /// "dot 1 2 5", whatever the number of dots (NVDA's braille input, `speakDots`).
    case dot
}

/// What typing into a secure field says (`secure-echo`).
public enum SecureEcho: String, Sendable, Hashable, CaseIterable {
    /// The `click` sound (VoiceOver).
    case click
    /// The reader's word for a hidden character: "Bullet" (TalkBack), "star" (NVDA).
    case word
    /// Nothing (Orca's integration tests).
    case silent
    /// The name of the toolkit's mask character: "black circle", "bullet" (Orca 43 live).
    case mask
}

/// What a move by character in a secure field says (`secure-move`).
public enum SecureMove: String, Sendable, Hashable, CaseIterable {
    /// "bullet" (VoiceOver).
    case bullet
    /// The number of the character passed over, from 1: "Character 3" (TalkBack).
    case characterNumber = "character-number"
}
