"""tests/perf/perflib.py: what the perf tests share: the skip (exit 77, ctest's), a command's
output, and a test program built in a fresh temporary folder when perf and gcc are here."""
import os, shutil, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def build(prefix, name, flags=("-O2",)):
    """(temporary folder, path of NAME.c built in it with FLAGS and frame pointers); skips without
    perf or gcc."""
    for tool in ("perf", "gcc"):
        if shutil.which(tool) is None:
            skip(tool + " is not installed (.ci/setup installs linux-perf and build-essential)")
    tmp = tempfile.mkdtemp(prefix=prefix)
    prog = os.path.join(tmp, name)
    run(["gcc", "-g", "-fno-omit-frame-pointer", *flags, "-o", prog, os.path.join(here, name + ".c")])
    return tmp, prog


def build_switch(prefix):
    """(temporary folder, path of switch.c built in it); skips without perf or gcc."""
    return build(prefix, "switch", ("-O2", "-fno-optimize-sibling-calls", "-pthread"))
