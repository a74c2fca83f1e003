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
    /// - Complexity: amortised O(1): the search for the first strong character resumes where
    ///   it stopped (`TextBuffer.firstStrongIsRightToLeft()`), so 20,000 arrows in 10^5 digits
    ///   read the digits once.
    mutating func arrowDirection(left: Bool, in position: FieldHandle) -> TextDirection {
        let rightToLeft = withField(position, { Self.isRightToLeft(&$0) }) ?? false
        return left != rightToLeft ? .backward : .forward
    }

    /// Whether a field's paragraph runs right to left.
    static func isRightToLeft(_ field: inout TextField) -> Bool {
        if !field.isSecure, let strong = field.buffer.firstStrongIsRightToLeft() { return strong }
        return ICU.isRightToLeft(locale: field.buffer.locale)
    }
}
