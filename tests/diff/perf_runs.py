"""tests/diff/perf_runs.py: what the tests that record real runs with perf read back, in one
place for diff/builds.py and tests/ab/: perf report's own sums, and profan's --json tables."""
import os, statistics, subprocess

_periods = {}  # by path and the file's identity: a recording made again at one path is read again


def perf_periods(path):
    """{symbol: summed period in ns} of the program's functions, from perf report."""
    st = os.stat(path)
    key = (path, st.st_ino, st.st_mtime_ns, st.st_size)
    if key not in _periods:
        _periods[key] = _perf_periods(path)
    return _periods[key]


def _perf_periods(path):
    out = subprocess.run(["perf", "report", "-i", path, "--stdio", "--no-children", "--sort", "sym", "-g", "none",
                          "-F", "period,sym", "--percent-limit", "0"], capture_output=True, text=True,
                         check=True).stdout
    got = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0].isdigit() and parts[1] == "[.]":
            got[parts[2]] = got.get(parts[2], 0) + int(parts[0])
    return got


def per_steady(periods):
    """The median, over runs (perf_periods of each), of planted's time per unit of steady_a +
    steady_b's in the same run: builds.c's design ratio, whatever slowed a whole run."""
    return statistics.median(p.get("planted", 0) / max(1, p.get("steady_a", 0) + p.get("steady_b", 0))
                             for p in periods)


def kernel(row):
    """A row of the kernel's code ("[kernel]" ends its detail): the time the kernel spent on the
    machine's interrupts and the program's start and exit while the program ran. The machine
    drives it, not builds.c's design (pvm_irq_enable: 4 to 17 samples per run in one arm, beside
    busy loops), so its verdict is no check of profan: such a row was called changed in 2 of 20
    runs of diff/builds and ab/ab on the loaded machine, and in 1 of 40 A/A draws of 4 + 4."""
    return row["detail"].endswith("[kernel]")


def rows(rep, tid):
    """The rows of view TID of a --json report, each a dict of its columns by name, with its
    name, detail, verdict, view and arm."""
    for v in (rep or {}).get("views", []):
        if v["id"] == tid:
            cols = [c["name"] for c in v["columns"]]
            return [dict(zip(cols, r["values"]), name=r["name"], detail=r.get("detail", ""),
                         verdict=r.get("verdict"), view=r.get("view"), arm=r.get("arm")) for r in v["rows"]]
    return []
