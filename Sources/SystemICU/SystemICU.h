// The system's ICU, as SwiftPM sees it: declared in Package.swift with pkg-config names
// (icu-uc, icu-i18n) and the packages that provide it. Sources/CICU includes ICU's headers
// itself; Swift code never imports this module (ICU's headers clash with Foundation's).
#include <unicode/utypes.h>
