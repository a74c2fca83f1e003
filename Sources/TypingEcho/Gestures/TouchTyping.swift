/// VoiceOver's touch typing: touching or sliding explores and speaks keys, and lifting the
/// finger enters the key under it. A split tap enters the key at once; the lift that follows
/// then enters nothing more for that key.
///
/// ```
///               touch / slide to k: explore k
///   ┌────────┐ ───────────────────────────────▶ ┌──────────────────┐ ─┐ split tap: enter k,
///   │   up   │                                  │ resting(k, typed)│ ◀┘ typed = true
///   └────────┘ ◀─ lift: enter k unless typed ── └──────────────────┘
///       ▲                                          │ hold, when k has alternates
///       │ lift: enter the alternate under the      ▼
///       └──── finger ───────────────────── choosing(popup) ─┐ slide: select an alternate
///                                                           ◀┘
///   double tap, in any state but choosing: enter the focused key
/// ```
struct TouchTyping: Sendable, Hashable {
    /// Where the finger is.
    enum State: Sendable, Hashable {
        /// No finger on the screen.
        case up
        /// A finger rests on a target; `typed` once a split tap has entered it.
        case resting(FingerTarget, typed: Bool)
        /// A finger holds a key and its alternates are shown.
        case choosing(AlternatesPopup)
    }

    /// The current state.
    private(set) var state = State.up

    /// Where the finger is, or nil when it is up.
    var finger: FingerTarget? {
        switch state {
        case .up: nil
        case .resting(let target, _): target
        case .choosing(let popup): popup.selected.map { .alternate($0) } ?? .nothing
        }
    }

    /// The alternates shown, if any.
    var popup: AlternatesPopup? { if case .choosing(let popup) = state { popup } else { nil } }

    /// The keys changed under a resting finger (another layer is shown): the finger is now on
    /// `target`, without a new touch.
    mutating func keysChanged(under target: FingerTarget) {
        if case .resting(_, let typed) = state { state = .resting(target, typed: typed) }
    }

    /// The transition for a gesture.
    mutating func handle(_ gesture: FingerGesture) throws(GestureRefusal) -> [TypingAction] {
        switch (state, gesture) {
        case (.up, .touch(let target)), (.up, .slide(let target)):
            state = .resting(target, typed: false)
            return [.explore(target)]
        case (.resting(let current, let typed), .touch(let target)), (.resting(let current, let typed), .slide(let target)):
            state = .resting(target, typed: current == target && typed)
            return current == target ? [] : [.explore(target)]
        case (.resting(.key(let key), let typed), .lift):
            state = .up
            return typed ? [] : [.enter(key)]
        case (.resting, .lift):
            state = .up
            return []
        case (.resting(.key(let key), _), .splitTap):
            state = .resting(.key(key), typed: true)
            return [.enter(key)]
        case (.resting(.element, _), .splitTap):
            return [.activateElement]
        case (.resting(.key(let key), _), .hold(let alternates)) where alternates > 0:
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
