#!/usr/bin/env python3
"""dhat_check.py: independent ownership view of a valgrind DHAT file (profan issue 13).

    dhat_check.py FILE.dhat.json --ours-dir /home/dev/build/src [--top N] [-o OUT.json]

Reads the DHAT JSON with Python's json module. A frame is "your code" when its file, as
valgrind wrote it with --fullpath-after= (so whole), lies under --ours-dir. Every program
point is credited to its first your-code frame, innermost first: the allocating line of
yours (the site, "function (file:line)") and that line's function (named as check.py names
it: no clone suffix, no parameter list; a closure valgrind names "{closure#N}" alone by its owner,
"P::{closure#N}", from the nearest caller generic over a closure, "f<P::{closure_env#N}>", as
programs.json lists it from the source). Points with no
your-code frame are counted as such. Totals: bytes and blocks over the run (tb, tbk) and
at the global peak (gb, gbk); they must equal DHAT's own end-of-run summary.
Python 3, standard library only.
"""
import argparse
import json
import re
import sys

sys.dont_write_bytecode = True  # importing check.py must leave no __pycache__ in the source tree
from check import norm_name  # noqa: E402  # one identity per function: no clone suffix or parameter list

# "0x1234AB: name (file:line)" or "0x1234AB: name (in /path/lib.so)" or "[root]"
FRAME = re.compile(r"^0x[0-9A-Fa-f]+: (.*) \((?:in (.*)|(.*):(\d+))\)$")


def parse_frame(text):
    m = FRAME.match(text)
    if not m:
        return text, None, None
    if m.group(2) is not None:
        return m.group(1), None, None
    return m.group(1), m.group(3), int(m.group(4))


CLOSURE = re.compile(r"^\{closure#(\d+)\}$")
ENV = re.compile(r"::\{closure_env#(\d+)\}")


def closure_owner(name, outer):
    """"{closure#N}" named by the first "P::{closure_env#N}" of the nearest frame in OUTER (the
    frame texts further out, nearest first) that is generic over a closure; NAME as it is otherwise."""
    m = CLOSURE.match(name)
    for text in outer if m else []:
        envs = list(ENV.finditer(text))
        if not envs:
            continue
        for e in envs:
            if e.group(1) == m.group(1):
                start = e.start()
                while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_:{}#"):
                    start -= 1
                path = text[start:e.start()]
                if path and not path.startswith(":") and "::" in path:
                    return "%s::{closure#%s}" % (path, m.group(1))
        break
    return name


def pct(a, b):
    return round(100.0 * a / b, 2) if b else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dhat")
    ap.add_argument("--ours-dir", required=True)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    with open(args.dhat, encoding="utf-8") as f:
        d = json.load(f)
    prefix = args.ours_dir.rstrip("/") + "/"
    comp_dir = prefix.rsplit("/", 2)[0] + "/"
    frames = [parse_frame(t) for t in d["ftbl"]]
    keys = ("tb", "tbk", "gb", "gbk")
    tot = dict.fromkeys(keys, 0)
    sites, funcs = {}, {}
    for pp in d["pps"]:
        site = func = "(no your-code frame)"
        for k, fi in enumerate(pp["fs"]):
            name, fl, ln = frames[fi]
            if fl and fl.startswith(prefix):
                func = closure_owner(norm_name(name), [d["ftbl"][o] for o in pp["fs"][k + 1:]])
                site = "%s (%s:%d)" % (func, fl[len(comp_dir):], ln)
                break
        for k in keys:
            tot[k] += pp[k]
            sites.setdefault(site, dict.fromkeys(keys, 0))[k] += pp[k]
            funcs.setdefault(func, dict.fromkeys(keys, 0))[k] += pp[k]

    def rows(t):
        out = []
        for k in sorted(t, key=lambda k: (-t[k]["tb"], k))[:args.top]:
            v = t[k]
            out.append({"site": k, "tb": v["tb"], "tb_pct": pct(v["tb"], tot["tb"]), "tbk": v["tbk"],
                    "gb": v["gb"], "gb_pct": pct(v["gb"], tot["gb"])})
        return out

    res = {"file": args.dhat.rsplit("/", 1)[-1], "cmd": d.get("cmd"), "ours_dir": args.ours_dir, "totals": tot,
           "program_points": len(d["pps"]), "sites": rows(sites), "by_function": rows(funcs)}
    for r in res["by_function"]:
        r["function"] = r.pop("site")
    text = json.dumps(res, indent=1, ensure_ascii=False) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
