"""tests/perf/perflib.py: what switch.py and crosscheck.py share: the skip (exit 77, ctest's),
a command's output, and switch.c built in a fresh temporary folder when perf and gcc are here."""
import os, shutil, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def build_switch(prefix):
    """(temporary folder, path of switch.c built in it); skips without perf or gcc."""
    for tool in ("perf", "gcc"):
        if shutil.which(tool) is None:
            skip(tool + " is not installed (.ci/setup installs linux-perf and build-essential)")
    tmp = tempfile.mkdtemp(prefix=prefix)
    prog = os.path.join(tmp, "switch")
    run(["gcc", "-g", "-O2", "-fno-omit-frame-pointer", "-fno-optimize-sibling-calls", "-pthread", "-o", prog,
         os.path.join(here, "switch.c")])
    return tmp, prog
