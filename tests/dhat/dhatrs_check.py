#!/usr/bin/env python3
"""dhatrs_check.py: profan dhat on the Rust dhat crate's files against the program's design.

    dhatrs_check.py PROFAN REPO

The expected bytes and blocks per function are read from the table in
tests/dhat/dhatrs-demo/README.md (worked out from the program's source and std's allocation
rules; the crate's own stderr summary agrees), the program's functions from its
src/main.rs. Checked on fixtures/dhat/dhatrs-heap.json, its copy with a Windows command
line, and dhatrs-adhoc.json (issue 15 item 1, issue 13's acceptance):

- the format is named (dhat-rs heap / ad-hoc profile), the title says allocation or event
  site, the program is named by its base name;
- bytes, blocks at t-gmax, total and at t-end per function (where it allocates) are the
  design's; inclusive, load_users holds its table and make_name's strings, main everything;
- the first row of every your-code view is a function of the program's source, and no
  site starts in the allocator (dhat-rs keeps its outermost allocator frame as fs[0]);
- --ours gives one row per function (not one per line or column); no view lists one
  function twice;
- ad hoc: units and events per function are the design's;
- the header's moments (t-gmax, t-end) are times read from the file's µs.
Python 3, standard library only.
"""
import json
import os
import re
import subprocess
import sys


def design(repo):
    """{function: (tb, tbk, gb, gbk, eb, ebk)} from the README's table, and the ad-hoc sentence."""
    text = open(os.path.join(repo, "tests/dhat/dhatrs-demo/README.md"), encoding="utf-8").read()
    num = lambda s: int(s.replace(",", ""))
    heap = {}
    for m in re.finditer(r"^\| `(\w+)`[^|]*\| ([\d,]+) \| ([\d,]+) \| ([^|]+)\| ([^|]+)\|$", text, re.M):
        gb = re.match(r"\s*([\d,]+)(?: in ([\d,]+))?", m.group(4))
        eb = re.match(r"\s*([\d,]+)(?: in ([\d,]+))?", m.group(5))
        heap[m.group(1)] = (num(m.group(2)), num(m.group(3)), num(gb.group(1)), num(gb.group(2) or "0"),
                            num(eb.group(1)), num(eb.group(2) or "0"))
    adhoc = {}
    for m in re.finditer(r"`(\w+)` ([\d,]+) events?\s+(?:x\s+[\d,]+\s+=\s+([\d,]+) units|of ([\d,]+) units)", text):
        adhoc[m.group(1)] = (num(m.group(3) or m.group(4)), num(m.group(2)))
    return heap, adhoc


def run(profan, args):
    out = subprocess.run([profan, "dhat"] + args + ["--json", "--top", "0", "-q"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("profan dhat %s failed: %s" % (" ".join(args), out.stderr.strip()))
    rep = json.loads(out.stdout)
    return rep["header"], {v["id"]: v for v in rep["views"]}


def short(name):
    return name.split("::")[-1] if name.startswith("dhatrs_demo::") else name


def main():
    profan, repo = sys.argv[1], sys.argv[2]
    heap, adhoc = design(repo)
    source = set(re.findall(r"^fn (\w+)", open(os.path.join(repo, "tests/dhat/dhatrs-demo/src/main.rs")).read(),
                            re.M))
    errors = []

    def check(ok, msg):
        if not ok:
            errors.append(msg)

    check(len(heap) == 7 and len(adhoc) == 3, "README tables read: %s, %s" % (heap, adhoc))
    fix = os.path.join(repo, "fixtures/dhat")
    for f in ("dhatrs-heap.json", "dhatrs-heap.windows-cmd.json"):
        path = os.path.join(fix, f)
        for metric, col in (("gb", (2, 3, 0)), ("tb", (0, 1, None)), ("eb", (4, 5, 0))):
            hdr, views = run(profan, [path, "--metric", metric])
            got = {short(r["name"]): r["values"] for r in views["functions_self"]["rows"]}
            want = {k: (v[col[0]], v[col[1]]) for k, v in heap.items() if v[col[0]] or v[col[1]]}
            check({k: tuple(v[:2]) for k, v in got.items()} == want,
                  "%s %s by function: %s, design %s" % (f, metric, got, want))
            if col[2] is not None:  # the third column is tb
                check(all(got[k][2] == heap[k][0] for k in got if k in heap), "%s %s: tb column" % (f, metric))
            check("(dhat-rs heap profile" in hdr["Input"], "%s: input %s" % (f, hdr["Input"]))
            check(views["sites"]["title"].endswith("by allocation site"), "%s: title %s" % (f, views["sites"]["title"]))
            check("dhatrs-demo function" in views["functions"]["title"], "%s: %s" % (f, views["functions"]["title"]))
            for vid in ("sites", "functions_self", "functions"):
                rows = views[vid]["rows"]
                check(rows and short(rows[0]["name"].split(" (")[0]) in source and rows[0].get("class") == "yours",
                      "%s %s: first row %s" % (f, vid, rows[0]["name"] if rows else None))
                keys = [(r["name"], r.get("detail")) for r in rows]
                check(len(keys) == len(set(keys)), "%s %s lists a row twice" % (f, vid))
            for r in views["sites"]["rows"]:
                check(r.get("class") == "yours" and r["name"].startswith("dhatrs_demo::"),
                      "%s: site %s is not the program's" % (f, r["name"]))
            if metric == "gb":
                incl = {short(r["name"]): r["values"][0] for r in views["functions"]["rows"]}
                check(incl.get("load_users") == heap["load_users"][2] + heap["make_name"][2],
                      "%s: load_users inclusive %s" % (f, incl.get("load_users")))
                check(incl.get("main") == sum(v[2] for v in heap.values()), "%s: main %s" % (f, incl.get("main")))
                tg = re.match(r"([\d,]+) B .* in ([\d,]+) blocks", hdr["At t-gmax"])
                check(tg and (int(tg.group(1).replace(",", "")), int(tg.group(2).replace(",", ""))) ==
                      (sum(v[2] for v in heap.values()), sum(v[3] for v in heap.values())), "t-gmax " + hdr["At t-gmax"])
                # dhat-rs counts time in µs: the header reads it as a time, not "at 3721 µs"
                raw = json.load(open(path, encoding="utf-8"))
                check(raw["tu"] == "µs" and raw["tg"] < 10**6 and raw["te"] < 10**6, "%s: times %s" % (f, raw["tu"]))
                check(", at %.2f ms (" % (raw["tg"] / 1000) in hdr["At t-gmax"], "t-gmax time " + hdr["At t-gmax"])
                check(hdr["At t-end"].endswith(", at %.2f ms" % (raw["te"] / 1000)), "t-end time " + hdr["At t-end"])
    # --ours: one row per function, whatever its lines and columns
    hdr, views = run(profan, [os.path.join(fix, "dhatrs-heap.json"), "--ours", "^dhatrs_demo::"])
    names = [r["name"] for r in views["functions"]["rows"]]
    check(len(names) == len(set(names)) and names[0] == "dhatrs_demo::main",
          "--ours: inclusive rows %s" % names)
    incl = {short(r["name"]): r["values"][0] for r in views["functions"]["rows"]}
    check(incl.get("crunch") == heap["crunch"][2], "--ours: crunch %s" % incl.get("crunch"))

    hdr, views = run(profan, [os.path.join(fix, "dhatrs-adhoc.json")])
    check("(dhat-rs ad-hoc profile" in hdr["Input"], "ad hoc: input %s" % hdr["Input"])
    check(hdr["Total"] == "%s units in %s events" % ("{:,}".format(sum(v[0] for v in adhoc.values())),
                                                     "{:,}".format(sum(v[1] for v in adhoc.values()))),
          "ad hoc: Total %s" % hdr["Total"])
    check(views["sites"]["title"].endswith("by event site"), "ad hoc: title %s" % views["sites"]["title"])
    incl = {short(r["name"]): tuple(r["values"][:2]) for r in views["functions"]["rows"]}
    for k, v in adhoc.items():
        check(incl.get(k) == v, "ad hoc: %s %s, design %s" % (k, incl.get(k), v))
    for vid in ("sites", "functions_self", "functions"):
        first = views[vid]["rows"][0]["name"]
        check(short(first.split(" (")[0]) in source, "ad hoc %s: first row %s" % (vid, first))
    for e in errors:
        print("FAIL", e)
    print("dhat-rs fixtures against tests/dhat/dhatrs-demo/README.md: %s" % ("FAIL" if errors else "ok"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
