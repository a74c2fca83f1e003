#ifndef CLOUIS_H
#define CLOUIS_H

// A C shim over liblouis, the braille translator, that loads the library with dlopen when it is
// first asked to, so that nothing links against liblouis. The few liblouis declarations it needs
// are restated in louis.c from <liblouis/liblouis.h> (a stable C API); this header uses plain C
// types and its own prefix (`telou_`).
//
// liblouis is not thread-safe (global compiled-table cache, file-level mutable state), so every
// function here takes one process-wide lock. Tables are resolved only in liblouis's installed
// table folder: the shim registers its own table resolver, so neither `LOUIS_TABLEPATH` nor the
// current directory can change what a table name means.

#include <stddef.h>
#include <stdint.h>

/// liblouis's translation modes used here (values from liblouis.h).
enum {
    telou_mode_compbrl_at_cursor = 2,
    telou_mode_dots_io = 4,
    telou_mode_unicode_braille = 64,
    telou_mode_no_undefined = 128,
    telou_mode_partial = 256,
};

/// Opens `library` (a file name dlopen searches for, or a path), checks the symbols the shim
/// uses, finds the installed table folder and registers the shim's table resolver and log
/// callback. Returns 1, or 0 with a one-line message in `error`. Opening the same library again
/// returns 1 without reopening anything; a library that cannot be opened leaves an already open
/// one in place.
int telou_open(const char *library, char *error, size_t error_size);

/// liblouis's version ("3.24.0"), or NULL before a successful telou_open.
const char *telou_version(void);

/// The folder every table name is resolved in (no trailing slash), or NULL before telou_open.
const char *telou_tables_folder(void);

/// Whether the comma-separated list of plain table file names `tables` compiles. Returns 1, or 0
/// with liblouis's first error message (or why a name was not found) in `error`.
int telou_check_table(const char *tables, char *error, size_t error_size);

/// Whether the folder has a regular file named `table` (a plain file name).
int telou_table_exists(const char *table);

/// The value of a table's metadata field (`#+direction: both` gives "both" for "direction"),
/// copied into `value`. Returns 1 when the table declares it, else 0.
int telou_table_info(const char *table, const char *key, char *value, size_t value_size);

/// The file names of the tables in the folder (`.ctb`, `.utb`, `.tbl`), each followed by a line
/// feed, in directory order; free with telou_string_free. NULL when the folder cannot be read.
char *telou_list_tables(void);

/// Frees a string the shim allocated.
void telou_string_free(char *string);

/// A forward translation: cells as Unicode braille code points (U+2800–U+28FF), where each
/// input code point starts (`output_positions`, one per input code point), which input code
/// point each cell comes from (`input_positions`, one per cell), and the cursor's cell.
typedef struct {
    uint32_t *cells;
    int cell_count;
    int *output_positions;
    int *input_positions;
    int cursor;
} telou_translation;

/// Translates `length` Unicode code points of `text` with `tables` in `mode` (dots_io and
/// unicode_braille are always added), the cursor at code point `cursor` (0…length; `length` is
/// the end of the text, whose cell is the one after the last). Output buffers start at twice the
/// input and double until liblouis consumes all the input leaving room to spare, as TalkBack
/// does, up to 32 cells per code point. No typeform or spacing buffer is passed. U+0000 (which
/// would end liblouis's input) is translated as U+2400 SYMBOL FOR NULL. Returns 1, or 0 with a
/// message in `error`; free a result with telou_translation_free.
int telou_translate(const char *tables, const uint32_t *text, int length, int cursor, int mode,
                    telou_translation *result, char *error, size_t error_size);

/// Frees a translation's buffers.
void telou_translation_free(telou_translation *translation);

/// Back-translates `count` cells (Unicode braille code points; others are refused) with `tables`
/// in `mode` (no_undefined, partial). The text is written to `*text` (malloc'd code points, free
/// with telou_text_free) and its length to `*length`. Returns 1, or 0 with a message in `error`.
int telou_back_translate(const char *tables, const uint32_t *cells, int count, int mode,
                         uint32_t **text, int *length, char *error, size_t error_size);

/// Frees a back-translation's text.
void telou_text_free(uint32_t *text);

#endif
