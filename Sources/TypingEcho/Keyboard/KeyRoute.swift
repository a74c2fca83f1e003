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

/// Where each character of a layout is typed from, per layer, in the order a search of the
/// layer's keys would find it: its first key typing it (unshifted, or with shift on a layer
/// that has shift) and its first alternate. Made once per layout, so that finding a route is a
/// lookup rather than a walk over every key.
struct KeyRouteIndex: Sendable {
    /// Per character and layer, the first key that types it.
    private var onKeys: [Character: [KeyboardLayer: KeyRoute]] = [:]
    /// Per character and layer, the first alternate that types it.
    private var onAlternates: [Character: [KeyboardLayer: KeyRoute]] = [:]

    /// An empty index (a layout not yet made).
    init() {}

    /// The index of a layout. - Complexity: O(k) in the layout's keys and alternates.
    init(_ layout: KeyboardLayout) {
        for layer in KeyboardLayer.allCases {
            let hasShift = layout.key(.shift, on: layer) != nil
            for (index, key) in layout.keys(on: layer).enumerated() {
                guard case .character(let base) = key.kind else { continue }
                let id = KeyID(layer: layer, index: index)
                let shifted = layout.shifted(base)
                Self.add(base, KeyRoute(key: id, alternate: nil, shifted: false, caseSensitive: shifted != base), on: layer, to: &onKeys)
                if hasShift {
                    Self.add(shifted, KeyRoute(key: id, alternate: nil, shifted: true, caseSensitive: shifted != base), on: layer, to: &onKeys)
                }
                for (alternateIndex, alternate) in key.alternates.enumerated() {
                    let shiftedAlternate = layout.shifted(alternate)
                    let caseSensitive = shiftedAlternate != alternate
                    Self.add(alternate, KeyRoute(key: id, alternate: alternateIndex, shifted: false, caseSensitive: caseSensitive), on: layer, to: &onAlternates)
                    if hasShift {
                        Self.add(shiftedAlternate, KeyRoute(key: id, alternate: alternateIndex, shifted: true, caseSensitive: caseSensitive), on: layer, to: &onAlternates)
                    }
                }
            }
        }
    }

    /// Keeps the first route found for a character on a layer.
    private static func add(_ character: Character, _ route: KeyRoute, on layer: KeyboardLayer,
                            to table: inout [Character: [KeyboardLayer: KeyRoute]]) {
        if table[character]?[layer] == nil { table[character, default: [:]][layer] = route }
    }

    /// A key typing `character`, from `layer` first, then from the other layers in order; else
    /// an alternate, in the same order. - Complexity: O(1).
    func route(for character: Character, from layer: KeyboardLayer) -> KeyRoute? {
        Self.first(in: onKeys[character], from: layer) ?? Self.first(in: onAlternates[character], from: layer)
    }

    /// The route on `layer`, else on the first other layer that has one.
    private static func first(in routes: [KeyboardLayer: KeyRoute]?, from layer: KeyboardLayer) -> KeyRoute? {
        guard let routes else { return nil }
        if let route = routes[layer] { return route }
        for other in KeyboardLayer.allCases where other != layer {
            if let route = routes[other] { return route }
        }
        return nil
    }
}

extension KeyboardLayout {
    /// The best way to type a character starting from `layer`: a key of the current layer,
    /// then a key of another layer, then an alternate (current layer first). Nil when no
    /// gesture on this layout types it; a line break only in a text area (`inArea`).
    /// - Complexity: O(1): lookups in the layout's `KeyRouteIndex`.
    func route(for character: Character, from layer: KeyboardLayer, inArea: Bool) -> KeyRoute? {
        if character == " " || character == "\n" {
            guard character == " " || inArea else { return nil }
            let kind: KeyKind = character == " " ? .space : .return
            let order = [layer] + KeyboardLayer.allCases.filter { $0 != layer }
            return order.lazy.compactMap { self.key(kind, on: $0) }.first.map {
                KeyRoute(key: $0, alternate: nil, shifted: false, caseSensitive: false)
            }
        }
        return routeIndex.route(for: character, from: layer)
    }

    /// `route(for:from:inArea:)` by walking every key, as the index was made to answer: the
    /// reference the tests compare the index with. - Complexity: O(k) in the layout's keys.
    func routeByWalkingKeys(for character: Character, from layer: KeyboardLayer, inArea: Bool) -> KeyRoute? {
        let order = [layer] + KeyboardLayer.allCases.filter { $0 != layer }
        if character == " " || character == "\n" {
            return route(for: character, from: layer, inArea: inArea)
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
        layerPaths[start.ordinal * KeyboardLayer.count + goal.ordinal]
    }

    /// ``layerPath(from:to:)`` searched (breadth first over the layer keys), as a layout is made.
    func searchLayerPath(from start: KeyboardLayer, to goal: KeyboardLayer) -> [KeyID]? {
        // The paths by layer ordinal (three layers), not a dictionary: a debug build hashed the
        // enum through generic code at every step.
        var paths: [[KeyID]?] = [nil, nil, nil]
        paths[start.ordinal] = []
        var queue = [start]
        var head = 0
        while head < queue.count {
            let layer = queue[head]
            head += 1
            if layer == goal { return paths[layer.ordinal] }
            // By index, without an array of ids (the debug build's generic `map` made one per step).
            let keys = keys(on: layer)
            var index = 0
            while index < keys.count {
                if case .layer(let next) = keys[index].kind, paths[next.ordinal] == nil {
                    paths[next.ordinal] = paths[layer.ordinal]! + [KeyID(layer: layer, index: index)]
                    queue.append(next)
                }
                index += 1
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
