#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzTarget.swift + the engine's sources, one module) and
# runs it. Usage: Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]   (default 600 seconds)
# Findings (crashes, leaks, timeouts) are saved as Fuzz/artifacts/crash-…; replay one with
#   .build/fuzz/typing-echo-fuzz Fuzz/artifacts/crash-…
# The corpus grows in .build/fuzz/corpus, seeded from Examples/*.replay.
# FUZZ_ASAN=1 adds AddressSanitizer (about half the speed; the C shim is the only unsafe code).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"; shift || true
out=.build/fuzz
asan=""; [ "${FUZZ_ASAN:-0}" = 1 ] && asan=",address"
mkdir -p "$out/obj" "$out/include" "$out/corpus" Fuzz/artifacts

# The embedded data files (speech tables, phonetics, keyboards) as the package's build plugin
# (Plugins/EmbedDataFiles) writes them.
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
MAP
for source in Sources/CICU/*.c Sources/CLouis/*.c; do
    clang -O1 -g -fsanitize=fuzzer-no-link$asan -ISources/CICU/include -ISources/CLouis/include -c "$source" \
        -o "$out/obj/$(basename "$source" .c).o"
done
swiftc -O -g -sanitize=fuzzer$asan -parse-as-library -module-name TypingEcho -package-name typing_echo \
    -I "$out/include" \
    $(find Sources/TypingEcho -name '*.swift') "$resources" Fuzz/FuzzTarget.swift \
    "$out"/obj/*.o -licui18n -licuuc -licudata -lm -ldl \
    -o "$out/typing-echo-fuzz"

# Seed corpus: each example's script after a default secret line.
for example in Examples/*.replay; do
    { echo "Sesame42"; cat "$example"; } > "$out/corpus/seed-$(basename "$example")"
done
exec "$out/typing-echo-fuzz" "$out/corpus" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1 "$@"
