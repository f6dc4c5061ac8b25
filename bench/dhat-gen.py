#!/usr/bin/env python3
"""Writes a large synthetic DHAT heap profile in DHAT's own layout (comma-first, v2).

Usage: dhat-gen.py OUT [PROGRAM_POINTS]   (default 200000 points: about 60 MB)

A seeded random call graph of 4000 functions in 200 source files (each calls 1-5 others
from fixed lines), walked down from main 8-40 calls deep, plus allocator frames, gives
distinct stacks that share their outer frames like a real program's. The
counters are consistent (gb <= tb, gbk <= tbk, ...). Deterministic for a given size.
"""
import random
import sys

out, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200000
rng = random.Random(42)
funcs = [f"mod{i % 97}::handler_{i}(Request const&, std::vector<int, std::allocator<int> >&)" for i in range(4000)]
files = [f"src/module_{i}.cc" for i in range(200)]
alloc = ["0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)",
         "0x4841F2F: operator new(unsigned long) (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)",
         "0x4843D44: calloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)",
         "0x4845E10: realloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)"]
ftbl, index = ["[root]"], {}


def frame(text):
    if text not in index:
        index[text] = len(ftbl)
        ftbl.append(text)
    return index[text]


# A call graph like a program's: function i calls 1-5 of the next 200 functions, each
# from its own line, so stacks walked down from main share their outer frames, as real ones do.
callees = [[(rng.randrange(i + 1, min(4000, i + 200)), rng.randrange(10, 400)) for _ in range(rng.randint(1, 5))]
           if i < 3999 else [] for i in range(4000)]
alloc_line = [rng.randrange(10, 400) for _ in range(4000)]


def site(f, line):
    return f"0x{0x100000 + f * 512 + line:X}: {funcs[f]} ({files[f % 200]}:{line})"


seen = set()
with open(out, "w") as o:
    o.write('{"dhatFileVersion":2\n,"mode":"heap","verb":"Allocated"\n,"bklt":true,"bkacc":true\n'
            ',"tu":"instrs","Mtu":"Minstr"\n,"tuth":500\n,"cmd":"./server --threads 8 --config prod.toml"\n'
            ',"pid":4242\n,"te":98765432100\n,"tg":45678901234\n,"pps":\n [')
    k = 0
    while k < n:
        depth = rng.randint(8, 40)
        f, calls = 0, []  # calls: (function, line of its call to the next one), outermost first
        for _ in range(depth):
            if not callees[f]:
                break
            nxt, line = rng.choice(callees[f])
            calls.append((f, line))
            f = nxt
        # innermost first: the allocator, maybe libstdc++'s, the allocating function, its callers
        stack = [alloc[rng.randrange(4)]]
        if rng.random() < 0.3:
            stack.append("0x4A10B2: std::__new_allocator<char>::allocate(unsigned long, void const*) "
                         "(new_allocator.h:137)")
        stack.append(site(f, alloc_line[f]))
        stack += [site(g, l) for g, l in reversed(calls)]
        stack.append("0x10A2F3: main (main.cc:88)")
        fs = tuple(frame(t) for t in stack)
        if fs in seen:  # DHAT has one program point per distinct stack
            continue
        seen.add(fs)
        tbk = rng.randint(1, 5000)
        size = rng.choice([8, 16, 24, 32, 64, 128, 256, 1024, 4096, 65536])
        tb = tbk * size
        gbk = rng.randint(0, tbk) if rng.random() < 0.4 else 0
        ebk = rng.randint(0, gbk) if rng.random() < 0.2 else 0
        tl = tbk * rng.randint(10, 10 ** 7)
        rb, wb = rng.randint(0, tb * 3), rng.randint(0, tb * 2)
        o.write(f'{"," if k else ""}{{"tb":{tb},"tbk":{tbk}\n  ,"tl":{tl}\n  ,"mb":{gbk * size},"mbk":{gbk}\n'
                f'  ,"gb":{gbk * size},"gbk":{gbk}\n  ,"eb":{ebk * size},"ebk":{ebk}\n  ,"rb":{rb},"wb":{wb}\n'
                f'  ,"fs":[{",".join(map(str, fs))}]\n  }}\n ')
        k += 1
    o.write(']\n,"ftbl":\n [' + "\n ,".join('"' + t.replace('\\', '\\\\').replace('"', '\\"') + '"' for t in ftbl)
            + '\n ]\n}\n')
