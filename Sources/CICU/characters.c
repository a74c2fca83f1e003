// Character properties, names, case mapping, normalisation, locales and plural rules.

#include "CICU.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/unorm2.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/uset.h>
#include <unicode/upluralrules.h>
#include <unicode/unum.h>
#include <unicode/uenum.h>
#include <unicode/uversion.h>

const char *tecu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

void tecu_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    u_getVersion(info);
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(info, text);
    if (capacity > 0) {
        strncpy(buffer, text, (size_t)capacity - 1);
        buffer[capacity - 1] = 0;
    }
}

int32_t tecu_char_category(uint32_t scalar) { return u_charType((UChar32)scalar); }

bool tecu_char_is_uppercase(uint32_t scalar) { return u_isUUppercase((UChar32)scalar); }

bool tecu_char_is_whitespace(uint32_t scalar) { return u_isUWhiteSpace((UChar32)scalar); }

bool tecu_char_changes_case(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_CHANGES_WHEN_LOWERCASED)
        || u_hasBinaryProperty((UChar32)scalar, UCHAR_CHANGES_WHEN_CASEFOLDED);
}

bool tecu_char_is_pictographic(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EXTENDED_PICTOGRAPHIC);
}

int32_t tecu_char_name(uint32_t scalar, char *buffer, int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    return u_charName((UChar32)scalar, U_UNICODE_CHAR_NAME, buffer, capacity, (UErrorCode *)status);
}

int32_t tecu_to_lower(const uint16_t *source, int32_t count, uint16_t *destination,
                      int32_t capacity, const char *locale, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    return u_strToLower(destination, capacity, source, count, locale, (UErrorCode *)status);
}

int32_t tecu_to_upper(const uint16_t *source, int32_t count, uint16_t *destination,
                      int32_t capacity, const char *locale, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    return u_strToUpper(destination, capacity, source, count, locale, (UErrorCode *)status);
}

int32_t tecu_fold_case(const uint16_t *source, int32_t count, uint16_t *destination,
                       int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    return u_strFoldCase(destination, capacity, source, count, U_FOLD_CASE_DEFAULT, (UErrorCode *)status);
}

int32_t tecu_normalize_nfc(const uint16_t *source, int32_t count, uint16_t *destination,
                           int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    const UNormalizer2 *nfc = unorm2_getNFCInstance((UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    return unorm2_normalize(nfc, source, count, destination, capacity, (UErrorCode *)status);
}

bool tecu_is_nfc(const uint16_t *source, int32_t count) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return false;
    // Only a definite "yes"; a "maybe" (a mark that might compose) is normalised in full.
    UBool normalized = unorm2_quickCheck(nfc, source, count, &status) == UNORM_YES;
    return U_SUCCESS(status) && normalized;
}

int32_t tecu_locale_from_tag(const char *tag, char *buffer, int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, buffer, capacity, &parsed, (UErrorCode *)status);
    if (U_SUCCESS(*status) && (parsed != (int32_t)strlen(tag) || length == 0)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
    }
    return length;
}

int32_t tecu_locale_subtag(const char *locale, int32_t which, char *buffer, int32_t capacity,
                           int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    switch (which) {
    case 0: return uloc_getLanguage(locale, buffer, capacity, (UErrorCode *)status);
    case 1: return uloc_getScript(locale, buffer, capacity, (UErrorCode *)status);
    case 2: return uloc_getCountry(locale, buffer, capacity, (UErrorCode *)status);
    default: *status = U_ILLEGAL_ARGUMENT_ERROR; return 0;
    }
}

int32_t tecu_region_name(const char *region, const char *display_locale, uint16_t *destination,
                         int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    char locale[16] = "und_";
    size_t length = strlen(region);
    if (length == 0 || length > 3) { *status = U_ILLEGAL_ARGUMENT_ERROR; return 0; }
    memcpy(locale + 4, region, length + 1);
    int32_t written = uloc_getDisplayCountry(locale, display_locale, destination, capacity, (UErrorCode *)status);
    if (U_FAILURE(*status)) return written;
    // ICU echoes the code itself for a region it has no name for.
    if (written == (int32_t)length && written <= capacity) {
        bool same = true;
        for (size_t index = 0; index < length; index++) same = same && destination[index] == (uint16_t)region[index];
        if (same) return 0;
    }
    return written;
}

bool tecu_locale_is_available(const char *locale) {
    char language[ULOC_LANG_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(locale, language, sizeof language, &status);
    if (U_FAILURE(status) || language[0] == 0) return false;
    int32_t count = uloc_countAvailable();
    for (int32_t index = 0; index < count; index++) {
        const char *available = uloc_getAvailable(index);
        size_t length = strlen(language);
        if (strncmp(available, language, length) == 0 && (available[length] == 0 || available[length] == '_')) {
            return true;
        }
    }
    return false;
}

static const ULocaleDataExemplarSetType exemplar_kinds[] = {
    ULOCDATA_ES_STANDARD, ULOCDATA_ES_AUXILIARY, ULOCDATA_ES_INDEX, ULOCDATA_ES_PUNCTUATION,
};

tecu_set *tecu_exemplar_set(const char *locale, int32_t kind, int32_t *status) {
    if (U_FAILURE(*status)) return NULL;
    if (kind < 0 || kind > 3) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    ULocaleData *data = ulocdata_open(locale, (UErrorCode *)status);
    if (U_FAILURE(*status)) return NULL;
    USet *set = ulocdata_getExemplarSet(data, NULL, 0, exemplar_kinds[kind], (UErrorCode *)status);
    ulocdata_close(data);
    return (tecu_set *)set;
}

int32_t tecu_exemplar_pattern(const char *locale, int32_t kind, uint16_t *destination,
                              int32_t capacity, int32_t *status) {
    tecu_set *set = tecu_exemplar_set(locale, kind, status);
    if (set == NULL) return 0;
    int32_t length = uset_toPattern((const USet *)set, destination, capacity, true, (UErrorCode *)status);
    uset_close((USet *)set);
    return length;
}

int32_t tecu_quotation_marks(const char *locale, uint16_t *destination, int32_t capacity,
                             int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    ULocaleData *data = ulocdata_open(locale, (UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    UChar all[64];
    int32_t written = 0;
    for (int kind = ULOCDATA_QUOTATION_START; kind <= ULOCDATA_ALT_QUOTATION_END; kind++) {
        UChar mark[8];
        UErrorCode local = U_ZERO_ERROR;
        int32_t length = ulocdata_getDelimiter(data, (ULocaleDataDelimiterType)kind, mark, 8, &local);
        if (U_FAILURE(local) || length <= 0 || length > 8) continue;
        if (written > 0) all[written++] = 0x20;
        memcpy(all + written, mark, sizeof(UChar) * (size_t)length);
        written += length;
    }
    ulocdata_close(data);
    if (written > capacity) { *status = U_BUFFER_OVERFLOW_ERROR; return written; }
    memcpy(destination, all, sizeof(UChar) * (size_t)written);
    return written;
}

void tecu_set_close(tecu_set *set) { if (set != NULL) uset_close((USet *)set); }

int32_t tecu_set_item_count(const tecu_set *set) { return uset_getItemCount((const USet *)set); }

int32_t tecu_set_item(const tecu_set *set, int32_t index, uint16_t *destination,
                      int32_t capacity, int32_t *range_start, int32_t *range_end,
                      int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    UChar32 start = 0, end = 0;
    int32_t length = uset_getItem((const USet *)set, index, &start, &end, destination, capacity, (UErrorCode *)status);
    if (length == 0) {
        *range_start = start;
        *range_end = end;
    } else {
        *range_start = -1;
        *range_end = -1;
    }
    return length;
}

tecu_plurals *tecu_plurals_open(const char *locale, int32_t *status) {
    if (U_FAILURE(*status)) return NULL;
    return (tecu_plurals *)uplrules_open(locale, (UErrorCode *)status);
}

void tecu_plurals_close(tecu_plurals *plurals) {
    if (plurals != NULL) uplrules_close((UPluralRules *)plurals);
}

int32_t tecu_plurals_select(const tecu_plurals *plurals, double number, char *buffer,
                            int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    UChar keyword[32];
    int32_t length = uplrules_select((const UPluralRules *)plurals, number, keyword, 32, (UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    if (length >= capacity) { *status = U_BUFFER_OVERFLOW_ERROR; return length; }
    u_UCharsToChars(keyword, buffer, length);
    buffer[length] = 0;
    return length;
}

int32_t tecu_plurals_keywords(const tecu_plurals *plurals, char *buffer, int32_t capacity,
                              int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    UEnumeration *keywords = uplrules_getKeywords((const UPluralRules *)plurals, (UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    int32_t written = 0;
    const char *keyword;
    int32_t length = 0;
    while ((keyword = uenum_next(keywords, &length, (UErrorCode *)status)) != NULL && U_SUCCESS(*status)) {
        if (written + length + 2 > capacity) { *status = U_BUFFER_OVERFLOW_ERROR; break; }
        if (written > 0) buffer[written++] = ' ';
        memcpy(buffer + written, keyword, (size_t)length);
        written += length;
    }
    uenum_close(keywords);
    if (capacity > 0) buffer[written < capacity ? written : capacity - 1] = 0;
    return written;
}

int32_t tecu_format_integer(const char *locale, int64_t number, uint16_t *destination,
                            int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, (UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    unum_setAttribute(format, UNUM_GROUPING_USED, 0);
    int32_t length = unum_formatInt64(format, number, destination, capacity, NULL, (UErrorCode *)status);
    unum_close(format);
    return length;
}

tecu_integer_format *tecu_integer_format_open(const char *locale, int32_t *status) {
    if (U_FAILURE(*status)) return NULL;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, (UErrorCode *)status);
    if (U_FAILURE(*status)) return NULL;
    unum_setAttribute(format, UNUM_GROUPING_USED, 0);
    return (tecu_integer_format *)format;
}

void tecu_integer_format_close(tecu_integer_format *format) {
    if (format != NULL) unum_close((UNumberFormat *)format);
}

int32_t tecu_integer_format_write(const tecu_integer_format *format, int64_t number, uint16_t *destination,
                                  int32_t capacity, int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    return unum_formatInt64((const UNumberFormat *)format, number, destination, capacity, NULL, (UErrorCode *)status);
}
