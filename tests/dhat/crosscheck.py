#!/usr/bin/env python3
"""Compares `profan dhat --json` with independent implementations, on every fixture:
- sites and functions with bench/dhat-views.js (plain JavaScript), also under filters;
- `--alloc-tree` for each of dh_view's 14 sort metrics with valgrind's own viewer, the installed
  dh_view.js, run headless by tests/dhat/dhview-tree.js (skipped if it is not installed): the
  same rows, values and frame texts, character for character.

Usage: crosscheck.py PROFAN REPO_ROOT. Exits 77 (skip) when node is missing.
"""
import json
import os
import re
import shutil
import subprocess
import sys

CASES = [
    ("peak.json", []), ("peak.json", ["--metric", "tb"]), ("peak.json", ["--metric", "eb"]),
    ("peak.json", ["--where", "recurse"]), ("peak.json", ["--where", "^main ", "--not", "make_big|realloc"]),
    ("peak.json", ["--where", "recurse", "--not", r"recurse \(peak\.c:37\)"]), ("peak.json", ["--plumbing", "^make_big "]),
    ("peak.v1.json", []), ("peak.dup.json", []), ("peak.fsbug.json", []), ("containers.json", []),
    ("containers.json", ["--metric", "tbk"]), ("rsdemo.json", []), ("rsdemo.json", ["--metric", "rb"]),
    ("events.copy.json", []), ("events.adhoc.json", []), ("sort.json", []), ("sort.json", ["--metric", "tb"]),
]


DH_VIEW = "/usr/libexec/valgrind/dh_view.js"
# profan's --metric names in dh_view's drop-down order
DH_METRICS = ["tb", "tbk", "tiny", "short-lived", "zero-access", "zero-access-blocks", "low-access",
              "low-access-blocks", "gb", "eb", "rb", "high-reads", "wb", "high-writes"]
TREE_FILES = ["peak.json", "peak.fsbug.json", "containers.json", "rsdemo.json", "sort.json",
              "events.copy.json", "events.adhoc.json", "dhatrs-heap.json", "dhatrs-adhoc.json"]


def tree_rows(rep):
    """profan's tree rows as (depth, value, label, kept-for-a-descendant)."""
    rows = []
    for r in next(v for v in rep["views"] if v["id"] == "tree")["rows"]:
        m = re.match(r"^((?:│  |   )*)(?:├─ |└─ )?(.*)$", r["name"])
        depth = len(m.group(1)) // 3 + (0 if m.group(1) == "" and not r["name"][:1] in "├└" else 1)
        label = "" if m.group(2) == "(no further frames)" else m.group(2)  # dh_view: a node without frames
        rows.append([depth, r["values"][0], label, r.get("detail") is not None])
    return rows


def check_trees(prog, root):
    failures = 0
    for name in TREE_FILES:
        path = os.path.join(root, "fixtures", "dhat", name)
        data = json.loads(open(path, encoding="latin-1").read().replace('"fs":]', '"fs":[]'))
        for i, metric in enumerate(DH_METRICS):
            needs_lt, needs_acc = i in (3, 8, 9), i in (4, 5, 6, 7, 10, 11, 12, 13)
            if (needs_lt and not data["bklt"]) or (needs_acc and not data["bkacc"]):
                continue
            r = subprocess.run([prog, "dhat", path, "--json", "-q", "--alloc-tree", "--metric", metric],
                               capture_output=True, text=True, check=True)
            got = tree_rows(json.loads(r.stdout))
            want = [json.loads(line) for line in subprocess.run(
                ["node", os.path.join(root, "tests", "dhat", "dhview-tree.js"), DH_VIEW, path, str(i)],
                capture_output=True, text=True, check=True).stdout.splitlines()]
            if got != want:
                failures += 1
                print(f"FAIL: {name} --alloc-tree --metric {metric} differs from dh_view:")
                for g, w in zip(got + [None] * len(want), want + [None] * len(got)):
                    if g != w:
                        print(f"   profan  {g}\n   dh_view {w}")
                        break
            else:
                print(f"ok: {name} --alloc-tree --metric {metric} = dh_view ({len(want)} rows)")
    return failures


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
        fkey = lambda r: f"{r['name']}|{r.get('detail') or ''}"
        for view, key in (("sites", lambda r: r["name"]), ("functions_self", fkey), ("functions", fkey)):
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
    if os.path.exists(DH_VIEW):
        failures += check_trees(prog, root)
    else:
        print(f"note: {DH_VIEW} not installed: trees not compared with dh_view")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
