#include "CEspeak.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

// ---- Declarations restated from <espeak-ng/speak_lib.h> (espeak-ng 1.49–1.52) ----

typedef enum { AUDIO_OUTPUT_SYNCHRONOUS = 2 } espeak_AUDIO_OUTPUT;
typedef enum { espeakRATE = 1, espeakVOLUME = 2, espeakPITCH = 3, espeakRANGE = 4 } espeak_PARAMETER;
typedef enum { POS_CHARACTER = 1 } espeak_POSITION_TYPE;
enum { espeakCHARS_UTF8 = 1, espeakINITIALIZE_DONT_EXIT = 0x8000 };

typedef struct {
    int type;
    unsigned int unique_identifier;
    int text_position;
    int length;
    int audio_position;
    int sample;
    void *user_data;
    union { int number; const char *name; char string[8]; } id;
} espeak_EVENT;

typedef struct {
    const char *name;
    const char *languages;
    const char *identifier;
    unsigned char gender;
    unsigned char age;
    unsigned char variant;
    unsigned char xx1;
    int score;
    void *spare;
} espeak_VOICE;

typedef int (*synth_callback)(short *, int, espeak_EVENT *);

// ---- The loaded functions ----

static struct {
    void *handle;
    int rate;
    int (*initialize)(espeak_AUDIO_OUTPUT, int, const char *, int);
    void (*set_synth_callback)(synth_callback);
    int (*set_parameter)(espeak_PARAMETER, int, int);
    int (*set_voice_by_name)(const char *);
    const espeak_VOICE **(*list_voices)(espeak_VOICE *);
    int (*synth)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int, unsigned int, unsigned int *, void *);
    int (*synchronize)(void);
    const espeak_VOICE **voices;
    int voice_count;
    char **variants;  // the variant names espeak-ng lists ("f3" for its file "!v/f3"), copied
    int variant_count;
} loaded;

static int collect(short *wav, int count, espeak_EVENT *events) {
    if (wav == NULL || count <= 0) return 0;
    tees_samples *out = NULL;
    for (espeak_EVENT *event = events; event != NULL; event++) {
        if (event->user_data != NULL) { out = event->user_data; break; }
        if (event->type == 0) break;  // espeakEVENT_LIST_TERMINATED
    }
    if (out == NULL || out->failed) return 0;
    if (out->count + (size_t)count > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->count + (size_t)count) capacity *= 2;
        int16_t *grown = realloc(out->samples, capacity * sizeof(int16_t));
        if (grown == NULL) { out->failed = 1; return 1; }
        out->samples = grown;
        out->capacity = capacity;
    }
    memcpy(out->samples + out->count, wav, (size_t)count * sizeof(int16_t));
    out->count += (size_t)count;
    return 0;
}

#define LOOKUP(field, symbol)                                                          \
    do {                                                                               \
        *(void **)(&loaded.field) = dlsym(handle, symbol);                             \
        if (loaded.field == NULL) {                                                    \
            snprintf(error, error_size, "%s has no symbol %s", library, symbol);     \
            dlclose(handle);                                                           \
            memset(&loaded, 0, sizeof loaded);                                         \
            return 0;                                                                  \
        }                                                                              \
    } while (0)

int tees_open(const char *library, char *error, size_t error_size) {
    if (loaded.rate > 0) return loaded.rate;
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason ? reason : "cannot open the library");
        return 0;
    }
    loaded.handle = handle;
    LOOKUP(initialize, "espeak_Initialize");
    LOOKUP(set_synth_callback, "espeak_SetSynthCallback");
    LOOKUP(set_parameter, "espeak_SetParameter");
    LOOKUP(set_voice_by_name, "espeak_SetVoiceByName");
    LOOKUP(list_voices, "espeak_ListVoices");
    LOOKUP(synth, "espeak_Synth");
    LOOKUP(synchronize, "espeak_Synchronize");
    int rate = loaded.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) {
        snprintf(error, error_size, "espeak-ng could not initialise (is espeak-ng-data installed?)");
        dlclose(handle);
        memset(&loaded, 0, sizeof loaded);
        return 0;
    }
    loaded.set_synth_callback(collect);
    // The variants first: every espeak_ListVoices call frees the list the previous one gave,
    // so their names are copied, and the list of voices kept is the last one asked for.
    espeak_VOICE variant_spec;
    memset(&variant_spec, 0, sizeof variant_spec);
    variant_spec.languages = "variant";
    const espeak_VOICE **variants = loaded.list_voices(&variant_spec);
    int listed = 0;
    while (variants != NULL && variants[listed] != NULL) listed++;
    loaded.variants = listed > 0 ? calloc((size_t)listed, sizeof(char *)) : NULL;
    for (int index = 0; loaded.variants != NULL && index < listed; index++) {
        const char *identifier = variants[index]->identifier;
        if (identifier == NULL || strncmp(identifier, "!v/", 3) != 0 || identifier[3] == 0) continue;
        char *copy = strdup(identifier + 3);
        if (copy != NULL) loaded.variants[loaded.variant_count++] = copy;
    }
    loaded.voices = loaded.list_voices(NULL);
    while (loaded.voices != NULL && loaded.voices[loaded.voice_count] != NULL) loaded.voice_count++;
    loaded.rate = rate;
    return rate;
}

int tees_voice_count(void) { return loaded.voice_count; }

const char *tees_voice_identifier(int index) {
    if (index < 0 || index >= loaded.voice_count) return NULL;
    return loaded.voices[index]->identifier;
}

const char *tees_voice_name(int index) {
    if (index < 0 || index >= loaded.voice_count) return NULL;
    return loaded.voices[index]->name;
}

int tees_variant_count(void) { return loaded.variant_count; }

const char *tees_variant_name(int index) {
    if (index < 0 || index >= loaded.variant_count) return NULL;
    return loaded.variants[index];
}

/// Whether `voice` is exactly a listed voice's identifier, optionally followed by `+` and a
/// listed variant's name: the only names passed to espeak_SetVoiceByName, which reads a voice
/// file at any path it is given and copies a variant into a 40-byte buffer unchecked.
static int is_listed_voice(const char *voice) {
    if (voice == NULL) return 0;
    const char *plus = strchr(voice, '+');
    size_t length = plus != NULL ? (size_t)(plus - voice) : strlen(voice);
    int found = 0;
    for (int index = 0; !found && index < loaded.voice_count; index++) {
        const char *identifier = loaded.voices[index]->identifier;
        found = identifier != NULL && strlen(identifier) == length && strncmp(identifier, voice, length) == 0;
    }
    if (!found || plus == NULL) return found;
    for (int index = 0; index < loaded.variant_count; index++) {
        if (strcmp(loaded.variants[index], plus + 1) == 0) return 1;
    }
    return 0;
}

int tees_voice_languages(int index, const char **languages, int *priorities, int capacity) {
    if (index < 0 || index >= loaded.voice_count) return 0;
    const char *cursor = loaded.voices[index]->languages;
    int count = 0;
    // Each entry is one priority byte then a zero-terminated name; an empty name ends the list.
    while (cursor != NULL && *cursor != 0 && count < capacity) {
        int priority = (unsigned char)*cursor++;
        if (*cursor == 0) break;
        languages[count] = cursor;
        priorities[count] = priority;
        count++;
        cursor += strlen(cursor) + 1;
    }
    return count;
}

static int write_all(int descriptor, const void *bytes, size_t count) {
    const char *cursor = bytes;
    while (count > 0) {
        ssize_t written = write(descriptor, cursor, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return -1;
        cursor += written;
        count -= (size_t)written;
    }
    return 0;
}

/// In the child: synthesise each request and write `status, count, samples…` for it.
static void synthesize_into(int descriptor, const tees_request *requests, int count) {
    for (int index = 0; index < count; index++) {
        const tees_request *request = &requests[index];
        tees_samples out = {0};
        int32_t header[2] = {0, 0};
        if (!is_listed_voice(request->voice) || loaded.set_voice_by_name(request->voice) != 0) {
            header[0] = 1;
        } else if (loaded.set_parameter(espeakRATE, request->rate, 0) != 0 || loaded.set_parameter(espeakPITCH, request->pitch, 0) != 0) {
            header[0] = 2;
        } else {
            // espeak-ng draws its noise from the C library's rand(): seed it for every utterance.
            srand(1);
            int status = loaded.synth(request->text, strlen(request->text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, &out);
            if (status == 0) status = loaded.synchronize();
            header[0] = status != 0 ? status : (out.failed ? 3 : 0);
        }
        header[1] = header[0] == 0 ? (int32_t)out.count : 0;
        if (write_all(descriptor, header, sizeof header) != 0) _exit(2);
        if (header[1] > 0 && write_all(descriptor, out.samples, out.count * sizeof(int16_t)) != 0) _exit(2);
        free(out.samples);
    }
}

int tees_synthesize_all(const tees_request *requests, int count, tees_samples *results, int *statuses) {
    if (loaded.rate <= 0) return -1;
    int channel[2];
    if (pipe(channel) != 0) return -1;
    pid_t child = fork();
    if (child < 0) { close(channel[0]); close(channel[1]); return -1; }
    if (child == 0) {
        close(channel[0]);
        synthesize_into(channel[1], requests, count);
        _exit(0);
    }
    close(channel[1]);
    // Read everything the child writes (it blocks when the pipe is full), then wait for it.
    char *bytes = NULL;
    size_t size = 0, capacity = 0;
    int failed = 0;
    for (;;) {
        if (size + 65536 > capacity) {
            size_t grown = capacity ? capacity * 2 : 262144;
            char *larger = realloc(bytes, grown);
            if (larger == NULL) { failed = 1; break; }
            bytes = larger;
            capacity = grown;
        }
        ssize_t got = read(channel[0], bytes + size, capacity - size);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) { failed = 1; break; }
        if (got == 0) break;
        size += (size_t)got;
    }
    close(channel[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) { failed = 1; break; }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) failed = 1;
    size_t offset = 0;
    for (int index = 0; index < count && !failed; index++) {
        int32_t header[2];
        if (offset + sizeof header > size) { failed = 1; break; }
        memcpy(header, bytes + offset, sizeof header);
        offset += sizeof header;
        statuses[index] = header[0];
        size_t samples = header[1] > 0 ? (size_t)header[1] : 0;
        if (offset + samples * sizeof(int16_t) > size) { failed = 1; break; }
        if (samples > 0) {
            results[index].samples = malloc(samples * sizeof(int16_t));
            if (results[index].samples == NULL) { failed = 1; break; }
            memcpy(results[index].samples, bytes + offset, samples * sizeof(int16_t));
            results[index].count = results[index].capacity = samples;
        }
        offset += samples * sizeof(int16_t);
    }
    free(bytes);
    return failed ? -1 : 0;
}

void tees_samples_free(tees_samples *samples) {
    free(samples->samples);
    samples->samples = NULL;
    samples->count = samples->capacity = 0;
}
