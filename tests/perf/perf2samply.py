#!/usr/bin/env python3
# Provenance: a verbatim copy of ../shared/tools/perf2samply.py (the project's shared tools, sha256
# 6e276bc5c4c47f99...), below this comment, so that tests/perf/crosscheck.py runs where only the repository is
# (CI). Update it by copying the file again, not by editing it here.
"""perf2samply.py - turn a `perf record --call-graph dwarf` recording into a
samply-style Firefox-Profiler "processed" profile, the way `samply record
--save-only` (samply 0.13.x, fxprof-processed-profile 0.8.x) writes it.

Python 3, standard library only.  Input is the text that `perf script`
prints (this tool runs perf itself with `-i perf.data`, or reads a saved
text with `--script-text`).  The fields it needs are exactly:

    perf script -F comm,pid,tid,time,period,event,ip,sym,symoff,dso --ns \
        --no-inline --show-task-events --show-mmap-events --show-switch-events

What it reproduces from samply (per the samply 0.13.1 and
fxprof-processed-profile 0.8.x sources):
  * process/thread layout of `samply record`: a pre-exec "samply" process
    (pid "P", no samples) and the exec'd process with pid "P.1" whose main
    thread has tid "P.1"; other threads keep their OS tid; names come from
    COMM records; register/unregister/startup/shutdown times from
    COMM-exec / FORK / EXIT records;
  * libs: only libs referenced by a frame, in order of first use; name,
    path, debugName, debugPath, breakpadId (from the GNU build-id, or from
    the XOR-fold of the first 4096 bytes of .text when there is none),
    codeId (build-id hex or null), arch null;
  * frame addresses: library-relative = SVMA - p_vaddr(first PT_LOAD);
    caller frames are return address - 1 (perf already prints them so);
    funcTable.name = "0x%x" of that address; kernel frames are dropped like
    `samply record` does (no PERF_SAMPLE_CALLCHAIN) and a sample with no user
    frame at all becomes a single kernel-IP frame (address -1, resource -1,
    name "0xffff...", category Kernel);
  * threadCPUDelta: samply's ContextSwitchHandler logic on PERF_RECORD_SWITCH
    records (--cpu-delta switch, the default when switch records exist), or
    the cpu-clock sample period in ns/1000 with the first sample of each
    thread 0 (--cpu-delta period);
  * mmap markers (every MMAP/MMAP2 with a path, after the first sample);
  * v55 layout (timeDeltas, no stackTable categories, innerWindowID 0) or
    v49 layout (absolute `time`, stackTable category/subcategory,
    frameTable.implementation, innerWindowID null, markerSchema "data");
  * serde_json number formatting (ryu shortest float repr), compact output,
    gzip level 2 with FNAME when the output name ends in .gz.

`--mode import` instead mimics `samply import perf.data` (import/perf.rs):
times relative to the first sample, startTime = perf.data mtime, product
"CMD on HOST (perf version V)", oscpu "Linux RELEASE", a [kernel.kallsyms]
lib (base _text, build-id from the perf.data, kallsyms names as
nativeSymbols when /sys/kernel/notes matches), kernel frames kept (callers
-1), and off-CPU samples from sched:sched_switch stacks (weight 1 carrying
the leftover CPU + a "rest" sample of weight N-1 and CPU 0).

Optional `--dump-samples FILE` writes one JSON line per emitted sample with
perf's own symbol names, for ground-truth aggregation.

`--path-prefix-map OLD=NEW` (repeatable, like gcc's -ffile-prefix-map) makes
the profile look as if the recorded files had lived under NEW: every path
that is OLD or starts with OLD/ is written with NEW instead, in libs[].path,
libs[].debugPath, the mmap marker strings and the --dump-samples frames.  The
ELF files themselves are still read from the real (OLD) paths.  The first
matching map wins.
"""

import argparse
import gzip
import io
import json
import os
import re
import struct
import subprocess
import sys

PERF_SCRIPT_FIELDS = "comm,pid,tid,time,period,event,ip,sym,symoff,dso"
PERF_SCRIPT_ARGS = ["-F", PERF_SCRIPT_FIELDS, "--ns", "--no-inline", "--max-stack", "1024",
                    "--show-task-events", "--show-mmap-events", "--show-switch-events"]

KERNEL_START = 0xFFFF800000000000


def parse_prefix_maps(specs):
    """['OLD=NEW', ...] -> [(OLD, NEW), ...] with trailing slashes removed."""
    maps = []
    for spec in specs or []:
        old, sep, new = spec.partition("=")
        if not sep or not old.startswith("/") or not new.startswith("/"):
            raise SystemExit("--path-prefix-map wants OLD=NEW with two absolute paths, got %r" % spec)
        maps.append((old.rstrip("/") or "/", new.rstrip("/") or "/"))
    return maps


def map_prefix(path, maps, reverse=False):
    """Rewrite OLD... to NEW... (or NEW... to OLD... with reverse=True); path components only."""
    for (old, new) in maps:
        a, b = (new, old) if reverse else (old, new)
        if path == a:
            return b
        if path.startswith(a + "/"):
            return b + path[len(a):]
    return path


CAT_OTHER, CAT_JIT, CAT_USER, CAT_KERNEL = 0, 1, 2, 3


# --------------------------------------------------------------------------
# ELF reading (64-bit little-endian only, which is all this tool needs)
# --------------------------------------------------------------------------

PT_LOAD = 1
PF_X = 1
SHT_NOTE = 7
NT_GNU_BUILD_ID = 3


class Elf:
    def __init__(self, data, path):
        self.path = path
        self.data = data
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            raise ValueError("%s: not a 64-bit little-endian ELF file" % path)
        (self.e_type, _mach, _ver, _entry, phoff, shoff, _flags, _ehsize, phentsize, phnum,
         shentsize, shnum, shstrndx) = struct.unpack_from("<HHIQQQIHHHHHH", data, 16)
        self.loads = []  # (p_offset, p_vaddr, p_filesz, p_memsz, p_flags) in file order
        for i in range(phnum):
            p_type, p_flags, p_offset, p_vaddr, _paddr, p_filesz, p_memsz, _align = \
                struct.unpack_from("<IIQQQQQQ", data, phoff + i * phentsize)
            if p_type == PT_LOAD:
                self.loads.append((p_offset, p_vaddr, p_filesz, p_memsz, p_flags))
        self.sections = []
        raw = []
        for i in range(shnum):
            raw.append(struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize))
        strtab = raw[shstrndx] if shnum and shstrndx < shnum else None
        for (sh_name, sh_type, _fl, sh_addr, sh_offset, sh_size, sh_link, _info, _al, sh_entsize) in raw:
            name = ""
            if strtab is not None:
                off = strtab[4] + sh_name
                end = data.index(b"\0", off)
                name = data[off:end].decode("latin-1")
            self.sections.append((name, sh_type, sh_addr, sh_offset, sh_size, sh_link, sh_entsize))
        self.build_id = self._find_build_id()

    @classmethod
    def from_path(cls, path):
        with open(path, "rb") as f:
            return cls(f.read(), path)

    def section(self, name):
        for s in self.sections:
            if s[0] == name:
                return s
        return None

    def _find_build_id(self):
        for (name, sh_type, _addr, off, size, _link, _es) in self.sections:
            if sh_type != SHT_NOTE:
                continue
            p, end = off, off + size
            while p + 12 <= end:
                namesz, descsz, ntype = struct.unpack_from("<III", self.data, p)
                p += 12
                nname = self.data[p:p + namesz]
                p += (namesz + 3) & ~3
                desc = self.data[p:p + descsz]
                p += (descsz + 3) & ~3
                if ntype == NT_GNU_BUILD_ID and nname.rstrip(b"\0") == b"GNU":
                    return desc
        return None

    @property
    def base_svma(self):
        """samply-symbols relative_address_base(): p_vaddr of the first PT_LOAD."""
        return self.loads[0][1] if self.loads else 0

    def file_offset_to_svma(self, off):
        cands = [l for l in self.loads if l[0] <= off < l[0] + l[2]]
        if not cands:
            return None
        cands.sort(key=lambda l: 0 if l[4] & PF_X else 1)
        p_offset, p_vaddr = cands[0][0], cands[0][1]
        return off - p_offset + p_vaddr

    def func_starts(self):
        """Start SVMAs of STT_FUNC symbols from .symtab and .dynsym (for self-checks)."""
        starts = set()
        for (name, sh_type, _a, off, size, link, entsize) in self.sections:
            if sh_type not in (2, 11) or not entsize:  # SHT_SYMTAB, SHT_DYNSYM
                continue
            for i in range(size // entsize):
                _n, info, _other, shndx, value, _sz = struct.unpack_from("<IBBHQQ", self.data, off + i * entsize)
                if info & 0xF in (0, 2, 10) and shndx != 0:  # NOTYPE/FUNC/GNU_IFUNC, defined
                    starts.add(value)
        return starts


def debug_file_for(elf):
    """Separate debug file in /usr/lib/debug/.build-id (as installed by -dbg packages)."""
    if not elf.build_id:
        return None
    h = elf.build_id.hex()
    path = "/usr/lib/debug/.build-id/%s/%s.debug" % (h[:2], h[2:])
    try:
        return Elf.from_path(path)
    except (OSError, ValueError):
        return None


def breakpad_id_from_identifier(ident):
    """samply-symbols DebugId::from_identifier + breakpad text form, age 0."""
    d = bytearray(16)
    n = min(16, len(ident))
    d[:n] = ident[:n]
    d[0:4] = d[0:4][::-1]
    d[4:6] = d[4:6][::-1]
    d[6:8] = d[6:8][::-1]
    return d.hex().upper() + "0"


def breakpad_id_for_elf(elf):
    if elf.build_id:
        return breakpad_id_from_identifier(elf.build_id)
    text = elf.section(".text")
    if text is None:
        return "0" * 33
    _name, _t, _addr, off, size, _l, _e = text
    first = elf.data[off:off + min(size, 4096)]
    h = bytearray(16)
    for i, b in enumerate(first):
        h[i % 16] ^= b
    return breakpad_id_from_identifier(bytes(h))


def read_own_vdso():
    """The vdso image of this process (samply uses its own vdso the same way)."""
    with open("/proc/self/maps") as f:
        for line in f:
            if line.rstrip().endswith("[vdso]"):
                lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
                with open("/proc/self/mem", "rb") as m:
                    m.seek(lo)
                    return m.read(hi - lo)
    return None


# --------------------------------------------------------------------------
# serde_json-compatible writer
# --------------------------------------------------------------------------

def ryu_format(x):
    """Format a finite f64 the way serde_json (ryu::Buffer::format_finite) does."""
    if x == 0:
        return "0.0"
    r = repr(float(x))  # shortest round-trip digits, same digits ryu picks
    neg = r.startswith("-")
    if neg:
        r = r[1:]
    if "e" in r:
        mant, e = r.split("e")
        e = int(e)
    else:
        mant, e = r, 0
    ip, _, fp = mant.partition(".")
    digits = ip + fp
    point = len(ip) + e            # decimal point sits after `point` digits of `digits`
    stripped = digits.lstrip("0")
    point -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    length = len(digits)
    kk = point                     # 10^(kk-1) <= v < 10^kk
    k = kk - length                # v = digits * 10^k
    if 0 <= k and kk <= 16:
        s = digits + "0" * k + ".0"
    elif 0 < kk <= 16:
        s = digits[:kk] + "." + digits[kk:]
    elif -5 < kk <= 0:
        s = "0." + "0" * (-kk) + digits
    elif length == 1:
        s = digits + "e" + str(kk - 1)
    else:
        s = digits[0] + "." + digits[1:] + "e" + str(kk - 1)
    return ("-" if neg else "") + s


_ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def json_str(s):
    out = ['"']
    for ch in s:
        if ch in _ESC:
            out.append(_ESC[ch])
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


class F(float):
    """Marker: always serialize as a float (serde f64), even if integral."""


def dump(v, w):
    if v is None:
        w("null")
    elif v is True:
        w("true")
    elif v is False:
        w("false")
    elif isinstance(v, float):
        w(ryu_format(float(v)))
    elif isinstance(v, int):
        w(str(v))
    elif isinstance(v, str):
        w(json_str(v))
    elif isinstance(v, dict):
        w("{")
        first = True
        for k, x in v.items():
            if not first:
                w(",")
            first = False
            w(json_str(k))
            w(":")
            dump(x, w)
        w("}")
    elif isinstance(v, (list, tuple)):
        w("[")
        first = True
        for x in v:
            if not first:
                w(",")
            first = False
            dump(x, w)
        w("]")
    else:
        raise TypeError(type(v))


def to_json_text(v):
    buf = []
    dump(v, buf.append)
    return "".join(buf)


# --------------------------------------------------------------------------
# perf script parsing
# --------------------------------------------------------------------------

HDR_RE = re.compile(r"^(?P<comm>.*?)\s+(?P<pid>-?\d+)/(?P<tid>-?\d+)\s+(?P<sec>\d+)\.(?P<ns>\d{9}):\s*(?P<rest>.*)$")
SAMPLE_REST_RE = re.compile(r"^(?P<period>\d+)\s+(?P<event>\S+):\s*$")
# The DSO is the last parenthesized group; demangled Rust v0 names contain spaces and "()".
FRAME_RE = re.compile(r"^\s*(?P<ip>[0-9a-f]+)\s+(?P<sym>.*)\s+\((?P<dso>[^()]*)\)\s*$")
MMAP_RE = re.compile(r"PERF_RECORD_MMAP2? (?P<pid>-?\d+)/(?P<tid>-?\d+): \[0x(?P<start>[0-9a-f]+)\(0x(?P<len>[0-9a-f]+)\) @ (?P<pgoff>0x[0-9a-f]+|0)(?P<extra>[^\]]*)\]: (?P<prot>\S+) (?P<path>.*)$")
FORK_RE = re.compile(r"PERF_RECORD_(?P<kind>FORK|EXIT)\((?P<pid>-?\d+):(?P<tid>-?\d+)\):\((?P<ppid>-?\d+):(?P<ptid>-?\d+)\)")
COMM_RE = re.compile(r"PERF_RECORD_COMM(?P<exec> exec)?: (?P<name>.*):(?P<pid>-?\d+)/(?P<tid>-?\d+)\s*$")
SWITCH_RE = re.compile(r"PERF_RECORD_SWITCH(?:_CPU_WIDE)? (?P<dir>IN|OUT)")


def parse_perf_script(lines):
    """Yield event dicts in file order (perf script prints them time-ordered)."""
    ev = None
    for raw in lines:
        line = raw.rstrip("\n")
        if ev is not None:
            if line.strip() == "":
                yield ev
                ev = None
                continue
            m = FRAME_RE.match(line)
            if not m:
                raise ValueError("unparsable callchain line: %r" % line)
            sym = m.group("sym")
            symoff = None
            mo = re.match(r"^(.*)\+0x([0-9a-f]+)$", sym)
            if mo:
                sym, symoff = mo.group(1), int(mo.group(2), 16)
            ev["frames"].append((int(m.group("ip"), 16), sym, symoff, m.group("dso")))
            continue
        if not line.strip():
            continue
        m = HDR_RE.match(line)
        if not m:
            raise ValueError("unparsable line: %r" % line)
        t = int(m.group("sec")) * 1_000_000_000 + int(m.group("ns"))
        base = {"comm": m.group("comm").strip(), "pid": int(m.group("pid")), "tid": int(m.group("tid")), "t": t}
        rest = m.group("rest")
        ms = SAMPLE_REST_RE.match(rest)
        if ms:
            ev = dict(base, kind="sample", period=int(ms.group("period")), event=ms.group("event"), frames=[])
            continue
        if rest.startswith("PERF_RECORD_MMAP"):
            mm = MMAP_RE.search(rest)
            if not mm:
                raise ValueError("unparsable mmap: %r" % line)
            yield dict(base, kind="mmap", mpid=int(mm.group("pid")), mtid=int(mm.group("tid")),
                       start=int(mm.group("start"), 16), length=int(mm.group("len"), 16),
                       pgoff=int(mm.group("pgoff"), 16), prot=mm.group("prot"), path=mm.group("path"))
        elif rest.startswith("PERF_RECORD_FORK") or rest.startswith("PERF_RECORD_EXIT"):
            mf = FORK_RE.search(rest)
            yield dict(base, kind=mf.group("kind").lower(), fpid=int(mf.group("pid")), ftid=int(mf.group("tid")),
                       ppid=int(mf.group("ppid")), ptid=int(mf.group("ptid")))
        elif rest.startswith("PERF_RECORD_COMM"):
            mc = COMM_RE.search(rest)
            yield dict(base, kind="comm", is_exec=bool(mc.group("exec")), name=mc.group("name"),
                       cpid=int(mc.group("pid")), ctid=int(mc.group("tid")))
        elif rest.startswith("PERF_RECORD_SWITCH"):
            mw = SWITCH_RE.search(rest)
            yield dict(base, kind="switch", dir=mw.group("dir"))
        else:
            # Other side-band records (LOST, THROTTLE, ...) are ignored, as samply does.
            continue
    if ev is not None:
        yield ev


# --------------------------------------------------------------------------
# samply's ContextSwitchHandler (record mode: no off-CPU samples)
# --------------------------------------------------------------------------

class CswData:
    __slots__ = ("state", "ts", "on_since_sample", "off_accum")

    def __init__(self):
        self.state = "unknown"
        self.ts = 0
        self.on_since_sample = 0
        self.off_accum = 0

    def switch_out(self, t):
        if self.state == "on":
            self.on_since_sample += t - self.ts
            self.state, self.ts = "off", t
        elif self.state == "unknown":
            self.state, self.ts = "off", t
        # "off" -> "off": duplicated record, ignored (as samply does)

    def switch_in(self, t, interval=None):
        group = None
        if self.state == "on":
            self.on_since_sample += t - self.ts
        elif self.state == "off":
            self.off_accum += t - self.ts
            group = self._maybe_consume_off_cpu(t, interval)
        self.state, self.ts = "on", t
        return group

    def on_cpu_sample(self, t, interval=None):
        group = None
        if self.state == "on":
            self.on_since_sample += t - self.ts
        elif self.state == "off":
            self.off_accum += t - self.ts
            group = self._maybe_consume_off_cpu(t, interval)
        self.state, self.ts = "on", t
        return group

    def _maybe_consume_off_cpu(self, t, interval):
        if not interval or self.off_accum < interval:
            return None
        count = self.off_accum // interval
        remaining = self.off_accum - count * interval
        begin = t - (self.off_accum - interval)
        end = t - remaining
        self.off_accum = remaining
        return (begin, end, count)

    def consume(self):
        d, self.on_since_sample = self.on_since_sample, 0
        return d


# --------------------------------------------------------------------------
# profile model
# --------------------------------------------------------------------------

class Lib:
    def __init__(self, path, elf, file_path=None):
        self.path = path                  # as written to the profile (after --path-prefix-map)
        self.file_path = file_path or path  # where the ELF was read from
        self.name = path.rsplit("/", 1)[-1]
        self.elf = elf
        self.breakpad_id = breakpad_id_for_elf(elf)
        self.code_id = elf.build_id.hex() if elf.build_id else None
        self.base_svma = elf.base_svma
        self.index = None  # global index once used
        self._funcs = None

        self.debug_path = path
        self.sym_addrs = None  # symbol table (sorted relative addresses) if known at "record" time
        self.sym_names = None

    def to_json(self):
        return {"name": self.name, "path": self.path, "debugName": self.name, "debugPath": self.debug_path,
                "breakpadId": self.breakpad_id, "codeId": self.code_id, "arch": None}

    def lookup_symbol(self, rel):
        """fxprof SymbolTable::lookup (no sizes: the last symbol at or below rel)."""
        import bisect
        if not self.sym_addrs:
            return None
        i = bisect.bisect_right(self.sym_addrs, rel) - 1
        if i < 0:
            return None
        return self.sym_addrs[i], self.sym_names[i]


class KernelLib(Lib):
    """[kernel.kallsyms] as `samply import` adds it (add_kernel_module)."""

    def __init__(self, base, end, build_id, os_release, kallsyms_text):
        self.path = "[kernel.kallsyms]"
        self.file_path = None
        self.name = "[kernel.kallsyms]"
        self.elf = None
        self.breakpad_id = breakpad_id_from_identifier(build_id) if build_id else "0" * 33
        self.code_id = build_id.hex() if build_id else None
        self.base_svma = 0
        self.index = None
        self.debug_path = "/usr/lib/debug/boot/vmlinux-%s" % os_release if os_release else self.path
        self.base = base
        self.end = end
        self.sym_addrs = None
        self.sym_names = None
        if kallsyms_text is not None:
            # samply kernel_symbols.rs parse_kallsyms + fxprof SymbolTable::new (sort, dedup by address)
            syms = []
            text_addr = None
            for line in kallsyms_text.splitlines():
                parts = line.split()
                if len(parts) < 3:
                    continue
                a, nm = int(parts[0], 16), parts[2]
                if text_addr is None:
                    if nm == "_text":
                        text_addr = a
                        syms.append((0, nm))
                elif a >= text_addr:
                    syms.append((a - text_addr, nm))
            if text_addr == base:
                syms.sort()
                addrs, names, last = [], [], None
                for (a, nm) in syms:
                    if a != last:
                        addrs.append(a)
                        names.append(nm)
                        last = a
                self.sym_addrs, self.sym_names = addrs, names


class ThreadModel:
    def __init__(self, process, tid_str, os_tid, start, is_main):
        self.process = process
        self.tid_str = tid_str
        self.os_tid = os_tid
        self.start = start
        self.end = None
        self.is_main = is_main
        self.name = None
        self.csw = CswData()
        self.last_sample_t = None
        self.samples = []  # (t, frames(root first), cpu_us, weight, perf_frames)
        self.markers = []  # (t, path)
        self.first_sample_done = False
        # tables
        self.strings = []
        self.string_index = {}
        self.frames = []       # (address or None, category, func)
        self.frame_index = {}
        self.funcs = []        # (name_idx, resource or None)
        self.func_index = {}
        self.resources = []    # (lib_index, name_idx)
        self.resource_index = {}
        self.stacks = []       # (prefix, frame, category)
        self.stack_index = {}
        self.sample_stack = []
        self.native_symbols = []  # (address, lib_index, name_idx)
        self.native_symbol_index = {}
        self.off_cpu_stack = None  # (frames, perf_frames) from the last sched_switch sample
        self.off_cpu_accum = 0     # ContextSwitchHandler.off_cpu_duration_since_last_off_cpu_sample

    def intern_string(self, s):
        i = self.string_index.get(s)
        if i is None:
            i = len(self.strings)
            self.strings.append(s)
            self.string_index[s] = i
        return i


class ProcessModel:
    def __init__(self, pid_str, os_pid, name, start):
        self.pid_str = pid_str
        self.os_pid = os_pid
        self.name = name
        self.start = start
        self.end = None
        self.threads = []
        self.maps = []  # (start, end, path, pgoff, lib)


class Converter:
    def __init__(self, args):
        self.args = args
        self.libs_by_path = {}
        self.used_libs = []
        self.used_tids = {}
        self.used_pids = {}
        self.processes = []
        self.proc_by_pid = {}
        self.thread_by_tid = {}
        self.any_sample_seen = False
        self.have_switch = False
        self.check_failures = []
        self.checked_frames = 0
        self.vdso_elf = None
        self.func_start_cache = {}
        self.mode = getattr(args, "mode", "record")
        self.reference = 0             # TimestampConverter.reference_raw
        self.current_sample_time = 0   # Converter.current_sample_time
        self.kernel_lib = None
        self.kernel_build_id = None
        self.os_release = None
        self.kallsyms = None
        self.off_cpu_interval = None   # ns; only used when sched_switch samples exist (import)
        self.main_event = None
        self.seq = 0
        self.first_real_comm = None
        self.path_maps = parse_prefix_maps(getattr(args, "path_prefix_map", None))

    def map_path(self, path):
        return map_prefix(path, self.path_maps)

    # unique ids as fxprof's make_unique_pid_or_tid
    def _unique(self, table, i):
        if i in table:
            s = "%d.%d" % (i, table[i])
            table[i] += 1
            return s
        table[i] = 1
        return "%d" % i

    def new_process(self, os_pid, name, start):
        p = ProcessModel(self._unique(self.used_pids, os_pid), os_pid, name, start)
        self.processes.append(p)
        self.proc_by_pid[os_pid] = p
        main = ThreadModel(p, self._unique(self.used_tids, os_pid), os_pid, start, True)
        main.name = name
        p.threads.append(main)
        self.thread_by_tid[os_pid] = main
        return p

    def get_thread(self, pid, tid, t):
        th = self.thread_by_tid.get(tid)
        if th is not None and th.process.os_pid == pid:
            return th
        p = self.proc_by_pid.get(pid)
        if p is None:
            p = self.new_process(pid, "<%d>" % pid, 0)
            if tid == pid:
                return p.threads[0]
        th = ThreadModel(p, self._unique(self.used_tids, tid), tid, 0, False)
        p.threads.append(th)
        self.thread_by_tid[tid] = th
        return th

    def lib_for_path(self, path):
        lib = self.libs_by_path.get(path)
        if lib is None and path not in self.libs_by_path:
            try:
                if path == "[vdso]":
                    data = read_own_vdso()
                    elf = Elf(data, path) if data else None
                else:
                    elf = Elf.from_path(path)
                lib = Lib(self.map_path(path), elf, path) if elf else None
            except (OSError, ValueError) as e:
                print("warning: cannot read %s: %s" % (path, e), file=sys.stderr)
                lib = None
            self.libs_by_path[path] = lib
        return lib

    # ---------------------------------------------------------------- events
    def run(self, events):
        exec_seen = False
        for ev in events:
            k = ev["kind"]
            if k == "comm":
                if ev["t"] == 0:
                    ev["t"] = self.current_sample_time  # samply: COMM without timestamp
                if self.first_real_comm is None and ev["name"] != "perf-exec":
                    self.first_real_comm = ev["name"]
                if ev["is_exec"]:
                    pid = ev["cpid"]
                    old = self.proc_by_pid.get(pid)
                    if old is None:
                        # The pre-exec child as samply sees it: a process called "samply".
                        old = self.new_process(pid, "samply" if self.mode == "record" else "<%d>" % pid, 0)
                    old.end = ev["t"]
                    for th in old.threads:
                        if th.end is None:
                            th.end = ev["t"]
                    name = self.args.process_name or ev["name"]
                    if not exec_seen and self.args.exec_name:
                        name = self.args.exec_name
                    exec_seen = True
                    p = self.new_process(pid, name, ev["t"])
                else:
                    th = self.get_thread(ev["cpid"], ev["ctid"], ev["t"])
                    if th.is_main:
                        name = ev["name"]
                        if name == "perf-exec" and th.process.start == 0 and self.mode == "record":
                            # perf's pre-exec child; samply's own pre-exec child is named "samply"
                            name = "samply"
                        th.process.name = name
                        th.name = name
                    else:
                        th.name = ev["name"]
            elif k == "fork":
                if ev["fpid"] == ev["ppid"]:
                    parent = self.get_thread(ev["ppid"], ev["ptid"], ev["t"])
                    p = parent.process
                    th = ThreadModel(p, self._unique(self.used_tids, ev["ftid"]), ev["ftid"], ev["t"], False)
                    th.name = parent.name
                    p.threads.append(th)
                    self.thread_by_tid[ev["ftid"]] = th
                else:
                    parent = self.proc_by_pid.get(ev["ppid"])
                    self.new_process(ev["fpid"], parent.name if parent else None, ev["t"])
            elif k == "exit":
                th = self.thread_by_tid.get(ev["ftid"])
                if th is None:
                    continue
                if th.is_main:
                    p = th.process
                    p.end = ev["t"]
                    for x in p.threads:
                        if x.end is None:
                            x.end = ev["t"]
                else:
                    th.end = ev["t"]
            elif k == "mmap":
                if ev["mpid"] == -1:
                    # kernel image / modules: only `samply import` uses them
                    if self.mode == "import" and ev["path"].startswith("[kernel.kallsyms]"):
                        self.kernel_lib = KernelLib(ev["start"], ev["start"] + ev["length"], self.kernel_build_id,
                                                    self.os_release, self.kallsyms)
                    continue
                if ev["pid"] == 0 and ev["tid"] == 0:
                    continue
                th = self.get_thread(ev["mpid"], ev["mtid"], ev["t"])
                if self.current_sample_time != self.reference and ev["path"]:
                    th.markers.append((max(ev["t"], self.reference), self.map_path(ev["path"])))
                if "x" in ev["prot"] and ev["path"] and not ev["path"].startswith("//anon"):
                    path = ev["path"]
                    if path.startswith("[") and path != "[vdso]":
                        continue
                    lib = self.lib_for_path(path)
                    if lib is not None:
                        p = th.process
                        p.maps = [m for m in p.maps if m[1] <= ev["start"] or m[0] >= ev["start"] + ev["length"]]
                        p.maps.append((ev["start"], ev["start"] + ev["length"], path, ev["pgoff"], lib))
            elif k == "switch":
                if ev["tid"] == 0:
                    continue
                self.have_switch = True
                th = self.get_thread(ev["pid"], ev["tid"], ev["t"])
                if ev["dir"] == "IN":
                    group = th.csw.switch_in(ev["t"], self.off_cpu_interval)
                    stack, th.off_cpu_stack = th.off_cpu_stack, None
                    if group and stack is not None:
                        self.emit_off_cpu(th, group, stack)
                else:
                    th.csw.switch_out(ev["t"])
            elif k == "sample":
                # attrs[0] is the main event (cpu-clock); sched:sched_switch gives off-CPU stacks
                if ev["event"] == "sched:sched_switch":
                    self.handle_sched_switch(ev)
                    continue
                if self.main_event is None:
                    self.main_event = ev["event"]
                if ev["event"] == self.main_event:
                    self.handle_sample(ev)

    def handle_sample(self, ev):
        if ev["tid"] == 0:
            return
        if self.args.event and ev["event"] != self.args.event:
            return
        self.any_sample_seen = True
        self.current_sample_time = ev["t"]
        th = self.get_thread(ev["pid"], ev["tid"], ev["t"])
        if th.last_sample_t == ev["t"]:
            return
        th.last_sample_t = ev["t"]
        group = th.csw.on_cpu_sample(ev["t"], self.off_cpu_interval)
        stack, th.off_cpu_stack = th.off_cpu_stack, None
        if group and stack is not None:
            self.emit_off_cpu(th, group, stack)
        if self.args.cpu_delta == "switch":
            cpu_us = th.csw.consume() // 1000
        else:
            cpu_us = 0 if not th.first_sample_done else ev["period"] // 1000
        th.first_sample_done = True
        frames, perf_frames = self.build_frames(ev, keep_kernel=(self.mode == "import"))
        self.add_sample(th, ev["t"], frames, cpu_us, 1, perf_frames, ev["period"])

    def handle_sched_switch(self, ev):
        """samply handle_sched_switch_sample: remember the sleeping (user-only) stack."""
        th = self.get_thread(ev["pid"], ev["tid"], ev["t"])
        frames, perf_frames = self.build_frames(ev, keep_kernel=True)
        keep = [i for i, f in enumerate(frames) if f[-1] != CAT_KERNEL]
        th.off_cpu_stack = ([frames[i] for i in keep], [perf_frames[i] for i in keep])

    def emit_off_cpu(self, th, group, stack):
        """samply process_off_cpu_sample_group (weight 1 per interval when time-based)."""
        begin, end, count = group
        frames, perf_frames = stack
        cpu_us = th.csw.consume() // 1000
        self.add_sample(th, begin, frames, cpu_us, 1, perf_frames, 0)
        if count > 1:
            self.add_sample(th, end, frames, 0, int(count - 1), perf_frames, 0)

    def add_sample(self, th, t, frames, cpu_us, weight, perf_frames, period):
        self.seq += 1
        th.samples.append((t, frames, cpu_us, weight, perf_frames, period, self.seq))

    def build_frames(self, ev, keep_kernel):
        """Root-first frames and perf's names, the way samply's get_sample_stack builds them."""
        out, perf_out = [], []
        kernel_ip = None
        n_user = 0
        for idx, (ip, sym, symoff, dso) in enumerate(ev["frames"]):
            if ip == 0xFFFFFFFFFFFFFFFF:
                continue  # perf's unwinding-failure sentinel; samply drops truncated tails
            is_kernel = dso == "[kernel.kallsyms]" or dso.startswith("[kernel") or \
                (dso == "[unknown]" and ip >= KERNEL_START)
            if is_kernel:
                if kernel_ip is None and n_user == 0:
                    kernel_ip = ip
                if not keep_kernel:
                    continue
                lookup = ip if idx == 0 else ip - 1   # kernel callchain: return addresses
                kl = self.kernel_lib
                if kl is not None and kl.base <= lookup < kl.end:
                    rel = lookup - kl.base
                    out.append(("lib", kl, rel, CAT_KERNEL))
                    perf_out.append([kl.path, rel, sym, symoff])
                else:
                    out.append(("unknown", lookup, CAT_KERNEL))
                    perf_out.append(["[kernel]", lookup, sym, None])
                continue
            n_user += 1
            lib = None
            if dso != "[unknown]" and not (dso.startswith("[") and dso != "[vdso]"):
                lib = self.lib_for_path(dso)
            if lib is None:
                # Address outside any known mapping: perf printed the absolute address.
                out.append(("unknown", ip, CAT_USER))
                perf_out.append([None, ip, sym, None])
                continue
            svma = lib.elf.file_offset_to_svma(ip)
            if svma is None:
                raise ValueError("%s: file offset 0x%x outside PT_LOADs" % (dso, ip))
            rel = (svma - lib.base_svma) & 0xFFFFFFFF
            if symoff is not None and sym != "[unknown]":
                starts = self.func_start_cache.get(dso)
                if starts is None:
                    starts = lib.elf.func_starts()
                    dbg = debug_file_for(lib.elf)
                    if dbg is not None:
                        starts |= dbg.func_starts()
                    self.func_start_cache[dso] = starts
                if starts and not sym.endswith("@plt"):
                    self.checked_frames += 1
                    if (svma - symoff) not in starts:
                        self.check_failures.append((dso, hex(ip), sym, symoff, hex(svma)))
            out.append(("lib", lib, rel, CAT_USER))
            perf_out.append([lib.path, rel, sym, symoff])
        if not out:
            ip = kernel_ip
            if ip is None and ev["frames"]:
                ip = ev["frames"][0][0]
            if ip is not None:
                kl = self.kernel_lib
                if keep_kernel and kl is not None and kl.base <= ip < kl.end:
                    out.append(("lib", kl, ip - kl.base, CAT_KERNEL))
                    perf_out.append([kl.path, ip - kl.base, "[kernel]", None])
                else:
                    out.append(("unknown", ip, CAT_KERNEL))
                    perf_out.append(["[kernel]", ip, "[kernel]", None])
        out.reverse()
        perf_out.reverse()
        return out, perf_out

    # ------------------------------------------------------------ interning
    def intern_all(self):
        # samply flushes per process (exited processes first, in exit order),
        # samples in the order they were added.
        order = sorted([p for p in self.processes], key=lambda p: (p.end is None, p.end or 0))
        for p in order:
            allsamples = []
            for th in p.threads:
                for s in th.samples:
                    allsamples.append((s[6], th, s))
            allsamples.sort(key=lambda x: x[0])  # the order samply added them (UnresolvedSamples)
            for (_t, th, s) in allsamples:
                prefix = None
                for fr in s[1]:
                    fi = self.frame_for(th, fr)
                    key = (prefix, fi)
                    si = th.stack_index.get(key)
                    if si is None:
                        si = len(th.stacks)
                        th.stacks.append((prefix, fi, th.frames[fi][1]))
                        th.stack_index[key] = si
                    prefix = si
                th.sample_stack.append(prefix)

    def frame_for(self, th, fr):
        if fr[0] == "lib":
            _, lib, rel, cat = fr
            key = ("lib", lib.path, rel, cat)
        else:
            _, addr, cat = fr
            key = ("unknown", addr, cat)
        fi = th.frame_index.get(key)
        if fi is not None:
            return fi
        if fr[0] == "lib":
            if lib.index is None:
                lib.index = len(self.used_libs)
                self.used_libs.append(lib)
            res = th.resource_index.get(lib.index)
            if res is None:
                res = len(th.resources)
                th.resources.append((lib.index, th.intern_string(lib.name)))
                th.resource_index[lib.index] = res
            sym = lib.lookup_symbol(rel) if lib.sym_addrs else None
            native = None
            if sym is not None:
                nkey = (lib.index, sym[0])
                native = th.native_symbol_index.get(nkey)
                if native is None:
                    native = len(th.native_symbols)
                    th.native_symbols.append((sym[0], lib.index, th.intern_string(sym[1])))
                    th.native_symbol_index[nkey] = native
                name = th.native_symbols[native][2]
            else:
                name = th.intern_string("0x%x" % rel)
            address = rel
        else:
            native = None
            res = None
            name = th.intern_string("0x%x" % addr)
            address = None
        fkey = (name, res)
        func = th.func_index.get(fkey)
        if func is None:
            func = len(th.funcs)
            th.funcs.append(fkey)
            th.func_index[fkey] = func
        fi = len(th.frames)
        th.frames.append((address, cat, func, native))
        th.frame_index[key] = fi
        return fi

    # ---------------------------------------------------------------- output
    def ms(self, t):
        """TimestampConverter.convert_time (saturating) and Timestamp serialization (ns -> ms f64)."""
        return max(t - self.reference, 0) / 1e6

    def build_json(self, version, start_time_ms, product, oscpu):
        v49 = version == 49
        # markers are interned while recording, before any frame strings
        # (frames are interned at flush time) -> do them first per thread.
        for p in self.processes:
            for th in p.threads:
                th._marker_cols = None
        for p in self.processes:
            for th in p.threads:
                if th.markers:
                    name_idx = th.intern_string("mmap")
                    cols = {"length": len(th.markers), "category": [], "data": [], "endTime": [],
                            "name": [], "phase": [], "startTime": []}
                    for (t, path) in th.markers:
                        cols["category"].append(0)
                        cols["data"].append({"type": "mmap", "name": th.intern_string(path)})
                        cols["endTime"].append(F(0.0))
                        cols["name"].append(name_idx)
                        cols["phase"].append(0)
                        cols["startTime"].append(F(self.ms(t)))
                    th._marker_cols = cols
        self.intern_all()

        meta = {
            "categories": [
                {"name": "Other", "color": "grey", "subcategories": ["Other"]},
                {"name": "JIT app cache", "color": "green", "subcategories": ["Other"]},
                {"name": "User", "color": "yellow", "subcategories": ["Other"]},
                {"name": "Kernel", "color": "orange", "subcategories": ["Other"]},
            ],
            "debug": False,
            "extensions": {"baseURL": [], "id": [], "length": 0, "name": []},
            "interval": F(self.args.interval_ms),
            "preprocessedProfileVersion": version,
            "processType": 0,
            "product": product,
        }
        if oscpu:
            meta["oscpu"] = oscpu
        meta["sampleUnits"] = {"eventDelay": "ms", "threadCPUDelta": "\u00b5s", "time": "ms"}
        meta["startTime"] = F(start_time_ms)
        meta["symbolicated"] = False
        meta["pausedRanges"] = []
        meta["version"] = 24
        meta["usesOnlyOneStackType"] = True
        if v49:
            meta["doesNotUseFrameImplementation"] = True
        meta["sourceCodeIsNotOnSearchfox"] = True
        any_markers = any(th.markers for p in self.processes for th in p.threads)
        field = {"key": "name", "label": "Details", "format": "unique-string", "searchable": True}
        if any_markers:
            schema = {"name": "mmap", "display": ["marker-chart", "marker-table"]}
            schema["data" if v49 else "fields"] = [field]
            meta["markerSchema"] = [schema]
        else:
            meta["markerSchema"] = []

        threads_json = []
        procs = sorted(self.processes, key=lambda p: (p.start, p.pid_str))
        for p in procs:
            ths = sorted(p.threads, key=lambda t: (not t.is_main, t.start, t.name or "", t.tid_str))
            for th in ths:
                threads_json.append(self.thread_json(p, th, v49))
        return {
            "meta": meta,
            "libs": [lib.to_json() for lib in self.used_libs],
            "threads": threads_json,
            "pages": [],
            "profilerOverhead": [],
            "counters": [],
        }

    def thread_json(self, p, th, v49):
        n_fr = len(th.frames)
        frame_table = {"length": n_fr,
                       "address": [(-1 if fr[0] is None else fr[0]) for fr in th.frames],
                       "inlineDepth": [0] * n_fr,
                       "category": [fr[1] for fr in th.frames],
                       "subcategory": [0] * n_fr,
                       "func": [fr[2] for fr in th.frames],
                       "nativeSymbol": [fr[3] for fr in th.frames],
                       "innerWindowID": [None if v49 else 0] * n_fr}
        if v49:
            frame_table["implementation"] = [None] * n_fr
        frame_table["line"] = [None] * n_fr
        frame_table["column"] = [None] * n_fr
        n_fu = len(th.funcs)
        func_table = {"length": n_fu, "name": [nm for (nm, _r) in th.funcs], "isJS": [False] * n_fu,
                      "relevantForJS": [False] * n_fu,
                      "resource": [(-1 if r is None else r) for (_n, r) in th.funcs],
                      "fileName": [None] * n_fu, "lineNumber": [None] * n_fu, "columnNumber": [None] * n_fu}
        markers = th._marker_cols or {"length": 0, "category": [], "data": [], "endTime": [], "name": [],
                                      "phase": [], "startTime": []}
        n_res = len(th.resources)
        resource_table = {"length": n_res, "lib": [l for (l, _n) in th.resources],
                          "name": [n for (_l, n) in th.resources], "host": [None] * n_res, "type": [1] * n_res}
        # samples, sorted by time (fxprof sorts with a permutation if needed)
        idx = sorted(range(len(th.samples)), key=lambda i: th.samples[i][0])
        stacks = [th.sample_stack[i] for i in idx]
        times_ns = [th.samples[i][0] for i in idx]
        samples = {"length": len(idx), "weightType": "samples", "stack": stacks}
        if v49:
            samples["time"] = [F(self.ms(t)) for t in times_ns]
        else:
            deltas, prev = [], 0
            for t in times_ns:
                t = max(t - self.reference, 0)
                deltas.append(F((t - prev) / 1e6))
                prev = t
            samples["timeDeltas"] = deltas
        samples["weight"] = [th.samples[i][3] for i in idx]
        samples["threadCPUDelta"] = [th.samples[i][2] for i in idx]
        n_st = len(th.stacks)
        stack_table = {"length": n_st, "prefix": [pr for (pr, _f, _c) in th.stacks],
                       "frame": [f for (_p, f, _c) in th.stacks]}
        if v49:
            stack_table["category"] = [c for (_p, _f, c) in th.stacks]
            stack_table["subcategory"] = [0] * n_st
        name = p.name if th.is_main else (th.name if th.name else "Thread <%s>" % th.tid_str)
        out = {
            "frameTable": frame_table,
            "funcTable": func_table,
            "markers": markers,
            "name": name,
            "isMainThread": th.is_main,
            "nativeSymbols": {"length": len(th.native_symbols), "address": [a for (a, _l, _n) in th.native_symbols],
                              "functionSize": [None] * len(th.native_symbols),
                              "libIndex": [l for (_a, l, _n) in th.native_symbols],
                              "name": [n for (_a, _l, n) in th.native_symbols]},
            "pausedRanges": [],
            "pid": p.pid_str,
            "processName": p.name,
            "processShutdownTime": None if p.end is None else F(self.ms(p.end)),
            "processStartupTime": F(self.ms(p.start)),
            "processType": "default",
            "registerTime": F(self.ms(th.start)),
            "resourceTable": resource_table,
            "samples": samples,
            "stackTable": stack_table,
            "stringArray": th.strings,
            "tid": th.tid_str,
            "unregisterTime": None if th.end is None else F(self.ms(th.end)),
            "showMarkersInTimeline": False,
        }
        return out

    def dump_samples(self, path):
        with open(path, "w") as f:
            for p in self.processes:
                for th in p.threads:
                    for s in th.samples:
                        f.write(json.dumps({"pid": p.pid_str, "tid": th.tid_str, "thread": p.name if th.is_main else (th.name or "Thread <%s>" % th.tid_str),
                                            "t_ns": s[0], "cpu_us": s[2], "weight": s[3], "period": s[5],
                                            "frames": s[4]}) + "\n")


def os_pretty_name():
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("-i", "--input", help="perf.data (perf script is run on it)")
    src.add_argument("--script-text", help="saved output of: perf script " + " ".join(PERF_SCRIPT_ARGS))
    ap.add_argument("-o", "--output", required=True, help="output .json or .json.gz (gzip iff it ends in .gz)")
    ap.add_argument("--format-version", type=int, choices=(49, 55), default=55)
    ap.add_argument("--cpu-delta", choices=("switch", "period", "auto"), default="auto",
                    help="switch: samply-record context-switch accounting; period: sample period (ns/1000), first sample of a thread 0")
    ap.add_argument("--product", help="meta.product (default: the exec'd command name)")
    ap.add_argument("--exec-name", help="process name for the first exec (default: the COMM name)")
    ap.add_argument("--process-name", help=argparse.SUPPRESS)
    ap.add_argument("--start-time-ms", type=float, help="meta.startTime (ms since the Unix epoch)")
    ap.add_argument("--start-time-file", help="file holding `date +%%s.%%N` taken just before recording")
    ap.add_argument("--oscpu", default=None, help="meta.oscpu (default: PRETTY_NAME of /etc/os-release)")
    ap.add_argument("--interval-ms", type=float, default=1.0)
    ap.add_argument("--event", default=None, help="only use samples of this event (default: all)")
    ap.add_argument("--mode", choices=("record", "import"), default="record",
                    help="record: look like `samply record`; import: look like `samply import perf.data` "
                         "(kernel frames with [kernel.kallsyms] + kallsyms names, off-CPU samples from "
                         "sched:sched_switch, product 'CMD on HOST (perf version V)', times from the first sample)")
    ap.add_argument("--dump-samples", help="write per-sample JSON lines with perf's symbols")
    ap.add_argument("--save-script-text", help="also save the perf script text here")
    ap.add_argument("--path-prefix-map", action="append", metavar="OLD=NEW",
                    help="write paths under OLD as NEW (libs[].path/debugPath, mmap markers, --dump-samples); "
                         "the files are still read from OLD; repeatable")
    args = ap.parse_args()

    if args.input:
        cmd = ["perf", "script", "-i", args.input] + PERF_SCRIPT_ARGS
        text = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              universal_newlines=True, errors="replace").stdout
        if args.save_script_text:
            with open(args.save_script_text, "w") as f:
                f.write(text)
        lines = text.splitlines()
    else:
        with open(args.script_text, errors="replace") as f:
            lines = f.read().splitlines()

    if args.cpu_delta == "auto":
        args.cpu_delta = "switch" if any("PERF_RECORD_SWITCH" in l for l in lines[:200000]) else "period"

    conv = Converter(args)
    conv.off_cpu_interval = int(round(args.interval_ms * 1e6))
    header = {}
    if args.mode == "import":
        if not args.input:
            sys.exit("--mode import needs -i perf.data (header, build ids, mtime)")
        hdr = subprocess.run(["perf", "report", "-i", args.input, "--header-only"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, universal_newlines=True).stdout
        for line in hdr.splitlines():
            m = re.match(r"^# (hostname|os release|perf version)\s*: (.*)$", line)
            if m:
                header[m.group(1)] = m.group(2).strip()
        conv.os_release = header.get("os release")
        bl = subprocess.run(["perf", "buildid-list", "-i", args.input], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, universal_newlines=True).stdout
        for line in bl.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[1] == "[kernel.kallsyms]":
                conv.kernel_build_id = bytes.fromhex(parts[0])
        # samply uses /proc/kallsyms only if the running kernel's build id matches
        try:
            notes = open("/sys/kernel/notes", "rb").read()
            running = Elf.__new__(Elf)
            running.data, running.sections = notes, [("", SHT_NOTE, 0, 0, len(notes), 0, 0)]
            if running._find_build_id() == conv.kernel_build_id:
                conv.kallsyms = open("/proc/kallsyms").read()
        except OSError:
            pass
        times = [int(m.group(1)) * 1_000_000_000 + int(m.group(2)) for m in
                 (re.match(r"^.*?\s+-?\d+/-?\d+\s+(\d+)\.(\d{9}):\s+\d+\s+\S+:\s*$", l) for l in lines) if m]
        conv.reference = min(times) if times else 0
        conv.current_sample_time = conv.reference
    conv.run(parse_perf_script(lines))
    if conv.check_failures:
        for f in conv.check_failures[:20]:
            print("SYMBOL CHECK FAILED: %r" % (f,), file=sys.stderr)
        sys.exit("%d of %d frames failed the sym+off check" % (len(conv.check_failures), conv.checked_frames))

    start_ms = args.start_time_ms
    if start_ms is None and args.mode == "import":
        st = os.stat(args.input)
        start_ms = (st.st_mtime_ns // 1_000_000_000 + (st.st_mtime_ns % 1_000_000_000) / 1e9) * 1000.0
    if start_ms is None and args.start_time_file:
        with open(args.start_time_file) as f:
            sec, _, frac = f.read().strip().partition(".")
            start_ms = (int(sec) + int((frac + "000000000")[:9]) / 1e9) * 1000.0
    if start_ms is None:
        start_ms = 0.0
    product = args.product
    if product is None and args.mode == "import":
        product = "%s on %s (perf version %s)" % (conv.first_real_comm, header.get("hostname"),
                                                   header.get("perf version"))
    if product is None:
        execs = [p for p in conv.processes if p.start > 0]
        product = execs[0].name if execs else "unknown"
    oscpu = args.oscpu
    if oscpu is None:
        oscpu = ("Linux %s" % conv.os_release) if args.mode == "import" else os_pretty_name()

    prof = conv.build_json(args.format_version, start_ms, product, oscpu)
    text = to_json_text(prof)
    data = text.encode("utf-8")
    if args.output.endswith(".gz"):
        stem = os.path.basename(args.output)[:-3]
        with open(args.output, "wb") as raw:
            with gzip.GzipFile(filename=stem, mode="wb", compresslevel=2, fileobj=raw, mtime=0) as gz:
                gz.write(data)
    else:
        with open(args.output, "wb") as f:
            f.write(data)
    if args.dump_samples:
        conv.dump_samples(args.dump_samples)
    n = sum(len(th.samples) for p in conv.processes for th in p.threads)
    print("%s: v%d, %d threads, %d samples, %d libs, cpu-delta=%s, %d frames sym-checked" % (
        args.output, args.format_version, sum(len(p.threads) for p in conv.processes), n,
        len(conv.used_libs), args.cpu_delta, conv.checked_frames), file=sys.stderr)


if __name__ == "__main__":
    main()
