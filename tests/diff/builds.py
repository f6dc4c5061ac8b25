#!/usr/bin/env python3
"""tests/diff/builds.py PROFAN: profan diff across two real builds, recorded at test time.

tests/diff/src/builds.c is built twice: the baseline (planted() 40 units of work) is copied
aside as builds-base, as a team copies its first build aside; the new build, builds, gives
planted() 64 units (+60%); steady_a and steady_b keep 30 each, tiny about one sample per run.
A third name, builds-again, is the baseline copied once more: an A/A of one build under two
names. perf record (cpu-clock, 4000 Hz, frame pointers) records 12 runs of ~0.2 s, in
rounds A B C, C B A, A B C, C B A: the A/B and A/A pairs alternate (ABBAABBA). A loaded
machine slows whole runs (on the 2-core CI machine steady work took up to x1.38 longer in one
run of an arm than in another), and at 4 + 4 runs a verdict needs every base run below every new
one, so the planted change is made larger than that: x1.6. When the machine disturbed the runs
more (steady_a + steady_b, fixed work, over x1.3 apart within an arm, by perf report) all 12 are
recorded again, at most twice, with a note.

Expected values come from the program's design and from perf report on the same files:
  - A/B: planted's self row changed, up; its time per run within 0.01 of perf report's own
    ratio of medians, and perf report's time of planted per unit of steady work in the same run
    (the machine's slowing of a whole run cancels out) x1.6 by design, within 0.1 (x1.57 to
    x1.64 in 2,000 draws of 4 + 4 runs recorded beside two busy loops; the time per run alone
    moved x1.51 to x1.72);
    profan's per-run values equal perf report's sums of periods; no other self row changed (the
    kernel's rows aside: the machine's, perf_runs.kernel),
    only planted's callers and the program grow in the other views; steady_a and steady_b
    (their time fixed by design) never changed in any view (at most "share only"); the program is one row (no function new or gone), and the
    Binaries line names both builds;
  - A/A (two names): nothing changed but the kernel's rows (perf_runs.kernel); tiny (0 to 2 samples per run by design): too few samples;
  - the glob form (--base A* -- B*) groups the runs as written; without '--' it is refused;
  - --fail-on-change: exit 3 on the A/B, and with 30 (planted grew 60%); 0 with 120 and on
    the A/A;
  - the A/B's folded stacks: each stack once, the columns summing to perf report's totals
    of each arm; its flame graph: each frame once, planted red, the frames whose own work
    is unchanged by design near white;
Exit 77 (ctest's skip) when perf or gcc is missing or cannot record here. PROFAN_KEEP=1 keeps the
recordings and prints where they are."""
import json, os, re, shutil, statistics, subprocess, sys, tempfile

from perf_runs import kernel, per_steady, perf_periods, rows

profan = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
failures = []


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def check(cond, what):
    if not cond:
        failures.append(what)


for tool in ("perf", "gcc"):
    if shutil.which(tool) is None:
        skip(tool + " is not installed (.ci/setup installs linux-perf and build-essential)")
tmp = tempfile.mkdtemp(prefix="profan-builds-")
src = os.path.join(here, "src", "builds.c")


def build(out, plant):
    subprocess.run(["gcc", "-g", "-O2", "-fno-omit-frame-pointer", f"-DPLANT={plant}", "-o", out, src],
                   check=True)


build(os.path.join(tmp, "builds"), 40)
shutil.copy(os.path.join(tmp, "builds"), os.path.join(tmp, "builds-base"))  # the baseline, copied aside
shutil.copy(os.path.join(tmp, "builds"), os.path.join(tmp, "builds-again"))  # A/A: the same build, another name
build(os.path.join(tmp, "builds"), 64)
PROG = {"A": "builds-base", "B": "builds", "C": "builds-again"}


def record_all():
    runs = {"A": [], "B": [], "C": []}
    for rnd, order in enumerate(["ABC", "CBA", "ABC", "CBA"]):
        for arm in order:
            data = os.path.join(tmp, f"{arm}-{rnd + 1}.data")
            rec = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "4000", "-g", "-o", data,
                                  "--", os.path.join(tmp, PROG[arm]), "150000", "10"], capture_output=True,
                                 text=True)
            if rec.returncode != 0 or not os.path.exists(data):
                skip("perf record cannot record here: " + (rec.stderr.strip().splitlines() or ["?"])[-1])
            runs[arm].append(data)
    return runs


def disturbance(runs):
    """The largest ratio, within one arm, of the time its runs took for steady_a and steady_b,
    whose work is the same in every run by design: above 1 by what the machine (another
    process, the clock) did to the runs, not the program."""
    worst = 1.0
    for paths in runs.values():
        steady = [sum(v for k, v in perf_periods(p).items() if k in ("steady_a", "steady_b")) for p in paths]
        worst = max(worst, max(steady) / max(1, min(steady)))
    return worst


# A busy moment of the machine can slow one run by a third; with planted x1.6 the arms still
# separate (a base run slowed x1.3 stays below the new build's runs). A recording disturbed more is
# made again (at most twice), and said.
for attempt in range(3):
    runs = record_all()
    ratio = disturbance(runs)
    if ratio <= 1.3:
        break
    print(f"note: the machine disturbed the runs (steady work took x{ratio:.2f} within one arm)"
          + ("; recording again" if attempt < 2 else "; checking these runs anyway"))


def diff(*args, code=0):
    out = subprocess.run([profan, "diff", "--json", "--top", "100000", *args], capture_output=True, text=True,
                         cwd=tmp)
    check(out.returncode == code, f"profan diff {' '.join(args)}: exit {out.returncode}, not {code}: "
                                  f"{out.stderr.strip()}")
    return json.loads(out.stdout) if code == 0 and out.returncode == 0 else None


def arms(a, b):
    return ["--base", *[os.path.basename(p) for p in runs[a]], "--", *[os.path.basename(p) for p in runs[b]]]


# ---- A/B across two builds of two names
ab = diff(*arms("A", "B"))
if ab is None:
    shutil.rmtree(tmp)
    print("\n".join(failures))
    sys.exit(1)
self_rows = {r["name"]: r for r in rows(ab, "diff_self")}
planted = self_rows.get("planted", {})
pa = [perf_periods(p) for p in runs["A"]]
pb = [perf_periods(p) for p in runs["B"]]
perf_a = statistics.median(p.get("planted", 0) for p in pa)
perf_b = statistics.median(p.get("planted", 0) for p in pb)
check(planted.get("verdict") == "changed" and planted.get("Change", 0) > 0,
      f"a/b: planted changed, up: {planted.get('verdict')} {planted.get('Change')}")
check((planted.get("Base"), planted.get("New")) == (perf_a, perf_b),
      f"a/b: planted per run {planted.get('Base')} -> {planted.get('New')} ns, perf report's "
      f"medians {perf_a} -> {perf_b}")
ratio, perf_ratio = planted.get("New", 0) / max(1, planted.get("Base", 1)), perf_b / max(1, perf_a)
check(abs(ratio - perf_ratio) <= 0.01, f"a/b: planted x{ratio:.3f} per run, perf report x{perf_ratio:.3f}")
design = per_steady(pb) / max(1e-9, per_steady(pa))
check(abs(design - 1.6) <= 0.1, f"a/b: planted per unit of steady work x{design:.3f} by perf report, design x1.6")
for view in ("diff_self", "diff_inclusive"):
    for r in rows(ab, view):
        if r["name"] in ("steady_a", "steady_b", "tiny"):
            check(r["verdict"] != "changed", f"a/b {view}: {r['name']} (its work fixed by design) {r['verdict']}")
        if view == "diff_self" and r["name"] != "planted" and not kernel(r):
            check(r["verdict"] != "changed", f"a/b: self {r['name']} changed: {r['detail']}")
        if r["name"] in ("planted", "steady_a", "steady_b"):
            check(r["Base"] > 0 and r["New"] > 0, f"a/b {view}: {r['name']} new or gone: {r['detail']}")
changed = [r for r in rows(ab, "diff_changed") if not kernel(r)]
# by design only planted's time grew, and with it the time of its callers and of the program
CALLERS = {"main", "__libc_start_call_main", "__libc_start_main_impl", "__libc_start_main", "_start"}
for r in changed:
    ok = (r["name"] == "planted" or (r["view"] == "inclusive" and r["name"] in CALLERS) or
          (r["view"] == "library" and r["name"] in ("builds-base", "builds")))
    # the value per run ("Change", "Base", "New"; the share's are "... share"): a caller's share
    # (~98% of every run) may move either way while its time grows with planted's
    check(ok and r["New"] > r["Base"], f"a/b: {r['view']} {r['name']} changed: {r['detail']}")
check(all(r["verdict"] != "changed" for r in rows(ab, "diff_share_only")), "a/b: a share-only row changed")
check(not {(r["view"], r["name"]) for r in changed} & {(r["view"], r["name"]) for r in rows(ab, "diff_share_only")},
      "a/b: a row both changed and share only")
libs = [r["name"] for r in rows(ab, "diff_library")]
check(libs.count("builds-base") + libs.count("builds") == 1, f"a/b: the program is one library row: {libs}")
binaries = ab["header"].get("Binaries", "")
check(binaries.startswith("base: builds-base (build id ") and " · new: builds (build id " in binaries,
      f"a/b: Binaries line: {binaries!r}")
print(f"a/b: planted x{ratio:.3f} per run (perf report x{perf_ratio:.3f}; per unit of steady work x{design:.3f}, "
      f"design x1.6); changed: "
      f"{sorted((r['view'], r['name']) for r in changed)}")

# ---- the folded stacks and the flame graph of the A/B: one stack identity across the builds
def perf_total(path):
    """Every sample's period in a recording, summed by perf report (its total, kernel included)."""
    out = subprocess.run(["perf", "report", "-i", path, "--stdio", "--no-children", "--sort", "sym", "-g", "none",
                          "-F", "period", "--percent-limit", "0"], capture_output=True, text=True,
                         check=True).stdout
    return sum(int(line.split()[0]) for line in out.splitlines() if line.strip()[:1].isdigit())


diff("--folded", "ab.folded", "--flamegraph", "ab.svg", *arms("A", "B"))
stacks, sums = [], [0, 0]
for line in open(os.path.join(tmp, "ab.folded")):
    stack, a, b = line.rsplit(" ", 2)
    stacks.append(stack)
    sums[0] += int(a)
    sums[1] += int(b)
check(len(stacks) == len(set(stacks)), f"folded: {len(stacks) - len(set(stacks))} stacks written twice")
want = [sum(perf_total(p) for p in runs[arm]) for arm in "AB"]
check(sums == want, f"folded: columns sum to {sums}, perf report's totals {want}")
check(not any(s.split(";")[-1] in ("planted", "steady_a") and (a == 0 or b == 0)
              for s, a, b in (l.rsplit(" ", 2) for l in open(os.path.join(tmp, "ab.folded")))),
      "folded: a program function's stack in one arm only")
frames = re.findall(r'data-v="(\d+)" data-d="(\d+)"[^>]*data-n="([^"]*)"><title>[^<]*</title><rect [^>]*fill="rgb\((\d+),(\d+),(\d+)\)"',
                    open(os.path.join(tmp, "ab.svg")).read())
big = [(n, int(r), int(g), int(b)) for v, d, n, r, g, b in frames if int(v) >= sums[1] // 100]
colour = {}
for n, r, g, b in big:
    check(n not in colour, f"flame graph: {n} drawn twice")
    colour[n] = (r, g, b)
check(colour.get("planted", (0, 255, 0))[1] <= 100 and colour["planted"][0] == 250,
      f"flame graph: planted (60% more work) not red: {colour.get('planted')}")
for n in ("steady_a", "steady_b", "main", "__libc_start_call_main"):
    if n in colour:
        check(min(colour[n]) >= 150, f"flame graph: {n} (its own work unchanged) coloured {colour[n]}")
print(f"folded: {len(stacks)} stacks, each once; flame graph: planted {colour.get('planted')}")

# ---- A/A, one build under two names
aa = diff("--aa", *arms("A", "C")) or {"header": {}}
check([r for r in rows(aa, "diff_changed") if not kernel(r)] == [],
      f"a/a: changed {[(r['view'], r['name']) for r in rows(aa, 'diff_changed')]}")
check("Binaries" in aa["header"] and "build id" in aa["header"]["Binaries"],
      f"a/a: names differ, Binaries line: {aa['header'].get('Binaries')!r}")
tiny = {r["name"]: r for r in rows(aa, "diff_self")}.get("tiny")
if tiny is not None:  # with about one sample per run it may be absent from all 8 runs
    check(tiny["verdict"] == "too few samples" and tiny["Base samples"] + tiny["New samples"] < 5 * 8,
          f"a/a: tiny {tiny['verdict']}, {tiny['Base samples']} + {tiny['New samples']} samples")
print(f"a/a: {aa['header'].get('A/A')}; tiny {tiny and tiny['verdict']}")
machine = [(r["view"], r["name"]) for rep in (ab, aa) for r in rows(rep, "diff_changed") if kernel(r)]
if machine:
    print(f"note: rows of the kernel called changed (the machine's, not checked): {machine}")

# ---- the arms as the shell expands a glob
globbed = diff("--base", *sorted(os.path.basename(p) for p in runs["A"]), "--",
               *sorted(os.path.basename(p) for p in runs["B"]))
arm_of = {r["name"]: r["arm"] for r in rows(globbed, "diff_runs")} if globbed else {}
want = {os.path.basename(p): "base" for p in runs["A"]} | {os.path.basename(p): "new" for p in runs["B"]}
check(arm_of == want, f"glob form: arms {arm_of}")
diff("--base", *sorted(os.path.basename(p) for p in runs["A"] + runs["B"]), code=2)

# ---- --fail-on-change: 3 on the planted regression (+60% by design) and at 30%, 0 above it and on the A/A
gate = diff("--fail-on-change", *arms("A", "B"), code=3)
gated = subprocess.run([profan, "diff", "--fail-on-change", "--top", "1", *arms("A", "B")], capture_output=True,
                       text=True, cwd=tmp)
check(gated.returncode == 3 and "Gate:      failed" in gated.stdout and "planted (self)" in gated.stdout,
      f"--fail-on-change: exit {gated.returncode}, {[l for l in gated.stdout.splitlines() if 'Gate' in l]}")
diff("--fail-on-change", "30", *arms("A", "B"), code=3)  # planted grew ~60% (x1.51 to x1.72 measured)
diff("--fail-on-change", "120", *arms("A", "B"), code=0)  # under 120% it passes
diff("--fail-on-change=5%", *arms("A", "C"), code=0)
print(f"--fail-on-change: {[l for l in gated.stdout.splitlines() if l.startswith('Gate')]}")

if os.environ.get("PROFAN_KEEP"):  # the recordings, for a look by hand
    print("kept: " + tmp)
else:
    shutil.rmtree(tmp)
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("all builds checks passed")
