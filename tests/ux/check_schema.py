#!/usr/bin/env python3
"""Every --json report follows docs/profan-report.schema.json (issue 34, item 11).

Checked: the --json outputs pinned in tests/golden (what profan prints, as the golden tests hold
it), and fresh --json runs of every command on fixtures with trees, listings and diffs. The
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
]
failures, seen = [], 0
for where, text in golden_documents():
    seen += 1
    errs = validate(json.loads(text))
    failures += [f"{where}: {e}" for e in errs]
for args in RUNS:
    r = subprocess.run([PROFAN, *args, "--json"], capture_output=True, text=True, cwd=FIX)
    if r.returncode != 0:
        failures.append(f"profan {' '.join(args)} --json: exit {r.returncode}: {r.stderr[:200]}")
        continue
    seen += 1
    doc = json.loads(r.stdout)
    failures += [f"profan {' '.join(args)} --json: {e}" for e in validate(doc)]
    if args[:2] == ["samply", "samply/synthetic/v55.json"]:
        sample = doc
# the validator refuses what breaks the schema
broken = []
for what, change in (("no schema_version", lambda d: d.pop("schema_version")),
                     ("a value as text", lambda d: d["views"][0]["rows"][0]["values"].__setitem__(0, "12")),
                     ("a header number", lambda d: d["header"].__setitem__("Total", 1)),
                     ("an unknown unit", lambda d: d["views"][0]["columns"][0].__setitem__("unit", "ms")),
                     ("a stray field", lambda d: d["views"][0].__setitem__("extra", 1))):
    d = copy.deepcopy(sample)
    change(d)
    if not validate(d):
        failures.append(f"the validator accepts a document with {what}")
for f in failures:
    print("FAIL:", f)
if seen < 10:
    failures.append(f"only {seen} documents checked")
print(f"schema: {seen} documents, {len(failures)} problem(s)")
sys.exit(1 if failures else 0)
