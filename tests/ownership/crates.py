#!/usr/bin/env python3
"""tests/ownership/crates.py PROFAN LAYOUT: a Rust program over a crate (crates/scanlog, memchr
from Debian's librust-memchr-dev) built at test time the way Rust users build without
crates.io, recorded with perf, and profan's your-code share checked against perf's own samples.

  dirsource  the crate from a cargo directory source, /usr/share/cargo/registry/memchr-X.Y.Z
             (compiled with that folder as its DWARF compilation directory)
  vendor     the crate copied to vendor/memchr inside the workspace (cargo vendor's layout)

Independent check, no profan: `perf script` gives every sample's period and address;
eu-addr2line -i gives the innermost (inlined) frame's file there. A sample is the program's
own when that file lies in the workspace's src/. profan's share is the sum of the rows of class
"yours" in its "Top self, all code" (--json); the two agree within 1 pp. Also: no function of
memchr is yours, memchr's are [dep memchr], the your-code views list only src/main.rs, and
--explain-ownership names the rule of each: crate-folder or vendor-crate, workspace.
Exit 77 (ctest's skip) when cargo, perf, eu-addr2line or the crate is missing, saying why."""
import glob, json, os, shutil, subprocess, sys, tempfile

import perf_innermost
from testlib import cargo as find_cargo, finish, need, run, skip

profan, layout = os.path.abspath(sys.argv[1]), sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
REGISTRY = "/usr/share/cargo/registry"


cargo = find_cargo()
need(("perf", "eu-addr2line"), "linux-perf and elfutils")
crate = sorted(glob.glob(REGISTRY + "/memchr-2.*"))
if not crate:
    skip("no memchr in " + REGISTRY + " (.ci/setup installs librust-memchr-dev)")

tmp = tempfile.mkdtemp(prefix="profan-crates-")
ws = os.path.join(tmp, "scanlog")
shutil.copytree(os.path.join(here, "crates", "scanlog"), ws)
os.makedirs(os.path.join(ws, ".cargo"))
if layout == "vendor":
    shutil.copytree(crate[-1], os.path.join(ws, "vendor", "memchr"))
    source = os.path.join(ws, "vendor")
else:
    source = REGISTRY
with open(os.path.join(ws, ".cargo", "config.toml"), "w") as f:
    f.write(f'[source.crates-io]\nreplace-with = "local"\n[source.local]\ndirectory = "{source}"\n')
env = dict(os.environ, CARGO_HOME=os.path.join(tmp, "cargo-home"),
           PATH=os.path.dirname(cargo) + ":" + os.environ.get("PATH", ""),
           RUSTFLAGS="-C force-frame-pointers=yes -C relocation-model=static")
env.setdefault("RUSTUP_HOME", os.path.expanduser("~/.rustup"))
b = subprocess.run([cargo, "build", "--release", "--offline", "-q"], cwd=ws, env=env, capture_output=True,
                   text=True)
if b.returncode != 0:
    skip("cargo cannot build here: " + (b.stderr.strip().splitlines() or ["?"])[-1])
prog = os.path.join(ws, "target", "release", "scanlog")
data = os.path.join(tmp, "perf.data")
rec = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "2000", "-g", "-o", data, "--", prog],
                     capture_output=True, text=True, cwd=ws)
if rec.returncode != 0 or not os.path.exists(data):
    skip("perf record cannot record here: " + (rec.stderr.strip().splitlines() or ["?"])[-1])

# perf's side: each sample's period and the innermost file at its address
found = perf_innermost.samples(data, prog)
total = sum(p for p, _ in found)
own_src = os.path.join(ws, "src") + "/"
mine = sum(p for p, f in found if f.startswith(own_src))
dep = sum(p for p, f in found if "memchr" in f)
expect = 100.0 * mine / total

# profan's side
rep = json.loads(run([profan, "perf", "--json", "--top", "0", "--explain-ownership", data], cwd=tmp))
views = {v["id"]: v for v in rep["views"]}
got = sum(r["percent"][0] for r in views["top_self"]["rows"] if r.get("class") == "yours")
bad = []
if abs(got - expect) > 1.0:
    bad.append(f"your code's self share {got:.2f}% against perf's {expect:.2f}%")
if dep == 0:
    bad.append("no sample in memchr: the program does not exercise the crate")
for r in views["top_self"]["rows"]:
    if r["name"].startswith("memchr::") and r.get("label") != "[dep memchr]":
        bad.append(f"{r['name']} is {r.get('class')} {r.get('label')}, not [dep memchr]")
for vid in ("top_self_yours", "top_inclusive_yours", "outside_yours"):
    for r in views[vid]["rows"]:
        if r.get("file") and not r["file"].startswith(own_src):
            bad.append(f"{vid}: {r['name']} ({r['file']}) is not the program's")
# --explain-ownership: memchr by the layout's rule, the program's own files by its workspace
explain = {r["name"]: r["detail"] for r in views["ownership"]["rows"]}
rule = "vendor-crate" if layout == "vendor" else "crate-folder"
if not explain.get("scanlog [dep memchr]", "").startswith("dependency by " + rule + ":"):
    bad.append(f"--explain-ownership says scanlog [dep memchr]: {explain.get('scanlog [dep memchr]')}")
if not explain.get("scanlog", "").startswith("yours by workspace:"):
    bad.append(f"--explain-ownership says scanlog: {explain.get('scanlog')}")
# the header names what was left out: memchr, the program's one crate by design, and no other
yours_line = rep["header"].get("Your code", "")
if "; not yours: " not in yours_line or "dependency (memchr: " not in yours_line.split("; not yours: ")[1]:
    bad.append(f"header: Your code: {yours_line!r} does not name memchr as the one dependency")
print(f"{layout}: your code {got:.2f}% of CPU in profan, {expect:.2f}% by perf script + eu-addr2line; "
      f"memchr {100.0 * dep / total:.2f}%; {len(found)} samples")
finish(bad, tmp)
