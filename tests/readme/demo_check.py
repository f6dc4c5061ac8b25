#!/usr/bin/env python3
"""The demo's numbers, independently: names each sample's leaf address with binutils addr2line
(tests/symbol/expect_samply.py) and compares self time per function with `profan --json`; the
views of your code against tests/ownership/check.py (eu-addr2line inline chains, your code =
the demo's source folder /src as its DWARF names it).
Usage: demo_check.py PROFAN REPO"""
import json, os, pathlib, re, subprocess, sys, tempfile

profan, repo = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
demo = repo / "fixtures/samply/demo"
libc = "/lib/x86_64-linux-gnu/libc.so.6"
if not os.path.exists(libc) or subprocess.run(["which", "addr2line"], capture_output=True).returncode:
    print("skipped: needs addr2line and /lib/x86_64-linux-gnu/libc.so.6")
    sys.exit(77)
with tempfile.TemporaryDirectory() as d:
    os.symlink(demo / "demo", f"{d}/demo")
    os.symlink(libc, f"{d}/libc.so.6")
    out = subprocess.run([sys.executable, str(repo / "tests/symbol/expect_samply.py"),
                          str(demo / "demo.json.gz"), d], capture_output=True, text=True, check=True).stdout
    ours = json.loads(subprocess.run([sys.executable, str(repo / "tests/ownership/check.py"),
                                      str(demo / "demo.json.gz"), "--bin-dir", d, "--ours-dir", "/src"],
                                     capture_output=True, text=True, check=True).stdout)
expected = {}
lines = out.splitlines()
for line in lines[2:lines.index("self, outermost (--no-inline)")]:
    ms, name = line.split(" ms  ")
    expected[name.strip()] = float(ms)
report = json.loads(subprocess.run([profan, "samply", str(demo / "demo.json.gz"), "--symbol-path", str(demo),
                                    "--json", "--top", "0", "-q"], capture_output=True, text=True,
                                   check=True).stdout)
view = next(v for v in report["views"] if v["id"] == "top_self")
got = {r["name"]: r["values"][0] / 1000 for r in view["rows"]}
failures = 0
for name, ms in sorted(expected.items(), key=lambda kv: -kv[1]):
    if name.startswith("??"):
        continue
    # profan prints identical-code folds as "name (+N folded)", and glibc's exported name where
    # addr2line picks an internal alias (__GI___libc_malloc is malloc)
    names = {name, re.sub(r"^__GI_(__libc_|_)?", "", name)}
    match = next((v for k, v in got.items() if k.split(" (+")[0] in names), None)
    if match is None or abs(match - ms) > 0.006:
        print(f"{name}: addr2line says {ms:.2f} ms, profan {match}")
        failures += 1
# the views of your code, to the 0.01 % check.py rounds to
views = {v["id"]: v for v in report["views"]}
none = {"(no frame of your code)": "(no your-code frame)"}
for vid, key, col in (("top_self_yours", "top_self_ours", "cpu_pct"), ("top_inclusive_yours", "top_inclusive_ours", "cpu_pct"),
                      ("outside_yours", "outside_ours_by_nearest", "cpu_pct"),
                      ("outside_yours", "outside_ours_by_nearest", "via_cpu_pct")):
    want = {r["function"]: r[col] for r in ours[key]}
    got = {none.get(r["name"], r["name"]): round(r["percent"][1 if col == "via_cpu_pct" else 0], 2)
           for r in views[vid]["rows"]}
    for k in sorted(set(want) | set(got)):
        expected[vid + k + col] = 0
        if want.get(k) is None or got.get(k) is None or abs(want[k] - got[k]) > 0.0051:
            print(f"{vid} {k} {col}: check.py says {want.get(k)}, profan {got.get(k)}")
            failures += 1
alloc = re.search(r"([\d.]+)% of all", views["alloc_yours"]["title"])
if not alloc or float(alloc.group(1)) != ours["alloc"]["share_cpu_pct"]:
    print(f"allocation share: check.py says {ours['alloc']['share_cpu_pct']}, profan {views['alloc_yours']['title']}")
    failures += 1
print(f"{len(expected) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
