# expect_samply.py: independent expectations for a samply profile of the
# fixture binaries: CPU (threadCPUDelta, µs) by innermost function of each
# sample's leaf address, and by outermost function (--no-inline), with names
# from binutils `addr2line -i -f -C`. Usage: python3 expect_samply.py PROFILE DIR [--us]
# (--us: exact microseconds instead of ms with two decimals)
import collections, gzip, json, subprocess, sys

profile, bindir = sys.argv[1], sys.argv[2]
exact = "--us" in sys.argv[3:]
with gzip.open(profile, "rt") as f:
    d = json.load(f)
libs = d["libs"]
inner, outer = collections.Counter(), collections.Counter()
wanted = collections.defaultdict(set)
rows = []
for th in d["threads"]:
    s, st, ft, fn, rt = th["samples"], th["stackTable"], th["frameTable"], th["funcTable"], th["resourceTable"]
    deltas = s.get("threadCPUDelta") or [0] * s["length"]
    for i, stack in enumerate(s["stack"]):
        if stack is None:
            continue
        frame = st["frame"][stack]
        func = ft["func"][frame]
        res = fn["resource"][func]
        lib = rt["lib"][res] if res is not None and res >= 0 else None
        addr = ft["address"][frame]
        key = (libs[lib]["name"], addr) if lib is not None and addr >= 0 else None
        if key:
            wanted[key[0]].add(addr)
        rows.append((key, deltas[i] or 0))
names = {}
for lib, addrs in wanted.items():
    addrs = sorted(addrs)
    out = subprocess.run(["addr2line", "-a", "-i", "-f", "-C", "-e", f"{bindir}/{lib}"] +
                         [hex(a) for a in addrs], capture_output=True, text=True).stdout.splitlines()
    cur = None
    i = 0
    while i < len(out):
        if out[i].startswith("0x"):
            cur = names.setdefault((lib, int(out[i], 16)), [])
            i += 1
        else:
            cur.append(out[i])
            i += 2
for key, cpu in rows:
    chain = names.get(key, ["(unresolved)"]) if key else ["(no address)"]
    inner[chain[0]] += cpu
    outer[chain[-1]] += cpu
total = sum(c for _, c in rows)
print(f"total {total} us")
for title, c in (("self, innermost", inner), ("self, outermost (--no-inline)", outer)):
    print(title)
    for name, v in c.most_common():
        print(f"  {v} us  {name}" if exact else f"  {v / 1000:10.2f} ms  {name}")
