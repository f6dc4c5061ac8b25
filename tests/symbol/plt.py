#!/usr/bin/env python3
"""tests/symbol/plt.py PROFAN: PLT stubs are named symbol@plt, [plt], never an allocation entry.

Builds tests/symbol/plt_prog.cpp twice at test time (lazy binding: .plt and .plt.got; IBT with
-z now: .plt.sec beside a .plt of push entries) and writes a samply profile whose samples sit
inside each PLT stub of those two programs, libc.so.6 and libstdc++.so.6, each stub with its own
CPU time (by address lookup, not sampling: a sample landing in a 16-byte stub is luck).
The expected names come from binutils, not from profan:
  - `objdump -d -C` labels `<sym@plt>` over .plt, .plt.sec and .plt.got; profan's spelling of
    a function drops the parameter list, so `operator delete(void*, unsigned long)@plt` is
    expected as `operator delete@plt`;
  - a label `<*ABS*+0xADDR@plt>` (an IRELATIVE slot: glibc calling its own ifuncs) is expected
    as NAME@plt for one of the names `nm -D` gives an `i` symbol at ADDR;
  - the IBT build's .plt entries, which objdump leaves unlabelled, push their .rela.plt index:
    entry k (after the resolver's) is expected as `readelf -r`'s k-th .rela.plt symbol@plt.
Checks: "Top self, all code" has each expected name with exactly the CPU of its stubs, labelled
[plt]; no @plt row in "Top self, your code"; the allocation view credits main, not malloc@plt.
Exit 77 when g++, objdump or the libraries are missing."""
import collections, json, os, re, shutil, subprocess, sys, tempfile

profan = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


for tool in ("g++", "objdump", "nm", "readelf"):
    if shutil.which(tool) is None:
        skip(tool + " is not installed")
tmp = tempfile.mkdtemp(prefix="profan-plt-")
src = os.path.join(here, "plt_prog.cpp")
progs = {"lazy": [], "ibt": ["-fcf-protection=full", "-Wl,-z,ibtplt", "-Wl,-z,now"]}
for name, flags in progs.items():
    run(["g++", "-g", "-O1", "-fno-builtin", "-o", os.path.join(tmp, name), src] + flags)


def shared_lib(prog, soname):
    for line in run(["ldd", prog]).splitlines():
        m = re.match(r"\s*" + re.escape(soname) + r" => (\S+)", line)
        if m:
            return os.path.realpath(m.group(1))
    skip(soname + " not found by ldd")


binaries = [os.path.join(tmp, n) for n in progs]
binaries += [shared_lib(binaries[0], "libc.so.6"), shared_lib(binaries[0], "libstdc++.so.6")]


def build_id(path):
    m = re.search(r"Build ID: ([0-9a-f]+)", run(["readelf", "-n", path]))
    return m.group(1) if m else None


def spelled(label):
    """objdump -C's label in profan's spelling of a function (docs/ownership.md, "the name"):
    no parameter list, template arguments, ABI tags or return type; "transaction clone for" and
    the like dropped. Written from the label's text, not with profan's code."""
    base = re.sub(r"\[abi:[^\]]*\]", "", label[:-len("@plt")])
    if base.endswith(")") or base.endswith(") const"):
        depth, end = 0, base.rindex(")")
        for i in range(end, -1, -1):
            depth += {")": 1, "(": -1}.get(base[i], 0)
            if depth == 0:
                base = base[:i]
                break
    while re.search(r"<[^<>]*>", base):
        base = re.sub(r"<[^<>]*>", "", base)
    op = re.search(r"(\S*operator.*)$", base)
    return (op.group(1).strip() if op else base.split()[-1]) + "@plt"


def ifuncs(path):
    by_addr = collections.defaultdict(set)
    for line in run(["nm", "-D", path]).splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] == "i":
            by_addr[int(parts[0], 16)].add(parts[2].split("@")[0] + "@plt")
    return by_addr


def sections(path):
    out = {}
    for line in run(["readelf", "-SW", path]).splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m:
            out[m.group(1)] = (int(m.group(2), 16), int(m.group(3), 16))
    return out


def stubs(path):
    """[(start, end, {acceptable names})] of the PLT stubs, from objdump and readelf."""
    secs = sections(path)
    dis = run(["objdump", "-d", "-C", "--no-show-raw-insn", "-j", ".plt", "-j", ".plt.sec", "-j", ".plt.got",
               path] if ".plt.sec" in secs else ["objdump", "-d", "-C", "--no-show-raw-insn", "-j", ".plt",
                                                  "-j", ".plt.got", path])
    labels = [(int(a, 16), l) for a, l in re.findall(r"^([0-9a-f]+) <(.*@plt)>:$", dis, re.M)]
    ends = sorted({a for a, _ in labels} | {s + n for s, n in secs.values()})
    irel = ifuncs(path)
    out = []
    for a, l in labels:
        end = min(e for e in ends if e > a)
        m = re.match(r"\*ABS\*\+0x([0-9a-f]+)@plt$", l)
        names = irel.get(int(m.group(1), 16), set()) if m else {spelled(l)}
        if names:
            out.append((a, min(end, a + 16), names))
    if ".plt.sec" in secs:  # the lazy entries objdump leaves unlabelled: push index k
        rel = re.findall(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+R_X86_64_JUMP_SLOT\s+[0-9a-f]+\s+(\S+)",
                         run(["readelf", "-rW", path]).split("'.rela.plt'")[1], re.M)
        start, size = secs[".plt"]
        for k, sym in enumerate(rel):
            a = start + 16 * (k + 1)
            if a + 16 <= start + size:
                out.append((a, a + 16, {spelled(run(["c++filt", sym.split("@")[0]]).strip() + "@plt")}))
    return out


# ---- one profile per binary: a sample in the middle of each stub, CPU 10 us * (1 + its number) ----
class Profile:
    def __init__(self):
        self.strings = []
        self.frames = {k: [] for k in ("address", "func", "category", "subcategory", "nativeSymbol",
                                       "inlineDepth", "line", "column", "innerWindowID", "implementation")}
        self.funcs = {k: [] for k in ("name", "resource", "isJS", "relevantForJS", "fileName", "lineNumber",
                                      "columnNumber")}
        self.res = {"lib": [], "name": [], "host": [], "type": []}
        self.stacks = {"frame": [], "prefix": [], "category": [], "subcategory": []}
        self.samples = {"stack": [], "time": [], "threadCPUDelta": []}
        for li, path in enumerate(binaries):
            for k, v in (("lib", li), ("name", self.s(os.path.basename(path))), ("host", None), ("type", 1)):
                self.res[k].append(v)

    def s(self, text):
        self.strings.append(text)
        return len(self.strings) - 1

    def frame(self, lib, addr, parent):
        name = self.s("0x%x" % addr)
        for k, v in (("name", name), ("resource", lib), ("isJS", False), ("relevantForJS", False),
                     ("fileName", None), ("lineNumber", None), ("columnNumber", None)):
            self.funcs[k].append(v)
        for k, v in (("address", addr), ("func", len(self.funcs["name"]) - 1), ("category", 0),
                     ("subcategory", 0), ("nativeSymbol", None), ("inlineDepth", 0), ("line", None),
                     ("column", None), ("innerWindowID", 0), ("implementation", None)):
            self.frames[k].append(v)
        for k, v in (("frame", len(self.frames["address"]) - 1), ("prefix", parent), ("category", 0),
                     ("subcategory", 0)):
            self.stacks[k].append(v)
        return len(self.stacks["frame"]) - 1

    def sample(self, stack, cpu):
        self.samples["stack"].append(stack)
        self.samples["time"].append(1000.0 + len(self.samples["time"]))
        self.samples["threadCPUDelta"].append(cpu)

    def report(self, name):
        def table(t):
            return dict(t, length=len(next(iter(t.values()))))
        libs = [{"name": os.path.basename(b), "path": b, "debugName": os.path.basename(b), "debugPath": b,
                 "codeId": build_id(b), "breakpadId": "0" * 33, "arch": None} for b in binaries]
        doc = {"meta": {"version": 24, "preprocessedProfileVersion": 49, "interval": 1.0, "product": "lazy",
                        "startTime": 1700000000000.0, "symbolicated": False, "processType": 0,
                        "sampleUnits": {"time": "ms", "eventDelay": "ms", "threadCPUDelta": "µs"},
                        "categories": [{"name": "Other", "color": "grey", "subcategories": ["Other"]}]},
               "libs": libs, "pages": [], "profilerOverhead": [], "counters": [],
               "threads": [{"name": "lazy", "processName": "lazy", "processType": "default", "pid": "7",
                            "tid": 7, "registerTime": 0, "unregisterTime": None, "processStartupTime": 0,
                            "processShutdownTime": None, "pausedRanges": [], "isMainThread": True,
                            "samples": dict(table(self.samples), weight=None, weightType="samples"),
                            "stackTable": table(self.stacks), "frameTable": table(self.frames),
                            "funcTable": table(self.funcs), "resourceTable": table(self.res),
                            "stringArray": self.strings,
                            "nativeSymbols": {"address": [], "functionSize": [], "libIndex": [], "name": [],
                                              "length": 0},
                            "markers": {"length": 0, "category": [], "data": [], "endTime": [], "name": [],
                                        "phase": [], "startTime": []}}]}
        path = os.path.join(tmp, name + ".json")
        with open(path, "w") as f:
            json.dump(doc, f)
        rep = json.loads(run([profan, "samply", "--json", "--top", "0", "--no-sidecar", path]))
        return {v["title"].split(":")[0]: v["rows"] for v in rep["views"]}


bad = 0


def fail(msg):
    global bad
    print("FAIL: " + msg)
    bad += 1


main_sym = re.search(r"^([0-9a-f]+) T main$", run(["nm", binaries[0]]), re.M)
total_stubs = 0
for li, path in enumerate(binaries):
    prof, want, n = Profile(), collections.Counter(), 0
    for a, end, names in stubs(path):
        cpu = 10 * (1 + n)
        n += 1
        prof.sample(prof.frame(li, (a + end) // 2, None), cpu)
        want[min(names)] += cpu
        for other in names - {min(names)}:  # an ifunc's other names at its address: any will do
            want.setdefault(other, 0)
    total_stubs += n
    views = prof.report(os.path.basename(path))
    got = {r["name"]: r for r in views["Top self, all code"]}
    for name, r in got.items():
        if name.endswith("@plt") and (r.get("label") != "[plt]" or r.get("class") != "system"):
            fail(f"{name}: label {r.get('label')!r}, class {r.get('class')!r}; want [plt], system")
    got_cpu = {k: r["values"][0] for k, r in got.items()}
    for name, cpu in sorted(want.items()):
        if cpu and got_cpu.get(name, 0) != cpu and not any(
                got_cpu.get(o) == cpu for o in want if o != name and want[o] == 0):
            fail(f"{os.path.basename(path)}: {name}: {got_cpu.get(name)} us, binutils' stubs of that name {cpu} us")
    extra = {k: v for k, v in got_cpu.items() if k not in want}
    if extra:
        fail(f"{os.path.basename(path)}: rows binutils names no stub: {list(extra.items())[:5]}")
    mine = [r["name"] for r in views["Top self, your code"] if r["name"].endswith("@plt")]
    if mine:
        fail(f"PLT stubs in 'Top self, your code': {mine}")
    print(f"{os.path.basename(path)}: {n} stubs, {len(want)} names")

# main -> malloc@plt -> libc's malloc (CPU 7): an allocation requested by main; and main -> malloc@plt
# alone (CPU 5): no allocation, the stub is not the allocator
stub_malloc = next(((a, e) for a, e, n in stubs(binaries[0]) if "malloc@plt" in n), None)
libc_malloc = re.search(r"^([0-9a-f]+) [TW] malloc@@", run(["nm", "-D", binaries[2]]), re.M)
if stub_malloc is None or libc_malloc is None or main_sym is None:
    sys.exit("FAIL: no malloc@plt in the lazy build, no malloc in libc.so.6 or no main (nm)")
prof = Profile()
top = prof.frame(0, int(main_sym.group(1), 16) + 4, None)
via = prof.frame(0, stub_malloc[0] + 2, top)
prof.sample(prof.frame(2, int(libc_malloc.group(1), 16) + 4, via), 7)
prof.sample(via, 5)
views = prof.report("alloc")
alloc = {r["name"]: r["values"][0] for r in views["Allocation CPU by requesting function"]}
if alloc != {"main": 7}:
    fail(f"allocation by requester {alloc}, want main 7 (main -> malloc@plt -> malloc; the stub alone is none)")
shutil.rmtree(tmp)
print(f"{total_stubs} stubs in {len(binaries)} binaries:", "FAIL" if bad else "ok", f"({bad} problems)")
sys.exit(1 if bad else 0)
