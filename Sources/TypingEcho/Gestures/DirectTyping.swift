/// VoiceOver's direct touch typing: the keyboard works as with the screen reader off. A quick
/// tap enters the key at once and is not spoken; a finger that rests on a key longer than the
/// tap time hears it, and lifting enters the key under the finger. The same holds in the
/// popup of touch-and-hold: an alternate is heard only when the finger rests on it for the tap
/// time, so every key of every layer and popup follows one rule. Outside the keyboard,
/// touching explores at once as usual.
///
/// ```
///               touch k: start the tap timer
///   ┌────────┐ ──────────────────────────────▶ ┌───────────────────────────┐ ─┐ rest (timer):
///   │   up   │                                 │ pressing(k, heard, typed) │ ◀┘ explore k, heard
///   └────────┘ ◀── lift: enter k unless typed ─ └───────────────────────────┘ ─┐ slide to j: restart
///       ▲                                         │ hold, when k has alternates  ◀┘ the timer for j
///       │ lift: enter the alternate under the     ▼
///       └──── finger ──────────────────── choosing(popup) ─┐ slide: select an alternate,
///                                                          ◀┘ restart the timer; rest: hear it
/// ```
struct DirectTyping: Sendable, Hashable {
    /// The tap time: a finger resting on a key longer than this hears it.
    static let tapTime = VirtualDuration(milliseconds: 250)

    /// Where the finger is.
    enum State: Sendable, Hashable {
        /// No finger on the screen.
        case up
        /// A finger is down on a target; `heard` once it was spoken, `typed` once a split tap
        /// entered it.
        case pressing(FingerTarget, heard: Bool, typed: Bool)
        /// A finger holds a key and its alternates are shown.
        case choosing(AlternatesPopup)
    }

    /// The current state.
    private(set) var state = State.up

    /// Where the finger is, or nil when it is up.
    var finger: FingerTarget? {
        switch state {
        case .up: nil
        case .pressing(let target, _, _): target
        case .choosing(let popup): popup.selected.map { .alternate($0) } ?? .nothing
        }
    }

    /// The alternates shown, if any.
    var popup: AlternatesPopup? { if case .choosing(let popup) = state { popup } else { nil } }

    /// The keys changed under a resting finger (another layer is shown): the finger is now on
    /// `target`, without a new touch.
    mutating func keysChanged(under target: FingerTarget) {
        if case .pressing(_, let heard, let typed) = state { state = .pressing(target, heard: heard, typed: typed) }
    }

    /// The transition for a gesture.
    mutating func handle(_ gesture: FingerGesture) throws(GestureRefusal) -> [TypingAction] {
        switch (state, gesture) {
        case (.up, .touch(let target)), (.up, .slide(let target)):
            return land(on: target)
        case (.pressing(let current, _, _), .touch(let target)), (.pressing(let current, _, _), .slide(let target)):
            guard current != target else { return [] }
            return [.stopResting] + land(on: target)
        case (.pressing(.key(let key), false, let typed), .rest):
            state = .pressing(.key(key), heard: true, typed: typed)
            return [.explore(.key(key))]
        case (.pressing(.key(let key), _, let typed), .lift):
            state = .up
            return typed ? [.stopResting] : [.stopResting, .enter(key)]
        case (.pressing, .lift):
            state = .up
            return [.stopResting]
        case (.pressing(.key(let key), let heard, _), .splitTap):
            state = .pressing(.key(key), heard: heard, typed: true)
            return [.enter(key)]
        case (.pressing(.element, _, _), .splitTap):
            return [.activateElement]
        case (.pressing(.key(let key), _, _), .hold(let alternates)) where alternates > 0:
            // The popup opens with the first alternate under the finger: like a key, it is
            // heard only once the finger rests on it for the tap time.
            state = .choosing(AlternatesPopup(key: key, selected: 0))
            return [.stopResting, .startResting]
        case (.up, .splitTap):
            throw TypingRecognizer.needsFinger("split-tap")
        case (.up, .hold):
            throw TypingRecognizer.needsFinger("hold")
        case (.choosing(let popup), .rest):
            return popup.selected.map { [.explore(.alternate($0))] } ?? []
        case (.choosing(var popup), .touch(let target)), (.choosing(var popup), .slide(let target)):
            let before = popup.selected
            _ = popup.move(to: target)
            state = .choosing(popup)
            guard popup.selected != before else { return [] }
            return popup.selected == nil ? [.stopResting] : [.stopResting, .startResting]
        case (.choosing(let popup), .lift):
            state = .up
            return [.stopResting] + popup.lift
        case (.choosing, _):
            return []
        case (_, .doubleTap):
            return [.enterFocusedKey]
        case (.up, .lift), (.up, .rest), (.pressing, .rest), (.pressing, .splitTap), (.pressing, .hold):
            return []
        }
    }

    /// The finger lands on a target: a key waits for the tap time; anything else is explored.
    private mutating func land(on target: FingerTarget) -> [TypingAction] {
        if case .key = target {
            state = .pressing(target, heard: false, typed: false)
            return [.startResting]
        }
        state = .pressing(target, heard: true, typed: false)
        return [.explore(target)]
    }
}
