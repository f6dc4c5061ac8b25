// Fixture generator: a CPU-bound script whose design fixes the profile's shape.
//   hot()   runs 3x the iterations of warm(), with its own loop (no shared callee to inline),
//   fib()   is recursive, so its inclusive time must be counted once per sample,
//   an anonymous arrow and two eval'd copies of one function test function identity,
//   churn() allocates short-lived arrays so the garbage collector shows up.
// Run: node --cpu-prof --cpu-prof-interval 500 --cpu-prof-name hot.cpuprofile hot.js
'use strict';
function hot(n) {
	let x = 0;
	for (let i = 0; i < n * 3; i++)
		x = (x * 31 + i) | 0;
	return x;
}
function warm(n) {
	let x = 0;
	for (let i = 0; i < n; i++)
		x = (x * 17 + i) | 0;
	return x;
}
function fib(n) {
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
const fns = [];
fns.push((n) => { let s = 0; for (let i = 0; i < n; i++) s += Math.sqrt(i); return s; });
const anon = fns[0]; // pushed as an argument, so V8 infers no name: functionName ""
const src = '(function evaled(n) { let y = 1; for (let i = 0; i < n; i++) y = (y * 7 + i) % 1000003; return y; })';
const evaledA = eval(src), evaledB = eval(src);
function churn(n) {
	let keep = 0;
	for (let i = 0; i < n; i++)
		keep += new Array(64).fill(i).length;
	return keep;
}
let sink = 0;
const deadline = Date.now() + Number(process.argv[2] || 600);
while (Date.now() < deadline) {
	sink += hot(300000) + warm(300000) + fib(18) + anon(100000);
	sink += evaledA(50000) + evaledB(50000) + churn(20000);
}
console.log(sink & 1);
