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
mkdir -p "$out/corpus"
source Fuzz/build-target.sh
fuzz_build "$out" typing-echo-html-fuzz Fuzz/HTMLFuzzTarget.swift importers

for page in Examples/signup-form/*.html Conformance/orca/forms/*.html Tests/WebPlatformTests/*.html; do
    [ -f "$page" ] && cp "$page" "$out/corpus/seed-$(basename "$(dirname "$page")")-$(basename "$page")"
done
exec "$out/typing-echo-html-fuzz" "$out/corpus" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=Fuzz/artifacts/html- -print_final_stats=1 "$@"
