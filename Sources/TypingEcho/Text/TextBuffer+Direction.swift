/// The paragraph direction's search, kept with the text (`TextBuffer.directionScan`).
struct DirectionScan: Sendable, Hashable {
    /// Code units from the start known to hold no strong character.
    var clearUpTo = 0
    /// Where the first strong character ends, and whether it is R or AL, once found.
    var foundEnd: Int?
    /// Whether the first strong character is right to left (meaningful with `foundEnd`).
    var rightToLeft = false

    /// The text changed from `offset` on: what lies before it still holds.
    mutating func textChanged(from offset: Int) {
        if let end = foundEnd, offset >= end { return }
        foundEnd = nil
        clearUpTo = Swift.min(clearUpTo, offset)
    }
}

extension TextBuffer {
    /// Whether the paragraph's first strong character (Unicode's P2) is right to left (R or
    /// AL): true or false, nil when the text has none.
    ///
    /// The search resumes where the previous one stopped, reading code units in place (no
    /// copy of the text): an edit after the character found changes nothing, one before it
    /// searches again from the edit.
    /// - Complexity: O(k) in the code units not searched before; O(1) asked again.
    mutating func firstStrongIsRightToLeft() -> Bool? {
        if directionScan.foundEnd != nil { return directionScan.rightToLeft }
        let count = storage.utf16Count
        var offset = directionScan.clearUpTo
        while offset < count {
            let unit = storage.unit(at: offset)
            var value = UInt32(unit), length = 1
            if UTF16.isLeadSurrogate(unit), offset + 1 < count {
                let trail = storage.unit(at: offset + 1)
                if UTF16.isTrailSurrogate(trail) {
                    value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                    length = 2
                }
            }
            if let scalar = Unicode.Scalar(value), let direction = ICU.strongDirection(of: scalar) {
                directionScan = DirectionScan(clearUpTo: offset, foundEnd: offset + length, rightToLeft: direction == .rightToLeft)
                return directionScan.rightToLeft
            }
            offset += length
        }
        directionScan.clearUpTo = count
        return nil
    }
}
