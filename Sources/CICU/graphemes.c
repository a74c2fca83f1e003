// Grapheme cluster boundaries from character properties, without a break iterator.
//
// ICU's character iterator runs a rule-compiled state machine through a UText and keeps a
// boundary cache; asking it for one boundary after a jump costs a re-seek of both. Counting
// the characters a word move passed (Thai, Arabic, emoji, combining marks) spent most of its
// time there. ICU 72's character rules (UAX #29 for Unicode 15.0, GB3-GB13 and GB999, plus
// CLDR's conjunct rule for six Indic scripts) need only a few properties of each code point
// and, walking forward from a boundary, a little state: whether the cluster so far is an
// emoji (ExtPict Extend*) and a ZWJ followed it, how many regional indicators stand in a row,
// and how far a conjunct (consonant, marks, virama, marks) has got. Boundaries after a
// boundary do not depend on the text before it, which is how ICU itself iterates (its
// "^$Prepend* RI RI" rule starts at the boundary), so the answers are ICU's. The tests
// (GraphemeRulesTests) check them against ICU's iterator over every class of code point in
// every sequence of up to four, the emoji and joiner classes in every sequence of up to six,
// every code point of the BMP, the SMP and plane 14 in six contexts, and generated text of
// every script family.
//
// The properties come from ICU (u_getIntPropertyValue and friends): the same data ICU's
// iterator was built from. They are cached in 256-code-point blocks made on first use.
// ICU 74 (Unicode 15.1) replaced the conjunct rule with Indic_Conjunct_Break: for an ICU
// whose Unicode version is not 15.0 these functions answer -1 and the callers ask ICU.

#include "CICU.h"
#include "text_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

// One byte per code point: its class (below) in the low four bits and three flags.
enum {
    OTHER, CONTROL, CR, LF, EXTEND, ZWJ, REGIONAL, PREPEND, SPACING_MARK, HANGUL_L, HANGUL_V, HANGUL_T,
    HANGUL_LV, HANGUL_LVT,
    // A Grapheme_Cluster_Break value Unicode 11 retired (E_Base, E_Modifier, Glue_After_Zwj,
    // E_Base_GAZ): an ICU that still reports one is not one these rules describe.
    UNKNOWN = 0x0F,
    CLASS_MASK = 0x0F,
    // Extend with a non-zero canonical combining class, or ZWJ: what may stand between the
    // consonants and the virama of a conjunct (ICU's $ExtCccZwj).
    CONJUNCT_EXTEND = 0x10,
    // In Bengali, Devanagari, Gujarati, Malayalam, Oriya or Telugu, Indic_Syllabic_Category
    // Virama (ICU's $Virama) or Consonant (ICU's $LinkingConsonant).
    VIRAMA = 0x20,
    LINKING_CONSONANT = 0x40,
    PICTOGRAPHIC = 0x80,   // Extended_Pictographic
};

static uint8_t classify(UChar32 c) {
    static const uint8_t classes[U_GCB_COUNT] = {
        [U_GCB_OTHER] = OTHER, [U_GCB_CONTROL] = CONTROL, [U_GCB_CR] = CR, [U_GCB_EXTEND] = EXTEND,
        [U_GCB_L] = HANGUL_L, [U_GCB_LF] = LF, [U_GCB_LV] = HANGUL_LV, [U_GCB_LVT] = HANGUL_LVT,
        [U_GCB_T] = HANGUL_T, [U_GCB_V] = HANGUL_V, [U_GCB_SPACING_MARK] = SPACING_MARK,
        [U_GCB_PREPEND] = PREPEND, [U_GCB_REGIONAL_INDICATOR] = REGIONAL, [U_GCB_E_BASE] = UNKNOWN,
        [U_GCB_E_BASE_GAZ] = UNKNOWN, [U_GCB_E_MODIFIER] = UNKNOWN, [U_GCB_GLUE_AFTER_ZWJ] = UNKNOWN,
        [U_GCB_ZWJ] = ZWJ,
    };
    int32_t gcb = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    if (gcb < 0 || gcb >= U_GCB_COUNT) return UNKNOWN;
    uint8_t value = classes[gcb];
    if (value == UNKNOWN) return UNKNOWN;
    if ((value == EXTEND && u_getCombiningClass(c) != 0) || value == ZWJ) value |= CONJUNCT_EXTEND;
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) value |= PICTOGRAPHIC;
    int32_t category = u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY);
    if (category == U_INSC_VIRAMA || category == U_INSC_CONSONANT) {
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(c, &status);
        if (U_SUCCESS(status) && (script == USCRIPT_BENGALI || script == USCRIPT_DEVANAGARI || script == USCRIPT_GUJARATI
                                  || script == USCRIPT_MALAYALAM || script == USCRIPT_ORIYA || script == USCRIPT_TELUGU)) {
            value |= category == U_INSC_VIRAMA ? VIRAMA : LINKING_CONSONANT;
        }
    }
    return value;
}

enum { BLOCK_SHIFT = 8, BLOCK_SIZE = 1 << BLOCK_SHIFT, BLOCK_COUNT = (0x10FFFF >> BLOCK_SHIFT) + 1 };

// Filled on first use, never freed (at most 1.1 MB; a typical text touches a few blocks).
// A block is published whole with a release store, so a reader sees either NULL or all of it.
static _Atomic(const uint8_t *) blocks[BLOCK_COUNT];

static const uint8_t *make_block(uint32_t block_index) {
    uint8_t *block = malloc(BLOCK_SIZE);
    if (block == NULL) return NULL;
    for (uint32_t offset = 0; offset < BLOCK_SIZE; offset++) {
        block[offset] = classify((UChar32)((block_index << BLOCK_SHIFT) | offset));
    }
    const uint8_t *expected = NULL;
    if (!atomic_compare_exchange_strong_explicit(&blocks[block_index], &expected, block,
                                                 memory_order_acq_rel, memory_order_acquire)) {
        free(block);   // another thread made it first
        return expected;
    }
    return block;
}

static inline uint8_t properties(uint32_t c) {
    const uint8_t *block = atomic_load_explicit(&blocks[c >> BLOCK_SHIFT], memory_order_acquire);
    if (block == NULL) block = make_block(c >> BLOCK_SHIFT);
    return block == NULL ? UNKNOWN : block[c & (BLOCK_SIZE - 1)];
}

// 1: the rules apply to this ICU; 0: they do not; -1: not yet checked.
static _Atomic int rules_state = -1;

bool tecu_grapheme_rules_in_use(void) {
    int state = atomic_load_explicit(&rules_state, memory_order_relaxed);
    if (state < 0) {
        // ICU 72 and 73 (Unicode 15.0, CLDR 42 and 43): the rules the tests check. Older ICUs
        // lack some classes, newer ones replaced the conjunct rule (Indic_Conjunct_Break).
        UVersionInfo version;
        u_getUnicodeVersion(version);
        state = version[0] == 15 && version[1] == 0 ? 1 : 0;
        atomic_store_explicit(&rules_state, state, memory_order_relaxed);
    }
    return state == 1;
}

// The code point at `index` (< length) and the index after it; a lone surrogate is itself.
static inline uint32_t code_point_at(const tecu_text *text, int64_t index, int64_t length, int64_t *after) {
    uint16_t unit = text_unit(text, index);
    if (U16_IS_LEAD(unit) && index + 1 < length) {
        uint16_t trail = text_unit(text, index + 1);
        if (U16_IS_TRAIL(trail)) {
            *after = index + 2;
            return (uint32_t)U16_GET_SUPPLEMENTARY(unit, trail);
        }
    }
    *after = index + 1;
    return unit;
}

int64_t tecu_grapheme_next(const tecu_text *text, int64_t offset, int64_t length) {
    int64_t position;
    uint8_t first = properties(code_point_at(text, offset, length, &position));
    int previous = first & CLASS_MASK;
    if (previous == UNKNOWN) return -1;
    bool emoji = (first & PICTOGRAPHIC) != 0;   // the cluster so far ends in ExtPict Extend*
    bool emoji_joiner = false;                  // ... and a ZWJ (the previous code point)
    int regional = previous == REGIONAL ? 1 : 0;   // regional indicators in a row
    // Conjuncts: 0 none; 1 after a linking consonant (and $ExtCccZwj*); 2 after a virama too.
    int conjunct = (first & LINKING_CONSONANT) ? 1 : 0;
    while (position < length) {
        int64_t after;
        uint8_t next = properties(code_point_at(text, position, length, &after));
        int current = next & CLASS_MASK;
        if (current == UNKNOWN) return -1;
        bool joins;
        if (previous == CR) joins = current == LF;                                        // GB3, GB4
        else if (previous == CONTROL || previous == LF) joins = false;                    // GB4
        else if (current == CONTROL || current == CR || current == LF) joins = false;     // GB5
        else if (current == EXTEND || current == ZWJ || current == SPACING_MARK) joins = true;  // GB9, GB9a
        else if (previous == HANGUL_L) joins = current == HANGUL_L || current == HANGUL_V || current == HANGUL_LV
                                              || current == HANGUL_LVT;                    // GB6
        else if ((previous == HANGUL_LV || previous == HANGUL_V) && (current == HANGUL_V || current == HANGUL_T)) joins = true;  // GB7
        else if ((previous == HANGUL_LVT || previous == HANGUL_T) && current == HANGUL_T) joins = true;  // GB8
        else if (previous == PREPEND) joins = true;                                       // GB9b
        else if (conjunct == 2 && (next & LINKING_CONSONANT)) joins = true;              // CLDR's GB9c (ICU 72)
        else if (previous == ZWJ) joins = emoji_joiner && (next & PICTOGRAPHIC) != 0;    // GB11
        else if (previous == REGIONAL) joins = current == REGIONAL && regional % 2 == 1;  // GB12, GB13
        else joins = false;                                                               // GB999
        if (!joins) return position;
        if (current == EXTEND) {
            emoji_joiner = false;
        } else if (current == ZWJ) {
            emoji_joiner = emoji;
            emoji = false;
        } else {
            emoji = (next & PICTOGRAPHIC) != 0;
            emoji_joiner = false;
        }
        if (next & LINKING_CONSONANT) conjunct = 1;
        else if (conjunct > 0 && (next & VIRAMA)) conjunct = 2;
        else if (!(next & CONJUNCT_EXTEND)) conjunct = 0;
        regional = current == REGIONAL ? regional + 1 : 0;
        previous = current;
        position = after;
    }
    return length;
}

int64_t tecu_text_grapheme_following(const tecu_text *text, int64_t offset) {
    int64_t length = text_length(text);
    if (offset < 0 || offset >= length || !tecu_grapheme_rules_in_use()) return -1;
    return tecu_grapheme_next(text, offset, length);
}
