// Where a word iterator may be cut: the window a word query reads (tecu_text_word_window_start,
// tecu_text_word_window_end). ICU's dictionary breakers (Thai, Lao, Khmer, Burmese, Chinese,
// Japanese) segment a whole run of their text at once, so a query in a long run costs the run;
// a window around the query costs the window.

#include "CICU.h"
#include "text_internal.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

// The code point that starts at `offset` (< length); a lone surrogate is itself.
static UChar32 scalar_at(const tecu_text *text, int64_t offset, int64_t length) {
    UChar32 unit = text_unit(text, offset);
    if (U16_IS_LEAD(unit) && offset + 1 < length) {
        UChar32 trail = text_unit(text, offset + 1);
        if (U16_IS_TRAIL(trail)) return U16_GET_SUPPLEMENTARY(unit, trail);
    }
    return unit;
}

// The code point that ends at `offset` (> 0).
static UChar32 scalar_before(const tecu_text *text, int64_t offset) {
    UChar32 unit = text_unit(text, offset - 1);
    if (U16_IS_TRAIL(unit) && offset >= 2) {
        UChar32 lead = text_unit(text, offset - 2);
        if (U16_IS_LEAD(lead)) return U16_GET_SUPPLEMENTARY(lead, unit);
    }
    return unit;
}

static inline int word_break(UChar32 c) { return u_getIntPropertyValue(c, UCHAR_WORD_BREAK); }

// See CICU.h. Word_Break Other (or a space or line break) that is no letter, number, symbol,
// Extended_Pictographic or dictionary text, nor `@` (a letter to ICU's rules, for e-mail
// addresses).
bool tecu_word_separates(uint32_t scalar) {
    UChar32 c = (UChar32)scalar;
    if (c == '@') return false;   // ICU's rules make it a letter (e-mail addresses)
    // Dictionary text (ICU's $dictionary: Line_Break Complex_Context, Han, Hiragana, Katakana).
    if (u_getIntPropertyValue(c, UCHAR_LINE_BREAK) == U_LB_COMPLEX_CONTEXT) return false;
    switch (u_getIntPropertyValue(c, UCHAR_SCRIPT)) {
    case USCRIPT_HAN: case USCRIPT_HIRAGANA: case USCRIPT_KATAKANA: return false;
    default: break;
    }
    switch (word_break(c)) {
    case U_WB_OTHER: case U_WB_WSEGSPACE: case U_WB_CR: case U_WB_LF: case U_WB_NEWLINE: break;
    default: return false;
    }
    switch (u_charType(c)) {
    case U_SPACE_SEPARATOR: case U_LINE_SEPARATOR: case U_PARAGRAPH_SEPARATOR: case U_CONTROL_CHAR:
    case U_DASH_PUNCTUATION: case U_START_PUNCTUATION: case U_END_PUNCTUATION: case U_OTHER_PUNCTUATION:
    case U_INITIAL_PUNCTUATION: case U_FINAL_PUNCTUATION:
        return !u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC);
    default:
        return false;
    }
}

// Whether `offset` (0 < offset < length) is a word boundary that the text on either side
// cannot move: a separator on one side of it that does not join the other. ICU's word rules
// restart at a boundary, and no rule reads across a separator, so the boundaries after it are
// those of the text from it on, and the boundaries before it those of the text up to it.
static bool exact_cut(const tecu_text *text, int64_t offset, int64_t length) {
    UChar32 after_unit = text_unit(text, offset), before_unit = text_unit(text, offset - 1);
    if (U16_IS_TRAIL(after_unit) && U16_IS_LEAD(before_unit)) return false;
    UChar32 after = scalar_at(text, offset, length), before = scalar_before(text, offset);
    if (before == 0x0D && after == 0x0A) return false;
    int after_break = word_break(after), before_break = word_break(before);
    if (after_break == U_WB_WSEGSPACE && before_break == U_WB_WSEGSPACE) return false;
    if (tecu_word_separates(after)) return true;
    if (!tecu_word_separates(before)) return false;
    // After CR, LF or another line break nothing joins (WB3a); after the rest Extend, Format
    // and ZWJ do (WB4).
    if (before_break == U_WB_CR || before_break == U_WB_LF || before_break == U_WB_NEWLINE) return true;
    return after_break != U_WB_EXTEND && after_break != U_WB_FORMAT && after_break != U_WB_ZWJ;
}

// Whether `offset` is a character boundary between two code points that make their own
// characters (Grapheme_Cluster_Break Other, after Other, Extend or SpacingMark): a place to
// cut a window inside a run with no separator. The word boundaries there may differ from
// those of the whole run; the caller keeps a margin from such a cut.
static bool character_cut(const tecu_text *text, int64_t offset, int64_t length) {
    UChar32 after_unit = text_unit(text, offset), before_unit = text_unit(text, offset - 1);
    if (U16_IS_TRAIL(after_unit) && U16_IS_LEAD(before_unit)) return false;
    if (u_getIntPropertyValue(scalar_at(text, offset, length), UCHAR_GRAPHEME_CLUSTER_BREAK) != U_GCB_OTHER) return false;
    switch (u_getIntPropertyValue(scalar_before(text, offset), UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_OTHER: case U_GCB_EXTEND: case U_GCB_SPACING_MARK: return true;
    default: return false;
    }
}

int64_t tecu_text_word_window_start(const tecu_text *text, int64_t offset, int64_t exact_distance, int64_t distance,
                                    bool *exact) {
    int64_t length = text_length(text);
    if (offset > length) offset = length;
    for (int64_t cut = offset - (exact_distance > 0 ? exact_distance : 0); cut > 0; cut--) {
        if (exact_cut(text, cut, length)) { *exact = true; return cut; }
        if (offset - cut >= distance && character_cut(text, cut, length)) { *exact = false; return cut; }
    }
    *exact = true;
    return 0;
}

int64_t tecu_text_word_window_end(const tecu_text *text, int64_t offset, int64_t exact_distance, int64_t distance,
                                  bool *exact) {
    int64_t length = text_length(text);
    if (offset < 0) offset = 0;
    for (int64_t cut = offset + (exact_distance > 0 ? exact_distance : 0); cut < length; cut++) {
        if (exact_cut(text, cut, length)) { *exact = true; return cut; }
        if (cut - offset >= distance && character_cut(text, cut, length)) { *exact = false; return cut; }
    }
    *exact = true;
    return length;
}
