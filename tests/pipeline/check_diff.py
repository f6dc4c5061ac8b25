#!/usr/bin/env python3
"""profan diff on two groups of node --cpu-prof runs (fixtures/pipeline/), checked
against shares computed here straight from the .cpuprofile JSON: each sample
weighs timeDeltas[i] (profan's default), a function is (name, url) by default and
(name, url, line) with --match file, self goes to the leaf, inclusive counts a
function once per sample, each run is normalised to its own total (ppm, rounded
half up) and each arm takes the median of its runs' shares and values. The
statistics of several runs per arm are checked by tests/diff/.

usage: check_diff.py PROFAN FIXTURES_DIR"""
import gzip
import json
import math
import re
import subprocess
import sys

profan, fixtures = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def measure(path, focus=None, hide=None, by_file=False):
    prof = json.load(gzip.open(f"{fixtures}/{path}"))
    nodes = {}
    for n in prof["nodes"]:
        nodes[n["id"]] = n
    parent = {}
    for n in prof["nodes"]:
        for c in n.get("children", []):
            parent[c] = n["id"]
    self_, incl, total = {}, {}, 0
    for sid, d in zip(prof["samples"], prof["timeDeltas"]):
        check(d >= 0, f"{path}: negative delta (this check assumes none)")
        path_keys, cur = [], sid
        while cur is not None:
            cf = nodes[cur]["callFrame"]
            if not (cur not in parent and cf["functionName"] == "(root)"):
                name = cf["functionName"] or "(anonymous)"
                url = cf.get("url", "")
                line, col = cf["lineNumber"], cf.get("columnNumber", -1)
                # V8's 0-based line and column, shown 1-based: url:line:col, url:line, or url
                detail = (f"{url}:{line + 1}:{col + 1}" if url and line >= 0 and col >= 0 else
                          f"{url}:{line + 1}" if url and line >= 0 else (url or None))
                path_keys.append((name, detail) if by_file else (name, url))
            cur = parent.get(cur)
        if focus and not any(re.search(focus, name) for name, _ in path_keys):
            continue
        total += d
        if hide:
            path_keys = [k for k in path_keys if not re.search(hide, k[0])]
        if not path_keys:
            continue
        self_[path_keys[0]] = self_.get(path_keys[0], 0) + d
        for k in set(path_keys):
            incl[k] = incl.get(k, 0) + d
    return total, self_, incl


def ppm(v, total):
    return math.floor(v * 1e6 / total + 0.5) if total else 0


def median(vals):
    v = sorted(vals)
    n = len(v)
    return v[n // 2] if n % 2 else v[n // 2 - 1] + (v[n // 2] - v[n // 2 - 1]) // 2


def side(paths, inclusive, by_file, filters):
    """Each function's median share (ppm) and median value over the runs."""
    runs = [measure(p, *filters, by_file=by_file) for p in paths]
    keys = set()
    for t, s, i in runs:
        keys |= set((i if inclusive else s).keys())
    out = {}
    for k in keys:
        vals = [(i if inclusive else s).get(k, 0) for t, s, i in runs]
        out[k] = (median([ppm(v, t) for v, (t, _, _) in zip(vals, runs)]), median(vals))
    return out


def run_profan(base, new, by_file, filters):
    args = [profan, "diff", "--json", "--top", "0"] + (["--match", "file"] if by_file else [])
    if filters[0]:
        args += ["--focus", filters[0]]
    if filters[1]:
        args += ["--hide", filters[1]]
    if len(base) == 1 and len(new) == 1:
        args += base + new
    else:
        for b in base:
            args += ["--base", b]
        args += new
    p = subprocess.run(args, capture_output=True, text=True, cwd=fixtures)
    check(p.returncode == 0, f"{args}: exit {p.returncode}: {p.stderr}")
    return json.loads(p.stdout)


def compare(base, new, by_file, filters=(None, None)):
    rep = run_profan(base, new, by_file, filters)
    for inclusive, tid in ((False, "diff_self"), (True, "diff_inclusive")):
        b, n = side(base, inclusive, by_file, filters), side(new, inclusive, by_file, filters)
        want = {}
        for k in set(b) | set(n):
            (sb, vb), (sn, vn) = b.get(k, (0, 0)), n.get(k, (0, 0))
            want[k] = (sn - sb, sb, sn, vn - vb)  # change, base, new (ppm), change per run (us)
        view = next(v for v in rep["views"] if v["id"] == tid)
        got = {}
        for r in view["rows"]:
            detail = r.get("detail", "")
            # the detail is "REL  (A → B…)  url:line:col": the last field names the function's place
            place = detail.split(")  ", 1)[1] if ")  " in detail else None
            if place and "  [" in place:  # "url:line:col  [node]": whose code it is, after the place
                place = place.split("  [", 1)[0]
            elif place and place.startswith("["):  # "[v8]": a label, no place
                place = None
            url = re.sub(r"(:\d+){1,2}$", "", place) if place else place
            got[(r["name"], place if by_file else (url or ""))] = tuple(int(x) for x in r["values"][:4])
        label = f"{tid} {base} -> {new}{' --match file' if by_file else ''}"
        check(set(got) == {k for k, v in want.items() if v[1] or v[2] or v[3] or k in got},
              f"{label}: same functions ({len(got)} vs {len(want)})")
        for k, v in got.items():
            check(want.get(k) == v, f"{label}: {k}: profan {v}, expected {want.get(k)}")
        changes = [abs(r["values"][0]) for r in view["rows"]]
        check(changes == sorted(changes, reverse=True), f"{label}: rows by absolute change")
    return rep


rep = compare(["pipeline/a1.cpuprofile.gz"], ["pipeline/b1.cpuprofile.gz"], True)
incl = {r["name"]: r["values"] for r in next(v for v in rep["views"] if v["id"] == "diff_inclusive")["rows"]}
# the workload moved work from parse to render (ab.js): the two biggest inclusive changes
check(incl["parse"][0] < -200000 and incl["render"][0] > 200000, f"parse fell, render rose: {incl}")
compare(["pipeline/a1.cpuprofile.gz"], ["pipeline/b1.cpuprofile.gz"], False)
compare(["pipeline/a1.cpuprofile.gz", "pipeline/a2.cpuprofile.gz"],
        ["pipeline/b1.cpuprofile.gz", "pipeline/b2.cpuprofile.gz"], False)
compare(["pipeline/a1.cpuprofile.gz", "pipeline/a2.cpuprofile.gz"],
        ["pipeline/b1.cpuprofile.gz", "pipeline/b2.cpuprofile.gz"], True)
# --focus keeps samples through work(); --hide takes spin() out, so its time is its callers' self
rep = compare(["pipeline/a1.cpuprofile.gz"], ["pipeline/b1.cpuprofile.gz"], False, ("^work$", "^spin$"))
check(rep["header"]["Filters"].startswith("focus=^work$, hide=^spin$"), "filters echoed in the header")
print(f"{len(failures)} failed" if failures else "all diff checks passed")
sys.exit(1 if failures else 0)
