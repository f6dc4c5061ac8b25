#!/usr/bin/env python3
"""tests/perf/flags.py PROFAN FIXTURE: what profan says of recordings it does not read whole, made
from fixtures/perf/work-fp.data by changing what perf would have written differently:
  lbr         the attribute's branch_sample_type with PERF_SAMPLE_BRANCH_CALL_STACK (1 << 11), as
              `perf record --call-graph lbr` sets it (this VM has no LBR to record with): the report
              is made, with one warning line that user stacks end at the sampled function
  big-endian  the magic a big-endian host writes ("2ELIFREP"): one error line, exit 1
Read with --no-symbols: the fixture's binary is not kept, and its warning is no part of the check.
The layout: perf's tools/perf/util/header.c (file header: magic, size, attr_size, then the attrs
section's offset and size) and include/uapi/linux/perf_event.h (branch_sample_type at byte 72)."""
import os, struct, subprocess, sys, tempfile

profan, fixture = sys.argv[1], sys.argv[2]
data = bytearray(open(fixture, "rb").read())
failures = []


def run(blob):
    with tempfile.NamedTemporaryFile(suffix=".data") as f:
        f.write(blob)
        f.flush()
        r = subprocess.run([profan, "perf", f.name, "--top", "3", "--no-symbols"], capture_output=True, text=True)
    return r.returncode, r.stderr.splitlines()


lbr = bytearray(data)
attrs_off = struct.unpack_from("<Q", lbr, 24)[0]
bst = struct.unpack_from("<Q", lbr, attrs_off + 72)[0]
struct.pack_into("<Q", lbr, attrs_off + 72, bst | 1 << 11)
rc, err = run(lbr)
if rc != 0 or len(err) != 1 or "--call-graph lbr" not in err[0]:
    failures.append("lbr: exit %d, stderr %r" % (rc, err))

be = bytearray(data)
be[0:8] = b"2ELIFREP"
rc, err = run(be)
if rc != 1 or len(err) != 1 or "big-endian" not in err[0]:
    failures.append("big-endian: exit %d, stderr %r" % (rc, err))

if failures:
    sys.exit("\n".join(failures))
print("ok: lbr warned, big-endian refused")
