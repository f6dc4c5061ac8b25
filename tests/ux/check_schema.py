#!/usr/bin/env python3
"""Every --json report follows docs/profan-report.schema.json (issue 34, item 11).

Checked: the --json outputs pinned in tests/golden (what profan prints, as the golden tests hold
it), and fresh --json runs of every command on fixtures with trees, listings and diffs (one run
and several per arm, sampled and exact); in each, a view's column names are unique. The header's
figures (numbers beside its display text) are checked against sums of the input files made here. The
validator is written here (a JSON Schema subset: type, const, enum, required, properties,
additionalProperties, items, minimum, $ref, oneOf, not) so no package is needed; it must also
refuse a few broken documents, or the check would be void.

usage: check_schema.py PROFAN SRCDIR"""
import copy
import glob
import json
import os
import subprocess
import sys

PROFAN, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SCHEMA = json.load(open(os.path.join(SRC, "docs", "profan-report.schema.json")))
TYPES = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool}


def is_type(v, t):
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return isinstance(v, TYPES[t])


def resolve(ref):
    node = SCHEMA
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def check(v, s, path):
    if "$ref" in s:
        yield from check(v, resolve(s["$ref"]), path)
    if "type" in s:
        types = s["type"] if isinstance(s["type"], list) else [s["type"]]
        if not any(is_type(v, t) for t in types):
            yield f"{path}: {json.dumps(v)[:60]} is not {'/'.join(types)}"
            return
    if "const" in s and v != s["const"]:
        yield f"{path}: {v!r} is not {s['const']!r}"
    if "enum" in s and v not in s["enum"]:
        yield f"{path}: {v!r} is not one of {s['enum']}"
    if "minimum" in s and is_type(v, "number") and v < s["minimum"]:
        yield f"{path}: {v} < {s['minimum']}"
    if isinstance(v, dict):
        for k in s.get("required", []):
            if k not in v:
                yield f"{path}: no {k!r}"
        props = s.get("properties", {})
        for k, x in v.items():
            if k in props:
                yield from check(x, props[k], f"{path}.{k}")
            elif s.get("additionalProperties") is False:
                yield f"{path}: unexpected {k!r}"
            elif isinstance(s.get("additionalProperties"), dict):
                yield from check(x, s["additionalProperties"], f"{path}.{k}")
    if isinstance(v, list) and "items" in s:
        for i, x in enumerate(v):
            yield from check(x, s["items"], f"{path}[{i}]")
    if "not" in s and not list(check(v, s["not"], path)):
        yield f"{path}: matches what 'not' excludes"
    if "oneOf" in s:
        ok = [i for i, alt in enumerate(s["oneOf"]) if not list(check(v, alt, path))]
        if len(ok) != 1:
            yield f"{path}: matches {len(ok)} of oneOf's {len(s['oneOf'])} forms"


def validate(doc):
    return list(check(doc, SCHEMA, "$"))[:5]


def golden_documents():
    """(where, text) of each golden block whose command has --json and whose output is one document."""
    for t in sorted(glob.glob(os.path.join(SRC, "tests", "golden", "*", "*.t"))):
        cmd, out = None, []
        for line in open(t, encoding="utf-8", errors="replace").read().split("\n") + ["$ end"]:
            if line.startswith("$ "):
                if cmd and " --json" in cmd and out and out[0] == "{":
                    yield f"{os.path.relpath(t, SRC)}: {cmd}", "\n".join(out)
                cmd, out = line, []
            elif not line.startswith("! "):
                out.append(line)


FIX = os.path.join(SRC, "fixtures")
RUNS = [
    ["samply", "samply/synthetic/v55.json", "--tree", "--inverted", "--callers", "leaf"],
    ["samply", "samply/firefox/v58.json", "--per-file"],
    ["samply", "annotate/anno.json.gz", "--symbol-path", "annotate", "--annotate", "hot"],
    ["dhat", "dhat/peak.json", "--alloc-tree", "--tree", "--annotate", "make_big"],
    ["dhat", "dhat/rsdemo.json"],
    ["cpuprof", "cpuprof/hot.cpuprofile", "--tree", "--callees", "hot", "--top", "0"],
    ["cpuprof", "cpuprof/hot-trace.json.gz"],
    ["diff", "samply/synthetic/v55.json", "samply/synthetic/v56.json"],
    ["diff", "cpuprof/hot.cpuprofile", "cpuprof/hot-hitcount.cpuprofile"],
    ["diff", "dhat/peak.json", "dhat/peak.doubled-big.json"],
    ["diff", "--base", "diff/dhat/a/dhat-20261201-130205.json", "diff/dhat/b/dhat-20261201-130230.json", "--",
     "diff/dhat/b/dhat-20261201-130306.json"],
    ["diff", "--base", "diff/node/a/CPU.20261201.130200.24220.0.001.cpuprofile.gz",
     "diff/node/a/CPU.20261201.130337.30967.0.001.cpuprofile.gz", "--",
     "diff/node/b/CPU.20261201.130223.26008.0.001.cpuprofile.gz",
     "diff/node/b/CPU.20261201.130301.28400.0.001.cpuprofile.gz"],
]
failures, seen, checked = [], 0, []
for where, text in golden_documents():
    seen += 1
    doc = json.loads(text)
    checked.append((where, doc))
    errs = validate(doc)
    failures += [f"{where}: {e}" for e in errs]
for args in RUNS:
    r = subprocess.run([PROFAN, args[0], "--json", *args[1:]], capture_output=True, text=True, cwd=FIX)
    if r.returncode != 0:
        failures.append(f"profan {' '.join(args)} --json: exit {r.returncode}: {r.stderr[:200]}")
        continue
    seen += 1
    doc = json.loads(r.stdout)
    checked.append((f"profan {' '.join(args)} --json", doc))
    failures += [f"profan {' '.join(args)} --json: {e}" for e in validate(doc)]
    if args[:2] == ["samply", "samply/synthetic/v55.json"]:
        sample = doc
# the validator refuses what breaks the schema
broken = []
for what, change in (("no schema_version", lambda d: d.pop("schema_version")),
                     ("a value as text", lambda d: d["views"][0]["rows"][0]["values"].__setitem__(0, "12")),
                     ("a header number", lambda d: d["header"].__setitem__("Total", 1)),
                     ("a figure as text", lambda d: d["figures"]["Total"]["samples"].__setitem__("value", "9")),
                     ("a figure without unit", lambda d: d["figures"]["Total"]["samples"].pop("unit")),
                     ("an unknown unit", lambda d: d["views"][0]["columns"][0].__setitem__("unit", "ms")),
                     ("a stray field", lambda d: d["views"][0].__setitem__("extra", 1))):
    d = copy.deepcopy(sample)
    change(d)
    if not validate(d):
        failures.append(f"the validator accepts a document with {what}")
# a view's columns have one name each (a script keys values by them)
for where, doc in checked:
    for v in doc["views"]:
        names = [c["name"] for c in v["columns"]]
        if len(set(names)) != len(names):
            failures.append(f"{where}: view {v['id']}: a column name twice: {names}")


# profan diff names a quantity alike in every format: "Change" of the value (the metric's unit),
# "Change (share)" of the share (ppm); version 1 named a sampled diff's share change "Change"
for where, doc in checked:
    for v in doc["views"]:
        if v["id"] not in ("diff_changed", "diff_self", "diff_inclusive", "diff_library", "diff_sites"):
            continue
        units = {c["name"]: c["unit"] for c in v["columns"]}
        if units.get("Change (share)") != "ppm" or units.get("Change") in (None, "ppm") or \
                units.get("Base share") not in (None, "ppm") or units.get("Base") == "ppm":
            failures.append(f"{where}: view {v['id']}: the value's and the share's columns: {units}")


# the header's figures against the input files, summed here with json
def dhat_sums(path):
    d = json.load(open(os.path.join(FIX, path)))
    return {m: sum(pp[m] for pp in d["pps"]) for m in ("tb", "tbk", "gb", "gbk", "eb", "ebk", "rb", "wb")}


def figure(doc, line, name):
    return doc.get("figures", {}).get(line, {}).get(name, {}).get("value")


def fresh(*args):
    r = subprocess.run([PROFAN, args[0], "--json", *args[1:]], capture_output=True, text=True, cwd=FIX)
    return json.loads(r.stdout) if r.returncode == 0 else {}


peak, big = dhat_sums("dhat/peak.json"), dhat_sums("dhat/peak.doubled-big.json")
doc = fresh("dhat", "dhat/peak.json")
for line, name, want in (("Total", "total", peak["tb"]), ("Total", "blocks", peak["tbk"]),
                         ("At t-gmax", "total", peak["gb"]), ("At t-gmax", "blocks", peak["gbk"]),
                         ("At t-end", "total", peak["eb"]), ("At t-end", "blocks", peak["ebk"]),
                         ("Reads, writes", "read", peak["rb"]), ("Reads, writes", "written", peak["wb"])):
    if figure(doc, line, name) != want:
        failures.append(f"dhat peak.json: figures {line}.{name} {figure(doc, line, name)}, the file's sum {want}")
doc = fresh("diff", "dhat/peak.json", "dhat/peak.doubled-big.json")
if [figure(doc, "Totals", n) for n in ("base", "new", "change")] != [peak["gb"], big["gb"], big["gb"] - peak["gb"]]:
    failures.append(f"diff peak/doubled-big: figures Totals {doc.get('figures')}, the files' gb {peak['gb']}, {big['gb']}")
hot = json.load(open(os.path.join(FIX, "cpuprof/hot.cpuprofile")))
doc = fresh("cpuprof", "cpuprof/hot.cpuprofile")
if figure(doc, "Total", "samples") != len(hot["samples"]):
    failures.append(f"cpuprof hot: figures Total.samples {figure(doc, 'Total', 'samples')}, "
                    f"the file's {len(hot['samples'])} samples")
for f in failures:
    print("FAIL:", f)
if seen < 10:
    failures.append(f"only {seen} documents checked")
print(f"schema: {seen} documents, {len(failures)} problem(s)")
sys.exit(1 if failures else 0)
