/// Finding the key under a finger: by point (nearest key, also between keys) or by name.
extension KeyboardLayout {
    /// The key nearest to a point on the keyboard, or nil when the point is off the keyboard.
    ///
    /// A point inside a key's frame is that key; a point in a gap between keys, or in the
    /// margin below the last row, goes to the key whose frame is nearest (ties: the first in
    /// reading order).
    /// - Complexity: O(k) in the layer's keys.
    public func key(atX x: Double, y: Double, on layer: KeyboardLayer) -> KeyID? {
        guard frame.contains(x: x, y: y) else { return nil }
        // The layer's keys are looked up once, not once per key (`self[id]` is a dictionary lookup).
        // Read in place through a buffer: `keys[index].frame` copied the whole key (its
        // strings retained and released) in a debug build.
        let best = keys(on: layer).withUnsafeBufferPointer { keys in
            var best: (index: Int, distance: Double)?
            var index = 0
            while index < keys.count {
                let distance = keys[index].frame.squaredDistance(toX: x, y: y)
                if best == nil || distance < best!.distance { best = (index, distance) }
                index += 1
            }
            return best
        }
        return best.map { KeyID(layer: layer, index: $0.index) }
    }

    /// The key with a name on a layer: a named key (`shift`, `space`) or a character key by its
    /// character, unshifted or shifted (`m` and `M` are the same key).
    public func key(named name: String, on layer: KeyboardLayer) -> KeyID? {
        guard let kind = KeyKind(token: name) else { return nil }
        let keys = keys(on: layer)
        for index in keys.indices {
            let key = keys[index]
            if key.kind == kind { return KeyID(layer: layer, index: index) }
            if case .character(let base) = key.kind, case .character(let wanted) = kind, shifted(base) == wanted {
                return KeyID(layer: layer, index: index)
            }
        }
        return nil
    }

    /// Where a key's alternates pop up: one frame per alternate in a row above the key,
    /// starting over it and kept on the screen.
    public func alternateFrames(of id: KeyID) -> [Frame] {
        let key = self[id]
        let step = key.frame.width + keyGap
        let count = Double(key.alternates.count)
        var x = key.frame.x
        if x + count * step > screen.width { x = Swift.max(0, screen.width - count * step) }
        let y = Swift.max(0, key.frame.y - rowPitch)
        return key.alternates.indices.map { Frame(x: x + Double($0) * step, y: y, width: key.frame.width, height: key.frame.height) }
    }

    /// The alternate nearest to a point while the alternates are shown, or nil when the finger
    /// is more than a row away from them.
    public func alternate(atX x: Double, y: Double, of id: KeyID) -> Int? {
        let frames = alternateFrames(of: id)
        let nearest = frames.indices.min { frames[$0].squaredDistance(toX: x, y: y) < frames[$1].squaredDistance(toX: x, y: y) }
        guard let nearest, frames[nearest].squaredDistance(toX: x, y: y) <= rowPitch * rowPitch else { return nil }
        return nearest
    }

    /// The alternate of a key with a character, unshifted or shifted.
    public func alternate(named name: String, of id: KeyID) -> Int? {
        guard case .character(let wanted)? = KeyKind(token: name) else { return nil }
        return self[id].alternates.firstIndex { $0 == wanted || shifted($0) == wanted }
    }

    /// Where a character that is not on `layer` can be found, for error messages: the layer
    /// that has it as a key, or the key that offers it as an alternate.
    func whereIs(_ name: String, from layer: KeyboardLayer) -> (layer: KeyboardLayer, alternateOf: KeyID?)? {
        let others = KeyboardLayer.allCases.filter { $0 != layer }
        if let other = others.first(where: { key(named: name, on: $0) != nil }) { return (other, nil) }
        for other in [layer] + others {
            if let holder = ids(on: other).first(where: { alternate(named: name, of: $0) != nil }) { return (other, holder) }
        }
        return nil
    }
}

extension Frame {
    /// The squared distance from a point to the nearest point of the frame (0 inside).
    func squaredDistance(toX px: Double, y py: Double) -> Double {
        // Comparisons written out: the variadic `max` made an array per call in a debug build.
        var dx = x - px, dy = y - py
        let right = px - (x + width), below = py - (y + height)
        if right > dx { dx = right }
        if dx < 0 { dx = 0 }
        if below > dy { dy = below }
        if dy < 0 { dy = 0 }
        return dx * dx + dy * dy
    }

    /// The frame's centre.
    var centre: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
}
