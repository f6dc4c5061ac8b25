#!/usr/bin/env bash
# What the progress line costs: profan cpuprof on a pseudo-terminal with the line
# drawn from the first chunk on (PROFAN_PROGRESS_DELAY_MS=0, redrawn 10 times a
# second) against the same run with -q, median of 5 each, in one run.
# Prints the ratio (progress / quiet: 1.00 means free).
# Usage: bench/progress.sh [SIZE_MB]   (needs python3)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-60}
file=$(cd bench && python3 -c "import run; print(run.grown_cpuprof($size))")
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-bench --target profan -j2 >/dev/null
python3 - build-bench/profan "$file" <<'PY'
import os, subprocess, sys, time
profan, file = sys.argv[1], sys.argv[2]
env = dict(os.environ, PROFAN_PROGRESS_DELAY_MS="0", TERM="xterm")

def on_tty(args):
    master, slave = os.openpty()
    t = time.perf_counter()
    p = subprocess.Popen([profan, "cpuprof"] + args + [file], stdin=slave, stdout=subprocess.DEVNULL,
                         stderr=slave, env=env)
    os.close(slave)
    drawn = 0
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk.count(b"\r\x1b[Kprofan: reading")
    p.wait()
    os.close(master)
    return time.perf_counter() - t, drawn

runs = {"progress": [], "quiet": []}
for _ in range(5):
    runs["progress"].append(on_tty([]))
    runs["quiet"].append(on_tty(["-q"]))
med = {k: sorted(v)[len(v) // 2] for k, v in runs.items()}
print(f"progress: {med['progress'][0]:.3f} s, line drawn {med['progress'][1]} times")
print(f"quiet:    {med['quiet'][0]:.3f} s, line drawn {med['quiet'][1]} times")
print(f"ratio progress/quiet: {med['progress'][0] / med['quiet'][0]:.2f}")
PY
