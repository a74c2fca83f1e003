// Number symbols of a locale (the decimal pad's separator key).

#include "CICU.h"

#include <unicode/unum.h>

int32_t tecu_decimal_separator(const char *locale, uint16_t *destination, int32_t capacity, int32_t *status) {
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, (UErrorCode *)status);
    if (*status > 0) return 0;
    int32_t length = unum_getSymbol(format, UNUM_DECIMAL_SEPARATOR_SYMBOL, destination, capacity, (UErrorCode *)status);
    unum_close(format);
    return length;
}
