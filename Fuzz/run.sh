#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzTarget.swift + the engine's sources, one module) and
# runs it. Usage: Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]   (default 600 seconds)
# Findings (crashes, leaks, timeouts) are saved as Fuzz/artifacts/crash-…; replay one with
#   .build/fuzz/typing-echo-fuzz Fuzz/artifacts/crash-…
# The corpus grows in .build/fuzz/corpus, seeded from Examples/*.replay.
# FUZZ_ASAN=1 adds AddressSanitizer (Fuzz/build-target.sh builds the target).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"; shift || true
out=.build/fuzz
mkdir -p "$out/corpus"
source Fuzz/build-target.sh
fuzz_build "$out" typing-echo-fuzz Fuzz/FuzzTarget.swift

# Seed corpus: each example's script after a default secret line.
for example in Examples/*.replay; do
    { echo "Sesame42"; cat "$example"; } > "$out/corpus/seed-$(basename "$example")"
done
exec "$out/typing-echo-fuzz" "$out/corpus" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1 "$@"
