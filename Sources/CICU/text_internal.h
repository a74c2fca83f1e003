// The gap buffer's layout, shared by the files of the shim (text.c, graphemes.c); Swift never
// sees it (it is not under include/).

#ifndef TYPING_ECHO_CICU_TEXT_INTERNAL_H
#define TYPING_ECHO_CICU_TEXT_INTERNAL_H

#include "CICU.h"

struct tecu_text {
    uint16_t *units;   // [0, gap_start) text, [gap_start, gap_end) gap, [gap_end, capacity) text
    int64_t capacity;
    int64_t gap_start;
    int64_t gap_end;
};

static inline int64_t text_length(const tecu_text *text) {
    return text->capacity - (text->gap_end - text->gap_start);
}

/// The unit at `index`, which the caller has checked lies in [0, length).
static inline uint16_t text_unit(const tecu_text *text, int64_t index) {
    return text->units[index < text->gap_start ? index : index + (text->gap_end - text->gap_start)];
}

/// The grapheme-cluster boundary after `offset` (a boundary, < length) by the property rules
/// of graphemes.c; -1 when they cannot decide (see `tecu_text_grapheme_following`). Only
/// after tecu_grapheme_rules_in_use() has returned true.
int64_t tecu_grapheme_next(const tecu_text *text, int64_t offset, int64_t length);

/// Counts the characters from `start` (a boundary, < length) to the first boundary at or after
/// `end` (start < end <= length), stored in `reached`, by the property rules; -1 when they
/// cannot decide. Only after tecu_grapheme_rules_in_use() has returned true.
int64_t tecu_grapheme_count(const tecu_text *text, int64_t start, int64_t end, int64_t length, int64_t *reached);

#endif
