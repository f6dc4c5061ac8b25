#!/usr/bin/env python3
"""The trees, --per-file and --folded of `profan cpuprof` on the A/B fixtures,
against sums computed here from the .cpuprofile JSON: every sample weighs
timeDeltas[i], its stack is the node's path without V8's "(root)".

Functions are told apart by name only here, so rows of namesakes are added up.
The tree is read back from --json, where each row has its plain name and its
depth: a row's parent is the last row one level up. Each row's path must carry
exactly the total (and self) computed here. (The drawing is checked by the
golden files in tests/golden/pipeline/.)

usage: check_tree.py PROFAN FIXTURES_DIR"""
import gzip
import json
import math
import shutil
import subprocess
import sys
import tempfile

profan, fixtures = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def stacks(path, by_url=False):
    """[(root-to-leaf names, weight)] for each sample; BY_URL: script urls, repeats merged."""
    prof = json.load(gzip.open(f"{fixtures}/{path}"))
    nodes = {n["id"]: n for n in prof["nodes"]}
    parent = {c: n["id"] for n in prof["nodes"] for c in n.get("children", [])}
    out = []
    for sid, d in zip(prof["samples"], prof["timeDeltas"]):
        names, cur = [], sid
        while cur is not None:
            cf = nodes[cur]["callFrame"]
            if not (cur not in parent and cf["functionName"] == "(root)"):
                names.append((cf.get("url") or "(no file)") if by_url else cf["functionName"] or "(anonymous)")
            cur = parent.get(cur)
        names = list(reversed(names))
        if by_url:  # a.js > a.js > b.js reads a.js > b.js
            names = [n for i, n in enumerate(names) if i == 0 or names[i - 1] != n]
        out.append((tuple(names), d))
    return out


def profan_json(*args):
    p = subprocess.run([profan, "cpuprof", "--json", *args], capture_output=True, text=True, cwd=fixtures)
    check(p.returncode == 0, f"{args}: exit {p.returncode}: {p.stderr}")
    return json.loads(p.stdout)


def tree_paths(view):
    """{path tuple: (total, self)} from a tree table's rows, each row's parent being the last
    row one level up (--json gives names without the drawing, plus their depth); elision
    lines are returned separately."""
    out, elisions, index_at = {}, [], {}
    for row in view["rows"]:
        name, depth = row["name"], row["depth"]
        check(not name.startswith(("│", "├", "└", " ")), f"drawing left in a --json name: {name!r}")
        parent = index_at.get(depth - 1) if depth > 1 else None
        if name.startswith("… "):
            elisions.append((parent, row["values"][0]))
            continue
        path = (out_path[parent] if parent is not None else ()) + (name,)
        me = len(out_path)
        out_path.append(path)
        # two functions of one name (say two "value" getters) are two rows: add them up, as the
        # name-keyed sums here do
        old = out.get(path, (0,) * len(row["values"]))
        out[path] = tuple(a + b for a, b in zip(old, row["values"]))
        index_at[depth] = me
    return out, elisions


def topdown(samples):
    total, self_ = {}, {}
    for names, w in samples:
        for i in range(1, len(names) + 1):
            total[names[:i]] = total.get(names[:i], 0) + w
        if names:
            self_[names] = self_.get(names, 0) + w
    return total, self_


def bottomup(samples, target=None):
    total, self_ = {}, {}
    for names, w in samples:
        rev = tuple(reversed(names))
        if target is not None:
            if target not in rev:
                continue
            rev = rev[rev.index(target):]  # from the innermost frame of the target
        for i in range(1, len(rev) + 1):
            total[rev[:i]] = total.get(rev[:i], 0) + w
            if target is None or rev[0] == names[-1]:
                self_[rev[:i]] = self_.get(rev[:i], 0) + w
    return total, self_


samples = stacks("pipeline/a1.cpuprofile.gz")
grand = sum(w for _, w in samples)

# 1. top-down and bottom-up at threshold 0: every path with weight, with its exact numbers
rep = profan_json("pipeline/a1.cpuprofile.gz", "--tree", "--inverted", "--tree-threshold", "0", "--top", "3")
views = {v["id"]: v for v in rep["views"]}
out_path = []
got, el = tree_paths(views["tree"])
want_t, want_s = topdown(samples)
check(el == [], "threshold 0: no elision lines")
check(set(got) == {p for p, v in want_t.items() if v}, f"top-down: same paths ({len(got)} vs {len(want_t)})")
for path, (t, s) in got.items():
    check((t, s) == (want_t.get(path), want_s.get(path, 0)), f"top-down {path}: {(t, s)}")
check(views["tree"]["columns"][0]["total"] == grand, "top-down: percent of the whole total")
out_path = []
got, _ = tree_paths(views["tree_inverted"])
want_t, _ = bottomup(samples)
check(set(got) == set(want_t), f"bottom-up: same paths ({len(got)} vs {len(want_t)})")
for path, vals in got.items():
    check(vals[0] == want_t.get(path), f"bottom-up {path}: {vals[0]} vs {want_t.get(path)}")

# 2. callers of spin: its inclusive time split by the paths that reach it
rep = profan_json("pipeline/a1.cpuprofile.gz", "--callers", "^spin$", "--tree-threshold", "0", "--top", "1")
out_path = []
got, _ = tree_paths(next(v for v in rep["views"] if v["id"] == "callers"))
want_t, want_s = bottomup(samples, "spin")
check(set(got) == set(want_t) and len(got) > 3, f"callers: same paths ({len(got)} vs {len(want_t)})")
for path, (t, s) in got.items():
    check((t, s) == (want_t.get(path), want_s.get(path, 0)), f"callers {path}: {(t, s)}")

# 2b. callees of work: the top-down tree of what work calls, from its outermost frame
rep = profan_json("pipeline/a1.cpuprofile.gz", "--callees", "^work$", "--tree-threshold", "0", "--top", "1")
out_path = []
got, _ = tree_paths(next(v for v in rep["views"] if v["id"] == "callees"))
want_t, want_s = topdown([(names[names.index("work"):], w) for names, w in samples if "work" in names])
check(set(got) == {p for p, v in want_t.items() if v}, f"callees: same paths ({len(got)} vs {len(want_t)})")
for path, (t, s) in got.items():
    check((t, s) == (want_t.get(path), want_s.get(path, 0)), f"callees {path}: {(t, s)}")

# 2c. --focus ^work$ --by file: samples through work, each frame named by its script
rep = profan_json("pipeline/a1.cpuprofile.gz", "--focus", "^work$", "--by", "file", "--tree", "--tree-threshold", "0",
                  "--top", "1")
out_path = []
got, _ = tree_paths(next(v for v in rep["views"] if v["id"] == "tree"))
by_file = [(u, w) for (names, w), (u, _) in zip(samples, stacks("pipeline/a1.cpuprofile.gz", True)) if "work" in names]
want_t, want_s = topdown(by_file)
check(set(got) == {p for p, v in want_t.items() if v}, f"by file: same paths ({len(got)} vs {len(want_t)})")
for path, (t, s) in got.items():
    check((t, s) == (want_t.get(path), want_s.get(path, 0)), f"by file {path}: {(t, s)}")

# 3. threshold 2%: a line is drawn iff it is at least 2% of the total; elision lines sum the rest
rep = profan_json("pipeline/a1.cpuprofile.gz", "--tree", "--tree-threshold", "2", "--top", "1")
out_path = []
got, el = tree_paths(next(v for v in rep["views"] if v["id"] == "tree"))
want_t, _ = topdown(samples)
for path, (t, _) in got.items():
    check(t <= want_t[path] and t >= 0.02 * grand, f"threshold: {path} {t}")
for parent, combined in el:
    kids = [v for p, v in want_t.items() if v and v < 0.02 * grand and len(p) == (len(out_path[parent]) + 1 if
            parent is not None else 1) and (parent is None or p[:-1] == out_path[parent])]
    check(combined == sum(kids), f"elision under {out_path[parent] if parent is not None else 'top'}: "
                                 f"{combined} vs {sum(kids)}")
check(len(el) > 0, "threshold 2%: something was folded")

# 4. --folded from the real command: the same stacks and sums as the JSON
tmp = tempfile.mkdtemp()
p = subprocess.run([profan, "cpuprof", "pipeline/a1.cpuprofile.gz", "--folded", f"{tmp}/a1.folded", "-o", "/dev/null"],
                   cwd=fixtures, capture_output=True, text=True)
check(p.returncode == 0, f"--folded: {p.stderr}")
folded = {}
with open(f"{tmp}/a1.folded") as f:
    for line in f:
        stack, _, v = line.rstrip("\n").rpartition(" ")
        folded[tuple(stack.split(";"))] = folded.get(tuple(stack.split(";")), 0) + int(v)
shutil.rmtree(tmp)
want = {}
for names, w in samples:
    want[names] = want.get(names, 0) + w
check(folded == {k: v for k, v in want.items() if v}, "--folded: the JSON's stacks and sums")

# 5. two runs merged, --per-file: each function's share in each file, median/min/max
rep = profan_json("pipeline/a1.cpuprofile.gz", "pipeline/a2.cpuprofile.gz", "--per-file", "--top", "0")
check(rep["header"]["Inputs"].startswith("2 files merged"), "merged inputs in the header")
runs = [stacks("pipeline/a1.cpuprofile.gz"), stacks("pipeline/a2.cpuprofile.gz")]
for vid in ("per_file_self", "per_file_inclusive"):
    view = next(v for v in rep["views"] if v["id"] == vid)
    for row in view["rows"]:
        shares = []
        for s in runs:
            tot = sum(w for _, w in s)
            if vid == "per_file_self":
                v = sum(w for names, w in s if names and names[-1] == row["name"])
            else:
                v = sum(w for names, w in s if row["name"] in names)
            shares.append(math.floor(v * 1e6 / tot + 0.5))
        lo, hi = min(shares), max(shares)
        if sum(r["name"] == row["name"] for r in view["rows"]) == 1:  # namesakes are separate rows there
            check(row["values"] == [lo + (hi - lo) // 2, lo, hi], f"{vid} {row['name']}: {row['values']} "
                                                                  f"vs {shares}")
    check(len(view["rows"]) > 10, f"{vid}: rows")
view = next(v for v in rep["views"] if v["id"] == "per_file_inclusive")
parse = next(r for r in view["rows"] if r["name"] == "parse")
check(0.6e6 < parse["values"][1] <= parse["values"][2] < 0.85e6, f"parse ~3/4 in both A runs: {parse}")
top = next(v for v in rep["views"] if v["id"] == "top_self")
check(top["columns"][0]["total"] == sum(w for s in runs for _, w in s), "merged total = both files")

print(f"{len(failures)} failed" if failures else "all tree checks passed")
sys.exit(1 if failures else 0)
