#!/usr/bin/env bash
# Builds the HTML importer's libFuzzer target (Fuzz/HTMLFuzzTarget.swift + the engine's and the
# importer's sources, one module; the CGumbo shim compiled with coverage) and runs it.
# Usage: Fuzz/run-html.sh [SECONDS] [extra libFuzzer flags…]   (default 600 seconds)
# gumbo itself (libgumbo1, opened with dlopen) is not instrumented: coverage is the shim's and the
# importer's. Findings are saved as Fuzz/artifacts/html-crash-…; replay one with
#   .build/fuzz-html/typing-echo-html-fuzz Fuzz/artifacts/html-crash-…
# The corpus grows in .build/fuzz-html/corpus, seeded from the example pages and the
# web-platform-tests cases. FUZZ_ASAN=1 adds AddressSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"; shift || true
out=.build/fuzz-html
asan=""; [ "${FUZZ_ASAN:-0}" = 1 ] && asan=",address"
mkdir -p "$out/obj" "$out/include" "$out/corpus" Fuzz/artifacts

swift build --target TypingEcho >/dev/null 2>&1
resources=$(find .build/plugins/outputs -path '*/TypingEcho/*' -name 'EmbeddedFiles.swift' | head -n1)
if [ -z "$resources" ]; then
    echo "error: the build plugin's EmbeddedFiles.swift was not found under .build/plugins/outputs" >&2
    exit 1
fi

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
    clang -O1 -g -fsanitize=fuzzer-no-link$asan -ISources/CICU/include -ISources/CLouis/include -ISources/CGumbo/include \
        -c "$source" -o "$out/obj/$(basename "$source" .c).o"
done
# The importer's `import TypingEcho` lines name the module being compiled: swiftc warns and goes on.
swiftc -O -g -sanitize=fuzzer$asan -parse-as-library -module-name TypingEcho -package-name typing_echo \
    -I "$out/include" -suppress-warnings \
    $(find Sources/TypingEcho Sources/TypingEchoImport -name '*.swift') "$resources" Fuzz/HTMLFuzzTarget.swift \
    "$out"/obj/*.o -licui18n -licuuc -licudata -lm -ldl \
    -o "$out/typing-echo-html-fuzz"

for page in Examples/signup-form/*.html Conformance/orca/forms/*.html Tests/WebPlatformTests/*.html; do
    [ -f "$page" ] && cp "$page" "$out/corpus/seed-$(basename "$(dirname "$page")")-$(basename "$page")"
done
exec "$out/typing-echo-html-fuzz" "$out/corpus" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=Fuzz/artifacts/html- -print_final_stats=1 "$@"
