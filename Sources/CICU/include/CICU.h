// CICU: the only door from Swift to the system ICU (libicu-dev).
//
// ICU's own headers are included in shim.c only; this header uses <stdint.h> types and the
// `tecu_` prefix so that Swift never sees ICU's declarations (they clash with Foundation's
// bundled _FoundationICU). Every function that can fail takes an `int32_t *status` holding an
// ICU UErrorCode: 0 is success, negative values are warnings, positive values are errors.

#ifndef TYPING_ECHO_CICU_H
#define TYPING_ECHO_CICU_H

#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The symbolic name of an ICU status code, e.g. "U_ILLEGAL_ARGUMENT_ERROR".
const char *tecu_error_name(int32_t status);

/// Writes ICU's version ("72.1") into `buffer` (at least 32 bytes).
void tecu_version(char *buffer, int32_t capacity);

// MARK: - Text storage: a UTF-16 gap buffer that ICU iterates through a UText provider

/// A growable UTF-16 gap buffer; edits at the gap cost O(edit length).
typedef struct tecu_text tecu_text;

/// Creates an empty text. Returns NULL and sets `status` on allocation failure.
tecu_text *tecu_text_create(int32_t *status);

/// Creates an independent copy of `text` (same code units, same gap).
tecu_text *tecu_text_copy(const tecu_text *text, int32_t *status);

/// Overwrites every code unit with zeros and frees the storage.
void tecu_text_destroy(tecu_text *text);

/// The length in UTF-16 code units.
int64_t tecu_text_length(const tecu_text *text);

/// Replaces the units in [start, end) with `count` units from `units`, moving the gap there.
/// The vacated storage is zeroed. Sets U_INDEX_OUTOFBOUNDS_ERROR for a bad range.
void tecu_text_replace(tecu_text *text, int64_t start, int64_t end,
                       const uint16_t *units, int64_t count, int32_t *status);

/// Copies the units in [start, end) to `destination`, which holds at least end - start units.
/// A range outside the text (negative, reversed, past the end) copies nothing.
void tecu_text_extract(const tecu_text *text, int64_t start, int64_t end, uint16_t *destination);

/// Writes the units in [start, end) as UTF-8 to `destination`, which holds at least
/// 3 * (end - start) bytes; unpaired surrogates become U+FFFD. Returns the bytes written.
/// Reads the gap buffer in place, so no scratch copy of the text is left behind. A range
/// outside the text writes nothing and returns 0.
int64_t tecu_text_utf8(const tecu_text *text, int64_t start, int64_t end, uint8_t *destination);

/// The code unit at `index` (0 <= index < length); 0 for an index outside the text.
uint16_t tecu_text_unit(const tecu_text *text, int64_t index);

/// Overwrites the whole storage, gap included, with zeros and empties the text.
void tecu_text_wipe(tecu_text *text);

// MARK: - Break iterators

/// The kind of segment a break iterator finds.
typedef enum tecu_break_kind {
    TECU_BREAK_CHARACTER = 0,
    TECU_BREAK_WORD = 1,
    TECU_BREAK_LINE = 2,
    TECU_BREAK_SENTENCE = 3,
} tecu_break_kind;

/// An ICU break iterator for one locale.
typedef struct tecu_breaker tecu_breaker;

/// Opens a break iterator of `kind` for `locale` (e.g. "th", "en_US").
tecu_breaker *tecu_breaker_open(tecu_break_kind kind, const char *locale, int32_t *status);

/// Closes the iterator.
void tecu_breaker_close(tecu_breaker *breaker);

/// Points the iterator at `text`. Call again after every edit of `text`: O(1).
void tecu_breaker_attach_text(tecu_breaker *breaker, tecu_text *text, int32_t *status);

/// Points the iterator at `text` from `origin` (a boundary) on, as if the text began there:
/// offsets in and out stay the text's own, and ICU never looks before `origin` (a query before
/// it re-attaches the whole text). Boundaries after a boundary do not depend on the text
/// before it, so the answers are the same; re-segmenting after an edit then costs the edit's
/// neighbourhood, not ICU's walk back to a safe point (a whole run of regional indicators).
/// Sets U_INDEX_OUTOFBOUNDS_ERROR when `origin` is outside the text.
void tecu_breaker_attach_text_from(tecu_breaker *breaker, tecu_text *text, int64_t origin, int32_t *status);

/// Points the iterator at the units [origin, limit) of `text` (limit -1: to the end), as if the
/// text were only those: offsets in and out stay the text's own; a query outside the window
/// re-attaches the whole text. Word queries read a window (`tecu_text_word_window_start`).
/// Sets U_INDEX_OUTOFBOUNDS_ERROR for a window outside the text.
void tecu_breaker_attach_text_window(tecu_breaker *breaker, tecu_text *text, int64_t origin, int64_t limit,
                                     int32_t *status);

/// Whether ICU's word rules join `c` (a space, control or punctuation mark) to nothing but CR
/// to LF, a space to a space and Extend, Format or ZWJ after it: a word window may be cut
/// beside it without moving a boundary. Dictionary text never holds one, so a dictionary run
/// ends at it. A test checks every such code point against ICU in many neighbourhoods.
bool tecu_word_separates(uint32_t scalar);

/// Where a word query's window before `offset` starts: the nearest place at least
/// `exact_distance` units before `offset` where a space, control or punctuation mark fixes the
/// word boundary whatever surrounds it (then `exact` is true: the word boundaries after it are
/// those of the whole text), else the nearest character boundary at least `distance` units
/// before `offset` between two code points of their own (`exact` false: boundaries near it may
/// differ from the whole text's), else 0 (exact). O(units scanned).
int64_t tecu_text_word_window_start(const tecu_text *text, int64_t offset, int64_t exact_distance, int64_t distance,
                                    bool *exact);

/// `tecu_text_word_window_start` forward: where the window after `offset` ends (the text's
/// length at the latest, exact).
int64_t tecu_text_word_window_end(const tecu_text *text, int64_t offset, int64_t exact_distance, int64_t distance,
                                  bool *exact);

/// Points the iterator at a contiguous UTF-16 string that outlives its use.
void tecu_breaker_attach_units(tecu_breaker *breaker, const uint16_t *units, int64_t count,
                               int32_t *status);

/// The first boundary after `offset`, or -1 at the end.
int64_t tecu_breaker_following(tecu_breaker *breaker, int64_t offset);

/// The last boundary before `offset`, or -1 at the start (then the iterator stands at 0, ready
/// for a `tecu_breaker_following` from there).
int64_t tecu_breaker_preceding(tecu_breaker *breaker, int64_t offset);

/// The boundary the iterator stands at: where the last query or attachment left it (always a
/// boundary of the attached text; 0 after attaching).
int64_t tecu_breaker_current(const tecu_breaker *breaker);

/// The next boundary after the current one, or -1 at the end.
int64_t tecu_breaker_next(tecu_breaker *breaker);

/// Whether `offset` is a boundary; leaves the iterator at the first boundary at or after it.
bool tecu_breaker_is_boundary(tecu_breaker *breaker, int64_t offset);

/// Whether the units [start, end) of `text` make a word segment rather than spaces or
/// punctuation: whether a code point among them (a lone surrogate counts as one) is a letter,
/// number or symbol by ICU's general category (`u_charType`). False for a range outside the
/// text. O(end - start), stopping at the first such code point.
bool tecu_text_is_word(const tecu_text *text, int64_t start, int64_t end);

/// Walks the word iterator `breaker` (attached to `text`) forward from `offset` to the end of
/// the first segment that `tecu_text_is_word` calls a word: returns its end and stores its
/// start in `word_start`. With no word left, returns the last boundary reached (the end of the
/// text, or `offset` there) and stores -1. Stores in `from_current` whether the iterator stood
/// at `offset` (`tecu_breaker_current`), so that `offset` is a boundary. One C call per word
/// move instead of one per segment. O(length passed).
int64_t tecu_breaker_following_word(tecu_breaker *breaker, const tecu_text *text, int64_t offset, int64_t *word_start,
                                    bool *from_current);

/// `tecu_breaker_following_word` backward: returns the start of the last word segment before
/// `offset` and stores its end in `word_end`; with no word left, returns the last boundary
/// reached (0, or `offset` there) and stores -1. O(length passed).
int64_t tecu_breaker_preceding_word(tecu_breaker *breaker, const tecu_text *text, int64_t offset, int64_t *word_end,
                                    bool *from_current);

/// The character boundary after `offset` (a boundary) when the units there decide it without
/// ICU: the unit at `offset` and the one after it are below U+0300 and not CR LF (or the text
/// ends after it). Returns -1 when ICU must decide.
int64_t tecu_text_simple_following(const tecu_text *text, int64_t offset);

/// The character boundary before `offset` (a boundary) when the two units before it are below
/// U+0300 and not CR LF (or only one unit precedes it). Returns -1 when ICU must decide.
int64_t tecu_text_simple_preceding(const tecu_text *text, int64_t offset);

/// The character boundary after `offset` (a boundary): `tecu_text_simple_following` when it
/// decides, else `tecu_text_grapheme_following`, else the character iterator `breaker` attached
/// to `text`; -1 at the end.
int64_t tecu_breaker_following_character(tecu_breaker *breaker, const tecu_text *text, int64_t offset);

/// The character boundary before `offset` (a boundary): `tecu_text_simple_preceding` when it
/// decides, else the character iterator `breaker` attached to `text`; -1 at the start.
int64_t tecu_breaker_preceding_character(tecu_breaker *breaker, const tecu_text *text, int64_t offset);

/// Whether the shim's own grapheme cluster rules (graphemes.c) are in use: ICU's Unicode version
/// is 15.0 (ICU 72 and 73), whose character rules they implement.
bool tecu_grapheme_rules_in_use(void);

/// The character boundary after `offset` (a boundary) found from the code points'
/// Grapheme_Cluster_Break and Extended_Pictographic properties by the rules of UAX #29, without
/// a break iterator; the same answer as ICU's. Returns -1 at or past the end, or when the rules
/// are not in use (ICU must decide). O(length of the character).
int64_t tecu_text_grapheme_following(const tecu_text *text, int64_t offset);

/// Counts the characters from `start` (a boundary) to the first boundary at or after `end`,
/// which it stores in `reached` (when not NULL), with the character iterator `breaker`
/// attached to `text`: units below U+0300 count one each (CR LF one), the property rules
/// (`tecu_text_grapheme_following`) the rest, ICU's iterator when they are not in use.
int64_t tecu_breaker_count_characters(tecu_breaker *breaker, const tecu_text *text, int64_t start, int64_t end,
                                      int64_t *reached);

/// The property rules' state inside a grapheme cluster (see graphemes.c): what the rules need
/// of the cluster so far to decide whether the next code point joins it.
typedef struct {
    int32_t previous;
    bool emoji;
    bool emoji_joiner;
    int32_t regional;
    int32_t conjunct;
} tecu_cluster_state;

/// Walks the cluster that starts at `start` (a boundary) up to `offset` (start < offset) and
/// stores the rules' state there in `state`. False when the rules are not in use, meet a code
/// point they do not describe, or `offset` is not inside that cluster. O(offset - start).
bool tecu_grapheme_cluster_state(const tecu_text *text, int64_t start, int64_t offset, tecu_cluster_state *state);

/// Resumes the property rules at `offset` inside (or at the end of) the cluster that starts at
/// `*cluster_start`, whose state there is `*state`: counts the boundaries at positions in
/// [offset, reached], `reached` being the first boundary at or after `end` (the text's end
/// counts as one), and leaves in `*state` and `*cluster_start` the state and start of the
/// cluster that ends at `reached`. -1 when the rules are not in use or cannot decide.
/// O(reached - offset): the cluster before `offset` is not read again.
int64_t tecu_grapheme_resume(const tecu_text *text, int64_t offset, tecu_cluster_state *state, int64_t end,
                             int64_t *reached, int64_t *cluster_start);

/// `tecu_breaker_count_characters` without a break iterator: the property rules alone, or -1
/// when they are not in use or meet a code point they do not describe (then ask the iterator).
/// Counts from `start` (a boundary) to the first boundary at or after `end`, stored in `reached`.
int64_t tecu_text_count_characters(const tecu_text *text, int64_t start, int64_t end, int64_t *reached);

/// Counts the boundaries from the start to the end of the attached text in one C loop over
/// `ubrk_next`: the ceiling any segmentation walk can reach (used by the benchmarks).
int64_t tecu_breaker_count_all(tecu_breaker *breaker);

/// The rule status of the segment that ends at the current boundary (word kinds: 0-99 none,
/// 100-199 number, 200-299 letter, 300-399 kana, 400-499 ideographic).
int32_t tecu_breaker_rule_status(const tecu_breaker *breaker);

// MARK: - Characters

/// The Unicode general category of a code point (ICU UCharCategory values).
int32_t tecu_char_category(uint32_t scalar);

/// Whether the code point is uppercase (Unicode property Uppercase).
bool tecu_char_is_uppercase(uint32_t scalar);

/// Whether the code point is white space (Unicode property White_Space).
bool tecu_char_is_whitespace(uint32_t scalar);

/// Whether lower-casing or case folding changes the code point (Unicode properties
/// Changes_When_Lowercased, Changes_When_Casefolded).
bool tecu_char_changes_case(uint32_t scalar);

/// Whether the code point has the Extended_Pictographic property (emoji).
bool tecu_char_is_pictographic(uint32_t scalar);

/// The Unicode Script property of a code point (ICU UScriptCode: 0 Common, 1 Inherited,
/// 2 Arabic, 7 Latin, …); -1 on failure. Defined in scripts.c.
int32_t tecu_char_script(uint32_t scalar);

/// The bidirectional class of a code point (ICU UCharDirection: 0 L, 1 R, 13 AL, …).
int32_t tecu_char_direction(uint32_t scalar);

/// Whether the locale's script is written right to left (`ur_PK`, `he`).
bool tecu_locale_is_rtl(const char *locale);

/// Writes the Unicode name of `scalar` (NUL-terminated, UTF-8, upper case as in the standard).
/// Returns the name's length, 0 when the code point has no name.
int32_t tecu_char_name(uint32_t scalar, char *buffer, int32_t capacity, int32_t *status);

/// Lower-cases `source` per `locale` into `destination`; returns the needed length in units.
int32_t tecu_to_lower(const uint16_t *source, int32_t count, uint16_t *destination,
                      int32_t capacity, const char *locale, int32_t *status);

/// Upper-cases `source` per `locale` into `destination`; returns the needed length in units.
int32_t tecu_to_upper(const uint16_t *source, int32_t count, uint16_t *destination,
                      int32_t capacity, const char *locale, int32_t *status);

/// Case-folds `source` (default folding) into `destination`; returns the needed length.
int32_t tecu_fold_case(const uint16_t *source, int32_t count, uint16_t *destination,
                       int32_t capacity, int32_t *status);

/// NFC-normalises `source` into `destination`; returns the needed length in units.
int32_t tecu_normalize_nfc(const uint16_t *source, int32_t count, uint16_t *destination,
                           int32_t capacity, int32_t *status);

// MARK: - Locales

/// Whether `source` is certainly in NFC (ICU's quick check says yes); false when unsure.
bool tecu_is_nfc(const uint16_t *source, int32_t count);

/// Canonicalises a BCP 47 tag ("pl-PL") to an ICU locale id ("pl_PL"); returns its length.
int32_t tecu_locale_from_tag(const char *tag, char *buffer, int32_t capacity, int32_t *status);

/// Writes one subtag of an ICU locale id (which: 0 language, 1 script, 2 region) as ASCII;
/// returns its length (0 when the id has no such subtag).
int32_t tecu_locale_subtag(const char *locale, int32_t which, char *buffer, int32_t capacity,
                           int32_t *status);

/// Writes the name of a region ("PL") in the language of `display_locale` ("Polska") in
/// UTF-16; returns its length, 0 when ICU has no name for the region.
int32_t tecu_region_name(const char *region, const char *display_locale, uint16_t *destination,
                         int32_t capacity, int32_t *status);

/// Whether ICU has data for the locale's language (it is among ICU's available locales).
bool tecu_locale_is_available(const char *locale);

/// Writes the locale's exemplar set of kind (0 standard, 1 auxiliary, 2 index, 3 punctuation)
/// as a pattern "[a-z…]" in UTF-16; returns the needed length in units.
int32_t tecu_exemplar_pattern(const char *locale, int32_t kind, uint16_t *destination,
                              int32_t capacity, int32_t *status);

/// Writes the locale's quotation marks (start, end, alternate start, alternate end) as
/// UTF-16 separated by U+0020; returns the needed length in units.
int32_t tecu_quotation_marks(const char *locale, uint16_t *destination, int32_t capacity,
                             int32_t *status);

/// An opaque set of code points and strings made from an exemplar set.
typedef struct tecu_set tecu_set;

/// Opens the exemplar set (kind as in tecu_exemplar_pattern) of `locale`.
tecu_set *tecu_exemplar_set(const char *locale, int32_t kind, int32_t *status);

/// Closes a set.
void tecu_set_close(tecu_set *set);

/// The number of items (code points, then strings) in the set.
int32_t tecu_set_item_count(const tecu_set *set);

/// Writes item `index` of the set as UTF-16 (a range item yields its first code point and
/// sets `*range_end` to its last; a string item sets it to -1); returns the length.
int32_t tecu_set_item(const tecu_set *set, int32_t index, uint16_t *destination,
                      int32_t capacity, int32_t *range_start, int32_t *range_end,
                      int32_t *status);

// MARK: - Plural rules and numbers

/// Plural rules of one locale.
typedef struct tecu_plurals tecu_plurals;

/// Opens the cardinal plural rules of `locale`.
tecu_plurals *tecu_plurals_open(const char *locale, int32_t *status);

/// Closes the rules.
void tecu_plurals_close(tecu_plurals *plurals);

/// Writes the plural category ("one", "few", …) of `number` as ASCII; returns its length.
int32_t tecu_plurals_select(const tecu_plurals *plurals, double number, char *buffer,
                            int32_t capacity, int32_t *status);

/// Writes the space-separated list of categories the rules use ("one few many other").
int32_t tecu_plurals_keywords(const tecu_plurals *plurals, char *buffer, int32_t capacity,
                              int32_t *status);

/// Formats an integer with the locale's digits and no grouping; returns the length in units.
int32_t tecu_format_integer(const char *locale, int64_t number, uint16_t *destination,
                            int32_t capacity, int32_t *status);

/// A number format of one locale for integers, without grouping, opened once and reused.
typedef struct tecu_integer_format tecu_integer_format;

/// Opens the integer format of `locale` (the digits `tecu_format_integer` writes).
tecu_integer_format *tecu_integer_format_open(const char *locale, int32_t *status);

/// Closes the format.
void tecu_integer_format_close(tecu_integer_format *format);

/// Formats an integer with an opened format; returns the length in units.
int32_t tecu_integer_format_write(const tecu_integer_format *format, int64_t number, uint16_t *destination,
                                  int32_t capacity, int32_t *status);

// MARK: - Number symbols

/// Writes the locale's decimal separator ("," for "pl_PL", "." for "en_US") as UTF-16 into
/// `destination`; returns its length in code units (the length needed when `capacity` is short).
int32_t tecu_decimal_separator(const char *locale, uint16_t *destination, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
