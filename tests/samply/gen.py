#!/usr/bin/env python3
"""Writes one small, hand-designed profile in every samply layout profan reads.

    python3 tests/samply/gen.py fixtures/samply/synthetic

The same logical profile (below) is written as v41, v44, v46, v49, v55, v56,
v60 and v66, plus a v55 variant without threadCPUDelta, and a v49 variant whose
app frames are unsymbolicated hex with a presymbolication sidecar
(v49-sidecar.syms.json) that names them. Each layout follows
docs/samply-format.md §2-§5: per-thread or shared tables and strings, time or
timeDeltas, prefix or prefixOffset, numeric or string pids. Per-thread tables
are laid out in a different order in each thread, so a loader that keys frames
by thread-local index instead of (library, address) gets wrong numbers.

EXPECTED holds the numbers each view must produce, worked out by hand from the
sample list (the arithmetic is in the comments); test_samply.c checks them.
"""
import json
import os
import sys

LIBS = [
    {"name": "app", "path": "/opt/app/app", "codeId": None},
    {"name": "libc.so.6", "path": "/usr/lib/x86_64-linux-gnu/libc.so.6",
     "codeId": "f0fc29165cbe6088c0e1adf03b0048fbecbc003a"},
]

# frame key -> (lib index or None, address or -1, name in the file)
FRAMES = {
    "main": (0, 0x100, "main"),
    "run": (0, 0x200, "run"),
    "fib": (0, 0x300, "fib"),
    "alloc_site": (0, 0x400, "alloc_site"),
    "grow_one": (0, 0x500, "alloc::raw_vec::RawVec<T,A>::grow_one"),
    "rust_alloc": (0, 0x600, "__rust_alloc"),
    "hex": (0, 0x700, "0x700"),  # unsymbolicated: profan names it app+0x700
    "malloc": (1, 0x1000, "malloc"),
    "write": (1, 0x2000, "write"),
    "cpu_label": (None, -1, "CPU 0"),  # a label frame
}

# Threads: (name, processName, pid, tid, isMain, samples)
# sample = (stack root->leaf or None, threadCPUDelta µs, weight)
THREADS = [
    ("app", "app", "100.1", "100.1", True, [
        (["main", "run", "fib", "fib", "fib"], 100, 1),            # s1 recursion
        (["main", "run", "write"], 50, 1),                         # s2 libc leaf
        (["main", "run", "alloc_site", "grow_one", "rust_alloc", "malloc"], 30, 1),  # s3 allocation
        (None, 7, 1),                                              # s4 null stack with CPU
        (["main", "run", "fib"], 0, 1),                            # s5 zero CPU
        (["main", "hex", "malloc"], 20, 1),                        # s6 allocation under a hex frame
    ]),
    ("idle", "app", "100.1", "101", False, []),                    # empty: skipped
    ("worker", "app", "100.2", "102", True, [
        (["main"], 0, 1),                                          # s9 first sample, zero CPU
        (["write"], 40, 1),                                        # s7 no app frame at all
        (["main", "run", "fib"], 10, 3),                           # s8 weight 3
    ]),
    ("CPU 0", "CPU", "0", "0", False, [                            # per-CPU pseudo-thread: excluded
        (["cpu_label", "main", "run", "fib"], 1000, 1),
    ]),
]

# Totals over the app and worker threads (the CPU thread never counts):
#   cpu     100+50+30+7+0+20 + 0+40+10 = 257 µs;  samples 6+3 = 9;  weight 8*1 + 3 = 11
# 1 by library (self):  app = fib s1 100 + s5 0 + s8 10 + main s9 0 = 110;
#   libc = write 50+40 + malloc 30+20 = 140;  (no library) = the null stack 7.  110+140+7 = 257
# 2 self, all: fib 110, write 90, malloc 50, (no stack) 7
# 3 self, app: fib 110 (only app function that is ever a leaf with CPU)
# 4 inclusive, app (each function once per sample): main = s1 100 + s2 50 + s3 30 + s5 0 + s6 20 + s8 10
#   + s9 0 = 210; run = 100+50+30+0+10 = 190; fib = 100+0+10 = 110 (s1 counted once despite 3 frames);
#   alloc_site 30, grow_one 30, __rust_alloc 30, app+0x700 20
# 5 nearest app caller of non-app leaves: s2 write -> run 50; s3 malloc -> __rust_alloc 30 (it lives in
#   app); s6 malloc -> app+0x700 20; s7 write -> none 40; s4 null stack -> none 7.  none = 47, sum 147
# 6 allocation: s3 outermost entry __rust_alloc, above it grow_one (plumbing), then alloc_site -> 30;
#   s6 outermost entry malloc, above it app+0x700 (unresolved = plumbing), then main -> 20.
#   total 50 = 19.46% of 257
# Your code (docs/ownership.md): the app's functions but grow_one (alloc::, std's) and __rust_alloc (a
# Rust allocator shim), both the runtime's by name; app+0x700 is yours by where it lies.
# 3' self, your code (innermost function of yours): fib 110, run 50 (s2), alloc_site 30 (s3: above malloc,
#   __rust_alloc and grow_one), app+0x700 20 (s6), none 7 + 40 = 47
# 4' inclusive, your code: main 210, run 190, fib 110, alloc_site 30, app+0x700 20
# 5' outside your code (leaf not yours; "(no stack)" is no code): run 50 via write, alloc_site 30 via
#   grow_one (its callee on s3, the frame just inside it), app+0x700 20 via malloc, none 40 via write
#   (s7: no frame of yours, its leaf)
# 6' allocation (samples with an entry; to the first function of yours above the outermost one): s3
#   __rust_alloc -> alloc_site 30, s6 malloc -> app+0x700 20; 50 = 19.46% of 257
# --under fib: s1 100 + s5 0 + s8 10 = 110 in 3 samples
# --thread worker: 0+40+10 = 50;  --pid 100.2: same 50;  --pid 100: both processes, 257
# weight metric by library: app = s1 1 + s5 1 + s8 3 + s9 1 = 6, libc = s2+s3+s6+s7 = 4, none = 1
# No threadCPUDelta (v55-nocpu, interval 0.5 ms): cpu = weight * 500 µs = 11 * 500 = 5500
EXPECTED = {
    "cpu_total": 257, "samples": 9, "weight": 11,
    "by_lib": {"app": 110, "libc.so.6": 140, "(no library)": 7},
    "self_all": {"fib": 110, "write": 90, "malloc": 50, "(no stack)": 7},
    "self_app": {"fib": 110},
    "inclusive_app": {"main": 210, "run": 190, "fib": 110, "alloc_site": 30,
                      "alloc::raw_vec::RawVec<T,A>::grow_one": 30, "__rust_alloc": 30, "app+0x700": 20},
    "nearest": {"run": 50, "__rust_alloc": 30, "app+0x700": 20, None: 47},
    "alloc": {"alloc_site": 30, "main": 20},
    "under_fib": 110, "thread_worker": 50,
    "weight_by_lib": {"app": 6, "libc.so.6": 4, "(no library)": 1},
    "nocpu_total": 5500,
}


class Strings:
    def __init__(self):
        self.arr, self.idx = [], {}

    def __call__(self, s):
        if s not in self.idx:
            self.idx[s] = len(self.arr)
            self.arr.append(s)
        return self.idx[s]


def build_tables(samples_lists, strings, order_seed, version):
    """Frame/func/resource/stack tables for the given threads' samples.
    order_seed reverses the frame order so thread-local indices differ."""
    keys = []
    for samples in samples_lists:
        for stack, _, _ in samples:
            for k in stack or []:
                if k not in keys:
                    keys.append(k)
    if order_seed % 2:
        keys.reverse()
    res_of_lib, resources = {}, {"lib": [], "name": [], "host": [], "type": [], "length": 0}
    funcs = {"name": [], "resource": [], "isJS": [], "relevantForJS": [], "fileName": [],
             "lineNumber": [], "columnNumber": [], "length": 0}
    frames = {"address": [], "func": [], "category": [], "subcategory": [], "nativeSymbol": [],
              "inlineDepth": [], "line": [], "column": [], "innerWindowID": [], "length": 0}
    if version <= 49:
        frames["implementation"] = []
    if version <= 46:
        frames["optimizations"] = []
    if version >= 60:
        del funcs["fileName"]
        funcs["source"] = []
    frame_idx = {}
    for k in keys:
        lib, addr, name = FRAMES[k]
        if lib is not None and lib not in res_of_lib:
            res_of_lib[lib] = resources["length"]
            resources["lib"].append(lib)
            resources["name"].append(strings(LIBS[lib]["name"]))
            resources["host"].append(None)
            resources["type"].append(1)
            resources["length"] += 1
        fi = funcs["length"]
        funcs["name"].append(strings(name))
        funcs["resource"].append(res_of_lib[lib] if lib is not None else -1)
        for c in ("isJS", "relevantForJS"):
            funcs[c].append(False)
        for c in ("fileName", "source", "lineNumber", "columnNumber"):
            if c in funcs:
                funcs[c].append(None)
        funcs["length"] += 1
        frame_idx[k] = frames["length"]
        frames["address"].append(addr)
        frames["func"].append(fi)
        frames["category"].append(1)
        frames["subcategory"].append(0)
        frames["nativeSymbol"].append(None)
        frames["inlineDepth"].append(0)
        frames["line"].append(None)
        frames["column"].append(None)
        frames["innerWindowID"].append(None if version <= 49 else 0)
        for c in ("implementation", "optimizations"):
            if c in frames:
                frames[c].append(None)
        frames["length"] += 1
    stacks = {"frame": [], "prefix": [], "length": 0}
    stack_idx = {}

    def intern(path):
        key = tuple(path)
        if key in stack_idx:
            return stack_idx[key]
        parent = intern(path[:-1]) if len(path) > 1 else None
        i = stacks["length"]
        stacks["frame"].append(frame_idx[path[-1]])
        stacks["prefix"].append(parent)
        stacks["length"] += 1
        stack_idx[key] = i
        return i

    for samples in samples_lists:
        for stack, _, _ in samples:
            if stack:
                intern(stack)
    if version <= 49:
        stacks["category"] = [1] * stacks["length"]
        stacks["subcategory"] = [0] * stacks["length"]
    if version >= 66:
        stacks["prefixOffset"] = [0 if p is None else i - p for i, p in enumerate(stacks.pop("prefix"))]
    tables = {"stackTable": stacks, "frameTable": frames, "funcTable": funcs, "resourceTable": resources,
              "nativeSymbols": {"address": [], "functionSize": [], "libIndex": [], "name": [], "length": 0}}
    return tables, stack_idx


APP_BREAKPAD = "5C0A0D51EA1980DF43F203B4525BE9BE0"


def sidecar():
    """The .syms.json that `samply record --unstable-presymbolicate` (0.13.x) writes beside a profile
    (samply-format.md §9), naming the app frames that hex_app=True left unsymbolicated."""
    strings = ["UNKNOWN"]
    table, known = [], []
    for lib, addr, name in sorted(FRAMES.values(), key=lambda f: f[1]):
        if lib == 0 and not name.startswith("0x"):
            known.append([addr, len(table)])
            table.append({"rva": addr, "size": 16, "symbol": len(strings)})
            strings.append(name)
    b = APP_BREAKPAD.lower()
    debug_id = "-".join([b[0:8], b[8:12], b[12:16], b[16:20], b[20:32]])  # age 0: no suffix
    return {"string_table": strings, "data": [{"debug_name": "app", "debug_id": debug_id, "code_id": "",
                                               "symbol_table": table, "known_addresses": known}]}


def profile(version, with_cpu=True, interval=1.0, hex_app=False):
    shared_tables = version >= 60
    shared_strings = version >= 56
    numeric_ids = version <= 44
    shared_str = Strings()
    libs = [dict(l, debugName=l["name"], debugPath=l["path"], arch=None,
                 breakpadId=APP_BREAKPAD if l["codeId"] is None else "1629FCF0BE5C8860C0E1ADF03B0048FB0")
            for l in LIBS]
    if hex_app:
        for k, (lib, addr, name) in list(FRAMES.items()):
            if lib == 0:
                FRAMES[k] = (lib, addr, "0x%x" % addr)
    meta = {"version": 24, "preprocessedProfileVersion": version, "interval": interval, "product": "app",
            "startTime": 1700000000000.5, "symbolicated": False, "processType": 0,
            "sampleUnits": {"time": "ms", "eventDelay": "ms", "threadCPUDelta": "µs"},
            "categories": [{"name": "Other", "color": "grey", "subcategories": ["Other"]},
                           {"name": "User", "color": "yellow", "subcategories": ["Other"]}]}
    out = {"meta": meta, "libs": libs, "threads": [], "pages": [], "profilerOverhead": [], "counters": []}
    g_tables = g_stacks = None
    if shared_tables:
        g_tables, g_stacks = build_tables([t[5] for t in THREADS], shared_str, 0, version)
    for n, (name, pname, pid, tid, is_main, samples) in enumerate(THREADS):
        strings = shared_str if shared_strings else Strings()
        if shared_tables:
            tables, stack_idx = g_tables, g_stacks
        else:
            tables, stack_idx = build_tables([samples], strings, n, version)
        times = [50678707.0 + 1.25 * i for i in range(len(samples))]
        s = {"length": len(samples), "weightType": "samples",
             "stack": [stack_idx[tuple(st)] if st else None for st, _, _ in samples],
             "weight": [w for _, _, w in samples]}
        if with_cpu:
            s["threadCPUDelta"] = [c for _, c, _ in samples]
        if version <= 49:
            s["time"] = times
        else:
            s["timeDeltas"] = [t - (times[i - 1] if i else 0) for i, t in enumerate(times)]
        th = {"name": "GeckoMain" if is_main and version <= 44 else name, "processName": pname,
              "processType": "default", "pid": int(float(pid)) if numeric_ids else pid,
              "tid": int(float(tid)) if numeric_ids else tid, "registerTime": 0, "unregisterTime": None,
              "processStartupTime": 0, "processShutdownTime": None, "pausedRanges": [], "samples": s,
              "markers": {"length": 0, "category": [], "data": [], "endTime": [], "name": [], "phase": [],
                          "startTime": []}}
        if version >= 46:
            th["isMainThread"] = is_main
        if not shared_tables:
            th.update(tables)
        if not shared_strings:
            th["stringArray"] = strings.arr
        out["threads"].append(th)
    if shared_strings:
        out["shared"] = {"stringArray": shared_str.arr}
        if shared_tables:
            out["shared"].update(g_tables)
            out["shared"]["sources"] = {"length": 0, "filename": [], "id": []}
    return out


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "fixtures/samply/synthetic"
    os.makedirs(outdir, exist_ok=True)
    for v in (41, 44, 46, 49, 55, 56, 60, 66):
        with open(os.path.join(outdir, f"v{v}.json"), "w") as f:
            json.dump(profile(v), f, ensure_ascii=False)
    with open(os.path.join(outdir, "v55-nocpu.json"), "w") as f:
        json.dump(profile(55, with_cpu=False, interval=0.5), f, ensure_ascii=False)
    saved = dict(FRAMES)
    names = sidecar()
    with open(os.path.join(outdir, "v49-sidecar.json"), "w") as f:
        json.dump(profile(49, hex_app=True), f, ensure_ascii=False)
    FRAMES.update(saved)
    with open(os.path.join(outdir, "v49-sidecar.syms.json"), "w") as f:
        json.dump(names, f)
    with open(os.path.join(outdir, "expected.json"), "w") as f:
        json.dump({k: ({"(none)" if kk is None else kk: vv for kk, vv in v.items()} if isinstance(v, dict)
                       else v) for k, v in EXPECTED.items()}, f, indent=1)


if __name__ == "__main__":
    main()
