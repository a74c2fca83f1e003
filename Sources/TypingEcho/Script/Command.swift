/// A position in a replay script, 1-based, as printed in `FILE:LINE:COLUMN`.
///
/// Columns count characters (grapheme clusters) from the start of the line, as a reader
/// sees them, except that a double quote (and, outside quotes, a space, tab, `=`, `,` or `#`)
/// is always a character of its own: a combining mark after a quote does not join it. So the
/// column after a quoted string depends only on how many characters the string holds.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// Where one `KEY=VALUE` pair of a `settings` line starts in the script.
public struct SettingLocation: Sendable, Hashable {
    /// Where the key starts.
    public var key: SourceLocation
    /// Where the value starts.
    public var value: SourceLocation

    /// Creates the location of a pair.
    public init(key: SourceLocation, value: SourceLocation) {
        self.key = key
        self.value = value
    }
}

/// One line of a replay script that holds a command, with where its parts are: the command
/// carries no locations, the line does, so that an error can point at the argument it is about.
public struct ScriptLine: Sendable, Hashable {
    /// Where the command word starts.
    public var location: SourceLocation
    /// The absolute time given by a leading `@S`, in seconds, if any.
    public var at: Double?
    /// The command itself.
    public var command: Command
    /// Where the argument an error about the line points at starts: the ID of `focus`, `error`
    /// and `remove`, the NAME of `focus key:NAME`, the ID of `focus=`; nil for other commands
    /// (an error then points at ``location``).
    public var argumentLocation: SourceLocation?
    /// Where each pair of a `settings` line starts, in the order of ``Command/settings(_:)``'s
    /// pairs; empty for other commands.
    public var settingLocations: [SettingLocation]
    /// The readers an `expect … for=READER[,READER…]` line applies to, in ``ScreenReader``'s
    /// order; nil for a line that applies whatever the reader (every other line).
    public var readers: [ScreenReader]?

    /// Creates a script line.
    public init(
        location: SourceLocation, at: Double? = nil, command: Command, argumentLocation: SourceLocation? = nil,
        settingLocations: [SettingLocation] = [], readers: [ScreenReader]? = nil
    ) {
        self.location = location
        self.at = at
        self.command = command
        self.argumentLocation = argumentLocation
        self.settingLocations = settingLocations
        self.readers = readers
    }

    /// Whether the line runs while `reader` is on: every line but an `expect … for=` line of
    /// other readers.
    public func applies(to reader: ScreenReader) -> Bool { readers?.contains(reader) ?? true }
}

/// A rectangle in points: `X,Y,W,H` in a script.
public struct Frame: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a frame.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the point lies inside the frame (left and top edges included).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    /// `X,Y,W,H` as written in scripts.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}

/// The kind of a text field (`kind=` in a `field` line).
public enum FieldKind: String, Sendable, Hashable, CaseIterable {
    /// A plain single-line text field.
    case text
    /// A secure (password) text field: its text never leaves the engine.
    case secure
    /// A search field.
    case search
    /// A multi-line text area.
    case area
}

/// A `field ID kind=… label="…" …` declaration.
public struct FieldDeclaration: Sendable, Hashable {
    /// The field's id, used by `focus`.
    public var id: String
    /// The field kind.
    public var kind: FieldKind
    /// The accessibility label.
    public var label: String
    /// The initial text.
    public var value: String = ""
    /// The accessibility hint, if any.
    public var hint: String?
    /// The placeholder, if any.
    public var placeholder: String?
    /// Whether the field is marked required.
    public var required: Bool = false
    /// The validation error message, if any.
    public var error: String?
    /// Whether the field is disabled (dimmed).
    public var disabled: Bool = false
    /// Whether dictation into the field is allowed.
    public var dictation: Bool = true
    /// The maximum number of characters, if limited.
    public var maxLength: Int?
    /// The frame on screen, if given.
    public var frame: Frame?
    /// Whether the field is hidden from the screen reader (`hidden`).
    public var hidden: Bool = false
    /// The keyboard it shows (`keyboard=`).
    public var keyboard: KeyboardType = .default
    /// What its return key says and does (`return-key=`).
    public var returnKey: ReturnKeyType = .default
    /// Where shift turns on by itself (`autocapitalization=`); nil for iOS's default
    /// (`Autocapitalization.defaultValue(kind:keyboard:)`).
    public var autocapitalization: Autocapitalization?
    /// The accessible description, said after the hint's delay before the hint (`description=`).
    public var description: String?
    /// Whether the field is marked invalid (`invalid`); its message is ``error``.
    public var invalid: Bool = false
    /// Whether the field can be read but not edited (`read-only`).
    public var readOnly: Bool = false
    /// The fewest characters the field accepts (`min=`), if stated.
    public var minLength: Int?
    /// The autofill purpose (`autocomplete=`: `email`, `current-password`, `new-password` …), if stated.
    public var autocomplete: String?

    /// Creates a field declaration.
    public init(id: String, kind: FieldKind, label: String) {
        self.id = id
        self.kind = kind
        self.label = label
    }
}

/// An `element ID label="…" …` declaration of any element that is not a text field.
public struct ElementDeclaration: Sendable, Hashable {
    /// The element's id.
    public var id: String
    /// The accessibility label.
    public var label: String
    /// Traits beyond the ones its ``kind`` brings (`traits=button,selected`).
    public var traits: Traits = []
    /// The accessibility value, if any.
    public var value: String?
    /// The accessibility hint, if any.
    public var hint: String?
    /// The frame on screen, if given.
    public var frame: Frame?
    /// The standard control it is (`kind=button`), which brings default traits.
    public var kind: ElementKind?
    /// The values an adjustable element steps through (`steps="Low|Medium|High"`), lowest first.
    public var steps: [String] = []
    /// The id of the field this visible label names (`labels=FIELD`).
    public var labels: String?
    /// Whether it is hidden from the screen reader (`hidden`).
    public var hidden: Bool = false
    /// Whether the app responds to taps on it (`interactive`), whatever its traits say.
    public var interactive: Bool = false
    /// The accessible description, said after the hint's delay before the hint (`description=`).
    public var description: String?
    /// A heading's level, 1 to 6 (`level=`).
    public var level: Int?
    /// Whether its changes are announced, and how (`live=polite|assertive`).
    public var live: LiveRegion?

    /// Creates an element declaration.
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

/// How a live region's changes are announced (`live=` on an `element` line; ARIA's `aria-live`,
/// `role=status` and `role=alert`).
public enum LiveRegion: String, Sendable, Hashable, CaseIterable {
    /// Queued behind what is being said (`aria-live=polite`, `role=status`).
    case polite
    /// At once, cutting what is being said (`aria-live=assertive`, `role=alert`).
    case assertive
}

/// A one-finger swipe direction.
public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
    /// Previous element.
    case left
    /// Next element.
    case right
    /// Back one rotor unit.
    case up
    /// Forward one rotor unit.
    case down
}

/// A rotor setting: what `swipe up` / `swipe down` act on.
public enum RotorUnit: String, Sendable, Hashable, CaseIterable {
    /// Grapheme clusters.
    case characters
    /// Words per ICU word rules.
    case words
    /// Lines (text areas).
    case lines
    /// Edit actions: select all, copy, cut, paste.
    case edit
    /// Typing modes: standard, touch, direct.
    case typingMode = "typing-mode"
}

/// Where a finger goes: a key name (`q`, `shift`, `space`, a character) or a point.
public enum TouchTarget: Sendable, Hashable {
    /// A key by name or character.
    case key(String)
    /// A point in screen coordinates.
    case point(x: Double, y: Double)
}

/// A hardware keyboard editing key (`key NAME`).
public enum HardwareKey: String, Sendable, Hashable, CaseIterable {
    /// Deletes the character before the insertion point.
    case backspace
    /// Deletes the character after the insertion point.
    case delete
    /// Moves back one character.
    case left
    /// Moves forward one character.
    case right
    /// Moves back one word.
    case optionLeft = "option-left"
    /// Moves forward one word.
    case optionRight = "option-right"
    /// Moves to the start of the text.
    case home
    /// Moves to the end of the text.
    case end
    /// Inserts a line break in text areas; elsewhere the field's return key.
    case `return`
    /// Deletes the word before the insertion point.
    case optionBackspace = "option-backspace"
    /// Deletes to the start of the line.
    case commandBackspace = "command-backspace"
    /// Extends the selection back one character.
    case shiftLeft = "shift-left"
    /// Extends the selection forward one character.
    case shiftRight = "shift-right"
    /// Extends the selection back one word.
    case shiftOptionLeft = "shift-option-left"
    /// Extends the selection forward one word.
    case shiftOptionRight = "shift-option-right"
    /// Extends the selection to the start of the text.
    case shiftHome = "shift-home"
    /// Extends the selection to the end of the text.
    case shiftEnd = "shift-end"
    /// Select all.
    case commandA = "command-a"
    /// Copy.
    case commandC = "command-c"
    /// Cut.
    case commandX = "command-x"
    /// Paste.
    case commandV = "command-v"
    /// Focus moves to the next field (`tab-focus=fields`) or focusable element (`elements`).
    case tab
    /// Focus moves to the previous field or focusable element.
    case shiftTab = "shift-tab"
    /// Moves up a line in a text area.
    case up
    /// Moves down a line in a text area.
    case down
    /// Extends the selection up a line in a text area.
    case shiftUp = "shift-up"
    /// Extends the selection down a line in a text area.
    case shiftDown = "shift-down"
}

/// An edit action (`edit NAME`).
public enum EditAction: String, Sendable, Hashable, CaseIterable {
    /// Selects the whole text.
    case selectAll = "select-all"
    /// Copies the selection.
    case copy
    /// Cuts the selection.
    case cut
    /// Pastes the clipboard.
    case paste
}

/// A sound the engine can play.
public enum SoundName: String, Sendable, Hashable, CaseIterable {
    /// A character entered into a secure field.
    case click
    /// A character deleted from a secure field.
    case delete
    /// A move or delete that hit the start or end of the text.
    case boundary
    /// A capital letter, with `capitals=sound`.
    case capital
    /// A generic tick (adjustable values, mode changes).
    case tick
    /// A refused action (copy from a secure field, dictation off).
    case refused
    /// A short high tone before a capital letter, with `capital-beep=on` (NVDA's "Beep for
    /// capitals"): 2,000 Hz for 50 ms.
    case beep
}

/// An `expect …` assertion.
public enum Expectation: Sendable, Hashable {
    /// Some utterance since the previous `expect` was exactly this text.
    case speech(String)
    /// Some utterance that ended since the previous `expect` was exactly this text and played
    /// to its end (not cut).
    case heard(String)
    /// The focused field's text is exactly this (not allowed to reveal secure text on failure).
    case value(String)
    /// The focused field holds this many characters.
    case count(Int)
    /// The insertion point is at this character offset.
    case cursor(Int)
    /// Nothing was spoken since the previous `expect`.
    case noSpeech
    /// This sound played since the previous `expect`.
    case sound(SoundName)
    /// The braille display shows these cells now (Unicode braille, without the cursor dots).
    case braille(String)
    /// The braille display's cursor is on this cell of the window (nil: no cursor shown).
    case brailleCursor(Int?)
}

/// One command of a replay script.
public enum Command: Sendable, Hashable {
    /// `settings KEY=VALUE …`: raw pairs; the engine validates keys and values.
    case settings([SettingAssignment])
    /// `field …`.
    case field(FieldDeclaration)
    /// `element …`.
    case element(ElementDeclaration)
    /// `focus ID`.
    case focus(String)
    /// `focus key:NAME`: screen-reader focus on a key of the on-screen keyboard.
    case focusKey(String)
    /// `dismiss`: the user hides the keyboard; editing ends.
    case dismiss
    /// `swipe DIRECTION`.
    case swipe(SwipeDirection)
    /// `rotor UNIT`.
    case rotor(RotorUnit)
    /// `double-tap`.
    case doubleTap
    /// `touch KEY|X,Y`.
    case touch(TouchTarget)
    /// `slide KEY|X,Y`.
    case slide(TouchTarget)
    /// `lift`.
    case lift
    /// `split-tap`.
    case splitTap
    /// `hold`.
    case hold
    /// `type "TEXT"`: on-screen keyboard typing.
    case type(String)
    /// `keys "TEXT"`: hardware keyboard typing.
    case keys(String)
    /// `key NAME`.
    case key(HardwareKey)
    /// `edit ACTION`.
    case edit(EditAction)
    /// `clipboard "TEXT"`.
    case clipboard(String)
    /// `dictate "TEXT"`.
    case dictate(String)
    /// `error ID "MESSAGE"`: the app shows (or, with "", clears) a field's validation error.
    case error(String, String)
    /// `validate`: the app validated the form; focus goes to the first invalid field.
    case validate
    /// `wait S`.
    case wait(Double)
    /// `expect …`.
    case expect(Expectation)
    /// `announce "TEXT"`: the app posts an announcement (UIAccessibility's `.announcement`),
    /// queued behind what is being said.
    case announce(String)
    /// `screen-changed [focus=ID]`: the app shows a new screen (UIAccessibility's
    /// `.screenChanged`); focus moves to ID, or to the first element, which is announced.
    case screenChanged(focus: String?)
    /// `layout-changed [focus=ID]`: part of the screen changed (UIAccessibility's
    /// `.layoutChanged`); focus moves to ID, which is announced.
    case layoutChanged(focus: String?)
    /// `remove ID`: the app removes an element from the screen.
    case remove(String)
    /// `route N`: the cursor routing key above cell N (from 0) of the braille display.
    case route(Int)
    /// `pan left|right`: the braille display shows the previous or next window.
    case pan(PanDirection)
    /// `braille-input on|off`: Braille Screen Input (a rotor item) for the field being edited.
    case brailleInput(Bool)
    /// `chord DOTS`: one cell typed on Braille Screen Input.
    case chord(BrailleCell)
    /// `chords "⠓⠑⠇⠇⠕"`: one chord per cell, `cadence` apart.
    case chords([BrailleCell])
    /// `swipe DIRECTION fingers=N` with two or three fingers (Braille Screen Input's gestures).
    case fingerSwipe(SwipeDirection, fingers: Int)
}

/// Which way `pan` moves the braille display.
public enum PanDirection: String, Sendable, Hashable, CaseIterable {
    /// The previous window.
    case left
    /// The next window.
    case right
}

/// One `KEY=VALUE` pair of a `settings` line or a `--set` option (where it was written is the
/// line's: ``ScriptLine/settingLocations``).
public struct SettingAssignment: Sendable, Hashable {
    /// The setting's name, e.g. `hardware-feedback`.
    public var key: String
    /// The value as written, unquoted.
    public var value: String

    /// Creates an assignment.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
