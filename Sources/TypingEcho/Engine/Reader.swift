/// Where the screen reader's cursor is: on an element, on a key of the on-screen keyboard, or
/// nowhere — never on an element and a key at once.
enum ReaderFocus: Sendable, Hashable {
    /// Nothing has focus (the start of a session, or a key focus the keyboard took away).
    case nowhere
    /// An element, by identity.
    case element(ElementID)
    /// A key of the keyboard shown.
    case key(KeyID)

    /// The focused element's identity, if an element has focus.
    var element: ElementID? { if case .element(let index) = self { index } else { nil } }

    /// The focused key, if a key has focus.
    var key: KeyID? { if case .key(let id) = self { id } else { nil } }
}

/// The screen reader's own state: its focus, and the rotor with the edit action chosen on it.
///
/// The edit action chosen with the rotor is performed by the next double tap; it is forgotten
/// when focus moves or the rotor turns, so each method that does either drops it.
struct Reader: Sendable {
    /// Where the cursor is.
    private(set) var focus = ReaderFocus.nowhere
    /// What swipe up and down act on.
    private(set) var rotor = RotorUnit.characters
    /// The edit action chosen with the rotor, performed by the next double tap.
    private(set) var chosenEditAction: EditAction?

    /// Focus moves to an element.
    mutating func focus(onElement identity: ElementID) {
        focus = .element(identity)
        chosenEditAction = nil
    }

    /// Focus moves to a key.
    mutating func focus(onKey id: KeyID) {
        focus = .key(id)
        chosenEditAction = nil
    }

    /// Focus leaves the key it is on, if any (the keyboard went away or changed, or an edit
    /// action was chosen); focus on an element stays.
    mutating func leaveKey() {
        if case .key = focus { focus = .nowhere }
    }

    /// Focus on a key follows it to another key (the layer changed under it); the chosen
    /// edit action stays.
    mutating func follow(toKey id: KeyID?) {
        guard case .key = focus else { return }
        focus = id.map { .key($0) } ?? .nowhere
    }

    /// Focus goes back to a field without a word (after `type` into a secure field, so that
    /// the key typed last does not show); the chosen edit action stays.
    mutating func settle(onElement identity: ElementID) { focus = .element(identity) }

    /// An element left the screen: focus on it goes nowhere (focus elsewhere stays, by identity).
    mutating func elementRemoved(_ identity: ElementID) {
        guard case .element(identity) = focus else { return }
        focus = .nowhere
        chosenEditAction = nil
    }

    /// Focus goes nowhere (a new screen with nothing the screen reader can reach).
    mutating func focusNowhere() {
        focus = .nowhere
        chosenEditAction = nil
    }

    /// The rotor turns to a unit.
    mutating func turnRotor(to unit: RotorUnit) {
        rotor = unit
        chosenEditAction = nil
    }

    /// The next (or previous) edit action is chosen: the list wraps around, and the first
    /// swipe down after turning the rotor chooses the first. Focus leaves any key, so the
    /// next double tap performs it.
    /// - Returns: The action chosen.
    mutating func chooseEditAction(forward: Bool) -> EditAction {
        let actions = EditAction.allCases
        let next: Int
        if let chosen = chosenEditAction, let index = actions.firstIndex(of: chosen) {
            next = (index + (forward ? 1 : actions.count - 1)) % actions.count
        } else {
            next = forward ? 0 : actions.count - 1
        }
        chosenEditAction = actions[next]
        leaveKey()
        return actions[next]
    }
}
