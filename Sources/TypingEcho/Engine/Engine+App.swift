/// What the app does on its own, as UIKit's accessibility notifications tell the screen
/// reader: announcements, a new screen, a changed layout, an element taken away; and the
/// `activate` event that lets a simulated app answer a double tap.
extension Engine {
    /// Whether a double tap on the element activates it for the app: a button, link, toggle,
    /// adjustable element, a key of the app's own or an element marked `interactive`, when it
    /// is not dimmed. A text field's double tap starts editing instead.
    static func activates(_ element: Element) -> Bool {
        guard element.field == nil, !element.traits.contains(.notEnabled) else { return false }
        return element.isActionable || element.traits.contains(.keyboardKey)
    }

    /// `screen-changed [focus=ID]`: a new screen. Focus moves to ID, or to the first element
    /// the screen reader can reach, which is announced, cutting what was being said; with no
    /// element to reach, focus goes nowhere and nothing is said.
    mutating func screenChanged(focus target: String?, at location: SourceLocation?) throws(ScriptError) {
        let position = try target.map { id throws(ScriptError) in try focusable(id, at: location) } ?? screen.neighbour(of: nil, forward: true)
        output.cancelPendingSpeech()
        guard let position else {
            reader.focusNowhere()
            return
        }
        focus(position)
    }

    /// `layout-changed [focus=ID]`: part of the screen changed. Focus moves to ID, which is
    /// announced; without an ID focus stays where it is and nothing is said, unless nothing
    /// has focus (the focused element was removed) and no field is being edited: then it goes
    /// to the first element. While a field is edited its keyboard is up, and a cursor that left
    /// a key (to choose an edit action) stays off the screen's elements, as typing does.
    mutating func layoutChanged(focus target: String?, at location: SourceLocation?) throws(ScriptError) {
        if let target {
            let position = try focusable(target, at: location)
            output.cancelPendingSpeech()
            focus(position)
        } else if reader.focus == .nowhere, !editor.isEditing, let first = screen.neighbour(of: nil, forward: true) {
            output.cancelPendingSpeech()
            focus(first)
        }
    }

    /// `remove ID`: the element leaves the screen. A field being edited stops being edited
    /// (the keyboard goes away); focus on the element goes nowhere, silently, until the app
    /// posts `layout-changed` or the user moves it; its pending hint is dropped.
    mutating func remove(_ id: String, at location: SourceLocation?) throws(ScriptError) {
        guard let identity = screen.identity(of: id) else {
            throw ScriptError(.unknownID, "no element or field with id '\(Self.excerpt(id))'\(screen.suggestion(for: id))", at: location)
        }
        if editor.editedField == identity { endEditing(returnFocus: false) }
        if reader.focus.element == identity { output.cancelPendingSpeech() }
        reader.elementRemoved(identity)
        // Braille Screen Input's held cells belong to the field: they go with it, never entered.
        brailleFieldRemoved(identity)
        screen.remove(identity)
    }
}
