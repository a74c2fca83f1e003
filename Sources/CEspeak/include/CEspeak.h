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

/// The name of voice `index` ("English (America)").
const char *tees_voice_name(int index);

/// The number of voice variants espeak-ng lists (espeak_ListVoices for the language "variant").
int tees_variant_count(void);

/// The name of variant `index` as a voice name takes it after `+` ("f3", its file "!v/f3").
const char *tees_variant_name(int index);

/// The languages of voice `index`: `count` receives the number; each language is written to
/// `languages[i]` (a pointer into espeak-ng's data) with its priority in `priorities[i]`, up to
/// `capacity` entries.
int tees_voice_languages(int index, const char **languages, int *priorities, int capacity);

/// One utterance to synthesise: UTF-8 `text` with `voice`, a listed voice's identifier,
/// optionally with `+` and a listed variant's name ("gmw/en-US", "gmw/en-US+f3"), at `rate`
/// words a minute and `pitch` (0–100, 50 normal). Any other voice is refused (status 1) before
/// espeak-ng sees it.
typedef struct {
    const char *text;
    const char *voice;
    int rate;
    int pitch;
} tees_request;

/// Synthesises every request in a child process forked for the purpose, so that each batch
/// starts from the same espeak-ng state (espeak-ng keeps synthesis state in statics that no
/// call resets: its pitch flutter, wave phase, noise). `results[i]` (zero-initialised by the
/// caller, freed with tees_samples_free) receives request i's samples and `statuses[i]` 0, or
/// 1 when espeak-ng has no such voice, or another non-zero espeak-ng status.
/// Returns 0, or -1 when the child could not be started or did not finish.
int tees_synthesize_all(const tees_request *requests, int count, tees_samples *results, int *statuses);

/// Frees the samples of a synthesis.
void tees_samples_free(tees_samples *samples);

#endif
