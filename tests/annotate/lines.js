'use strict';
// lines.js: a script whose hot function's lines have costs fixed by design, for profan
// --annotate (tests/annotate). work() runs the same round, x = (x * 31 + i) | 0, on two lines:
// R rounds on the first loop's line, 3R on the second's, so by design its self time splits
// about 1 : 3 over them. Run: node --cpu-prof lines.js [R in millions]
function work(n) {
	let x = 0;
	for (let i = 0; i < n; i++) x = (x * 31 + i) | 0;
	for (let i = 0; i < 3 * n; i++) x = (x * 31 + i) | 0;
	return x;
}

const rounds = (Number(process.argv[2]) || 20) * 1e6;
let sink = 0;
for (let k = 0; k < 10; k++) sink = (sink * 7 + work(rounds / 10 + k)) | 0;
console.log(sink);
