#ifndef CESPEAK_H
#define CESPEAK_H

// A C shim over espeak-ng that loads the library with dlopen when it is first asked to, so that
// nothing links against espeak-ng. The few espeak-ng declarations it needs are restated in
// espeak.c from <espeak-ng/speak_lib.h> (a stable C API); this header uses plain C types and its
// own prefix (`tees_`).

#include <stddef.h>
#include <stdint.h>

/// Samples produced by one synthesis, in espeak-ng's native format: 16-bit mono.
typedef struct {
    int16_t *samples;
    size_t count;
    size_t capacity;
    int failed;
} tees_samples;

/// Opens `library` (a file name dlopen searches for, or a path) and initialises espeak-ng with
/// synchronous output. Returns the sample rate (> 0), or 0 with a message in `error`.
/// Calling it again after a success returns the same rate without reopening anything.
int tees_open(const char *library, char *error, size_t error_size);

/// The number of installed voices (after tees_open).
int tees_voice_count(void);

/// The identifier (file name under espeak-ng-data, e.g. "gmw/en-US") of voice `index`.
const char *tees_voice_identifier(int index);

/// The languages of voice `index`: `count` receives the number; each language is written to
/// `languages[i]` (a pointer into espeak-ng's data) with its priority in `priorities[i]`, up to
/// `capacity` entries.
int tees_voice_languages(int index, const char **languages, int *priorities, int capacity);

/// Selects a voice by name, identifier or variant ("en-us", "gmw/en-US", "en-us+f3").
/// Returns 0 on success.
int tees_set_voice(const char *name);

/// Synthesises UTF-8 `text` at `rate` words a minute and `pitch` (0–100, 50 is espeak-ng's
/// normal) into `out` (which the caller zero-initialises and frees with tees_samples_free).
/// Returns 0 on success.
int tees_synthesize(const char *text, int rate, int pitch, tees_samples *out);

/// Frees the samples of a synthesis.
void tees_samples_free(tees_samples *samples);

#endif
