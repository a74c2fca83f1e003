/// Shift on the letters layer.
public enum ShiftState: String, Sendable, Hashable, CaseIterable {
    /// Lower case.
    case off
    /// The next letter is a capital; shift then goes off.
    case on
    /// Every letter is a capital until shift is entered again.
    case capsLock = "caps-lock"
}

/// The on-screen keyboard while a field is edited: its layout, the layer shown and shift (the
/// key VoiceOver's cursor is on is the reader's focus, `ReaderFocus.key`).
struct KeyboardState: Sendable {
    /// Shift entered twice within this time turns caps lock on (double tap on shift).
    static let capsLockInterval = VirtualDuration(milliseconds: 600)

    /// The layout for the current locale.
    let layout: KeyboardLayout
    /// The layer shown.
    private(set) var layer = KeyboardLayer.letters
    /// Shift or caps lock.
    private(set) var shift = ShiftState.off
    /// When shift was last entered, to tell a double tap (caps lock).
    private(set) var lastShiftEntry: VirtualTime?
    /// Whether shift was turned on by auto-capitalisation (it goes off again by itself when
    /// the insertion point leaves a place that wants a capital).
    private(set) var shiftIsAutomatic = false

    /// A keyboard showing its first layer with shift off.
    init(layout: KeyboardLayout) {
        self.layout = layout
        layer = layout.homeLayer
    }

    /// Shows the first layer with shift off, as when the keyboard appears.
    mutating func reset() {
        layer = layout.homeLayer
        shift = .off
        shiftIsAutomatic = false
        lastShiftEntry = nil
    }

    /// Enters shift: off → on; on → caps lock if entered again within `capsLockInterval`,
    /// else off; caps lock → off.
    /// - Returns: The new state.
    mutating func enterShift(at time: VirtualTime) -> ShiftState {
        let quick = lastShiftEntry.map { time - $0 <= Self.capsLockInterval } ?? false
        switch shift {
        case .off: shift = .on
        case .on: shift = quick ? .capsLock : .off
        case .capsLock: shift = .off
        }
        lastShiftEntry = time
        shiftIsAutomatic = false
        return shift
    }

    /// A character was entered: shift (not caps lock) goes off.
    mutating func releaseShift() {
        guard shift == .on else { return }
        shift = .off
        shiftIsAutomatic = false
    }

    /// Shows another layer.
    mutating func show(_ layer: KeyboardLayer) { self.layer = layer }

    /// Starts from a given layer and shift (tests and simulators that set the keyboard up).
    mutating func preset(layer: KeyboardLayer, shift: ShiftState) {
        self.layer = layer
        self.shift = shift
    }

    /// Whether keys on `layer` show capitals now.
    func isShifted(on layer: KeyboardLayer) -> Bool {
        shift != .off && layout.key(.shift, on: layer) != nil
    }

    /// The character a character key (or one of its alternates) types now, with shift applied.
    func character(of id: KeyID, alternate: Int? = nil) -> Character? {
        let key = layout[id]
        guard case .character(let base) = key.kind else { return nil }
        let character = alternate.map { key.alternates[$0] } ?? base
        return isShifted(on: id.layer) ? layout.shifted(character) : character
    }

    /// The keys of the layer shown, in swipe order: row by row, left to right.
    var keysInSwipeOrder: [KeyID] { layout.ids(on: layer) }

    /// The key a swipe reaches from `key`: the next or previous in swipe order, nil past
    /// either end (or when `key` is not on the layer shown).
    func key(after key: KeyID, forward: Bool) -> KeyID?? {
        let keys = keysInSwipeOrder
        guard let index = keys.firstIndex(of: key) else { return nil }
        let next = index + (forward ? 1 : -1)
        return .some(keys.indices.contains(next) ? keys[next] : nil)
    }

    /// Turns shift on where auto-capitalisation wants a capital after `tail` (the last
    /// characters before the insertion point), and off again where it does not if it turned
    /// it on itself; shift the user entered is left alone. Layouts without shift are untouched.
    mutating func autocapitalize(_ rule: Autocapitalization, after tail: Substring) {
        guard rule != .never, layout.key(.shift, on: .letters) != nil else { return }
        let wants = rule.wantsShift(after: tail)
        switch shift {
        case .off where wants:
            shift = .on
            shiftIsAutomatic = true
        case .on where !wants && shiftIsAutomatic:
            shift = .off
            shiftIsAutomatic = false
        default:
            break
        }
    }

    /// The key's name as the `focus` event gives it: the character it types now, or its name.
    func name(of id: KeyID) -> String {
        character(of: id).map { String($0) } ?? layout[id].kind.name
    }
}
