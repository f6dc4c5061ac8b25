#!/usr/bin/env python3
"""The demo's numbers, independently: names each sample's leaf address with binutils addr2line
(tests/symbol/expect_samply.py) and compares self time per function with `profan --json`.
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
print(f"{len(expected) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
