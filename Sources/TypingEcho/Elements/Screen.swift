/// The screen as the screen reader sees it: the elements in reading order, their ids, where
/// touches land, and when each changing value was last spoken.
///
/// Elements are known by identity (`ElementID`), never by their place in reading order: the
/// places are the screen's own business, so `remove` renumbers nothing outside it.
/// A field is reached only through `readField(_:_:)` and `changeField(_:_:)`, which lend it
/// in place for the length of a closure: a copy of a field would make its next edit copy the
/// whole text, and a change keeps the element's traits in step with the field's state.
struct Screen: Sendable {
    /// How often an `updatesFrequently` element's changing value may be spoken at most.
    static let frequentUpdateInterval = VirtualDuration(milliseconds: 2000)

    /// Elements in reading order, each in its slot. A removed element's slot keeps a hidden
    /// element without frame or field (a tombstone) until the slots are compacted.
    private var slots: [Element] = []
    /// The identity's serial number of the element in each slot; -1 for a removed one.
    private var owners: [Int] = []
    /// The slot of each identity, by serial number; -1 once its element is removed.
    private var slotOfSerial: [Int] = []
    /// The slot of each id declared and not removed.
    private var index: [String: Int] = [:]
    /// How many slots hold a removed element.
    private var removedCount = 0
    /// Where touches land, built on the first touch after a declaration changed the screen.
    private var hitIndex: ScreenHitIndex?
    /// When each element's changing value was last spoken.
    private var lastUpdate: [String: VirtualTime] = [:]
    /// The slots of the elements the screen reader can reach (not hidden, not removed): swipes
    /// step through it instead of walking past hidden elements.
    private var visible = SlotSet()
    /// The slots of the elements that take keyboard focus (`takesKeyboardFocus`): Tab steps
    /// through it.
    private var focusable = SlotSet()
    /// The bounds of a hit index dropped because frames moved outside them: the next one
    /// grows past them (see `ScreenHitIndex.init(_:growingFrom:)`).
    private var outgrownBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?

    /// What a declaration did.
    enum Declared {
        /// A new element, at the end of the reading order, with its new identity.
        case added(ElementID)
        /// An element with the same id was replaced in place (a screen update): its identity
        /// (unchanged) and the old element.
        case replaced(ElementID, Element)
    }

    /// Declares an element: a new id goes at the end of the reading order with a new identity;
    /// a known id is replaced in place and keeps its identity.
    /// - Returns: What happened, or nil for an element without an id.
    mutating func declare(_ element: Element) -> Declared? {
        guard !element.id.isEmpty else { return nil }
        let added = slots.count
        let existing = Self.slot(of: element.id, in: &index, orAdding: added)
        if existing != added {
            // The hit index stays when nothing touches land on changed (a slider's new value).
            let old = slots[existing]
            if old.frame != element.frame || old.isHidden != element.isHidden || old.labelFor != element.labelFor,
               hitIndex?.replace(old, with: element, at: existing) != true {
                hitIndex = nil
            }
            dropOutgrownHitIndex()
            if element.isHidden { visible.remove(existing) } else { visible.insert(existing) }
            Self.note(element, at: existing, in: &focusable)
            slots[existing] = element
            return .replaced(ElementID(serial: owners[existing]), old)
        }
        if hitIndex?.append(element, at: slots.count) == false { hitIndex = nil }
        dropOutgrownHitIndex()
        if !element.isHidden { visible.insert(slots.count) }
        Self.note(element, at: slots.count, in: &focusable)
        let identity = ElementID(serial: slotOfSerial.count)
        slotOfSerial.append(slots.count)
        owners.append(identity.serial)
        slots.append(element)
        return .added(identity)
    }

    /// The slot of `id` in `index`, entered as `added` when it has none: the defaulted
    /// subscript's in-place access finds or makes the entry with one hash of the id, where a
    /// look-up and then an insertion hashed it twice.
    ///
    /// A full index grows to four times its size, not two: each growth hashes every id again
    /// (a seventh of declaring a million elements), and growing four times as far does that
    /// half as often, for at most twice the table's memory (about 48 MB more at 10^6 ids).
    private static func slot(of id: String, in index: inout [String: Int], orAdding added: Int) -> Int {
        if index.count == index.capacity { index.reserveCapacity(max(16, 4 * index.capacity)) }
        func read(_ slot: inout Int) -> Int { slot }
        return read(&index[id, default: added])
    }

    /// Drops a hit index that too many frames fell outside of, keeping its bounds for the next.
    private mutating func dropOutgrownHitIndex() {
        guard let index = hitIndex else { return }
        if index.outgrown {
            outgrownBounds = index.bounds
            hitIndex = nil
        } else if outgrownBounds != nil {
            outgrownBounds = nil
        }
    }

    /// The slot of an identity whose element is on the screen.
    private func slot(of identity: ElementID) -> Int? {
        guard identity.serial >= 0, identity.serial < slotOfSerial.count else { return nil }
        let slot = slotOfSerial[identity.serial]
        return slot >= 0 ? slot : nil
    }

    /// The identity of the element in a slot that holds one (not removed).
    private func identity(inSlot slot: Int) -> ElementID { ElementID(serial: owners[slot]) }

    /// Removes an element: its identity resolves to nothing from now on; no other element's
    /// identity changes. - Returns: Whether it was on the screen.
    /// - Complexity: O(1) amortised: the slot keeps a tombstone, and the slots are compacted
    ///   (in O(n)) only once the removed outnumber the rest.
    @discardableResult
    mutating func remove(_ identity: ElementID) -> Bool {
        guard let slot = slot(of: identity) else { return false }
        let removed = slots[slot]
        var tombstone = removed
        tombstone.isHidden = true
        tombstone.frame = nil
        tombstone.labelFor = nil
        tombstone.field = nil
        tombstone.steps = []
        if hitIndex?.replace(removed, with: tombstone, at: slot) != true { hitIndex = nil }
        slots[slot] = tombstone
        index[removed.id] = nil
        lastUpdate[removed.id] = nil
        visible.remove(slot)
        focusable.remove(slot)
        owners[slot] = -1
        slotOfSerial[identity.serial] = -1
        removedCount += 1
        if removedCount > 64, removedCount > slots.count - removedCount { compact() }
        return true
    }

    /// Takes the tombstones out: every element moves to its place among the living, its
    /// identity with it. - Complexity: O(n).
    private mutating func compact() {
        var kept: [Element] = []
        var keptOwners: [Int] = []
        kept.reserveCapacity(slots.count - removedCount)
        keptOwners.reserveCapacity(slots.count - removedCount)
        visible = SlotSet()
        focusable = SlotSet()
        for slot in slots.indices where owners[slot] >= 0 {
            let element = slots[slot]
            slotOfSerial[owners[slot]] = kept.count
            index[element.id] = kept.count
            if !element.isHidden { visible.insert(kept.count) }
            Self.note(element, at: kept.count, in: &focusable)
            keptOwners.append(owners[slot])
            kept.append(element)
        }
        slots = kept
        owners = keptOwners
        removedCount = 0
        hitIndex = nil
    }

    /// The identity of the element with an id, if declared and not removed.
    func identity(of id: String) -> ElementID? { index[id].map { ElementID(serial: owners[$0]) } }

    /// The element of an identity on the screen; nil once it was removed.
    func element(_ identity: ElementID) -> Element? { slot(of: identity).map { slots[$0] } }

    /// The id of an identity's element ("" once removed), read in place.
    func id(of identity: ElementID) -> String { slot(of: identity).map { slots[$0].id } ?? "" }

    /// Reads a part of an identity's element in place (the element is not copied); nil once it
    /// was removed.
    func read<Result>(_ identity: ElementID, _ body: (Element) -> Result) -> Result? {
        guard let slot = slot(of: identity) else { return nil }
        return body(slots[slot])
    }

    /// Elements in reading order (removed ones left out).
    /// - Complexity: O(1) when nothing was removed since the last compaction; O(n) otherwise.
    var elements: [Element] {
        guard removedCount > 0 else { return slots }
        return slots.indices.compactMap { owners[$0] >= 0 ? slots[$0] : nil }
    }

    /// How many elements are on the screen.
    var count: Int { slots.count - removedCount }

    /// Whether no element is on the screen.
    var isEmpty: Bool { count == 0 }

    /// The place of an identity's element in reading order (0 for the first), for tests and
    /// debugging. - Complexity: O(1) when nothing was removed since the last compaction; O(n) otherwise.
    func readingPosition(of identity: ElementID) -> Int? {
        guard let slot = slot(of: identity) else { return nil }
        guard removedCount > 0 else { return slot }
        return owners[..<slot].reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
    }

    /// The position of each id in ``elements`` (shared, not copied, when nothing was removed).
    var positions: [String: Int] {
        guard removedCount > 0 else { return index }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(count)
        var position = 0
        for slot in slots.indices where owners[slot] >= 0 {
            positions[slots[slot].id] = position
            position += 1
        }
        return positions
    }

    /// The element with an id, if declared.
    func element(_ id: String) -> Element? { index[id].map { slots[$0] } }

    /// Whether an identity's element is a text field. - Complexity: O(1).
    func hasField(_ identity: ElementID) -> Bool { slot(of: identity).map { slots[$0].field != nil } ?? false }

    /// Reads the field of an identity's element in place; nil for an element without one or a
    /// removed element. Reading it through `elements[slot].field?.…` goes through the array's
    /// getter, which copies the whole element first; this goes through its in-place accessor.
    mutating func readField<Result>(_ identity: ElementID, _ read: (inout TextField) -> Result) -> Result? {
        guard let slot = slot(of: identity) else { return nil }
        return Self.unwrapping(&slots[slot].field, read)
    }

    /// Changes the field of an identity's element in place (its text is never copied) and keeps
    /// the element's traits in step with its state; nil for an element without a field or a
    /// removed element.
    mutating func changeField<Result>(_ identity: ElementID, _ change: (inout TextField) -> Result) -> Result? {
        guard let slot = slot(of: identity) else { return nil }
        // The traits are read in place too, as the change ends: `slots[slot].field?.traits`
        // copied the whole field in a debug build (and a tuple result looked up its metadata).
        var traits = Traits(rawValue: 0)
        guard let result = Self.unwrapping(&slots[slot].field, { field in
            let result = change(&field)
            traits = TextField.traits(field.kind, isEditing: field.isEditing, isDisabled: field.isDisabled)
            return result
        }) else { return nil }
        slots[slot].traits = traits
        Self.note(slots[slot], at: slot, in: &focusable)
        return result
    }

    /// Whether an element takes keyboard focus: a visible, enabled text field, button, link,
    /// toggle or adjustable element (or one marked `interactive`).
    static func takesKeyboardFocus(_ element: Element) -> Bool {
        guard !element.isHidden else { return false }
        if let field = element.field { return !field.isDisabled }
        return element.isActionable && !element.traits.contains(.notEnabled)
    }

    /// Enters or takes out a slot of `set` as its element takes keyboard focus or not.
    private static func note(_ element: Element, at slot: Int, in set: inout SlotSet) {
        if takesKeyboardFocus(element) { set.insert(slot) } else { set.remove(slot) }
    }

    /// Lends the field inside its optional in place (optional chaining on an `inout` value
    /// neither copies nor moves it), so its text stays uniquely held. Moving it out with
    /// `take()` and back copied the whole field's bytes twice per call (docs/performance-history.md).
    private static func unwrapping<Result>(_ field: inout TextField?, _ body: (inout TextField) -> Result) -> Result? {
        field?.lend(body)
    }

    /// Sets an element's value (an adjustable element moved a step), noting it as spoken at `time`.
    mutating func setValue(_ value: String, of identity: ElementID, spokenAt time: VirtualTime) {
        guard let slot = slot(of: identity) else { return }
        slots[slot].value = value
        lastUpdate[slots[slot].id] = time
    }

    /// Whether a changed value of an identity's element is spoken at `time`: an
    /// `updatesFrequently` element's at most once per interval. A value that is spoken is
    /// noted as spoken then.
    mutating func speaksUpdate(of identity: ElementID, at time: VirtualTime) -> Bool {
        guard let slot = slot(of: identity) else { return false }
        let element = slots[slot]
        if element.traits.contains(.updatesFrequently), let last = lastUpdate[element.id], time < last + Self.frequentUpdateInterval {
            return false
        }
        lastUpdate[element.id] = time
        return true
    }

    /// The element a finger at a point lands on: the smallest hit frame containing it.
    /// - Complexity: O(n) the first time after the screen changed (the hit index is built),
    ///   then O(frames near the point); see `ScreenHitIndex`.
    mutating func element(atX x: Double, y: Double) -> ElementID? {
        if hitIndex == nil { hitIndex = ScreenHitIndex(slots, growingFrom: outgrownBounds) }
        guard let slot = hitIndex?.element(atX: x, y: y), owners[slot] >= 0 else { return nil }
        return identity(inSlot: slot)
    }

    /// How many frames the kept hit index looks at for a touch at a point (built first if
    /// needed): tests check that frames moved outside the grid do not make every touch slow.
    mutating func hitFramesChecked(atX x: Double, y: Double) -> Int {
        if hitIndex == nil { hitIndex = ScreenHitIndex(slots, growingFrom: outgrownBounds) }
        return hitIndex?.framesChecked(atX: x, y: y).checked ?? 0
    }

    /// The next element in reading order that the screen reader can reach, after `identity`
    /// (`forward`) or before it; from the start or the end when `identity` is nil. Focus on a
    /// removed element has no place to step from: the search starts from the start or the end.
    /// - Complexity: O(1 + s / 4,096) for s hidden or removed elements passed (see `SlotSet`).
    func neighbour(of identity: ElementID?, forward: Bool) -> ElementID? {
        let from = identity.flatMap { slot(of: $0) }
        let found = forward ? visible.next(after: from ?? -1) : visible.previous(before: from ?? Int.max)
        return found.map { self.identity(inSlot: $0) }
    }

    /// The next (`forward`) or previous enabled, visible text field from an identity's element
    /// in reading order.
    /// - Complexity: O(k) in the visible elements passed up to the field found (the search
    ///   starts beside it, not at the start of the screen).
    func nearestField(from identity: ElementID, forward: Bool) -> ElementID? {
        guard let slot = slot(of: identity) else { return nil }
        return search(from: slot, forward: forward) { $0.field.map { !$0.isDisabled && !$0.isReadOnly } == true }
    }

    /// The next (`forward`) or previous element that takes keyboard focus, from an identity's
    /// element in reading order, wrapping at the ends; from the start or the end when
    /// `identity` is nil or removed. An enabled text field, button, link, toggle or adjustable
    /// element takes it; nothing hidden or dimmed does.
    /// - Complexity: O(1 + s / 4,096) for s slots passed (see `SlotSet`).
    func nextFocusable(from identity: ElementID?, forward: Bool) -> ElementID? {
        let start = identity.flatMap { slot(of: $0) } ?? (forward ? -1 : Int.max)
        let found = forward ? focusable.next(after: start) : focusable.previous(before: start)
        // Past the last element, round to the first (and back from the first to the last).
        let arrived = found ?? (forward ? focusable.next(after: -1) : focusable.previous(before: Int.max))
        return arrived.map { self.identity(inSlot: $0) }
    }

    /// The first visible element after or before a slot that `matches`.
    private func search(from slot: Int, forward: Bool, where matches: (Element) -> Bool) -> ElementID? {
        var slot = slot
        while let next = forward ? visible.next(after: slot) : visible.previous(before: slot) {
            if matches(slots[next]) { return identity(inSlot: next) }
            slot = next
        }
        return nil
    }

    /// The visible fields showing an error, in reading order.
    var invalidFields: [ElementID] {
        slots.indices.filter { owners[$0] >= 0 && !slots[$0].isHidden && slots[$0].field?.error != nil }.map { identity(inSlot: $0) }
    }

    /// An id close to `id`, as a script error suggests it: "; did you mean 'name'?", or "".
    func suggestion(for id: String) -> String {
        Suggestion.closest(to: id, among: slots.indices.lazy.filter { owners[$0] >= 0 }.map { slots[$0].id }).map { "; did you mean '\($0)'?" } ?? ""
    }
}

extension TextField {
    /// Lends this field to `body` in place; `field?.lend(body)` reaches a field inside its
    /// optional without copying it.
    fileprivate mutating func lend<Result>(_ body: (inout TextField) -> Result) -> Result { body(&self) }
}
