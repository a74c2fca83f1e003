/// What became of text offered to a field (typed, pasted or dictated).
public enum FieldInsertion: Sendable, Hashable {
    /// The text went in.
    case inserted(TextEdit)
    /// Nothing changed: the text was empty and nothing was selected.
    case unchanged
    /// The text would take the field past its `maxLength` characters; the field is unchanged.
    case refused(limit: Int)
}

extension TextField {
    /// Inserts text at the insertion point (replacing the selection) unless the field would
    /// then hold more than `maxLength` characters; text offered whole (a paste, a dictated
    /// phrase) is refused whole.
    ///
    /// Near the limit the insertion is tried on a copy, so that characters are counted as ICU
    /// segments them in place (a combining mark joins the character before it and adds none);
    /// a refused trial copy is wiped when it is released.
    /// - Complexity: O(m + k) as `TextBuffer.insert(_:)`; O(n) more near the limit.
    public mutating func insert(_ text: String) -> FieldInsertion {
        guard let limit = maxLength,
              buffer.characterCount - buffer.selectedCharacterCount + text.unicodeScalars.count > limit else {
            return buffer.insert(text).map(FieldInsertion.inserted) ?? .unchanged
        }
        var trial = buffer
        guard let edit = trial.insert(text) else { return .unchanged }
        // A field declared with a longer value may still take text that does not lengthen it.
        guard trial.characterCount <= limit || trial.characterCount <= buffer.characterCount else {
            return .refused(limit: limit)
        }
        buffer = trial
        return .inserted(edit)
    }
}
