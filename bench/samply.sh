#!/usr/bin/env bash
# bench/samply.sh: profan samply on a generated >= 200 MB profile against the reference
# approach (node: JSON.parse, then the same six views in JavaScript), in one run.
#
#   bench/samply.sh [PROFAN] [MB]      default: build/profan, 220 MB
#
# Both sides read the same uncompressed v55 JSON and compute the same views:
# CPU by library, top self, self and inclusive in the binary (once per sample),
# nearest binary caller, and allocation by requesting caller. Prints wall time
# and peak RSS (from /usr/bin/time -v) for each, and the ratios node / profan.
set -euo pipefail
profan=${1:-build/profan}
mb=${2:-220}
dir=${BENCH_DIR:-/tmp/profan-bench-samply}
mkdir -p "$dir"
prof=$dir/big-${mb}mb.json

if [ ! -s "$prof" ]; then
	echo "generating $prof (~$mb MB) ..." >&2
	python3 - "$prof" "$mb" <<'EOF'
import random, sys
path, mb = sys.argv[1], int(sys.argv[2])
rnd = random.Random(42)
threads = 8
per_thread = mb * 1024 * 1024 // 19 // threads  # ~19 bytes of JSON per sample
libs = [("app", "/opt/app/app"), ("libc.so.6", "/usr/lib/libc.so.6"), ("libm.so.6", "/usr/lib/libm.so.6")]
out = open(path, "w")
w = out.write
w('{"meta":{"version":24,"preprocessedProfileVersion":55,"interval":1.0,"product":"app",'
  '"sampleUnits":{"time":"ms","eventDelay":"ms","threadCPUDelta":"\u00b5s"}},"libs":[')
w(",".join('{"name":"%s","path":"%s","debugName":"%s","debugPath":"%s","breakpadId":"%s","codeId":null,'
           '"arch":null}' % (n, p, n, p, "0" * 33) for n, p in libs))
w('],"threads":[')
def arr(xs):
    return "[" + ",".join(map(str, xs)) + "]"
for t in range(threads):
    nframes, nstacks = 20000, 120000
    lib_of = [0 if r < 0.6 else 1 if r < 0.9 else 2 for r in (rnd.random() for _ in range(nframes))]
    addr = [rnd.randrange(0x1000, 0x400000) for _ in range(nframes)]
    names, sidx = [], {}
    def s(x):
        if x not in sidx:
            sidx[x] = len(names); names.append(x)
        return sidx[x]
    for n, _ in libs: s(n)
    fname = [s("0x%x" % a) for a in addr]
    parent, depth = [], []
    for i in range(nstacks):  # a tree of realistic depth (at most 80 frames)
        p = None if i < 4 or rnd.random() < 0.001 else rnd.randrange(max(0, i - 64), i)
        if p is not None and depth[p] >= 80:
            p = None
        parent.append(p)
        depth.append(0 if p is None else depth[p] + 1)
    frame = [rnd.randrange(nframes) for _ in range(nstacks)]
    n = per_thread
    stacks = [rnd.randrange(nstacks) if rnd.random() < 0.999 else None for _ in range(n)]
    cpu = [rnd.randrange(0, 2000) for _ in range(n)]
    w(('' if t == 0 else ',') + '{"name":"worker-%d","processName":"app","pid":"100","tid":"%d","isMainThread":%s,'
      % (t, 100 + t, "true" if t == 0 else "false"))
    w('"stringArray":' + "[" + ",".join('"%s"' % x for x in names) + "],")
    w('"resourceTable":{"length":3,"lib":[0,1,2],"name":[0,1,2],"host":[null,null,null],"type":[1,1,1]},')
    w('"funcTable":{"length":%d,"name":%s,"resource":%s,"isJS":[],"relevantForJS":[]},' % (nframes, arr(fname), arr(lib_of)))
    w('"frameTable":{"length":%d,"address":%s,"func":%s,"inlineDepth":%s},' % (nframes, arr(addr), arr(range(nframes)), arr([0] * nframes)))
    w('"stackTable":{"length":%d,"frame":%s,"prefix":%s},' % (nstacks, arr(frame), arr("null" if p is None else p for p in parent)))
    w('"samples":{"length":%d,"stack":%s,"timeDeltas":%s,"weight":%s,"threadCPUDelta":%s,"weightType":"samples"}}'
      % (n, arr("null" if x is None else x for x in stacks), arr([1.0] * n), arr([1] * n), arr(cpu)))
w('],"pages":[],"counters":[]}')
out.close()
EOF
fi
ls -l "$prof" | awk '{printf "input: %s, %.0f MB\n", $9, $5 / 1048576}'

js=$dir/reference.js
cat >"$js" <<'EOF'
// The reference approach: JSON.parse the whole file, then the six views with per-node folding.
const fs = require("fs");
const prof = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const libs = prof.libs, binary = prof.meta.product;
const entry = /^(?:malloc|free|calloc|realloc|cfree|__libc_(?:malloc|free|calloc|realloc)|__rust_(?:alloc|dealloc|realloc|alloc_zeroed)|_?mi_[a-z_]+)$|mimalloc|GlobalAlloc|^alloc::alloc::/;
const plumb = /alloc::vec|alloc::raw_vec|RawVec|RawTable|hashbrown|indexmap|::reserve|finish_grow|^0x[0-9a-f]+$|\+0x[0-9a-f]+$/;
const byLib = new Map(), self = new Map(), incl = new Map(), near = new Map(), alloc = new Map();
const add = (m, k, v) => m.set(k, (m.get(k) || 0) + v);
for (const t of prof.threads) {
  const s = t.samples; if (!s.length) continue;
  const str = t.stringArray, st = t.stackTable, ft = t.frameTable, fn = t.funcTable, rt = t.resourceTable;
  const fkey = ft.address.map((a, i) => {
    const f = ft.func[i], r = fn.resource[f], lib = r >= 0 ? libs[rt.lib[r]].name : null;
    const name = str[fn.name[f]];
    return { name: a >= 0 && lib && name === "0x" + a.toString(16) ? lib + "+0x" + a.toString(16) : name, lib };
  });
  const n = st.length, w = new Float64Array(n);
  let noStack = 0;
  for (let i = 0; i < s.length; i++) { const k = s.stack[i]; if (k === null) noStack += s.threadCPUDelta[i]; else w[k] += s.threadCPUDelta[i]; }
  add(byLib, "(no library)", noStack); add(self, "(no stack)", noStack);
  const parent = st.prefix, key = Array.from(st.frame, f => fkey[f]);
  const sub = Float64Array.from(w);
  for (let i = n - 1; i >= 0; i--) if (parent[i] !== null) sub[parent[i]] += sub[i];
  const owned = key.map(k => k.lib === binary), nearest = new Int32Array(n), outer = new Int32Array(n), caller = new Int32Array(n);
  // inclusive, once per sample: depth-first walk counting each name on the current path
  const kids = Array.from({ length: n }, () => []), roots = [], onPath = new Map();
  for (let i = 0; i < n; i++) (parent[i] === null ? roots : kids[parent[i]]).push(i);
  for (const r of roots) {
    const todo = [[r, 0]];
    const enter = i => { const c = onPath.get(key[i].name) || 0; if (!c && owned[i]) add(incl, key[i].name, sub[i]); onPath.set(key[i].name, c + 1); };
    enter(r);
    while (todo.length) {
      const top = todo[todo.length - 1], ks = kids[top[0]];
      if (top[1] < ks.length) { const c = ks[top[1]++]; enter(c); todo.push([c, 0]); }
      else { onPath.set(key[top[0]].name, onPath.get(key[top[0]].name) - 1); todo.pop(); }
    }
  }
  for (let i = 0; i < n; i++) {
    const p = parent[i], k = key[i];
    nearest[i] = owned[i] ? i : p === null ? -1 : nearest[p];
    const isE = entry.test(k.name), isP = plumb.test(k.name);
    outer[i] = p !== null && outer[p] >= 0 ? outer[p] : isE ? i : -1;
    caller[i] = !isE && !isP ? i : p === null ? -1 : caller[p];
    if (!w[i]) continue;
    add(byLib, k.lib || "(no library)", w[i]); add(self, k.name, w[i]);
    if (!owned[i]) add(near, nearest[i] >= 0 ? key[nearest[i]].name : "(none)", w[i]);
    if (outer[i] >= 0) { const up = parent[outer[i]], c = up === null ? -1 : caller[up]; add(alloc, c >= 0 ? key[c].name : "(none)", w[i]); }
  }
  add(near, "(none)", noStack);
}
const top = m => [...m].sort((a, b) => b[1] - a[1]).slice(0, 30);
const out = { byLib: top(byLib), self: top(self), selfBin: top(new Map([...self].filter(([k]) => k.startsWith(binary + "+")))),
  incl: top(incl), near: top(near), alloc: top(alloc) };
process.stdout.write(JSON.stringify(out).length + " bytes of results\n");
EOF

measure() { # label, command...: prints "label seconds kilobytes"
	local label=$1; shift
	/usr/bin/time -v "$@" >/dev/null 2>"$dir/time-$label.txt" || { cat "$dir/time-$label.txt" >&2; exit 1; }
	local wall rss
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$dir/time-$label.txt")
	rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time-$label.txt")
	echo "$label $wall $rss"
}

cat "$prof" >/dev/null # warm the page cache for both
read -r _ p_s p_kb < <(measure profan "$profan" samply "$prof" --top 30 --threads -q)
read -r _ n_s n_kb < <(measure node node --max-old-space-size=20000 --stack-size=65500 "$js" "$prof")
awk -v ps="$p_s" -v pk="$p_kb" -v ns="$n_s" -v nk="$n_kb" 'BEGIN {
	printf "%-8s %9s %12s\n", "", "time", "peak RSS"
	printf "%-8s %8.2fs %9.0f MB\n", "profan", ps, pk / 1024
	printf "%-8s %8.2fs %9.0f MB\n", "node", ns, nk / 1024
	printf "ratio node/profan: time %.2fx, peak RSS %.2fx\n", ns / ps, nk / pk
}'
