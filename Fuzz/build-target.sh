#!/usr/bin/env bash
# Sourced by Fuzz/run.sh, Fuzz/run-html.sh and Fuzz/import.sh: builds one libFuzzer target from
# the engine's sources as one module, with the C shims compiled for coverage.
#   fuzz_build OUT BINARY TARGET.swift [importers]
# OUT is the build folder (module map, objects, binary); BINARY the executable's name in it;
# TARGET.swift the fuzz entry point; `importers` adds Sources/TypingEchoImport and the CGumbo
# shim (gumbo itself, opened with dlopen, is not instrumented). FUZZ_ASAN=1 adds
# AddressSanitizer (about half the speed; the C shims are the only unsafe code).

fuzz_build() {
    local out="$1" binary="$2" target="$3" importers="${4:-}"
    local asan=""; [ "${FUZZ_ASAN:-0}" = 1 ] && asan=",address"
    local shims=(CICU CLouis) swift_dirs=(Sources/TypingEcho) extra=()
    if [ "$importers" = importers ]; then
        shims+=(CGumbo)
        swift_dirs+=(Sources/TypingEchoImport)
        # The importers' `import TypingEcho` names the module being built: swiftc warns and goes on.
        extra=(-wmo -suppress-warnings)
    fi
    mkdir -p "$out/obj" "$out/include" Fuzz/artifacts

    # The embedded data files (speech tables, phonetics, keyboards) as the package's build plugin
    # (Plugins/EmbedDataFiles) writes them.
    swift build --target TypingEcho >/dev/null 2>&1
    local resources
    resources=$(find .build/plugins/outputs -path '*/TypingEcho/*' -name 'EmbeddedFiles.swift' | head -n1)
    if [ -z "$resources" ]; then
        echo "error: the build plugin's EmbeddedFiles.swift was not found under .build/plugins/outputs" >&2
        exit 1
    fi

    local shim includes=()
    : > "$out/include/module.modulemap"
    for shim in "${shims[@]}"; do
        printf 'module %s {\n    header "%s"\n    export *\n}\n' "$shim" "$(pwd)/Sources/$shim/include/$shim.h" \
            >> "$out/include/module.modulemap"
        includes+=("-ISources/$shim/include")
    done
    rm -f "$out"/obj/*.o
    local source
    for shim in "${shims[@]}"; do
        for source in Sources/"$shim"/*.c; do
            clang -O1 -g -fsanitize=fuzzer-no-link$asan "${includes[@]}" -c "$source" \
                -o "$out/obj/$(basename "$source" .c).o"
        done
    done
    swiftc -O -g -sanitize=fuzzer$asan -parse-as-library -module-name TypingEcho -package-name typing_echo \
        -I "$out/include" "${extra[@]}" \
        $(find "${swift_dirs[@]}" -name '*.swift') "$resources" "$target" \
        "$out"/obj/*.o -licui18n -licuuc -licudata -lm -ldl \
        -o "$out/$binary"
    # A whole-module build leaves its module files in the working directory.
    rm -f TypingEcho-1.swiftdoc TypingEcho-1.swiftmodule TypingEcho-1.swiftsourceinfo
}
