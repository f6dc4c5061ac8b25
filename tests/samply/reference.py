#!/usr/bin/env python3
"""An independent implementation of `profan samply`'s views, to check its numbers.

    python3 tests/samply/reference.py PROFAN PROFILE [profan options...]

Reads PROFILE with Python's json module, walks every sample's stack and
computes each view per sample (no stack tree, no shared code with profan),
then runs `PROFAN samply PROFILE --json --top 0 [options]` and compares every
row of every view. Exit 0 when all agree; otherwise prints the differences.
Functions are keyed by name and by the file, line and column the funcTable gives them (Firefox's
JS functions: two of one name in two scripts are two rows), compared with the file, line and column
of a row (its JSON fields, or the location that starts its detail). Supported options: --binary,
--metric, --thread, --pid, --under, --whole-binary.

Whose code a frame is follows docs/ownership.md, written again here from the
rules as the document states them (the profile is read with --no-symbols, so
there are no source files but the funcTable's: where the library lies, a page's
script URL, then the name): the views
of your code, the cost outside it with its main callee, and allocation by the
first function of yours above the outermost allocator entry.
"""
import gzip
import json
import os
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
    """(function name, library name or None, library index or None or "kernel", unresolved, file
    location or None) of frame FI, named as samply-format.md §5.3 says. Two functions of one name
    in two files are two functions."""
    ft, fn, rt = tables["frameTable"], tables["funcTable"], tables["resourceTable"]
    func = ft["func"][fi]
    name = strings[fn["name"][func]]
    res = fn["resource"][func]
    lib = rt["lib"][res] if res is not None and res >= 0 else None
    addr = ft["address"][fi]
    if addr is not None and addr >= 0 and lib is not None:
        libname = libs[lib]["name"]
        if name == "0x%x" % addr:
            return "%s+0x%x" % (libname, addr), libname, lib, True, None
        return name, libname, lib, False, func_location(fn, strings, sources, func)
    loc = func_location(fn, strings, sources, func)
    if lib is not None:
        return name, libs[lib]["name"], lib, False, loc
    if KERNEL_IP.match(name):
        return name, "kernel", "kernel", False, loc
    return name, None, None, False, loc


# ---- whose code (docs/ownership.md, written again from its text) ----

RUNTIME_LIBS = ("libstdc++.so", "libc++.so", "libc++abi.so", "libgcc_s.so", "libsupc++", "libstd-",
                "libunwind.so")
SYSTEM_LIBS = ("libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux", "ld64.so",
               "ld-musl", "libc.musl")
SYSTEM_DIRS = ("/usr/lib", "/usr/lib32", "/usr/lib64", "/lib", "/lib32", "/lib64", "/usr/libexec",
               "/usr/local/lib", "/nix/store", "/gnu/store", "/snap")
RUNTIME_CRATES = {"std", "core", "alloc", "proc_macro", "compiler_builtins", "__rustc", "__gnu_cxx",
                  "__cxxabiv1"}
PRIMITIVES = {"u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
              "f64", "bool", "char", "str"}
CRT = {"_start", "_init", "_fini", "__libc_csu_init", "__libc_csu_fini", "__do_global_dtors_aux", "frame_dummy",
       "register_tm_clones", "deregister_tm_clones", "__libc_start_main", "__libc_start_call_main"}
C_ENTRIES = {"malloc", "free", "calloc", "realloc", "reallocarray", "aligned_alloc", "posix_memalign",
             "memalign", "valloc", "pvalloc", "cfree"}
RUST_ENTRIES = {"__rust_alloc", "__rust_dealloc", "__rust_realloc", "__rust_alloc_zeroed", "__rdl_alloc",
                "__rdl_dealloc", "__rdl_realloc", "__rdl_alloc_zeroed", "__rg_alloc", "__rg_dealloc",
                "__rg_realloc", "__rg_alloc_zeroed"}


def under(path, d):
    return path == d or path.startswith(d.rstrip("/") + "/")


def place(lib, libs, homes, binary):
    """Where a library lies: program, runtime, system, kernel, jit or other."""
    if lib == "kernel":
        return "kernel"
    name, path = libs[lib]["name"], libs[lib].get("path") or libs[lib]["name"]
    if name == "[kernel.kallsyms]" or ".ko" in path:
        return "kernel"
    if name in ("[vdso]", "[vsyscall]"):
        return "system"
    if name == binary:
        return "program"
    base = path.rsplit("/", 1)[-1]
    if name.startswith("[") or name.startswith("perf-") or name.startswith("jit-"):
        return "jit"
    if base.startswith(RUNTIME_LIBS):
        return "runtime"
    if any(under(os.path.normpath(path), h) for h in homes):
        return "program"
    if base.startswith(SYSTEM_LIBS) or any(under(os.path.normpath(path), d) for d in SYSTEM_DIRS):
        return "system"
    return "other"


def crate(name):
    """The crate or namespace NAME belongs to (for <X as Tr>::f, X's, or Tr's when X is no path)."""
    s = re.sub(r"\(.*$", "", name)
    if s.startswith("<"):
        s = s[1:]
        s = re.sub(r"^(?:&mut |&|\*const |\*mut |dyn )+", "", s)
        if not re.match(r"[A-Za-z_]\w*(?:<[^>]*>)?::", s):
            if " as " not in s:
                return "core"  # <[T]>::f: an impl on a primitive
            s = s.split(" as ", 1)[1]
    m = re.match(r"([A-Za-z_]\w*)(?:<[^>]*>)?::", s)
    return m.group(1) if m else None


def is_alloc_entry(name):
    n = name.split("@")[0].strip()
    if n.startswith("::"):
        n = n[2:]
    if re.match(r"operator (new|delete)(\[\])?($|[( ])", n) or re.match(r"_Z(nw|na|dl|da)", n):
        return True
    last = n.rsplit("::", 1)[-1]
    if last in RUST_ENTRIES or last.startswith("__rust_no_alloc_shim_is_unstable"):
        return True
    if "::" in n or " " in n or "(" in n:
        return False
    c = re.sub(r"^(?:__GI_)*_*(?:libc_)?_*", "", n)
    return c in C_ENTRIES or bool(re.match(r"(je|rjem|tc|mi)_", n) and c.split("_", 1)[-1] in C_ENTRIES)


def classify(frame, libs, homes, binary, rust_program):
    """yours, dependency, runtime, system, kernel or unknown."""
    name, libname, lib, unresolved, loc = frame
    if name == "(no stack)":
        return "unknown"
    p = place(lib, libs, homes, binary) if lib is not None else None
    if p in ("kernel", "system", "runtime"):
        return p
    if p == "jit":
        return "unknown"
    if p is None and loc and re.match(r"(https?|file)://", loc):
        return "yours"  # a page's script in a browser profile
    if not unresolved:
        if name in CRT:
            return "system"
        if rust_program and name == "main":
            return "runtime"  # the C main rustc generates
        c = crate(name)
        if c in RUNTIME_CRATES or c in PRIMITIVES:
            return "runtime"
        if re.match(r"(::)?operator (new|delete)|__cxa_|__gxx_|_Unwind_|__rust_|__rdl_|__rg_|rust_begin_unwind"
                    r"|rust_panic|__dynamic_cast", name):
            return "runtime"
    if p == "program":
        return "yours"
    if p == "other":
        return "dependency"
    return "unknown"


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
    return frame[0], frame[4]


def row_key(row):
    """The same key from a profan row: its file, line and column, or the start of its detail
    ("file:line:col", then "  [lib]", or only that)."""
    if "file" in row:
        loc = row["file"]
        if row.get("line"):
            loc += ":%d" % row["line"] + (":%d" % row["column"] if row.get("column") else "")
        return row["name"], loc
    detail = row.get("detail") or ""
    loc = detail.split("  [")[0] if detail and not detail.startswith("[") else None
    return row["name"], loc


def your_views(v, samples, val, prof, binary):
    """The views of your code, per sample: each frame's class from classify()."""
    libs = prof["libs"]
    homes = set()
    for l in libs:
        if l["name"] == binary and (l.get("path") or "").startswith("/"):
            d = os.path.dirname(os.path.normpath(l["path"]))
            for h in (d, os.path.dirname(d) if os.path.basename(d) == "bin" else None):
                if h and h not in ("/", "/usr", "/usr/local", "/opt", "/home", "/tmp", "/nix/store", "/gnu/store",
                                   "/snap", "/bin", "/usr/bin", "/usr/sbin", "/sbin"):
                    homes.add(h)
    rust = any(f[0].startswith("std::rt::lang_start") for path, _, _ in samples for f in path)
    cls = {}

    def yours(f):
        if f not in cls:
            cls[f] = classify(f, libs, homes, binary, rust)
        return cls[f] == "yours"

    none = ("(no frame of your code)", None)
    for path, c, w in samples:
        x = val(c, w)
        if x == 0:
            continue
        mine = [f for f in path if yours(f)]
        nearest = fkey(mine[-1]) if mine else none
        v["top_self_yours"][nearest] += x
        for k in set(fkey(f) for f in mine):
            v["top_inclusive_yours"][k] += x
        if path and not yours(path[-1]):
            v["outside_yours"][nearest] += x
            # via: the frame just inside the nearest one of yours (its callee, or what it inlined);
            # with no frame of yours, the leaf. One name in one library is one callee, and a
            # library's unsymbolicated addresses are one, shown "[lib]".
            inner = max(i for i, f in enumerate(path) if yours(f)) + 1 if mine else len(path) - 1
            callee = path[inner]
            shown = "[%s]" % callee[1] if callee[3] else callee[0]
            v["outside_yours_via"][(nearest, (shown, callee[1]))] += x
        outer = next((i for i, f in enumerate(path) if is_alloc_entry(f[0])), None)
        if outer is not None:
            above = [f for f in path[:outer] if yours(f)]
            v["alloc_yours"][fkey(above[-1]) if above else none] += x


def views(prof, opts, binary):
    samples = samples_of(prof, opts)
    metric = opts.get("metric", "cpu")
    if metric == "cpu" and sum(c for _, c, _ in samples) == 0:
        interval = prof["meta"].get("interval", 1)
        samples = [(p, round(w * interval * 1000), w) for p, _, w in samples]
    val = {"cpu": lambda c, w: c, "samples": lambda c, w: 1, "weight": lambda c, w: w}[metric]
    v = defaultdict(lambda: defaultdict(int))
    if "under" in opts:
        samples = [s for s in samples if any(re.search(opts["under"], f[0]) for f in s[0])]
    if "whole-binary" not in opts:
        your_views(v, samples, val, prof, binary)
    entry, plumb = re.compile(ENTRY), re.compile(PLUMBING)
    nobin = "(no %s frame on the stack)" % binary
    for path, c, w in samples:
        x = val(c, w)
        if x == 0:
            continue
        leaf = path[-1] if path else ("(no stack)", None, None, False, None)
        v["cpu_by_library"][(leaf[1] or "(no library)", None)] += x
        v["top_self"][fkey(leaf)] += x
        if "whole-binary" not in opts:
            continue
        if leaf[1] == binary:
            v["top_self_binary"][fkey(leaf)] += x
        for k in set(fkey(f) for f in path if f[1] == binary):
            v["top_inclusive_binary"][k] += x
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
    opts, i = {}, 0
    while i < len(args):
        if args[i] in ("--whole-binary", "--no-sidecar"):  # flags (the reference reads no sidecar)
            opts[args[i][2:]], i = True, i + 1
        else:
            opts[args[i][2:]], i = args[i + 1], i + 2
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
        if view["id"] == "outside_yours":  # the main callee of each row, and its part
            via = {}
            for (k, leaf), x in want["outside_yours_via"].items():
                if k not in via or x > via[k][1] or (x == via[k][1] and leaf[0] < via[k][0]):
                    via[k] = (leaf[0], x)
            for row in view["rows"]:
                k = row_key(row)
                ctx = row.get("context", "")
                if k not in via or not ctx.startswith("via %s" % via[k][0]) or row["values"][1] != via[k][1]:
                    bad += 1
                    print("%s: outside_yours: %s %s %s, reference via %s" % (
                        path, k, ctx, row["values"][1], via.get(k)))
        if dict(got) != ref:
            bad += 1
            print("%s: %s differs" % (path, view["id"]))
            for k in sorted(set(got) | set(ref), key=str):
                if got.get(k) != ref.get(k):
                    print("   %-60s profan %s, reference %s" % (str(k)[:60], got.get(k), ref.get(k)))
    print("%s %s: %s" % (path, " ".join(args), "all views agree" if not bad else "%d views differ" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
