// work.js: two node programs in one for `profan ab --cpuprof` (tests/ab/ab_cpuprof.py).
// `node work.js K`: per round hot() runs K units of work and steady_1() ... steady_8() 12 units
// each, every unit the same 20,000 steps written out in each function (no shared callee to
// inline): `node work.js 5` against `node work.js 10` doubles hot() and changes nothing else.
// hot() is about 5 % of the run, then 9.4 %, so that even judged by shares (V8's gaps, the
// default weight) the 4.4 points it gains cost each steady function only half a point.
"use strict";

const UNIT = 20000;

function hot(k) {
	let s = 1;
	for (let n = 0; n < k * UNIT; n++)
		s = (s * 1103515245 + 12345) % 2147483648;
	return s;
}

function steady_1() { let s = 1; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }
function steady_2() { let s = 2; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }
function steady_3() { let s = 3; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }
function steady_4() { let s = 4; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }
function steady_5() { let s = 5; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }
function steady_6() { let s = 6; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }
function steady_7() { let s = 7; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }
function steady_8() { let s = 8; for (let n = 0; n < 12 * UNIT; n++) s = (s * 1103515245 + 12345) % 2147483648; return s; }

const k = Number(process.argv[2] || 5);
let total = 0;
for (let round = 0; round < 10; round++)
	total += hot(k) + steady_1() + steady_2() + steady_3() + steady_4() + steady_5() + steady_6() + steady_7() +
		 steady_8();
if (total === 42)
	console.log(total); // the work's result is used
