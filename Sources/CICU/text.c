// The gap buffer behind every text field, and the UText provider that lets ICU's break
// iterators walk it without ever copying the text into one piece.

#include "CICU.h"
#include "text_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/utext.h>
#include <unicode/ubrk.h>


static void secure_zero(void *pointer, size_t count) {
    volatile uint8_t *bytes = (volatile uint8_t *)pointer;
    while (count--) *bytes++ = 0;
}

tecu_text *tecu_text_create(int32_t *status) {
    if (U_FAILURE(*status)) return NULL;
    tecu_text *text = calloc(1, sizeof(tecu_text));
    if (text == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    return text;
}

tecu_text *tecu_text_copy(const tecu_text *source, int32_t *status) {
    tecu_text *text = tecu_text_create(status);
    if (text == NULL) return NULL;
    if (source->capacity > 0) {
        text->units = malloc((size_t)source->capacity * sizeof(uint16_t));
        if (text->units == NULL) { free(text); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
        memcpy(text->units, source->units, (size_t)source->capacity * sizeof(uint16_t));
    }
    text->capacity = source->capacity;
    text->gap_start = source->gap_start;
    text->gap_end = source->gap_end;
    return text;
}

void tecu_text_wipe(tecu_text *text) {
    if (text->units != NULL) secure_zero(text->units, (size_t)text->capacity * sizeof(uint16_t));
    text->gap_start = 0;
    text->gap_end = text->capacity;
}

void tecu_text_destroy(tecu_text *text) {
    if (text == NULL) return;
    tecu_text_wipe(text);
    free(text->units);
    free(text);
}

int64_t tecu_text_length(const tecu_text *text) { return text_length(text); }

// Every function that takes offsets checks them against the text: a bad range reads nothing
// (and writes nothing) instead of reading outside the buffer.
static inline bool valid_range(const tecu_text *text, int64_t start, int64_t end) {
    return start >= 0 && start <= end && end <= text_length(text);
}

uint16_t tecu_text_unit(const tecu_text *text, int64_t index) {
    if (index < 0 || index >= text_length(text)) return 0;
    return index < text->gap_start ? text->units[index]
                                   : text->units[index + (text->gap_end - text->gap_start)];
}

void tecu_text_extract(const tecu_text *text, int64_t start, int64_t end, uint16_t *destination) {
    if (!valid_range(text, start, end)) return;
    if (start < text->gap_start) {
        int64_t before = (end < text->gap_start ? end : text->gap_start) - start;
        memcpy(destination, text->units + start, (size_t)before * sizeof(uint16_t));
        destination += before;
        start += before;
    }
    if (start < end) {
        int64_t gap = text->gap_end - text->gap_start;
        memcpy(destination, text->units + start + gap, (size_t)(end - start) * sizeof(uint16_t));
    }
}

int64_t tecu_text_utf8(const tecu_text *text, int64_t start, int64_t end, uint8_t *destination) {
    if (!valid_range(text, start, end)) return 0;
    uint8_t *out = destination;
    int64_t gap = text->gap_end - text->gap_start;
    for (int64_t index = start; index < end; index++) {
        uint32_t unit = text->units[index < text->gap_start ? index : index + gap];
        if (unit < 0x80) { *out++ = (uint8_t)unit; continue; }
        if (unit < 0x800) {
            *out++ = (uint8_t)(0xC0 | (unit >> 6));
            *out++ = (uint8_t)(0x80 | (unit & 0x3F));
            continue;
        }
        if (unit >= 0xD800 && unit <= 0xDBFF && index + 1 < end) {
            int64_t next = index + 1;
            uint32_t trail = text->units[next < text->gap_start ? next : next + gap];
            if (trail >= 0xDC00 && trail <= 0xDFFF) {
                uint32_t scalar = 0x10000 + ((unit - 0xD800) << 10) + (trail - 0xDC00);
                *out++ = (uint8_t)(0xF0 | (scalar >> 18));
                *out++ = (uint8_t)(0x80 | ((scalar >> 12) & 0x3F));
                *out++ = (uint8_t)(0x80 | ((scalar >> 6) & 0x3F));
                *out++ = (uint8_t)(0x80 | (scalar & 0x3F));
                index = next;
                continue;
            }
        }
        if (unit >= 0xD800 && unit <= 0xDFFF) unit = 0xFFFD;
        *out++ = (uint8_t)(0xE0 | (unit >> 12));
        *out++ = (uint8_t)(0x80 | ((unit >> 6) & 0x3F));
        *out++ = (uint8_t)(0x80 | (unit & 0x3F));
    }
    return out - destination;
}

// Moves the gap so that it starts at `position`, zeroing what the move leaves in the gap.
static void move_gap(tecu_text *text, int64_t position) {
    int64_t gap = text->gap_end - text->gap_start;
    if (position < text->gap_start) {
        int64_t count = text->gap_start - position;
        memmove(text->units + position + gap, text->units + position, (size_t)count * sizeof(uint16_t));
        secure_zero(text->units + position, (size_t)(count < gap ? count : gap) * sizeof(uint16_t));
    } else if (position > text->gap_start) {
        int64_t count = position - text->gap_start;
        memmove(text->units + text->gap_start, text->units + text->gap_end, (size_t)count * sizeof(uint16_t));
        int64_t cleared_from = text->gap_end + count - (count < gap ? count : gap);
        secure_zero(text->units + cleared_from, (size_t)(count < gap ? count : gap) * sizeof(uint16_t));
    }
    text->gap_start = position;
    text->gap_end = position + gap;
}

// Grows the storage so the gap holds at least `needed` units; the old block is wiped.
static bool grow(tecu_text *text, int64_t needed) {
    int64_t length = text_length(text);
    int64_t capacity = text->capacity < 64 ? 64 : text->capacity;
    while (capacity - length < needed) capacity *= 2;
    uint16_t *units = malloc((size_t)capacity * sizeof(uint16_t));
    if (units == NULL) return false;
    int64_t after = text->capacity - text->gap_end;
    if (text->units != NULL) {
        memcpy(units, text->units, (size_t)text->gap_start * sizeof(uint16_t));
        memcpy(units + capacity - after, text->units + text->gap_end, (size_t)after * sizeof(uint16_t));
        secure_zero(text->units, (size_t)text->capacity * sizeof(uint16_t));
        free(text->units);
    }
    memset(units + text->gap_start, 0, (size_t)(capacity - after - text->gap_start) * sizeof(uint16_t));
    text->units = units;
    text->gap_end = capacity - after;
    text->capacity = capacity;
    return true;
}

void tecu_text_replace(tecu_text *text, int64_t start, int64_t end,
                       const uint16_t *units, int64_t count, int32_t *status) {
    if (U_FAILURE(*status)) return;
    int64_t length = text_length(text);
    if (start < 0 || end < start || end > length || count < 0) {
        *status = U_INDEX_OUTOFBOUNDS_ERROR;
        return;
    }
    move_gap(text, start);
    // Delete: widen the gap over [start, end) and wipe what it swallowed.
    secure_zero(text->units + text->gap_end, (size_t)(end - start) * sizeof(uint16_t));
    text->gap_end += end - start;
    if (text->gap_end - text->gap_start < count && !grow(text, count)) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return;
    }
    if (count > 0) memcpy(text->units + text->gap_start, units, (size_t)count * sizeof(uint16_t));
    text->gap_start += count;
}

// MARK: - UText provider
//
// Native indexes are logical UTF-16 offsets. The text is seen as two chunks, the units before
// the gap and the units after it, so access is O(1) and nothing is copied.

// A breaker may see the text from an `origin` on (stored in ut->a): native index i is the
// text's offset origin + i. Re-segmenting after an edit starts at a boundary before it, and
// without the window ICU would first back up to a safe point — through a whole run of
// regional indicators, whose pairing depends on where the run starts — on every keystroke.

// A breaker may also see the text only up to a `limit` (ut->b; -1 for the end of the text):
// word segmentation of dictionary languages reads a bounded window (tecu_text_word_window_start).

static inline int64_t window_limit(const UText *ut) {
    int64_t length = text_length((const tecu_text *)ut->context);
    return ut->b >= 0 && ut->b < length ? ut->b : length;
}

static int64_t U_CALLCONV gap_native_length(UText *ut) {
    return window_limit(ut) - ut->a;
}

static UBool U_CALLCONV gap_access(UText *ut, int64_t index, UBool forward) {
    const tecu_text *text = (const tecu_text *)ut->context;
    int64_t origin = ut->a;
    int64_t length = window_limit(ut) - origin;
    // The window's two chunks: the units before the gap and those after it, from the origin.
    int64_t gap_start = text->gap_start > origin ? text->gap_start - origin : 0;
    if (gap_start > length) gap_start = length;
    const uint16_t *before = text->units == NULL ? NULL : text->units + (gap_start > 0 ? origin : 0);
    const uint16_t *after = text->units == NULL ? NULL
        : text->units + text->gap_end + (origin > text->gap_start ? origin - text->gap_start : 0);
    if (index < 0) index = 0;
    if (index > length) index = length;
    bool in_before = forward ? index < gap_start : index <= gap_start;
    if (in_before && !(forward == false && index == 0 && gap_start == 0)) {
        ut->chunkContents = before;
        ut->chunkNativeStart = 0;
        ut->chunkNativeLimit = gap_start;
    } else {
        ut->chunkContents = after;
        ut->chunkNativeStart = gap_start;
        ut->chunkNativeLimit = length;
    }
    if (index < ut->chunkNativeStart || index > ut->chunkNativeLimit) {
        // Only reachable for an empty first chunk going backward from 0.
        ut->chunkContents = before;
        ut->chunkNativeStart = 0;
        ut->chunkNativeLimit = gap_start;
    }
    ut->chunkLength = (int32_t)(ut->chunkNativeLimit - ut->chunkNativeStart);
    ut->nativeIndexingLimit = ut->chunkLength;
    ut->chunkOffset = (int32_t)(index - ut->chunkNativeStart);
    return forward ? index < length : index > 0;
}

static UText *U_CALLCONV gap_clone(UText *dest, const UText *src, UBool deep, UErrorCode *status) {
    (void)deep;
    if (U_FAILURE(*status)) return dest;
    UText *result = utext_setup(dest, 0, status);
    if (U_FAILURE(*status)) return result;
    result->providerProperties = src->providerProperties;
    result->context = src->context;
    result->pFuncs = src->pFuncs;
    result->chunkContents = src->chunkContents;
    result->chunkLength = src->chunkLength;
    result->chunkNativeStart = src->chunkNativeStart;
    result->chunkNativeLimit = src->chunkNativeLimit;
    result->chunkOffset = src->chunkOffset;
    result->nativeIndexingLimit = src->nativeIndexingLimit;
    result->a = src->a;
    result->b = src->b;
    return result;
}

static int32_t U_CALLCONV gap_extract(UText *ut, int64_t start, int64_t limit, UChar *dest,
                                      int32_t capacity, UErrorCode *status) {
    if (U_FAILURE(*status)) return 0;
    const tecu_text *text = (const tecu_text *)ut->context;
    int64_t length = window_limit(ut) - ut->a;
    if (start > length) start = length;
    if (limit > length) limit = length;
    if (start < 0 || limit < start || capacity < 0 || (dest == NULL && capacity > 0)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int32_t needed = (int32_t)(limit - start);
    if (needed <= capacity) {
        tecu_text_extract(text, start + ut->a, limit + ut->a, (uint16_t *)dest);
        if (needed < capacity) dest[needed] = 0;
        else *status = U_STRING_NOT_TERMINATED_WARNING;
    } else {
        *status = U_BUFFER_OVERFLOW_ERROR;
    }
    gap_access(ut, limit, true);
    return needed;
}

static const UTextFuncs gap_funcs = {
    sizeof(UTextFuncs), 0, 0, 0,
    gap_clone, gap_native_length, gap_access, gap_extract,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

// MARK: - Break iterators

struct tecu_breaker {
    UBreakIterator *iterator;
    UText *text;
    tecu_text *attached;   // the gap buffer it walks, or NULL for contiguous units
    int64_t origin;        // the offset in `attached` of the iterator's index 0 (see gap_access)
    int64_t limit;         // the end of the window it sees, or -1 for the end of the text
};

// Break iterators opened before, one per kind and locale, never given text: a new breaker of
// the same kind and locale is a clone of one (`ubrk_clone` shares the compiled rules), where
// `ubrk_open` loads and sets up the rules again (a field's text opens its own iterators, and a
// property test makes fields by the thousand). At most `TEMPLATE_LIMIT` are kept, for the
// process; a locale name too long for the table is opened every time.
#define TEMPLATE_LIMIT 32
#if U_ICU_VERSION_MAJOR_NUM >= 69
#define clone_iterator(iterator, status) ubrk_clone((iterator), (status))
#else
// Before ICU 69 the same clone is ubrk_safeClone with no buffer of the caller's.
#define clone_iterator(iterator, status) ubrk_safeClone((iterator), NULL, NULL, (status))
#endif
typedef struct {
    int kind;
    char locale[64];
    UBreakIterator *iterator;
} breaker_template;
static breaker_template templates[TEMPLATE_LIMIT];
static int template_count = 0;
static pthread_mutex_t templates_lock = PTHREAD_MUTEX_INITIALIZER;

// The template of a kind and locale, or NULL; call under `templates_lock`.
static UBreakIterator *find_template(int kind, const char *locale) {
    for (int index = 0; index < template_count; index++) {
        if (templates[index].kind == kind && strcmp(templates[index].locale, locale) == 0) return templates[index].iterator;
    }
    return NULL;
}

static UBreakIterator *open_iterator(int kind, const char *locale, UErrorCode *status) {
    static const UBreakIteratorType types[] = { UBRK_CHARACTER, UBRK_WORD, UBRK_LINE, UBRK_SENTENCE };
    int keeps = strlen(locale) < sizeof(templates[0].locale);
    if (keeps) {
        // Cloned under the lock: the template is only ever read, one clone at a time.
        pthread_mutex_lock(&templates_lock);
        UBreakIterator *template = find_template(kind, locale);
        UBreakIterator *clone = template != NULL ? clone_iterator(template, status) : NULL;
        pthread_mutex_unlock(&templates_lock);
        if (template != NULL) return clone;
    }
    UBreakIterator *opened = ubrk_open(types[kind], locale, NULL, 0, status);
    if (U_FAILURE(*status) || !keeps) return opened;
    pthread_mutex_lock(&templates_lock);
    if (template_count < TEMPLATE_LIMIT && find_template(kind, locale) == NULL) {
        UErrorCode cloned = U_ZERO_ERROR;
        UBreakIterator *template = clone_iterator(opened, &cloned);
        if (U_SUCCESS(cloned)) {
            templates[template_count].kind = kind;
            strcpy(templates[template_count].locale, locale);
            templates[template_count].iterator = template;
            template_count++;
        } else if (template != NULL) {
            ubrk_close(template);
        }
    }
    pthread_mutex_unlock(&templates_lock);
    return opened;
}

tecu_breaker *tecu_breaker_open(tecu_break_kind kind, const char *locale, int32_t *status) {
    if (U_FAILURE(*status)) return NULL;
    if ((int)kind < 0 || (int)kind > 3) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    tecu_breaker *breaker = calloc(1, sizeof(tecu_breaker));
    if (breaker == NULL) { *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    breaker->iterator = open_iterator((int)kind, locale, (UErrorCode *)status);
    breaker->text = utext_setup(NULL, 0, (UErrorCode *)status);
    if (U_FAILURE(*status)) { tecu_breaker_close(breaker); return NULL; }
    breaker->text->pFuncs = &gap_funcs;
    breaker->text->providerProperties = 0;
    return breaker;
}

void tecu_breaker_close(tecu_breaker *breaker) {
    if (breaker == NULL) return;
    if (breaker->iterator != NULL) ubrk_close(breaker->iterator);
    if (breaker->text != NULL) utext_close(breaker->text);
    free(breaker);
}

void tecu_breaker_attach_text_window(tecu_breaker *breaker, tecu_text *text, int64_t origin, int64_t limit,
                                     int32_t *status) {
    if (U_FAILURE(*status)) return;
    int64_t end = limit < 0 ? text_length(text) : limit;
    if (origin < 0 || end < origin || end > text_length(text) || end - origin > INT32_MAX) {
        *status = U_INDEX_OUTOFBOUNDS_ERROR;
        return;
    }
    UText *ut = breaker->text;
    ut->context = text;
    ut->a = origin;
    ut->b = limit < 0 ? -1 : limit;
    breaker->limit = ut->b;
    ut->chunkContents = text->units;
    ut->chunkNativeStart = 0;
    ut->chunkNativeLimit = 0;
    ut->chunkLength = 0;
    ut->chunkOffset = 0;
    ut->nativeIndexingLimit = 0;
    breaker->attached = text;
    breaker->origin = origin;
    ubrk_setUText(breaker->iterator, ut, (UErrorCode *)status);
}

void tecu_breaker_attach_text_from(tecu_breaker *breaker, tecu_text *text, int64_t origin, int32_t *status) {
    tecu_breaker_attach_text_window(breaker, text, origin, -1, status);
}

void tecu_breaker_attach_text(tecu_breaker *breaker, tecu_text *text, int32_t *status) {
    tecu_breaker_attach_text_from(breaker, text, 0, status);
}

void tecu_breaker_attach_units(tecu_breaker *breaker, const uint16_t *units, int64_t count,
                               int32_t *status) {
    if (U_FAILURE(*status)) return;
    if (count < 0 || count > INT32_MAX) { *status = U_INDEX_OUTOFBOUNDS_ERROR; return; }
    breaker->attached = NULL;
    breaker->origin = 0;
    breaker->limit = -1;
    ubrk_setText(breaker->iterator, units, (int32_t)count, (UErrorCode *)status);
}

// An offset in the iterator's own coordinates, after re-attaching the whole text when it lies
// before the window (the window is only an optimisation) or when it does not fit ICU's int32.
static int32_t local_offset(tecu_breaker *breaker, int64_t offset) {
    if (breaker->attached != NULL && (offset < breaker->origin || (breaker->limit >= 0 && offset > breaker->limit))) {
        int32_t status = 0;
        tecu_breaker_attach_text(breaker, breaker->attached, &status);
    }
    int64_t local = offset - breaker->origin;
    if (local < 0) local = 0;
    if (local > INT32_MAX) local = INT32_MAX;
    return (int32_t)local;
}

static int64_t global_offset(const tecu_breaker *breaker, int32_t result) {
    return result == UBRK_DONE ? -1 : (int64_t)result + breaker->origin;
}

int64_t tecu_breaker_following(tecu_breaker *breaker, int64_t offset) {
    // Walking forward from where the iterator stands (moving by character, counting) is a
    // plain ubrk_next, which skips following()'s re-seek of the text and its boundary cache.
    int32_t local = local_offset(breaker, offset);
    int32_t result = ubrk_current(breaker->iterator) == local ? ubrk_next(breaker->iterator)
                                                              : ubrk_following(breaker->iterator, local);
    return global_offset(breaker, result);
}

// ICU 72's ubrk_previous (and ubrk_preceding) at the start returns UBRK_DONE and leaves the
// iterator's "done" flag set; a ubrk_next after it then moves but still answers UBRK_DONE (its
// cached path never clears the flag). So a word move forward from the start after a backward
// one that reached it went nowhere. Seeking to the start clears the flag (WordMoveTests).
static int32_t previous_or_done(UBreakIterator *iterator, int32_t result) {
    if (result == UBRK_DONE) ubrk_first(iterator);
    return result;
}

int64_t tecu_breaker_preceding(tecu_breaker *breaker, int64_t offset) {
    // Likewise backward: a plain ubrk_previous when the iterator stands at the offset.
    int32_t local = local_offset(breaker, offset);
    int32_t result = ubrk_current(breaker->iterator) == local ? ubrk_previous(breaker->iterator)
                                                              : ubrk_preceding(breaker->iterator, local);
    return global_offset(breaker, previous_or_done(breaker->iterator, result));
}

int64_t tecu_breaker_current(const tecu_breaker *breaker) {
    return global_offset(breaker, ubrk_current(breaker->iterator));
}

int64_t tecu_breaker_next(tecu_breaker *breaker) {
    return global_offset(breaker, ubrk_next(breaker->iterator));
}

bool tecu_breaker_is_boundary(tecu_breaker *breaker, int64_t offset) {
    return ubrk_isBoundary(breaker->iterator, local_offset(breaker, offset));
}

int32_t tecu_breaker_rule_status(const tecu_breaker *breaker) {
    return ubrk_getRuleStatus(breaker->iterator);
}

// MARK: - Word segments
//
// A word move passes segments of the word iterator until one holds a letter, number or symbol.
// Deciding that here, over the gap buffer, costs one C call per move instead of a call per
// segment and per code unit from Swift. ASCII code points take their answer from a table made
// from u_charType itself on first use (so it is ICU's answer, not a copy of it).

static _Atomic(bool) ascii_words_ready;
static bool ascii_words[128];

static bool category_makes_word(int8_t category) {
    // Letters (Lu Ll Lt Lm Lo), numbers (Nd Nl No), symbols (Sm Sc Sk So): CharacterCategory.makesWord.
    return (category >= U_UPPERCASE_LETTER && category <= U_OTHER_LETTER)
        || (category >= U_DECIMAL_DIGIT_NUMBER && category <= U_OTHER_NUMBER)
        || (category >= U_MATH_SYMBOL && category <= U_OTHER_SYMBOL);
}

static pthread_once_t ascii_words_once = PTHREAD_ONCE_INIT;

static void fill_ascii_words(void) {
    for (UChar32 c = 0; c < 128; c++) ascii_words[c] = category_makes_word(u_charType(c));
    atomic_store_explicit(&ascii_words_ready, true, memory_order_release);
}

// The table is filled once, under pthread_once; after that the flag alone is read.
__attribute__((noinline)) static void make_ascii_words(void) { pthread_once(&ascii_words_once, fill_ascii_words); }

// Whether [start, end) (a valid range) holds a letter, number or symbol; the ASCII table made.
__attribute__((always_inline)) static inline bool segment_is_word(const tecu_text *text, int64_t start, int64_t end) {
    int64_t gap = text->gap_end - text->gap_start;
    int64_t gap_start = text->gap_start;
    for (int64_t index = start; index < end; index++) {
        UChar32 c = text->units[index < gap_start ? index : index + gap];
        if (c < 128) {
            if (ascii_words[c]) return true;
            continue;
        }
        if (U16_IS_LEAD(c) && index + 1 < end) {
            uint16_t trail = text->units[index + 1 < gap_start ? index + 1 : index + 1 + gap];
            if (U16_IS_TRAIL(trail)) { c = U16_GET_SUPPLEMENTARY(c, trail); index++; }
        }
        if (category_makes_word(u_charType(c))) return true;
    }
    return false;
}

static inline void ascii_words_made(void) {
    if (!atomic_load_explicit(&ascii_words_ready, memory_order_acquire)) make_ascii_words();
}

bool tecu_text_is_word(const tecu_text *text, int64_t start, int64_t end) {
    if (!valid_range(text, start, end)) return false;
    ascii_words_made();
    return segment_is_word(text, start, end);
}

int64_t tecu_breaker_following_word(tecu_breaker *breaker, const tecu_text *text, int64_t offset, int64_t *word_start,
                                    bool *from_current) {
    *word_start = -1;
    ascii_words_made();
    int64_t length = text_length(text);
    int64_t position = offset;
    // Standing at `offset` (where the last word move ended), a plain ubrk_next.
    *from_current = global_offset(breaker, ubrk_current(breaker->iterator)) == offset;
    int64_t next = *from_current ? global_offset(breaker, ubrk_next(breaker->iterator))
                                 : tecu_breaker_following(breaker, position);
    // Boundaries come from an iterator attached to `text`; the range check stays, cheaply.
    while (next >= 0 && position >= 0 && next <= length) {
        if (segment_is_word(text, position, next)) { *word_start = position; return next; }
        position = next;
        // The iterator stands at `next`: a plain ubrk_next, without following()'s checks.
        next = global_offset(breaker, ubrk_next(breaker->iterator));
    }
    return position;
}

int64_t tecu_breaker_preceding_word(tecu_breaker *breaker, const tecu_text *text, int64_t offset, int64_t *word_end,
                                    bool *from_current) {
    *word_end = -1;
    ascii_words_made();
    int64_t length = text_length(text);
    int64_t position = offset;
    *from_current = global_offset(breaker, ubrk_current(breaker->iterator)) == offset;
    int64_t previous = *from_current ? global_offset(breaker, previous_or_done(breaker->iterator, ubrk_previous(breaker->iterator)))
                                     : tecu_breaker_preceding(breaker, position);
    while (previous >= 0 && position <= length) {
        if (segment_is_word(text, previous, position)) { *word_end = position; return previous; }
        position = previous;
        previous = global_offset(breaker, previous_or_done(breaker->iterator, ubrk_previous(breaker->iterator)));
    }
    return position;
}

// MARK: - Characters below U+0300
//
// Below U+0300 (ASCII, Latin-1, Latin Extended-A and -B, IPA, spacing modifiers) every code
// point's Grapheme_Cluster_Break is Control, CR, LF or Other: none is Extend, SpacingMark,
// Prepend, ZWJ, Regional_Indicator or Hangul. Between two such code points the only rule
// that keeps them together is GB3 (CR × LF), and no rule looks further left (GB11 needs a
// ZWJ, GB12/13 regional indicators). So between two units below U+0300 there is a boundary
// unless they are CR LF. The Swift tests check this against ICU for every pair.

static inline bool simple_unit(uint16_t unit) { return unit < 0x300; }

int64_t tecu_text_simple_following(const tecu_text *text, int64_t offset) {
    int64_t length = text_length(text);
    if (offset < 0 || offset >= length) return -1;
    uint16_t here = tecu_text_unit(text, offset);
    if (!simple_unit(here)) return -1;
    if (offset + 1 == length) return length;
    uint16_t next = tecu_text_unit(text, offset + 1);
    if (!simple_unit(next) || (here == 0x0D && next == 0x0A)) return -1;
    return offset + 1;
}

int64_t tecu_text_simple_preceding(const tecu_text *text, int64_t offset) {
    int64_t length = text_length(text);
    if (offset <= 0 || offset > length) return -1;
    uint16_t before = tecu_text_unit(text, offset - 1);
    if (!simple_unit(before)) return -1;
    if (offset == 1) return 0;
    uint16_t earlier = tecu_text_unit(text, offset - 2);
    if (!simple_unit(earlier) || (earlier == 0x0D && before == 0x0A)) return -1;
    return offset - 1;
}

int64_t tecu_breaker_following_character(tecu_breaker *breaker, const tecu_text *text, int64_t offset) {
    int64_t simple = tecu_text_simple_following(text, offset);
    if (simple >= 0) return simple;
    int64_t ruled = tecu_text_grapheme_following(text, offset);
    return ruled >= 0 ? ruled : tecu_breaker_following(breaker, offset);
}

int64_t tecu_breaker_preceding_character(tecu_breaker *breaker, const tecu_text *text, int64_t offset) {
    int64_t simple = tecu_text_simple_preceding(text, offset);
    return simple >= 0 ? simple : tecu_breaker_preceding(breaker, offset);
}

int64_t tecu_breaker_count_characters(tecu_breaker *breaker, const tecu_text *text, int64_t start, int64_t end,
                                      int64_t *reached) {
    int64_t count = 0;
    int64_t length = text_length(text);
    if (start < 0) start = 0;
    if (end > length) end = length;
    // The property rules (graphemes.c) walk the whole span in one pass.
    if (start < end && tecu_grapheme_rules_in_use()) {
        int64_t ruled_end = start;
        int64_t ruled = tecu_grapheme_count(text, start, end, length, &ruled_end);
        if (ruled >= 0) {
            if (reached != NULL) *reached = ruled_end;
            return ruled;
        }
    }
    int64_t position = start;
    int64_t gap = text->gap_end - text->gap_start;
    while (position < end) {
        // A unit below U+0300 followed by one (or by the end): one character, CR LF one.
        uint16_t unit = text->units[position < text->gap_start ? position : position + gap];
        if (simple_unit(unit)) {
            if (position + 1 == length) { position++; count++; break; }
            uint16_t next = text->units[position + 1 < text->gap_start ? position + 1 : position + 1 + gap];
            if (simple_unit(next)) {
                position += (unit == 0x0D && next == 0x0A) ? 2 : 1;
                count++;
                continue;
            }
        }
        int64_t next = tecu_breaker_following(breaker, position);
        if (next < 0) break;
        position = next;
        count++;
    }
    if (reached != NULL) *reached = position;
    return count;
}

int64_t tecu_text_count_characters(const tecu_text *text, int64_t start, int64_t end, int64_t *reached) {
    int64_t length = text_length(text);
    if (start < 0) start = 0;
    if (end > length) end = length;
    if (start >= end) { *reached = start; return 0; }
    if (!tecu_grapheme_rules_in_use()) return -1;
    return tecu_grapheme_count(text, start, end, length, reached);
}

int64_t tecu_breaker_count_all(tecu_breaker *breaker) {
    int64_t count = 0;
    ubrk_first(breaker->iterator);
    while (ubrk_next(breaker->iterator) != UBRK_DONE) count++;
    return count;
}
