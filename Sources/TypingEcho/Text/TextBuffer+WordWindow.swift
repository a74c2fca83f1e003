import CICU

/// The window of text a word query reads: ICU's dictionary breakers (Thai, Lao, Khmer,
/// Burmese, Chinese, Japanese) segment the whole run of their text they are given, so a word
/// move or word echo in a long run reads a bounded window around the insertion point instead
/// of the whole run (docs/hostile-input.md).
struct WordWindow {
    /// The units the word iterator sees.
    var range: Range<Int>
    /// Whether the window starts at the start of the text or where a space, control or
    /// punctuation mark fixes the boundary: then the boundaries after it are the whole text's.
    var exactStart: Bool
    /// Whether it ends at the end of the text or at such a boundary.
    var exactEnd: Bool

    /// How far from a cut inside a run (an inexact end) a boundary must lie to be trusted: ICU's
    /// dictionaries settle within 20 units of where their text starts or stops on generated
    /// Thai and Japanese; this is three times that.
    static let margin = 64

    /// How many units a first query reads on each side: four margins.
    static let context = 256

    /// Whether `boundary`, found in the window, is too close to its start for the whole text
    /// to be sure to agree (at an exact start, only a boundary before it is).
    func tooCloseToStart(_ boundary: Int) -> Bool {
        boundary < range.lowerBound + (exactStart ? 0 : Self.margin)
    }

    /// Whether `boundary` is too close to the window's end.
    func tooCloseToEnd(_ boundary: Int) -> Bool {
        boundary > range.upperBound - (exactEnd ? 0 : Self.margin)
    }
}

extension TextBuffer {
    /// The window for a word query at `offset`: it starts at the nearest exact cut at least
    /// `back / 8` units before `offset` or the nearest cut inside a run at least `back` units
    /// before it, and ends likewise `ahead` units after it. A query whose answer lies too close
    /// to an inexact end asks again with twice the context on that side, so the work stays in
    /// proportion to the text the answer spans.
    /// - Complexity: O(units scanned): O(back + ahead) in dictionary text.
    func wordWindow(around offset: Int, back: Int, ahead: Int, in storage: UniqueStorage) -> WordWindow {
        var exactStart = false, exactEnd = false
        let start = Int(tecu_text_word_window_start(storage.text, Int64(offset), Int64(back / 8), Int64(back), &exactStart))
        let end = Int(tecu_text_word_window_end(storage.text, Int64(offset), Int64(ahead / 8), Int64(ahead), &exactEnd))
        return WordWindow(range: start..<end, exactStart: exactStart, exactEnd: exactEnd)
    }
}
