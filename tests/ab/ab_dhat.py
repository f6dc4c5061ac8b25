#!/usr/bin/env python3
"""tests/ab/ab_dhat.py PROFAN: `profan ab --dhat` and `profan record --dhat` on two real builds.

tests/ab/src/heap.c is built twice: heap-base (planted() 10 blocks of 2,000 B) and heap (10 of
3,000 B); steady() 5 blocks of 4,000 B in both; scratch() 100 blocks of 100 B, none live at the
end. Expected values come from that design and from valgrind's own files (the kept recordings,
read below by a few lines of Python: each program point's bytes credited to its first frame
outside valgrind's preload):
  - A/B: the planted site changed by +10,000 B at t-gmax (20,000 -> 30,000 B, 10 blocks in both),
    the steady site the same (20,000 B); only planted's self row changed; one run per arm, said
    once; the A/A (heap-base against itself) finds nothing;
  - --warmup 1: each command ran once more than it was recorded (it appends a line to a file);
  - --fail-on-change: exit 3 on the planted change (2 runs per arm, which agree: no warning), 0
    on one build against itself with --aa;
  - the kept files through `profan diff` (with --order and without): the same verdicts;
  - a command that runs two programs is refused in one line; --call-graph and --freq, which
    valgrind does not take, are usage errors;
  - `profan record --dhat`: the recording kept under -o, its total allocated valgrind's.
DHAT's counts do not depend on timing: no retries, and the test need not run alone.
Exit 77 (ctest's skip) when valgrind or gcc is missing."""
import glob, json, os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "diff"))
sys.path.insert(0, here)
from perf_runs import rows
from harness import Harness

h = Harness(sys.argv[1], "profan-ab-dhat-")
tmp, check, prof = h.tmp, h.check, h.prof
one_line = h.one_line


# ---- usage errors: nothing runs
one_line(prof("ab", "--dhat", "--call-graph", "fp", "./a", "./b"), "--call-graph does not apply to valgrind", 2,
         "ab --dhat --call-graph")
one_line(prof("record", "--dhat", "--freq", "100", "--", "./a"), "--freq does not apply to valgrind", 2,
         "record --dhat --freq")
one_line(prof("ab", "--dhat", "--cpuprof", "./a", "./b"), "give one sampler", 2, "ab --dhat --cpuprof")

for tool in ("valgrind", "gcc"):
    if shutil.which(tool) is None:
        h.skip(f"{tool} is not installed")
src = os.path.join(here, "src", "heap.c")
for name, plant in (("heap-base", 2000), ("heap", 3000)):
    subprocess.run(["gcc", "-g", "-O0", f"-DPLANT={plant}", "-o", os.path.join(tmp, name), src], check=True)


def sites(path):
    """{function: [gb, gbk, tb]} of a DHAT file, each program point credited to its first frame
    outside valgrind's preload (heap.c's functions call malloc directly)."""
    d = json.load(open(path))
    out = {}
    for pp in d["pps"]:
        frames = [d["ftbl"][i] for i in pp["fs"]]
        own = next(f for f in frames if "vgpreload" not in f)
        name = own.split(": ", 1)[1].split(" (")[0]
        s = out.setdefault(name, [0, 0, 0])
        s[0] += pp["gb"]
        s[1] += pp["gbk"]
        s[2] += pp["tb"]
    return out


def verdicts(rep):
    return {(v, r["name"]): r["verdict"] for v in ("diff_self", "diff_inclusive", "diff_sites")
            for r in rows(rep, v)}


# ---- A/B with an A/A first and a warm-up run; each command counts its runs
keep = os.path.join(tmp, "keep")
out = prof("ab", "--dhat", "--aa", "--warmup", "1", "--keep", keep, "--json", "--top", "0",
           "echo >>ran-a; ./heap-base", "echo >>ran-b; ./heap", code=0)
if out.returncode != 0:
    h.finish("the rest")
ab = json.loads(out.stdout)
head = ab["header"]
check(sorted(os.listdir(keep)) == ["a-01.json", "aa-a-01.json", "aa-b-01.json", "b-01.json"],
      f"kept: {sorted(os.listdir(keep))}")
ran = [len(open(os.path.join(tmp, f)).read().splitlines()) for f in ("ran-a", "ran-b")]
# A: 1 warm-up, 2 of the A/A, 1 recorded; B: 1 warm-up, 1 recorded
check(ran == [4, 2], f"runs made (warm-up included): A {ran[0]}, B {ran[1]}, not 4 and 2")
check(head.get("Recorded", "").startswith("1 + 1 runs in the order AB after 1 warm-up runs each, by valgrind "
                                          "--tool=dhat --num-callers=40 --fullpath-after="),
      f"Recorded: {head.get('Recorded')!r}")
said = sum(v.count("one run per arm") for v in head.values())
check(said == 1, f"'one run per arm' said {said} times: {head}")

a, b = sites(os.path.join(keep, "a-01.json")), sites(os.path.join(keep, "b-01.json"))
# the design, checked against valgrind's own counts before profan's are
check(a.get("planted", [])[:2] == [20000, 10] and b.get("planted", [])[:2] == [30000, 10],
      f"valgrind: planted {a.get('planted')} -> {b.get('planted')}, not 20,000 B -> 30,000 B in 10 blocks")
check(a.get("steady", [])[:2] == b.get("steady", [])[:2] == [20000, 5],
      f"valgrind: steady {a.get('steady')} -> {b.get('steady')}")
check(a.get("scratch") == b.get("scratch") == [0, 0, 10000], f"valgrind: scratch {a.get('scratch')}")
for r in rows(ab, "diff_sites"):
    fn = r["name"].split(" (")[0]
    want = (b[fn][0] - a[fn][0], a[fn][0], b[fn][0], a[fn][1], b[fn][1])
    got = (r["Change"], r["Base"], r["New"], r["Base gbk"], r["New gbk"])
    check(got == want, f"site {r['name']}: change, base, new, blocks {got}, valgrind's {want}")
    check(r["verdict"] == ("changed" if fn == "planted" else "same"), f"site {r['name']}: {r['verdict']}")
check({r["name"].split(" (")[0] for r in rows(ab, "diff_sites")} == {"planted", "steady"},
      f"sites: {[r['name'] for r in rows(ab, 'diff_sites')]}")
for r in rows(ab, "diff_self"):
    check(r["verdict"] == ("changed" if r["name"] == "planted" else "same"), f"self {r['name']}: {r['verdict']}")
check(any(r["name"] == "planted" for r in rows(ab, "diff_self")), "no self row of planted")
aa_line = head.get("A/A", "")
check("no change beyond noise" in aa_line, f"a/a: {aa_line!r}")
print(f"ab --dhat: planted {a['planted'][0]} -> {b['planted'][0]} B (design 20,000 -> 30,000); A/A: {aa_line}")

# ---- the kept files through profan diff: the same verdicts
rel = [os.path.relpath(os.path.join(keep, f), tmp) for f in ("a-01.json", "b-01.json")]
for extra in (["--order", "AB"], []):
    again = prof("diff", "--json", "--top", "0", *extra, rel[0], rel[1], code=0)
    if again.returncode == 0:
        check(verdicts(json.loads(again.stdout)) == verdicts(ab), f"diff {extra} on the kept files: verdicts differ")

# ---- --fail-on-change: 3 on the planted change (2 runs per arm, checked to agree), 0 on A/A
out = prof("ab", "--dhat", "--runs", "2", "--fail-on-change", "--json", "./heap-base", "./heap", code=3)
if out.stdout:
    rec = json.loads(out.stdout)["header"].get("Recorded", "")
    check(rec.startswith("2 + 2 runs in the order ABBA"), f"--runs 2: Recorded {rec!r}")
check("warning" not in out.stderr, f"--runs 2: the runs of an arm differ? {out.stderr!r}")
out = prof("ab", "--dhat", "--aa", "--fail-on-change", "./heap", "./heap", code=0)
check("no change beyond noise" in out.stdout, f"--fail-on-change, one build twice: {out.stdout[:400]!r}")

# ---- a command of two programs: which one to compare is not profan's guess
one_line(prof("ab", "--dhat", "./heap; ./heap", "./heap"), "ran 2 programs", 1, "ab --dhat, two programs")

# ---- record --dhat: the recording under -o, nothing else left
out = prof("record", "--dhat", "-o", "rec.json", "--json", "--", "./heap", code=0)
left = sorted(f for f in os.listdir(tmp) if f.startswith("rec.json"))
check(left == ["rec.json"], f"record --dhat left {left}")
if out.returncode == 0 and left:
    total = sum(s[2] for s in sites(os.path.join(tmp, "rec.json")).values())
    head = json.loads(out.stdout)["header"]
    check(total == 60000 and head.get("Total", "").startswith(f"{total:,} B (") and "allocated" in head["Total"],
          f"record --dhat: Total {head.get('Total')!r}, valgrind's {total} B (design 60,000)")
    check(head.get("Run", "").endswith("kept in rec.json"), f"record --dhat: Run {head.get('Run')!r}")

h.finish("ab --dhat")
