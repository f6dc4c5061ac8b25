#!/usr/bin/env python3
"""tests/perf/switch.py PROFAN CASE: records tests/perf/switch.c with `perf record` at test time
and checks what profan perf makes of context switches and of a selection.

  switch  -e cpu-clock -e sched:sched_switch --switch-events --call-graph dwarf: the oncpu metric
          (samply's threadCPUDelta: on-CPU time since the thread's previous sample) and the offcpu
          metric (switch-out to switch-in, at the stack of the sched_switch sample before it),
          recomputed here from `perf script`'s switch records and stacks: totals to the
          nanosecond, inclusive time of main, burn and nap within 2% of the total (the two
          unwinders may stop at different frames); and the program's design: burn() is on CPU
          10 x 20 ms, nap() off CPU at least 10 x 20 ms.
  select  -e cpu-clock,task-clock -g of two processes of the program, one with a second thread
          ("spinner"): --pid, --thread (a tid, a name), --event and two of them together; the
          samples each keeps counted from `perf script` (event, pid, tid, comm at the sample),
          and the kernel functions' self counts from `perf report --sort pid,sym -n` of the
          selected threads.
Exit 77 (ctest's skip) when perf or gcc is missing or cannot record here, saying why."""
import json, os, re, shutil, subprocess, sys
from collections import Counter, defaultdict

from perflib import build_switch, run, skip

profan, case = sys.argv[1], sys.argv[2]
tmp, prog = build_switch("profan-perf-switch-")
data = os.path.join(tmp, "perf.data")
failures = []


def record(args):
    rec = subprocess.run(["perf", "record", "-q", "-k", "CLOCK_MONOTONIC", "-o", data] + args,
                         capture_output=True, text=True)
    if rec.returncode != 0 or not os.path.exists(data):
        skip("perf record cannot record here: " + (rec.stderr.strip().splitlines() or ["?"])[-1])


def profan_json(*args):
    out = subprocess.run([profan, "perf", data, "--json", "--top", "100000", "--symbol-path", tmp] + list(args),
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("profan %s failed: %s" % (" ".join(args), out.stderr))
    return json.loads(out.stdout)


def rows(doc, vid):
    got = Counter()
    for v in doc["views"]:
        if v["id"] == vid:
            for r in v["rows"]:
                got[r["name"]] += r["values"][0]
    return got


def total(doc):
    return doc["figures"]["Total"]["total"]["value"]


def script_events(fields, extra=()):
    """perf script's records: (head line, [stack symbols]) in time order."""
    out = run(["perf", "script", "-i", data, "-F", fields, "--ns"] + list(extra))
    ev, evs = None, []
    for line in out.splitlines():
        if not line.strip():
            continue
        if line[0] == "\t":  # a stack line (head lines may begin with spaces)
            if ev is not None:
                parts = line.split(None, 1)
                sym = parts[1].strip() if len(parts) > 1 else "?"
                ev[1].add(re.sub(r"\+0x[0-9a-f]+$| \(inlined\)$", "", sym))
            continue
        ev = (line, set())
        evs.append(ev)
    return evs


if case == "switch":
    # the frequency on cpu-clock alone: a global -F would sample the tracepoint by frequency too,
    # and leave switches without their stack
    record(["-e", "cpu-clock/freq=2000/", "-e", "sched:sched_switch", "--switch-events",
            "--call-graph", "dwarf", "--", prog])
    # samply's ContextSwitchHandler, in ns, from perf script's own records
    head = re.compile(r"^\s*(\d+)\s+(\d+)\.(\d+):\s+(.*)$")
    FUNCS = ("main", "burn", "nap")
    on_total = off_total = 0
    on_in, off_in = Counter(), Counter()
    state, ts, since, pending, off_stack = {}, {}, Counter(), {}, {}
    for line, stack in script_events("tid,time,event,ip,sym", ["--show-switch-events"]):
        m = head.match(line)
        if not m:
            continue
        tid, t, what = int(m.group(1)), int(m.group(2)) * 10**9 + int(m.group(3)), m.group(4)
        if tid == 0:
            continue
        st = state.get(tid)
        if what.startswith("PERF_RECORD_SWITCH"):
            if st == "on":
                since[tid] += t - ts[tid]
            if " OUT" in what:
                if st == "off":
                    continue
                off_stack[tid] = pending.pop(tid, set())
                state[tid] = "off"
            else:
                if st == "off":
                    off_total += t - ts[tid]
                    off_in["[off-CPU]"] += (t - ts[tid]) if not off_stack[tid] else 0
                    for f in FUNCS:
                        off_in[f] += (t - ts[tid]) if f in off_stack[tid] else 0
                state[tid] = "on"
            ts[tid] = t
        elif what.startswith("sched:sched_switch"):
            pending[tid] = stack
        elif what.startswith("cpu-clock"):
            if st == "on":
                since[tid] += t - ts[tid]
            elif st == "off":
                off_total += t - ts[tid]
                for f in FUNCS:
                    off_in[f] += (t - ts[tid]) if f in off_stack[tid] else 0
            state[tid], ts[tid] = "on", t
            on_total += since[tid]
            for f in FUNCS:
                on_in[f] += since[tid] if f in stack else 0
            since[tid] = 0
    if not off_stack:
        skip("the recording has no switch records")
    on_doc, off_doc = profan_json("--metric", "oncpu"), profan_json("--metric", "offcpu")
    cpu_doc = profan_json()
    for name, doc, want_total, want in (("oncpu", on_doc, on_total, on_in), ("offcpu", off_doc, off_total, off_in)):
        if total(doc) != want_total:
            failures.append("%s total: profan %d ns, perf script %d ns" % (name, total(doc), want_total))
        got = rows(doc, "top_inclusive_yours")
        for f in FUNCS:
            if abs(got[f] - want[f]) > 0.02 * want_total:
                failures.append("%s inclusive %s: profan %.2f ms, perf script %.2f ms" %
                                (name, f, got[f] / 1e6, want[f] / 1e6))
    # switch-outs without a sched_switch sample before them: the time is "[off-CPU]"'s
    if rows(off_doc, "top_self")["[off-CPU]"] != off_in["[off-CPU]"]:
        failures.append("[off-CPU]: profan %d ns, perf script %d ns" % (rows(off_doc, "top_self")["[off-CPU]"],
                                                                   off_in["[off-CPU]"]))
    # the design: 10 x 20 ms of CPU in burn, at least 10 x 20 ms asleep in nap (a busy machine
    # wakes it late, so only a loose ceiling)
    burn_on, nap_off = rows(on_doc, "top_inclusive_yours")["burn"], rows(off_doc, "top_inclusive_yours")["nap"]
    if not 180e6 <= burn_on <= 230e6:
        failures.append("burn on CPU %.2f ms, designed 200 ms" % (burn_on / 1e6))
    if not 199e6 <= nap_off <= 1000e6:
        failures.append("nap off CPU %.2f ms, designed at least 200 ms" % (nap_off / 1e6))
    # both CPU measures see the same program: the sample periods and the switch records agree
    if abs(total(cpu_doc) - total(on_doc)) > 0.1 * total(on_doc):
        failures.append("cpu %.2f ms against oncpu %.2f ms" % (total(cpu_doc) / 1e6, total(on_doc) / 1e6))
    summary = "oncpu %.2f ms (burn %.2f), offcpu %.2f ms (nap %.2f)" % (
        on_total / 1e6, burn_on / 1e6, off_total / 1e6, nap_off / 1e6)
elif case == "select":
    record(["-e", "cpu-clock,task-clock", "-F", "1000", "-g", "--", "sh", "-c",
            "%s x & %s; wait" % (prog, prog)])
    # every sample: (event, pid, tid, comm at the sample)
    samples = []
    for line, _ in script_events("comm,pid,tid,event"):
        m = re.match(r"^\s*(.*?)\s+(\d+)/(\d+)\s+([\w:-]+):\s*$", line)
        if m:
            samples.append((m.group(4), int(m.group(2)), int(m.group(3)), m.group(1)))
    spinner = sorted({s[2] for s in samples if s[3] == "spinner"})
    if len(spinner) != 1:
        skip("the recording has no single spinner thread: %s" % spinner)
    pid_a = next(s[1] for s in samples if s[2] == spinner[0])
    pid_b = sorted({s[1] for s in samples if s[1] != pid_a and s[3] == "switch"} or {0})[0]
    # perf report's self counts per (event, tid, symbol)
    report = defaultdict(Counter)
    event = None
    out = run(["perf", "report", "-i", data, "--stdio", "--no-children", "--sort", "pid,sym", "-g", "none",
               "-n", "--percent-limit", "0"])
    for line in out.splitlines():
        m = re.match(r"^# Samples: .* of event '(.*)'", line)
        if m:
            event = m.group(1)
        m = re.match(r"^\s+[\d.]+%\s+(\d+)\s+(\d+):\S*\s+\[k\] (\S+)", line)
        if m:
            report[(event, int(m.group(2)))][m.group(3)] += int(m.group(1))
    tid_pid = {s[2]: s[1] for s in samples}
    cases = [
        (["--pid", str(pid_a)], lambda e, p, t, c: p == pid_a),
        (["--pid", str(pid_b), "--event", "cpu-clock"], lambda e, p, t, c: p == pid_b and e == "cpu-clock"),
        (["--thread", str(spinner[0])], lambda e, p, t, c: t == spinner[0]),
        (["--thread", "^spinner$"], lambda e, p, t, c: c == "spinner"),
        (["--event", "task-clock"], lambda e, p, t, c: e == "task-clock"),
    ]
    compared = 0
    for args, keep in cases:
        doc = profan_json("--metric", "samples", *args)
        want = sum(1 for s in samples if keep(*s))
        if total(doc) != want or want == 0:
            failures.append("%s: profan %d samples, perf script %d" % (" ".join(args), total(doc), want))
        if args[0] == "--thread" and not args[1].isdigit() or doc["header"].get("Kernel"):
            continue  # kernel functions by thread name: perf report's pid rows carry the last name only
        kern = Counter()
        for (e, tid), syms in report.items():
            if keep(e, tid_pid.get(tid, -1), tid, None):
                kern.update(syms)
        got = rows(doc, "top_self")
        for sym, n in kern.most_common(5):
            compared += 1
            if got[sym] != n:
                failures.append("%s: %s self: profan %d samples, perf report %d" % (" ".join(args), sym, got[sym], n))
    bad = subprocess.run([profan, "perf", data, "--event", "cycles"], capture_output=True, text=True)
    if bad.returncode != 2 or bad.stderr.count("\n") != 1 or "cpu-clock, task-clock" not in bad.stderr:
        failures.append("--event cycles: exit %d, %r" % (bad.returncode, bad.stderr))
    if compared == 0:
        print("kernel functions not compared: profan left them unnamed")
    summary = "%d samples, pids %d and %d, spinner %d, %d kernel counts compared" % (
        len(samples), pid_a, pid_b, spinner[0], compared)
else:
    sys.exit("unknown case " + case)

if failures:
    print("\n".join(failures))
    print("kept for a look: " + tmp)
    sys.exit(1)
shutil.rmtree(tmp)
print("ok: %s: %s" % (case, summary))
