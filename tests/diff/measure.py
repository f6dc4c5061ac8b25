#!/usr/bin/env python3
"""Measures (not a test) what profan diff's verdicts do on the recorded runs of fixtures/diff/,
for docs/diff.md:

- false positives: the twelve variant-A runs (a and aa) split at random into two arms of
  K runs each, every split compared with --aa; how many rows were called changed;
- power: K runs of a against K runs of b, chosen at random; how often planted() was found
  changed, and how often another function's self row was called changed or share only.

usage: measure.py PROFAN FIXTURES_DIR [SPLITS] [KIND...]   (KIND: node, perf; default both)"""
import glob
import json
import random
import subprocess
import sys

profan, fixtures = sys.argv[1], sys.argv[2]
splits = int(sys.argv[3]) if len(sys.argv) > 3 else 20
kinds = sys.argv[4:] or ["node", "perf"]
rng = random.Random(17)


def diff(base, new, extra):
    args = [profan, "diff", "--json", "--top", "0", "-q", *extra]
    for b in base:
        args += ["--base", b]
    out = subprocess.run(args + new, capture_output=True, text=True, check=True).stdout
    rep = json.loads(out)
    changed = next(v for v in rep["views"] if v["id"] == "diff_changed")["rows"]
    share_only = next((v["rows"] for v in rep["views"] if v["id"] == "diff_share_only"), [])
    tested = sum(len(v["rows"]) for v in rep["views"] if v["id"] in ("diff_self", "diff_inclusive", "diff_library"))
    diff.share_only = [(r["name"], r.get("view")) for r in share_only]
    return [(r["name"], r.get("view")) for r in changed], tested


for kind in kinds:
    arm = {a: sorted(glob.glob(f"{fixtures}/diff/{kind}/{a}/*.gz")) for a in ("a", "b", "aa")}
    extra = ["--symbol-path", f"{fixtures}/diff/perf"] if kind == "perf" else []
    for k in (4, 5, 6):
        rows = tested = splits_with_any = 0
        pooled = arm["a"] + arm["aa"]
        for _ in range(splits):
            rng.shuffle(pooled)
            changed, n = diff(sorted(pooled[:k]), sorted(pooled[k:2 * k]), extra + ["--aa"])
            rows += len(changed)
            tested += n
            splits_with_any += bool(changed)
        print(f"{kind} A/A {k}+{k} runs, {splits} random splits of the 12 A runs: {rows} of {tested} rows "
              f"called changed ({100 * rows / tested:.2f}%), {splits_with_any} splits with any")
        found = others = share_only = 0
        for _ in range(splits):
            changed, _n = diff(sorted(rng.sample(arm["a"], k)), sorted(rng.sample(arm["b"], k)), extra)
            found += ("planted", "self") in changed
            others += sum(1 for name, view in changed if view == "self" and name != "planted")
            share_only += sum(1 for name, view in diff.share_only if view == "self" and name != "planted")
        print(f"{kind} A/B {k}+{k} runs, {splits} random draws: planted (self) changed in {found}; "
              f"other functions' self rows called changed: {others} in all, share only: {share_only}")
