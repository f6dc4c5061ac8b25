#!/usr/bin/env python3
"""tests/ownership/alloc.py PROFAN: alloc/allocwork.c linked with jemalloc statically
(libjemalloc-dev's libjemalloc.a) at test time, recorded with perf. An allocator linked into
the program is [alloc], never yours, and its entries stay allocation entries.

Independent check, no profan: `perf script` gives every sample's period and address;
eu-addr2line -i gives the innermost frame's file there. A sample is the program's own when that
file is allocwork.c; profan's share is the sum of the rows of class "yours" in "Top self, all
code" (--json); the two agree within 1 pp. Also: malloc, free and every je_ function are
[alloc], none is in a your-code view, and the allocation view names churn, malloc's only caller,
or main (jemalloc has no frame pointers: perf's -g can miss the caller of its frames). Exit 77 (ctest's skip) when gcc, perf, eu-addr2line or libjemalloc.a is missing."""
import glob, json, os, shutil, subprocess, sys, tempfile

import perf_innermost
from testlib import finish, need, run, skip

profan = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))


need(("gcc", "perf", "eu-addr2line"), "build-essential, linux-perf, elfutils")
lib = glob.glob("/usr/lib/*/libjemalloc.a") + glob.glob("/usr/lib/libjemalloc.a")
if not lib:
    skip("no libjemalloc.a (.ci/setup installs libjemalloc-dev)")
tmp = tempfile.mkdtemp(prefix="profan-alloc-")
src = os.path.join(tmp, "allocwork.c")
shutil.copy(os.path.join(here, "alloc", "allocwork.c"), src)
prog = os.path.join(tmp, "allocwork")
run(["gcc", "-g", "-O2", "-fno-omit-frame-pointer", "-no-pie", "-o", prog, src, lib[0], "-lpthread", "-lm",
     "-ldl"])
data = os.path.join(tmp, "perf.data")
rec = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "4000", "-g", "-o", data, "--", prog,
                      "120"], capture_output=True, text=True, cwd=tmp)
if rec.returncode != 0 or not os.path.exists(data):
    skip("perf record cannot record here: " + (rec.stderr.strip().splitlines() or ["?"])[-1])

found = perf_innermost.samples(data, prog)
total = sum(p for p, _ in found)
mine = sum(p for p, f in found if f == src)
expect = 100.0 * mine / total

rep = json.loads(run([profan, "perf", "--json", "--top", "0", data], cwd=tmp))
views = {v["id"]: v for v in rep["views"]}
got = sum(r["percent"][0] for r in views["top_self"]["rows"] if r.get("class") == "yours")
bad = []
if abs(got - expect) > 1.0:
    bad.append(f"your code's self share {got:.2f}% against perf's {expect:.2f}%")
names = {r["name"]: r for r in views["top_self"]["rows"]}
for n in ("malloc", "free"):
    if names.get(n, {}).get("label") != "[alloc]":
        bad.append(f"{n}: {names.get(n)}")
for n, r in names.items():
    if n.startswith("je_") and r.get("label") != "[alloc]":
        bad.append(f"{n} is {r.get('class')} {r.get('label')}")
# an address of the binary no symbol covers is yours by location (docs/ownership.md)
for vid in ("top_self_yours", "top_inclusive_yours", "outside_yours", "alloc_yours"):
    for r in views[vid]["rows"]:
        if r["name"] not in ("main", "mix", "churn", "(no frame of your code)") and \
                not r["name"].startswith("allocwork+0x"):
            bad.append(f"{vid}: {r['name']} is listed as yours")
if not {"main", "churn"} & {r["name"] for r in views["alloc_yours"]["rows"]}:
    bad.append("the allocation view names neither churn nor main (malloc's callers)")
# the header says the allocator linked in was left out of your code
yours_line = rep["header"].get("Your code", "")
if "allocator (jemalloc: " not in yours_line.partition("; not yours: ")[2]:
    bad.append(f"header: Your code: {yours_line!r} does not name jemalloc as the allocator left out")
print(f"your code {got:.2f}% of CPU in profan, {expect:.2f}% by perf script + eu-addr2line; "
      f"{len(found)} samples; {views['alloc_yours']['title']}")
finish(bad, tmp)
