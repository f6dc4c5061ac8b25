#!/usr/bin/env node
// samply-views.js: the seed's design, which `profan samply` replaces, as the reference for bench/run.sh.
// Read the whole profile (gunzip in memory), JSON.parse it, symbolicate every (library, address)
// with one `addr2line -fC` per library, then compute the six views in JavaScript, keyed by function
// name and weighted by threadCPUDelta: CPU by library, top self, top self and top inclusive in the
// binary (once per sample), nearest binary caller, allocation CPU by requesting caller.
//
// Usage: node samply-views.js PROFILE[.json.gz] [SYMBOL_DIR...]
// A library's file is SYMBOL_DIR/name if it exists, else its recorded path. Prints the totals (for
// bench/run.sh's cross-check) and the top 30 rows of each view.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { spawnSync } = require('child_process');

const [file, ...symDirs] = process.argv.slice(2);
let bytes = fs.readFileSync(file);
if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
const prof = JSON.parse(bytes.toString('utf8')); // throws ERR_STRING_TOO_LONG past 512 MiB
bytes = null;
const libs = prof.libs, binary = prof.meta.product;

// Symbolication: every distinct address of a library, one addr2line process for the library.
const want = libs.map(() => new Set());
for (const t of prof.threads) {
  const ft = t.frameTable, fn = t.funcTable, rt = t.resourceTable;
  for (let i = 0; i < ft.length; i++) {
    const r = fn.resource[ft.func[i]];
    if (ft.address[i] >= 0 && r !== null && r >= 0) want[rt.lib[r]].add(ft.address[i]);
  }
}
const names = libs.map((lib, l) => {
  const found = new Map(), addrs = [...want[l]];
  const where = symDirs.map((d) => path.join(d, lib.name)).concat([lib.path]).find((p) => fs.existsSync(p));
  if (!where || !addrs.length) return found;
  const out = spawnSync('addr2line', ['-f', '-C', '-e', where], {
    input: addrs.map((a) => '0x' + a.toString(16)).join('\n') + '\n', maxBuffer: 1 << 30, encoding: 'utf8',
  });
  const lines = out.stdout.split('\n');
  addrs.forEach((a, k) => { if (lines[2 * k] && lines[2 * k] !== '??') found.set(a, lines[2 * k]); });
  return found;
});

// the allocator entries and container plumbing of profan's defaults (docs/samply.md)
const entry = new RegExp('^(?:malloc|free|calloc|realloc|cfree' +
  '|(?:__GI_)?__libc_(?:malloc|free|calloc|realloc)|__rust_(?:alloc|dealloc|realloc|alloc_zeroed)' +
  '|_?mi_[a-z_]+)$|mimalloc|GlobalAlloc|^alloc::alloc::');
const plumb = new RegExp('alloc::vec|alloc::raw_vec|RawVec|RawTable|hashbrown|indexmap|::reserve' +
  '|finish_grow|\\+0x[0-9a-f]+$');
const byLib = new Map(), self = new Map(), selfBin = new Map(), incl = new Map(), near = new Map();
const alloc = new Map();
const add = (m, k, v) => m.set(k, (m.get(k) || 0) + v);
let total = 0, samples = 0, allocTotal = 0;
for (const t of prof.threads) {
  const s = t.samples;
  if (!s.length) continue;
  const st = t.stackTable, ft = t.frameTable, fn = t.funcTable, rt = t.resourceTable;
  const fkey = ft.address.map((a, i) => {
    const r = fn.resource[ft.func[i]], l = r !== null && r >= 0 ? rt.lib[r] : -1;
    const lib = l >= 0 ? libs[l].name : null;
    const name = (l >= 0 && names[l].get(a)) ||
      (lib ? lib + '+0x' + a.toString(16) : t.stringArray[fn.name[ft.func[i]]]);
    return { name, lib };
  });
  const n = st.length, w = new Float64Array(n);
  let noStack = 0;
  for (let i = 0; i < s.length; i++) {
    const k = s.stack[i], c = s.threadCPUDelta[i];
    if (k === null) noStack += c; else w[k] += c;
    total += c;
  }
  samples += s.length;
  add(byLib, '(no library)', noStack); add(self, '(no stack)', noStack); add(near, '(none)', noStack);
  const parent = st.prefix, key = Array.from(st.frame, (f) => fkey[f]);
  const sub = Float64Array.from(w);
  for (let i = n - 1; i >= 0; i--) if (parent[i] !== null) sub[parent[i]] += sub[i];
  const owned = key.map((k) => k.lib === binary);
  // inclusive, once per sample: a depth-first walk counting each name on the current path
  const kids = Array.from({ length: n }, () => []), roots = [], onPath = new Map();
  for (let i = 0; i < n; i++) (parent[i] === null ? roots : kids[parent[i]]).push(i);
  const enter = (i) => {
    const c = onPath.get(key[i].name) || 0;
    if (!c && owned[i]) add(incl, key[i].name, sub[i]);
    onPath.set(key[i].name, c + 1);
  };
  for (const r of roots) {
    const todo = [[r, 0]];
    enter(r);
    while (todo.length) {
      const top = todo[todo.length - 1], ks = kids[top[0]];
      if (top[1] < ks.length) { const c = ks[top[1]++]; enter(c); todo.push([c, 0]); }
      else { onPath.set(key[top[0]].name, onPath.get(key[top[0]].name) - 1); todo.pop(); }
    }
  }
  const nearest = new Int32Array(n), outer = new Int32Array(n), caller = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = parent[i], k = key[i];
    nearest[i] = owned[i] ? i : p === null ? -1 : nearest[p];
    const isE = entry.test(k.name), isP = plumb.test(k.name);
    outer[i] = p !== null && outer[p] >= 0 ? outer[p] : isE ? i : -1;
    caller[i] = !isE && !isP ? i : p === null ? -1 : caller[p];
    if (!w[i]) continue;
    add(byLib, k.lib || '(no library)', w[i]);
    add(self, k.name, w[i]);
    if (owned[i]) add(selfBin, k.name, w[i]);
    else add(near, nearest[i] >= 0 ? key[nearest[i]].name : '(none)', w[i]);
    if (outer[i] >= 0) {
      const up = parent[outer[i]], c = up === null ? -1 : caller[up];
      add(alloc, c >= 0 ? key[c].name : '(none)', w[i]);
      allocTotal += w[i];
    }
  }
}
console.log(`total ${(total / 1000).toFixed(2)} ms in ${samples} samples`);
const show = (title, m) => {
  console.log(`\n=== ${title} ===`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${(100 * v / total).toFixed(2).padStart(8)}% ${(v / 1000).toFixed(2).padStart(12)} ms ${k}`);
};
show('CPU by library (self)', byLib);
show('Top self, all code', self);
show(`Top self, ${binary} only`, selfBin);
show(`Top inclusive, ${binary} only`, incl);
show(`Library and kernel CPU credited to the nearest ${binary} caller`, near);
show(`Allocation CPU by requesting caller: ${(100 * allocTotal / total).toFixed(2)}% of all CPU`, alloc);
