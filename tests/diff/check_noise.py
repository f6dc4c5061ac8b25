#!/usr/bin/env python3
"""profan diff on repeated real runs with a planted change of known size (fixtures/diff/,
made by tests/diff/record.sh from tests/diff/src/): node --cpu-prof of noise.js, perf +
perf2samply.py of pnoise, valgrind DHAT of dnoise. Arms: a (variant A), b (B: the planted
change), aa (A again). Checked against numbers computed here from the files themselves
(the .cpuprofile JSON, perf's own reports, the DHAT JSON) and the rule of docs/diff.md
as reference.py writes it:

- A against B: the planted function is called changed, with the sign and size the
  program's design gives (planted() 1.5 times the work: its time relative to the
  untouched functions grows by half; dnoise's planted_cache +20,000 B exactly), and for
  node every row's shares, values, p-values and verdict equal the reference's;
- A against A (--aa): nothing is called changed, and the report says so;
- one run per arm: nothing is marked (no noise estimate); 3 + 3: nothing at 95 %;
- the order of runs from the times in file names, from file times, and --order, with
  the ABBA warning exactly when one arm ran first in every pair.

usage: check_noise.py PROFAN FIXTURES_DIR"""
import glob
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402
from reference import median, ppm  # noqa: E402

profan, fixtures = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def runs(kind, arm):
    return sorted(glob.glob(f"{fixtures}/diff/{kind}/{arm}/*"))


def profan_diff(base, new, *extra, cwd=fixtures):
    args = [profan, "diff", "--json", "--top", "0", "-q", *extra]
    for b in base:
        args += ["--base", b]
    p = subprocess.run(args + list(new), capture_output=True, text=True, cwd=cwd)
    check(p.returncode == 0, f"{args}: exit {p.returncode}: {p.stderr}")
    return json.loads(p.stdout) if p.returncode == 0 else {"views": [], "header": {}, "warnings": []}


def table(rep, tid):
    return next((v for v in rep["views"] if v["id"] == tid), {"rows": [], "columns": []})


def rows_by_column(view):
    """Each row as {column name: value}, plus its name, detail and marks."""
    names = [c["name"] for c in view["columns"]]
    out = []
    for r in view["rows"]:
        d = dict(zip(names, (int(v) for v in r["values"])))
        d.update(name=r["name"], detail=r.get("detail", ""), verdict=r.get("verdict"), view=r.get("view"))
        out.append(d)
    return out


def order_of_names(base, new):
    """The arms' letters in the order the file names' times say (node and record.sh names)."""
    stamp = re.compile(r"(\d{8})[.-](\d{6})")
    timed = [(stamp.search(os.path.basename(p)).groups(), "A") for p in base]
    timed += [(stamp.search(os.path.basename(p)).groups(), "B") for p in new]
    return "".join(arm for _, arm in sorted(timed))


def one_arm_first(order):
    a = [i for i, c in enumerate(order) if c == "A"]
    b = [i for i, c in enumerate(order) if c == "B"]
    pairs = list(zip(a, b))
    return len(pairs) >= 2 and (all(x < y for x, y in pairs) or all(y < x for x, y in pairs))


# ---------------------------------------------------------------- node --cpu-prof

def measure_cpuprofile(path):
    """Per function (name, url): self and inclusive time and sample counts, and the totals."""
    prof = json.load(gzip.open(path))
    nodes = {n["id"]: n for n in prof["nodes"]}
    parent = {c: n["id"] for n in prof["nodes"] for c in n.get("children", [])}
    m = {"total": 0, "samples": 0, "self": {}, "incl": {}, "self_n": {}, "incl_n": {}, "lib": {}, "lib_n": {}}
    for sid, d in zip(prof["samples"], prof["timeDeltas"]):
        keys, cur = [], sid
        while cur is not None:
            cf = nodes[cur]["callFrame"]
            if not (cur not in parent and cf["functionName"] == "(root)"):
                keys.append((cf["functionName"] or "(anonymous)", cf.get("url", "")))
            cur = parent.get(cur)
        m["total"] += d
        m["samples"] += 1
        if not keys:
            continue
        for what, k in (("self", keys[0]), ("lib", keys[0][1] or "(no library)")):
            m[what][k] = m[what].get(k, 0) + d
            m[what + "_n"][k] = m[what + "_n"].get(k, 0) + 1
        for k in set(keys):
            m["incl"][k] = m["incl"].get(k, 0) + d
            m["incl_n"][k] = m["incl_n"].get(k, 0) + 1
    return m


def reference_rows(base, new, what, alpha):
    """Every row of WHAT (self, incl, lib) as reference.py computes it from the JSON."""
    ra, rb = [measure_cpuprofile(p) for p in base], [measure_cpuprofile(p) for p in new]
    keys = set()
    for m in ra + rb:
        keys |= set(m[what])
    out = {}
    for k in keys:
        sa = [ppm(m[what].get(k, 0), m["total"]) for m in ra]
        sb = [ppm(m[what].get(k, 0), m["total"]) for m in rb]
        va = [m[what].get(k, 0) for m in ra]
        vb = [m[what].get(k, 0) for m in rb]
        counts = (sum(m[what + "_n"].get(k, 0) for m in ra), sum(m["samples"] for m in ra),
                  sum(m[what + "_n"].get(k, 0) for m in rb), sum(m["samples"] for m in rb))
        out[k] = {"Change (share)": median(sb) - median(sa), "Base share": median(sa), "New share": median(sb),
                  "Change": median(vb) - median(va), "Base share min": min(sa), "Base share max": max(sa),
                  "New share min": min(sb), "New share max": max(sb), "Base samples": counts[0],
                  "New samples": counts[2], "Base share spread": reference.fourth_spread(sa),
                  "New share spread": reference.fourth_spread(sb),
                  "p": round(reference.rank_p(sa, sb) * 1e9),
                  "Sampling p": round(reference.binom_p(*counts) * 1e9),
                  "verdict": reference.sampled_verdict(sa, sb, va, vb, alpha, counts, wall_clock=True)}
    return out


def row_key(row, what):
    if what == "lib":
        return row["name"]
    # the detail ends with the function's place, "url:line:col", when it has a url
    place = row["detail"].split(")  ", 1)[1] if ")  " in row["detail"] else ""
    # then whose code it is, "  [node]", or only that ("[v8]"): not the place
    place = "" if place.startswith("[") else place.split("  [", 1)[0]
    url = re.sub(r"(:\d+){1,2}$", "", place)
    return (row["name"], url)


def compare_rows(rep, base, new, alpha, label):
    """Every row of the three tables against the reference: numbers and verdicts."""
    for what, tid in (("self", "diff_self"), ("incl", "diff_inclusive"), ("lib", "diff_library")):
        want = reference_rows(base, new, what, alpha)
        got = {row_key(r, what): r for r in rows_by_column(table(rep, tid))}
        check(set(got) == {k for k, w in want.items() if w["Base share"] or w["New share"] or w["Change"] or k in got},
              f"{label} {tid}: the same rows ({len(got)} against {len(want)})")
        bad = 0
        for k, r in got.items():
            w = want.get(k)
            if w is None:
                continue
            for col, v in w.items():
                if col in ("p", "Sampling p"):
                    ok = abs(r.get(col, 0) - v) <= 2 + v * 1e-9
                else:
                    ok = r.get(col) == v
                if not ok and bad < 8:
                    bad += 1
                    check(False, f"{label} {tid} {k} {col}: profan {r.get(col)}, reference {v}")
    return {row_key(r, "self"): r for r in rows_by_column(table(rep, "diff_self"))}


node_a, node_b, node_aa = runs("node", "a"), runs("node", "b"), runs("node", "aa")
check(len(node_a) == len(node_b) == len(node_aa) == 6, "six node runs per arm")
PLANTED = ("planted", "file:///home/dev/build/noise.js")

# A against B: planted changed, up, by the size its design gives
rep = profan_diff(node_a, node_b)
self_rows = compare_rows(rep, node_a, node_b, 0.05, "node a/b")
planted = self_rows.get(PLANTED, {})
# V8's verdicts rest on shares (wall-clock time): the share's change, by its own name
check(planted.get("verdict") == "changed" and planted.get("Change (share)", 0) > 0,
      f"node a/b: planted changed, up: {planted.get('verdict')} {planted.get('Change (share)')}")
summary = {(r["name"], r["view"]) for r in rows_by_column(table(rep, "diff_changed"))}
check(("planted", "self") in summary and ("planted", "inclusive") in summary, f"node a/b: summary {summary}")
# the design: planted's time relative to the four untouched functions grows by half
WORK = ("tokenize", "parse", "layout", "render")


def planted_ratio(paths):
    ratios = []
    for p in paths:
        m = measure_cpuprofile(p)
        work = sum(v for (n, u), v in m["self"].items() if n in WORK and u == PLANTED[1])
        ratios.append(m["self"][PLANTED] / work)
    return sorted(ratios)[len(ratios) // 2]


growth = planted_ratio(node_b) / planted_ratio(node_a)
check(1.2 <= growth <= 1.8, f"node a/b: planted/others grew x{growth:.2f}, design x1.5")
order = order_of_names(node_a, node_b)
check(rep["header"].get("Order", "").startswith(order + " (from the times in the file names"),
      f"node a/b: order {rep['header'].get('Order')} against {order}")
check(not one_arm_first(order) and not any("ran first" in w for w in rep["warnings"]),
      f"node a/b: record.sh alternates the arms ({order}), no warning")
print(f"node a/b: planted {planted.get('Base', 0) / 1e4:.2f}% -> {planted.get('New', 0) / 1e4:.2f}% "
      f"({planted.get('Change', 0) / 1e4:+.2f} pp, p {planted.get('p', 0) / 1e9:.4f}), "
      f"relative to the other functions x{growth:.2f} (design x1.5); "
      f"{len(summary)} rows changed: {sorted(summary)}")

# A against A: nothing
rep = profan_diff(node_a, node_aa, "--aa")
compare_rows(rep, node_a, node_aa, 0.05, "node a/aa")
check(table(rep, "diff_changed")["rows"] == [], f"node a/aa: nothing changed: {table(rep, 'diff_changed')['rows']}")
check(rep["header"].get("A/A", "").startswith("no change beyond noise"), f"node a/aa: {rep['header'].get('A/A')}")
check(table(rep, "diff_changed").get("empty") == "no change beyond noise", "node a/aa: the summary says so")

# one run per arm: no verdicts at all
rep = profan_diff(node_a[:1], node_b[:1])
check(all("verdict" not in r for r in table(rep, "diff_self")["rows"]), "node 1/1: no verdict column")
check(table(rep, "diff_changed")["rows"] == [], "node 1/1: nothing marked")
check("no noise estimate" in rep["header"].get("Verdicts", ""), f"node 1/1: {rep['header'].get('Verdicts')}")
# three per arm: 95 % is out of reach (smallest p 0.1); at 90 % the rule applies
rep = profan_diff(node_a[:3], node_b[:3])
check(all("verdict" not in r for r in table(rep, "diff_self")["rows"]), "node 3/3: no verdicts at 95%")
check("cannot reach 95% confidence" in rep["header"].get("Verdicts", ""), "node 3/3: says why")
rep = profan_diff(node_a[:3], node_b[:3], "--confidence", "90")
compare_rows(rep, node_a[:3], node_b[:3], 0.10, "node 3/3 at 90%")

# the ABBA warning: the a and b runs of the rounds where a ran first (record.sh: 1, 3 and 4)
first_a = [(a, b) for a, b in zip(node_a, node_b) if order_of_names([a], [b]) == "AB"]
if len(first_a) >= 2:
    rep = profan_diff([a for a, _ in first_a], [b for _, b in first_a])
    check(any("base arm ran first in every pair" in w for w in rep["warnings"]),
          f"node: base first in every pair: warned ({rep['warnings']})")
    rep = profan_diff([a for a, _ in first_a], [b for _, b in first_a], "--order", "BA" * len(first_a))
    check(any("new arm ran first" in w for w in rep["warnings"]), "node: --order overrides the names")
else:
    check(False, "node: record.sh's rounds 1, 3 and 4 run a before b")

# the order from file times, when names carry none: copies in a scratch folder
with tempfile.TemporaryDirectory() as tmp:
    paths = []
    for i, p in enumerate(node_a[:2] + node_b[:2]):
        paths.append(f"{tmp}/run{i}.cpuprofile.gz")
        shutil.copy(p, paths[-1])
    for times, want in (((0, 1, 2, 3), "AABB"), ((0, 3, 1, 2), "ABBA")):
        for p, t in zip(paths, times):
            os.utime(p, (1700000000 + t, 1700000000 + t))
        rep = profan_diff(paths[:2], paths[2:], cwd=tmp)
        check(rep["header"].get("Order", "").startswith(f"{want} (from the files' modification times"),
              f"file times {times}: {rep['header'].get('Order')}")
        check(any("ran first in every pair" in w for w in rep["warnings"]) == one_arm_first(want),
              f"file times {times}: warning {rep['warnings']}")
    for i, p in enumerate(paths):  # a copy: all within milliseconds
        os.utime(p, ns=(1700000000 * 10**9 + i * 1000, 1700000000 * 10**9 + i * 1000))
    rep = profan_diff(paths[:2], paths[2:], cwd=tmp)
    check("Order" not in rep["header"] and any("order the runs were made in is unknown" in w and "--order" in w
                                                for w in rep["warnings"]),
          f"copied files: {rep['header'].get('Order')}, warnings {rep['warnings']}")

# ---------------------------------------------------------------- valgrind DHAT

def dhat_sums(path, func):
    """Bytes and blocks live at t-gmax in all, and in program points with FUNC on the stack."""
    d = json.load(open(path))
    total = [0, 0]
    inside = [0, 0]
    for pp in d["pps"]:
        total[0] += pp["gb"]
        total[1] += pp["gbk"]
        if any(d["ftbl"][f].split(" (")[0].split(": ")[-1] == func for f in pp["fs"]):
            inside[0] += pp["gb"]
            inside[1] += pp["gbk"]
    return total, inside


dhat_a, dhat_b, dhat_aa = runs("dhat", "a"), runs("dhat", "b"), runs("dhat", "aa")
check(len(dhat_a) == len(dhat_b) == len(dhat_aa) == 2, "two DHAT runs per arm")
# dnoise.c's design, found again in the files
for paths, total, planted_bytes in ((dhat_a + dhat_aa, 130000, 10000), (dhat_b, 150000, 30000)):
    for p in paths:
        (t, tk), (pb, pk) = dhat_sums(p, "planted_cache")
        check((t, tk, pb, pk) == (total, 26, planted_bytes, 10), f"{p}: {t} B in {tk}, planted {pb} in {pk}")
rep = profan_diff(dhat_a, dhat_b)
incl = {r["name"]: r for r in rows_by_column(table(rep, "diff_inclusive"))}
selfr = {r["name"]: r for r in rows_by_column(table(rep, "diff_self"))}
for label, rows in (("inclusive", incl), ("self", selfr)):
    pc = rows.get("planted_cache", {})
    check((pc.get("Change"), pc.get("Base"), pc.get("New"), pc.get("Blocks"), pc.get("verdict")) ==
          (20000, 10000, 30000, 0, "changed"), f"dhat a/b {label}: planted_cache +20000 B exactly: {pc}")
    bd = rows.get("build_dict", {})
    # the same bytes, a smaller share: 110000/130000 = 846154 ppm -> 110000/150000 = 733333
    check((bd.get("Change"), bd.get("Change (share)"), bd.get("verdict")) == (0, 733333 - 846154, "same")
          and bd.get("detail", "").startswith("+0.0%"), f"dhat a/b {label}: build_dict unchanged: {bd}")
sites = rows_by_column(table(rep, "diff_sites"))
check([(r["name"].split(" (")[0], r["Change"], r["verdict"]) for r in sites if r["verdict"] == "changed"] ==
      [("planted_cache", 20000, "changed")], f"dhat a/b: one site changed: {sites}")
check("DHAT counts are exact" in rep["header"].get("Verdicts", ""), "dhat a/b: exact comparison")
rep = profan_diff(dhat_a, dhat_aa, "--aa")
check(table(rep, "diff_changed")["rows"] == [] and rep["header"].get("A/A", "").startswith("no change"),
      f"dhat a/aa: nothing changed: {rep['header'].get('A/A')}")
rep = profan_diff(dhat_a[:1], dhat_b[:1])  # deterministic: one run per arm is enough
check(any(r["name"] == "planted_cache" and r["verdict"] == "changed"
          for r in rows_by_column(table(rep, "diff_inclusive"))), "dhat 1/1: planted_cache changed")
print("dhat a/b: planted_cache 10,000 -> 30,000 B (+20,000 B, 10 blocks both), build_dict 110,000 B both")

# ---------------------------------------------------------------- perf + perf2samply


def perf_counts(json_path):
    """Samples per function in perf's own report of the recording (perf report -n)."""
    rep_path = json_path.replace(f"{fixtures}/diff/perf/", os.path.dirname(os.path.abspath(__file__)) +
                                 "/perf-report/").replace(".json.gz", ".txt")
    counts = {}
    for line in open(rep_path):
        m = re.match(r"\s+[\d.]+%\s+(\d+)\s+\[[.k]\]\s+(\S+)", line)
        if m:
            name = m.group(2).split(".")[0]  # parse.constprop.0 is parse
            counts[name] = counts.get(name, 0) + int(m.group(1))
    return counts


perf_a, perf_b, perf_aa = (sorted(glob.glob(f"{fixtures}/diff/perf/{arm}/*.json.gz")) for arm in ("a", "b", "aa"))
check(len(perf_a) == len(perf_b) == len(perf_aa) == 6, "six perf runs per arm")
symbols = ["--symbol-path", f"{fixtures}/diff/perf"]
rep = profan_diff(perf_a, perf_b, *symbols)
prow = {r["name"]: r for r in rows_by_column(table(rep, "diff_self"))}.get("planted", {})
ca, cb = [perf_counts(p) for p in perf_a], [perf_counts(p) for p in perf_b]
perf_growth = median([c["planted"] for c in cb]) / median([c["planted"] for c in ca])
check(prow.get("verdict") == "changed" and prow.get("Change", 0) > 0, f"perf a/b: planted changed, up: {prow}")
value_growth = prow.get("New", 0) / max(1, prow.get("Base", 1))
check(1.35 <= value_growth <= 1.65 and 1.35 <= perf_growth <= 1.65,
      f"perf a/b: planted's CPU per run x{value_growth:.2f} (perf report: x{perf_growth:.2f}), design x1.5")
# perf's own counts per run, by the reference rule: planted changed there too
va, vb = [c["planted"] for c in ca], [c["planted"] for c in cb]
check(reference.verdict(va, vb, 0.05, samples=(sum(va), len(va), sum(vb), len(vb))) == "changed",
      f"perf report's own counts: planted changed ({va} {vb})")
rep = profan_diff(perf_a, perf_aa, "--aa", *symbols)
check(table(rep, "diff_changed")["rows"] == [], f"perf a/aa: nothing changed {table(rep, 'diff_changed')['rows']}")
rep = profan_diff(perf_a[:1], perf_b[:1], *symbols)
check(table(rep, "diff_changed")["rows"] == [] and "no noise estimate" in rep["header"].get("Verdicts", ""),
      "perf 1/1: nothing marked")
print(f"perf a/b: planted {prow.get('Base', 0) / 1e4:.2f}% -> {prow.get('New', 0) / 1e4:.2f}%, CPU per run "
      f"x{value_growth:.2f} (perf report x{perf_growth:.2f}; design x1.5)")

print(f"{len(failures)} failed" if failures else "all noise checks passed")
sys.exit(1 if failures else 0)
