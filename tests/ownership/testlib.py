"""testlib.py: what the ownership tests that build and record programs at test time share
(alloc.py, crates.py, cargo_run.py): ctest's skip (exit 77), a command's output, cargo, the end."""
import os
import shutil
import subprocess
import sys


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def need(tools, packages):
    """Skips unless every one of TOOLS is in PATH; PACKAGES: what .ci/setup installs for them."""
    for tool in tools:
        if shutil.which(tool) is None:
            skip(tool + " is not installed (.ci/setup installs " + packages + ")")


def cargo():
    """cargo's path (rustup's when not in PATH); skips without it."""
    path = shutil.which("cargo") or ("/root/.cargo/bin/cargo" if os.path.exists("/root/.cargo/bin/cargo") else None)
    if not path:
        skip("cargo is not installed")
    return path


def finish(bad, tmp):
    """Prints each failure, removes the temporary folder TMP and exits 1 on a failure, else 0."""
    for b in bad:
        print("FAIL: " + b)
    shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if bad else 0)
