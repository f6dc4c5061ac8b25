#!/usr/bin/env python3
"""DHAT arms whose runs differ, site by site: tests/diff/src/sites.c recorded with valgrind at test
time, given inputs that keep every total (10,000 B in 10 blocks, in total and at t-gmax) and move
blocks between its two allocation sites. A run that differs from its arm's first run is named with
the sites that differ and their values; runs that agree are not named.

Expected values come from the DHAT files themselves: each program point's tb/tbk/gb/gbk summed by
its allocation site (the first frame in sites.c), read here with json. Usage: dhat_runs.py PROFAN.
Exits 77 (ctest's skip code) when valgrind or cc is missing.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
METRICS = ("gb", "gbk", "tb", "tbk")  # the compared metric (gb), its companion, then the totals
BYTES = ("gb", "tb")
failures = 0


def check(what, ok, detail=""):
    global failures
    print(f"{'ok' if ok else 'FAIL'}: {what}{': ' + detail if detail and not ok else ''}")
    failures += not ok


def sites_of(path):
    """{site label: {metric: value}} summed over the file's program points."""
    d = json.load(open(path))
    out = {}
    for pp in d["pps"]:
        frames = [d["ftbl"][i] for i in pp["fs"]]
        ours = [f for f in frames if "(sites.c:" in f]
        if not ours:
            sys.exit(f"{path}: a program point outside sites.c: {frames}")
        label = ours[0].split(": ", 1)[1]  # "0x10918D: left (sites.c:15)" -> "left (sites.c:15)"
        site = out.setdefault(label, dict.fromkeys(METRICS, 0))
        for m in METRICS:
            site[m] += pp[m]
    return out


def grouped(v, metric):
    return f"{v:,}" + (" B" if metric in BYTES else "")


def expected_text(first, run):
    """'at N of M sites (...)' for RUN against FIRST, or None when they agree."""
    labels = sorted(set(first) | set(run))
    zero = dict.fromkeys(METRICS, 0)
    odd = [s for s in labels if first.get(s, zero) != run.get(s, zero)]
    if not odd:
        return None, []
    parts = []
    for s in odd:
        a, b = first.get(s, zero), run.get(s, zero)
        parts.append(f"{s}: " + ", ".join(f"{m} {grouped(a[m], m)} → {grouped(b[m], m)}"
                                           for m in METRICS if a[m] != b[m]))
    return f"at {len(odd)} of {len(labels)} sites (", parts


def main():
    prog = os.path.abspath(sys.argv[1])
    if not shutil.which("valgrind") or not shutil.which("cc"):
        print("SKIP: valgrind or cc missing")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["cc", "-g", "-O1", "-o", os.path.join(tmp, "sites"), os.path.join(HERE, "src", "sites.c")],
                       check=True)
        # base: two runs of input 3; new: 3, 6, 3 again, 9
        arms = {"base": [("b1", 3), ("b2", 3)], "new": [("n1", 3), ("n2", 6), ("n3", 3), ("n4", 9)]}
        files = {}
        for arm in arms.values():
            for name, k in arm:
                out = os.path.join(tmp, f"{name}.json")
                r = subprocess.run(["valgrind", "--tool=dhat", "--num-callers=40", f"--dhat-out-file={out}",
                                    "./sites", str(k)], cwd=tmp, capture_output=True, text=True)
                if r.returncode != 0:
                    sys.exit(f"valgrind failed ({r.returncode}):\n{r.stderr}")
                files[name] = sites_of(out)
        totals = {n: tuple(sum(s[m] for s in f.values()) for m in METRICS) for n, f in files.items()}
        check("the inputs keep every total (the design: 10,000 B in 10 blocks)",
              set(totals.values()) == {(10000, 10, 10000, 10)}, str(totals))
        cmd = [prog, "diff", "--json", "--base", "b1.json", "b2.json", "--", "n1.json", "n2.json", "n3.json", "n4.json"]
        r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        check("profan diff exits 0", r.returncode == 0, f"{r.returncode}: {r.stderr}")
        warnings = json.loads(r.stdout)["warnings"] if r.returncode == 0 else []
        differ = [w for w in warnings if "runs differ" in w]
        check("the base runs agree: no warning names them", not any(w.startswith("the base runs") for w in differ),
              str(differ))
        new = [w for w in differ if w.startswith("the new runs differ from the arm's first run, n1.json: ")]
        check("one warning for the new arm, against n1.json", len(new) == 1 and len(differ) == 1, str(differ))
        text = new[0] if new else ""
        for name, _ in arms["new"][1:]:
            head, parts = expected_text(files["n1"], files[name])
            if head is None:
                check(f"{name} agrees with n1 and is not named", f"{name}.json" not in text, text)
                continue
            m = re.search(re.escape(f"{name}.json {head}") + r"(.*?)\)(?:, n\d\.json|; DHAT)", text)
            check(f"{name} named {head}...)", m is not None, text)
            got = m.group(1).split("; ") if m else []
            check(f"{name}: its differing sites with their values", sorted(got) == sorted(parts),
                  f"got {got}, expected {parts}")
    print(f"{'FAILED' if failures else 'passed'}: {failures} failure(s)")
    sys.exit(1 if failures else 0)


main()
