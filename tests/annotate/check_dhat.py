#!/usr/bin/env python3
"""check_dhat.py: profan dhat --annotate against an independent per-line sum of the DHAT file.

    check_dhat.py PROFAN DHAT.json --function NAME... [--metric gb|tb|...] [--design peak]
    check_dhat.py PROFAN --live tests/dhat/peak.c        (gcc + valgrind at test time; 77 = skip)

For each program point of the file (Python's json module, no profan code), the frames are
read innermost first from its "fs" indexes into "ftbl" ("0x...: name (file:line)"); the
point's metric goes to the file:line of the innermost frame whose function is NAME, counted
once however often NAME recurses. profan's listing of NAME must have exactly these rows, and
they must add up to the listing's figure and to NAME's row in the "by function" table.
--design peak also checks tests/dhat/peak.c's own numbers (its header comment): what main's
call lines allocate live at the peak, and that the recursion's 5 x 24 B are all at the
malloc line of recurse, not at its recursive call.
Python 3, standard library only."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FRAME = re.compile(r"^0x[0-9A-Fa-f]+: (.*?) \((.*):(\d+)\)$")


def expected(doc, names, metric):
    out = {n: {} for n in names}
    texts = doc["ftbl"]
    for pp in doc["pps"]:
        frames = []
        for i in pp["fs"]:
            m = FRAME.match(texts[i])
            frames.append((m.group(1), m.group(2), int(m.group(3))) if m else (texts[i], "", 0))
        for n in names:
            for f, fl, ln in frames:
                if f == n:
                    out[n][(fl, ln)] = out[n].get((fl, ln), 0) + pp.get(metric, 0)
                    break
    return {n: {k: v for k, v in rows.items() if v} for n, rows in out.items()}


def run_profan(profan, path, names, metric, extra=()):
    pattern = "^(" + "|".join(re.escape(n) for n in names) + ")$"
    cmd = [profan, "dhat", path, "--json", "--top", "0", "--metric", metric, "--annotate", pattern, *extra]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("profan failed (%d): %s" % (r.returncode, r.stderr.strip()))
    return json.loads(r.stdout)


def check(profan, path, names, metric, design, src):
    doc = json.load(open(path, encoding="utf-8"))
    want = expected(doc, names, metric)
    rep = run_profan(profan, path, names, metric)
    listing = {v["function"]["name"]: v for v in rep["views"] if v["id"] == "annotate"}
    by_func = {}
    for v in rep["views"]:
        if v["id"] == "functions":
            by_func = {r["name"]: r["values"][0] for r in v["rows"]}
    bad = []
    for n in names:
        v = listing.get(n)
        if v is None:
            bad.append("no listing of %s" % n)
            continue
        got = {(r["file"], r["line"]): r["values"][0] for r in v["rows"] if r["values"][0]}
        if got != want[n]:
            bad.append("%s: profan %s, the file says %s" % (n, sorted(got.items()), sorted(want[n].items())))
        figure = v["function"]["values"][0]
        if sum(got.values()) != figure:
            bad.append("%s: rows add up to %d, the function's figure is %d" % (n, sum(got.values()), figure))
        if n in by_func and by_func[n] != figure:
            bad.append("%s: listing %d, functions table %d" % (n, figure, by_func[n]))
        print("%s %s: %d in %d lines: %s" % (metric, n, figure, len(got), "as summed" if got == want[n] else "DIFFERENT"))
    if design == "peak" and metric == "gb":
        text = open(src, encoding="utf-8").read().split("\n")
        def line_of(snippet):
            return next(i + 1 for i, t in enumerate(text) if snippet in t)
        rows = {r["line"]: r["values"][0] for r in listing["main"]["rows"]}
        plan = {"realloc_chain();": 5000, "zero_size();": 1, "make_big();": 30000, "make_small(small);": 1000,
                "recurse(rec, 4);": 120, "use_inlined();": 800}
        for snippet, amount in plan.items():
            got = rows.get(line_of(snippet), 0)
            print("design: main line %d (%s) %d B live at the peak, %d by design" %
                  (line_of(snippet), snippet, got, amount))
            if got != amount:
                bad.append("design: main's %s: %d, not %d" % (snippet, got, amount))
        rec = {r["line"]: r["values"][0] for r in listing["recurse"]["rows"]}
        if rec.get(line_of("out[depth] = malloc(24);")) != 120 or rec.get(line_of("recurse(out, depth - 1);"), 0):
            bad.append("design: recurse's 5 x 24 B should all be at its malloc line: %s" % rec)
        inl = [r for r in listing["use_inlined"]["rows"] if r["values"][0]]
        if len(inl) != 1 or "inlined_grab (inlined)" not in inl[0].get("detail", ""):
            bad.append("design: use_inlined's line should say inlined_grab was inlined there: %s" % inl)
    for b in bad:
        print("FAIL:", b)
    return not bad


def live(profan, src):
    if not shutil.which("valgrind") or not shutil.which("gcc"):
        print("SKIP: valgrind or gcc not found")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(src, tmp)
        exe = os.path.join(tmp, "peak")
        subprocess.run(["gcc", "-O0", "-g", "-o", exe, os.path.basename(src)], cwd=tmp, check=True)
        out = os.path.join(tmp, "peak.dhat.json")
        r = subprocess.run(["valgrind", "--tool=dhat", "--num-callers=40", "--dhat-out-file=" + out, "./peak"],
                           cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("valgrind failed (%d): %s" % (r.returncode, r.stderr))
        names = ["main", "recurse", "use_inlined", "inlined_grab", "make_small"]
        ok = check(profan, out, names, "gb", "peak", src)
        ok = check(profan, out, names, "tb", None, src) and ok
        return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profan")
    ap.add_argument("dhat", nargs="?")
    ap.add_argument("--function", action="append", default=[])
    ap.add_argument("--metric", default="gb")
    ap.add_argument("--design")
    ap.add_argument("--source")
    ap.add_argument("--live")
    a = ap.parse_args()
    if a.live:
        return 0 if live(a.profan, a.live) else 1
    return 0 if check(a.profan, a.dhat, a.function, a.metric, a.design, a.source) else 1


if __name__ == "__main__":
    sys.exit(main())
