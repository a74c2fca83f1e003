// Unicode scripts of code points, for checking that translators' words are in their
// language's script.

#include "CICU.h"

#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>

int32_t tecu_char_script(uint32_t scalar) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)scalar, &status);
    return U_FAILURE(status) ? -1 : (int32_t)code;
}

int32_t tecu_char_direction(uint32_t scalar) {
    return (int32_t)u_charDirection((UChar32)scalar);
}

bool tecu_locale_is_rtl(const char *locale) {
    return uloc_isRightToLeft(locale) ? true : false;
}
