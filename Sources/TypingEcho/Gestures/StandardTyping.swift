/// VoiceOver's standard typing: touching or sliding explores and speaks keys; lifting enters
/// nothing; a double tap anywhere, or a split tap while the finger rests, enters the key.
///
/// ```
///               touch / slide to k: explore k
///   ┌────────┐ ───────────────────────────────▶ ┌─────────────┐ ─┐ split tap: enter k
///   │   up   │                                  │ resting(k)  │ ◀┘ slide to j: explore j
///   └────────┘ ◀──────── lift: nothing ──────── └─────────────┘
///       ▲                                          │ hold, when k has alternates:
///       │ lift: enter the alternate under the      ▼ show them, the first selected
///       └──── finger ───────────────────── choosing(popup) ─┐ slide: select an alternate
///                                                           ◀┘
///   double tap, in any state but choosing: enter the focused key
/// ```
struct StandardTyping: Sendable, Hashable {
    /// Where the finger is.
    enum State: Sendable, Hashable {
        /// No finger on the screen.
        case up
        /// A finger rests on a target.
        case resting(FingerTarget)
        /// A finger holds a key and its alternates are shown.
        case choosing(AlternatesPopup)
    }

    /// The current state.
    private(set) var state = State.up

    /// Where the finger is, or nil when it is up.
    var finger: FingerTarget? {
        switch state {
        case .up: nil
        case .resting(let target): target
        case .choosing(let popup): popup.selected.map { .alternate($0) } ?? .nothing
        }
    }

    /// The alternates shown, if any.
    var popup: AlternatesPopup? { if case .choosing(let popup) = state { popup } else { nil } }

    /// The keys changed under a resting finger (another layer is shown): the finger is now on
    /// `target`, without a new touch.
    mutating func keysChanged(under target: FingerTarget) {
        if case .resting = state { state = .resting(target) }
    }

    /// The transition for a gesture.
    mutating func handle(_ gesture: FingerGesture) throws(GestureRefusal) -> [TypingAction] {
        switch (state, gesture) {
        case (.up, .touch(let target)), (.up, .slide(let target)):
            state = .resting(target)
            return [.explore(target)]
        case (.resting(let current), .touch(let target)), (.resting(let current), .slide(let target)):
            state = .resting(target)
            return current == target ? [] : [.explore(target)]
        case (.resting, .lift):
            state = .up
            return []
        case (.resting(.key(let key)), .splitTap):
            return [.enter(key)]
        case (.resting(.element), .splitTap):
            return [.activateElement]
        case (.resting(.key(let key)), .hold(let alternates)) where alternates > 0:
            state = .choosing(AlternatesPopup(key: key, selected: 0))
            return [.showAlternates(key)]
        case (.up, .splitTap):
            throw TypingRecognizer.needsFinger("split-tap")
        case (.up, .hold):
            throw TypingRecognizer.needsFinger("hold")
        case (.choosing(var popup), _):
            let (actions, closed) = popup.respond(to: gesture)
            state = closed ? .up : .choosing(popup)
            return actions
        case (_, .doubleTap):
            return [.enterFocusedKey]
        case (.up, .lift), (.resting, .splitTap), (.resting, .hold), (_, .rest):
            return []
        }
    }
}
