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
mkdir -p "$out/import-$format"
source Fuzz/build-target.sh
fuzz_build "$out" typing-echo-import-fuzz Fuzz/ImportFuzzTarget.swift importers

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
