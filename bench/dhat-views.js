#!/usr/bin/env node
// dhat-views.js: the views of `profan dhat` written independently in plain JavaScript.
//
// Two uses: the reference run for bench/dhat.sh (what a script user does today), and an
// oracle for tests/dhat/crosscheck.sh, which compares its numbers with `profan dhat --json`.
// Usage: node dhat-views.js FILE [--metric gb|tb|eb|...] [--where RE]... [--not RE]... [--plumbing RE]...
'use strict';
const fs = require('fs');

const args = process.argv.slice(2);
const file = args[0];
let metric = null;
const where = [], not = [], wrappers = [];
for (let i = 1; i < args.length; i += 2) {
  if (args[i] === '--metric') metric = args[i + 1];
  else if (args[i] === '--where') where.push(new RegExp(args[i + 1], 'u'));
  else if (args[i] === '--not') not.push(new RegExp(args[i + 1], 'u'));
  else if (args[i] === '--plumbing') wrappers.push(new RegExp(args[i + 1], 'u'));
}

let text = fs.readFileSync(file, 'latin1'); // raw bytes: DHAT does not promise UTF-8
text = text.replace(/"fs":\]/g, '"fs":[]');   // DHAT's invalid output for fully filtered stacks
const d = JSON.parse(text);
const v1 = d.dhatFileVersion === 1;
const pps = v1 ? d.aps : d.pps;
const bklt = v1 ? true : d.bklt;
const key = { tb: 'tb', tbk: 'tbk', gb: 'gb', gbk: 'gbk', eb: v1 ? 'fb' : 'eb', ebk: v1 ? 'fbk' : 'ebk',
              rb: 'rb', wb: 'wb', tl: v1 ? 'tli' : 'tl' };
metric = metric || (bklt ? 'gb' : 'tb');
const companion = { gb: 'gbk', gbk: 'gb', tb: 'tbk', tbk: 'tb', eb: 'ebk', ebk: 'eb', rb: 'tb', wb: 'tb' }[metric];
const exe = d.cmd.split(' ')[0];
const base = (p) => p.slice(p.lastIndexOf('/') + 1);

// One spelling per function, as docs/symbolication.md states it: no clone suffix, Rust hash,
// parameter list or template arguments ("make_nodes(unsigned long) [clone .constprop.0]" is
// "make_nodes").
function simplify(n) {
  if (n === '???' || n.startsWith('[') || n.startsWith('(')) return n;
  n = n.replace(/ \[clone [^\]]*\]/g, '').replace(/::h[0-9a-f]{16}$/, '').replace(/@.*$/, '');
  n = n.replace(/\{closure#\d+\}/g, '{{closure}}').replace(/^<([\w:]+)>::/, '$1::');
  n = n.replace(/(\.(constprop|isra|part|cold|lto_priv|llvm)(\.\d+)?)+$/, '');
  n = n.replace(/( const| volatile| &&| &)+$/, '');
  if (n.endsWith(')')) {
    for (let i = n.length - 1, depth = 0; i >= 0; i--) {
      if (n[i] === ')') depth++;
      else if (n[i] === '(' && --depth === 0) { n = n.slice(0, i); break; }
    }
  }
  let out = '', depth = 0;
  for (let i = 0; i < n.length; i++) {
    const c = n[i];
    // template or generic arguments follow a name; "<X as Tr>" opens a path
    if (c === '<' && (depth > 0 || (i > 0 && /[\w>]/.test(n[i - 1])))) { depth++; continue; }
    if (c === '>' && depth > 0) { if (n[i - 1] !== '-') depth--; continue; } // "fn(&str) -> T"
    if (depth === 0) out += c;
  }
  return out;
}

// frame text -> {name, file, obj, line, text}
function split(s) {
  let rest = s, m = /^0x[0-9A-Fa-f]+: /.exec(s);
  if (m) rest = s.slice(m[0].length);
  const f = { name: rest, file: null, obj: null, line: 0, addr: m ? parseInt(m[0].slice(2), 16) : -1 };
  if (rest.endsWith(')')) {
    const open = rest.lastIndexOf(' (');
    if (open > 0) {
      const loc = rest.slice(open + 2, -1);
      const lm = /^(.*):(\d+)$/.exec(loc);
      if (loc.startsWith('in ')) { f.obj = loc.slice(3); f.name = rest.slice(0, open); }
      else if (lm && lm[1] !== '') { f.file = lm[1]; f.line = +lm[2]; f.name = rest.slice(0, open); }
    }
  }
  f.name = simplify(f.name);
  f.text = f.file ? `${f.name} (${f.file}:${f.line})` : f.obj ? `${f.name} (in ${f.obj})` : f.name;
  if (m && f.name === '???' && f.obj !== null && f.obj !== '???') f.text = m[0] + f.text; // keep the address
  return f;
}

const sysNames = /^(std::|__gnu_cxx::|__cxxabiv1::|__cxx11::|alloc::|core::|<alloc::|<core::|<std::|hashbrown::|<hashbrown::|\[root\]|\(below main\)|_dl_|__libc_)/;
const sysFile = (file) => {
  const b = base(file);
  return /^(\/usr\/|\/lib\/|\/lib64\/|\/rustc\/|\/build\/glibc|library\/|bits\/|ext\/)/.test(file) ||
    /\/(\.cargo\/registry|\.rustup|rustlib|bits|c\+\+|valgrind)\/|\/glibc-/.test(file) ||
    ['libc-start.c', 'libc_start_call_main.h', 'new_allocator.h', 'alloc_traits.h', 'allocator.h',
     'basic_string.h', 'char_traits.h', 'unique_ptr.h', 'ptr_traits.h', 'move.h', 'invoke.h',
     'std_function.h', 'malloc.c', 'arena.c', 'obmalloc.c', 'rtld-malloc.h'].includes(b) ||
    b.endsWith('.tcc') || /^(stl_|hashtable|shared_ptr|dl-|rtld|vg_replace_)/.test(b);
};
const rustInline = (name, file) => {
  if (!file.endsWith('.rs') || file.includes('/')) return false;
  const p = name.startsWith('<') ? name.slice(1) : name;
  return !p.split('<')[0].includes('::');
};
// valgrind maps the executable below 0x4000000 and shared objects above (unless the exe is seen there)
const SHARED_FROM = 0x4000000;
let layoutKnown = true;
// a Rust program's bare `main` without debug information is the C main rustc generates
let rustProgram = false;
function owned(f) {
  if (sysNames.test(f.name)) return false;
  if (rustProgram && f.name === 'main' && f.file === null) return false;
  if (f.obj !== null) return base(f.obj) === base(exe);
  const shared = layoutKnown && f.addr >= SHARED_FROM;
  if (f.file !== null) return !shared && !sysFile(f.file) && !rustInline(f.name, f.file);
  return false;
}
const plumbing = new RegExp(
  '^(malloc|calloc|realloc|reallocarray|free|memalign|posix_memalign|aligned_alloc|valloc|pvalloc' +
  '|operator new|operator new\\[\\]|strdup|strndup|__strdup|__strndup|xmalloc|xcalloc|xrealloc' +
  '|xreallocarray|xstrdup|xstrndup|xasprintf|g_malloc|g_malloc0|g_realloc|g_try_malloc' +
  '|PyMem_\\w+|PyObject_(Malloc|Calloc|Realloc)|_PyObject_\\w*|_PyMem_\\w+|__rust_alloc\\w*' +
  '|__rust_realloc|__rdl_\\w+|__rg_\\w+|exchange_malloc|do_alloc|alloc_impl|gc_alloc' +
  '|PyType_GenericAlloc|_PyType_AllocNoTrack)\\b' +
  '|\\(in [^)]*/vgpreload_[^)]*\\)$|\\(vg_replace_\\w+\\.c:' +
  '|^(std::|__gnu_cxx::)(__new_allocator|new_allocator|allocator|allocator_traits|_Vector_base' +
  '|_Hashtable_alloc|__cxx11::basic_string)' +
  '|(^|::|<)(RawVec|RawVecInner|raw_vec|hashbrown|finish_grow|do_reserve_and_handle|grow_one' +
  '|grow_amortized|reserve_for_push)' +
  '|^(alloc|allocate|allocate_in|_M_allocate|_M_create|_M_get_node|_M_allocate_node' +
  '|_M_allocate_buckets|_M_realloc_insert|_M_realloc_append) \\(', 'u');

// a dependency's frame: a library of its own (not the executable, not the system's), or a named
// crate or namespace that is not the runtime's and not the program's
const sysDirs = /^\/(usr|lib|lib32|lib64|nix\/store|gnu\/store|snap)\//;
function dependency(f) {
  if (f.owned) return false;
  if (f.obj !== null) return f.obj !== '???' && !sysDirs.test(f.obj) && base(f.obj) !== base(exe);
  return !sysNames.test(f.name) && /^<?\w+::/.test(f.name);
}

const split_all = d.ftbl.map(split);
rustProgram = split_all.some((f) => f.name.startsWith('std::rt::lang_start') || /^\/rustc\/[0-9a-f]{40}\//.test(f.file || ''));
layoutKnown = !split_all.some((f) => f.obj !== null && f.addr >= SHARED_FROM && base(f.obj) === base(exe));
const frames = split_all.map((f) => {
  f.owned = owned(f);
  f.plumbing = plumbing.test(f.text) || wrappers.some((re) => re.test(f.text));
  f.dependency = dependency(f);
  f.fkey = f.name + '|' + (f.file !== null ? f.file : f.obj !== null && f.obj !== '???' && f.name !== '???' ? '[' + base(f.obj) + ']' : '');
  return f;
});

const val = (pp, k) => (key[k] in pp ? pp[key[k]] : 0);
const sum = { tb: 0, tbk: 0, gb: 0, gbk: 0, eb: 0, ebk: 0 };
const sites = new Map(), funcs = new Map(), where_ = new Map();
const add = (map, k, v) => {
  const e = map.get(k);
  if (e) { e[0] += v[0]; e[1] += v[1]; e[2] += v[2]; } else map.set(k, v.slice());
};
for (const pp of pps) {
  for (const k in sum) sum[k] += val(pp, k);
  const fr = pp.fs.map((i) => frames[i]);
  if (where.some((re) => !fr.some((f) => re.test(f.text)))) continue;
  if (not.some((re) => fr.some((f) => re.test(f.text)))) continue;
  const v = [val(pp, metric), companion ? val(pp, companion) : 0, val(pp, 'tb')];
  // site: the first frame of the program's own code that is not allocator plumbing; else the first
  // frame of a dependency past the plumbing, else the first one past it, else the innermost
  const mine = fr.find((f) => f.owned && !f.plumbing);
  const other = fr.find((f) => !f.plumbing && f.dependency) || fr.find((f) => !f.plumbing) || fr[0];
  const site = mine || other;
  add(sites, site ? site.text : '(empty stack)', v);
  add(where_, mine ? mine.fkey : '(no frame of your code)|', v);
  const seen = new Set();
  for (const f of fr) {
    if (!f.owned || seen.has(f.fkey)) continue;
    seen.add(f.fkey);
    add(funcs, f.fkey, v);
  }
}
const nonzero = (m) => Object.fromEntries([...m].filter(([, v]) => v[0] !== 0 || v[1] !== 0));
process.stdout.write(JSON.stringify({ metric, total: [sum.tb, sum.tbk], gmax: [sum.gb, sum.gbk],
  end: [sum.eb, sum.ebk], sites: nonzero(sites), functions_self: nonzero(where_), functions: nonzero(funcs) }) + '\n');
