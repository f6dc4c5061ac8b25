#!/usr/bin/env python3
"""Compares `profan dhat --json` with bench/dhat-views.js, an independent JavaScript
implementation of the same views, on every fixture and a few filter combinations.

Usage: crosscheck.py PROFAN REPO_ROOT. Exits 77 (skip) when node is missing.
"""
import json
import os
import shutil
import subprocess
import sys

CASES = [
    ("peak.json", []), ("peak.json", ["--metric", "tb"]), ("peak.json", ["--metric", "eb"]),
    ("peak.json", ["--where", "recurse"]), ("peak.json", ["--where", "^main ", "--not", "make_big|realloc"]),
    ("peak.v1.json", []), ("peak.dup.json", []), ("peak.fsbug.json", []), ("containers.json", []),
    ("containers.json", ["--metric", "tbk"]), ("rsdemo.json", []), ("rsdemo.json", ["--metric", "rb"]),
    ("events.copy.json", []), ("events.adhoc.json", []), ("sort.json", []), ("sort.json", ["--metric", "tb"]),
]


def main():
    prog, root = sys.argv[1], sys.argv[2]
    if not shutil.which("node"):
        print("SKIP: node not found")
        sys.exit(77)
    failures = 0
    for name, args in CASES:
        path = os.path.join(root, "fixtures", "dhat", name)
        r = subprocess.run([prog, "dhat", path, "--json", "--top", "0", "-q", *args], capture_output=True,
                           text=True, check=True)
        rep = json.loads(r.stdout)
        ref = json.loads(subprocess.run(["node", os.path.join(root, "bench", "dhat-views.js"), path, *args],
                                        capture_output=True, text=True, check=True).stdout)
        got = {}
        for view, key in (("sites", lambda r: r["name"]), ("functions", lambda r: f"{r['name']}|{r.get('detail') or ''}")):
            v = next(x for x in rep["views"] if x["id"] == view)
            ncols = len(v["columns"])
            got[view] = {key(r): r["values"] for r in v["rows"]}
            want = {k: vals[:2] + ([vals[2]] if ncols == 3 else []) for k, vals in ref[view].items()}
            if got[view] != want:
                failures += 1
                print(f"FAIL: {name} {' '.join(args)}: {view} differ")
                for k in sorted(set(got[view]) | set(want)):
                    if got[view].get(k) != want.get(k):
                        print(f"   {k}: profan {got[view].get(k)} node {want.get(k)}")
            else:
                print(f"ok: {name} {' '.join(args)}: {view} ({len(want)} rows)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
