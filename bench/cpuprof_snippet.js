// The same snippet in node: JSON.parse, then sum timeDeltas by functionName, top 20.
'use strict';
const p = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const name = new Map(p.nodes.map((n) => [n.id, n.callFrame.functionName]));
const tot = new Map();
for (let i = 0; i < p.samples.length; i++) {
	const k = name.get(p.samples[i]);
	tot.set(k, (tot.get(k) || 0) + p.timeDeltas[i]);
}
let T = 0;
for (const v of tot.values()) T += v;
for (const [k, v] of [...tot].sort((a, b) => b[1] - a[1]).slice(0, 20))
	console.log(`${(v / 1000).toFixed(1).padStart(10)} ms ${(100 * v / T).toFixed(2).padStart(6)}%  ${k || '(anonymous)'}`);
