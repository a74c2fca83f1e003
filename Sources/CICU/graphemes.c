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

#include <pthread.h>
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

__attribute__((noinline)) static const uint8_t *make_block(uint32_t block_index) {
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

__attribute__((always_inline)) static inline uint8_t properties(uint32_t c) {
    const uint8_t *block = atomic_load_explicit(&blocks[c >> BLOCK_SHIFT], memory_order_acquire);
    if (block == NULL) block = make_block(c >> BLOCK_SHIFT);
    return block == NULL ? UNKNOWN : block[c & (BLOCK_SIZE - 1)];
}

// What the classes of two adjacent code points say about a boundary between them, before
// any state is consulted: BREAK, JOIN, or STATE when the emoji, regional-indicator or
// conjunct rules decide (GB11, GB12/GB13, CLDR's GB9c).
enum { BREAK = 0, JOIN = 1, STATE = 2 };

static uint8_t pair_rule(int previous, int current) {
    if (previous == CR) return current == LF ? JOIN : BREAK;                                   // GB3, GB4
    if (previous == CONTROL || previous == LF) return BREAK;                                   // GB4
    if (current == CONTROL || current == CR || current == LF) return BREAK;                    // GB5
    if (current == EXTEND || current == ZWJ || current == SPACING_MARK) return JOIN;           // GB9, GB9a
    if (previous == HANGUL_L && (current == HANGUL_L || current == HANGUL_V || current == HANGUL_LV
                                 || current == HANGUL_LVT)) return JOIN;                      // GB6
    if ((previous == HANGUL_LV || previous == HANGUL_V) && (current == HANGUL_V || current == HANGUL_T)) return JOIN;  // GB7
    if ((previous == HANGUL_LVT || previous == HANGUL_T) && current == HANGUL_T) return JOIN;  // GB8
    if (previous == PREPEND) return JOIN;                                                      // GB9b
    // GB9c joins a linking consonant after a virama and marks or joiners (classes Extend, ZWJ);
    // GB11 an emoji after a ZWJ; GB12/GB13 a regional indicator after an odd run of them.
    if (previous == EXTEND || previous == ZWJ || (previous == REGIONAL && current == REGIONAL)) return STATE;
    return BREAK;                                                                              // GB999
}

// pair_rule for every two classes, made once (with the version check) before any walk.
static uint8_t pair_rules[16][16];

static pthread_once_t rules_once = PTHREAD_ONCE_INIT;
static bool rules_apply;

static void check_rules(void) {
    // ICU 72 and 73 (Unicode 15.0, CLDR 42 and 43): the rules the tests check. Older ICUs lack
    // some of the classes, newer ones replaced the conjunct rule (Indic_Conjunct_Break).
    UVersionInfo version;
    u_getUnicodeVersion(version);
    rules_apply = version[0] == 15 && version[1] == 0;
    for (int previous = 0; previous < 16; previous++) {
        for (int current = 0; current < 16; current++) pair_rules[previous][current] = pair_rule(previous, current);
    }
}

// 0 before check_rules has run, then 1 (rules not in use) or 2 (in use); a word or character
// move reads it without pthread_once's call.
static _Atomic(int) rules_state;

bool tecu_grapheme_rules_in_use(void) {
    int known = atomic_load_explicit(&rules_state, memory_order_acquire);
    if (known != 0) return known == 2;
    pthread_once(&rules_once, check_rules);
    atomic_store_explicit(&rules_state, rules_apply ? 2 : 1, memory_order_release);
    return rules_apply;
}

// The walk's state inside a cluster: whether the cluster so far ends in ExtPict Extend*, and a
// ZWJ after that (the previous code point); how many regional indicators stand in a row; how
// far a conjunct has got (0 none, 1 a linking consonant and $ExtCccZwj*, 2 and a virama too).
typedef struct {
    int previous;
    bool emoji;
    bool emoji_joiner;
    int regional;
    int conjunct;
} walk_state;

static inline void start_cluster(walk_state *state, uint8_t properties) {
    state->previous = properties & CLASS_MASK;
    state->emoji = (properties & PICTOGRAPHIC) != 0;
    state->emoji_joiner = false;
    state->regional = state->previous == REGIONAL ? 1 : 0;
    state->conjunct = (properties & LINKING_CONSONANT) ? 1 : 0;
}

static inline void continue_cluster(walk_state *state, uint8_t properties) {
    int current = properties & CLASS_MASK;
    if (current == EXTEND) {
        state->emoji_joiner = false;
    } else if (current == ZWJ) {
        state->emoji_joiner = state->emoji;
        state->emoji = false;
    } else {
        state->emoji = (properties & PICTOGRAPHIC) != 0;
        state->emoji_joiner = false;
    }
    if (properties & LINKING_CONSONANT) state->conjunct = 1;
    else if (state->conjunct > 0 && (properties & VIRAMA)) state->conjunct = 2;
    else if (!(properties & CONJUNCT_EXTEND)) state->conjunct = 0;
    state->regional = current == REGIONAL ? state->regional + 1 : 0;
    state->previous = current;
}

// Whether the code point with `properties` joins the cluster the state describes.
static inline bool joins(const walk_state *state, uint8_t properties) {
    int current = properties & CLASS_MASK;
    switch (pair_rules[state->previous][current]) {
    case JOIN: return true;
    case BREAK: return false;
    default:
        if (state->conjunct == 2 && (properties & LINKING_CONSONANT)) return true;                 // GB9c
        if (state->previous == ZWJ) return state->emoji_joiner && (properties & PICTOGRAPHIC) != 0;  // GB11
        if (state->previous == REGIONAL) return state->regional % 2 == 1;                         // GB12, GB13
        return false;
    }
}

// The classes after which the fast path of scan_clusters applies.
enum { PLAIN_CLASSES = (1u << OTHER) | (1u << EXTEND) | (1u << SPACING_MARK) };

// Scans from `start` (a boundary, < length) to the first boundary at or after `end`
// (start < end <= length), which it stores in `reached`; returns the characters passed, or
// -1 when a code point's class is UNKNOWN. Callers have checked tecu_grapheme_rules_in_use().
static int64_t scan_clusters(const tecu_text *text, int64_t start, int64_t end, int64_t length, int64_t *reached) {
    const uint16_t *before = text->units;                                   // [0, gap_start)
    const uint16_t *after = text->units + (text->gap_end - text->gap_start);  // indexes >= gap_start
    int64_t gap_start = text->gap_start;
#define UNIT(index) ((index) < gap_start ? before[index] : after[index])
    int64_t count = 0;
    int64_t position = start;
    walk_state state;
    bool in_cluster = false;
    while (position < length) {
        if (in_cluster && ((1u << state.previous) & PLAIN_CLASSES) && !state.emoji && state.conjunct == 0) {
            // The fast path (runs of Thai, Arabic, Cyrillic, Greek, CJK letters and their marks):
            // the cluster so far is plain — its last code point is Other, Extend or SpacingMark,
            // it is no emoji and no conjunct has begun (and no regional indicator or ZWJ ends
            // it, those being other classes). Then a code point whose properties are exactly
            // Other starts a cluster (GB999: no rule joins it after those classes; GB9b needs a
            // Prepend, GB9c a linking consonant, GB11 a pictograph) and leaves it plain, and an
            // Extend or SpacingMark one joins it (GB9, GB9a) and leaves it plain; the
            // CONJUNCT_EXTEND flag matters only inside a conjunct. Anything else (surrogates,
            // flags, other classes, a block not yet made) goes to the full rules below.
            const uint16_t *chunk = position < gap_start ? before : after;
            int64_t chunk_end = position < gap_start ? gap_start : length;
            while (position < chunk_end) {
                uint32_t unit = chunk[position];
                if (U16_IS_SURROGATE(unit)) break;
                const uint8_t *block = atomic_load_explicit(&blocks[unit >> BLOCK_SHIFT], memory_order_acquire);
                if (block == NULL) break;
                uint8_t plain = block[unit & (BLOCK_SIZE - 1)] & (uint8_t)~CONJUNCT_EXTEND;
                if (plain == OTHER) {
                    count++;
                    if (position >= end) { *reached = position; return count; }
                    state.previous = OTHER;
                } else if (plain == EXTEND || plain == SPACING_MARK) {
                    state.previous = plain;
                } else {
                    break;
                }
                position++;
            }
            if (position >= length) break;
        }
        uint32_t c = UNIT(position);
        int64_t next = position + 1;
        if (U16_IS_LEAD(c) && next < length) {
            uint16_t trail = UNIT(next);
            if (U16_IS_TRAIL(trail)) { c = (uint32_t)U16_GET_SUPPLEMENTARY(c, trail); next++; }
        }
        uint8_t properties_here = properties(c);
        if ((properties_here & CLASS_MASK) == UNKNOWN) return -1;
        if (in_cluster && joins(&state, properties_here)) {
            continue_cluster(&state, properties_here);
        } else {
            // A boundary at `position`: the cluster before it is counted.
            if (in_cluster) {
                count++;
                if (position >= end) { *reached = position; return count; }
            }
            // Below U+0300 every class is Control, CR, LF or Other (no Extend, SpacingMark,
            // Prepend, ZWJ or regional indicator), so a unit there followed by another there is
            // a character on its own unless the two are CR LF: no rule joins them, whatever came
            // before (GraphemeRulesTests check every such pair after every class).
            bool ran = false;
            while (c < 0x300 && next < length) {
                uint32_t following = UNIT(next);
                if (following >= 0x300 || (c == 0x0D && following == 0x0A)) break;
                count++;
                position = next;
                if (position >= end) { *reached = position; return count; }
                c = following;
                next = position + 1;
                ran = true;
            }
            if (ran) {
                // The unit the run stopped at (below U+0300, so a whole code point).
                properties_here = properties(c);
                if ((properties_here & CLASS_MASK) == UNKNOWN) return -1;
            }
            start_cluster(&state, properties_here);
            in_cluster = true;
        }
        position = next;
    }
#undef UNIT
    if (in_cluster) count++;
    *reached = length;
    return count;
}

int64_t tecu_grapheme_next(const tecu_text *text, int64_t offset, int64_t length) {
    int64_t reached;
    return scan_clusters(text, offset, offset + 1, length, &reached) < 0 ? -1 : reached;
}

int64_t tecu_grapheme_count(const tecu_text *text, int64_t start, int64_t end, int64_t length, int64_t *reached) {
    return scan_clusters(text, start, end, length, reached);
}

int64_t tecu_text_grapheme_following(const tecu_text *text, int64_t offset) {
    int64_t length = text_length(text);
    if (offset < 0 || offset >= length || !tecu_grapheme_rules_in_use()) return -1;
    return tecu_grapheme_next(text, offset, length);
}

// The cluster walk resumed inside a cluster (a cluster growing at the insertion point). The
// walk's state summarises everything the rules need from the cluster so far — the previous
// code point's class, the emoji and joiner flags (GB11), the regional-indicator parity
// (GB12/GB13) and the conjunct's progress (GB9c) — so a walk resumed from it decides the next
// boundaries exactly as one from the cluster's start would, without re-reading the cluster.

static inline void to_public(const walk_state *state, tecu_cluster_state *out) {
    out->previous = state->previous;
    out->emoji = state->emoji;
    out->emoji_joiner = state->emoji_joiner;
    out->regional = state->regional;
    out->conjunct = state->conjunct;
}

static inline int64_t read_code_point(const tecu_text *text, int64_t position, int64_t length, uint32_t *c) {
    uint32_t unit = text_unit(text, position);
    int64_t next = position + 1;
    if (U16_IS_LEAD(unit) && next < length) {
        uint16_t trail = text_unit(text, next);
        if (U16_IS_TRAIL(trail)) { unit = (uint32_t)U16_GET_SUPPLEMENTARY(unit, trail); next++; }
    }
    *c = unit;
    return next;
}

bool tecu_grapheme_cluster_state(const tecu_text *text, int64_t start, int64_t offset, tecu_cluster_state *out) {
    int64_t length = text_length(text);
    if (start < 0 || offset <= start || offset > length || !tecu_grapheme_rules_in_use()) return false;
    walk_state state;
    int64_t position = start;
    bool first = true;
    while (position < offset) {
        uint32_t c;
        int64_t next = read_code_point(text, position, length, &c);
        uint8_t here = properties(c);
        if ((here & CLASS_MASK) == UNKNOWN) return false;
        if (first) {
            start_cluster(&state, here);
            first = false;
        } else if (joins(&state, here)) {
            continue_cluster(&state, here);
        } else {
            return false;   // `offset` is not inside the cluster that starts at `start`
        }
        position = next;
    }
    to_public(&state, out);
    return true;
}

int64_t tecu_grapheme_resume(const tecu_text *text, int64_t offset, tecu_cluster_state *cluster, int64_t end,
                             int64_t *reached, int64_t *cluster_start) {
    int64_t length = text_length(text);
    if (offset <= 0 || offset > length || end < offset || end > length || !tecu_grapheme_rules_in_use()) return -1;
    walk_state state = { cluster->previous, cluster->emoji, cluster->emoji_joiner, cluster->regional, cluster->conjunct };
    if (state.previous < 0 || state.previous >= UNKNOWN) return -1;
    int64_t count = 0;
    int64_t position = offset;
    int64_t start = *cluster_start;
    while (position < length) {
        uint32_t c;
        int64_t next = read_code_point(text, position, length, &c);
        uint8_t here = properties(c);
        if ((here & CLASS_MASK) == UNKNOWN) return -1;
        if (joins(&state, here)) {
            continue_cluster(&state, here);
        } else {
            // A boundary at `position`.
            count++;
            if (position >= end) {
                *reached = position;
                *cluster_start = start;
                to_public(&state, cluster);
                return count;
            }
            start = position;
            start_cluster(&state, here);
        }
        position = next;
    }
    count++;   // the end of the text
    *reached = length;
    *cluster_start = start;
    to_public(&state, cluster);
    return count;
}
