#!/usr/bin/env python3
"""A format is its folder: src/formats/NAME/ and one line of src/formats/registry.c. This check
fails when a format's name appears in code (identifiers and strings; comments do not count)
anywhere else in src/ or include/, as a whole word the way `grep -w` finds it: `dhat_views`
and `d.dhat` name DHAT, `symbolize_demangle_wasm` names no format.

What the user reads, a command's help or a message, belongs in the format's declared data
(its folder). Files still naming a format from before the folders existed are listed in
PENDING with the names they use; the check also fails when one of them no longer does, so
the list only shrinks. Usage: check_format_names.py REPO [--list]"""
import os, re, sys

repo = sys.argv[1]
# Each word that names a format, and the folder of src/formats/ it belongs to.
NAMES = {
    "samply": "samply",
    "dhat": "dhat",
    "cpuprof": "cpuprof", "cpuprofile": "cpuprof", "wasm": "cpuprof",
    "perf": "perf",
}
REGISTRY = "src/formats/registry.c"
# Format knowledge not yet behind the formats' hooks: file -> the names it still uses.
PENDING = {
    # diff's --help examples compare .cpuprofile files
    "src/cli/commands.c": ["cpuprofile"],
    # V8's wasm:// scripts: annotate's offsets, the demangling of their names
    "src/analysis/annotate.c": ["wasm"],
    "src/symbol/demangle.c": ["wasm"],
    # messages about files of samply's family read before any format (magic bytes) and about
    # samply's presymbolication flags, in stages that know no format
    "src/input/magic.c": ["perf", "samply"],
    "src/symbol/symbolize.c": ["samply"],
    # perf's views, their options and the choice of binary are samply's native ones, until
    # they are a native view set of their own that both formats list
    "src/formats/perf/format.c": ["samply"],
    "src/formats/perf/perf.c": ["samply"],
}

def code_of(text):
    """TEXT without its comments (string and character literals kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)

word = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(sorted(NAMES, key=len, reverse=True)) + r")(?![A-Za-z0-9_])")
found = {}  # file -> {name: first line}
for top in ("src", "include"):
    for root, _, files in os.walk(os.path.join(repo, top)):
        for f in files:
            if not f.endswith((".c", ".h")):
                continue
            rel = os.path.relpath(os.path.join(root, f), repo)
            if rel == REGISTRY:
                continue
            parts = rel.split(os.sep)
            home = parts[2] if len(parts) > 3 and parts[:2] == ["src", "formats"] else None
            code = code_of(open(os.path.join(root, f), encoding="utf-8").read())
            for m in word.finditer(code):
                if NAMES[m.group(1)] == home:
                    continue
                if code.startswith("perf-", m.start()):
                    continue  # perf-PID.map: the JIT symbol maps any JIT writes, not perf.data
                found.setdefault(rel, {}).setdefault(m.group(1), code.count("\n", 0, m.start()) + 1)

if "--list" in sys.argv:
    for rel in sorted(found):
        print(f"    {rel!r}: {sorted(found[rel])!r},")

failures = []
for rel, names in sorted(found.items()):
    new = sorted(set(names) - set(PENDING.get(rel, ())))
    for n in new:
        failures.append(f"{rel}:{names[n]}: names the format '{n}' outside src/formats/{NAMES[n]}/ "
                        f"(give the driver a hook or the CLI declared data instead)")
for rel, names in sorted(PENDING.items()):
    gone = sorted(set(names) - set(found.get(rel, {})))
    if gone:
        failures.append(f"{rel}: no longer names {', '.join(gone)}: take it out of PENDING")
for f in failures:
    print("FAIL:", f)
per_name = {n: sum(1 for rel in found if n in found[rel]) for n in NAMES}
print("files naming a format outside its folder: " + ", ".join(f"{n} {c}" for n, c in per_name.items()) +
      f"; {len(failures)} problems")
sys.exit(1 if failures else 0)
