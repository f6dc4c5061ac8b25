// Fixture generator: runs kernel.wat's run() in a loop (argv[2] = module, argv[3] = ms).
// Run: node --cpu-prof --cpu-prof-interval 500 --cpu-prof-name X.cpuprofile wasm_run.js kernel-named.wasm
'use strict';
const fs = require('fs');
const bytes = fs.readFileSync(process.argv[2]);
let ticks = 0;
const imports = { env: { tick(n) { for (let i = 0; i < 1000; i++) ticks += i & n; return ticks | 0; } } };
const { run } = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports).exports;
let sink = 0;
const deadline = Date.now() + Number(process.argv[3] || 600);
while (Date.now() < deadline)
	sink += run(400000);
console.log(sink & 1);
