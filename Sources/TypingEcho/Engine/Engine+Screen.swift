/// The screen as a whole: declaring elements with their kinds and traits, hidden
/// elements, hit frames merged with visible labels, adjustable values, value updates,
/// direct interaction and form validation.
extension Engine {
    /// An element from its declaration: the kind's default traits plus its own.
    func makeElement(_ declaration: ElementDeclaration) -> Element {
        Element(declaration, traits: (declaration.kind?.defaultTraits ?? []).union(declaration.traits))
    }

    /// The index of an element `focus` may move to: it exists and is not hidden; an error
    /// points at `location`, where the id was written.
    mutating func focusable(_ id: String, at location: SourceLocation?) throws(ScriptError) -> ElementID {
        guard let target = screen.identity(of: id) else {
            throw ScriptError(.unknownID, "no element or field with id '\(Self.excerpt(id))'\(screen.suggestion(for: id))", at: location)
        }
        guard screen.read(target, { $0.isHidden }) == false else {
            throw ScriptError(.notFocusable, "\(ScriptErrorText.quoted(id)) is hidden from the screen reader and cannot be focused", at: location)
        }
        return target
    }

    /// An id as an error message quotes it: at most 64 characters, then "…" (a megabyte-long
    /// unknown id is not echoed whole to stderr).
    static func excerpt(_ id: String) -> String {
        var end = id.startIndex
        var count = 0
        while end < id.endIndex && count < 64 { id.formIndex(after: &end); count += 1 }
        return end == id.endIndex ? id : id[..<end] + "…"
    }

    /// The element a finger at a point focuses: the one with the smallest hit frame containing
    /// it (the first on ties), hidden ones skipped. A point inside the focused element's frame
    /// when it allows direct interaction goes to the app: nil.
    /// - Complexity: O(n) the first time after the screen changed (the hit index is built),
    ///   then O(frames near the point); see `ScreenHitIndex`.
    mutating func element(atX x: Double, y: Double) -> ElementID? {
        if let focused = reader.focus.element.flatMap({ screen.element($0) }), focused.traits.contains(.allowsDirectInteraction),
           focused.frame?.contains(x: x, y: y) == true { return nil }
        return screen.element(atX: x, y: y)
    }

    /// Reads a field in place; nil for an element without one (see `Screen.readField`).
    mutating func withField<Result>(_ position: ElementID, _ read: (inout TextField) -> Result) -> Result? {
        screen.readField(position, read)
    }

    /// Changes a field in place, keeping its element's traits in step; nil for an element
    /// without one (see `Screen.changeField`).
    @discardableResult
    mutating func update<Result>(_ position: ElementID, _ change: (inout TextField) -> Result) -> Result? {
        screen.changeField(position, change)
    }

    /// The next element in reading order that the screen reader can reach, one `step` away.
    mutating func neighbour(of position: ElementID?, forward: Bool) -> ElementID? { screen.neighbour(of: position, forward: forward) }

    /// Whether gestures go to the app instead of the screen reader: the focused element allows
    /// direct interaction (swipe up/down and double tap pass through; swipe left/right do not).
    var passesGesturesThrough: Bool { mutating get { reader.focus.element.flatMap { screen.read($0) { $0.traits.contains(.allowsDirectInteraction) } } == true } }

    /// Swipe up (`increment`) or down on a focused adjustable element: the next or previous
    /// step is spoken; at either end, or with no steps, the `boundary` sound.
    mutating func adjust(increment: Bool) {
        guard let position = reader.focus.element, let element = screen.element(position) else { return }
        let current = element.value.flatMap { element.steps.firstIndex(of: $0) }
        let target = current.map { $0 + (increment ? 1 : -1) }
        guard !element.traits.contains(.notEnabled), let target, element.steps.indices.contains(target) else {
            echo(.boundary)
            return
        }
        screen.setValue(element.steps[target], of: position, spokenAt: output.clock.now)
        echo(.valueChanged(element.steps[target], byItself: false))
    }

    /// A re-declaration replaced a focused element: a changed value is spoken, queued after
    /// what is being said; an `updatesFrequently` element's at most once per interval.
    mutating func noticeUpdate(from old: Element, to new: Element, at position: ElementID) {
        // A live region says its new text wherever focus is.
        if let live = new.liveRegion, new.field == nil, !new.isHidden {
            let text = [new.label, new.value ?? ""].filter { !$0.isEmpty }.joined(separator: voice.echo.phrasebook.listSeparator)
            let before = [old.label, old.value ?? ""].filter { !$0.isEmpty }.joined(separator: voice.echo.phrasebook.listSeparator)
            if !text.isEmpty, text != before || old.isHidden {
                echo(.liveRegionChanged(text, assertive: live == .assertive))
                return
            }
        }
        guard position == reader.focus.element, new.field == nil, !new.isHidden, let value = new.value, value != old.value,
              screen.speaksUpdate(of: position, at: output.clock.now) else { return }
        echo(.valueChanged(value, byItself: true))
    }

    /// `error ID "MESSAGE"`: the app shows a validation error by a field ("" clears it).
    mutating func setError(_ id: String, _ message: String, at location: SourceLocation?) throws(ScriptError) {
        guard let position = screen.identity(of: id) else {
            throw ScriptError(.unknownID, "no field with id '\(Self.excerpt(id))'\(screen.suggestion(for: id))", at: location)
        }
        guard screen.hasField(position) else {
            throw ScriptError(.notATextField, "\(ScriptErrorText.quoted(id)) is not a text field; errors belong to fields", at: location)
        }
        update(position) { $0.error = message.isEmpty ? nil : message }
    }

    /// `validate`: when some field shows an error, the app announces how many ("2 errors") and
    /// moves focus to the first invalid field in reading order, whose announcement follows.
    mutating func validate() {
        let invalid = screen.invalidFields
        guard let first = invalid.first else { return }
        echo(.invalidFields(invalid.count))
        focus(first, interrupts: false)
    }
}

extension Engine {
    /// The screen as it is now, for `describe` and lint.
    package var screenSnapshot: ScreenSnapshot {
        ScreenSnapshot(elements: screen.elements, positions: screen.positions, settings: settings, editedElement: editedElement,
                       keyboardFrame: isKeyboardShown ? keyboardLayout.frame : nil, phrasebook: phrasebook,
                       braille: braille.isOn ? braille.translator : nil)
    }
}

extension Frame {
    /// Whether the two frames share some area (touching edges do not count).
    public func intersects(_ other: Frame) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// The smallest frame holding both.
    public func union(_ other: Frame) -> Frame {
        let left = Swift.min(x, other.x), top = Swift.min(y, other.y)
        let right = Swift.max(x + width, other.x + other.width), bottom = Swift.max(y + height, other.y + other.height)
        return Frame(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension Engine {
    /// Reads a field through its handle in place; nil once its element was removed.
    mutating func withField<Result>(_ field: FieldHandle, _ read: (inout TextField) -> Result) -> Result? {
        screen.readField(field.identity, read)
    }

    /// Changes a field through its handle in place; nil once its element was removed.
    @discardableResult
    mutating func update<Result>(_ field: FieldHandle, _ change: (inout TextField) -> Result) -> Result? {
        screen.changeField(field.identity, change)
    }

    /// The handle of the field being edited, resolved now; nil when none is.
    var editedHandle: FieldHandle? { mutating get { editor.editedField.flatMap { handle(for: $0) } } }

    /// The handle of an identity's text field, resolved now; nil for another element or a
    /// removed one.
    mutating func handle(for identity: ElementID) -> FieldHandle? { screen.handle(for: identity) }
}
