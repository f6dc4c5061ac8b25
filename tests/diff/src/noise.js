// A/B workload for profan diff's noise tests (tests/diff/, recorded by record.sh): five
// functions, each with a loop of its own so each has its own self time. Variant B runs
// `planted` 1.5 times as many iterations: its time grows by half, the others' stay.
//   node --cpu-prof --cpu-prof-interval 1000 noise.js A|B
// (`node noise.js cal` prints each function's cost per iteration, to size the loops.)
const variant = process.argv[2] || 'A';
function tokenize(n) { let x = 1; for (let i = 0; i < n; i++) x = (x * 48271 + i) % 2147483647; return x; }
function parse(n) { let x = 2; for (let i = 0; i < n; i++) x = Math.imul(x ^ i, 0x9e3779b1) >>> 7; return x; }
function layout(n) { let x = 0.5; for (let i = 0; i < n; i++) x = Math.sqrt(x * x + i) - x; return x; }
function planted(n) { let x = 3; for (let i = 0; i < n; i++) x = (Math.imul(x, 69069) + i) % 1000003; return x; }
function render(n) { let h = 0; for (let i = 0; i < n; i++) h = (h * 31 + (i & 255)) % 65521; return h; }
function main() {
	let acc = 0;
	const scale = variant === 'B' ? 1.5 : 1;
	for (let k = 0; k < 50; k++) {
		acc += tokenize(N.tokenize);
		acc += parse(N.parse);
		acc += layout(N.layout);
		acc += planted(N.planted * scale);
		acc += render(N.render);
	}
	return acc;
}
const N = {tokenize: 2e5, parse: 1.6e6, layout: 3.5e5, planted: 1.1e5, render: 5.6e5};
if (variant === 'cal') {
	for (const f of [tokenize, parse, layout, planted, render]) {
		const t = process.hrtime.bigint(); f(1e7); console.log(f.name, Number(process.hrtime.bigint() - t) / 1e7, 'ns/iter');
	}
} else console.log(main());
