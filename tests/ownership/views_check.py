#!/usr/bin/env python3
"""views_check.py: profan's your-code views against the independent ground truth (issue 13).

    views_check.py PROFAN samply NAME      # fixtures/ownership/NAME.json.gz vs expected/NAME.json
    views_check.py PROFAN dhat NAME        # fixtures/ownership/NAME.dhat.json vs expected/NAME.dhat.json
    views_check.py PROFAN dhat NAME FILE EXPECTED   # another run of NAME (live_dhat.sh)

Run from the repository root. Every expected number comes from tests/ownership/check.py or
dhat_check.py (addr2line, Python's json module; perf report agrees, EXPECTED.md), never from
profan. Checked, as the issue's acceptance states it:

- each row of top self / top inclusive of your code, cost outside your code (and the part of
  its main callee) and allocation by requesting function equals check.py's, to 0.01 pt;
- the first row of every your-code view is a function of the program's own source
  (programs.json);
- no row of the nearest-caller and allocation views is runtime code (or any code not yours);
- the allocation share is check.py's, and differs by <= 0.1 pt between default and --no-inline;
- no view lists one function twice;
- DHAT: sites (the allocating line of your code) and bytes by your function equal
  dhat_check.py's, and every site row is one line of the program's own source.
Python 3, standard library only.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PLACEHOLDERS = {"(no frame of your code)": "(no your-code frame)"}


def run(profan, args):
    out = subprocess.run([profan] + args + ["--json", "--top", "0", "-q"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("profan %s failed (%d): %s" % (" ".join(args), out.returncode, out.stderr.strip()))
    return {v["id"]: v for v in json.loads(out.stdout)["views"]}


class Checker:
    def __init__(self, what):
        self.what, self.errors = what, []

    def check(self, ok, msg):
        if not ok:
            self.errors.append(msg)

    def close(self):
        for e in self.errors:
            print("FAIL %s: %s" % (self.what, e))
        print("%s: %s" % (self.what, "FAIL" if self.errors else "ok"))
        return 1 if self.errors else 0


def name_of(row):
    return PLACEHOLDERS.get(row["name"], row["name"])


def pcts(view, col=0):
    return {name_of(r): round(r["percent"][col], 2) for r in view["rows"]}


def same_rows(c, label, got, want):
    for k in sorted(set(got) | set(want)):
        c.check(k in got and k in want and abs(got[k] - want[k]) < 0.0051,
                "%s: %s profan %s, check.py %s" % (label, k, got.get(k), want.get(k)))


def unique_functions(c, views):
    """One row per function: the same name at the same shortened file and line twice is one
    function under two spellings of its path (overloads differ by their declaring line)."""
    for v in views.values():
        if not any("class" in r for r in v["rows"]):
            continue
        keys = [(r["name"], r.get("detail")) for r in v["rows"]]
        dup = sorted(set(k for k in keys if keys.count(k) > 1), key=str)
        c.check(not dup, "%s lists %s twice" % (v["id"], dup))


def share(view):
    m = re.search(r"([\d.]+)% of all", view["title"])
    return float(m.group(1)) if m else None


def samply(profan, name):
    exp = json.load(open(os.path.join(HERE, "expected", name + ".json")))
    own = set(json.load(open(os.path.join(HERE, "programs.json")))[name]["source_functions"])
    c = Checker("samply " + name)
    base = ["samply", "--symbol-path", "fixtures/ownership", "fixtures/ownership/%s.json.gz" % name]
    views, flat = run(profan, base), run(profan, base + ["--no-inline"])

    want = lambda key: {r["function"]: r["cpu_pct"] for r in exp[key]}
    same_rows(c, "top self of your code", pcts(views["top_self_yours"]), want("top_self_ours"))
    same_rows(c, "top inclusive of your code", pcts(views["top_inclusive_yours"]), want("top_inclusive_ours"))
    outside = views["outside_yours"]
    same_rows(c, "cost outside your code", pcts(outside), want("outside_ours_by_nearest"))
    same_rows(c, "its main callee", pcts(outside, 1),
              {r["function"]: r["via_cpu_pct"] for r in exp["outside_ours_by_nearest"]})
    same_rows(c, "allocation by requester", pcts(views["alloc_yours"]), want_alloc(exp))
    c.check(share(views["alloc_yours"]) == exp["alloc"]["share_cpu_pct"],
            "allocation share %s, check.py %s" % (share(views["alloc_yours"]), exp["alloc"]["share_cpu_pct"]))
    s0, s1 = share(views["alloc_yours"]), share(flat["alloc_yours"])
    c.check(s1 == exp["alloc"]["share_cpu_pct_no_inline"] and abs(s0 - s1) <= 0.1,
            "allocation share %s by default, %s with --no-inline" % (s0, s1))
    for vs in (views, flat):
        for vid in ("top_self_yours", "top_inclusive_yours", "outside_yours", "alloc_yours"):
            rows = vs[vid]["rows"]
            c.check(rows and rows[0]["name"] in own, "%s: first row %s is not the program's" %
                    (vid, rows[0]["name"] if rows else None))
        for vid in ("outside_yours", "alloc_yours"):
            for r in vs[vid]["rows"]:
                c.check(r["name"] in PLACEHOLDERS or (r.get("class") == "yours" and r["name"] in own),
                        "%s: row %s is %s code" % (vid, r["name"], r.get("class")))
        unique_functions(c, vs)
    print("%s: top self %s, inclusive %s, outside %s via %s, allocation %s (--no-inline %s) by %s" % (
        name, row0(views["top_self_yours"]), row0(views["top_inclusive_yours"]), row0(outside),
        outside["rows"][0].get("context", "").split(" [")[0][4:], s0, s1, row0(views["alloc_yours"])))
    return c.close()


def want_alloc(exp):
    return {r["function"]: r["cpu_pct"] for r in exp["alloc"]["by_requester"]}


def row0(view):
    r = view["rows"][0]
    return "%s %.2f" % (r["name"], r["percent"][0])


def dhat(profan, name, path=None, expected=None):
    exp = json.load(open(expected or os.path.join(HERE, "expected", name + ".dhat.json")))
    own = set(json.load(open(os.path.join(HERE, "programs.json")))[name]["source_functions"])
    path = path or "fixtures/ownership/%s.dhat.json" % name
    c = Checker("dhat " + path)
    views = run(profan, ["dhat", "--metric", "tb", path])
    total = exp["totals"]["tb"]
    # dhat_check.py names a site "function (file:line)" with the file below the build directory;
    # profan shows it from the folder above your files' common one (src/x.rs), or as valgrind
    # wrote it without --fullpath-after= (x.rs)
    site = lambda r: re.sub(r" \((src/)?", " (src/", r["name"], count=1) if r.get("class") == "yours" else r["name"]
    got = {site(r): r["values"][0] for r in views["sites"]["rows"]}
    for r in exp["sites"]:
        if r["site"].startswith("(no your-code frame)"):
            continue
        k = r["site"]
        c.check(got.get(k) == r["tb"], "site %s: profan %s, dhat_check.py %s" % (k, got.get(k), r["tb"]))
    first = views["sites"]["rows"][0]
    c.check(first.get("class") == "yours" and first["name"].split(" (")[0] in own,
            "first site %s is not a line of the program's" % first["name"])
    byf = {name_of(r): r["values"][0] for r in views["functions_self"]["rows"]}
    for r in exp["by_function"]:
        if r["function"] == "(no your-code frame)":
            continue
        c.check(byf.get(r["function"]) == r["tb"],
                "by function %s: profan %s, dhat_check.py %s" % (r["function"], byf.get(r["function"]), r["tb"]))
    none = next((r["tb"] for r in exp["by_function"] if r["function"] == "(no your-code frame)"), 0)
    c.check(byf.get("(no your-code frame)", 0) == none,
            "no frame of your code: profan %s, dhat_check.py %s" % (byf.get("(no your-code frame)"), none))
    c.check(views["functions_self"]["rows"][0]["name"] in own, "first function %s is not the program's" %
            views["functions_self"]["rows"][0]["name"])
    for r in views["functions_self"]["rows"]:  # closures by their owner, as the source names them
        c.check(r.get("class") != "yours" or ("closure" not in r["name"] and r["name"] != "UnknownInlinedFun")
                or r["name"] in own, "function %s: not a function of the program's source" % r["name"])
    unique_functions(c, views)
    print("%s: site %s %.2f%% of tb, function %s %.2f%%" % (
        path, first["name"], 100.0 * first["values"][0] / total, views["functions_self"]["rows"][0]["name"],
        100.0 * views["functions_self"]["rows"][0]["values"][0] / total))
    return c.close()


def main():
    profan, kind, name = sys.argv[1:4]
    return samply(profan, name) if kind == "samply" else dhat(profan, name, *sys.argv[4:6])


if __name__ == "__main__":
    sys.exit(main())
