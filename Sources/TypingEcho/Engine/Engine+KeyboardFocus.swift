/// Keyboard focus by Tab and Shift+Tab (`tab-focus`): from field to field while editing, as
/// UIKit does under VoiceOver, or from any element to the next that takes keyboard focus, as
/// on the desktop and on Android.
extension Engine {
    /// `key tab` (`forward`) and `key shift-tab`.
    ///
    /// With `tab-focus=elements`, focus moves from whatever has it (or from the start, with
    /// nothing focused) to the next or previous element that takes keyboard focus, wrapping at
    /// the ends, and is announced; a text field reached this way is being edited, and editing
    /// ends when focus reaches anything else. With `tab-focus=fields`, Tab needs a field being
    /// edited and moves editing to the next or previous field; at the last or first nothing
    /// happens.
    mutating func pressTab(forward: Bool, at location: SourceLocation?) throws(ScriptError) {
        let style = configuration.current.style
        let name = forward ? "tab" : "shift-tab"
        guard style.tabFocus == .elements else {
            let position = try editingField(for: "key \(name)", at: location)
            if let next = screen.nearestField(from: position.identity, forward: forward) { moveEditing(to: next) }
            return
        }
        let from = reader.focus.element ?? editor.editedField
        guard let next = screen.nextFocusable(from: from, forward: forward) else {
            echo(.boundary)  // nothing on the screen takes keyboard focus
            return
        }
        if screen.hasField(next) {
            beginEditing(next)
            // Chromium selects a single-line field's whole text when Tab brings keyboard focus in.
            if style.toolkit == .chromium { update(next) { if !$0.buffer.isEmpty && $0.kind != .area { $0.buffer.selectAll() } } }
            focus(next)
            emitCursor(next)
        } else {
            let leftField = editor.editedField != nil
            endEditing(returnFocus: false)
            focus(next)
            // Orca leaves focus mode as keyboard focus leaves a web field ("Browse mode").
            if leftField && style.toolkit == .chromium && style.focusOrder == .nameRoleThenValue {
                var feedback = Feedback()
                feedback.say(voice.phrasebook.string("mode.browse"), role: .status, turn: .queues)
                deliver(feedback)
            }
        }
    }
}
