extension Engine {
    var announcer: Announcer { Announcer(phrasebook: phrasebook) }

    /// Moves screen-reader focus to an element and announces it. Editing is not focus: a field
    /// being edited stays edited (the edited field, focused again, says "is editing").
    /// - Parameter interrupts: Whether the announcement cuts what is being said (it waits
    ///   its turn after an app's announcement).
    mutating func focus(_ target: Int, interrupts: Bool = true) {
        chosenEditAction = nil
        focusIndex = target
        keyboard.state.focusedKey = nil
        emit(.focus(.element(elements[target].id)))
        announceFocused(interrupts: interrupts)
    }

    /// Says the focused element's announcement, then its hint after the hint delay.
    mutating func announceFocused(interrupts: Bool = true) {
        guard let element = focusedElement else { return }
        say(announcer.announcement(for: element), role: .element, interrupts: interrupts)
        if settings.hints, let hint = announcer.hint(for: element) {
            sayLater(hint, role: .hint, after: settings.hintDelay)
        }
    }

    /// Swipe left or right moves focus through the elements in reading order, skipping hidden
    /// ones; up and down adjust a focused adjustable element, pass through to an element that
    /// allows direct interaction, and otherwise move the insertion point by the rotor's unit.
    mutating func swipe(_ direction: SwipeDirection, at location: SourceLocation) throws(ScriptError) {
        switch direction {
        case .left, .right:
            if !swipeThroughKeys(forward: direction == .right) { play(.boundary) }
        case .up, .down:
            if passesGesturesThrough { return }
            if let element = focusedElement, element.field == nil, element.traits.contains(.adjustable) {
                adjust(increment: direction == .up)
            } else if rotor == .typingMode {
                switchTypingMode(forward: direction == .down)
            } else {
                try moveByRotor(direction == .down ? .forward : .backward, at: location)
            }
        }
    }

    /// Double tap: starts editing the focused field; while editing, moves the insertion point
    /// to the start, then the end, saying where it is.
    mutating func doubleTap(at location: SourceLocation) throws(ScriptError) {
        if performChosenEditAction() { return }
        guard let position = focusIndex else {
            throw ScriptError(.nothingFocused, "double-tap with nothing focused; focus an element first", at: location)
        }
        guard !passesGesturesThrough, let field = elements[position].field, !field.isDisabled else { return }
        let isEditing = field.isEditing, atStart = field.buffer.insertionPoint.utf16 == 0
        _ = consume field  // a live copy would make the edits below copy the whole text
        if !isEditing {
            beginEditing(position)
            announceFocused()
        } else {
            let toStart = !atStart
            guard update(position, { $0.buffer.move(toEnd: !toStart) }) else {
                play(.boundary)  // an empty field: the insertion point is at both ends
                return
            }
            play(.tick)
            say(phrasebook.string(toStart ? "insertion-point.start" : "insertion-point.end"), role: .status)
        }
        emitCursor(position)
    }

    /// Changes a field in place (its text is never copied) and keeps the element's traits in
    /// step with its state.
    @discardableResult
    /// Reads a field in place; nil for an element without one. Reading it through
    /// `elements[position].field?.…` goes through the array's getter, which copies the whole
    /// element first (callgrind: three copies per keystroke); this goes through its in-place
    /// accessor, as `update(_:_:)` does, and leaves the traits alone.
    mutating func withField<Result>(_ position: Int, _ read: (inout TextField) -> Result) -> Result? {
        Self.unwrapping(&elements[position].field, read)
    }

    private static func unwrapping<Result>(_ field: inout TextField?, _ read: (inout TextField) -> Result) -> Result? {
        guard field != nil else { return nil }
        return read(&field!)
    }

    mutating func update<Result>(_ position: Int, _ change: (inout TextField) -> Result) -> Result {
        let result = change(&elements[position].field!)
        elements[position].traits = elements[position].field!.traits
        return result
    }

    /// Reports where the focused field's insertion point is. In a secure field the UTF-16
    /// offset is reported equal to the character offset: the real one would tell how the
    /// secret is encoded (é as one or two code units, emoji as surrogate pairs).
    mutating func emitCursor(_ position: Int) {
        if position == keyboard.editedField { refreshAutomaticShift() }
        guard let (point, isSecure) = withField(position, { ($0.buffer.insertionPoint, $0.isSecure) }) else { return }
        emit(.cursor(field: elements[position].id, offset: point.character, utf16: isSecure ? point.character : point.utf16))
    }
}
