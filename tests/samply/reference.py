#!/usr/bin/env python3
"""An independent implementation of `profan samply`'s six views, to check its numbers.

    python3 tests/samply/reference.py PROFAN PROFILE [profan options...]

Reads PROFILE with Python's json module, walks every sample's stack and
computes each view per sample (no stack tree, no shared code with profan),
then runs `PROFAN samply PROFILE --json --top 0 [options]` and compares every
row of every view. Exit 0 when all agree; otherwise prints the differences.
Functions are keyed by name and by the file, line and column the funcTable gives them (Firefox's
JS functions: two of one name in two scripts are two rows), compared with the location that starts a
row's detail. Supported options: --binary, --metric, --thread, --pid, --under.
"""
import gzip
import json
import re
import subprocess
import sys
from collections import defaultdict

ENTRY = (r"^(?:malloc|free|calloc|realloc|cfree|__libc_(?:malloc|free|calloc|realloc)"
         r"|__rust_(?:alloc|dealloc|realloc|alloc_zeroed)|_?mi_[a-z_]+)$|mimalloc|GlobalAlloc|^alloc::alloc::")
PLUMBING = (r"alloc::vec|alloc::raw_vec|RawVec|RawTable|hashbrown|indexmap|::reserve|finish_grow"
            r"|^0x[0-9a-f]+$|\+0x[0-9a-f]+$")
KERNEL_IP = re.compile(r"^0xffff[0-9a-f]{12}$")


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data)


def func_location(fn, strings, sources, func):
    """"file:line:col" (or "file:line", "file") of a function the funcTable places in a file, else None:
    funcTable.fileName up to v57, funcTable.source -> shared.sources.filename from v58."""
    if "source" in fn:
        src = fn["source"][func]
        file = None if src is None else sources["filename"][src]
    else:
        file = (fn.get("fileName") or [None] * (func + 1))[func]
    if file is None:
        return None
    loc = strings[file]
    line = (fn.get("lineNumber") or [None] * (func + 1))[func]
    col = (fn.get("columnNumber") or [None] * (func + 1))[func]
    if line:
        loc += ":%d" % line + (":%d" % col if col else "")
    return loc


def frame_key(tables, strings, libs, sources, fi):
    """(function name, library name or None, file location or None) of frame FI, named as
    samply-format.md §5.3 says. Two functions of one name in two files are two functions."""
    ft, fn, rt = tables["frameTable"], tables["funcTable"], tables["resourceTable"]
    func = ft["func"][fi]
    name = strings[fn["name"][func]]
    res = fn["resource"][func]
    lib = rt["lib"][res] if res is not None and res >= 0 else None
    addr = ft["address"][fi]
    if addr is not None and addr >= 0 and lib is not None:
        libname = libs[lib]["name"]
        if name == "0x%x" % addr:
            return "%s+0x%x" % (libname, addr), libname, None
        return name, libname, func_location(fn, strings, sources, func)
    loc = func_location(fn, strings, sources, func)
    if lib is not None:
        return name, libs[lib]["name"], loc
    return name, ("kernel" if KERNEL_IP.match(name) else None), loc


def samples_of(prof, opts):
    """Yields (path of (name, lib) root->leaf, cpu, weight) for each counted sample."""
    libs, shared = prof["libs"], prof.get("shared") or {}
    out = []
    for t in prof["threads"]:
        s = t["samples"]
        if s["length"] == 0:
            continue
        pid, tid = str(t.get("pid")), str(t.get("tid"))
        pname = t.get("processName") or ""
        name = pname if t["name"] == "GeckoMain" and pname else t["name"]
        if "pid" in opts and opts["pid"] != pid and pid.split(".")[0] != opts["pid"]:
            continue
        if "thread" in opts and not re.search(opts["thread"], name):
            continue
        if pname == "CPU" and pid.split(".")[0] == "0":
            continue
        tables = shared if "frameTable" in shared else t
        strings = shared.get("stringArray") or t.get("stringArray")
        st = tables["stackTable"]
        cache = {}

        def path(si):
            if si is None:
                return ()
            if si not in cache:
                if "prefix" in st:
                    parent = st["prefix"][si]
                else:
                    off = st["prefixOffset"][si]
                    parent = None if off == 0 else si - off
                cache[si] = path(parent) + (frame_key(tables, strings, libs, shared.get("sources"),
                                                      st["frame"][si]),)
            return cache[si]

        cpu = s.get("threadCPUDelta") or [0] * s["length"]
        weight = s.get("weight") or [1] * s["length"]
        for i in range(s["length"]):
            out.append((path(s["stack"][i]), cpu[i] or 0, weight[i] if weight[i] is not None else 1))
    return out


def fkey(frame):
    """A function row's key: its name and where the funcTable puts it."""
    return frame[0], frame[2]


def row_key(row):
    """The same key from a profan row: the detail is "file:line:col", then "  [lib]" (or only that)."""
    detail = row.get("detail") or ""
    loc = detail.split("  [")[0] if detail and not detail.startswith("[") else None
    return row["name"], loc


def views(prof, opts, binary):
    samples = samples_of(prof, opts)
    metric = opts.get("metric", "cpu")
    if metric == "cpu" and sum(c for _, c, _ in samples) == 0:
        interval = prof["meta"].get("interval", 1)
        samples = [(p, round(w * interval * 1000), w) for p, _, w in samples]
    val = {"cpu": lambda c, w: c, "samples": lambda c, w: 1, "weight": lambda c, w: w}[metric]
    v = defaultdict(lambda: defaultdict(int))
    entry, plumb = re.compile(ENTRY), re.compile(PLUMBING)
    nobin = "(no %s frame on the stack)" % binary
    for path, c, w in samples:
        x = val(c, w)
        if "under" in opts and not any(re.search(opts["under"], f[0]) for f in path):
            continue
        if x == 0:
            continue
        leaf = path[-1] if path else ("(no stack)", None, None)
        v["cpu_by_library"][(leaf[1] or "(no library)", None)] += x
        v["top_self"][fkey(leaf)] += x
        if leaf[1] == binary:
            v["top_self_binary"][fkey(leaf)] += x
        for f in set(path):
            if f[1] == binary:
                v["top_inclusive_binary"][fkey(f)] += x
        if leaf[1] != binary:
            owner = next((f for f in reversed(path) if f[1] == binary), None)
            v["nearest_binary_caller"][fkey(owner) if owner else (nobin, None)] += x
        outer = next((i for i, f in enumerate(path) if entry.search(f[0])), None)
        if outer is not None:
            caller = next((fkey(path[i]) for i in range(outer - 1, -1, -1)
                           if not plumb.search(path[i][0]) and not entry.search(path[i][0])),
                          ("(no caller outside allocator and plumbing)", None))
            v["alloc_callers"][caller] += x
    return v


def main():
    profan, path, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    opts = {args[i][2:]: args[i + 1] for i in range(0, len(args), 2)}
    run = subprocess.run([profan, "samply", path, "--no-symbols", "--json", "--top", "0", "-q"] + args,
                         capture_output=True, text=True, check=True)
    report = json.loads(run.stdout)
    binary = opts.get("binary") or report["header"]["Binary"]
    if binary.startswith("(not found"):
        binary = "binary"  # no library is the binary: nothing is owned, and the views say "binary"
    want = views(load(path), opts, binary)
    bad = 0
    for view in report["views"]:
        if view["id"] == "threads":
            continue
        got = defaultdict(int)
        for row in view["rows"]:
            got[row_key(row)] += row["values"][0]
        ref = {k: x for k, x in want[view["id"]].items() if x}
        if dict(got) != ref:
            bad += 1
            print("%s: %s differs" % (path, view["id"]))
            for k in sorted(set(got) | set(ref)):
                if got.get(k) != ref.get(k):
                    print("   %-60s profan %s, reference %s" % (str(k)[:60], got.get(k), ref.get(k)))
    print("%s %s: %s" % (path, " ".join(args), "all views agree" if not bad else "%d views differ" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
