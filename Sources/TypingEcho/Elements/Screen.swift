/// The screen as the screen reader sees it: the elements in reading order, their ids, where
/// touches land, and when each changing value was last spoken.
///
/// A field is reached only through `readField(_:_:)` and `changeField(_:_:)`, which lend it
/// in place for the length of a closure: a copy of a field would make its next edit copy the
/// whole text, and a change keeps the element's traits in step with the field's state.
struct Screen: Sendable {
    /// How often an `updatesFrequently` element's changing value may be spoken at most.
    static let frequentUpdateInterval = VirtualDuration(milliseconds: 2000)

    /// Elements in reading order.
    private(set) var elements: [Element] = []
    /// The position of each id in `elements`.
    private var index: [String: Int] = [:]
    /// Where touches land, built on the first touch after a declaration changed the screen.
    private var hitIndex: ScreenHitIndex?
    /// When each element's changing value was last spoken.
    private var lastUpdate: [String: VirtualTime] = [:]
    /// The positions of the elements the screen reader can reach (not hidden), ascending:
    /// swipes step through it by binary search instead of walking past hidden elements.
    private var visible: [Int] = []
    /// The bounds of a hit index dropped because frames moved outside them: the next one
    /// grows past them (see `ScreenHitIndex.init(_:growingFrom:)`).
    private var outgrownBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?

    /// What a declaration did.
    enum Declared {
        /// A new element, at the end of the reading order.
        case added
        /// An element with the same id was replaced in place (a screen update): the old one.
        case replaced(Element)
    }

    /// Declares an element: a new id goes at the end of the reading order; a known id is
    /// replaced in place. - Returns: What happened, or nil for an element without an id.
    mutating func declare(_ element: Element) -> Declared? {
        guard !element.id.isEmpty else { return nil }
        let added = elements.count
        let existing = Self.position(of: element.id, in: &index, orAdding: added)
        if existing != added {
            // The hit index stays when nothing touches land on changed (a slider's new value).
            let old = elements[existing]
            if old.frame != element.frame || old.isHidden != element.isHidden || old.labelFor != element.labelFor,
               hitIndex?.replace(old, with: element, at: existing) != true {
                hitIndex = nil
            }
            dropOutgrownHitIndex()
            if old.isHidden != element.isHidden {
                let slot = Self.firstIndex(in: visible, atOrAfter: existing)
                if element.isHidden { visible.remove(at: slot) } else { visible.insert(existing, at: slot) }
            }
            elements[existing] = element
            return .replaced(old)
        }
        if hitIndex?.append(element, at: elements.count) == false { hitIndex = nil }
        dropOutgrownHitIndex()
        if !element.isHidden { visible.append(elements.count) }
        elements.append(element)
        return .added
    }

    /// The position of `id` in `index`, entered as `added` when it has none: the defaulted
    /// subscript's in-place access finds or makes the entry with one hash of the id, where a
    /// look-up and then an insertion hashed it twice.
    ///
    /// A full index grows to four times its size, not two: each growth hashes every id again
    /// (a seventh of declaring a million elements), and growing four times as far does that
    /// half as often, for at most twice the table's memory (about 48 MB more at 10^6 ids).
    private static func position(of id: String, in index: inout [String: Int], orAdding added: Int) -> Int {
        if index.count == index.capacity { index.reserveCapacity(max(16, 4 * index.capacity)) }
        func read(_ position: inout Int) -> Int { position }
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

    /// Removes the element at `position`; the elements after it move up one place.
    /// - Complexity: O(n) in the elements (their positions are renumbered; the hit index is
    ///   built again at the next touch).
    mutating func remove(at position: Int) {
        let removed = elements.remove(at: position)
        index[removed.id] = nil
        lastUpdate[removed.id] = nil
        for later in position..<elements.count { index[elements[later].id] = later }
        hitIndex = nil
        visible = visible.compactMap { $0 == position ? nil : $0 > position ? $0 - 1 : $0 }
    }

    /// The position of the element with an id, if declared.
    func position(of id: String) -> Int? { index[id] }

    /// The position of each id in ``elements`` (shared, not copied).
    var positions: [String: Int] { index }

    /// The element with an id, if declared.
    func element(_ id: String) -> Element? { index[id].map { elements[$0] } }

    /// Whether the element at a position is a text field. - Complexity: O(1).
    func hasField(at position: Int) -> Bool { elements[position].field != nil }

    /// Reads the field at `position` in place; nil for an element without one. Reading it
    /// through `elements[position].field?.…` goes through the array's getter, which copies
    /// the whole element first; this goes through its in-place accessor.
    mutating func readField<Result>(_ position: Int, _ read: (inout TextField) -> Result) -> Result? {
        Self.unwrapping(&elements[position].field, read)
    }

    /// Changes the field at `position` in place (its text is never copied) and keeps the
    /// element's traits in step with its state; nil for an element without a field.
    mutating func changeField<Result>(_ position: Int, _ change: (inout TextField) -> Result) -> Result? {
        // The traits are read in place too, as the change ends: `elements[position].field?.traits`
        // copied the whole field in a debug build (and a tuple result looked up its metadata).
        var traits = Traits(rawValue: 0)
        guard let result = Self.unwrapping(&elements[position].field, { field in
            let result = change(&field)
            traits = TextField.traits(field.kind, isEditing: field.isEditing, isDisabled: field.isDisabled)
            return result
        }) else { return nil }
        elements[position].traits = traits
        return result
    }

    /// Lends the field inside its optional in place (optional chaining on an `inout` value
    /// neither copies nor moves it), so its text stays uniquely held. Moving it out with
    /// `take()` and back copied the whole field's bytes twice per call (docs/performance-history.md).
    private static func unwrapping<Result>(_ field: inout TextField?, _ body: (inout TextField) -> Result) -> Result? {
        field?.lend(body)
    }

    /// Sets an element's value (an adjustable element moved a step), noting it as spoken at `time`.
    mutating func setValue(_ value: String, at position: Int, spokenAt time: VirtualTime) {
        elements[position].value = value
        lastUpdate[elements[position].id] = time
    }

    /// Whether a changed value of the element at `position` is spoken at `time`: an
    /// `updatesFrequently` element's at most once per interval. A value that is spoken is
    /// noted as spoken then.
    mutating func speaksUpdate(at position: Int, at time: VirtualTime) -> Bool {
        let element = elements[position]
        if element.traits.contains(.updatesFrequently), let last = lastUpdate[element.id], time < last + Self.frequentUpdateInterval {
            return false
        }
        lastUpdate[element.id] = time
        return true
    }

    /// The element a finger at a point lands on: the smallest hit frame containing it.
    /// - Complexity: O(n) the first time after the screen changed (the hit index is built),
    ///   then O(frames near the point); see `ScreenHitIndex`.
    mutating func element(atX x: Double, y: Double) -> Int? {
        if hitIndex == nil { hitIndex = ScreenHitIndex(elements, growingFrom: outgrownBounds) }
        return hitIndex?.element(atX: x, y: y)
    }

    /// How many frames the kept hit index looks at for a touch at a point (built first if
    /// needed): tests check that frames moved outside the grid do not make every touch slow.
    mutating func hitFramesChecked(atX x: Double, y: Double) -> Int {
        if hitIndex == nil { hitIndex = ScreenHitIndex(elements, growingFrom: outgrownBounds) }
        return hitIndex?.framesChecked(atX: x, y: y).checked ?? 0
    }

    /// The next element in reading order that the screen reader can reach, one `step` away.
    /// - Complexity: O(log n) for a step of ±1 (a binary search of the visible positions),
    ///   however many hidden elements lie between.
    func neighbour(of position: Int?, step: Int) -> Int? {
        if step == 1 || step == -1 {
            let from = position ?? (step > 0 ? -1 : elements.count)
            if step > 0 {
                let slot = Self.firstIndex(in: visible, atOrAfter: from + 1)
                return slot < visible.count ? visible[slot] : nil
            }
            let slot = Self.firstIndex(in: visible, atOrAfter: from) - 1
            return slot >= 0 ? visible[slot] : nil
        }
        var index = (position ?? (step > 0 ? -1 : elements.count)) + step
        while elements.indices.contains(index) {
            if !elements[index].isHidden { return index }
            index += step
        }
        return nil
    }

    /// The first index of `sorted` whose value is at least `value` (`sorted.count` if none).
    private static func firstIndex(in sorted: [Int], atOrAfter value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The next enabled, visible text field after `position` in reading order.
    /// - Complexity: O(k) in the visible elements after `position` up to the field found (the
    ///   search starts after `position`, not at the start of the screen).
    func nextField(after position: Int) -> Int? {
        let start = Self.firstIndex(in: visible, atOrAfter: position + 1)
        return visible[start...].first { elements[$0].field.map { !$0.isDisabled } == true }
    }

    /// The visible fields showing an error, in reading order.
    var invalidFields: [Int] {
        elements.indices.filter { !elements[$0].isHidden && elements[$0].field?.error != nil }
    }

    /// An id close to `id`, as a script error suggests it: "; did you mean 'name'?", or "".
    func suggestion(for id: String) -> String {
        elements.map(\.id).closest(to: id).map { "; did you mean '\($0)'?" } ?? ""
    }
}

extension TextField {
    /// Lends this field to `body` in place; `field?.lend(body)` reaches a field inside its
    /// optional without copying it.
    fileprivate mutating func lend<Result>(_ body: (inout TextField) -> Result) -> Result { body(&self) }
}
