#!/usr/bin/env python3
"""grow-dhat.py: a big DHAT heap profile grown from the real Rust recording fixtures/dhat/rsdemo.json.

Usage: grow-dhat.py OUT POINTS [--functions F] [--frames N] [--min-frames M] [--copies C] [--seed S]

rsdemo.json (valgrind 3.19 on a rustc 1.95 binary) has 10 program points: runtime start-up
allocations, and two allocations of the program itself whose stacks read, innermost first, as an
allocator chain (malloc or calloc, then inlined alloc/RawVec/Box frames), the program's function
(rsdemo::fill_vec, rsdemo::boxed), rsdemo::main, and the runtime's start chain (call_once, lang_start,
..., main). The output keeps the file's header and its 10 points, then adds points until POINTS whose
stacks have that same shape with a longer program part in the middle: the program's two functions
are cloned into modules (rsdemo::m17::fill_vec at src/m17.rs:LINE, F functions in all, default
4000), each calls 1-5 of the next max(200, F/15) from fixed lines, a third of those calls through 1-3 frames
inlined at the call (real ones from the file: Box, Option::map, closures, panicking::try ...), and a
stack walks down that call graph from rsdemo::main. Each
stack is cut to its N innermost frames (--frames, default 40: valgrind's --num-callers=40); with
--min-frames M the walk goes deep enough for at least M frames. A point's counters are a real
point's, times a factor of 1 to 10^4 drawn log-uniformly (so gb <= tb and the like still hold), with
its access histogram if it had one. Stacks are distinct, as DHAT writes one point per stack.

With --copies C the grown points take turns among C copies of the program, each with a frame table
of its own: copy k's frames are copy 0's with every code address moved by k x 0x10000000, as if C
builds of one program had been loaded at other addresses. The functions are the same, the frames
(ftbl entries) are C times as many; --copies 1, the default, writes the file it always wrote.

Deterministic for given arguments. DHAT's own layout: comma-first, one counter pair per line.
"""
import argparse
import json
import os
import random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCE = os.path.join(ROOT, "fixtures/dhat/rsdemo.json")
COUNTERS = ("tb", "tbk", "tl", "mb", "mbk", "gb", "gbk", "eb", "ebk", "rb", "wb")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("points", type=int)
    ap.add_argument("--functions", type=int, default=4000)
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--min-frames", type=int, default=0)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--seed", type=int, default=16)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    real = json.load(open(SOURCE))
    ftbl = list(real["ftbl"])
    index = {t: i for i, t in enumerate(ftbl)}

    def frame(text):
        if text not in index:
            index[text] = len(ftbl)
            ftbl.append(text)
        return index[text]

    def framed(text, copy):  # TEXT's entry in copy COPY's frame table: its code address moved
        if copy and ": " in text:
            addr, rest = text.split(": ", 1)
            text = "0x%X: %s" % (int(addr, 16) + copy * 0x10000000, rest)
        return frame(text)

    def owned(i):
        return "rsdemo.rs:" in ftbl[i]

    # the real stacks' three parts: allocator chain, the program, the runtime's start chain
    inner, outer = [], None
    for pp in real["pps"]:
        own = [k for k, i in enumerate(pp["fs"]) if owned(i)]
        if own:
            inner.append(pp["fs"][:own[0]])
            outer = pp["fs"][own[-1] + 1:]  # the same for both: from call_once out to main
    allocators = sorted({chain[0] for chain in inner} | {pp["fs"][0] for pp in real["pps"]})
    # frames inlined into a real frame: the ones sharing its address, minus the outermost
    by_addr = {}
    for t in ftbl[1:]:  # after "[root]"
        addr, text = t.split(": ", 1)
        by_addr.setdefault(addr, []).append(text)
    inlined = sorted({t for group in by_addr.values() if len(group) > 1 for t in group[:-1]})
    names = sorted({ftbl[i].split(": ", 1)[1].split(" (")[0] for pp in real["pps"] for i in pp["fs"]
                    if owned(i)} - {"rsdemo::main"})  # rsdemo::boxed, rsdemo::fill_vec

    def site(f, line):  # function f's frame at LINE; f = 0 is rsdemo::main itself
        if f == 0:
            return "0x%X: rsdemo::main (rsdemo.rs:%d)" % (0x11CD00 + line, line)
        mod, name = f // len(names), names[f % len(names)].split("::")[-1]
        return "0x%X: rsdemo::m%d::%s (src/m%d.rs:%d)" % (0x200000 + f * 1024 + line, mod, name, mod, line)

    funcs = a.functions
    span = max(200, funcs // 15)  # so that stacks 30 calls deep reach every function
    callees = [[(rng.randrange(f + 1, min(funcs, f + span)), rng.randrange(5, 400),
                 rng.sample(inlined, rng.randint(1, 3)) if rng.random() < 0.33 else [])
                for _ in range(rng.randint(1, 5))] if f < funcs - 1 else [] for f in range(funcs)]
    alloc_line = [rng.randrange(5, 400) for _ in range(funcs)]
    budget = a.frames - min(map(len, inner)) - 1  # program frames that survive the cut
    seen = {hash(tuple(pp["fs"])) for pp in real["pps"]}  # int tuples hash the same in every run
    with open(a.out + ".tmp", "w") as o:
        head = {k: v for k, v in real.items() if k not in ("pps", "ftbl")}
        o.write("{" + "\n,".join('"%s":%s' % (k, json.dumps(v)) for k, v in head.items()) + '\n,"pps":\n [')
        points = list(real["pps"])
        made = 0
        while made < a.points:
            if points:
                pp = points.pop(0)
                fs = pp["fs"]
            else:
                lo = max(1, a.min_frames - len(inner[0]) - 1)
                depth = rng.randint(min(lo, budget), max(lo, min(budget, 30)))
                f, calls, copy = 0, [], made % a.copies
                while len(calls) < depth and callees[f]:
                    nxt, line, inl = rng.choice(callees[f])
                    at = site(f, line)
                    calls.append(framed(at, copy))  # outermost first: the caller, then what is inlined into it
                    calls.extend(framed(at.split(": ", 1)[0] + ": " + t, copy) for t in reversed(inl))
                    f = nxt
                chain = list(rng.choice(inner))
                chain[0] = rng.choice(allocators)
                chain = [framed(ftbl[i], copy) for i in chain]
                fs = (chain + [framed(site(f, alloc_line[f]), copy)] + calls[::-1]
                      + [framed(ftbl[i], copy) for i in outer])[:a.frames]
                if hash(tuple(fs)) in seen:
                    continue
                seen.add(hash(tuple(fs)))
                base = rng.choice(real["pps"])
                scale = int(10 ** rng.uniform(0, 4))
                pp = {k: base[k] * scale for k in COUNTERS}
                if "acc" in base:
                    pp["acc"] = base["acc"]
            o.write("," if made else "")
            o.write('{"tb":%d,"tbk":%d\n  ,"tl":%d\n  ,"mb":%d,"mbk":%d\n  ,"gb":%d,"gbk":%d\n'
                    '  ,"eb":%d,"ebk":%d\n  ,"rb":%d,"wb":%d\n' % tuple(pp[k] for k in COUNTERS))
            if "acc" in pp:
                o.write('  ,"acc":[%s]\n' % ",".join(map(str, pp["acc"])))
            o.write('  ,"fs":[%s]\n  }\n ' % ",".join(map(str, fs)))
            made += 1
        o.write(']\n,"ftbl":\n [' + "\n ,".join(json.dumps(t) for t in ftbl) + '\n ]\n}\n')
    os.replace(a.out + ".tmp", a.out)


if __name__ == "__main__":
    main()
