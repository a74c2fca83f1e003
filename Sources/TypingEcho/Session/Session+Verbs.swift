/// The user's gestures and keys, one verb per script command, without source locations.
///
/// Each verb happens at ``Session/now`` and, like the script command of the same name,
/// takes no virtual time, except ``type(_:)`` (one gesture every `cadence` seconds) and
/// ``keys(_:)`` (the clock moves on by `key-cadence` after each key). Any
/// input drops a pending hint or phonetic word. A verb that cannot be performed throws a
/// ``ScriptError`` whose ``ScriptError/kind`` says why and which has no location.
extension Session {
    /// Moves screen-reader focus to an element and announces it (`focus ID`).
    /// - Throws: ``ScriptError/Kind/unknownID`` or ``ScriptError/Kind/notFocusable``.
    public mutating func focus(_ id: String) throws(ScriptError) {
        try run(.focus(id))
    }

    /// Moves screen-reader focus to a key of the on-screen keyboard by name (`focus key:NAME`),
    /// and says it.
    /// - Throws: ``ScriptError/Kind/notEditing`` when the keyboard is not shown,
    ///   ``ScriptError/Kind/unknownKey`` for a name the layout does not have.
    public mutating func focusKey(_ name: String) throws(ScriptError) {
        try run(.focusKey(name))
    }

    /// Hides the keyboard: editing ends (`dismiss`).
    public mutating func dismiss() throws(ScriptError) {
        try run(.dismiss)
    }

    /// A one-finger swipe: left/right to the previous/next element, up/down by the rotor unit.
    public mutating func swipe(_ direction: SwipeDirection) throws(ScriptError) {
        try run(.swipe(direction))
    }

    /// Chooses what swipe up and down act on, and says it (`rotor UNIT`).
    public mutating func rotor(_ unit: RotorUnit) throws(ScriptError) {
        try run(.rotor(unit))
    }

    /// Double tap: starts editing the focused field, toggles the insertion point between its
    /// start and end, or enters the focused key (standard typing).
    /// - Throws: ``ScriptError/Kind/nothingFocused`` when nothing has focus.
    public mutating func doubleTap() throws(ScriptError) {
        try run(.doubleTap)
    }

    /// Puts a finger down on a key (`.key("q")`) or at a point (`.point(x:y:)`).
    /// - Throws: ``ScriptError/Kind/unknownKey``, ``ScriptError/Kind/notEditing`` when the
    ///   keyboard is not shown, ``ScriptError/Kind/gesture`` when a finger is already down.
    public mutating func touch(_ target: TouchTarget) throws(ScriptError) {
        try run(.touch(target))
    }

    /// Slides the finger that is down to a key or point.
    public mutating func slide(_ target: TouchTarget) throws(ScriptError) {
        try run(.slide(target))
    }

    /// Lifts the finger (in touch typing, entering the key under it).
    public mutating func lift() throws(ScriptError) {
        try run(.lift)
    }

    /// A second finger taps while the first rests on a key: enters it (standard typing).
    public mutating func splitTap() throws(ScriptError) {
        try run(.splitTap)
    }

    /// Keeps the finger resting on a key until its alternates show (touch and hold).
    public mutating func hold() throws(ScriptError) {
        try run(.hold)
    }

    /// Types text on the on-screen keyboard with the gestures a user makes in the current
    /// typing mode (shift, layers, alternates), one gesture every `cadence` seconds.
    /// - Throws: ``ScriptError/Kind/notEditing`` or ``ScriptError/Kind/cannotType`` (the
    ///   message gives the character's position, never the character).
    /// - Complexity: O(*n*) gestures for *n* characters, each costing what a keystroke does
    ///   (segmentation around the insertion point only, not the whole text).
    public mutating func type(_ text: String) throws(ScriptError) {
        try run(.type(text))
    }

    /// Types text on a hardware keyboard into the field being edited (`keys "TEXT"`); after
    /// each key (character) the clock moves on by ``Settings/keyCadence`` (0.2 s unless set;
    /// zero types every key at one instant).
    /// - Throws: ``ScriptError/Kind/notATextField`` or ``ScriptError/Kind/notEditing``; a
    ///   script error when the keys would take the clock past 1,000,000,000 s.
    /// - Complexity: O(*n*) for *n* characters: each is one insertion, re-segmenting only
    ///   around the insertion point.
    public mutating func keys(_ text: String) throws(ScriptError) {
        try run(.keys(text))
    }

    /// Presses a hardware editing key (`key NAME`).
    /// - Complexity: One edit or move: segmentation around the insertion point (a word move
    ///   walks the word it passes).
    public mutating func key(_ key: HardwareKey) throws(ScriptError) {
        try run(.key(key))
    }

    /// Performs an edit action on the field being edited (`edit ACTION`).
    /// - Complexity: O(*n*) in the text selected, copied or pasted.
    public mutating func edit(_ action: EditAction) throws(ScriptError) {
        try run(.edit(action))
    }

    /// Dictates a phrase into the field being edited (refused in secure fields and where
    /// dictation is off).
    /// - Complexity: One insertion of the whole phrase: O(*n*) in its length.
    public mutating func dictate(_ text: String) throws(ScriptError) {
        try run(.dictate(text))
    }

    /// Puts text on the clipboard, as another app copying it would (`clipboard "TEXT"`).
    public mutating func setClipboard(_ text: String) throws(ScriptError) {
        try run(.clipboard(text))
    }

    /// The app shows a validation error by a field; nil clears it (`error ID "MESSAGE"`).
    /// - Throws: ``ScriptError/Kind/unknownID`` or ``ScriptError/Kind/notATextField``.
    public mutating func showError(_ message: String?, on id: String) throws(ScriptError) {
        try run(.error(id, message ?? ""))
    }

    /// The app validated its form: "N errors", and focus goes to the first invalid field.
    public mutating func validate() throws(ScriptError) {
        try run(.validate)
    }
}

/// What the app does on its own, as UIKit's accessibility notifications tell the screen
/// reader; a simulator calls these to answer an `activate` or `editing` event.
extension Session {
    /// The app posts an announcement (`announce "TEXT"`, UIAccessibility's `.announcement`):
    /// said with role `announcement`, queued behind what is being said, not cutting it.
    ///
    /// ```swift
    /// var session = try Session()
    /// try session.declareElement("send", label: "Send", kind: .button)
    /// try session.focus("send")
    /// try session.announce("Message sent")   // heard after "Send, button"
    /// ```
    public mutating func announce(_ text: String) throws(ScriptError) {
        try run(.announce(text))
    }

    /// The app shows a new screen (`screen-changed [focus=ID]`, UIAccessibility's
    /// `.screenChanged`): focus moves to `id`, or to the first element the screen reader can
    /// reach, which is announced.
    /// - Throws: ``ScriptError/Kind/unknownID`` or ``ScriptError/Kind/notFocusable``.
    public mutating func screenChanged(focus id: String? = nil) throws(ScriptError) {
        try run(.screenChanged(focus: id))
    }

    /// Part of the screen changed (`layout-changed [focus=ID]`, UIAccessibility's
    /// `.layoutChanged`): focus moves to `id`, which is announced; without one focus stays,
    /// unless the focused element was removed (then it goes to the first element).
    /// - Throws: ``ScriptError/Kind/unknownID`` or ``ScriptError/Kind/notFocusable``.
    public mutating func layoutChanged(focus id: String? = nil) throws(ScriptError) {
        try run(.layoutChanged(focus: id))
    }

    /// The app removes an element (`remove ID`): a field being edited stops being edited,
    /// focus on the element goes nowhere until the app or the user moves it.
    /// - Throws: ``ScriptError/Kind/unknownID``.
    public mutating func remove(_ id: String) throws(ScriptError) {
        try run(.remove(id))
    }
}

/// The braille display and Braille Screen Input (docs/braille.md): each verb does what its
/// script command does; braille must be on (`braille=on`, or `brailleInput(true)` while a field
/// is being edited).
extension Session {
    /// Presses the cursor routing key above cell `cell` (from 0) of the braille display
    /// (`route N`): the insertion point moves to the character shown there.
    public mutating func route(_ cell: Int) throws(ScriptError) {
        try run(.route(cell))
    }

    /// Shows the previous or next window of the braille display (`pan left|right`).
    public mutating func pan(_ direction: PanDirection) throws(ScriptError) {
        try run(.pan(direction))
    }

    /// Turns Braille Screen Input on or off for the field being edited (`braille-input on|off`).
    public mutating func brailleInput(_ on: Bool) throws(ScriptError) {
        try run(.brailleInput(on))
    }

    /// Enters one cell on Braille Screen Input (`chord DOTS`).
    public mutating func chord(_ cell: BrailleCell) throws(ScriptError) {
        try run(.chord(cell))
    }

    /// Enters one chord per cell, `cadence` apart (`chords "⠓⠑⠇⠇⠕"`).
    public mutating func chords(_ cells: [BrailleCell]) throws(ScriptError) {
        try run(.chords(cells))
    }

    /// A swipe with two or three fingers (`swipe DIRECTION fingers=N`): with Braille Screen
    /// Input on, a new line, a deleted word or return; one finger is ``swipe(_:)``.
    public mutating func swipe(_ direction: SwipeDirection, fingers: Int) throws(ScriptError) {
        try run(fingers == 1 ? .swipe(direction) : .fingerSwipe(direction, fingers: fingers))
    }
}

/// Declaring the screen: text fields and other elements, in reading order.
extension Session {
    /// Declares a text field (or replaces the element with that id, as a screen update does).
    /// - Throws: ``ScriptError/Kind/badDeclaration``.
    public mutating func declare(_ field: FieldDeclaration) throws(ScriptError) {
        try run(.field(field))
    }

    /// Declares an element that is not a text field (or replaces the one with that id).
    /// - Throws: ``ScriptError/Kind/badDeclaration`` for an element without an id.
    public mutating func declare(_ element: ElementDeclaration) throws(ScriptError) {
        try run(.element(element))
    }

    /// Declares a text field with the attributes most screens need.
    ///
    /// ```swift
    /// var session = try Session()
    /// try session.declareField("pw", kind: .secure, label: "Password")
    /// ```
    public mutating func declareField(
        _ id: String, kind: FieldKind = .text, label: String, value: String = "",
        hint: String? = nil, placeholder: String? = nil
    ) throws(ScriptError) {
        var field = FieldDeclaration(id: id, kind: kind, label: label)
        field.value = value
        field.hint = hint
        field.placeholder = placeholder
        try declare(field)
    }

    /// Declares a button, link, heading or other element with typed traits.
    ///
    /// ```swift
    /// var session = try Session()
    /// try session.declareElement("send", label: "Send", kind: .button, hint: "Sends the message.")
    /// ```
    public mutating func declareElement(
        _ id: String, label: String, kind: ElementKind? = nil, traits: Traits = [],
        value: String? = nil, hint: String? = nil
    ) throws(ScriptError) {
        var element = ElementDeclaration(id: id, label: label)
        element.kind = kind
        element.traits = traits
        element.value = value
        element.hint = hint
        try declare(element)
    }
}
