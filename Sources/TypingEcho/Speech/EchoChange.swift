/// A change to the text, the insertion point, the selection or the keyboard that a screen
/// reader echoes: what the model did, with no words in it yet.
///
/// The engine's components make these as they change their state; `EchoComposer` turns each
/// into the `Feedback` a user hears. Every part of a change that comes from a field's text is
/// `Disclosed`, which only `Disclosure` makes: a secure field's change carries only what may be
/// told of a secret (counts, positions), never its text, and the composer cannot leak what it
/// is not given.
enum EchoChange: Sendable, Hashable {
    /// A character went into a field, with the words it ended (nothing in a secure field).
    /// `hardware` is whether it came from a hardware keyboard.
    case typed(Disclosed<TypedCharacter>, hardware: Bool)
    /// A dictated phrase (or a word of Braille Screen Input) went into a field; in a secure
    /// field (a braille word) it is echoed as one typed character.
    case dictated(Disclosed<String>)
    /// Text was deleted (nothing of it in a secure field); `selection` is whether it was the
    /// selected text; `facts` what a reader may say beyond the text.
    case deleted(text: Disclosed<String>, selection: Bool = false, facts: DeleteFacts = DeleteFacts())
    /// Something that is not a field's text was taken back (a held chord's dots, said as
    /// deleted); in a secure field the secure deletion echo.
    case takenBack(Disclosed<String>)
    /// Nothing could be deleted or moved over: the insertion point is at the start or end.
    case boundary
    /// A move by character or word could not go further: the insertion point is at the start
    /// or end. `atCaret` is the unit now at the insertion point (nil at the end or when the
    /// style does not ask for it; nothing in a secure field).
    case cannotMove(atCaret: Disclosed<String?>)
    /// The insertion point moved; `facts` tells what a reader may say beyond what it passed.
    case moved(CursorMove, MoveFacts = MoveFacts())
    /// A selection grew (`grew`) or shrank by `text` (nothing in a secure field) of `count`
    /// characters; `fromCaret` is whether nothing was selected before; `first` the number, from
    /// 1, of its first character (a position, never a character).
    case selectionChanged(grew: Bool, text: Disclosed<String>, count: Int, fromCaret: Bool = false, first: Int = 0)
    /// An edit action was chosen with the rotor, or performed.
    case editAction(EditActionChange)
    /// Something was refused, and why.
    case refused(Refusal)
    /// A key of the on-screen keyboard got screen-reader focus.
    case keyExplored(ExploredKey)
    /// Shift was entered: the state before and after.
    case shiftEntered(before: ShiftState, after: ShiftState)
    /// The rotor was turned to a unit.
    case rotorTurned(RotorUnit)
    /// The typing mode was switched with the rotor.
    case typingModeSwitched(TypingMode)
    /// A focused adjustable element was set to a value, or a focused element's value changed
    /// by itself (`byItself`: queued after what is being said).
    case valueChanged(String, byItself: Bool)
    /// Validation found this many fields with errors.
    case invalidFields(Int)
    /// A Braille Screen Input chord was held or added nothing yet: `text` is what it means on
    /// its own (empty: its dots are said); in a secure field nothing is given and `dots` is not
    /// read.
    case brailleCell(text: Disclosed<String>, dots: BrailleCell)
    /// The app posted an announcement (its own words, never a field's text).
    case announced(String)
    /// A live region's text changed (`live=`): said as an announcement, cutting what is being
    /// said when `assertive`, queued behind it when polite.
    case liveRegionChanged(String, assertive: Bool)
}

/// Where a move left the insertion point, for the readers that say more than what it passed.
/// Text is nil when the style does not ask for it (`EchoStyle.wantsMoveText`), so finding it
/// costs nothing for VoiceOver, and nothing in a secure field.
struct MoveFacts: Sendable, Hashable {
    /// Exactly the text between the old and the new insertion point.
    var crossed: Disclosed<String>?
    /// The unit (character or word) now at the insertion point; nil at the end of the text.
    var atCaret: Disclosed<String?>?
    /// The end of the text the move arrived at: `false` the start, `true` the end, nil neither.
    var arrivedAtEnd: Bool?
    /// The number, from 1, of the first character passed over (a secure field's
    /// "Character 3" tells a position, never a character).
    var passedNumber = 0
}

/// What a deletion left, for the readers that say more than what went.
struct DeleteFacts: Sendable, Hashable {
    /// Whether the character after the insertion point went (Delete, not Backspace).
    var forward = false
    /// The character now at the insertion point (nil at the end), when the style asks for it;
    /// nothing in a secure field.
    var atCaret: Disclosed<String?>?
    /// Whether the field holds no text any more (a count, never text).
    var emptied = false
    /// How many characters went (a count, never text).
    var count = 0
}

/// How the insertion point moved, and what it passed.
enum CursorMove: Sendable, Hashable {
    /// By one character over `text` (nothing in a secure field).
    case character(Disclosed<String>)
    /// By one word over `text`, passing `count` characters; in a secure field (no text) a
    /// word move goes to an end.
    case word(Disclosed<String>, count: Int)
    /// By one line, arriving on `line` (the line's text, maybe empty).
    case line(Disclosed<String>)
    /// To the start or the end of the text (`end`).
    case toEnd(end: Bool)
}

/// An edit action chosen or done.
enum EditActionChange: Sendable, Hashable {
    /// The rotor's edit action was set to this one, to be performed by a double tap.
    case chose(EditAction)
    /// Everything was selected: `text` (nothing in a secure field) of `count` characters.
    case selectedAll(text: Disclosed<String>, count: Int)
    /// The selection was copied: its text (copy is refused in a secure field).
    case copied(Disclosed<String>)
    /// The selection was cut: its text (cut is refused in a secure field).
    case cut(Disclosed<String>)
    /// The clipboard was pasted: `text` (nothing in a secure field) of `count` characters.
    case pasted(text: Disclosed<String>, count: Int)
}

/// What was refused.
enum Refusal: Sendable, Hashable {
    /// Select all, copy or cut with nothing to select.
    case nothingSelected
    /// Paste with an empty clipboard.
    case clipboardEmpty
    /// Copy or cut in a secure field.
    case secureCopy(EditAction)
    /// Dictation into a secure field.
    case secureDictation
    /// Dictation into a field declared `dictation=off`.
    case dictationOff
    /// Text that would take a field past its `max=N` characters.
    case textLimit(Int)
}

/// A key as it is heard when screen-reader focus reaches it.
enum ExploredKey: Sendable, Hashable {
    /// A key (or alternate) that types a character.
    case character(Character)
    /// Shift, said with its state.
    case shift(ShiftState)
    /// Return, said by the field's return key label.
    case returnKey(ReturnKeyType)
    /// Any other key, by its kind's name (`delete`, `space`, `numbers`).
    case named(String)
}
