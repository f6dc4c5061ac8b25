#!/usr/bin/env python3
"""tests/perf/events.py PROFAN: a recording of several events (events.c) read by profan perf,
each total against perf report's "Event count" for that event on the same file:
  cpu-clock,page-faults,minor-faults  the default metric is the clock's CPU time; --metric weight
      would add page faults to minor faults: refused in one line (exit 2); with --event NAME it is
      that event's count
  page-faults,minor-faults (no clock)  the cpu metric is the first event's count, as perf report's
      first table; --event minor-faults makes it the other's"""
import json, os, re, shutil, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from perflib import build, run, skip

profan = sys.argv[1]
tmp, prog = build("profan-events-", "events", ("-O1",))
failures = []


def record(events):
    data = os.path.join(tmp, events.replace(",", "+") + ".data")
    r = subprocess.run(["perf", "record", "-q", "-e", events, "-g", "-o", data, "--", prog],
                       capture_output=True, text=True)
    if r.returncode != 0:
        skip("perf record -e %s failed: %s" % (events, r.stderr.strip()[:200]))
    return data


def event_counts(data):
    """perf report's "Event count" per event name."""
    counts, event = {}, None
    for line in run(["perf", "report", "-i", data, "--stdio", "--no-children", "--sort", "dso"]).splitlines():
        m = re.match(r"^# Samples: .* of event '(.*)'", line)
        if m:
            event = m.group(1)
        m = re.match(r"^# Event count \(approx\.\): (\d+)", line)
        if m and event:
            counts[event] = int(m.group(1))
    return counts


def total(data, *args):
    r = subprocess.run([profan, "perf", data, "--json", "--top", "1", *args], capture_output=True, text=True)
    if r.returncode != 0:
        failures.append("%s %s: exit %d: %s" % (os.path.basename(data), " ".join(args), r.returncode, r.stderr))
        return None
    return json.loads(r.stdout)["figures"]["Total"]["total"]["value"]


def expect(what, got, want):
    if got != want:
        failures.append("%s: profan %s, perf report %s" % (what, got, want))


data = record("cpu-clock,page-faults,minor-faults")
want = event_counts(data)
expect("clock: cpu", total(data), want["cpu-clock"])
for ev in ("page-faults", "minor-faults"):
    expect("clock: --event %s --metric weight" % ev, total(data, "--event", ev, "--metric", "weight"), want[ev])
r = subprocess.run([profan, "perf", data, "--metric", "weight"], capture_output=True, text=True)
err = r.stderr.splitlines()
if r.returncode != 2 or len(err) != 1 or "page-faults, minor-faults" not in err[0] or "--event" not in err[0]:
    failures.append("--metric weight over two events: exit %d, stderr %r" % (r.returncode, err))

data = record("page-faults,minor-faults")
want = event_counts(data)
expect("no clock: cpu", total(data), want["page-faults"])
expect("no clock: --event minor-faults", total(data, "--event", "minor-faults"), want["minor-faults"])

if failures:
    sys.exit("\n".join(failures))
shutil.rmtree(tmp)
print("ok: each event's total is perf report's")
