#!/usr/bin/env python3
"""The pprof export's first mapping is the profiled program (issue 34, item 4): go tool pprof
takes mapping[0] for "File:" in its reports. Read with a wire-format reader written here (and
protoc --decode_raw when installed); which file is the program comes from each fixture's design:

  samply/demo/demo-12.json.gz      `demo` (fixtures/samply/README.md), whose libraries list
                                   ld-linux-x86-64.so.2 and libc.so.6 before it
  samply/public/v49-...-rust-vdso  the Rust example `mpsc_bench` that bop's profile recorded
  cpuprof/hot.cpuprofile           `node hot.js` (tests/cpuprof/gen/gen.sh): the script hot.js

usage: check_pprof_main.py PROFAN FIXTURES"""
import gzip
import os
import shutil
import subprocess
import sys
import tempfile

profan, fixtures = sys.argv[1], sys.argv[2]
failures = []


from pbwire import fields as wire_fields  # noqa: E402


def fields(buf):
    """(field number, value) of each field of BUF."""
    return ((num, v) for num, _, v in wire_fields(buf))


CASES = [("samply", "samply/demo/demo-12.json.gz", "/demo"),
         ("samply", "samply/public/v49-record-linux-x86_64-rust-vdso-small.json.gz", "/mpsc_bench"),
         ("cpuprof", "cpuprof/hot.cpuprofile", "/hot.js")]
tmp = tempfile.mkdtemp(prefix="profan-pprof-")
for cmd, rel, want in CASES:
    out = os.path.join(tmp, "p.pb.gz")
    r = subprocess.run([profan, cmd, os.path.join(fixtures, rel), "--pprof", out], capture_output=True)
    if r.returncode != 0:
        failures.append(f"{rel}: exit {r.returncode}: {r.stderr!r}")
        continue
    raw = gzip.open(out).read()
    strings = [v.decode() for n, v in fields(raw) if n == 6]
    maps = [{a: b for a, b in fields(v)} for n, v in fields(raw) if n == 3]
    files = [strings[m.get(5, 0)] for m in maps]
    ids = {m[1] for m in maps}
    used = set()
    for n, v in fields(raw):
        if n == 4:
            used |= {b for a, b in fields(v) if a == 2}
    if not files or not files[0].endswith(want):
        failures.append(f"{rel}: first mapping {files[:1]}, wanted the program ...{want} (all: {files})")
    if len(files) < 2:
        failures.append(f"{rel}: {len(files)} mapping(s): the case needs libraries beside the program")
    if not used <= ids:
        failures.append(f"{rel}: locations name mappings {sorted(used - ids)} that are not in the file")
    if shutil.which("protoc"):
        p = subprocess.run(["protoc", "--decode_raw"], input=raw, capture_output=True)
        text = p.stdout.decode(errors="replace")
        first = text.split("\n3 {", 1)[1].split("\n}", 1)[0] if "\n3 {" in text else ""
        idx = [ln.split(": ")[1] for ln in first.splitlines() if ln.startswith("  5: ")]
        if p.returncode != 0 or not idx or not strings[int(idx[0])].endswith(want):
            failures.append(f"{rel}: protoc --decode_raw: first mapping's file is not ...{want}")
    print(f"{rel}: first mapping {files[0]} of {len(files)}")
shutil.rmtree(tmp)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
