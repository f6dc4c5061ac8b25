#!/usr/bin/env python3
"""grow-samply.py: a big samply profile grown from the real recording fixtures/samply/demo/demo.json.gz.

Usage: grow-samply.py SAMPLES OUT.json.gz [--threads N] [--seed S]

The output is the recording itself (meta, libs, the idle `samply` thread) with its busy thread copied
N times (default 8) as threads of the same process. Each copy keeps the real stack, frame and function
tables, string array and markers; copy k > 0 moves every frame address by a seeded -16..+16 bytes
within its function (ranges from `nm -S` of the demo binary and of libc's debug file), so the copies
hold distinct (library, address) keys with the same names, and symbolication has about N x 177
addresses to resolve instead of 177.

Samples are real ones drawn at random, each with its real stack, its real timeDelta moved by up to
+-5 us at the recorded ns resolution, and its real CPU share of that delta, until SAMPLES in all.
That gives the columns a real recording's entropy: gzip takes 5.3 bytes per sample here and 5.5 in
the recording, where copied runs of real samples would take 3.4 to 4.7.

Symbolicate with --symbol-path fixtures/samply/demo and this machine's libc (build id 93ac61ec...).
Deterministic for given arguments. Written through `gzip -6 -n`, samply's default level.
"""
import argparse
import bisect
import gzip
import json
import os
import random
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCE = os.path.join(ROOT, "fixtures/samply/demo/demo.json.gz")
CHUNK = 1 << 20


def function_ranges(lib):
    """Sorted (start, end) of the functions in LIB's symbol table, or [] if its file is not here."""
    cid = lib.get("codeId") or ""
    for path in (os.path.join(os.path.dirname(SOURCE), lib["name"]),
                 "/usr/lib/debug/.build-id/%s/%s.debug" % (cid[:2], cid[2:]), lib["path"]):
        if os.path.isfile(path):
            nm = subprocess.run(["nm", "--defined-only", "-S", path], capture_output=True, text=True).stdout
            syms = [f for f in map(str.split, nm.splitlines()) if len(f) == 4 and f[2] in "tTwW"]
            return sorted((int(f[0], 16), int(f[0], 16) + int(f[1], 16)) for f in syms if int(f[1], 16) > 0)
    return []


def nudge(rng, ranges, addr):
    """ADDR moved by -16..+16 bytes without leaving its function (unchanged outside known functions)."""
    i = bisect.bisect_right(ranges, (addr, float("inf"))) - 1
    delta = rng.randrange(-16, 17)
    if i < 0 or not ranges[i][0] <= addr < ranges[i][1]:
        return addr
    return min(max(addr + delta, ranges[i][0]), ranges[i][1] - 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("samples", type=int)
    ap.add_argument("out")
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--seed", type=int, default=16)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    prof = json.load(gzip.open(SOURCE))
    busy = max(prof["threads"], key=lambda t: t["samples"]["length"])
    s = busy["samples"]
    n = s["length"]
    assert set(s) == {"length", "weightType", "stack", "timeDeltas", "weight", "threadCPUDelta"}, set(s)
    assert busy["frameTable"]["func"] == list(range(busy["frameTable"]["length"])), "one func per frame"
    tok_stack = ["null" if x is None else str(x) for x in s["stack"]]
    tok_weight = [str(x) for x in s["weight"]]
    deltas = s["timeDeltas"]
    share = [c / (d * 1000) if d > 0 else 0.0 for c, d in zip(s["threadCPUDelta"], deltas)]

    ranges = [function_ranges(lib) for lib in prof["libs"]]
    ft, fn, rt = busy["frameTable"], busy["funcTable"], busy["resourceTable"]
    frame_lib = [rt["lib"][fn["resource"][f]] if fn["resource"][f] is not None and fn["resource"][f] >= 0
                 else None for f in ft["func"]]
    copies = []
    for k in range(a.threads):
        t = json.loads(json.dumps(busy))
        t["tid"] = "%s.%d" % (busy["pid"].split(".")[0], k + 1)
        t["isMainThread"] = k == 0
        if k:
            addrs, strings = t["frameTable"]["address"], t["stringArray"]
            for i, addr in enumerate(addrs):
                if addr >= 0 and frame_lib[i] is not None:
                    addrs[i] = nudge(rng, ranges[frame_lib[i]], addr)
                    # perf2samply names an unsymbolicated function by its address
                    t["funcTable"]["name"][i] = len(strings)
                    strings.append("0x%x" % addrs[i])
        t["samples"] = "@SAMPLES@"
        copies.append(t)
    prof["threads"] = [t for t in prof["threads"] if t is not busy] + copies

    gz = subprocess.Popen(["gzip", "-6", "-n"], stdin=subprocess.PIPE, stdout=open(a.out + ".tmp", "wb"))
    w = gz.stdin.write
    parts = json.dumps(prof, separators=(",", ":")).split('"@SAMPLES@"')
    left = a.samples
    for k in range(a.threads):
        count = left // (a.threads - k)
        left -= count
        pick = [0] + rng.choices(range(1, n), k=count - 1)  # the first delta is the absolute start time
        w(parts[k].encode())
        w(('{"length":%d,"weightType":"samples"' % count).encode())
        delta = [deltas[0]] + [max(0.0, deltas[i] + rng.randrange(-5000, 5001) / 1e6) for i in pick[1:]]
        cpu = [s["threadCPUDelta"][0]] + [round(share[i] * d * 1000) for i, d in zip(pick[1:], delta[1:])]
        columns = (("stack", pick, tok_stack.__getitem__), ("timeDeltas", delta, "%.6f".__mod__),
                   ("weight", pick, tok_weight.__getitem__), ("threadCPUDelta", cpu, str))
        for name, values, tok in columns:
            w((',"%s":[' % name).encode())
            for c in range(0, count, CHUNK):
                w((("," if c else "") + ",".join(map(tok, values[c:c + CHUNK]))).encode())
            w(b"]")
        w(b"}")
        del delta, cpu
    w(parts[-1].encode())
    gz.stdin.close()
    if gz.wait() != 0:
        sys.exit("grow-samply.py: gzip failed")
    os.replace(a.out + ".tmp", a.out)


if __name__ == "__main__":
    main()
