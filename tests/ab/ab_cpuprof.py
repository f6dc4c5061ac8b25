#!/usr/bin/env python3
"""tests/ab/ab_cpuprof.py PROFAN: `profan ab --cpuprof` and `profan record --cpuprof` on node.

tests/ab/src/work.js: `node work.js 5` and `node work.js 10`, where hot() does 5 or 10 units of
work per round and steady_1() ... steady_8() 12 units each in both. `profan ab --cpuprof --weight
samples --runs 8` records 16 runs of about 0.6 s of CPU in ABBA order. Samples, not the gaps
before them: V8's gaps are wall-clock time, which a loaded machine stretches in bursts (a stall
of 20 ms lands on one sample), and with them a V8 diff judges shares, which every function gives
up when one doubles; sample counts are judged as values. Expected values come from the design and
from the kept .cpuprofile files, counted by a few lines of Python below:
  - hot()'s self row changed, up; its per-run values the files' medians of hot()'s samples;
    design x2, and the files' ratio is printed;
  - no other function's self row changed (the steady functions' counts are the same work), and
    only hot, its callers and the script (their counts grow with it) in the changed list;
  - `profan diff` on the kept files (with the order ab gives, and without) gives the same verdicts;
  - a command that starts no node is refused in one line;
  - `profan record --cpuprof`: the profile kept under -o, its sample count the file's.
The verdict rests on run-to-run noise: RUN_SERIAL. Exit 77 (ctest's skip) when node is missing."""
import glob, json, os, shutil, statistics, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "diff"))
sys.path.insert(0, here)
from perf_runs import rows
from harness import Harness

h = Harness(sys.argv[1], "profan-ab-cpuprof-")
tmp, check, prof = h.tmp, h.check, h.prof

if shutil.which("node") is None:
    h.skip("node is not installed")
shutil.copy(os.path.join(here, "src", "work.js"), tmp)

# ---- usage: --call-graph is perf's
h.one_line(prof("ab", "--cpuprof", "--call-graph", "fp", "node a.js", "node b.js"), "--call-graph does not apply to node",
           2, "ab --cpuprof --call-graph")


def self_samples(path, fn):
    """FN's own samples in a .cpuprofile."""
    d = json.load(open(path))
    name = {n["id"]: n["callFrame"]["functionName"] for n in d["nodes"]}
    return sum(1 for s in d["samples"] if name[s] == fn)


keep = os.path.join(tmp, "keep")
out = prof("ab", "--cpuprof", "--weight", "samples", "--runs", "8", "--keep", keep, "--json", "--top", "0",
           "node work.js 5", "node work.js 10", code=0)
if out.returncode != 0:
    h.finish("the rest")
ab = json.loads(out.stdout)
head = ab["header"]
a_files = sorted(glob.glob(os.path.join(keep, "a-*.cpuprofile")))
b_files = sorted(glob.glob(os.path.join(keep, "b-*.cpuprofile")))
check(len(a_files) == 8 and len(b_files) == 8 and len(os.listdir(keep)) == 16, f"kept: {sorted(os.listdir(keep))}")
check(head.get("Order", "").startswith("ABBAABBAABBAABBA"), f"order: {head.get('Order')!r}")
check("node --cpu-prof --cpu-prof-interval=1000" in head.get("Recorded", ""), f"Recorded: {head.get('Recorded')!r}")

self_rows = {r["name"]: r for r in rows(ab, "diff_self")}
hot = self_rows.get("hot", {})
med_a = statistics.median(self_samples(p, "hot") for p in a_files)
med_b = statistics.median(self_samples(p, "hot") for p in b_files)
check(hot.get("verdict") == "changed" and hot.get("New", 0) > hot.get("Base", 0),
      f"hot: {hot.get('verdict')} {hot.get('Base')} -> {hot.get('New')}")
# profan keeps integers: an even number of runs' median of 27 and 28 is 27 or 28
check(abs(hot.get("Base", 0) - med_a) <= 0.5 and abs(hot.get("New", 0) - med_b) <= 0.5,
      f"hot per run {hot.get('Base')} -> {hot.get('New')} samples, the files' {med_a} -> {med_b}")
for r in rows(ab, "diff_self"):
    if r["name"] != "hot":
        check(r["verdict"] != "changed", f"self {r['name']} changed: {r['detail']}")
for r in rows(ab, "diff_changed"):
    check(r["name"] == "hot" or (r["view"] in ("inclusive", "library") and r["New"] > r["Base"]),
          f"changed: {r['view']} {r['name']}: {r['detail']}")
print(f"ab --cpuprof: hot {med_a} -> {med_b} samples per run by the files, x{med_b / max(1, med_a):.2f} (design x2)")

rel = lambda ps: [os.path.relpath(p, tmp) for p in ps]
want = {(v, r["name"]): r["verdict"] for v in ("diff_self", "diff_inclusive") for r in rows(ab, v)}
for extra in (["--order", head["Order"].split()[0]], []):
    again = prof("diff", "--json", "--top", "0", "--weight", "samples", *extra, "--base", *rel(a_files), "--",
                 *rel(b_files), code=0)
    if again.returncode == 0:
        d = json.loads(again.stdout)
        got = {(v, r["name"]): r["verdict"] for v in ("diff_self", "diff_inclusive") for r in rows(d, v)}
        check(got == want, f"diff {extra} on the kept files: {set(got.items()) ^ set(want.items())}")

# ---- a command that starts no node
h.one_line(prof("ab", "--cpuprof", "true", "true"), "started no node", 1, "ab --cpuprof without node")

# ---- record --cpuprof
out = prof("record", "--cpuprof", "-o", "rec.cpuprofile", "--json", "--", "node", "work.js", "5", code=0)
left = sorted(f for f in os.listdir(tmp) if f.startswith("rec.cpuprofile"))
check(left == ["rec.cpuprofile"], f"record --cpuprof left {left}")
if out.returncode == 0 and left:
    n = len(json.load(open(os.path.join(tmp, "rec.cpuprofile")))["samples"])
    total = json.loads(out.stdout)["header"].get("Total", "")
    check(total.endswith(f" in {n:,} samples"), f"record --cpuprof: Total {total!r}, the file has {n} samples")
h.finish("ab --cpuprof")
