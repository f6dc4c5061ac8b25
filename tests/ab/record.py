#!/usr/bin/env python3
"""tests/ab/record.py PROFAN: `profan record` of a real program, checked against perf's own
tools on the same recording.

tests/diff/src/builds.c (steady_a 30 units of work, steady_b 30, planted 40, tiny 1) is built
and recorded with `profan record -o F -- ./builds` (the default: --call-graph dwarf); then:
  - perf report's header of F has the flags profan promises (cpu-clock, -F 1000, --call-graph
    dwarf, -k CLOCK_MONOTONIC): what the recording is, not what profan says it is;
  - profan's self CPU time of each of the program's functions equals perf report's sum of
    sample periods by symbol on F (self is the sampled address: the same with any unwinder);
  - without -o the recording is perf.data in the current directory; --call-graph fp and
    --freq 500 reach perf (its header again);
  - a program that prints and exits 3: its output on stderr (the --json report on stdout
    parses), one warning line with the status, exit 0;
  - usage errors exit 2 with the form: no program, --freq 0, --call-graph lbr;
  - perf not in PATH: exit 1, one line naming the Debian package linux-perf.
Exit 77 (ctest's skip) when perf or gcc is missing or cannot record here."""
import json, os, shutil, subprocess, sys, tempfile

profan = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "diff"))
from perf_runs import perf_periods
failures = []


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def check(cond, what):
    if not cond:
        failures.append(what)


def prof(*args, cwd=None, env=None):
    return subprocess.run([profan, *args], capture_output=True, text=True, cwd=cwd, env=env)


# ---- usage errors: no perf needed
for args, want in ((["record"], "no program to record"), (["record", "--freq", "0", "--", "true"], "--freq wants"),
                   (["record", "--call-graph", "lbr", "--", "true"], "--call-graph wants dwarf or fp")):
    out = prof(*args)
    check(out.returncode == 2 and want in out.stderr and out.stderr.count("\n") == 1
          and "see 'profan record --help'" in out.stderr,
          f"{args}: exit {out.returncode}, {out.stderr!r}")
gone = prof("record", "--", "true", env=dict(os.environ, PATH="/nonexistent"))
check(gone.returncode == 1 and gone.stderr.count("\n") == 1 and "linux-perf" in gone.stderr,
      f"perf missing: exit {gone.returncode}, {gone.stderr!r}")

for tool in ("perf", "gcc"):
    if shutil.which(tool) is None:
        skip(tool + " is not installed (.ci/setup installs linux-perf and build-essential)")
tmp = tempfile.mkdtemp(prefix="profan-record-")
prog = os.path.join(tmp, "builds")
subprocess.run(["gcc", "-g", "-O2", "-fno-omit-frame-pointer", "-o", prog,
                os.path.join(here, "..", "diff", "src", "builds.c")], check=True)
probe = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-o", os.path.join(tmp, "probe.data"), "--",
                        "true"], capture_output=True, text=True)
if probe.returncode != 0:
    skip("perf record cannot record here: " + (probe.stderr.strip().splitlines() or ["?"])[-1])


def perf_cmdline(path):
    out = subprocess.run(["perf", "report", "-i", path, "--header-only"], capture_output=True, text=True).stdout
    return next((l for l in out.splitlines() if l.startswith("# cmdline")), "")


# ---- the default recording, against perf report
data = os.path.join(tmp, "run.data")
out = prof("record", "--json", "--top", "10000", "-o", data, "--", prog, "150000", "10", cwd=tmp)
check(out.returncode == 0 and os.path.exists(data), f"record: exit {out.returncode}: {out.stderr}")
if out.returncode == 0:
    doc = json.loads(out.stdout)
    cmdline = perf_cmdline(data)
    for flag in ("-e cpu-clock", "-F 1000", "--call-graph dwarf", "-k CLOCK_MONOTONIC", "-- " + prog + " 150000 10"):
        check(flag in cmdline, f"record: perf's header lacks {flag!r}: {cmdline}")
    check("Run" in doc["header"] and data in doc["header"]["Run"], f"record: Run line {doc['header'].get('Run')!r}")
    self_rows = {r["name"]: r["values"][0] for v in doc["views"] if v["id"] == "top_self" for r in v["rows"]}
    perf = perf_periods(data)
    for f in ("planted", "steady_a", "steady_b", "main"):
        check(self_rows.get(f, 0) == perf.get(f, 0), f"record: self {f} {self_rows.get(f)} ns, perf report {perf.get(f)}")
    check(perf.get("planted", 0) > 0, f"record: no samples of planted: {perf}")
    print(f"record: self per function as perf report: " + ", ".join(f"{f} {perf.get(f, 0) / 1e6:.0f} ms"
                                                                   for f in ("planted", "steady_a", "steady_b")))

# ---- the default name, and the options that reach perf
out = prof("record", "--call-graph", "fp", "--freq", "500", "--top", "3", "--", prog, "20000", "2", cwd=tmp)
default = os.path.join(tmp, "perf.data")
check(out.returncode == 0 and os.path.exists(default), f"record without -o: exit {out.returncode}, {os.listdir(tmp)}")
cmdline = perf_cmdline(default) if os.path.exists(default) else ""
check("--call-graph fp" in cmdline and "-F 500" in cmdline, f"record --call-graph fp --freq 500: {cmdline}")

# ---- the program's exit status, said once
out = prof("record", "--json", "--top", "3", "-o", os.path.join(tmp, "exit.data"), "--", "sh", "-c",
           "echo said-by-the-program; " + prog + " 20000 2; exit 3", cwd=tmp)
warned = [l for l in out.stderr.splitlines() if "exit status 3" in l]
check(out.returncode == 0 and len(warned) == 1, f"program exiting 3: exit {out.returncode}, stderr {out.stderr!r}")
# the program's output goes to stderr: stdout is the report's (here JSON that must parse)
check("said-by-the-program" in out.stderr.splitlines() and out.stdout.startswith("{"),
      f"the program's stdout: {out.stdout[:80]!r} / {out.stderr[:200]!r}")
try:
    json.loads(out.stdout)
except ValueError as e:
    failures.append(f"record --json with a program that prints: not JSON: {e}")

if failures:
    print("\n".join(failures))
    print("kept for a look: " + tmp)
    sys.exit(1)
shutil.rmtree(tmp)
print("all record checks passed")
