# A module without a name section: wasm-function[N] frames, the warning, and --wasm
# naming them from the named build (same code section, so the body offsets agree).
# Numbers: tests/cpuprof/check.py (wasm-stripped.cpuprofile/before and wasm-names).
$ profan cpuprof --top 5 cpuprof/wasm-stripped.cpuprofile
Input:        cpuprof/wasm-stripped.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        511.48 ms in 850 samples
Samples:      850 over 511.69 ms, median interval 0.595 ms
Your code:    5 functions in file:///tmp/profan-cpuprof-gen/wasm_run.js, wasm://wasm/ea1dd20a; not yours: runtime (node, v8: 45 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.45%, (idle) 0.11%
WebAssembly:  97.65% self in wasm functions (97.65% in unnamed wasm-function[N]), 0.00% in JS<->wasm wrappers
warning: 97.6% of the time is in wasm-function[N] frames: the module was built without a name section. Rebuild keeping it (emcc --profiling-funcs; wasm-ld without --strip-all/--strip-debug; wasm-opt --debuginfo), or name the frames here with --wasm MODULE.wasm (a named build)

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   76.05%  388.99 ms    76.05%  388.99 ms  wasm-function[1]  wasm://wasm/ea1dd20a +0x33
   20.17%  103.17 ms    20.17%  103.17 ms  wasm-function[2]  wasm://wasm/ea1dd20a +0x5f
    1.42%    7.28 ms     1.42%    7.28 ms  wasm-function[3]  wasm://wasm/ea1dd20a +0x88
    0.45%    2.32 ms     0.45%    2.32 ms  (program)  [v8]
    0.15%    0.76 ms     0.15%    0.76 ms  patchProcessObject  node:internal/process/pre_execution:223:28  [node]
  ... 15 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   76.05%  388.99 ms  wasm-function[1]  wasm://wasm/ea1dd20a +0x33
   20.17%  103.17 ms  wasm-function[2]  wasm://wasm/ea1dd20a +0x5f
    1.42%    7.28 ms  wasm-function[3]  wasm://wasm/ea1dd20a +0x88
    1.32%    6.73 ms  (no frame of your code)
    1.04%    5.31 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/wasm_run.js:1:1

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%     Self  Function
   99.43%  508.58 ms     0.00%  0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   99.04%  506.57 ms     0.00%  0.00 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   98.80%  505.36 ms     0.00%  0.00 ms  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   98.80%  505.36 ms     0.12%  0.61 ms  Module.load  node:internal/modules/cjs/loader:1257:33  [node]
   98.68%  504.75 ms     0.12%  0.61 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/wasm_run.js:1:1
  ... 45 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   97.65%  499.44 ms  wasm://wasm/ea1dd20a
    0.68%    3.50 ms  (native and VM: no url)
    0.27%    1.38 ms  node:internal/process/pre_execution
    0.24%    1.21 ms  node:internal/modules/cjs/loader
    0.12%    0.63 ms  node:internal/util
  ... 9 more rows (raise --top to see them)
$ profan cpuprof --top 5 --wasm cpuprof/kernel-named.wasm cpuprof/wasm-stripped.cpuprofile
Input:        cpuprof/wasm-stripped.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        511.48 ms in 850 samples
Samples:      850 over 511.69 ms, median interval 0.595 ms
Wasm names:   4 functions named from cpuprof/kernel-named.wasm
Your code:    5 functions in file:///tmp/profan-cpuprof-gen/wasm_run.js, wasm://wasm/ea1dd20a; not yours: runtime (node, v8: 45 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.45%, (idle) 0.11%
WebAssembly:  97.65% self in wasm functions (0.00% in unnamed wasm-function[N]), 0.00% in JS<->wasm wrappers

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   76.05%  388.99 ms    76.05%  388.99 ms  heavy  wasm://wasm/ea1dd20a +0x33
   20.17%  103.17 ms    20.17%  103.17 ms  light  wasm://wasm/ea1dd20a +0x5f
    1.42%    7.28 ms     1.42%    7.28 ms  rec  wasm://wasm/ea1dd20a +0x88
    0.45%    2.32 ms     0.45%    2.32 ms  (program)  [v8]
    0.15%    0.76 ms     0.15%    0.76 ms  patchProcessObject  node:internal/process/pre_execution:223:28  [node]
  ... 15 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   76.05%  388.99 ms  heavy  wasm://wasm/ea1dd20a +0x33
   20.17%  103.17 ms  light  wasm://wasm/ea1dd20a +0x5f
    1.42%    7.28 ms  rec  wasm://wasm/ea1dd20a +0x88
    1.32%    6.73 ms  (no frame of your code)
    1.04%    5.31 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/wasm_run.js:1:1

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%     Self  Function
   99.43%  508.58 ms     0.00%  0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   99.04%  506.57 ms     0.00%  0.00 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   98.80%  505.36 ms     0.00%  0.00 ms  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   98.80%  505.36 ms     0.12%  0.61 ms  Module.load  node:internal/modules/cjs/loader:1257:33  [node]
   98.68%  504.75 ms     0.12%  0.61 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/wasm_run.js:1:1
  ... 45 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   97.65%  499.44 ms  wasm://wasm/ea1dd20a
    0.68%    3.50 ms  (native and VM: no url)
    0.27%    1.38 ms  node:internal/process/pre_execution
    0.24%    1.21 ms  node:internal/modules/cjs/loader
    0.12%    0.63 ms  node:internal/util
  ... 9 more rows (raise --top to see them)
