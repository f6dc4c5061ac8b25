#!/usr/bin/env python3
"""benchlib.py: what every bench script shares: one measured run (wall time, CPU time and peak RSS
under /usr/bin/time), medians over rounds run in alternating order, the input cache, and the
number formats of the tables.

As a command, it times one run the same way for shell scripts:
    python3 bench/benchlib.py CMD [ARG...]    prints "wall_s cpu_s peak_rss_kib exit_code" on stderr

Peak RSS is GNU time's %M: the largest resident set of the command or of any descendant it waited
for (node's addr2line children count, but are not added to it). CPU is user + system time of them
all. GNU time rather than Python's own wait4(), because a child forked from Python starts with
Python's 20 MB as its peak. Machines here are shared: compare ratios from one invocation, never
absolute times.
"""
import atexit
import hashlib
import os
import shutil
import subprocess
import sys
import time

CACHE = os.environ.get("BENCH_DIR", "/tmp/profan-bench")
# each run's outputs apart: two benches at once (a lead and a helper) must not compare each other's
OUT = os.path.join(CACHE, "out", str(os.getpid()))
atexit.register(lambda: shutil.rmtree(OUT, ignore_errors=True))
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


class Run:
    def __init__(self, wall, cpu, rss_kib, code, err):
        self.wall, self.cpu, self.rss_kib, self.code, self.err = wall, cpu, rss_kib, code, err

    @property
    def ok(self):
        return self.code == 0


def run(argv, out=os.devnull, err=None):
    """Runs ARGV under /usr/bin/time with stdout to the file OUT and stderr to the file ERR (None:
    this process's own); returns a Run whose err is ERR's first line naming an Error, else its last
    line."""
    os.makedirs(OUT, exist_ok=True)
    usage = os.path.join(OUT, "rusage")
    with open(out or os.devnull, "wb") as o, open(err or os.devnull, "wb") as e:
        t0 = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%U %S %M %x", "-o", usage] + argv,
                           stdout=o if out else None, stderr=e if err else None, stdin=subprocess.DEVNULL)
        wall = time.perf_counter() - t0
    with open(usage) as f:  # "Command exited with non-zero status 1" or "... terminated by signal 9" first
        user, system, rss, code = f.read().split("\n")[-2].split()
    os.remove(usage)
    lines = []
    if err:
        with open(err, "rb") as e:
            lines = e.read().decode("utf-8", "replace").strip().splitlines()
    said = [x for x in lines if "Error" in x][:1] or lines[-1:]  # node ends with a trace and its version
    return Run(wall, float(user) + float(system), int(rss), int(code) if p.returncode == int(code) else -1,
               said[0].strip() if said else "")


def rounds(commands, n=3, once=(), discard=()):
    """Runs each of COMMANDS ({name: argv}) N times, in a rotated order that is reversed every other
    round, so no command always runs first or after the same one; names in ONCE (known failures,
    very slow references) run in the first round only. Stdout goes to OUT/NAME.out, or to
    /dev/null for names in DISCARD (cat and gzip -dc: writing a file would not be the floor).
    Returns {name: [Run]}."""
    names = list(commands)
    runs = {k: [] for k in names}
    for r in range(n):
        order = names[r % len(names):] + names[:r % len(names)]
        if r % 2:
            order.reverse()
        for k in order:
            if r and k in once:
                continue
            base = os.path.join(OUT, k)
            runs[k].append(run(commands[k], os.devnull if k in discard else base + ".out", base + ".err"))
    return runs


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2


def summary(runs):
    """(median wall, median CPU, median peak RSS in KiB, min wall, max wall) of the successful runs."""
    ok = [r for r in runs if r.ok]
    return (median([r.wall for r in ok]), median([r.cpu for r in ok]), median([r.rss_kib for r in ok]),
            min(r.wall for r in ok), max(r.wall for r in ok))


def fmt_time(s):
    return "%.2f s" % s if s < 10 else "%.1f s" % s


def fmt_rss(kib):
    return "%.0f MiB" % (kib / 1024) if kib < 1024 * 1024 else "%.2f GiB" % (kib / 1024 / 1024)


def fmt_bytes(b):
    return "%.0f MB" % (b / 1e6) if b < 1e9 else "%.2f GB" % (b / 1e9)


def fingerprint(*paths):
    """8 hex digits naming the content of PATHS (generator scripts, fixtures), for cache file names."""
    h = hashlib.sha256()
    for p in paths:
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:8]


def cached(name, make, *sources):
    """CACHE/NAME with the sources' fingerprint before its extension, made by MAKE(path) if absent."""
    stem, dot, ext = name.partition(".")
    path = os.path.join(CACHE, "%s-%s%s%s" % (stem, fingerprint(*sources), dot, ext))
    if not os.path.exists(path):
        os.makedirs(CACHE, exist_ok=True)
        print("making %s ..." % path, file=sys.stderr, flush=True)
        make(path)
        if not os.path.exists(path):
            sys.exit("bench: could not make " + path)
    return path


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    r = run(sys.argv[1:], None, None)
    print("%.3f %.3f %d %d" % (r.wall, r.cpu, r.rss_kib, r.code), file=sys.stderr)
    sys.exit(r.code)
