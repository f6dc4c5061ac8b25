#!/usr/bin/env python3
"""Writes a samply-like processed profile of about SIZE_MB megabytes for benchmarks.

Same shape as the 198 MB file measured in docs/symbolication-and-json.md §5:
meta and 64 libs, then threads with integer stack columns, 3-decimal float times,
null-rooted prefixes, addresses up to 2^40, null columns, and a shared string array.
Deterministic (seeded), so every run measures the same bytes."""
import json, random, sys

def main():
    out = sys.argv[1]
    size_mb = float(sys.argv[2]) if len(sys.argv) > 2 else 200
    rnd = random.Random(42)
    target = int(size_mb * 1e6)
    nstrings = 440_000 * target // 198_000_000 + 1000
    libs = [{"name": f"lib{i}.so", "path": f"/usr/lib/lib{i}.so", "debugName": f"lib{i}.so",
             "debugPath": f"/usr/lib/lib{i}.so", "breakpadId": f"{i:032X}0", "codeId": f"{i:040x}",
             "arch": "x86_64"} for i in range(64)]
    with open(out, "w") as f:
        f.write('{"meta":{"version":55,"interval":1.0,"product":"bench","symbolicated":false},')
        f.write('"libs":' + json.dumps(libs) + ',"threads":[')
        per_thread = (target - nstrings * 40) // 4
        for t in range(4):
            if t:
                f.write(",")
            # roughly 8.25 bytes per value, as in the measured file
            n = max(per_thread // 38, 100)
            nframes = n // 4 + 10
            nstack = n // 2 + 10
            f.write('{"name":"T%d","pid":"1","tid":"%d","samples":{"length":%d,"stack":[' % (t, t, n))
            f.write(",".join(str(rnd.randrange(nstack)) for _ in range(n)))
            f.write('],"time":[')
            f.write(",".join("%.3f" % (1000 + i * 1.013 + rnd.random()) for i in range(n)))
            f.write('],"threadCPUDelta":[')
            f.write(",".join(str(rnd.randrange(2000)) for _ in range(n)))
            f.write(']},"stackTable":{"length":%d,"frame":[' % nstack)
            f.write(",".join(str(rnd.randrange(nframes)) for _ in range(nstack)))
            f.write('],"prefix":[')
            f.write(",".join("null" if i == 0 or rnd.random() < 0.01 else str(rnd.randrange(i)) for i in range(nstack)))
            f.write(']},"frameTable":{"length":%d,"address":[' % nframes)
            f.write(",".join(str(rnd.randrange(1 << 40)) for _ in range(nframes)))
            f.write('],"inlineDepth":[' + ",".join("0" for _ in range(nframes)))
            f.write('],"line":[' + ",".join("null" for _ in range(nframes)))
            f.write('],"func":[' + ",".join(str(rnd.randrange(nstrings)) for _ in range(nframes)))
            f.write('],"isJS":[' + ",".join("false" for _ in range(min(nframes, 1000))))
            f.write(']}}')
        f.write('],"shared":{"stringArray":[')
        f.write(",".join(json.dumps("std::collections::hash::map::HashMap<K,V,S>::insert::h%016x" % rnd.getrandbits(64)
                                    if i % 2 else "0x%x" % rnd.getrandbits(32)) for i in range(nstrings)))
        f.write("]}}")

if __name__ == "__main__":
    main()
