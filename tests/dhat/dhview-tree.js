#!/usr/bin/env node
// dhview-tree.js: the tree valgrind's own viewer (dh_view.js) builds for a DHAT file, as rows.
//
// Runs the installed /usr/libexec/valgrind/dh_view.js (not a copy) in a node vm context with
// the few browser globals its tree code touches, then walks its tree the way its display does:
// frames as its display writes them (ftbl's text), significance from its own sig functions, insignificant siblings aggregated, siblings sorted
// by its own comparator. Prints one JSON row per line: [depth, value, label].
// Usage: node dhview-tree.js DH_VIEW_JS FILE METRIC_INDEX (0-13, dh_view's drop-down order)
'use strict';
const fs = require('fs');
const vm = require('vm');

const [viewer, file, metricArg] = process.argv.slice(2);
const metric = Number(metricArg);
const ctx = vm.createContext({ console, Intl, performance: { now: () => 0 }, document: {} });
vm.runInContext(fs.readFileSync(viewer, 'utf8'), ctx, { filename: viewer });
ctx.__text = fs.readFileSync(file, 'latin1').replace(/"fs":\]/g, '"fs":[]');
ctx.__metric = metric;
const rows = vm.runInContext(`
  gData = JSON.parse(__text);
  gSelect = { childNodes: gSelectData.map(() => ({})), selectedIndex: __metric };
  buildTree();
  const data = gSelectData[__metric];
  const cmp = (a, b) => {
    const s = b[data.cmpField] - a[data.cmpField];
    return s !== 0 ? s : b._totalBytes - a._totalBytes;
  };
  sigTree(gRoot, data.sig);
  const out = [];
  const strip = (f) => gData.ftbl[f];
  function walk(t, depth) {
    let label = t._frames.map(strip).join(' <- ');
    if (t === gRoot) label = t._frames.length > 1 ? '[root] <- ' + t._frames.slice(1).map(strip).join(' <- ') : '[root]';
    out.push([depth, t[data.cmpField], label, t._sig === kSigDesc]);
    if (!t._kids) return;
    const kids = [];
    let agg = null;
    for (const k of t._kids) {
      if (k._sig !== kSigNone) { kids.push(k); continue; }
      if (!agg) { agg = { _n: 0, _totalBytes: 0, [data.cmpField]: 0, _agg: true }; kids.push(agg); }
      agg._n++;
      agg._totalBytes += k._totalBytes;
      if (data.cmpField !== '_totalBytes') agg[data.cmpField] += k[data.cmpField];
    }
    kids.sort(cmp);
    for (const k of kids) {
      if (k._agg) out.push([depth + 1, k[data.cmpField], '[' + k._n + ' insignificant]', false]);
      else walk(k, depth + 1);
    }
  }
  walk(gRoot, 0);
  out;
`, ctx);
for (const r of rows) process.stdout.write(JSON.stringify(r) + '\n');
