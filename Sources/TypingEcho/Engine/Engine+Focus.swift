extension Engine {
    var announcer: Announcer { Announcer(phrasebook: voice.phrasebook, style: configuration.current.style) }

    /// Moves screen-reader focus to an element and announces it. Editing is not focus: a field
    /// being edited stays edited (the edited field, focused again, says "is editing").
    /// - Parameter interrupts: Whether the announcement cuts what is being said (it waits
    ///   its turn after an app's announcement).
    ///
    /// With `focus-edits=on` (the desktop readers) focus on a text field is keyboard focus:
    /// it starts editing the field, as a double tap does for the touch readers.
    mutating func focus(_ target: ElementID, interrupts: Bool = true) {
        reader.focus(onElement: target)
        emit(.focus(.element(screen.id(of: target))))
        let edits = configuration.current.style.focusEdits && withField(target, { !$0.isDisabled && !$0.isReadOnly && !$0.isEditing }) == true
        if edits { beginEditing(target) }
        announceFocused(interrupts: interrupts)
        if edits { emitCursor(target) }
    }

    /// Says the focused element's announcement, then its hint after the hint delay.
    mutating func announceFocused(interrupts: Bool = true) {
        guard let position = reader.focus.element, let element = screen.element(position) else { return }
        deliver(Announcer(phrasebook: voice.echo.phrasebook, style: configuration.current.style).feedback(focusing: element, interrupts: interrupts, settings: configuration.current))
    }

    /// Swipe left or right moves focus through the elements in reading order, skipping hidden
    /// ones; up and down adjust a focused adjustable element, pass through to an element that
    /// allows direct interaction, and otherwise move the insertion point by the rotor's unit.
    mutating func swipe(_ direction: SwipeDirection, at location: SourceLocation?) throws(ScriptError) {
        switch direction {
        case .left, .right:
            if !swipeThroughKeys(forward: direction == .right) { echo(.boundary) }
        case .up, .down:
            if passesGesturesThrough { return }
            if let element = reader.focus.element.flatMap({ screen.element($0) }), element.field == nil, element.traits.contains(.adjustable) {
                adjust(increment: direction == .up)
            } else if reader.rotor == .typingMode {
                try switchTypingMode(forward: direction == .down, at: location)
            } else {
                try moveByRotor(direction == .down ? .forward : .backward, at: location)
            }
        }
    }

    /// Double tap: starts editing the focused field; while editing, moves the insertion point
    /// to the start, then the end, saying where it is. On a button, link, toggle, adjustable
    /// element or key of the app's own it emits `activate` for the app to answer.
    mutating func doubleTap(at location: SourceLocation?) throws(ScriptError) {
        if performChosenEditAction() { return }
        guard let position = reader.focus.element else {
            throw ScriptError(.nothingFocused, "double-tap with nothing focused; focus an element first", at: location)
        }
        guard !passesGesturesThrough else { return }
        guard let (isDisabled, isEditing, atStart) = withField(position, { ($0.isDisabled || $0.isReadOnly, $0.isEditing, $0.buffer.insertionPoint.utf16 == 0) }) else {
            // Not a field: the app gets the activation, and answers as it would.
            if screen.read(position, Self.activates) == true { emit(.activate(element: screen.id(of: position))) }
            return
        }
        guard !isDisabled else { return }
        if !isEditing {
            beginEditing(position)
            announceFocused()
        } else {
            let toStart = !atStart
            guard update(position, { $0.buffer.move(toEnd: !toStart) }) == true else {
                echo(.boundary)  // an empty field: the insertion point is at both ends
                return
            }
            // The double tap's cursor is reported after what is said (below).
            echo(.moved(.toEnd(end: !toStart)))
        }
        emitCursor(position)
    }
}
