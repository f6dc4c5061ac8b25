#!/usr/bin/env python3
"""Reads profan's exports back with parsers written here from the format
descriptions (not from profan's code) and checks their totals against the hand
calculation in hand_profile.h and against profan's own JSON report.

usage: check_exports.py EXPORT_DEMO OUTDIR   (exit 77 = skipped: protoc missing)"""
import gzip
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

demo, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(*args, code=0):
    # the report's JSON passes names through byte for byte; the awkward profile has a broken one
    p = subprocess.run([demo, *args], capture_output=True, text=True, errors="replace")
    check(p.returncode == code, f"{args}: exit {p.returncode}, wanted {code}; stderr {p.stderr!r}")
    return p


def report(*args):
    return json.loads(run(*args, "--json", "--top", "0").stdout)


def table(rep, tid):
    for v in rep["views"]:
        if v["id"] == tid:
            return v
    raise KeyError(tid)


def rows(rep, tid):
    return {r["name"]: r["values"][0] for r in table(rep, tid)["rows"]}


# ---- folded stacks: "frame;frame;leaf VALUE [VALUE]" ----
def read_folded(path):
    lines = []
    with open(path) as f:
        for line in f:
            stack, _, rest = line.rstrip("\n").rpartition(" ")
            if " " in stack and stack.rsplit(" ", 1)[1].lstrip("-").isdigit():  # two value columns
                stack, _, first = stack.rpartition(" ")
                lines.append((stack.split(";"), int(first), int(rest)))
            else:
                lines.append((stack.split(";"), int(rest)))
    return lines


# ---- protobuf: just enough of the wire format for profile.proto (pbwire.py) ----
from pbwire import fields, varint  # noqa: E402


def packed(v, wt):
    if wt == 0:
        return [v]
    out, i = [], 0
    while i < len(v):
        x, i = varint(v, i)
        out.append(x - (1 << 64) if x >= 1 << 63 else x)
    return out


def read_pprof(path):
    raw = gzip.open(path).read()
    strings, types, samples, locs, funcs = [], [], [], {}, {}
    default_type = 0
    for num, wt, v in fields(raw):
        if num == 6:
            strings.append(v.decode())
        elif num == 1:
            d = {n: x for n, _, x in fields(v)}
            types.append((d.get(1, 0), d.get(2, 0)))
        elif num == 2:
            loc, val = [], []
            for n, w, x in fields(v):
                if n == 1:
                    loc += packed(x, w)
                elif n == 2:
                    val += packed(x, w)
            samples.append((loc, val))
        elif num == 4:
            lid, lines = 0, []
            for n, w, x in fields(v):
                if n == 1:
                    lid = x
                elif n == 4:
                    lines.append({a: b for a, _, b in fields(x)})
            locs[lid] = lines
        elif num == 5:
            d = {n: x for n, _, x in fields(v)}
            funcs[d[1]] = d.get(2, 0)
        elif num == 14:
            default_type = v
    return raw, strings, types, samples, locs, funcs, default_type


def pprof_sums(path):
    raw, strings, types, samples, locs, funcs, default_type = read_pprof(path)
    check(strings[0] == "", "pprof: string_table[0] must be empty")
    names = [(strings[t], strings[u]) for t, u in types]
    total, self_, incl = 0, {}, {}
    for loc, val in samples:
        check(len(val) == len(types), "pprof: one value per sample type")
        v = val[0]
        total += v
        fn = [strings[funcs[line[1]]] for lid in loc for line in locs[lid]]  # leaf first
        self_[fn[0]] = self_.get(fn[0], 0) + v
        for name in set(fn):
            incl[name] = incl.get(name, 0) + v
    return raw, names, strings[default_type], total, self_, incl


# ---- SVG: frames are <g class="f" data-s data-v data-d data-n> ----
def svg_frames(path):
    root = ET.parse(path).getroot()  # also proves the file is well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    frames = []
    for g in root.iter(ns + "g"):
        if g.get("class") != "f":
            continue
        title = g.find(ns + "title").text
        rect = g.find(ns + "rect")
        frames.append(dict(s=int(g.get("data-s")), v=int(g.get("data-v")), d=int(g.get("data-d")),
                           n=g.get("data-n"), title=title, fill=rect.get("fill"),
                           x=float(rect.get("x")), w=float(rect.get("width"))))
    scripts = list(root.iter(ns + "script"))
    check(len(scripts) == 1 and "function zoom" in scripts[0].text and "function search" in scripts[0].text,
          "svg: one embedded script with zoom and search")
    check(not any(el.get("href") or el.get("{http://www.w3.org/1999/xlink}href") for el in root.iter()),
          "svg: self-contained (no external references)")
    return frames


def union_by_name(frames, name):
    """Inclusive value of NAME: the union of its frames' [s, s+v) ranges (nested ranges count once)."""
    iv = sorted((f["s"], f["s"] + f["v"]) for f in frames if f["n"] == name)
    total, end = 0, None
    for a, b in iv:
        if end is None or a >= end:
            total += b - a
            end = b
        elif b > end:
            total += b - end
            end = b
    return total


HAND_SELF = {"lex": 30, "malloc": 18, "memcpy": 3, "main": 1}
HAND_INCL = {"main": 52, "parse": 41, "lex": 30, "malloc": 18, "alloc": 13, "memcpy": 3}

# 1. every export of the whole hand profile
rep = report("--folded", f"{out}/a.folded", "--pprof", f"{out}/a.pb.gz", "--flamegraph", f"{out}/a.svg")
rep_self, rep_incl = rows(rep, "top_self"), rows(rep, "top_inclusive")
check(table(rep, "top_self")["columns"][0]["total"] == 56, "report total is 56 (hand)")
check(rep_self == HAND_SELF, f"report self {rep_self} is the hand calculation")
check(rep_incl == HAND_INCL, f"report inclusive {rep_incl} is the hand calculation")

folded = read_folded(f"{out}/a.folded")
check(sum(v for _, v in folded) == 56, "folded total 56")
check(len(folded) == 8, f"folded: 8 distinct paths, got {len(folded)}")
fself = {}
for stack, v in folded:
    fself[stack[-1]] = fself.get(stack[-1], 0) + v
fself.pop("(no stack)", None)
check(fself == rep_self, f"folded self {fself} == report self")
check(["main", "parse", "lex", "lex"] in [s for s, _ in folded], "folded keeps the recursion path")

raw, types, default, total, pself, pincl = pprof_sums(f"{out}/a.pb.gz")
check(types == [("cpu", "microseconds")], f"pprof sample types {types}")
check(default == "cpu", "pprof default_sample_type is cpu")
check(total == 56, f"pprof total {total} == 56")
pself.pop("(no stack)", None)
pincl.pop("(no stack)", None)
check(pself == rep_self, f"pprof self {pself} == report self")
check(pincl == rep_incl, f"pprof inclusive {pincl} == report inclusive")

frames = svg_frames(f"{out}/a.svg")
allf = [f for f in frames if f["d"] == 0]
check(len(allf) == 1 and allf[0]["v"] == 56, "svg: the 'all' frame is 56")
check(sum(f["v"] for f in frames if f["d"] == 1) == 56, "svg: top frames add up to the total")
for name, want in rep_incl.items():
    check(union_by_name(frames, name) == want, f"svg: inclusive {name} == report ({want})")
main = [f for f in frames if f["n"] == "main"][0]
check("92.86%" in main["title"], f"svg: hover text of main shows 52/56 = 92.86%: {main['title']!r}")
check(all(0 <= f["x"] and f["x"] + f["w"] <= 1210.01 for f in frames), "svg: frames inside the graph")

protoc_missing = shutil.which("protoc") is None
if not protoc_missing:
    p = subprocess.run(["protoc", "--decode_raw"], input=raw, capture_output=True)
    check(p.returncode == 0, f"protoc --decode_raw reads the pprof file: {p.stderr!r}")
    text = p.stdout.decode()
    check(text.count('6: ""') == 1, "protoc: one empty string, the first")
    for name in HAND_INCL:
        check(f'6: "{name}"' in text, f"protoc: string table holds {name}")

# pprof itself, when Go is installed (Debian golang-go ships go tool pprof)
if shutil.which("go"):
    p = subprocess.run(["go", "tool", "pprof", "-top", "-nodefraction=0", "-unit=us", f"{out}/a.pb.gz"],
                       capture_output=True, text=True, env=dict(os.environ, HOME=out, GOCACHE=out + "/gocache"))
    check(p.returncode == 0, f"go tool pprof reads the file: {p.stderr!r}")
    check("of 56us total" in p.stdout, f"go tool pprof: total 56us: {p.stdout!r}")
    flat, cum = {}, {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) == 6 and parts[1].endswith("%") and parts[4].endswith("%"):
            num = lambda v: 0 if v == "0" else int(v.removesuffix("us"))
            flat[parts[5]], cum[parts[5]] = num(parts[0]), num(parts[3])
    check({k: v for k, v in flat.items() if v and k != "(no stack)"} == HAND_SELF, f"go tool pprof flat {flat}")
    check({k: v for k, v in cum.items() if k != "(no stack)"} == HAND_INCL, f"go tool pprof cum {cum}")
else:
    print("note: go is not installed; go tool pprof did not read the file (the decoder above and protoc did)")

# 2. filters reach the exports: --focus ^parse$ keeps samples 1, 2, 3, 8 = 41
rep = report("--focus", "^parse$", "--folded", f"{out}/f.folded", "--pprof", f"{out}/f.pb.gz",
             "--flamegraph", f"{out}/f.svg")
check(table(rep, "top_self")["columns"][0]["total"] == 41, "focus: report total 41 (hand)")
check(sum(v for _, v in read_folded(f"{out}/f.folded")) == 41, "focus: folded total 41")
check(pprof_sums(f"{out}/f.pb.gz")[3] == 41, "focus: pprof total 41")
check([f for f in svg_frames(f"{out}/f.svg") if f["d"] == 0][0]["v"] == 41, "focus: svg total 41")
check(rep["header"]["Filters"].startswith("focus=^parse$"), "focus: echoed in the header")

# 3. diff: two-column folded (56 and 40) and a differential flame graph of the new side
rep = report("--diff", "--folded", f"{out}/d.folded", "--flamegraph", f"{out}/d.svg")
d = read_folded(f"{out}/d.folded")
check(sum(a for _, a, _ in d) == 56 and sum(b for _, _, b in d) == 40, "diff folded: columns sum to 56 and 40")
frames = svg_frames(f"{out}/d.svg")
check([f for f in frames if f["d"] == 0][0]["v"] == 40, "diff svg: widths are the new side (40)")
# colour: the change of a frame's own (self) time per run. main;parse;lex's own time 10 -> 30
# (red), parse's own 0 -> 0 (white, though its share rose from 41/56 = 73.21% to 30/40 = 75%)
lex = [f for f in frames if f["n"] == "lex"][0]
check(lex["fill"].startswith("rgb(250,"), f"diff svg: lex's own time grew (10 -> 30), drawn red: {lex['fill']}")
check("53.57% → 75.00%" in lex["title"], f"diff svg: lex hover shows both shares: {lex['title']!r}")
parse = [f for f in frames if f["n"] == "parse"][0]
check(parse["fill"] == "rgb(235,235,235)", f"diff svg: parse's own time unchanged (0), white: {parse['fill']}")
check(not any(f["n"] == "malloc" for f in frames), "diff svg: malloc is gone from the new side")
first = table(rep, "diff_self")["rows"][0]
# change, base and new share in ppm, then the time per run: 18 us -> 0
check(first["name"] == "malloc" and first["values"][:4] == [-321429, 321429, 0, -18], f"diff: biggest change first {first}")

# 4. awkward names: folded lines stay one frame per ';', the SVG stays well-formed XML
rep = report("--awkward", "--folded", f"{out}/w.folded", "--flamegraph", f"{out}/w.svg", "--pprof", f"{out}/w.pb.gz",
             "--tree")
w = read_folded(f"{out}/w.folded")
check(len(w) == 5 and all(len(stack) == 2 and stack[0] == "top" for stack, _ in w), f"awkward folded: {w}")
check(["top", "a:b"] in [s for s, _ in w], "awkward folded: ';' in a name becomes ':'")
frames = svg_frames(f"{out}/w.svg")  # ElementTree refuses broken XML or UTF-8
names = {f["n"] for f in frames}
check({"a;b", "x<y>&z\"q'", "größe::ß", "bad??"} <= names, f"awkward svg names {names}")
check(pprof_sums(f"{out}/w.pb.gz")[3] == 5, "awkward pprof: total 5 (and every string valid UTF-8)")

# 5. no samples at all: every export is still written and readable, totals 0
rep = report("--empty", "--folded", f"{out}/e.folded", "--flamegraph", f"{out}/e.svg", "--pprof", f"{out}/e.pb.gz",
             "--tree", "--inverted")
check(read_folded(f"{out}/e.folded") == [], "empty: folded has no lines")
check(svg_frames(f"{out}/e.svg") == [], "empty: svg has no frames")
check(pprof_sums(f"{out}/e.pb.gz")[3] == 0, "empty: pprof total 0")

# 6. an output that cannot be written: one line on stderr, exit 1
p = run("--folded", "/nonexistent-dir/x.folded", code=1)
check(p.stderr.count("\n") == 1 and p.stderr.startswith("profan: /nonexistent-dir/x.folded: cannot write"),
      f"unwritable output: one error line, got {p.stderr!r}")
p = run("--pprof", "/dev/full", code=1)
check(p.stderr.startswith("profan: /dev/full: write error"), f"full disk: {p.stderr!r}")

print(f"{len(failures)} failed" if failures else "all export checks passed")
if protoc_missing and not failures:
    print("SKIP: protoc (Debian protobuf-compiler) is not installed, so its reading was not checked")
    sys.exit(77)
sys.exit(1 if failures else 0)
