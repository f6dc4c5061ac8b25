#!/usr/bin/env python3
"""tests/ownership/cargo_run.py PROFAN: a build recorded whole (issue 28, "which program").

`cargo run --release` of crates/runme (no dependencies: cargo works offline) is recorded with
`perf record --call-graph dwarf`, cargo, rustc, the linker and the program alike, converted by
tools/perf2samply.py into the profile `samply record` writes, and read by `profan samply`.
`profan perf` on the perf.data chooses runme too. The program runs for less CPU than rustc takes to compile it, so the process with the most CPU is
the compiler; the binary profan chooses must still be runme, the header must say why, runme's
functions must be the your-code views' rows, and rustc, cargo, librustc_driver and LLVM not yours.
With `--binary rustc` on the same profile, rustc's own crates (rustc_* in librustc_driver) are
yours, the crates it depends on there (hashbrown...) are not, nor cargo, the launcher beside it;
LLVM beside them (libLLVM) and in rust-lld is [dep LLVM], and no function of LLVM or of the
jemalloc rustc links is yours.

Independent check, no profan: `perf script` gives every sample's process (its pid's last exec,
from the COMM and FORK records) and period, so the CPU of rustc and of runme; and each sample's
innermost frame outside the kernel, whose innermost function in the crate's src/ (binutils'
addr2line -f -i: its inline chain, which eu-addr2line -f does not name) is the function "Top
self, your code" counts it for (runme's hot functions call nothing: std's arithmetic is inlined
into them). profan's rows, weighted by samples, agree within 1 pp.
Exit 77 (ctest's skip) when cargo, perf or addr2line is missing or cannot run, saying why."""
import json, os, re, shutil, subprocess, sys, tempfile
from testlib import cargo as find_cargo, finish, need, run, skip

profan = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
converter = os.path.join(here, "..", "..", "tools", "perf2samply.py")


cargo = find_cargo()
need(("perf", "addr2line", "readelf"), "linux-perf and binutils")

tmp = tempfile.mkdtemp(prefix="profan-cargo-run-")
ws = os.path.join(tmp, "runme")
shutil.copytree(os.path.join(here, "crates", "runme"), ws)
# static relocation: perf script's leaf addresses are the binary's own, for addr2line
env = dict(os.environ, CARGO_HOME=os.path.join(tmp, "cargo-home"), CARGO_TARGET_DIR=os.path.join(ws, "target"),
           PATH=os.path.dirname(cargo) + ":" + os.environ.get("PATH", ""),
           RUSTFLAGS="-C force-frame-pointers=yes -C relocation-model=static")
env.setdefault("RUSTUP_HOME", os.path.expanduser("~/.rustup"))
data = os.path.join(tmp, "perf.data")
rec = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "1000", "-k", "CLOCK_MONOTONIC",
                      "--switch-events", "-d", "--call-graph", "dwarf,8192", "-m", "16M", "-o", data, "--",
                      cargo, "run", "--release", "--offline", "-q"], cwd=ws, env=env, capture_output=True, text=True)
prog = os.path.join(ws, "target", "release", "runme")
if rec.returncode != 0 or not os.path.exists(data) or not os.path.exists(prog):
    skip("cargo run under perf record failed here: " + (rec.stderr.strip().splitlines() or ["?"])[-1])
prof = os.path.join(tmp, "prof.json.gz")
conv = subprocess.run([sys.executable, converter, "-i", data, "-o", prof], capture_output=True, text=True)
if conv.returncode != 0:
    print(conv.stderr)
    sys.exit("FAIL: perf2samply.py could not convert the recording")

# perf's side: each sample's process (the last exec of its pid; a forked child starts as its parent),
# and its innermost frame outside the kernel (samply records no kernel frames: a page fault in
# libLLVM is libLLVM's sample there)
process, by_process, leaves = {}, {}, []
script = run(["perf", "script", "-i", data, "-F", "comm,pid,tid,period,ip,dso", "--no-inline",
              "--show-task-events"])
for line in script.splitlines():
    m = re.match(r"\s+([0-9a-f]+) \((.*)\)$", line)
    if m:
        if leaves and leaves[-1] is None and not m.group(2).startswith("[kernel"):
            leaves[-1] = (m.group(1), m.group(2))
        continue
    m = re.search(r"PERF_RECORD_COMM exec: (.*):(\d+)/\d+$", line)
    if m:
        process[m.group(2)] = m.group(1)
        continue
    m = re.search(r"PERF_RECORD_FORK\((\d+):\d+\):\((\d+):\d+\)", line)
    if m:
        if m.group(1) != m.group(2):
            process[m.group(1)] = process.get(m.group(2), "?")
        continue
    m = re.match(r"\s*(.*?)\s+(\d+)/(\d+)\s+(\d+)\s*$", line)
    if m:
        name = process.get(m.group(2), m.group(1))
        by_process[name] = by_process.get(name, 0) + int(m.group(4))
        leaves.append(None)
in_llvm = sum(1 for lf in leaves if lf and "/libLLVM" in lf[1])
# perf script writes a callchain's addresses as offsets in the file: runme's in its own addresses
# (readelf's PT_LOAD segments), which addr2line reads
loads = [(int(m.group(1), 16), int(m.group(2), 16), int(m.group(3), 16))
         for m in re.finditer(r"LOAD\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+0x[0-9a-f]+\s+(0x[0-9a-f]+)",
                              run(["readelf", "-lW", prog]))]


def vaddr(off):
    off = int(off, 16)
    return next(("%x" % (v + off - o) for o, v, n in loads if o <= off < o + n), None)


leaves = [vaddr(lf[0]) if lf and lf[1] == prog else None for lf in leaves]
total_samples = len(leaves)
total_cpu = sum(by_process.values())
# each leaf in runme: its innermost function whose file lies in the crate's src/
own_src = os.path.join(ws, "src") + "/"
wanted = sorted({a for a in leaves if a})
func_of, cur, chain = {}, None, []
out = run(["addr2line", "-a", "-f", "-i", "-C", "-e", prog] + ["0x" + a for a in wanted])
lines = out.splitlines()
i = 0
while i < len(lines):
    if re.match(r"0x[0-9a-f]+$", lines[i]):
        cur = int(lines[i], 16)
        i += 1
        continue
    fn, loc = lines[i], lines[i + 1] if i + 1 < len(lines) else ""
    i += 2
    if cur is not None and cur not in func_of and loc.startswith(own_src):
        func_of[cur] = fn
counts = {}
for a in leaves:
    f = func_of.get(int(a, 16)) if a else None
    if f:
        counts[f] = counts.get(f, 0) + 1

bad = []
rustc_cpu, runme_cpu = by_process.get("rustc", 0), by_process.get("runme", 0)
if not rustc_cpu > runme_cpu > 0:
    bad.append(f"the recording does not hold the case: rustc {rustc_cpu} ns, runme {runme_cpu} ns of CPU")
for f in ("runme::mix_rounds", "runme::fold_bits"):
    if counts.get(f, 0) < 20:
        bad.append(f"perf script finds {counts.get(f, 0)} samples in {f}: too few to check")

# profan's side, weighted by samples (the unit perf's counts are in); the binary's choice is by CPU
rep = json.loads(run([profan, "samply", "--json", "--top", "0", "--metric", "samples", "--explain-ownership",
                      prof]))
views = {v["id"]: v for v in rep["views"]}
hdr = rep["header"]
if hdr.get("Binary") != "runme":
    bad.append(f"Binary: {hdr.get('Binary')!r}, not runme")
if not hdr.get("Binary chosen", "").startswith("the program the build ran ("):
    bad.append(f"Binary chosen: {hdr.get('Binary chosen')!r} does not say it is the program the build ran")
rows = {r["name"]: r for r in views["top_self_yours"]["rows"]}
for f, n in sorted(counts.items()):
    expect = 100.0 * n / total_samples
    got = rows.get(f, {}).get("percent", [0.0])[0]
    print(f"{f}: {got:.2f}% in profan, {expect:.2f}% by perf script + addr2line ({n} of {total_samples})")
    if abs(got - expect) > 1.0:
        bad.append(f"top self, your code: {f} {got:.2f}% against perf's {expect:.2f}%")
for vid in ("top_self_yours", "top_inclusive_yours", "outside_yours"):
    for r in views[vid]["rows"]:
        if r.get("class") == "yours" and not r["name"].startswith("runme::"):
            bad.append(f"{vid}: {r['name']} ({r.get('file')}) is not runme's")
for r in views["top_self"]["rows"]:
    lib_yours = r.get("class") == "yours"
    if lib_yours and not r["name"].startswith("runme::"):
        bad.append(f"top self: {r['name']} {r.get('file')} is yours")
# the compiler, the launcher and LLVM: not yours, by their libraries
for r in views["ownership"]["rows"]:
    lib = r["name"].split(" ")[0]
    if re.match(r"(rustc|cargo|rustup|rust-lld|librustc_driver|libLLVM)", lib) and r["detail"].startswith("yours"):
        bad.append(f"--explain-ownership: {r['name']} is {r['detail']}")
# profan perf on the recording itself chooses the same way (no product there)
perf_hdr = json.loads(run([profan, "perf", "--json", "--top", "1", data], cwd=tmp))["header"]
if perf_hdr.get("Binary") != "runme" or not perf_hdr.get("Binary chosen", "").startswith("the program the build ran"):
    bad.append(f"profan perf: Binary {perf_hdr.get('Binary')!r}, chosen: {perf_hdr.get('Binary chosen')!r}")

# rustc as the program (--binary rustc): its own crates (librustc_driver beside bin/rustc) are yours,
# LLVM shipped beside it is [dep LLVM] and the header names it, its static jemalloc is [alloc]
rep = json.loads(run([profan, "samply", "--json", "--top", "0", "--metric", "samples", "--explain-ownership",
                      "--binary", "rustc", prof]))
views = {v["id"]: v for v in rep["views"]}
explain = {r["name"]: r["detail"] for r in views["ownership"]["rows"]}
llvm = [k for k in explain if k.startswith("libLLVM") and k.endswith("[dep LLVM]")]
if not llvm or not explain[llvm[0]].startswith("dependency by shipped-library:"):
    bad.append(f"--binary rustc: libLLVM is not [dep LLVM] by shipped-library: {[k for k in explain if 'LLVM' in k]}")
drv = [k for k in explain if re.match(r"librustc_driver-[0-9a-f]+\.so$", k)]
if not drv or not explain[drv[0]].startswith("yours by program-library:"):
    bad.append(f"--binary rustc: librustc_driver is not yours: {drv and explain[drv[0]]}")
if "LLVM" not in rep["header"].get("Your code", "").split("; not yours: ")[-1]:
    bad.append(f"--binary rustc: Your code: {rep['header'].get('Your code')!r} does not name LLVM")
# rustc's own crates are rustc_* (its entry rustc_driver_impl::main): hashbrown, indexmap, rayon_core
# in librustc_driver are not yours, nor cargo's, the launcher beside rustc in the toolchain's bin/
for r in views["top_inclusive_yours"]["rows"]:
    m = re.match(r"<?(?:&mut |&|dyn )*([A-Za-z_][A-Za-z0-9_]*)::", r["name"])
    if r.get("class") == "yours" and m and not re.match(r"(rustc|runme)(_|$)", m.group(1)):
        bad.append(f"--binary rustc: {r['name']} (crate {m.group(1)}) is yours")
for k, detail in explain.items():
    if re.match(r"(cargo|rustup|rust-lld)( |$)", k) and detail.startswith("yours"):
        bad.append(f"--binary rustc: {k}, another process's binary, is {detail}")
if in_llvm == 0:
    bad.append("perf script finds no sample in libLLVM: the recording does not exercise LLVM")
for k, detail in explain.items():
    if k.startswith("libLLVM") and detail.startswith("yours"):
        bad.append(f"--binary rustc: {k} is {detail}")
for vid in ("top_self_yours", "top_inclusive_yours", "outside_yours", "alloc_yours"):
    for r in views[vid]["rows"]:
        if r.get("class") == "yours" and r["name"].startswith(("llvm::", "je_", "_rjem_", "malloc", "free")):
            bad.append(f"--binary rustc: {vid}: {r['name']} is yours")
print(f"runme {100.0 * runme_cpu / total_cpu:.2f}% of CPU, rustc {100.0 * rustc_cpu / total_cpu:.2f}% "
      f"(perf script); Binary chosen: {hdr.get('Binary chosen')}")
finish(bad, tmp)
