#!/usr/bin/env python3
"""run.py: the table of issue 16 in one invocation; bench/run.sh builds profan and calls it.

Usage: run.py --profan PATH [--baseline PATH] [--no-refs] [--quick] [--rounds N] [--only NAME,...]
       run.py --profan PATH [--quick] --command NAME   (makes NAME's input, prints profan's argv, one
                                                        argument a line, for bench/self-profile.sh)

Each workload's input is grown from the repository's own fixtures by bench/grow-*.py (seeded, cached
under $BENCH_DIR, default /tmp/profan-bench, never committed). profan, the reference scripts and the
physical floors (cat of the file from the page cache, gzip -dc of its compressed form) then run N
times each (default 3) in alternating order, and the table shows medians: wall time, peak RSS, and
the reference/profan ratios. --quick uses about 1/10 of every size. --baseline PATH runs another profan
build (e.g. main's) in the same rounds and adds a before/after table, after = --profan; both must print
the same report.
"""
import argparse
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402

BENCH = os.path.join(B.ROOT, "bench")
DEMO = os.path.join(B.ROOT, "fixtures/samply/demo")
NODE = ["node", "--max-old-space-size=16000"]


def grown_samply(samples):
    script = os.path.join(BENCH, "grow-samply.py")
    return B.cached("samply-%d.json.gz" % samples,
                    lambda p: subprocess.run([sys.executable, script, str(samples), p], check=True),
                    script, os.path.join(DEMO, "demo.json.gz"))


def grown_cpuprof(mb):
    script = os.path.join(BENCH, "grow-cpuprof.py")
    return B.cached("cpuprof-%dkb.cpuprofile" % (mb * 1000),
                    lambda p: subprocess.run([sys.executable, script, p, str(mb)], check=True), script,
                    os.path.join(B.ROOT, "fixtures/cpuprof/speedscope-chrome65-sucrase.cpuprofile.gz"))


def grown_dhat(points, functions, min_frames=0, copies=1):
    script = os.path.join(BENCH, "grow-dhat.py")
    return B.cached("dhat-%d-%d-%d%s.json" % (points, functions, min_frames, "-x%d" % copies if copies > 1 else ""),
                    lambda p: subprocess.run([sys.executable, script, p, str(points), "--functions",
                                              str(functions), "--min-frames", str(min_frames), "--copies",
                                              str(copies)], check=True),
                    script, os.path.join(B.ROOT, "fixtures/dhat/rsdemo.json"))


def gunzipped(path):
    """PATH (a .json.gz) decompressed beside it, for the rows that read a plain file."""
    out = path[:-len(".gz")]
    if not os.path.exists(out):
        print("making %s ..." % out, file=sys.stderr, flush=True)
        with open(out + ".tmp", "wb") as f:
            subprocess.run(["gzip", "-dc", path], stdout=f, check=True)
        os.replace(out + ".tmp", out)
    return out


def recorded_perf(profan, runs):
    """`perf record --call-graph dwarf` of profan itself reading the 5.7 M-sample samply input RUNS
    times at 25 kHz: a real program (libc, zlib, ISA-L, libdw; inline frames and lines) with about
    35k samples a run. The binary recorded is a copy kept beside the recording, so its build id
    stays the one perf saw whatever is rebuilt later."""
    src = grown_samply(5_700_000)

    def make(path):
        prog = path + ".profan"
        shutil.copy(profan, prog)
        loop = 'for i in $(seq %d); do "$0" samply -q "$1" >/dev/null; done' % runs
        subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "25000", "-m", "64M", "--call-graph",
                        "dwarf", "-o", path, "--", "sh", "-c", loop, prog, src], check=True)
    return B.cached("perf-dwarf-%d.data" % runs, make, os.path.abspath(__file__), src)


BIGDWARF_UNITS, BIGDWARF_FUNCS, BIGDWARF_TYPES = 75, 500, 24000


def bigdwarf(units):
    """A program of UNITS generated C units (bench/gen-bigdwarf.py: BIGDWARF_FUNCS functions under
    inline chains and BIGDWARF_TYPES structs each, -g -O2), linked from objects compiled once for
    the biggest; 25 units carry about 100 MB of DWARF, 75 about 300 MB."""
    script = os.path.join(BENCH, "gen-bigdwarf.py")

    def compile_all(stamp):
        objs, src = stamp[:-len(".done")], stamp[:-len(".done")] + ".src"
        subprocess.run([sys.executable, script, src, str(BIGDWARF_UNITS), str(BIGDWARF_FUNCS),
                        str(BIGDWARF_TYPES)], check=True)
        os.makedirs(objs, exist_ok=True)
        t0, cpu0 = time.perf_counter(), os.times()
        pending = ["main"] + ["u%d" % u for u in range(BIGDWARF_UNITS)]
        running = []
        while pending or running:  # one compiler per core
            while pending and len(running) < (os.cpu_count() or 1):
                n = pending.pop(0)
                running.append(subprocess.Popen(["gcc", "-g", "-O2", "-fno-eliminate-unused-debug-types", "-c",
                                                 os.path.join(src, n + ".c"), "-o", os.path.join(objs, n + ".o")]))
            if running[0].wait():
                sys.exit("bench: gcc failed on a unit of " + src)
            running.pop(0)
        cpu = os.times()
        print("compiled %d units in %.0f s (%.0f s CPU)" % (BIGDWARF_UNITS + 1, time.perf_counter() - t0,
              cpu.children_user + cpu.children_system - cpu0.children_user - cpu0.children_system),
              file=sys.stderr)
        shutil.rmtree(src)
        with open(stamp, "w"):
            pass

    stamp = B.cached("bigdwarf-%dx%dx%d.done" % (BIGDWARF_UNITS, BIGDWARF_FUNCS, BIGDWARF_TYPES), compile_all,
                     script)
    objs = stamp[:-len(".done")]
    out = os.path.join(objs, "prog-%du" % units)
    if not os.path.exists(out):
        subprocess.run(["gcc", "-o", out + ".tmp", os.path.join(objs, "main.o")] +
                       [os.path.join(objs, "u%d.o" % u) for u in range(units)], check=True)
        os.replace(out + ".tmp", out)
    return out


def symbolize_input(units, count):
    """COUNT distinct addresses inside the generated functions of bigdwarf(UNITS) (a function picked
    with probability in proportion to its size, a random offset in it; seeded, shuffled), written
    one a line in hex to PROFILE.addrs for the other symbolizers, and a samply profile of one
    sample per address (its CPU the address's rank, 1..COUNT µs), the way profan reads them from
    users. Returns the profile's path."""
    binary = bigdwarf(units)
    path = "%s-%d.json" % (binary, count)
    if os.path.exists(path):
        return path
    nm = subprocess.run(["nm", "--defined-only", "-S", binary], capture_output=True, text=True, check=True).stdout
    funcs = sorted({(int(a, 16), int(n, 16)) for a, n, t, name in (x.split() for x in nm.splitlines()
                                                                   if len(x.split()) == 4)
                    if t == "T" and re.fullmatch(r"u\d+_f\d+", name) and int(n, 16) > 0})
    rng = random.Random(33)
    seen = set()
    while len(seen) < count:
        for a, n in rng.choices(funcs, weights=[n for _, n in funcs], k=count):
            seen.add(a + rng.randrange(n))
            if len(seen) == count:
                break
    addrs = sorted(seen)
    rng.shuffle(addrs)
    with open(path[:-len(".json")] + ".addrs", "w") as f:
        f.writelines("%#x\n" % a for a in addrs)
    build_id = find(r"Build ID: ([0-9a-f]+)", subprocess.run(["readelf", "-n", binary], capture_output=True,
                                                               text=True).stdout, "")
    n = len(addrs)

    def table(**cols):
        return dict(cols, length=n)
    lib = {"name": os.path.basename(binary), "path": binary, "debugName": os.path.basename(binary),
           "debugPath": binary, "codeId": build_id, "breakpadId": build_id.upper()[:32] + "0", "arch": "x86_64"}
    thread = {"name": "main", "processName": "bigdwarf", "processType": "default", "pid": "1", "tid": 1,
              "isMainThread": True, "registerTime": 0, "unregisterTime": None, "processStartupTime": 0,
              "processShutdownTime": None, "pausedRanges": [],
              "samples": dict(table(stack=list(range(n)), time=[1000.0 + i for i in range(n)],
                                    threadCPUDelta=list(range(1, n + 1))), weight=None, weightType="samples"),
              "stackTable": table(frame=list(range(n)), prefix=[None] * n, category=[0] * n, subcategory=[0] * n),
              "frameTable": table(address=addrs, func=list(range(n)), category=[0] * n, subcategory=[0] * n,
                                  nativeSymbol=[None] * n, inlineDepth=[0] * n, line=[None] * n, column=[None] * n,
                                  innerWindowID=[0] * n, implementation=[None] * n),
              "funcTable": table(name=list(range(1, n + 1)), resource=[0] * n, isJS=[False] * n,
                                 relevantForJS=[False] * n, fileName=[None] * n, lineNumber=[None] * n,
                                 columnNumber=[None] * n),
              "resourceTable": {"length": 1, "lib": [0], "name": [0], "host": [None], "type": [1]},
              "stringArray": [lib["name"]] + ["%#x" % a for a in addrs],
              "nativeSymbols": {"length": 0, "address": [], "functionSize": [], "libIndex": [], "name": []},
              "markers": {"length": 0, "category": [], "data": [], "endTime": [], "name": [], "phase": [],
                          "startTime": []}}
    doc = {"meta": {"version": 24, "preprocessedProfileVersion": 49, "interval": 1.0, "product": lib["name"],
                    "startTime": 1700000000000.0, "symbolicated": False, "processType": 0,
                    "sampleUnits": {"time": "ms", "eventDelay": "ms", "threadCPUDelta": "µs"},
                    "categories": [{"name": "Other", "color": "grey", "subcategories": ["Other"]}]},
           "libs": [lib], "pages": [], "profilerOverhead": [], "counters": [], "threads": [thread]}
    with open(path + ".tmp", "w") as f:
        json.dump(doc, f)
    os.replace(path + ".tmp", path)
    return path


def dwarf_bytes(binary):
    """The sizes of BINARY's .debug_* sections added up."""
    out = subprocess.run(["size", "-A", binary], capture_output=True, text=True, check=True).stdout
    return sum(int(x.split()[1]) for x in out.splitlines() if x.startswith(".debug_"))


def gzipped(path):
    """PATH.gz beside it (gzip -6 -n), for the gzip -dc floor of inputs read uncompressed."""
    gz = path + ".gz"
    if not os.path.exists(gz):
        with open(gz + ".tmp", "wb") as f:
            subprocess.run(["gzip", "-6", "-n", "-c", path], stdout=f, check=True)
        os.replace(gz + ".tmp", gz)
    return gz


def raw_size(path):
    if not path.endswith(".gz"):
        return os.path.getsize(path)
    with open(path, "rb") as f:  # ISIZE is the size mod 2^32: count instead
        p = subprocess.Popen(["gzip", "-dc"], stdin=f, stdout=subprocess.PIPE)
        n = sum(len(b) for b in iter(lambda: p.stdout.read(1 << 20), b""))
        p.wait()
    return n


def output(name):
    with open(os.path.join(B.OUT, name + ".out"), encoding="utf-8", errors="replace") as f:
        return f.read()


def find(pattern, text, default="?"):
    m = re.search(pattern, text, re.M)
    return m.group(1) if m else default


# Each check prints what the reference and profan say about the same number, read from their outputs.
MS_PER_UNIT = {"us": 1e-3, "µs": 1e-3, "ms": 1.0, "s": 1e3, "min": 60e3, "h": 3600e3}


def check_samply(ref):
    # profan writes the total in the unit that reads best, to 3 or 4 digits ("3.05 h"): shown in ms too
    m = re.search(r"^\s*Total:\s+([0-9.]+) (µs|us|ms|s|min|h) in (\d+) samples", output("profan"), re.M)
    profan = "%s %s = %.0f ms" % (m.group(1), m.group(2), float(m.group(1)) * MS_PER_UNIT[m.group(2)]) if m else "?"
    return "total CPU: %s ms (%s), profan %s" % (find(r"^total ([0-9.]+) ms", output(ref)), ref, profan)


def check_cpuprof(ref):
    gc = r"^\s*([0-9.]+) ms .*\(garbage collector\)"
    # profan writes times in the unit that reads best, to 3 digits ("2.51 min"): shown in ms too
    m = re.search(r"^\s*[0-9.]+%\s+([0-9.]+) (µs|us|ms|s|min|h) .*\(garbage collector\)", output("profan"), re.M)
    profan = "%s %s = %.0f ms" % (m.group(1), m.group(2), float(m.group(1)) * MS_PER_UNIT[m.group(2)]) if m else "?"
    return "(garbage collector) self: %s ms (%s), profan %s" % (find(gc, output(ref)), ref, profan)


def check_perf(ref):
    samples = find(r"^# Samples: (\S+) of event", output(ref))
    return "samples: %s (%s), profan %s" % (samples, ref, find(r"^\s*Total:.* in (\d+) samples", output("profan")))


def check_dhat(ref):
    total = find(r"^Total:\s+([0-9,]+) B", output("profan")).replace(",", "")
    return "total bytes: %s (%s), profan %s" % (find(r'"total":\[(\d+),', output(ref)), ref, total)


def check_same_total(ref):
    """Two profan runs of one file (the plain report as the reference of a slower one)."""
    def total(name):
        return find(r"^Total:\s+(.*)$", output(name))
    return "Total line: %s (%s), %s (profan)" % (total(ref), ref, total("profan"))


def check_samples(samples):
    """The grower writes exactly SAMPLES samples: what profan counted, against that."""
    return lambda ref: "samples: %d (grow-samply.py's count), profan %s" % (
        samples, find(r"^\s*Total:.* in (\d+) samples", output("profan")))


def symbolizers(f):
    """The timed references of the symbolize rows: each reads the addresses beside the profile F on
    stdin and prints every address's inline chain, names and file:line (eu-addr2line, at about
    35 ms an address here, is run on the check's sample only: check_symbolize)."""
    binary, addrs = f[:f.rindex("-")], f[:-len(".json")] + ".addrs"
    for tool, package in (("llvm-symbolizer", "llvm"), ("eu-addr2line", "elfutils"), ("addr2line", "binutils")):
        if not shutil.which(tool):
            sys.exit("bench: the symbolize rows need %s (Debian package %s)" % (tool, package))

    def on_stdin(cmd):
        return ["sh", "-c", 'exec %s "$0" <"$1"' % cmd, binary, addrs]
    return {"llvm-symbolizer": on_stdin("llvm-symbolizer --print-address --inlining --obj"),
            "addr2line -i": on_stdin("addr2line -a -f -i -e")}


def frames_by_address(text):
    """{address: [(function, line)...] innermost first} from addr2line -a -f -i's layout, which
    eu-addr2line -a (" inlined at ..." after a name), llvm-symbolizer --print-address and
    bench/symbolize_lookup.c also write."""
    out, cur, lines = {}, None, iter(text.splitlines())
    for x in lines:
        if x.startswith("0x"):
            cur = out.setdefault(int(x, 16), [])
        elif x and cur is not None:
            where = next(lines, "")
            m = re.search(r":(\d+)(?::\d+)?(?: \(discriminator \d+\))?$", where)
            cur.append((x.split(" inlined at ")[0].strip(), int(m.group(1)) if m else 0))
    return out


SYMBOLIZE_SAMPLE = 1000
_sample_checks = {}


def check_symbolize(profan, f):
    """The first SYMBOLIZE_SAMPLE addresses of F's list (a random sample: the list is shuffled)
    through profan's own symbolication (bench/symbolize_lookup.c: symbolize_profile, which the samply
    path runs) and through `eu-addr2line -a -f -i`, the independent check; then each timed
    reference's output on the same addresses. Counts the addresses whose whole inline chain has the
    same names and lines."""
    if f not in _sample_checks:
        lookup = os.path.join(os.path.dirname(profan), "bench_symbolize_lookup")
        with open(f[:-len(".json")] + ".addrs") as a:
            want = [next(a) for _ in range(SYMBOLIZE_SAMPLE)]
        binary = f[:f.rindex("-")]
        sample = os.path.join(B.OUT, "sample.addrs")
        with open(sample, "w") as o:
            o.writelines(want)
        p = subprocess.run([lookup, binary], stdin=open(sample), capture_output=True, text=True)
        eu = B.run(["sh", "-c", 'exec eu-addr2line -a -f -i -e "$0" <"$1"', binary, sample],
                   os.path.join(B.OUT, "eu-addr2line.out"), os.path.join(B.OUT, "eu-addr2line.err"))
        _sample_checks[f] = ([int(x, 16) for x in want], frames_by_address(p.stdout) if p.returncode == 0 else {},
                             eu, frames_by_address(output("eu-addr2line")))
    keys, mine, eu, eu_frames = _sample_checks[f]

    def agree(theirs):
        same = sum(1 for k in keys if mine.get(k) == theirs.get(k))
        return "%d of %d same names and lines" % (same, len(keys))

    def check(ref):
        line = "%s: %s" % (ref, agree(frames_by_address(output(ref))))
        if ref == next(iter(symbolizers(f))):  # once per row: the independent check
            line = "profan (%d frames) against eu-addr2line -a -f -i (%s, %s CPU, peak %s for the %d): %s; %s" % (
                sum(len(mine.get(k, [])) for k in keys), B.fmt_time(eu.wall), B.fmt_time(eu.cpu),
                B.fmt_rss(eu.rss_kib), len(keys), agree(eu_frames), line)
        return line
    return check


def workloads(quick, profan):
    """The table's rows, each with a function that makes (or finds) its input and its commands."""
    q = 10 if quick else 1
    samply = [profan, "samply", "-q", "--symbol-path", DEMO]
    views = os.path.join(BENCH, "samply-views.js")
    dhat = os.path.join(BENCH, "dhat-views.js")
    return [
        dict(name="samply-11M",
             what="samply %s samples, load + symbolicate + six views" % ("1.1 M", "11 M")[q == 1],
             make=lambda: grown_samply(11_000_000 // q), profan=lambda f: samply + [f],
             refs=lambda f: {"node": NODE + [views, f, DEMO]},
             ref_label="node JSON.parse + `addr2line -fC` + JS views", check=check_samply),
        dict(name="samply-57M", what="samply %s samples, same report" % ("5.7 M", "57 M")[q == 1],
             make=lambda: grown_samply(57_000_000 // q), profan=lambda f: samply + [f],
             refs=lambda f: {"node": NODE + [views, f, DEMO]}, once={"node"},
             ref_label="node, as above (1 run)", check=check_samply),
        dict(name="cpuprof", what="cpuprofile, default report",
             make=lambda: grown_cpuprof(48 / q), profan=lambda f: [profan, "cpuprof", "-q", f],
             refs=lambda f: {"node": NODE + [os.path.join(BENCH, "cpuprof_snippet.js"), f],
                             "python": [sys.executable, os.path.join(BENCH, "cpuprof_snippet.py"), f]},
             ref_label="%s snippet", check=check_cpuprof),
        dict(name="dhat-121k", what="DHAT %s program points, default report" % ("12.1k", "121k")[q == 1],
             make=lambda: grown_dhat(121_000 // q, 40_000 // q), profan=lambda f: [profan, "dhat", "-q", f],
             refs=lambda f: {"node": NODE + [dhat, f]}, ref_label="node JSON.parse + the same views",
             check=check_dhat),
        dict(name="dhat-1M", what="DHAT %s points x 40 frames, default report" % ("100k", "1 M")[q == 1],
             make=lambda: grown_dhat(1_000_000 // q, 4000, 40), profan=lambda f: [profan, "dhat", "-q", f],
             refs=lambda f: {"node": NODE + [dhat, f]}, once={"node"}, ref_label="node, as above (1 run)",
             check=check_dhat),
        dict(name="samply-1G", what="samply %s samples from a plain (uncompressed) file, same report"
             % ("5.7 M", "57 M")[q == 1],
             make=lambda: gunzipped(grown_samply(57_000_000 // q)), profan=lambda f: samply + [f], no_gzip=True,
             refs=lambda f: {"cat FILE": ["sh", "-c", 'cat "$0" >/dev/null', f]}, ref_label="`cat FILE > /dev/null`",
             check=check_samples(57_000_000 // q)),
        dict(name="dhat-distinct", what="DHAT %s points, 2 copies with frame tables of their own, default report"
             % ("12.1k", "121k")[q == 1],
             make=lambda: grown_dhat(121_000 // q, 50_000 // q, copies=2), profan=lambda f: [profan, "dhat", "-q", f],
             refs=lambda f: {"node": NODE + [dhat, f]}, ref_label="node JSON.parse + the same views",
             check=check_dhat),
        dict(name="dhat-annotate", what="DHAT %s points, 2 copies, `--annotate . --top 0`" % ("12.1k", "121k")[q == 1],
             make=lambda: grown_dhat(121_000 // q, 50_000 // q, copies=2),
             profan=lambda f: [profan, "dhat", "-q", "--annotate", ".", "--top", "0", f], no_gzip=True,
             refs=lambda f: {"plain report": [profan, "dhat", "-q", f]}, ref_label="profan's plain report",
             check=check_same_total),
        *(dict(name="symbolize-%dM" % mb,
               what="symbolication, cold: %s distinct addresses in inline chains, %s units of generated C, "
               "-g -O2" % (("10k", "100k")[q == 1], units),
               make=lambda units=units: symbolize_input(units, 100_000 // q),
               profan=lambda f: [profan, "samply", "-q", "--no-sidecar", f], no_gzip=True,
               refs=symbolizers, ref_label="`%s`",
               size=lambda f: " (%s of DWARF)" % B.fmt_bytes(dwarf_bytes(f[:f.rindex("-")])),
               check=lambda ref, units=units: check_symbolize(profan, symbolize_input(units, 100_000 // q))(ref))
          for mb, units in ((100, BIGDWARF_UNITS // 3), (300, BIGDWARF_UNITS))),
        dict(name="perf-dwarf", what="perf.data, --call-graph dwarf of profan (%s runs, 25 kHz), default report"
             % (1 if q == 10 else 4), make=lambda: recorded_perf(profan, 1 if q == 10 else 4),
             profan=lambda f: [profan, "perf", "-q", f], no_gzip=True,
             refs=lambda f: {"perf report": ["perf", "report", "-i", f, "--stdio", "--no-children", "--sort",
                                             "sym"]},
             ref_label="`perf report --stdio --no-children --sort sym`", check=check_perf),
    ]


def fresh_memory():
    """bench/touch.c's one line: what first-touching memory costs here (peak RSS is paid in it)."""
    exe = os.path.join(B.CACHE, "touch")
    subprocess.run(["cc", "-O2", "-std=gnu11", "-o", exe, os.path.join(BENCH, "touch.c")], check=True)
    return subprocess.run([exe], capture_output=True, text=True, check=True).stdout.strip()


def machine():
    model = find(r"^model name\s*:\s*(.*)$", open("/proc/cpuinfo").read())
    mem = int(find(r"^MemTotal:\s+(\d+)", open("/proc/meminfo").read(), "0")) / 1024 / 1024
    rev = subprocess.run(["git", "-C", B.ROOT, "describe", "--always", "--dirty"], capture_output=True,
                         text=True).stdout.strip()
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return "%d cores (%s), %.0f GiB, Linux %s; profan %s; node %s, Python %s" % (
        os.cpu_count(), model, mem, platform.release(), rev, node, platform.python_version())


def ratio(ref, prof):
    """'7.20x faster (CPU 6.10x), RSS 0.53x' from two summaries."""
    speed = ref[0] / prof[0]
    return "%.2fx %s (CPU %.2fx), RSS %.2fx" % (speed, "faster" if speed >= 1 else "slower", ref[1] / prof[1],
                                                 prof[2] / ref[2])


def measure(w, rounds, baseline=None, refs=True):
    """Runs workload W; returns its table rows, detail rows, cross-check lines and before/after row."""
    print("measuring %s ..." % w["name"], file=sys.stderr, flush=True)
    f = w["make"]()
    gz = None if w.get("no_gzip") else f if f.endswith(".gz") else gzipped(f)
    for x in {f, gz} - {None}:  # into the page cache before anything is timed
        subprocess.run(["cat", x], stdout=subprocess.DEVNULL, check=True)
    refs = w["refs"](f) if refs else {}
    cmds = dict(refs, profan=w["profan"](f), cat=["cat", f])
    if gz:
        cmds["gzip -dc"] = ["gzip", "-dc", gz]
    if baseline:
        cmds["before"] = [baseline] + w["profan"](f)[1:]
    runs = B.rounds(cmds, rounds, w.get("once", ()), discard=("cat", "gzip -dc"))
    for k in ("profan", "before") if baseline else ("profan",):
        if not all(r.ok for r in runs[k]):
            sys.exit("bench: %s failed on %s: %s" % (k, f, runs[k][-1].err))
    p = B.summary(runs["profan"])
    change = None
    if baseline:
        b = B.summary(runs["before"])
        same = output("before") == output("profan")
        change = (w["what"], "%s / %s" % (B.fmt_time(b[0]), B.fmt_rss(b[2])),
                  "%s / %s" % (B.fmt_time(p[0]), B.fmt_rss(p[2])), ratio(b, p),
                  "yes" if same else "**NO**")
    size = w["size"](f) if "size" in w else (" (%s .json.gz, %s JSON)" % (B.fmt_bytes(os.path.getsize(f)), B.fmt_bytes(raw_size(f)))
            if f.endswith(".gz") else " (%s)" % B.fmt_bytes(os.path.getsize(f)))
    floor = "cat %s" % B.fmt_time(B.summary(runs["cat"])[0])
    if gz:
        floor += "; gzip -dc %s" % B.fmt_time(B.summary(runs["gzip -dc"])[0])
    prof_cell = "%s / %s" % (B.fmt_time(p[0]), B.fmt_rss(p[2]))
    rows, details, checks = [], [], []
    for ref in refs:
        label = w["ref_label"] % ref if "%s" in w["ref_label"] else w["ref_label"]
        bad = [x for x in runs[ref] if not x.ok]
        if bad:
            cell = "%s: fails after %s (peak %s): %s" % (
                label, B.fmt_time(bad[0].wall), B.fmt_rss(bad[0].rss_kib), bad[0].err.strip()[:100])
            rows.append((w["what"] + size, cell, prof_cell, "–", floor))
            continue
        r = B.summary(runs[ref])
        rows.append((w["what"] + size, "%s: %s / %s" % (label, B.fmt_time(r[0]), B.fmt_rss(r[2])), prof_cell,
                     ratio(r, p), floor))
        details.append((w["name"], ref, r, len(runs[ref])))
        checks.append("%s: %s" % (w["name"], w["check"](ref)))
    for k in [k for k in ("before", "profan", "cat", "gzip -dc") if k in cmds]:
        details.append((w["name"], k, B.summary(runs[k]), len(runs[k])))
    return rows, details, checks, change


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profan", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--baseline")
    ap.add_argument("--no-refs", action="store_true", help="profan (and --baseline) and the floors only")
    ap.add_argument("--command")
    a = ap.parse_args()
    profan = os.path.abspath(a.profan)
    if a.command:
        w = next((w for w in workloads(a.quick, profan) if w["name"] == a.command), None)
        if w is None:
            sys.exit("run.py: no workload %s" % a.command)
        print("\n".join(w["profan"](w["make"]())))
        return
    started, load0 = time.strftime("%Y-%m-%d %H:%M"), os.getloadavg()[0]
    baseline = os.path.abspath(a.baseline) if a.baseline else None
    rows, details, checks, changes = [], [], [], []
    for w in workloads(a.quick, profan):
        if not a.only or w["name"] in a.only.split(","):
            r, d, c, ch = measure(w, a.rounds, baseline, not a.no_refs)
            rows += r
            details += d
            checks += c
            changes += [ch] if ch else []
    print("## profan vs references (bench/run.sh%s), %s\n" % (" --quick" if a.quick else "", started))
    print("| workload | reference: time / peak RSS | profan: time / peak RSS | ratio | floor |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print("\nMedians of %d runs in alternating order (wall time; peak RSS of the largest process)."
          % a.rounds)
    print("Ratio: reference time / profan time (wall, then CPU), and profan RSS / reference RSS.")
    if changes:
        print("\nBefore (--baseline %s) and after (--profan %s), same rounds:\n" % (a.baseline, a.profan))
        print("| workload | before: time / peak RSS | after: time / peak RSS | after vs before | same report |")
        print("|---|---|---|---|---|")
        for c in changes:
            print("| " + " | ".join(c) + " |")
    print("\n| workload | command | runs | wall median (min–max) | CPU median | peak RSS |")
    print("|---|---|---|---|---|---|")
    for name, cmd, s, n in details:
        print("| %s | %s | %d | %s (%s–%s) | %s | %s |" % (name, cmd, n, B.fmt_time(s[0]), B.fmt_time(s[3]),
                                                       B.fmt_time(s[4]), B.fmt_time(s[1]), B.fmt_rss(s[2])))
    print("\nSame data read by both sides:")
    for c in checks:
        print("- " + c)
    print("\nMachine: %s; load average %.2f before, %.2f after." % (machine(), load0, os.getloadavg()[0]))
    mem = fresh_memory()
    print(mem[0].upper() + mem[1:] + ".")


if __name__ == "__main__":
    main()
