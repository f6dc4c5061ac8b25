#!/usr/bin/env python3
"""tests/perf/crosscheck.py PROFAN: one perf.data two ways. tests/perf/switch.c (two threads, on
and off CPU) is recorded as tools/README.md says for tools/perf2samply.py (--switch-events, DWARF
stacks; the repository's copy of the shared converter), converted with that script to a samply profile, and read by `profan samply`; the same
file is read by `profan perf`. The converter weights a sample by samply's threadCPUDelta from the
switch records, in whole microseconds; `profan perf --metric oncpu` computes the same in
nanoseconds. So per function of the program (innermost function of yours, and inclusive), the two
agree to 1 us per sample (the converter's rounding down) plus the share of samples whose stack
perf's unwinder and profan's end at different frames (perf drops all user frames of a sample its
libdw unwind fails on; profan keeps the sampled one).

The default metric of `profan perf` (cpu: the sample periods, as perf report) differs from
threadCPUDelta by the time between each thread's last sample and its end, and by the timer's
granularity: at most a few sample periods per thread. The test prints the two totals and allows
one period per thread and 2% (docs/perf-format.md, "Weighting").
Exit 77 (ctest's skip) when perf or gcc is missing or cannot record here, saying why."""
import json, os, shutil, subprocess, sys
from collections import Counter

from perflib import build_switch, here, run, skip

profan = sys.argv[1]
tmp, prog = build_switch("profan-perf-cross-")
data, conv = os.path.join(tmp, "perf.data"), os.path.join(tmp, "prof.json")
rec = subprocess.run(["perf", "record", "-q", "-N", "-e", "cpu-clock", "-F", "1000", "-k", "CLOCK_MONOTONIC",
                      "--switch-events", "-d", "--call-graph", "dwarf,32000", "-m", "16M", "-o", data, "--",
                      prog, "x"], capture_output=True, text=True)
if rec.returncode != 0 or not os.path.exists(data):
    skip("perf record cannot record here: " + (rec.stderr.strip().splitlines() or ["?"])[-1])
run([sys.executable, os.path.join(here, "..", "..", "tools", "perf2samply.py"), "-i", data, "-o", conv, "--format-version", "55",
     "--cpu-delta", "switch"])


def views(cmd, path, *args):
    out = subprocess.run([profan, cmd, path, "--json", "--top", "100000", "--symbol-path", tmp] + list(args),
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("profan %s failed: %s" % (cmd, out.stderr))
    doc = json.loads(out.stdout)
    got = {}
    for v in doc["views"]:
        scale = {"ns": 1e-3, "us": 1.0, "µs": 1.0}[v["columns"][0]["unit"]]  # to microseconds
        got[v["id"]] = Counter()
        for r in v["rows"]:
            got[v["id"]][r["name"]] += r["values"][0] * scale
    fig = doc["figures"]["Total"]
    unit = {"ns": 1e-3, "us": 1.0, "µs": 1.0}[fig["total"]["unit"]]
    return got, fig["total"]["value"] * unit, fig["samples"]["value"], doc


samply, samply_total, samply_n, _ = views("samply", conv)
oncpu, oncpu_total, perf_n, _ = views("perf", data, "--metric", "oncpu")
_, cpu_total, _, _ = views("perf", data)
failures = []
if samply_n != perf_n:
    failures.append("samples: samply %d, perf %d" % (samply_n, perf_n))
if oncpu_total - samply_total < -1 or oncpu_total - samply_total > perf_n + 1:
    failures.append("total: oncpu %.0f us, samply %.0f us (allowed 0 to %d us of rounding)" %
                    (oncpu_total, samply_total, perf_n))
# samples whose stack perf left without user frames: the converter gives them no function of yours
dropped = samply["top_self_yours"].get("(no frame of your code)", 0.0)
allowed = perf_n + dropped + 0.005 * samply_total
compared = 0
for vid in ("top_self_yours", "top_inclusive_yours"):
    for f in ("main", "burn", "cpu_now", "spin"):
        a, b = oncpu[vid].get(f, 0.0), samply[vid].get(f, 0.0)
        compared += 1
        if abs(a - b) > allowed:
            failures.append("%s %s: profan perf %.0f us, profan samply %.0f us (allowed %.0f)" % (vid, f, a, b, allowed))
if samply["top_inclusive_yours"].get("spin", 0.0) < 50e3:
    failures.append("spin (the second thread, 100 ms of CPU by design) has %.0f us" %
                    samply["top_inclusive_yours"].get("spin", 0.0))
threads = 2  # main and spinner, by the program's design; the period is 1 ms (-F 1000)
if abs(cpu_total - samply_total) > threads * 1000 + 0.02 * samply_total:
    failures.append("cpu (periods) %.0f us against threadCPUDelta %.0f us" % (cpu_total, samply_total))
if failures:
    print("\n".join(failures))
    print("kept for a look: " + tmp)
    sys.exit(1)
shutil.rmtree(tmp)
print("ok: %d samples; oncpu %.2f ms, samply %.2f ms, periods %.2f ms; %d rows within %.2f ms" % (
    perf_n, oncpu_total / 1e3, samply_total / 1e3, cpu_total / 1e3, compared, allowed / 1e3))
