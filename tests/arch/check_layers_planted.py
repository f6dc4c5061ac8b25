#!/usr/bin/env python3
"""check_layers.py can fail: on a copy of src/ and include/, each planted fault below must be
reported by it (exit 1 and the line that names the fault), and the copy left as it is must pass.
The faults: the old circle of symbol/prefetch.c and symbol/symbolize.c; a circle between two
units that meet only through their private headers (dwarf.h, plt.h); a private header included
from another stage; an include back up the pipeline. Usage: check_layers_planted.py REPO"""
import os, shutil, subprocess, sys, tempfile

repo = sys.argv[1]
checker = os.path.join(repo, "tests", "arch", "check_layers.py")

# (file to plant in, the line added, what the checker must say)
PLANTS = [
    ("src/symbol/prefetch.c", '#include "profan/symbolize.h"',
     "files that include each other: src/symbol/prefetch <-> src/symbol/symbolize"),
    ("src/symbol/plt.c", '#include "dwarf.h"',
     "files that include each other: src/symbol/dwarf <-> src/symbol/plt"),
    ("src/driver/driver.c", '#include "../symbol/dwarf.h"',
     "src/driver/driver.c (driver) includes src/symbol/dwarf.h, a private header of symbol"),
    ("src/base/alloc.c", '#include "profan/profile.h"',
     "src/base/alloc.c (base) includes include/profan/profile.h (model): an arrow back up"),
]

def run(root):
    r = subprocess.run([sys.executable, checker, root], capture_output=True, text=True)
    return r.returncode, r.stdout

failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for top in ("src", "include"):
        shutil.copytree(os.path.join(repo, top), os.path.join(tmp, top))
    rc, out = run(tmp)
    if rc != 0:
        print(f"FAIL: the unplanted copy does not pass (exit {rc}):\n{out}")
        failed += 1
    for rel, line, expect in PLANTS:
        path = os.path.join(tmp, rel)
        text = open(path, encoding="utf-8").read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n" + line + "\n")
        rc, out = run(tmp)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        if rc != 1 or expect not in out:
            print(f"FAIL: {rel} + {line}: exit {rc}, wanted 1 and '{expect}'; it said:\n{out}")
            failed += 1
        else:
            print(f"ok: {rel} + {line}: {expect}")
sys.exit(1 if failed else 0)
