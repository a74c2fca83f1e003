/// Arrow keys in right-to-left text.
///
/// The insertion point always moves in logical order (the order the characters were typed and
/// are stored in): one grapheme cluster or one word earlier or later. What `left` and `right`
/// mean depends on the direction of the field's paragraph, as on iOS and macOS with a hardware
/// keyboard: in a left-to-right paragraph `left` moves back (towards the start of the text)
/// and `right` forward; in a right-to-left paragraph (Urdu, Arabic, Hebrew) the start of the
/// text is on the right, so `left` moves **forward** and `right` back. Rotor swipes (down =
/// next, up = previous), home and end are logical in every direction.
///
/// The paragraph's direction is that of its first strong character (Unicode's rule P2/P3),
/// or, in an empty field or one with no strong character, the direction of the field's
/// locale. A secure field always takes its locale's direction: which way an arrow goes must
/// not depend on what the secret is.
extension Engine {
    /// The logical direction a left (`left: true`) or right arrow moves in a field.
    /// - Complexity: O(k), k the code units before the field's first strong character.
    mutating func arrowDirection(left: Bool, in position: Int) -> TextDirection {
        let rightToLeft = screen.elements[position].field.map(Self.isRightToLeft) ?? false
        return left != rightToLeft ? .backward : .forward
    }

    /// Whether a field's paragraph runs right to left.
    static func isRightToLeft(_ field: TextField) -> Bool {
        let buffer = field.buffer
        if !field.isSecure, let strong = firstStrongDirection(buffer) { return strong }
        return ICU.isRightToLeft(locale: buffer.locale)
    }

    /// The direction of the text's first strong character (true for R and AL), or nil if it
    /// has none. Reads growing prefixes so a long text is not copied for a short answer.
    static func firstStrongDirection(_ buffer: TextBuffer) -> Bool? {
        let count = buffer.storage.utf16Count
        var length = Swift.min(count, 16)
        var checked = 0
        while length > checked {
            let prefix = buffer.storage.string(0..<length)
            var offset = 0
            for scalar in prefix.unicodeScalars {
                defer { offset += scalar.utf16.count }
                guard offset >= checked else { continue }
                if let direction = ICU.strongDirection(of: scalar) { return direction == .rightToLeft }
            }
            // A scalar cut at the end of the prefix is read again in the next, longer one.
            checked = Swift.max(checked, length == count ? length : length - 1)
            length = Swift.min(count, length * 4)
        }
        return nil
    }
}
