#!/usr/bin/env python3
"""live_samply.py: anno.c built and recorded at test time, then check_samply.py on the result.

    live_samply.py PROFAN TOOLS_DIR

Builds tests/annotate/anno.c with gcc -O2 -g, records it with perf (user mode, as record.sh
does), converts the recording with TOOLS_DIR/perf2samply.py (tools/ of the repository) and
asks perf for its own per-line report of the same recording; check_samply.py then compares
profan with addr2line, with perf, and with anno.c's design. Exit 77 (a skip) when gcc, perf,
permission to record, eu-addr2line or perf2samply.py is missing: CI machines often have no perf.
Python 3, standard library only."""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def skip(why):
    print("SKIP:", why)
    sys.exit(77)


def main():
    profan, tools = os.path.abspath(sys.argv[1]), sys.argv[2]
    conv = os.path.join(tools, "perf2samply.py")
    for tool in ("gcc", "perf", "eu-addr2line"):
        if not shutil.which(tool):
            skip(tool + " not found")
    if not os.path.isfile(conv):
        skip(conv + " not found")
    with tempfile.TemporaryDirectory() as tmp:
        for f in ("anno.c", "anno_step.inc"):
            shutil.copy(os.path.join(HERE, f), tmp)
        subprocess.run(["gcc", "-g", "-O2", "-o", "anno", "anno.c"], cwd=tmp, check=True)
        data = os.path.join(tmp, "anno.perf.data")
        rec = subprocess.run(["perf", "record", "-q", "-N", "-e", "cpu-clock:u", "-F", "1000", "-k", "CLOCK_MONOTONIC",
                              "--switch-events", "-d", "--call-graph", "dwarf,32000", "-m", "16M", "-o", data,
                              "--", "./anno", "16"], cwd=tmp, capture_output=True, text=True)
        if rec.returncode != 0 or not os.path.isfile(data):
            skip("perf record failed (perf_event_paranoid?): " + rec.stderr.strip()[:200])
        profile = os.path.join(tmp, "anno.json.gz")
        subprocess.run([sys.executable, conv, "-i", data, "-o", profile, "--format-version", "55"], check=True,
                       stdout=subprocess.DEVNULL)
        report = os.path.join(tmp, "anno.sym-srcline.txt")
        with open(report, "w") as out:
            subprocess.run(["perf", "report", "-i", data, "--stdio", "-n", "-g", "none", "--percent-limit", "0",
                            "--no-children", "--sort", "sym,srcline"], stdout=out, stderr=subprocess.DEVNULL,
                           check=True)
        return subprocess.run([sys.executable, os.path.join(HERE, "check_samply.py"), profan, profile,
                               "--bin-dir", tmp, "--function", "hot", "--function", "mix", "--function", "step",
                               "--perf-report", report, "--design", "anno"]).returncode


if __name__ == "__main__":
    sys.exit(main())
