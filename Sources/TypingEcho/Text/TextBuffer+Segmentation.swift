import CICU

/// Segmentation internals: word tests, character counting, and the incremental re-segmentation
/// that keeps character offsets right after an edit.
extension TextBuffer {
    // MARK: - Segmentation internals

    /// What the code units around a position say about a word ending there.
    enum WordEnding {
        /// This range is the word segment ending at the position, and the segment after it is
        /// not a word.
        case word(Range<Int>)
        /// No word ends there.
        case none
        /// Only the word iterator can tell.
        case unknown
    }

    /// Answers `word(endingAt:)` from ASCII code units alone, where few word rules (UAX #29)
    /// can apply: letters and digits join each other (WB5, WB8–WB10); `. , ; : '` join only
    /// between two of them (WB6, WB7, WB11, WB12) or after a Hebrew letter (WB7a); `_` joins
    /// them (WB13a/b); ICU counts `@` as a letter (for e-mail addresses); and the rest of
    /// ASCII that is not a letter, digit or symbol (spaces, controls,
    /// `! # % & ( ) * - / ? [ \ ] { }`: "separators" here) never joins anything but space to
    /// space (WB3d) and CR to LF (WB3). Anything else goes to the word iterator.
    func asciiWordEnding(at end: Int) -> WordEnding {
        let count = storage.utf16Count
        let typed = storage.unit(at: end)
        if Self.isSeparator(typed) {
            // The segment at `end` is `typed` alone (or CR LF): nothing after it can join it.
            if end + 1 < count {
                let next = storage.unit(at: end + 1)
                // U+00AD (soft hyphen) is Format, which WB4 attaches to what precedes it.
                if next >= 0x300 || next == 0xAD || (typed == 0x20 && next == 0x20) { return .unknown }
            }
        } else if !(Self.isMidPunctuation(typed) && end + 1 == count) {
            // `. , ; : '` at the end of the text cannot join the letters before it.
            return .unknown
        }
        let last = storage.unit(at: end - 1)
        if Self.isSeparator(last) { return .none }
        if Self.isMidPunctuation(last) {
            // Alone unless it follows a Hebrew letter (perhaps with marks or a soft hyphen).
            guard end == 1 || { let before = storage.unit(at: end - 2); return before < 0x300 && before != 0xAD }() else { return .unknown }
            return .none
        }
        guard Self.isASCIIAlphanumeric(last) else { return .unknown }
        var start = end - 1
        while start > 0 && Self.isASCIIAlphanumeric(storage.unit(at: start - 1)) { start -= 1 }
        if start > 0 && !Self.isSeparator(storage.unit(at: start - 1)) { return .unknown }
        return .word(start..<end)
    }

    static func isASCIIAlphanumeric(_ unit: UInt16) -> Bool {
        (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }

    /// `. , ; : '`: MidNumLet, MidNum, MidLetter and Single_Quote in ASCII.
    static func isMidPunctuation(_ unit: UInt16) -> Bool {
        unit == 0x2E || unit == 0x2C || unit == 0x3B || unit == 0x3A || unit == 0x27
    }

    /// ASCII that never joins a word and never makes a segment a word: controls, space and
    /// `! # % & ( ) * - / ? [ \ ] { }` (not `"`, `@`, `_`, the mid punctuation or symbols).
    static func isSeparator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x00...0x20, 0x7F, 0x21, 0x23, 0x25, 0x26, 0x28, 0x29, 0x2A, 0x2D, 0x2F, 0x3F, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D:
            return true
        default:
            return false
        }
    }

    /// Whether a word-iterator segment is a word rather than spaces or punctuation: whether a
    /// code point in it is a letter, number or symbol (`CharacterCategory.makesWord`, decided in
    /// one C call, `tecu_text_is_word`).
    func isWord(_ range: Range<Int>) -> Bool {
        tecu_text_is_word(storage.text, Int64(range.lowerBound), Int64(range.upperBound))
    }

    /// Counts characters in a range whose ends are character boundaries: code units below
    /// U+0300 one each (CR LF one), ICU's character iterator for the rest.
    /// - Complexity: O(range).
    ///
    /// It drives the character iterator, so it takes the `UniqueStorage` its caller got from
    /// `uniqueStorage()` (calling that again here would see the caller's reference and copy).
    func countCharacters(in range: Range<Int>, of storage: UniqueStorage) -> Int {
        Int(tecu_breaker_count_characters(storage.characterIterator(), storage.text,
                                          Int64(range.lowerBound), Int64(range.upperBound), nil))
    }

    /// `offset` if it is a character boundary, else the boundary before it. Two units below
    /// U+0300 that are not CR LF always have one between them, so ICU is asked only beside
    /// other text. Takes the caller's `UniqueStorage`, as `countCharacters(in:of:)`.
    func characterBoundary(atOrBefore offset: Int, in storage: UniqueStorage) -> Int {
        guard offset > 0, offset < storage.utf16Count else { return offset }
        let before = storage.unit(at: offset - 1), after = storage.unit(at: offset)
        if before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A) { return offset }
        let iterator = storage.characterIterator()
        if tecu_breaker_is_boundary(iterator, Int64(offset)) { return offset }
        return max(Int(tecu_breaker_preceding(iterator, Int64(offset))), 0)
    }

    /// How far past an edit the old and new segmentations are compared: a short window first
    /// (an edit almost always settles within the next character), then a long one after undoing
    /// the edit, then a recount of the whole text (only long runs of regional indicators get
    /// that far).
    static let resyncWindows = [8, 64]

    /// Insertions longer than this (in UTF-16 units from the anchor) have the boundaries inside
    /// them counted in one pass, all but the last half of this many units.
    static let countedInsertion = 256

    /// Replaces a range with UTF-16 units and keeps the character counts right by
    /// re-segmenting only around the edit.
    ///
    /// Boundaries before the edit cannot change (grapheme rules look at one character to the
    /// right). After the edit, the new segmentation is walked until one of its boundaries
    /// coincides with an old boundary past the edit; from there on ICU's forward rules give
    /// the same boundaries as before. Returns the new insertion point: the end of the inserted
    /// text, or the end of the character it joined when the edit merged characters (a ZWJ
    /// typed between two emoji, a deletion that pairs two regional indicators).
    ///
    /// An edit whose inserted units and both neighbours are below U+0300 (and that neither
    /// inserts CR or LF nor sits between CR and LF) asks ICU nothing: every such unit is a
    /// character of its own, and nothing on either side can join across it (see
    /// `tecu_text_simple_following`; `TextBufferTests` checks it against ICU).
    /// - Complexity: O(m + k + w): m inserted units, k gap movement, w the resync window;
    ///   O(m + k) on the path without ICU.
    mutating func replace(_ range: Range<TextPosition>, with units: UnsafeBufferPointer<UInt16>) -> TextPosition {
        let storage = uniqueStorage()
        let lower = range.lowerBound.utf16, upper = range.upperBound.utf16
        directionScan.textChanged(from: lower)
        if Self.joinsNothing(storage, lower..<upper, units) {
            clusterTail = nil
            storage.replace(lower..<upper, with: units)
            characterCount += units.count - (range.upperBound.character - range.lowerBound.character)
            lastBoundaries = units.isEmpty ? nil : (lower + units.count, lower + units.count - 1)
            return settle(TextPosition(character: range.lowerBound.character + units.count, utf16: lower + units.count))
        }
        if lower == upper, lower > 0, let caret = resumeCluster(at: range.lowerBound, inserting: units, in: storage) {
            return settle(caret)
        }
        clusterTail = nil
        let anchor = lower == 0 ? 0 : boundary(before: lower, in: storage)
        let anchorCharacter = lower == 0 ? 0 : range.lowerBound.character - 1
        lastBoundaries = nil
        // Old boundaries in (anchor, upper]: `lower` itself (anchor is the one before it) and
        // those of the characters replaced. The old scan starts at `upper`.
        let oldBeforeUpper = (lower > 0 ? 1 : 0) + (range.upperBound.character - range.lowerBound.character)
        let oldBase = upper > anchor ? oldBeforeUpper - 1 : 0
        let oldLength = storage.utf16Count
        let delta = units.count - (upper - lower)
        let insertedEnd = lower + units.count
        // The units replaced, to undo the edit if the short window is not enough; wiped after.
        var replaced = [UInt16](repeating: 0, count: upper - lower)
        replaced.withUnsafeMutableBufferPointer {
            if $0.count > 0 { tecu_text_extract(storage.text, Int64(lower), Int64(upper), $0.baseAddress!) }
        }
        defer { replaced.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        var old: [Int] = []
        var caret: TextPosition?

        for (attempt, window) in Self.resyncWindows.enumerated() {
            if attempt > 0 {
                // Undo the edit to see the old text again.
                replaced.withUnsafeBufferPointer { storage.replace(lower..<insertedEnd, with: $0) }
            }
            // Old boundaries from `upper` (after the anchor) up to the window past the edit;
            // `oldBase` more lie between the anchor and the first of them.
            // Seen from the anchor on: boundaries after it do not depend on the text before it.
            var iterator = storage.characterIterator(from: anchor)
            old.removeAll(keepingCapacity: true)
            if upper > anchor { old.append(upper) }
            var position = upper
            while position < upper + window {
                let next = Int(tecu_breaker_following(iterator, Int64(position)))
                if next < 0 { break }
                old.append(next)
                position = next
            }
            storage.replace(lower..<upper, with: units)
            iterator = storage.characterIterator(from: anchor)

            var newBoundaries = 0
            var oldIndex = 0
            // The caret goes to the first boundary at or after the end of the inserted text.
            caret = insertedEnd == anchor ? TextPosition(character: anchorCharacter, utf16: anchor) : nil
            var beforeCaret: Int?
            position = anchor
            // Boundaries before the end of the inserted text are only counted (the comparison
            // with the old ones starts at its end), so a long insertion is counted in one pass
            // (`tecu_breaker_count_characters`: ICU's answers, from code point properties where
            // the shim's rules are in use) up to a boundary some units before its end; the
            // loop below finds the last few, the caret and the resync as for a short edit.
            if insertedEnd - anchor > Self.countedInsertion {
                var reached: Int64 = 0
                let counted = Int(tecu_breaker_count_characters(iterator, storage.text, Int64(anchor),
                                                                Int64(insertedEnd - Self.countedInsertion / 2), &reached))
                if reached < insertedEnd {
                    position = Int(reached)
                    newBoundaries = counted
                }
            }
            while true {
                let next = Int(tecu_breaker_following(iterator, Int64(position)))
                if next < 0 {
                    // Reached the end: it matches the old end only if the old scan got there too.
                    guard old.last == oldLength || (oldLength == upper && old.isEmpty) else { break }
                    characterCount += newBoundaries - (oldBase + old.count)
                    if let caret, let beforeCaret { lastBoundaries = (caret.utf16, beforeCaret) }
                    return settle(caret ?? endPosition)
                }
                if caret == nil && next >= insertedEnd { beforeCaret = position }
                position = next
                newBoundaries += 1
                if caret == nil && position >= insertedEnd {
                    caret = TextPosition(character: anchorCharacter + newBoundaries, utf16: position)
                }
                guard position >= insertedEnd else { continue }
                while oldIndex < old.count && old[oldIndex] + delta < position { oldIndex += 1 }
                if oldIndex < old.count && old[oldIndex] + delta == position {
                    characterCount += newBoundaries - (oldBase + oldIndex + 1)
                    if let beforeCaret { lastBoundaries = (caret!.utf16, beforeCaret) }
                    return settle(caret!)
                }
                // Past every old boundary scanned (or the window): no resync within this window.
                if (oldIndex == old.count && !old.isEmpty) || position > insertedEnd + window { break }
            }
        }
        // The edit changed boundaries further than the long window: recount everything.
        characterCount = countCharacters(in: 0..<storage.utf16Count, of: storage)
        let caretUTF16 = caret?.utf16 ?? storage.utf16Count
        return settle(TextPosition(character: countCharacters(in: 0..<caretUTF16, of: storage), utf16: caretUTF16))
    }

    /// Inserts `units` at `position` (a boundary after the start) by resuming the property
    /// rules inside the character that ends there, from the state the previous edit left
    /// (`clusterTail`), or from one walk over that character when the previous edit left only
    /// its start (`lastBoundaries`) — then the state is kept for the next keystroke. So typing
    /// on into one growing cluster (joiners and emoji, combining marks, regional indicators)
    /// costs the units typed, not the cluster's length.
    ///
    /// Why the counts are ICU's: the state holds all the rules read of the cluster so far (the
    /// previous class, whether it is an emoji with a joiner after it, the regional indicators'
    /// parity, the conjunct's progress), so the resumed walk finds the boundaries a walk from
    /// the cluster's start finds. Boundaries before `position` cannot change; `position` itself
    /// goes when the first unit joins. After the inserted text the walk stops at the first
    /// boundary c at or after its end: if c is also a boundary of the old text after the edit
    /// (walked from there, where the old text had a boundary), both segmentations agree from c
    /// on; otherwise (an insertion that re-pairs regional indicators after it, say) the text is
    /// counted again. Returns nil, having changed nothing, when there is no state to resume
    /// from or the rules are not in use (ICU decides, as before).
    /// - Complexity: O(m + c + k): m inserted units, c the rest of the character they end in,
    ///   k gap movement; O(length of the character) once when only its start is known.
    mutating func resumeCluster(at position: TextPosition, inserting units: UnsafeBufferPointer<UInt16>,
                                in storage: UniqueStorage) -> TextPosition? {
        let lower = position.utf16
        var tail: ClusterTail
        if let clusterTail, clusterTail.offset == lower {
            tail = clusterTail
        } else if let lastBoundaries, lastBoundaries.boundary == lower, lastBoundaries.previous < lower {
            var state = tecu_cluster_state()
            guard tecu_grapheme_cluster_state(storage.text, Int64(lastBoundaries.previous), Int64(lower), &state) else { return nil }
            tail = ClusterTail(offset: lower, start: lastBoundaries.previous, state: state)
        } else {
            return nil
        }
        directionScan.textChanged(from: lower)
        storage.replace(lower..<lower, with: units)
        let insertedEnd = lower + units.count
        var reached: Int64 = 0
        var start = Int64(tail.start)
        // Boundaries in [lower, caret] of the new text.
        let walked = tecu_grapheme_resume(storage.text, Int64(lower), &tail.state, Int64(insertedEnd), &reached, &start)
        guard walked >= 0 else {
            // Cannot happen once the state was made (the rules were in use and knew every code
            // point of the cluster); ICU recounts rather than trust a guess.
            return recountAll(caretAtOrAfter: insertedEnd, in: storage)
        }
        let caret = Int(reached)
        // Boundaries in [lower, caret - inserted] of the old text: `lower`, and those the old
        // text after the edit (now from `insertedEnd` on) has up to the caret.
        var old = 1
        if caret > insertedEnd {
            var oldReached: Int64 = 0
            let passed = tecu_text_count_characters(storage.text, Int64(insertedEnd), Int64(caret), &oldReached)
            guard passed >= 0, Int(oldReached) == caret else { return recountAll(caretAtOrAfter: caret, in: storage) }
            old += Int(passed)
        }
        characterCount += Int(walked) - old
        let caretPosition = TextPosition(character: position.character - 1 + Int(walked), utf16: caret)
        lastBoundaries = Int(start) < caret ? (caret, Int(start)) : nil
        clusterTail = Int(start) < caret ? ClusterTail(offset: caret, start: Int(start), state: tail.state) : nil
        return caretPosition
    }

    /// Counts the whole text again and puts the caret at the first boundary at or after
    /// `offset`: the answer when an edit's effect reaches further than the rules resume.
    mutating func recountAll(caretAtOrAfter offset: Int, in storage: UniqueStorage) -> TextPosition {
        lastBoundaries = nil
        clusterTail = nil
        characterCount = countCharacters(in: 0..<storage.utf16Count, of: storage)
        let caret = offset >= storage.utf16Count ? storage.utf16Count : characterBoundary(atOrBefore: offset, in: storage) == offset
            ? offset : Int(tecu_breaker_following(storage.characterIterator(), Int64(offset)))
        return TextPosition(character: countCharacters(in: 0..<caret, of: storage), utf16: caret)
    }

    /// Whether replacing `range` with `units` leaves every boundary outside the edit as it was
    /// and makes each inserted unit a character: all inserted units and both neighbours are
    /// below U+0300, no inserted unit is CR or LF, the neighbour before is not CR and the one
    /// after is not LF. Below U+0300 the only grapheme rule that joins is CR × LF, and a unit
    /// there ends any run of regional indicators or emoji joiners that could reach past it.
    static func joinsNothing(_ storage: UniqueStorage, _ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in units where unit >= 0x300 || unit == 0x0D || unit == 0x0A { return false }
        if range.lowerBound > 0 {
            let before = storage.unit(at: range.lowerBound - 1)
            if before >= 0x300 || before == 0x0D { return false }
        }
        if range.upperBound < storage.utf16Count {
            let after = storage.unit(at: range.upperBound)
            if after >= 0x300 || after == 0x0A { return false }
        }
        return true
    }

    /// The character boundary before `offset` (a boundary): from the last edit when it left
    /// one there, else without ICU below U+0300, else from ICU. Callers have made the storage
    /// unique and pass it.
    func boundary(before offset: Int, in storage: UniqueStorage) -> Int {
        if let lastBoundaries, lastBoundaries.boundary == offset { return lastBoundaries.previous }
        return Int(tecu_breaker_preceding_character(storage.characterIterator(), storage.text, Int64(offset)))
    }

    mutating func settle(_ caret: TextPosition) -> TextPosition {
        insertionPoint = caret
        selection = nil
        return caret
    }
}
