#!/usr/bin/env python3
"""profan diff of two samply recordings of the README demo binary (30 rounds, then 12), symbolicated
on both sides: every self-share row against shares computed independently from binutils addr2line
(tests/symbol/expect_samply.py names each sample's leaf address). Rows must be function names, never
LIB+0xADDR, but for the few addresses profan leaves unnamed, as perf does: PLT stubs and assembly
labels without a function symbol (ld.so's _start), which must stay under 1% of each side.
Usage: check_samply_diff.py PROFAN REPO"""
import json, os, pathlib, re, subprocess, sys, tempfile

profan, repo = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
demo = repo / "fixtures/samply/demo"
libs = {"libc.so.6": "/lib/x86_64-linux-gnu/libc.so.6", "ld-linux-x86-64.so.2": "/lib64/ld-linux-x86-64.so.2"}
if not all(map(os.path.exists, libs.values())) or subprocess.run(["which", "addr2line"],
                                                                  capture_output=True).returncode:
    print("skipped: needs addr2line and Debian's libc.so.6 and ld-linux-x86-64.so.2")
    sys.exit(77)


def shares(profile):
    """function -> share of the file's CPU in ppm, from addr2line (innermost frame of the leaf)."""
    with tempfile.TemporaryDirectory() as d:
        os.symlink(demo / "demo", f"{d}/demo")
        for name, path in libs.items():
            os.symlink(path, f"{d}/{name}")
        out = subprocess.run([sys.executable, str(repo / "tests/symbol/expect_samply.py"), str(profile), d, "--us"],
                             capture_output=True, text=True, check=True).stdout.splitlines()
    total = int(out[0].split()[1])
    got = {}
    for line in out[2:out.index("self, outermost (--no-inline)")]:
        us, name = line.split(" us  ")
        got[name.strip()] = round(int(us) * 1e6 / total)
    return got


base, new = shares(demo / "demo.json.gz"), shares(demo / "demo-12.json.gz")
report = json.loads(subprocess.run(
    [profan, "diff", str(demo / "demo.json.gz"), str(demo / "demo-12.json.gz"), "--symbol-path", str(demo),
     "--json", "--top", "0", "-q"], capture_output=True, text=True, check=True).stdout)
rows = next(v for v in report["views"] if v["id"] == "diff_self")["rows"]
failures = 0
unnamed = [r for r in rows if re.search(r"\+0x[0-9a-f]+$", r["name"])]
for side in (1, 2):
    share = sum(r["values"][side] for r in unnamed)
    print(f"{'base' if side == 1 else 'new'}: {share} ppm in unnamed rows {[r['name'] for r in unnamed]}")
    if share >= 10000:
        failures += 1
got = {r["name"].split(" (+")[0]: r["values"] for r in rows}
checked = skipped = 0
for name in sorted(set(base) | set(new), key=lambda n: -abs(new.get(n, 0) - base.get(n, 0))):
    if name.startswith("??") or name.startswith("("):
        continue
    # glibc's exported name where addr2line picks an internal alias (__GI___libc_malloc is malloc)
    names = {name, re.sub(r"^__GI_(__libc_|_)?", "", name)}
    values = next((v for k, v in got.items() if k in names), None)
    b, n = base.get(name, 0), new.get(name, 0)
    if values is None and max(b, n) < 10000 and unnamed:  # one of the unnamed rows above
        print(f"{name}: {b} -> {n} ppm, unnamed by profan")
        skipped += 1
        continue
    if values is None or values[1] != b or values[2] != n or values[0] != n - b:
        print(f"{name}: addr2line gives {b} -> {n} ppm (change {n - b}), profan {values}")
        failures += 1
    checked += 1
print(f"{checked - failures} of {checked} functions agree ({skipped} unnamed by profan), {failures} failures")
sys.exit(1 if failures or checked < 10 else 0)
