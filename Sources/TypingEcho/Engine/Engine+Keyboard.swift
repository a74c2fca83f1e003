extension Engine {
    /// Whether the on-screen keyboard is shown: it is while a text field is being edited,
    /// wherever screen-reader focus is.
    package var isKeyboardShown: Bool { editor.editedField != nil }

    /// The index in `elements` of the field being edited (iOS's first responder), if any.
    package var editingIndex: Int? { editor.editedField.flatMap { screen.readingPosition(of: $0) } }

    /// The field being edited, if any (it need not have screen-reader focus).
    package var editedElement: Element? { editor.editedField.flatMap { screen.element($0) } }

    /// The name of the keyboard key that has screen-reader focus (`q`, `shift`), if one has.
    package var focusedKeyName: String? {
        guard editor.isEditing, let id = reader.focus.key else { return nil }
        return keyboard.state.name(of: id)
    }

    /// The layout in use: the locale's, changed by the edited field's keyboard type.
    package var keyboardLayout: KeyboardLayout { keyboard.state.layout }

    /// The layer shown and the shift state, for simulators that draw the keyboard.
    package var keyboardLayer: (layer: KeyboardLayer, shift: ShiftState) { (keyboard.state.layer, keyboard.state.shift) }

    /// Whether a finger is on the screen.
    package var isFingerDown: Bool { keyboard.recognizer.finger != nil }

    /// Keeps the keyboard in step with the settings and the edited field: the layout for the
    /// locale and keyboard type, and the typing mode's recogniser (a change lifts the finger
    /// without entering anything). Run by `followSettings(at:)` when the settings change and
    /// when the edited field (and so the keyboard type) changes.
    mutating func syncKeyboard() {
        let type = editor.editedField.flatMap { withField($0, { $0.keyboardType }) } ?? .default
        switch keyboard.sync(locale: configuration.current.locale, type: type, mode: configuration.current.typingMode, shown: editor.isEditing,
                             revision: configuration.revision) {
        case .replaced: reader.leaveKey()  // focus on a key of the old keyboard is gone
        case .unchanged: break
        }
    }

    /// The finger leaves the screen without entering anything (another kind of input came).
    mutating func releaseFinger() {
        keyboard.liftFinger(mode: configuration.current.typingMode)
    }

    /// Starts editing a field (the keyboard for its type appears: first layer, shift as its
    /// auto-capitalisation wants), ending the editing of any other field.
    mutating func beginEditing(_ position: ElementID) {
        if let other = editor.editedField, other != position { endEditing(returnFocus: false) }
        if editor.editedField != position { emit(.editing(field: screen.id(of: position), editing: true)) }
        update(position) { field in
            field.isEditing = true
            field.buffer.move(toEnd: true)
        }
        editor.beginEditing(position)
        keyboard.appear()
        syncKeyboard()
        keyboard.showFirstLayer()
        reader.leaveKey()
        refreshAutomaticShift()
    }

    /// Ends editing: the keyboard goes away. When screen-reader focus was on a key (or
    /// nowhere) it returns to the field, which is announced, unless `returnFocus` is false
    /// (another field is taking over).
    mutating func endEditing(returnFocus: Bool = true) {
        guard let position = editor.editedField else { return }
        let focusWasOnKey = reader.focus.key != nil
        if withField(position, { $0.isEditing }) == true { update(position) { $0.isEditing = false } }
        editor.endEditing()
        emit(.editing(field: screen.id(of: position), editing: false))
        reader.leaveKey()
        releaseFinger()
        if returnFocus && (focusWasOnKey || reader.focus.element == nil) { focus(position) }
    }

    /// `dismiss`: the user hides the keyboard, and editing ends.
    mutating func dismiss(at location: SourceLocation?) throws(ScriptError) {
        guard editor.isEditing else {
            throw ScriptError("dismiss: no field is being edited, so no keyboard is shown", at: location)
        }
        endEditing()
    }

    /// `focus key:NAME`: screen-reader focus on a key of the layer shown, which is spoken.
    mutating func focusKey(_ name: String, at location: SourceLocation?) throws(ScriptError) {
        let target = try resolve(.key(name), for: "focus key", at: location)
        guard case .key(let id) = target else { return }
        focusKey(id)
    }

    /// Puts screen-reader focus on a key and speaks it; no element has focus then.
    mutating func focusKey(_ id: KeyID) {
        reader.focus(onKey: id)
        speakKey(id)
    }

    /// Swipe left or right: through the screen's elements, then, while a field is edited, the
    /// keyboard's keys. - Returns: Whether focus moved (false at either end).
    mutating func swipeThroughKeys(forward: Bool) -> Bool {
        if editor.isEditing, let key = reader.focus.key, let next = keyboard.state.key(after: key, forward: forward) {
            if let next {
                focusKey(next)
                return true
            }
            // Left from the first key: back to the screen's last element.
            guard !forward, let last = neighbour(of: nil, forward: false) else { return false }
            focus(last)
            return true
        }
        if let target = neighbour(of: reader.focus.element, forward: forward) {
            focus(target)
            return true
        }
        guard forward, editor.isEditing, let first = keyboard.state.keysInSwipeOrder.first,
              reader.focus.element != nil || screen.isEmpty else { return false }
        focusKey(first)
        return true
    }

    /// Keeps shift where the edited field's auto-capitalisation wants it (after every edit
    /// and insertion-point move, and when editing starts).
    mutating func refreshAutomaticShift() {
        // The field is read in place: a copy of it would make the next edit copy the text.
        guard let position = editor.editedField,
              let (rule, tail) = withField(position, { field -> (Autocapitalization, Substring) in
                  (field.autocapitalization, field.autocapitalization == .never ? "" : field.buffer.tailBeforeInsertionPoint())
              }), rule != .never else { return }
        keyboard.autocapitalize(rule, after: tail)
    }

    /// `touch`, `slide`, `lift`, `split-tap` and `hold` from a script.
    mutating func fingerGesture(_ command: FingerCommand, at location: SourceLocation?) throws(ScriptError) {
        let gesture: FingerGesture
        switch command {
        case .touch(let target): gesture = .touch(try resolve(target, for: "touch", at: location))
        case .slide(let target): gesture = .slide(try resolve(target, for: "slide", at: location))
        case .lift: gesture = .lift
        case .splitTap: gesture = .splitTap
        case .hold:
            if case .key(let id)? = keyboard.recognizer.finger, editor.isEditing {
                gesture = .hold(alternates: keyboard.state.layout[id].alternates.count)
            } else {
                gesture = .hold(alternates: 0)
            }
        }
        try handle(gesture, at: location)
    }

    /// A double tap: enters the focused key while the keyboard is shown, else starts editing
    /// or moves the insertion point.
    mutating func doubleTapGesture(at location: SourceLocation?) throws(ScriptError) {
        try handle(.doubleTap, at: location)
    }

    /// Feeds a gesture to the typing mode's state machine and does what it says.
    mutating func handle(_ gesture: FingerGesture, at location: SourceLocation?) throws(ScriptError) {
        let actions: [TypingAction]
        do { actions = try keyboard.handle(gesture) } catch {
            throw ScriptError(.gesture, error.message, at: location)
        }
        // By index: a debug build made an iterator per key through generic calls.
        var index = 0
        while index < actions.count {
            try perform(actions[index], at: location)
            index += 1
        }
    }

    /// The finger has rested on a key for the tap time (direct typing): it is heard.
    mutating func fingerRested() {
        keyboard.stopResting()
        // No script line is running: a rest only explores, and has no location to report at.
        try? handle(.rest, at: nil)
    }

    private mutating func perform(_ action: TypingAction, at location: SourceLocation?) throws(ScriptError) {
        switch action {
        case .explore(.key(let id)):
            focusKey(id)
        case .explore(.alternate(let index)):
            if let popup = keyboard.recognizer.popup { speakKey(popup.key, alternate: index) }
        case .explore(.element(let index)):
            focus(index)
        case .explore(.nothing):
            break
        case .enter(let id):
            activate(id)
        case .enterAlternate(let id, let index):
            activate(id, alternate: index)
        case .showAlternates(let id):
            speakKey(id, alternate: 0)
        case .enterFocusedKey:
            if editor.isEditing, let key = reader.focus.key {
                activate(key)
            } else {
                try doubleTap(at: location)
            }
        case .activateElement:
            try doubleTap(at: location)
        case .startResting:
            keyboard.startResting(until: output.clock.now + DirectTyping.tapTime)
        case .stopResting:
            keyboard.stopResting()
        }
    }

    /// Whether entering shift says the keyboard's new state ("shift on", "caps lock off").
    ///
    /// Not in a secure field with `secure-keys=silent` (the state says where the capitals of
    /// the secret are), nor in a secure field with direct typing, where a key tapped is never
    /// heard, shift included; a finger resting on shift hears its state there (see
    /// docs/secure-entry.md).
    var announcesKeyboardState: Bool {
        // A mutating getter: a plain one is handed a copy of the whole engine in debug builds.
        mutating get {
            guard editedHandle?.isSecure == true else { return true }
            return configuration.current.secureKeys == .speak && configuration.current.typingMode != .direct
        }
    }

    /// Whether a secure field is being edited with `secure-keys=silent`: explored keys are not heard.
    private var keysAreSilent: Bool {
        mutating get {
            guard configuration.current.secureKeys == .silent else { return false }
            return editedHandle?.isSecure == true
        }
    }

    /// Speaks a key (or one of its alternates) as the finger reaches it, and reports the key focus.
    mutating func speakKey(_ id: KeyID, alternate: Int? = nil) {
        guard !keysAreSilent else { return }
        if let character = keyboard.state.character(of: id, alternate: alternate) {
            echo(.keyExplored(.character(character))) { $0.emit(.focus(.key(String(character)))) }
            return
        }
        let explored: ExploredKey = switch keyboard.state.layout[id].kind {
        case .shift: .shift(keyboard.state.shift)
        case .return: .returnKey(editedElement?.field?.returnKey ?? .default)
        case let kind: .named(kind.name)
        }
        let name = keyboard.state.name(of: id)
        echo(.keyExplored(explored)) { $0.emit(.focus(.key(name))) }
    }

    /// Enters a key: types its character (shift applied, then released unless caps lock),
    /// deletes, toggles shift or caps lock, or shows another layer.
    mutating func activate(_ id: KeyID, alternate: Int? = nil) {
        // Only the kind is read: holding a copy of the field would make its text non-unique and
        // the next edit would copy the whole text.
        guard let position = editedHandle else { return }
        let kind = position.kind
        let typed: Character?
        switch keyboard.state.layout[id].kind {
        case .character: typed = keyboard.state.character(of: id, alternate: alternate)
        case .space: typed = " "
        case .return:
            guard kind == .area else {
                pressReturn(in: position)
                return
            }
            typed = "\n"
        case .delete:
            edit(position) { $0.delete(.backward, in: &$1) }
            return
        case .shift:
            let before = keyboard.state.shift
            let after = keyboard.enterShift(at: output.clock.now)
            if announcesKeyboardState { echo(.shiftEntered(before: before, after: after)) }
            return
        case .layer(let layer):
            switchLayer(to: layer)
            return
        }
        // Shift goes off before the character goes in, so auto-capitalisation can turn it on
        // again for the next one.
        keyboard.releaseShift()
        if let typed { enter(String(typed), into: position, hardware: false) }
    }

    /// Return in a single-line field (on-screen or hardware): the `default` return key types
    /// nothing and editing goes on; `next` moves focus and editing to the next field; any
    /// other ends editing.
    mutating func pressReturn(in position: FieldHandle) {
        switch withField(position, { $0.returnKey }) ?? .default {
        case .default: return
        case .next:
            if !moveEditingToNextField(after: position) { endEditing() }
        default:
            endEditing()
        }
    }

    /// Focus and editing move to the next enabled, visible text field in reading order, which
    /// is announced. - Returns: Whether there was one.
    @discardableResult
    mutating func moveEditingToNextField(after position: FieldHandle) -> Bool {
        guard let next = screen.nearestField(from: position.identity, forward: true) else { return false }
        moveEditing(to: next)
        return true
    }

    /// Focus and editing move to a field, which is announced with its insertion point.
    mutating func moveEditing(to field: ElementID) {
        beginEditing(field)
        focus(field)
        emitCursor(field)
    }

    /// Shows another layer; a finger resting on the keyboard is now on the key at the same place.
    private mutating func switchLayer(to layer: KeyboardLayer) {
        let layout = keyboard.state.layout
        func samePlace(_ id: KeyID) -> KeyID? {
            let centre = layout[id].frame.centre
            return layout.key(atX: centre.x, y: centre.y, on: layer)
        }
        let finger: KeyID? = if case .key(let id)? = keyboard.recognizer.finger { samePlace(id) } else { nil }
        keyboard.show(layer, fingerNowOn: finger)
        if let key = reader.focus.key {
            // Focus stays on the keyboard: on the key at the same place, else the layer's first.
            reader.follow(toKey: samePlace(key) ?? layout.ids(on: layer).first)
        }
    }
}

/// A finger gesture as a script gives it, before its target is resolved on the screen.
enum FingerCommand: Sendable, Hashable {
    case touch(TouchTarget)
    case slide(TouchTarget)
    case lift
    case splitTap
    case hold
}

extension ShiftState {
    /// The key of the spoken state: "shift", "shift on", "caps lock on".
    var spokenKey: String {
        switch self {
        case .off: "key.shift"
        case .on: "keyboard.shift-on"
        case .capsLock: "keyboard.caps-lock-on"
        }
    }
}

extension Engine {
    /// Swipe up or down with the rotor on typing mode: the previous or next mode, announced.
    mutating func switchTypingMode(forward: Bool, at location: SourceLocation?) throws(ScriptError) {
        let mode = configuration.switchTypingMode(forward: forward)
        try followSettings(at: location)
        releaseFinger()
        echo(.typingModeSwitched(mode))
    }
}
