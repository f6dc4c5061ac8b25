#!/usr/bin/env python3
"""check.py: independent ownership views of a samply profile (profan issue 13).

    check.py PROFILE.json[.gz] --bin-dir DIR --ours-dir /home/dev/build/src [-o OUT.json]
             [--perf-report tests/ownership/perf-report/NAME] [--top N]
    check.py --program NAME [-o OUT.json]    (run from the repository root)

--program takes the profile, --ours-dir and the functions read off the source from
programs.json beside this script, the binaries from fixtures/ownership and perf's reports from
perf-report/NAME.*; a your-code function found in the DWARF but not in the source list is a
warning (so a misclassified frame shows).

Reads the profile with Python's json module, symbolicates every (library, address) with
`eu-addr2line -a -f -i -C` (elfutils), or binutils `addr2line -a -f -i -C` for a Rust binary
(inline chains, innermost first; see below), and computes:

- top_self_ours: each sample credited to its innermost frame whose source file lies under
  --ours-dir ("your code"), inlined frames included: std helpers inlined into or called by F
  count for F. This is perf's symbol-level answer for an inlined body, extended to callees.
- top_inclusive_ours: each your-code function counted once per sample that has it.
- outside_ours_by_nearest: samples whose innermost frame is not yours (std inlined into your
  function, or code in another library), credited to the nearest your-code frame, with the
  function just inside it on their paths, its callee or what it inlined (`via`).
- alloc: samples with an allocator entry anywhere on the stack (the share), credited to the
  first your-code frame outside the outermost entry (by_requester); the share is computed
  again from the machine-code symbols alone (no inline frames): both must be equal.
- physical_self: self time per machine-code symbol, inlined bodies folded into the function
  they were inlined into, for comparison with `perf report --no-children --sort sym`.

Every number is given weighted by CPU (threadCPUDelta, what profan weighs by) and by sample
count (what perf report counts). Frames of libraries whose file is missing, or whose build id
differs from the profile's, stay unsymbolicated (counted, named "lib+0xADDR").
Binaries are looked up by name in --bin-dir first, then at the profile's path.

Why binutils for Rust: elfutils 0.188's dwarf_getscopes prunes every DIE without PC
attributes, so it never descends into DW_TAG_namespace, where rustc nests every function:
`eu-addr2line -i` prints no inline frame for Rust (it does for gcc's C and C++). And why not
binutils everywhere: binutils names a C++ lambda inlined into a std template after that
template (`void std::__introsort_loop<...>` at a line of the user's file).
Function identity: the name without hash suffix (::h0123...), GCC clone suffix (.constprop.0,
[clone .isra.0]), parameter list and return type, so that `sort_words(Node const*)` (the
linkage name) and `sort_words` (the DW_AT_name of an inlined instance) are one function.
Python 3, standard library only.
"""
import argparse
import gzip
import json
import os
import re
import struct
import subprocess
import sys

# Allocator entries, by the names addr2line gives (DWARF names, else symbol table names).
# glibc's DWARF names its entries __libc_malloc/__GI___libc_free...; C++ operators come
# demangled with their parameters; Rust's shims are __rustc::__rust_alloc (v0) or
# __rust_alloc (legacy), __rdl_* the System allocator behind them, __rg_* a #[global_allocator];
# alloc::alloc::alloc calls the empty __rust_no_alloc_shim_is_unstable_v2 before each.
ALLOC_ENTRY = re.compile(
    r"^(?:__GI_)?(?:__libc_)?_*(?:malloc|calloc|realloc|reallocarray|free|cfree|aligned_alloc|posix_memalign"
    r"|memalign|valloc|pvalloc)(?:@\S+)?$"
    r"|^operator (?:new|delete)(?:\[\])?(?:\(.*\))?$"
    r"|^(?:.*::)?__r(?:ust|dl|g)_(?:alloc|dealloc|realloc|alloc_zeroed)$|^(?:.*::)?__rust_no_alloc_shim_is_unstable(?:_v\d+)?$"
    r"|^(?:je_|tc_|mi_)?(?:mallocx|rallocx|xallocx|sdallocx|dallocx|malloc_usable_size)$"
    r"|^mi_(?:malloc|calloc|realloc|free|zalloc|new)\w*$|^tc_(?:malloc|calloc|realloc|free|new|delete)\w*$"
    r"|^je_(?:malloc|calloc|realloc|free)$")

HASH_SUFFIX = re.compile(r"::h[0-9a-f]{16}$")
CLONE_SUFFIX = re.compile(r"( \[clone [^\]]*\])+$|(\.(constprop|isra|part|cold|lto_priv)\.\d+)+$")


def load_profile(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def elf_info(path):
    """(first PT_LOAD p_vaddr, GNU build id hex or None) of a 64-bit little-endian ELF."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError(path + ": not a 64-bit little-endian ELF")
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    first_load, build_id = None, None
    for i in range(phnum):
        p_type, _, p_offset, p_vaddr, _, p_filesz = struct.unpack_from("<IIQQQQ", data, phoff + i * phentsize)
        if p_type == 1 and first_load is None:
            first_load = p_vaddr
        if p_type == 4:
            off, end = p_offset, p_offset + p_filesz
            while off + 12 <= end:
                namesz, descsz, ntype = struct.unpack_from("<III", data, off)
                name = data[off + 12:off + 12 + namesz]
                desc_off = off + 12 + ((namesz + 3) & ~3)
                if ntype == 3 and name[:3] == b"GNU":
                    build_id = data[desc_off:desc_off + descsz].hex()
                off = desc_off + ((descsz + 3) & ~3)
    return first_load or 0, build_id


def find_binary(lib, bin_dir):
    for cand in (os.path.join(bin_dir, lib["debugName"]), os.path.join(bin_dir, lib["name"]), lib["path"]):
        if cand and os.path.isfile(cand):
            return cand
    return None


def is_rust(path):
    with open(path, "rb") as f:
        return b"rustc version" in f.read()


def dwarf_dies(path):
    """The DIEs of `readelf --debug-dump=info`: dicts with tag, attrs, parent."""
    text = subprocess.run(["readelf", "--wide", "--debug-dump=info", path], capture_output=True,
                          text=True).stdout
    dies, stack, cur = [], [], None
    for line in text.splitlines():
        m = re.match(r"\s*<(\d+)><[0-9a-f]+>: Abbrev Number: \d+ \((\w+)\)", line)
        if m:
            depth = int(m.group(1))
            stack = stack[:depth]
            cur = {"tag": m.group(2), "attrs": {}, "parent": stack[-1] if stack else None}
            stack.append(cur)
            dies.append(cur)
            continue
        m = re.match(r"\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*:\s*(.*)$", line)
        if m and cur is not None:
            cur["attrs"][m.group(1)] = m.group(2).split("): ")[-1].strip()
    return dies


def closure_names(path):
    """Rust: {mangled linkage name: "crate::f::{closure#N}"}, the closure's DWARF path (the
    DW_TAG_namespace names around a subprogram named {closure#N}), which the legacy demangling
    addr2line prints says only as {{closure}}."""
    out = {}
    for d in dwarf_dies(path):
        name, link = d["attrs"].get("DW_AT_name", ""), d["attrs"].get("DW_AT_linkage_name")
        if d["tag"] != "DW_TAG_subprogram" or not name.startswith("{closure#") or not link:
            continue
        parts, p = [name.split("<")[0]], d["parent"]
        while p is not None and p["tag"] == "DW_TAG_namespace":
            parts.append(p["attrs"].get("DW_AT_name", ""))
            p = p["parent"]
        out[link] = "::".join(reversed(parts))
    return out


def numbered_closures(legacy, path):
    """addr2line's "m::f::{{closure}}::{{closure}}" with its trailing closures numbered as the
    DWARF path "m::f::{closure#1}::{closure#0}" numbers them; as it is when they disagree."""
    if not path:
        return legacy
    ours = re.findall(r"::(\{closure#\d+\})", path)
    tail = re.search(r"(::\{\{closure\}\})+$", legacy)
    n = tail.group(0).count("{{closure}}") if tail else 0
    trailing = re.search(r"(::\{closure#\d+\})+$", path)
    mine = re.findall(r"\{closure#\d+\}", trailing.group(0)) if trailing else []
    if n == 0 or n != len(mine):
        return legacy
    return legacy[:tail.start()] + "".join("::" + c for c in mine)


def lambda_names(path):
    """C++: [(unit's file name, declaring line, "f::{lambda#N}")] for the functions with one
    lambda (an operator() in an unnamed structure inside the function's DIE), N from `nm -C`'s
    "f(...)::{lambda(...)#N}" spelling; the lambda's operator() has no linkage name, so
    eu-addr2line calls it "operator()"."""
    found = {}
    for d in dwarf_dies(path):
        p = d["parent"]
        if (d["tag"] == "DW_TAG_subprogram" and d["attrs"].get("DW_AT_name") == "operator()" and p is not None
                and p["tag"] in ("DW_TAG_structure_type", "DW_TAG_class_type") and "DW_AT_name" not in p["attrs"]):
            m = re.search(r"(\d+)\s*$", p["attrs"].get("DW_AT_decl_line", ""))
            line = int(m.group(1)) if m else 0
            while p is not None and p["tag"] != "DW_TAG_subprogram":
                p = p["parent"]
            cu = p
            while cu is not None and cu["tag"] != "DW_TAG_compile_unit":
                cu = cu["parent"]
            if p is not None and cu is not None:
                f = p["attrs"].get("DW_AT_name")
                found.setdefault(f, []).append((os.path.basename(cu["attrs"].get("DW_AT_name", "")), line))
    nm = subprocess.run(["nm", "-C", path], capture_output=True, text=True).stdout
    out = []
    for f, where in found.items():
        nums = set(re.findall(r"(?<![\w:])" + re.escape(f) + r"\([^{}]*\)::\{lambda\(.*?\)#(\d+)\}", nm))
        if len(where) == 1 and len(nums) == 1:
            out.append((where[0][0], where[0][1], "%s::{lambda#%s}" % (f, nums.pop())))
    return out


def addr2line(path, svmas):
    """{svma: [(function, file, line), ...] innermost first} for a list of addresses."""
    out = {}
    if not svmas:
        return out
    inp = "".join("0x%x\n" % a for a in svmas)
    rust = is_rust(path)
    tool = "addr2line" if rust else "eu-addr2line"
    # eu-addr2line exits 1 when an address has no name: judge by the output, not the status
    res = subprocess.run([tool, "-a", "-f", "-i", "-C", "-e", path], input=inp, capture_output=True, text=True)
    if not res.stdout:
        raise RuntimeError("%s -e %s: %s" % (tool, path, res.stderr.strip()))
    lines = res.stdout.split("\n")
    if rust:  # the same lines with mangled names: closures by their DWARF path
        closures = closure_names(path)
        raw = subprocess.run([tool, "-a", "-f", "-i", "-e", path], input=inp, capture_output=True,
                             text=True).stdout.split("\n")
        if len(raw) == len(lines):
            lines = [numbered_closures(l, closures.get(r)) for l, r in zip(lines, raw)]
    else:
        lambdas = lambda_names(path)
    i, cur = 0, None
    while i < len(lines):
        line = lines[i]
        if re.fullmatch(r"0x[0-9a-f]+", line):
            cur = int(line, 16)
            out[cur] = []
            i += 1
            continue
        if cur is not None and i + 1 < len(lines):
            loc = re.sub(r" \(discriminator \d+\)$", "", lines[i + 1])
            m = re.match(r"^(.*?):(\d+|\?)(?::\d+)?$", loc)  # binutils file:line, elfutils file:line:col
            fname, lno = (m.group(1), m.group(2)) if m else (loc, "?")
            # eu-addr2line decorates the innermost of an inline chain: "f inlined at F:L in g"
            line = re.sub(r" inlined at .* in .*$", "", line)
            out[cur].append((line, fname if fname else loc, lno))
            if not rust and line == "operator()" and lno.isdigit():
                # a lambda: the one declared last at or before this line of the same file
                near = [(l, n) for f, l, n in lambdas if f == os.path.basename(fname) and l <= int(lno)]
                if near:
                    out[cur][-1] = (max(near)[1], out[cur][-1][1], lno)
            i += 2
            continue
        i += 1
    return out


def strip_signature(name):
    """`void ns::f<T>(int) const` -> `ns::f<T>`; names without a parameter list are kept."""
    name = re.sub(r"\s+const$", "", name)
    if not name.endswith(")") or name.endswith("operator()"):
        return name
    depth, i = 0, len(name) - 1
    while i >= 0:  # the parameter list: the balanced (...) group at the end
        depth += {")": 1, "(": -1}.get(name[i], 0)
        if depth == 0:
            break
        i -= 1
    head = name[:i] if i > 0 else name
    depth, cut = 0, 0
    for j, ch in enumerate(head):  # a return type ends at the last space outside <...>/(...)
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        elif ch == " " and depth == 0 and not head[:j].endswith("operator"):
            cut = j + 1
    return head[cut:]


def norm_name(name):
    name = HASH_SUFFIX.sub("", name)
    name = CLONE_SUFFIX.sub("", name)
    return strip_signature(name)


class Symbolizer:
    def __init__(self, profile, bin_dir, warn):
        self.libs = profile["libs"]
        self.bin_dir = bin_dir
        self.warn = warn
        self.cache = {}

    def resolve(self, wanted):
        """wanted: {lib index: set(relative addresses)} -> fills self.cache[(lib, addr)]."""
        for li, addrs in wanted.items():
            lib = self.libs[li]
            path = find_binary(lib, self.bin_dir)
            usable = False
            if path:
                first_load, bid = elf_info(path)
                want = (lib.get("codeId") or "").lower()
                usable = not want or bid == want
                if not usable:
                    self.warn("%s: build id %s, profile wants %s: left unsymbolicated" % (path, bid, want))
            else:
                self.warn("%s: not found: left unsymbolicated" % lib["name"])
            table = addr2line(path, sorted(a + first_load for a in addrs)) if usable else {}
            for a in addrs:
                chain = table.get(a + first_load) if usable else None
                if not chain or chain[0][0] == "??":
                    chain = [("%s+0x%x" % (lib["name"], a), "??", "0")]
                self.cache[(li, a)] = [(norm_name(f), fl, ln, lib["name"]) for f, fl, ln in chain]


def sample_stacks(profile):
    """Yields (frames innermost first as (lib, addr), cpu_us, weight) for every sample."""
    for th in profile["threads"]:
        s = th["samples"]
        stk, ft, fn, rt = th["stackTable"], th["frameTable"], th["funcTable"], th["resourceTable"]
        cpu = s.get("threadCPUDelta") or [0] * s["length"]
        weight = s.get("weight") or [1] * s["length"]
        memo = {}

        def frames_of(si):
            if si in memo:
                return memo[si]
            chain, cur = [], si
            while cur is not None:
                fr = stk["frame"][cur]
                res = fn["resource"][ft["func"][fr]]
                lib = rt["lib"][res] if res is not None and res >= 0 else None
                chain.append((lib, ft["address"][fr]))
                cur = stk["prefix"][cur]
            memo[si] = chain
            return chain

        for i in range(s["length"]):
            si = s["stack"][i]
            yield (frames_of(si) if si is not None else []), cpu[i] or 0, weight[i]


class Tally:
    def __init__(self):
        self.cpu, self.n = {}, {}

    def add(self, key, cpu, n):
        self.cpu[key] = self.cpu.get(key, 0) + cpu
        self.n[key] = self.n.get(key, 0) + n


def rows(t, tot_cpu, tot_n, top, extra=None):
    out = []
    for k in sorted(t.cpu, key=lambda k: (-t.cpu[k], -t.n[k], str(k)))[:top]:
        r = {"function": k, "cpu_pct": pct(t.cpu[k], tot_cpu), "samples_pct": pct(t.n[k], tot_n)}
        if extra:
            r.update(extra(k))
        out.append(r)
    return out


def pct(a, b):
    return round(100.0 * a / b, 2) if b else 0.0


def analyse(profile, sym, ours_dir, top):
    wanted = {}
    stacks = list(sample_stacks(profile))
    for frames, _, _ in stacks:
        for lib, addr in frames:
            if lib is not None and addr >= 0:
                wanted.setdefault(lib, set()).add(addr)
    sym.resolve(wanted)
    ours_prefix = ours_dir.rstrip("/") + "/"
    comp_dir = os.path.dirname(ours_dir.rstrip("/")) + "/"

    # LLVM writes line-0 rows with the compile unit's own file (src/rsown.rs) inside inlined
    # std code: a frame without a line takes the file its function has where it has one.
    home = {}
    for chain in sym.cache.values():
        for f, fl, ln, _ in chain:
            if ln not in ("0", "?") and fl != "??":
                home.setdefault(f, set()).add(fl)

    def file_of(f, fl, ln):
        if ln in ("0", "?"):
            return sorted(home[f], key=lambda x: not x.startswith(ours_prefix))[0] if f in home else "??"
        return fl

    def expand(frames):
        """Inline-expanded frames, innermost first: (function, file, is_ours, symbol)."""
        out = []
        for lib, addr in frames:
            if lib is None or addr < 0:
                out.append(("(kernel or unknown)", "??", False, "(kernel or unknown)"))
                continue
            chain = sym.cache[(lib, addr)]
            symbol = chain[-1][0]  # outermost level: the function holding the machine code
            for f, fl, ln, _ in chain:
                fl = file_of(f, fl, ln)
                out.append((f, fl, fl.startswith(ours_prefix), symbol))
        return out

    def one_name(name):
        """A callee's name without generic arguments: the instances of one generic function
        (drop_in_place<Vec<u8>>, drop_in_place<String>) are one callee, as the issue asks."""
        out, i, stack = [], 0, []  # stack: per open '<', True when it is kept (a qualified path)
        ops = ("<=>", "<<=", ">>=", "<<", ">>", "<=", ">=", "->", "<", ">")
        dropping = lambda: any(not k for k in stack)
        while i < len(name):
            if name.startswith("operator", i) and not dropping():
                op = next((o for o in ops if name.startswith(o, i + 8)), "")
                out.append(name[i:i + 8 + len(op)])
                i += 8 + len(op)
                continue
            c = name[i]
            if c == "<":
                # <X as Trait>::f and <[T]>::sort_by: a path, not generic arguments
                stack.append(i == 0 or name[i - 2:i] == "::" or name[i - 1] in "(<," or
                             (name[i - 1] == " " and not name[:i].rstrip().endswith(ops)))
                if stack[-1] and not dropping():
                    out.append(c)
                while not stack[-1] and out and out[-1] == " ":  # "operator<< <char>"
                    out.pop()
            elif c == ">" and stack:
                if stack.pop() and not dropping():
                    out.append(c)
            elif not dropping():
                out.append(c)
            i += 1
        return "".join(out)

    tot_cpu = sum(c for _, c, _ in stacks)
    tot_n = sum(w for _, _, w in stacks)
    self_ours, incl_ours, nearest, phys, alloc_req = Tally(), Tally(), Tally(), Tally(), Tally()
    nearest_mc = Tally()
    via = {}
    alloc_cpu = alloc_n = phys_alloc_cpu = phys_alloc_n = 0
    files = {}
    for frames, cpu, w in stacks:
        ex = expand(frames)
        ours_idx = [i for i, fr in enumerate(ex) if fr[2]]
        first = ex[ours_idx[0]][0] if ours_idx else "(no your-code frame)"
        self_ours.add(first, cpu, w)
        for f in {ex[i][0] for i in ours_idx}:
            incl_ours.add(f, cpu, w)
        for i in ours_idx:
            files.setdefault(ex[i][0], ex[i][1][len(comp_dir):])
        phys.add(ex[0][3] if ex else "(empty stack)", cpu, w)
        if ex and not ex[0][2]:
            nearest.add(first, cpu, w)
            v = via.setdefault(first, Tally())
            # via: the frame just inside the nearest one of yours (what it called or inlined); with
            # no frame of yours, the leaf; a library's unsymbolicated addresses are one, "[lib]"
            callee = ex[ours_idx[0] - 1][0] if ours_idx else ex[0][0]
            m = re.match(r"^(.+)\+0x[0-9a-f]+$", callee)
            v.add("[%s]" % m.group(1) if m else one_name(callee), cpu, w)
        # the same, counting only samples whose machine code is not in a function of yours
        if ex:
            lib, addr = frames[0]
            mc_ours = False
            if lib is not None and addr >= 0:
                f, fl, ln, _ = sym.cache[(lib, addr)][-1]  # outermost level: the machine code's function
                mc_ours = file_of(f, fl, ln).startswith(ours_prefix)
            if not mc_ours:
                nearest_mc.add(first, cpu, w)
        if any(ALLOC_ENTRY.match(sym.cache[(lib, a)][-1][0]) for lib, a in frames if lib is not None and a >= 0):
            phys_alloc_cpu += cpu
            phys_alloc_n += w
        entries = [i for i, fr in enumerate(ex) if ALLOC_ENTRY.match(fr[0])]
        if entries:
            alloc_cpu += cpu
            alloc_n += w
            outer = entries[-1]
            req = next((ex[i][0] for i in range(outer + 1, len(ex)) if ex[i][2]), "(no your-code frame)")
            alloc_req.add(req, cpu, w)

    def via_of(k):
        v = via.get(k)
        if not v:
            return {}
        best = max(v.cpu, key=lambda x: (v.cpu[x], v.n[x]))
        return {"via": best, "via_cpu_pct": pct(v.cpu[best], tot_cpu)}

    return {
        "totals": {"samples": tot_n, "cpu_us": tot_cpu},
        "ours_functions": dict(sorted(files.items())),
        "top_self_ours": rows(self_ours, tot_cpu, tot_n, top),
        "top_inclusive_ours": rows(incl_ours, tot_cpu, tot_n, top),
        "outside_ours_by_nearest": rows(nearest, tot_cpu, tot_n, top, via_of),
        "outside_ours_machine_code_by_nearest": rows(nearest_mc, tot_cpu, tot_n, top),
        "alloc": {
            "share_cpu_pct": pct(alloc_cpu, tot_cpu),
            "share_samples_pct": pct(alloc_n, tot_n),
            "share_cpu_pct_no_inline": pct(phys_alloc_cpu, tot_cpu),
            "by_requester": rows(alloc_req, tot_cpu, tot_n, top),
        },
        "physical_self": rows(phys, tot_cpu, tot_n, top),
    }


def read_perf(prefix):
    """perf's numbers from record.sh's reports: top self symbols and the allocation share."""
    out = {"self_sym": []}
    with open(prefix + ".self-sym.txt", encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\s+([\d.]+)%\s+\[(.)\]\s+(.*?)\s*$", line)
            if m:
                out["self_sym"].append({"symbol": m.group(3), "pct": float(m.group(1)), "kernel": m.group(2) == "k"})
    with open(prefix + ".script-stats.json", encoding="utf-8") as f:
        a = json.load(f)
    out["alloc_share_samples_pct"] = a["alloc_share_pct"]
    out["samples"] = a["samples"]
    out["kernel_leaf_by_first_user_frame"] = a["kernel_leaf_by_first_user_frame"]
    return out


# perf names a libc entry by whichever alias its symbol table lists first; DWARF by the
# hidden __GI_ name. Only for lining up the comparison.
PERF_ALIAS = {"malloc": "__libc_malloc", "free": "__libc_free", "cfree@GLIBC_2.2.5": "__libc_free",
          "realloc": "__libc_realloc", "calloc": "__libc_calloc"}


def cmp_key(name):
    name = norm_name(name)
    name = re.sub(r"^__GI_", "", name)
    return PERF_ALIAS.get(name, name)


def compare(res, perf, warn):
    """Lines comparing check.py's sample-count numbers with perf's own."""
    lines = []
    mine = {cmp_key(r["function"]): r["samples_pct"] for r in res["physical_self"]}
    kleaf = {}
    for k, v in perf["kernel_leaf_by_first_user_frame"].items():
        kleaf[cmp_key(k)] = kleaf.get(cmp_key(k), 0) + v
    lines.append("%-50s %8s %16s %9s" % ("self by symbol (samples)", "perf", "perf+kernel-leaf", "check.py"))
    for p in perf["self_sym"][:8]:
        name = p["symbol"] + (" [k]" if p["kernel"] else "")
        got = None if p["kernel"] else mine.get(cmp_key(p["symbol"]))
        adj = p["pct"] + 100.0 * kleaf.get(cmp_key(p["symbol"]), 0) / perf["samples"]
        lines.append("%-50.50s %7.2f%% %15.2f%% %9s" % (name, p["pct"], adj, "%.2f%%" % got if got is not None else "-"))
    lines.append("%-50s %7.2f%% %16s %8.2f%%" % ("allocation share (samples)", perf["alloc_share_samples_pct"], "",
                            res["alloc"]["share_samples_pct"]))
    if perf["samples"] != res["totals"]["samples"]:
        warn("perf counts %d samples, the profile %d" % (perf["samples"], res["totals"]["samples"]))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("profile", nargs="?")
    ap.add_argument("--program", help="a program of programs.json: sets the other arguments")
    ap.add_argument("--bin-dir", help="folder holding the profile's binaries")
    ap.add_argument("--ours-dir", help="source folder of your code, as DWARF names it")
    ap.add_argument("-o", "--output", help="write JSON here (default: stdout)")
    ap.add_argument("--perf-report", help="prefix of record.sh's perf reports, to compare with")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()
    source_functions = None
    if args.program:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs.json"), encoding="utf-8") as f:
            prog = json.load(f)[args.program]
        args.profile = args.profile or prog["profile"]
        args.ours_dir = args.ours_dir or prog["ours_dir"]
        args.bin_dir = args.bin_dir or os.path.dirname(prog["profile"])
        args.perf_report = args.perf_report or os.path.join("tests/ownership/perf-report", args.program)
        source_functions = prog["source_functions"]
    if not (args.profile and args.bin_dir and args.ours_dir):
        ap.error("give PROFILE, --bin-dir and --ours-dir, or --program")
    warnings = []

    def warn(msg):
        warnings.append(msg)
        print("check.py: " + msg, file=sys.stderr)

    profile = load_profile(args.profile)
    res = {"profile": os.path.basename(args.profile), "ours_dir": args.ours_dir,
           "symbolizer": "binutils addr2line -a -f -i -C for Rust binaries, eu-addr2line -a -f -i -C otherwise"}
    res.update(analyse(profile, Symbolizer(profile, args.bin_dir, warn), args.ours_dir, args.top))
    if source_functions is not None:
        res["source_functions"] = source_functions
        for f in res["ours_functions"]:
            if f not in source_functions:
                warn("%s: classified as your code but not in the source's functions" % f)
    if args.perf_report:
        perf = read_perf(args.perf_report)
        res["perf"] = {"samples": perf["samples"], "self_sym_top": perf["self_sym"][:10],
                   "alloc_share_samples_pct": perf["alloc_share_samples_pct"],
                   "kernel_leaf_by_first_user_frame": perf["kernel_leaf_by_first_user_frame"]}
        for line in compare(res, perf, warn):
            print(line, file=sys.stderr)
    res["warnings"] = warnings
    text = json.dumps(res, indent=1, ensure_ascii=False) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
