// dladdr (the library's own file, to find the tables installed beside it) is a GNU extension.
#define _GNU_SOURCE
#include "CLouis.h"

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// ---- Declarations restated from <liblouis/liblouis.h> (liblouis 3.x) ----
//
// `widechar` is 16 or 32 bits depending on how liblouis was built (lou_charSize() tells); the
// shim passes buffers of the size the library reports, so the type is left as void here.

enum { LOU_LOG_ERROR = 40000 };
typedef void (*lou_logcallback)(int level, const char *message);
typedef char **(*lou_tableresolver)(const char *tableList, const char *base);

// ---- The loaded functions ----

static struct {
    void *handle;
    char library[1024];
    char version[64];
    char folder[PATH_MAX];
    int char_size;
    const char *(*version_of)(void);
    int (*char_size_of)(void);
    int (*translate)(const char *, const void *, int *, void *, int *, void *, char *, int *, int *, int *, int);
    int (*back_translate)(const char *, const void *, int *, void *, int *, void *, char *, int *, int *, int *, int);
    const void *(*get_table)(const char *);
    char *(*get_table_info)(const char *, const char *);
    void (*register_log_callback)(lou_logcallback);
    void (*set_log_level)(int);
    void (*register_table_resolver)(lou_tableresolver);
    char *(*get_table_path)(void);  // optional: liblouis's own search path (internal but exported)
} loaded;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

// The first error liblouis logged since the current call began, on one line.
static char logged[512];
// The table name the resolver could not find, for the error message, and whether it was refused
// (not a plain file name) rather than missing.
static char unresolved[256];
static int refused;

static void copy_line(char *destination, size_t size, const char *source) {
    if (size == 0) return;
    size_t used = 0;
    for (const char *cursor = source; cursor != NULL && *cursor != 0 && used + 1 < size; cursor++) {
        unsigned char byte = (unsigned char)*cursor;
        destination[used++] = byte < 0x20 ? ' ' : (char)byte;
    }
    while (used > 0 && destination[used - 1] == ' ') used--;
    destination[used] = 0;
}

static void on_log(int level, const char *message) {
    if (level < LOU_LOG_ERROR || logged[0] != 0) return;
    copy_line(logged, sizeof logged, message);
}

static void begin_call(void) {
    logged[0] = 0;
    unresolved[0] = 0;
    refused = 0;
}

/// Takes the lock and begins a call; when liblouis is not open, says so, unlocks and returns 0.
static int begin_open_call(char *error, size_t error_size) {
    pthread_mutex_lock(&lock);
    if (loaded.handle == NULL) {
        snprintf(error, error_size, "liblouis is not open");
        pthread_mutex_unlock(&lock);
        return 0;
    }
    begin_call();
    return 1;
}

static void report(char *error, size_t error_size, const char *fallback) {
    if (refused) {
        snprintf(error, error_size, "a table name is a plain file name in %s, without a path", loaded.folder);
    } else if (unresolved[0] != 0) {
        snprintf(error, error_size, "no table named %s in %s", unresolved, loaded.folder);
    } else {
        snprintf(error, error_size, "%s", logged[0] != 0 ? logged : fallback);
    }
}

// ---- Table resolution: plain file names in the installed folder, nothing else ----

enum { most_tables = 64 };
static char *resolved[most_tables + 1];

static void free_resolved(void) {
    for (int index = 0; resolved[index] != NULL; index++) {
        free(resolved[index]);
        resolved[index] = NULL;
    }
}

static int is_plain_name(const char *name, size_t length) {
    if (length == 0 || length >= sizeof unresolved) return 0;
    if (length == 2 && name[0] == '.' && name[1] == '.') return 0;
    if (length == 1 && name[0] == '.') return 0;
    for (size_t index = 0; index < length; index++) {
        if (name[index] == '/' || name[index] == '\\' || name[index] == 0) return 0;
    }
    return 1;
}

static int is_file(const char *path) {
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode);
}

// liblouis copies the returned list at once; the shim keeps it until the next call. Every
// call happens under `lock` (tables are only compiled inside a telou_ call).
static char **resolve_tables(const char *list, const char *base) {
    (void)base;  // tables never resolve next to another table or in the current directory
    free_resolved();
    if (list == NULL || loaded.folder[0] == 0) return NULL;
    int count = 0;
    const char *start = list;
    for (;;) {
        const char *comma = strchr(start, ',');
        size_t length = comma != NULL ? (size_t)(comma - start) : strlen(start);
        if (count == most_tables || !is_plain_name(start, length)) {
            refused = 1;
            free_resolved();
            return NULL;
        }
        size_t folder_length = strlen(loaded.folder);
        size_t size = folder_length + 1 + length + 1;
        char *path = size < 1024 ? malloc(size) : NULL;  // liblouis copies paths into 2048-byte buffers
        if (path == NULL) { free_resolved(); return NULL; }
        memcpy(path, loaded.folder, folder_length);
        path[folder_length] = '/';
        memcpy(path + folder_length + 1, start, length);
        path[size - 1] = 0;
        if (!is_file(path)) {
            snprintf(unresolved, sizeof unresolved, "%.*s", (int)length, start);
            free(path);
            free_resolved();
            return NULL;
        }
        resolved[count++] = path;
        if (comma == NULL) break;
        start = comma + 1;
    }
    resolved[count] = NULL;
    return resolved;
}

// ---- Finding the installed table folder ----

static int is_table_folder(const char *folder) {
    char marker[PATH_MAX];
    struct stat info;
    if (folder == NULL || folder[0] != '/' || stat(folder, &info) != 0 || !S_ISDIR(info.st_mode)) return 0;
    if (snprintf(marker, sizeof marker, "%s/braille-patterns.cti", folder) >= (int)sizeof marker) return 0;
    return is_file(marker);
}

static int choose_folder(const char *folder) {
    if (!is_table_folder(folder)) return 0;
    char canonical[PATH_MAX];
    const char *chosen = realpath(folder, canonical) != NULL ? canonical : folder;
    if (strlen(chosen) >= 512) return 0;  // keeps every table path well inside liblouis's buffers
    snprintf(loaded.folder, sizeof loaded.folder, "%s", chosen);
    return 1;
}

/// `<prefix>/share/liblouis/tables` for a library at `<prefix>/lib…/liblouis…`.
static int folder_beside_library(const char *library_path) {
    char real[PATH_MAX];
    if (library_path == NULL || realpath(library_path, real) == NULL) return 0;
    char *lib = NULL;
    for (char *cursor = strstr(real, "/lib"); cursor != NULL; cursor = strstr(cursor + 1, "/lib")) lib = cursor;
    if (lib == NULL) return 0;
    *lib = 0;
    char folder[PATH_MAX];
    if (snprintf(folder, sizeof folder, "%s/share/liblouis/tables", real) >= (int)sizeof folder) return 0;
    return choose_folder(folder);
}

/// liblouis's compiled-in table folder, which it reports only while LOUIS_TABLEPATH is unset.
static int folder_liblouis_reports(void) {
    const char *variable = getenv("LOUIS_TABLEPATH");
    if (loaded.get_table_path == NULL || (variable != NULL && variable[0] != 0)) return 0;
    char *path = loaded.get_table_path();
    if (path == NULL) return 0;
    int found = 0;
    char *last = strrchr(path, ',');
    found = choose_folder(last != NULL ? last + 1 : path);
    free(path);
    return found;
}

static int find_folder(void) {
    Dl_info info;
    if (dladdr((void *)loaded.version_of, &info) != 0 && folder_beside_library(info.dli_fname)) return 1;
    if (choose_folder("/usr/share/liblouis/tables")) return 1;
    if (folder_liblouis_reports()) return 1;
    return choose_folder("/usr/local/share/liblouis/tables") || choose_folder("/opt/homebrew/share/liblouis/tables");
}

// ---- Opening ----

#define LOOKUP(field, symbol)                                                          \
    do {                                                                               \
        *(void **)(&loaded.field) = dlsym(handle, symbol);                             \
        if (loaded.field == NULL) {                                                    \
            snprintf(error, error_size, "%s has no symbol %s", library, symbol);     \
            goto fail;                                                                 \
        }                                                                              \
    } while (0)

int telou_open(const char *library, char *error, size_t error_size) {
    pthread_mutex_lock(&lock);
    if (loaded.handle != NULL && strcmp(library, loaded.library) == 0) {
        pthread_mutex_unlock(&lock);
        return 1;
    }
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        copy_line(error, error_size, reason ? reason : "cannot open the library");
        pthread_mutex_unlock(&lock);
        return 0;
    }
    if (loaded.handle != NULL) {
        int same = handle == loaded.handle;
        dlclose(handle);
        if (!same) snprintf(error, error_size, "another liblouis (%s) is already open", loaded.library);
        pthread_mutex_unlock(&lock);
        return same;
    }
    LOOKUP(version_of, "lou_version");
    LOOKUP(char_size_of, "lou_charSize");
    LOOKUP(translate, "lou_translate");
    LOOKUP(back_translate, "lou_backTranslate");
    LOOKUP(get_table, "lou_getTable");
    LOOKUP(get_table_info, "lou_getTableInfo");
    LOOKUP(register_log_callback, "lou_registerLogCallback");
    LOOKUP(set_log_level, "lou_setLogLevel");
    LOOKUP(register_table_resolver, "lou_registerTableResolver");
    *(void **)(&loaded.get_table_path) = dlsym(handle, "_lou_getTablePath");
    loaded.char_size = loaded.char_size_of();
    if (loaded.char_size != 2 && loaded.char_size != 4) {
        snprintf(error, error_size, "%s has %d-byte characters (2 or 4 expected)", library, loaded.char_size);
        goto fail;
    }
    if (!find_folder()) {
        snprintf(error, error_size, "liblouis's tables are not installed (no braille-patterns.cti in /usr/share/liblouis/tables)");
        goto fail;
    }
    copy_line(loaded.version, sizeof loaded.version, loaded.version_of());
    snprintf(loaded.library, sizeof loaded.library, "%s", library);
    loaded.register_log_callback(on_log);
    loaded.set_log_level(LOU_LOG_ERROR);
    loaded.register_table_resolver(resolve_tables);
    loaded.handle = handle;
    pthread_mutex_unlock(&lock);
    return 1;
fail:
    dlclose(handle);
    memset(&loaded, 0, sizeof loaded);
    pthread_mutex_unlock(&lock);
    return 0;
}

const char *telou_version(void) {
    pthread_mutex_lock(&lock);
    const char *version = loaded.handle != NULL ? loaded.version : NULL;
    pthread_mutex_unlock(&lock);
    return version;
}

const char *telou_tables_folder(void) {
    pthread_mutex_lock(&lock);
    const char *folder = loaded.handle != NULL ? loaded.folder : NULL;
    pthread_mutex_unlock(&lock);
    return folder;
}

int telou_check_table(const char *tables, char *error, size_t error_size) {
    if (!begin_open_call(error, error_size)) return 0;
    int compiled = loaded.get_table(tables) != NULL;
    if (!compiled) report(error, error_size, "the table does not compile");
    pthread_mutex_unlock(&lock);
    return compiled;
}

int telou_table_exists(const char *table) {
    pthread_mutex_lock(&lock);
    int exists = 0;
    char path[PATH_MAX];
    if (loaded.handle != NULL && is_plain_name(table, strlen(table)) &&
        snprintf(path, sizeof path, "%s/%s", loaded.folder, table) < (int)sizeof path) {
        exists = is_file(path);
    }
    pthread_mutex_unlock(&lock);
    return exists;
}

int telou_table_info(const char *table, const char *key, char *value, size_t value_size) {
    pthread_mutex_lock(&lock);
    int found = 0;
    if (loaded.handle != NULL) {
        begin_call();
        char *answer = loaded.get_table_info(table, key);
        if (answer != NULL) {
            copy_line(value, value_size, answer);
            free(answer);
            found = 1;
        }
    }
    pthread_mutex_unlock(&lock);
    return found;
}

char *telou_list_tables(void) {
    pthread_mutex_lock(&lock);
    DIR *folder = loaded.handle != NULL ? opendir(loaded.folder) : NULL;
    char *names = NULL;
    size_t used = 0, capacity = 0;
    int failed = folder == NULL;
    for (struct dirent *entry; !failed && (entry = readdir(folder)) != NULL;) {
        size_t length = strlen(entry->d_name);
        if (length < 5) continue;
        const char *suffix = entry->d_name + length - 4;
        if (strcmp(suffix, ".ctb") != 0 && strcmp(suffix, ".utb") != 0 && strcmp(suffix, ".tbl") != 0) continue;
        if (used + length + 2 > capacity) {
            size_t grown = capacity ? capacity * 2 : 8192;
            while (used + length + 2 > grown) grown *= 2;
            char *larger = realloc(names, grown);
            if (larger == NULL) { failed = 1; break; }
            names = larger;
            capacity = grown;
        }
        memcpy(names + used, entry->d_name, length);
        used += length;
        names[used++] = '\n';
        names[used] = 0;
    }
    if (folder != NULL) closedir(folder);
    pthread_mutex_unlock(&lock);
    if (failed) { free(names); return NULL; }
    return names != NULL ? names : calloc(1, 1);
}

void telou_string_free(char *string) { free(string); }

// ---- Code points <-> liblouis characters ----

/// liblouis's input: the code points as widechars, with, for 16-bit builds, the unit where each
/// code point starts (`unit_of`, length + 1 entries) and the code point of each unit.
typedef struct {
    void *units;
    int count;
    int *unit_of;
    int *point_of;
} wide_text;

static void wide_text_free(wide_text *text) {
    free(text->units);
    free(text->unit_of);
    free(text->point_of);
}

// liblouis reads past the ends of the arrays it is given (a crash in CI read an int array 10
// entries past the input's length, across a page boundary), so every buffer handed to it is
// zero-filled with this many entries more than its documented size, and its position arrays
// are as long as the input and the output together.
enum { slack = 256 };

// liblouis reads its input as a NUL-terminated string: it stops at the first U+0000 (and then
// reports that it did not consume the rest). A NUL is therefore never passed: it goes in as
// U+2400 SYMBOL FOR NULL, Unicode's visible picture of it, one character for one, so that the
// maps between characters and cells stay as they are (docs/braille.md, "Hostile input").
enum { null_picture = 0x2400 };

static int widen(const uint32_t *points, int length, wide_text *out) {
    memset(out, 0, sizeof *out);
    size_t capacity = (size_t)length * 2 + 1;
    out->units = calloc(capacity + slack, (size_t)loaded.char_size);
    out->unit_of = malloc(((size_t)length + 1) * sizeof(int));
    out->point_of = malloc(capacity * sizeof(int));
    if (out->units == NULL || out->unit_of == NULL || out->point_of == NULL) return 0;
    int count = 0;
    for (int index = 0; index < length; index++) {
        uint32_t point = points[index] == 0 ? null_picture : points[index];
        out->unit_of[index] = count;
        if (loaded.char_size == 4) {
            ((uint32_t *)out->units)[count] = point;
            out->point_of[count++] = index;
        } else if (point > 0xFFFF) {
            ((uint16_t *)out->units)[count] = (uint16_t)(0xD800 + ((point - 0x10000) >> 10));
            out->point_of[count++] = index;
            ((uint16_t *)out->units)[count] = (uint16_t)(0xDC00 + ((point - 0x10000) & 0x3FF));
            out->point_of[count++] = index;
        } else {
            ((uint16_t *)out->units)[count] = (uint16_t)point;
            out->point_of[count++] = index;
        }
    }
    out->unit_of[length] = count;
    out->count = count;
    return 1;
}

static uint32_t unit_at(const void *units, int index) {
    return loaded.char_size == 4 ? ((const uint32_t *)units)[index] : ((const uint16_t *)units)[index];
}

/// A cell liblouis produced, as Unicode braille: U+28xx as it is, 0x8000|dots (liblouis's own
/// dot form) moved to U+2800, anything else a blank cell.
static uint32_t as_unicode_braille(uint32_t cell) {
    if (cell >= 0x2800 && cell <= 0x28FF) return cell;
    if ((cell & 0xFF00) == 0x8000) return 0x2800 | (cell & 0xFF);
    return 0x2800;
}

// Output buffers: twice the input, doubled up to 32 per input unit, each with `headroom` more.
// liblouis reports a translation that consumed all its input without filling the buffer even
// when it dropped a last expansion that did not fit (an undefined character's `'\x017a'` is 8
// cells), so a translation counts as complete only when at least `headroom` cells stayed free:
// more than any one character's output.
enum { headroom = 64 };
static int first_capacity(int count) { return count * 2 + 2 * headroom; }
static int last_capacity(int count) { return count * 32 + 2 * headroom; }
static int next_capacity(int capacity, int count) {
    int last = last_capacity(count);
    return capacity >= last ? last + 1 : (capacity > last / 2 ? last : capacity * 2);
}
static int complete(int consumed, int count, int produced, int capacity) {
    return consumed == count && produced + headroom <= capacity;
}
enum { longest_input = INT_MAX / 64 - 2 * headroom };

int telou_translate(const char *tables, const uint32_t *text, int length, int cursor, int mode,
                    telou_translation *result, char *error, size_t error_size) {
    memset(result, 0, sizeof *result);
    if (error_size > 0) error[0] = 0;
    if (length < 0 || length > longest_input || cursor < 0 || cursor > length) {
        snprintf(error, error_size, "the text or cursor is out of range");
        return 0;
    }
    if (!begin_open_call(error, error_size)) return 0;
    wide_text input;
    int ok = widen(text, length, &input);
    void *cells = NULL;
    int *output_pos = NULL, *input_pos = NULL;
    int used_cells = 0;
    int cursor_cell = 0;
    int finished = 0;
    for (int capacity = first_capacity(input.count); ok && !finished && capacity <= last_capacity(input.count); capacity = next_capacity(capacity, input.count)) {
        free(cells);
        free(input_pos);
        free(output_pos);
        size_t positions = (size_t)capacity + (size_t)input.count + slack;
        cells = calloc((size_t)capacity + slack, (size_t)loaded.char_size);
        input_pos = calloc(positions, sizeof(int));
        output_pos = calloc(positions, sizeof(int));
        if (cells == NULL || input_pos == NULL || output_pos == NULL) { ok = 0; break; }
        int consumed = input.count, produced = capacity;
        // The cursor at the end of the text is not mapped by liblouis (it reads past outputPos):
        // it is passed only when it is on a character, as TalkBack does.
        int cursor_unit = cursor < length ? input.unit_of[cursor] : -1;
        int *cursor_pointer = cursor < length ? &cursor_unit : NULL;
        if (input.count == 0) { produced = 0; finished = 1; break; }
        if (!loaded.translate(tables, input.units, &consumed, cells, &produced, NULL, NULL, output_pos, input_pos,
                              cursor_pointer, mode | telou_mode_dots_io | telou_mode_unicode_braille)) {
            report(error, error_size, "liblouis could not translate the text");
            ok = 0;
            break;
        }
        if (complete(consumed, input.count, produced, capacity)) {
            finished = 1;
            used_cells = produced;
            cursor_cell = cursor_pointer != NULL ? cursor_unit : produced;
        }
    }
    if (ok && !finished) {
        snprintf(error, error_size, "the translation needs more than %d cells", last_capacity(input.count));
        ok = 0;
    }
    if (ok) {
        result->cells = malloc(((size_t)used_cells + 1) * sizeof(uint32_t));
        result->input_positions = malloc(((size_t)used_cells + 1) * sizeof(int));
        result->output_positions = malloc(((size_t)length + 1) * sizeof(int));
        ok = result->cells != NULL && result->input_positions != NULL && result->output_positions != NULL;
    }
    if (ok) {
        for (int index = 0; index < used_cells; index++) {
            result->cells[index] = as_unicode_braille(unit_at(cells, index));
            int unit = input_pos[index];
            if (unit < 0) unit = 0;
            if (unit >= input.count) unit = input.count - 1;
            result->input_positions[index] = input.point_of[unit];
        }
        for (int index = 0; index < length; index++) {
            int cell = output_pos[input.unit_of[index]];
            result->output_positions[index] = cell < 0 ? 0 : (cell > used_cells ? used_cells : cell);
        }
        result->cell_count = used_cells;
        result->cursor = cursor_cell < 0 ? 0 : (cursor_cell > used_cells ? used_cells : cursor_cell);
    } else {
        telou_translation_free(result);
        if (error[0] == 0) snprintf(error, error_size, "out of memory");
    }
    free(cells);
    free(input_pos);
    free(output_pos);
    wide_text_free(&input);
    pthread_mutex_unlock(&lock);
    return ok;
}

void telou_translation_free(telou_translation *translation) {
    free(translation->cells);
    free(translation->output_positions);
    free(translation->input_positions);
    memset(translation, 0, sizeof *translation);
}

int telou_back_translate(const char *tables, const uint32_t *cells, int count, int mode,
                         uint32_t **text, int *length, char *error, size_t error_size) {
    *text = NULL;
    *length = 0;
    if (error_size > 0) error[0] = 0;
    if (count < 0 || count > longest_input) {
        snprintf(error, error_size, "too many cells");
        return 0;
    }
    for (int index = 0; index < count; index++) {
        if (cells[index] < 0x2800 || cells[index] > 0x28FF) {
            snprintf(error, error_size, "cell %d is not Unicode braille", index + 1);
            return 0;
        }
    }
    if (!begin_open_call(error, error_size)) return 0;
    // Cells go in liblouis's dot form (0x8000 | dots) with dotsIO, as TalkBack and NVDA do, so
    // that every table reads them whether or not it defines Unicode braille.
    void *input = calloc((size_t)count + 1 + slack, (size_t)loaded.char_size);
    void *output = NULL;
    int ok = input != NULL, finished = 0, produced = 0;
    for (int index = 0; ok && index < count; index++) {
        uint32_t dots = 0x8000 | (cells[index] & 0xFF);
        if (loaded.char_size == 4) ((uint32_t *)input)[index] = dots; else ((uint16_t *)input)[index] = (uint16_t)dots;
    }
    if (ok && count == 0) finished = 1;
    for (int capacity = first_capacity(count); ok && !finished && capacity <= last_capacity(count); capacity = next_capacity(capacity, count)) {
        free(output);
        output = calloc((size_t)capacity + slack, (size_t)loaded.char_size);
        if (output == NULL) { ok = 0; break; }
        int consumed = count;
        produced = capacity;
        if (!loaded.back_translate(tables, input, &consumed, output, &produced, NULL, NULL, NULL, NULL, NULL,
                                   (mode & (telou_mode_no_undefined | telou_mode_partial)) | telou_mode_dots_io)) {
            report(error, error_size, "liblouis could not back-translate the cells");
            ok = 0;
            break;
        }
        if (complete(consumed, count, produced, capacity)) finished = 1;
    }
    if (ok && !finished) {
        snprintf(error, error_size, "the back-translation needs more than %d characters", last_capacity(count));
        ok = 0;
    }
    if (ok && count > 0) {
        uint32_t *points = malloc(((size_t)produced + 1) * sizeof(uint32_t));
        int written = 0;
        ok = points != NULL;
        for (int index = 0; ok && index < produced; index++) {
            uint32_t unit = unit_at(output, index);
            if (loaded.char_size == 2 && unit >= 0xD800 && unit <= 0xDBFF && index + 1 < produced) {
                uint32_t low = unit_at(output, index + 1);
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    points[written++] = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                    index++;
                    continue;
                }
            }
            points[written++] = (unit >= 0xD800 && unit <= 0xDFFF) || unit > 0x10FFFF ? 0xFFFD : unit;
        }
        if (ok) { *text = points; *length = written; }
    }
    if (!ok && error[0] == 0) snprintf(error, error_size, "out of memory");
    free(input);
    free(output);
    pthread_mutex_unlock(&lock);
    return ok;
}

void telou_text_free(uint32_t *text) { free(text); }
