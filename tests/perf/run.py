#!/usr/bin/env python3
"""tests/perf/run.py PROFAN CASE: records tests/perf/work.c with `perf record` at test time and
checks `profan perf` against perf's own reports of the same file. Both weight a sample by its
period (cpu-clock: nanoseconds), so shares agree exactly; the only allowed difference is the
last printed digit (0.01 pp).

  fp      -g (frame pointers): self (perf report --no-children --sort sym) and inclusive
          (perf report --children) shares of the program's functions
  dwarf   --call-graph dwarf: the same with perf's libdw unwinder against profan's own, plus
          read()'s samples inside the system call: reader above them, nothing left without a
          frame of the program
  pipe    the dwarf recording rewritten in pipe mode (perf inject -o -), read from stdin:
          the same report as the file
  zstd    fp's checks on a recording whose records perf compressed (perf record -z)
Exit 77 (ctest's skip) when perf or gcc is missing or cannot record here, saying why."""
import json, os, shutil, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from perflib import build, run, skip

profan, case = sys.argv[1], sys.argv[2]
FUNCS = ["main", "compute", "reader", "leaf_a", "leaf_b"]

tmp, prog = build("profan-perf-", "work")
data = os.path.join(tmp, "perf.data")
graph = {"fp": ["-g"], "zstd": ["-z", "-g"]}.get(case, ["--call-graph", "dwarf"])
rec = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "2000", "-k", "CLOCK_MONOTONIC",
                      "--switch-events", "-d"] + graph + ["-o", data, "--", prog, "2"],
                     capture_output=True, text=True)
if rec.returncode != 0 or not os.path.exists(data):
    skip("perf record cannot record here: " + (rec.stderr.strip().splitlines() or ["?"])[-1])


def perf_shares(children):
    """{symbol: (children%, self%)} from perf report's table without call graphs."""
    mode = ["--children"] if children else ["--no-children"]
    out = run(["perf", "report", "-i", data, "--stdio", "--sort", "sym", "-g", "none",
               "--percent-limit", "0"] + mode)
    got = {}
    for line in out.splitlines():
        if line.startswith("#") or "%" not in line:
            continue
        parts = line.split()
        pcts = [float(p[:-1]) for p in parts if p.endswith("%")]
        sym = line.split("] ", 1)[1].strip() if "] " in line else parts[-1]
        got[sym] = pcts
        if "[k] " in line:
            kernel_syms.add(sym)
    return got


kernel_syms = set()


def profan_views(path, stdin=None):
    cmd = [profan, "perf", path, "--json", "--top", "10000", "--symbol-path", tmp]
    out = subprocess.run(cmd, capture_output=True, text=True, stdin=stdin)
    if out.returncode != 0:
        sys.exit("profan failed: " + out.stderr)
    doc = json.loads(out.stdout)
    views = {v["id"]: v for v in doc["views"]}
    rows = lambda vid: {r["name"]: r["percent"][0] for r in views[vid]["rows"]}
    return rows("top_self"), rows("top_inclusive_yours"), doc


failures = []


def close(what, a, b, slack=0.0):
    if abs(a - b) > 0.011 + slack:
        failures.append("%s: profan %.2f%%, perf %.2f%%%s" % (
            what, a, b, " (allowed %.2f pp more: samples perf left without user frames)" % slack if slack else ""))


def dropped_share():
    """Percent of the period in samples perf shows with kernel frames only. When libdw's unwind
    of a sample ends in an error, perf drops all its user frames (unwind-libdw.c); profan keeps
    the sampled user IP (a page fault at a large frame's first touch of its stack is one)."""
    out = run(["perf", "script", "-i", data, "-F", "period,ip"])
    total = dropped = 0
    for block in out.split("\n\n"):
        lines = [l.split() for l in block.strip().splitlines() if l.strip()]
        if not lines or not lines[0][0].isdigit():
            continue
        period = int(lines[0][0])
        addrs = [int(l[0], 16) for l in lines[1:] if l]
        total += period
        if addrs and all(a >= 0xffff800000000000 for a in addrs):
            dropped += period
    return 100.0 * dropped / total if total else 0.0


self_p, incl_p, doc = profan_views(data)
if "meta.product" in json.dumps(doc["header"]):
    failures.append("the header speaks of samply's meta.product: %s" % doc["header"])
if case in ("fp", "dwarf", "zstd"):
    perf_self = perf_shares(False)
    perf_incl = perf_shares(True)
    total = sum(v[0] for v in perf_self.values())
    if total < 99 or perf_self.get("leaf_b", [0])[0] < 5:
        skip("the recording has too few samples of the program to compare (%s)" % perf_self)
    slack = dropped_share() if case == "dwarf" else 0.0
    for f in FUNCS:
        close("self " + f, self_p.get(f, 0.0), perf_self.get(f, [0.0])[0])
        close("inclusive " + f, incl_p.get(f, 0.0), perf_incl.get(f, [0.0])[0], slack)
    # kernel frames: named from /proc/kallsyms as perf report names them (the file was recorded
    # here, in this boot), unless profan says why it cannot
    unnamed = doc["header"].get("Kernel")
    ktop = sorted((k for k in kernel_syms if k in perf_self), key=lambda k: -perf_self[k][0])[:3]
    if unnamed:
        print("kernel frames not compared: %s" % unnamed)
    elif not ktop:
        failures.append("perf report shows no kernel symbol to compare")
    for k in ktop if not unnamed else []:
        close("self kernel " + k, self_p.get(k, 0.0), perf_self[k][0])
    if case == "dwarf":
        # read()'s samples: perf's own unwind puts reader above them; so must profan's
        yours = {r["name"]: r["percent"][0] for v in doc["views"] if v["id"] == "top_self_yours"
                 for r in v["rows"]}
        if yours.get("(no frame of your code)", 0.0) > 2.0:
            failures.append("%.2f%% of the samples have no frame of the program" %
                            yours["(no frame of your code)"])
        if incl_p.get("reader", 0.0) <= self_p.get("reader", 0.0):
            failures.append("reader has no samples below it (read's syscall samples were not unwound)")
elif case == "pipe":
    piped = os.path.join(tmp, "pipe.data")
    with open(piped, "wb") as out:
        subprocess.run(["perf", "inject", "-i", data, "-o", "-"], stdout=out, check=True,
                       stderr=subprocess.DEVNULL)
    with open(piped, "rb") as f:
        if f.read(16)[8:] != (16).to_bytes(8, "little"):
            skip("perf inject did not write pipe mode")
    with open(piped, "rb") as f:
        self_q, incl_q, doc_q = profan_views("-", stdin=f)
    if (self_q, incl_q) != (self_p, incl_p):
        failures.append("pipe mode differs from the file:\n  %s\n  %s" % ((self_q, incl_q), (self_p, incl_p)))
    if "pipe mode" not in json.dumps(doc_q["header"]):
        failures.append("the header does not say pipe mode")

if failures:
    print("\n".join(failures))
    print("kept for a look: " + tmp)
    sys.exit(1)
shutil.rmtree(tmp)
print("ok: %s (%s)" % (case, ", ".join("%s self %.2f%% incl %.2f%%" % (f, self_p.get(f, 0), incl_p.get(f, 0)) for f in FUNCS)))
