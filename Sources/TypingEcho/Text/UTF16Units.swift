extension String {
    /// The text's UTF-16 code units in one pass over its UTF-8 (`Array(utf16)` walks it twice:
    /// once to count, with its index breadcrumbs, then to copy), for inserting long text.
    /// - Complexity: O(*n*) in the UTF-8 length.
    var utf16Units: [UInt16] {
        var text = self
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { utf8 in
            // A UTF-16 encoding never has more units than the UTF-8 encoding has bytes.
            [UInt16](unsafeUninitializedCapacity: utf8.count) { units, written in
                written = Self.transcode(utf8, into: units)
            }
        } ?? Array(utf16)
    }

    /// Decodes valid UTF-8 (a `String`'s own) into UTF-16; returns the units written.
    private static func transcode(_ utf8: UnsafeBufferPointer<UInt8>, into units: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var input = 0
        var output = 0
        let count = utf8.count
        while input < count {
            let lead = UInt32(utf8[input])
            if lead < 0x80 {
                units[output] = UInt16(lead)
                input += 1
                output += 1
            } else if lead < 0xE0 {
                units[output] = UInt16((lead & 0x1F) << 6 | UInt32(utf8[input + 1] & 0x3F))
                input += 2
                output += 1
            } else if lead < 0xF0 {
                units[output] = UInt16((lead & 0x0F) << 12 | UInt32(utf8[input + 1] & 0x3F) << 6 | UInt32(utf8[input + 2] & 0x3F))
                input += 3
                output += 1
            } else {
                let scalar = (lead & 0x07) << 18 | UInt32(utf8[input + 1] & 0x3F) << 12
                    | UInt32(utf8[input + 2] & 0x3F) << 6 | UInt32(utf8[input + 3] & 0x3F)
                let offset = scalar - 0x10000
                units[output] = UInt16(0xD800 + (offset >> 10))
                units[output + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                input += 4
                output += 2
            }
        }
        return output
    }
}
