#!/usr/bin/env python3
"""Runs one test program under valgrind --tool=dhat and checks `profan dhat` against it.

Usage: run.py PROFAN CASE   (CASE: peak, containers, rsdemo, events)

Every expected number comes from the program's design (see the header comment of each
source file) or from the end-of-run summary DHAT prints on stderr, never from profan.
Exits 77 (ctest's skip code) when valgrind or the case's compiler is missing.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
failures = 0


def check(what, got, want):
    global failures
    if got != want:
        failures += 1
        print(f"FAIL: {what}: profan says {got!r}, expected {want!r}")
    else:
        print(f"ok: {what}: {got!r}")


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(77)


def run_dhat(tmp, exe, mode=None, callers=40):
    out = os.path.join(tmp, f"{os.path.basename(exe)}.{mode or 'heap'}.{callers}.json")
    cmd = ["valgrind", "--tool=dhat", f"--num-callers={callers}", f"--dhat-out-file={out}"]
    if mode:
        cmd.append(f"--mode={mode}")
    r = subprocess.run(cmd + ["./" + os.path.basename(exe)], cwd=tmp, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"valgrind failed ({r.returncode}):\n{r.stderr}")
    return out, summary(r.stderr)


def summary(stderr):
    """DHAT's own totals, e.g. '==1== At t-gmax: 36,921 bytes in 19 blocks'."""
    s = {}
    for key, name in (("Total", "total"), ("At t-gmax", "gmax"), ("At t-end", "end")):
        m = re.search(rf"{key}:\s+([\d,]+) (\w+) in ([\d,]+) (\w+)", stderr)
        if m:
            s[name] = (int(m.group(1).replace(",", "")), int(m.group(3).replace(",", "")))
    return s


def profan(prog, path, *args):
    r = subprocess.run([prog, "dhat", path, "--json", "--top", "0", *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"profan failed ({r.returncode}): {r.stderr}")
    return json.loads(r.stdout)


def view(report, vid):
    return next(v for v in report["views"] if v["id"] == vid)


def rows(report, vid):
    """name -> values, for one view."""
    return {r["name"]: r["values"] for r in view(report, vid)["rows"]}


def column_sum(report, vid, col=0):
    return sum(r["values"][col] for r in view(report, vid)["rows"])


def by_prefix(rs, prefix):
    """Values of the rows whose name starts with PREFIX, summed column-wise."""
    hits = [v for n, v in rs.items() if n.startswith(prefix)]
    return [sum(c) for c in zip(*hits)] if hits else None


def header_numbers(report, key):
    """'36,921 B (36.06 KiB) in 19 blocks, ...' -> (36921, 19)."""
    m = re.match(r"([\d,]+) .*? in ([\d,]+) ", report["header"][key])
    return int(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))


def compile_c(tmp, src, out, cxx=False):
    cc = "g++" if cxx else "gcc"
    if not shutil.which(cc):
        skip(f"{cc} not found")
    subprocess.run([cc, "-O0", "-g", "-fno-builtin", "-o", out, os.path.join(HERE, src)], check=True)


def case_peak(prog, tmp):
    exe = os.path.join(tmp, "peak")
    compile_c(tmp, "peak.c", exe)
    path, dh = run_dhat(tmp, exe)
    # design (peak.c): peak = 30000 + 10*100 + 5*24 + 800 + 5000 + 1 bytes in 1+10+5+1+1+1 blocks
    design_gmax = (30000 + 1000 + 120 + 800 + 5000 + 1, 19)
    design_total = (30000 + 1000 + 120 + 800 + (10 + 100 + 1000 + 5000) + 1 + 2000, 1 + 10 + 5 + 1 + 4 + 1 + 1)
    design_end = (5000 + 1, 2)
    check("DHAT summary total == design", dh["total"], design_total)
    check("DHAT summary t-gmax == design", dh["gmax"], design_gmax)
    check("DHAT summary t-end == design", dh["end"], design_end)
    rep = profan(prog, path)
    check("header Total", header_numbers(rep, "Total"), dh["total"])
    check("header At t-gmax", header_numbers(rep, "At t-gmax"), dh["gmax"])
    check("header At t-end", header_numbers(rep, "At t-end"), dh["end"])
    sites = rows(rep, "sites")
    check("sites sum to the peak", (column_sum(rep, "sites", 0), column_sum(rep, "sites", 1)), dh["gmax"])
    check("site make_big", by_prefix(sites, "make_big (peak.c:")[:2], [30000, 1])
    check("site make_small", by_prefix(sites, "make_small (peak.c:")[:2], [1000, 10])
    check("site realloc chain (gb, gbk, tb)", by_prefix(sites, "realloc_chain (peak.c:"), [5000, 1, 6110])
    check("site inlined helper", by_prefix(sites, "inlined_grab (peak.c:17)")[:2], [800, 1])
    ctx = {r["name"]: (r.get("context", ""), r.get("context_count", 0)) for r in view(rep, "sites")["rows"]}
    check("its caller, inlined", ctx["inlined_grab (peak.c:17)"][0].startswith("<- use_inlined (peak.c:42)"), True)
    check("site malloc(0)", by_prefix(sites, "zero_size (peak.c:")[:2], [1, 1])
    # one allocating line, reached through 5 depths of recursion: one site, 5 caller chains
    check("the recursion is one site", [n for n in sites if n.startswith("recurse (")], ["recurse (peak.c:35)"])
    check("sites of the recursion", sites["recurse (peak.c:35)"][:2], [120, 5])
    check("its caller chains", ctx["recurse (peak.c:35)"][1], 5)
    funcs = rows(rep, "functions")
    check("main inclusive == peak", funcs["main"][:2], list(dh["gmax"]))
    check("recurse counted once per stack", funcs["recurse"][:2], [120, 5])
    check("use_inlined inclusive", funcs["use_inlined"][:2], [800, 1])
    check("transient block not live at the peak", "transient" in funcs, False)
    rep = profan(prog, path, "--metric", "tb")
    check("--metric tb sums to the total", (column_sum(rep, "sites", 0), column_sum(rep, "sites", 1)), dh["total"])
    check("--metric tb realloc chain", by_prefix(rows(rep, "sites"), "realloc_chain (peak.c:")[:2], [6110, 4])
    check("--metric tb transient", by_prefix(rows(rep, "sites"), "transient (peak.c:")[:2], [2000, 1])
    rep = profan(prog, path, "--metric", "eb")
    check("--metric eb sums to t-end", (column_sum(rep, "sites", 0), column_sum(rep, "sites", 1)), dh["end"])
    rep = profan(prog, path, "--where", r"^recurse \(")
    check("--where recurse", (column_sum(rep, "sites", 0), column_sum(rep, "sites", 1)), (120, 5))
    rep = profan(prog, path, "--where", "^main ", "--where", "use_inlined")
    check("two --where must both match", column_sum(rep, "sites", 0), 800)
    rep = profan(prog, path, "--not", "make_big", "--not", "realloc_chain")
    check("--not drops either", column_sum(rep, "sites", 0), dh["gmax"][0] - 30000 - 5000)
    rep = profan(prog, path, "--stacks", "1")
    st = [v for v in rep["views"] if v["id"] == "stack"]
    check("--stacks 1 prints the largest stack whole", [r["name"].split(" (")[0] for r in st[0]["rows"]],
          ["malloc", "make_big", "main"])
    rep = profan(prog, path, "--alloc-tree")
    tree = view(rep, "tree")["rows"]
    check("tree root == peak", tree[0]["values"][0], dh["gmax"][0])
    check("tree first child is make_big, as valgrind wrote the frame",
          re.match(r"├─ 0x[0-9A-F]+: make_big \(peak\.c:\d+\) <- ", tree[1]["name"]) and tree[1]["values"][0], 30000)


def case_containers(prog, tmp):
    exe = os.path.join(tmp, "containers")
    compile_c(tmp, "containers.cpp", exe, cxx=True)
    path, dh = run_dhat(tmp, exe)
    rep = profan(prog, path)
    sites = rows(rep, "sites")
    check("sites sum to DHAT's t-gmax", (column_sum(rep, "sites", 0), column_sum(rep, "sites", 1)), dh["gmax"])
    # design: vector<uint64_t>.reserve(1000) = 8000 bytes; string of 100 chars = 101 bytes
    check("vector site is the user's function, not std::", by_prefix(sites, "fill_vector (")[:2], [8000, 1])
    check("string site is the user's function", by_prefix(sites, "make_string (")[:2], [101, 1])
    check("no site is allocator plumbing",
          [n for n in sites if re.match(r"(operator new|std::|__gnu_cxx::|allocate )", n)], [])


def case_rsdemo(prog, tmp):
    if not shutil.which("rustc"):
        skip("rustc not found")
    exe = os.path.join(tmp, "rsdemo")
    subprocess.run(["rustc", "-C", "opt-level=0", "-g", "-o", exe, os.path.join(HERE, "rsdemo.rs")], check=True)
    path, dh = run_dhat(tmp, exe)
    rep = profan(prog, path)
    sites = rows(rep, "sites")
    check("sites sum to DHAT's t-gmax", (column_sum(rep, "sites", 0), column_sum(rep, "sites", 1)), dh["gmax"])
    # design: Vec::<u64>::with_capacity(1000) = 8000 bytes; Box<[u8; 4096]> = 4096 bytes
    check("Vec site skips RawVec plumbing", by_prefix(sites, "rsdemo::fill_vec (")[:2], [8000, 1])
    check("Box site", by_prefix(sites, "rsdemo::boxed (")[:2], [4096, 1])
    funcs = rows(rep, "functions")
    check("rsdemo::main inclusive", funcs["rsdemo::main"][:2], [8000 + 4096, 2])
    check("std internals are not the program's functions", [n for n in funcs if n.startswith("call_once")], [])


def case_events(prog, tmp):
    exe = os.path.join(tmp, "events")
    if not os.path.exists("/usr/include/valgrind/dhat.h"):
        skip("valgrind/dhat.h not installed")
    compile_c(tmp, "events.c", exe)
    path, dh = run_dhat(tmp, exe, "copy")
    rep = profan(prog, path)
    check("copy: total == DHAT's", header_numbers(rep, "Total"), dh["total"])
    sites = rows(rep, "sites")
    check("copy: memcpy site (3 x 4096)", by_prefix(sites, "copy_block (events.c:")[:2], [3 * 4096, 3])
    check("copy: strcpy site (2 x 12 with the NUL)", by_prefix(sites, "copy_name (events.c:")[:2], [24, 2])
    path, dh = run_dhat(tmp, exe, "ad-hoc")
    rep = profan(prog, path)
    check("ad-hoc: total == DHAT's", header_numbers(rep, "Total"), dh["total"])
    check("ad-hoc: design total", dh["total"], (60, 3))
    funcs = rows(rep, "functions")
    check("ad-hoc: hot_path", funcs["hot_path"][:2], [30, 2])
    check("ad-hoc: cold_path", funcs["cold_path"][:2], [30, 1])


def case_truncated(prog, tmp):
    exe = os.path.join(tmp, "truncated")
    compile_c(tmp, "truncated.c", exe)
    path, dh = run_dhat(tmp, exe)
    rep = profan(prog, path)
    full = rows(rep, "sites")
    libc = [by_prefix(full, "open_file (truncated.c:"), by_prefix(full, "open_dir (truncated.c:")]
    own = by_prefix(full, "main (truncated.c:")
    check("whole stacks: fopen's and opendir's blocks at their callers", [v and v[1] for v in libc], [1, 1])
    check("whole stacks: no cut warning", [w for w in rep["warnings"] if "cut off" in w], [])
    path, dh2 = run_dhat(tmp, exe, callers=2)
    rep = profan(prog, path)
    sites = rows(rep, "sites")
    cut = sorted(v[:2] for n, v in sites.items() if n.startswith("(stack truncated) "))
    check("cut stacks: two truncated sites, each what its caller held", cut, sorted(v[:2] for v in libc if v))
    check("cut stacks: the program's own malloc is still its own site", by_prefix(sites, "main (truncated.c:"), own)
    check("cut stacks: one warning naming --num-callers",
          len([w for w in rep["warnings"] if "cut off at 2 code addresses" in w and "--num-callers" in w]), 1)
    funcs = rows(rep, "functions_self")
    check("cut stacks: by function, one (stack truncated) row", funcs.get("(stack truncated)", [0])[0],
          sum(v[0] for v in libc if v))


def main():
    prog, case = os.path.abspath(sys.argv[1]), sys.argv[2]
    if not shutil.which("valgrind"):
        skip("valgrind not found")
    with tempfile.TemporaryDirectory() as tmp:
        globals()["case_" + case](prog, tmp)
    print(f"{case}: {failures} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
