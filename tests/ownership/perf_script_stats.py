#!/usr/bin/env python3
"""perf_script_stats.py: numbers of a perf recording from perf's own unwinding and names.

Reads `perf script -F comm,tid,time,ip,sym,dso --no-inline` text on stdin and prints JSON:
- the allocation share: samples with an allocator entry (malloc/free/..., operator new/delete,
  __rust_*) anywhere on their call chain, with a count per outermost entry. `perf report
  --parent` would do the same count, but perf 6.1 matches parents only in frame-pointer
  chains. A chain holding allocator internals (_int_malloc, ...) but no entry is counted
  apart (a broken unwind), not in the share;
- kernel-leaf samples by their first user frame: perf report credits these to the kernel
  symbol ([k] rows), a samply `record` profile (kernel frames dropped) to that user frame,
  which is why the two disagree by a point or two on user functions.
Python 3, standard library only.
"""
import json
import re
import sys

# perf's spelling: libc exports free also as cfree@GLIBC_2.2.5 and perf may pick that alias;
# C++ operators come demangled; Rust's allocator shims are v0-mangled __rustc::__rust_*, and
# rustc's alloc::alloc calls the empty __rust_no_alloc_shim_is_unstable_v2 before each one.
ENTRY = re.compile(r"^(malloc|calloc|realloc|reallocarray|free|cfree(@\S+)?|aligned_alloc|posix_memalign"
           r"|memalign|valloc|pvalloc|__libc_(malloc|calloc|realloc|free|memalign)"
           r"|operator (new|delete)(\[\])?(\(.*)?|(__rustc::)?__rust_(alloc|dealloc|realloc|alloc_zeroed)"
           r"|(__rustc::)?__rdl_(alloc|dealloc|realloc|alloc_zeroed)"
           r"|(__rustc::)?__rust_no_alloc_shim_is_unstable(_v\d+)?)$")
INTERNAL = re.compile(r"^(_int_malloc|_int_free|_int_realloc|malloc_consolidate|sysmalloc.*|tcache_.*"
              r"|unlink_chunk.*|_int_memalign)$")
FRAME = re.compile(r"^\s+([0-9a-f]+) (.*) \((.*)\)$")


def samples(lines):
    cur = None
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            if cur is not None:
                yield cur
            cur = None
        elif not line[0].isspace():
            cur = []
        elif cur is not None:
            m = FRAME.match(line)
            if m:
                sym = re.sub(r"\+0x[0-9a-f]+$", "", m.group(2))
                cur.append((sym, m.group(3)))
    if cur is not None:
        yield cur


def main():
    total = alloc = broken = kernel = 0
    by_entry, kernel_by_user = {}, {}
    for frames in samples(sys.stdin):
        total += 1
        if frames and frames[0][1] == "[kernel.kallsyms]":
            kernel += 1
            user = next((s for s, d in frames if d != "[kernel.kallsyms]"), "(no user frame)")
            kernel_by_user[user] = kernel_by_user.get(user, 0) + 1
        entries = [s for s, _ in frames if ENTRY.match(s)]
        if entries:
            alloc += 1
            outer = entries[-1]  # outermost allocator entry of this chain
            by_entry[outer] = by_entry.get(outer, 0) + 1
        elif any(INTERNAL.match(s) for s, _ in frames):
            broken += 1
    out = {
        "samples": total,
        "alloc_samples": alloc,
        "alloc_share_pct": round(100.0 * alloc / total, 2) if total else 0.0,
        "internal_without_entry": broken,
        "outermost_entry": dict(sorted(by_entry.items(), key=lambda kv: -kv[1])),
        "kernel_leaf_samples": kernel,
        "kernel_leaf_by_first_user_frame": dict(sorted(kernel_by_user.items(), key=lambda kv: -kv[1])),
    }
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
