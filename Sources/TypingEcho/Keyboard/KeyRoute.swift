/// How a user reaches one character on a layout: which key, with or without shift, and which
/// of its alternates (touch-and-hold). `type "TEXT"` follows routes key by key.
struct KeyRoute: Sendable, Hashable {
    /// The key to enter, or to hold for an alternate.
    var key: KeyID
    /// The alternate to choose after holding the key, if any.
    var alternate: Int?
    /// Whether shift (or caps lock) must be on.
    var shifted: Bool
    /// Whether shift changes what the key types (false for digits and most symbols).
    var caseSensitive: Bool
}

extension KeyboardLayout {
    /// The best way to type a character starting from `layer`: a key of the current layer,
    /// then a key of another layer, then an alternate (current layer first). Nil when no
    /// gesture on this layout types it; a line break only in a text area (`inArea`).
    /// - Complexity: O(k) in the layout's keys and alternates.
    func route(for character: Character, from layer: KeyboardLayer, inArea: Bool) -> KeyRoute? {
        let order = [layer] + KeyboardLayer.allCases.filter { $0 != layer }
        if character == " " || character == "\n" {
            guard character == " " || inArea else { return nil }
            let kind: KeyKind = character == " " ? .space : .return
            return order.lazy.compactMap { self.key(kind, on: $0) }.first.map {
                KeyRoute(key: $0, alternate: nil, shifted: false, caseSensitive: false)
            }
        }
        let shiftable = Set(order.filter { key(.shift, on: $0) != nil })
        for candidate in order {
            let hasShift = shiftable.contains(candidate)
            for id in ids(on: candidate) {
                guard case .character(let base) = self[id].kind,
                      let shifted = matches(character, base, hasShift: hasShift) else { continue }
                return KeyRoute(key: id, alternate: nil, shifted: shifted, caseSensitive: self.shifted(base) != base)
            }
        }
        for candidate in order {
            let hasShift = shiftable.contains(candidate)
            for id in ids(on: candidate) {
                for (index, alternate) in self[id].alternates.enumerated() {
                    guard let shifted = matches(character, alternate, hasShift: hasShift) else { continue }
                    return KeyRoute(key: id, alternate: index, shifted: shifted, caseSensitive: self.shifted(alternate) != alternate)
                }
            }
        }
        return nil
    }

    /// Whether `base` types `character`: false when unshifted, true when with shift, nil if not
    /// at all (shift exists on layers that have a shift key: `hasShift`).
    private func matches(_ character: Character, _ base: Character, hasShift: Bool) -> Bool? {
        if base == character { return false }
        if hasShift, shifted(base) == character { return true }
        return nil
    }

    /// The layer keys to enter, in order, to get from one layer to another; nil if none lead
    /// there. Found breadth first, so the path is the shortest.
    func layerPath(from start: KeyboardLayer, to goal: KeyboardLayer) -> [KeyID]? {
        var paths: [KeyboardLayer: [KeyID]] = [start: []]
        var queue = [start]
        while !queue.isEmpty {
            let layer = queue.removeFirst()
            if layer == goal { return paths[layer] }
            for id in ids(on: layer) {
                guard case .layer(let next) = self[id].kind, paths[next] == nil else { continue }
                paths[next] = paths[layer]! + [id]
                queue.append(next)
            }
        }
        return nil
    }

    /// Every character some gesture on this layout types (space included, line break not),
    /// in layout order: each layer's keys, their shifted forms, then the alternates.
    public var typeableCharacters: [Character] {
        var seen: Set<Character> = [" "]
        var result: [Character] = [" "]
        func add(_ character: Character) { if seen.insert(character).inserted { result.append(character) } }
        for layer in KeyboardLayer.allCases {
            let hasShift = key(.shift, on: layer) != nil
            for key in keys(on: layer) {
                guard case .character(let base) = key.kind else { continue }
                add(base)
                if hasShift { add(shifted(base)) }
                for alternate in key.alternates {
                    add(alternate)
                    if hasShift { add(shifted(alternate)) }
                }
            }
        }
        return result
    }
}
