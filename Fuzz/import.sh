#!/usr/bin/env bash
# Builds the importers' libFuzzer target (Fuzz/ImportFuzzTarget.swift with the engine's and the
# importers' sources in one module) and runs it on one format.
# Usage: Fuzz/import.sh FORMAT [SECONDS] [extra libFuzzer flags…]   (FORMAT: uiautomator,
# xcuitest, aria-snapshot, html; default 600 seconds). Findings are saved as
# Fuzz/artifacts/import-FORMAT-crash-…; the corpus grows in .build/fuzz/import-FORMAT, seeded
# from Tests/TypingEchoImportTests/Samples.
set -euo pipefail
cd "$(dirname "$0")/.."
format="${1:?usage: Fuzz/import.sh FORMAT [SECONDS]}"; shift
seconds="${1:-600}"; shift || true
out=.build/fuzz
mkdir -p "$out/obj" "$out/include" "$out/import-$format" Fuzz/artifacts

swift build --target TypingEcho >/dev/null 2>&1
resources=$(find .build/plugins/outputs -path '*/TypingEcho/*' -name 'EmbeddedFiles.swift' | head -n1)
cat > "$out/include/module.modulemap" <<MAP
module CICU {
    header "$(pwd)/Sources/CICU/include/CICU.h"
    export *
}
module CLouis {
    header "$(pwd)/Sources/CLouis/include/CLouis.h"
    export *
}
module CGumbo {
    header "$(pwd)/Sources/CGumbo/include/CGumbo.h"
    export *
}
MAP
for source in Sources/CICU/*.c Sources/CLouis/*.c Sources/CGumbo/*.c; do
    clang -O1 -g -fsanitize=fuzzer-no-link -ISources/CICU/include -ISources/CLouis/include -ISources/CGumbo/include -c "$source" \
        -o "$out/obj/$(basename "$source" .c).o"
done
# The importers' `import TypingEcho` names the module being built: swiftc ignores it with a warning.
swiftc -O -wmo -g -sanitize=fuzzer -parse-as-library -module-name TypingEcho -package-name typing_echo \
    -I "$out/include" -suppress-warnings \
    $(find Sources/TypingEcho Sources/TypingEchoImport -name '*.swift') "$resources" \
    Fuzz/ImportFuzzTarget.swift "$out"/obj/*.o -licui18n -licuuc -licudata -lm -ldl \
    -o "$out/typing-echo-import-fuzz"
# A whole-module build leaves its module files in the working directory.
rm -f TypingEcho-1.swiftdoc TypingEcho-1.swiftmodule TypingEcho-1.swiftsourceinfo

case "$format" in
    uiautomator) seeds=Tests/TypingEchoImportTests/Samples/*.xml ;;
    xcuitest) seeds=Tests/TypingEchoImportTests/Samples/*.txt ;;
    aria-snapshot) seeds=Tests/TypingEchoImportTests/Samples/*.yml ;;
    *) seeds=Tests/TypingEchoImportTests/Samples/*.html ;;
esac
for seed in $seeds; do [ -e "$seed" ] && cp "$seed" "$out/import-$format/"; done
# Swift's own backtracer would take the crash before libFuzzer saves the input.
SWIFT_BACKTRACE=enable=no TYPING_ECHO_FUZZ_FORMAT="$format" exec "$out/typing-echo-import-fuzz" "$out/import-$format" -max_total_time="$seconds" \
    -max_len=16384 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="Fuzz/artifacts/import-$format-" -print_final_stats=1 "$@"
