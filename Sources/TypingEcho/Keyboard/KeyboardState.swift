/// Shift on the letters layer.
public enum ShiftState: String, Sendable, Hashable, CaseIterable {
    /// Lower case.
    case off
    /// The next letter is a capital; shift then goes off.
    case on
    /// Every letter is a capital until shift is entered again.
    case capsLock = "caps-lock"
}

/// The on-screen keyboard while a field is edited: its layout, the layer shown, shift, and the
/// key VoiceOver's cursor is on.
struct KeyboardState: Sendable {
    /// Shift entered twice within this time turns caps lock on (double tap on shift).
    static let capsLockInterval = VirtualDuration(milliseconds: 600)

    /// The layout for the current locale.
    var layout: KeyboardLayout
    /// The layer shown.
    var layer = KeyboardLayer.letters
    /// Shift or caps lock.
    var shift = ShiftState.off
    /// When shift was last entered, to tell a double tap (caps lock).
    var lastShiftEntry: VirtualTime?
    /// The key VoiceOver's cursor is on (the last key explored, or reached by swipe or
    /// `focus key:NAME`), entered by double tap. While it is set no element has focus.
    var focusedKey: KeyID?
    /// Whether shift was turned on by auto-capitalisation (it goes off again by itself when
    /// the insertion point leaves a place that wants a capital).
    var shiftIsAutomatic = false

    /// A keyboard showing its first layer with shift off.
    init(layout: KeyboardLayout) {
        self.layout = layout
        layer = layout.homeLayer
    }

    /// Shows the first layer with shift off and no key focused, as when the keyboard appears.
    mutating func reset() {
        layer = layout.homeLayer
        shift = .off
        shiftIsAutomatic = false
        lastShiftEntry = nil
        focusedKey = nil
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

    /// The key's name as the `focus` event gives it: the character it types now, or its name.
    func name(of id: KeyID) -> String {
        character(of: id).map { String($0) } ?? layout[id].kind.name
    }
}
