#!/usr/bin/env python3
"""Prints a [names] section for Phonetics/<LANG>.txt from CLDR's annotations.

Usage: scripts/cldr-names.py LANG [EXTRA_CHARACTERS]

Reads the spoken ("tts") names of the characters every phonetics file must name
(Phonetics/README.md), plus EXTRA_CHARACTERS (the locale's quotation marks, its currency
sign), from Debian's unicode-cldr-core (/usr/share/unicode/cldr/common/annotations/LANG.xml,
or $TYPING_ECHO_CLDR_ANNOTATIONS). Characters CLDR does not name in LANG are listed as
comments ("# MISSING …") for a translator to fill in; space, tab and new line are never in
CLDR and always need a translator. The output is a starting point: the phonetics file, once
written, is the source of truth and is edited by hand.
"""
import os, re, sys, html

REQUIRED = list(".,;:!?'\"()[]{}-_/\\@#$%^&*+=<>|~`€£¥§°•…–—")
MUST_ESCAPE = {"=": "U+003D", "#": "U+0023", "[": "U+005B"}

def annotations(lang):
    base = os.environ.get("TYPING_ECHO_CLDR_ANNOTATIONS", "/usr/share/unicode/cldr/common/annotations")
    names = {}
    for name in [lang.split("_")[0], lang] if "_" in lang else [lang]:
        path = os.path.join(base, name + ".xml")
        if not os.path.exists(path):
            continue
        text = open(path, encoding="utf-8").read()
        for cp, tts in re.findall(r'<annotation cp="([^"]+)" type="tts">([^<]+)</annotation>', text):
            value = html.unescape(tts).strip()
            if value != "↑↑↑":
                names[html.unescape(cp)] = value
    return names

def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    lang = sys.argv[1]
    extra = [c for c in (sys.argv[2] if len(sys.argv) > 2 else "") if not c.isspace()]
    names = annotations(lang)
    print("# names below from CLDR 41 annotations (unicode-cldr-core, type tts), by scripts/cldr-names.py")
    seen = set()
    for ch in REQUIRED + extra:
        if ch in seen:
            continue
        seen.add(ch)
        key = MUST_ESCAPE.get(ch, ch)
        if ch in names:
            print(f"{key} = {names[ch]}")
        else:
            print(f"# MISSING {key} (U+{ord(ch):04X}) = ")

if __name__ == "__main__":
    main()
