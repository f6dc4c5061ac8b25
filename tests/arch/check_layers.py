#!/usr/bin/env python3
"""The source tree is a one-way pipeline: every #include points to the same stage or an earlier
one, and no two files include each other's headers (directly or round a longer loop).

Stages, in the order data flows and dependencies may point (a stage may use those before it):
  base      diagnostics, memory, hash table, strings, regexes, progress
  model     the profile and the report (what an analysis fills), merging, transforms, matching
  input     bytes: files, gzip, the JSON layer, source -> JSON -> loader
  symbol    native addresses -> names, lines, inline chains
  analysis  views every format shares: generic, trees, diff; the plain options struct
  output    renderers (text, JSON) and exports (folded, pprof, SVG)
  formats   one folder per format (formats/NAME/: loader, views, side inputs, hooks) and the
            registry (formats/registry.c) that names them; format.h is their contract
  driver    the one path from inputs to a report, through the formats' hooks
  cli       argv -> options -> driver -> renderer; main()
A file's stage is its folder under src/; a public header's is the folder of the .c file of the
same name (when there is exactly one), or the table below. A stage's private header (src/STAGE/*.h)
is included from that stage's folder only: include/profan/ holds the stages' contracts.

Circles are looked for between units: a .c file with the headers of its name (include/profan/x.h,
src/STAGE/x.h, x_int.h, x_test.h), so that every header declares what one .c file defines.
Usage: check_layers.py REPO"""
import os, re, sys

repo = sys.argv[1]
STAGES = ["base", "model", "input", "symbol", "analysis", "output", "formats", "driver", "cli"]
# Public headers with no .c file of their own name (or with one in each of two stages).
HEADER_STAGE = {
    "diag.h": "base", "strmap.h": "base", "hashtab.h": "base", "progress.h": "base", "regex.h": "base",
    "profile.h": "model", "report.h": "model", "transform.h": "model", "match.h": "model",
    "source.h": "input", "json.h": "input", "load.h": "input",
    "symbolize_opts.h": "symbol",
    "views.h": "analysis", "calltree.h": "analysis", "diff.h": "analysis",
    "analysis.h": "analysis", "options.h": "analysis",
    "render.h": "output", "export.h": "output",
    "format.h": "formats",
    "driver.h": "driver",
}

files = {}  # path relative to repo -> stage
for top in ("src", "include/profan"):
    for root, _, names in os.walk(os.path.join(repo, top)):
        for n in names:
            if not n.endswith((".c", ".h")):
                continue
            rel = os.path.relpath(os.path.join(root, n), repo)
            parts = rel.split(os.sep)
            if parts[0] == "src":
                files[rel] = parts[1] if len(parts) > 2 else "cli"
            else:
                files[rel] = HEADER_STAGE.get(n)

# A public header without a table entry belongs where the .c file of its name lives.
for rel, stage in list(files.items()):
    if rel.startswith("include/") and stage is None:
        base = os.path.basename(rel)[:-2] + ".c"
        homes = {files[o] for o in files if o.startswith("src/") and os.path.basename(o) == base}
        if len(homes) == 1:
            files[rel] = homes.pop()

def private(rel):
    return rel.startswith("src/") and rel.endswith(".h")

failures = []
for rel, stage in sorted(files.items()):
    if stage not in STAGES:
        failures.append(f"{rel}: no stage (a folder of src/ or an entry in HEADER_STAGE)")
for rel in files:
    if rel.startswith("include/") and files[rel] is None:
        continue

edges = {}  # file -> included files
for rel in files:
    text = open(os.path.join(repo, rel), encoding="utf-8").read()
    deps = []
    for inc in re.findall(r'^#include "([^"]+)"', text, re.M):
        if inc.startswith("profan/"):
            target = os.path.join("include", inc)
        else:
            target = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
            if target not in files:  # another format's header, through the src/formats include path
                target = os.path.normpath(os.path.join("src/formats", inc))
        if target not in files:
            failures.append(f"{rel}: includes {inc}, which is not in src/ or include/profan/")
            continue
        deps.append(target)
        if private(target) and files[target] != files[rel]:
            failures.append(f"{rel} ({files[rel]}) includes {target}, a private header of {files[target]}")
    edges[rel] = deps

def through(rel, seen=None):
    seen = set() if seen is None else seen
    out = set()
    for d in edges.get(rel, ()):
        if unitless(d):
            if d not in seen:
                seen.add(d)
                out |= through(d, seen)
        else:
            out.add(d)
    return out

order = {s: i for i, s in enumerate(STAGES)}
for rel, deps in sorted(edges.items()):
    for d in deps:
        a, b = files.get(rel), files.get(d)
        if a in order and b in order and order[b] > order[a]:
            failures.append(f"{rel} ({a}) includes {d} ({b}): an arrow back up the pipeline")

# Units: a .c file and the headers of its name are one unit; a cycle between units is a circle. A
# private header of no .c file's name (src/STAGE/x_int.h shared by several) is no unit: including it
# counts as including what it includes.
def unit(rel):
    base = os.path.splitext(os.path.basename(rel))[0]
    if rel.startswith("include/"):
        same = [o for o in files if o.startswith(f"src/{files[rel]}/") and o.endswith(f"/{base}.c")]
        if same:
            return same[0][:-2]
    elif rel.endswith(".h") and owner(rel):
        return owner(rel)[:-2]
    return rel[:-2]

def owner(rel):  # the .c file beside a private header that has its name, or None
    base = os.path.splitext(os.path.basename(rel))[0]
    for name in (base, re.sub(r"_(int|test)$", "", base)):
        c = os.path.join(os.path.dirname(rel), name + ".c")
        if c in files:
            return c
    return None

def unitless(rel):
    return private(rel) and owner(rel) is None

graph = {}
for rel in edges:
    if unitless(rel):
        continue
    u = unit(rel)
    graph.setdefault(u, set())
    graph[u] |= {unit(d) for d in through(rel) if unit(d) != u}

index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
def strong(v):  # Tarjan, iteratively deep enough for this tree's size
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in graph.get(v, ()):
        if w not in index:
            strong(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))
sys.setrecursionlimit(10000)
for v in sorted(graph):
    if v not in index:
        strong(v)
for comp in sccs:
    failures.append("files that include each other: " + " <-> ".join(comp))

for f in failures:
    print("FAIL:", f)
print(f"{len(files)} files, {sum(len(d) for d in edges.values())} includes, {len(failures)} problems")
sys.exit(1 if failures else 0)
