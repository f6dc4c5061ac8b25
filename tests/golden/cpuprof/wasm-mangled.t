# Names of a wasm name section as compilers write them (_Z5heavyi, Rust legacy
# _ZN6kernel3run17h...E) are demangled as native names are, whether V8 read them
# (wasm-mangled.cpuprofile) or --wasm did. Numbers and names: tests/cpuprof/check.py
# (wasm-mangled.cpuprofile/before, wasm-names-mangled), names through binutils' c++filt. Tree rows
# carry the location the tables show, so the two (anonymous) rows are told apart.
$ profan cpuprof --top 4 cpuprof/wasm-mangled.cpuprofile
Input:        cpuprof/wasm-mangled.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        627.71 ms in 680 samples
Samples:      680 over 628.59 ms, median interval 0.603 ms
Your code:    5 functions in file:///tmp/wm/wasm_run.js, wasm://wasm/292763a6; not yours: runtime (node, v8: 67 functions)
VM shares:    (garbage collector) 1.09%, (program) 7.79%, (idle) 0.42%
WebAssembly:  79.21% self in wasm functions (0.00% in unnamed wasm-function[N]), 0.29% in JS<->wasm wrappers
warning: 48.9 ms from the profile's start to its first sample (median interval 0.603 ms): --weight before credits it to the first sample (7.8% of the profile's total), --weight after to none

=== Top functions by self time ===
JS<->wasm wrapper frames (1.84 ms self) are counted in their caller's Self.
    Self%       Self    Total%      Total  Function
   57.13%  358.59 ms    57.13%  358.59 ms  heavy  wasm://wasm/292763a6 +0x33
   20.16%  126.53 ms    20.16%  126.53 ms  light  wasm://wasm/292763a6 +0x5f
    7.79%   48.92 ms     7.79%   48.92 ms  (program)  [v8]
    2.05%   12.87 ms     2.43%   15.25 ms  compileForInternalLoader  node:internal/bootstrap/realm:383:27  [node]
  ... 41 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   57.13%  358.59 ms  heavy  wasm://wasm/292763a6 +0x33
   20.16%  126.53 ms  light  wasm://wasm/292763a6 +0x5f
   14.39%   90.31 ms  (no frame of your code)
    6.21%   38.98 ms  (anonymous)  file:///tmp/wm/wasm_run.js:1:1
  ... 2 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
JS<->wasm wrapper frames are in their callers' Total, and their 1.84 ms self in their caller's Self.
   Total%      Total     Self%      Self  Function
   90.69%  569.26 ms     1.82%  11.45 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   86.60%  543.59 ms     0.10%   0.60 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   86.20%  541.11 ms     0.21%   1.29 ms  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   86.00%  539.81 ms     0.09%   0.59 ms  Module.load  node:internal/modules/cjs/loader:1257:33  [node]
  ... 67 more rows (raise --top to see them)

=== Self time by script ===
JS<->wasm wrapper frames (1.84 ms self) are counted in their caller's script.
    Self%       Self  Script
   79.40%  498.42 ms  wasm://wasm/292763a6
   10.29%   64.60 ms  (native and VM: no url)
    2.05%   12.87 ms  node:internal/bootstrap/realm
    1.82%   11.45 ms  node:internal/main/run_main_module
  ... 19 more rows (raise --top to see them)
$ profan cpuprof --top 3 --tree-threshold 20 --tree --wasm cpuprof/kernel-mangled.wasm cpuprof/wasm-stripped.cpuprofile
Input:        cpuprof/wasm-stripped.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        511.48 ms in 850 samples
Samples:      850 over 511.69 ms, median interval 0.595 ms
Wasm names:   4 functions named from cpuprof/kernel-mangled.wasm
Your code:    5 functions in file:///tmp/profan-cpuprof-gen/wasm_run.js, wasm://wasm/ea1dd20a; not yours: runtime (node, v8: 45 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.45%, (idle) 0.11%
WebAssembly:  97.65% self in wasm functions (0.00% in unnamed wasm-function[N]), 0.00% in JS<->wasm wrappers

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   76.05%  388.99 ms    76.05%  388.99 ms  heavy  wasm://wasm/ea1dd20a +0x33
   20.17%  103.17 ms    20.17%  103.17 ms  light  wasm://wasm/ea1dd20a +0x5f
    1.42%    7.28 ms     1.42%    7.28 ms  rec  wasm://wasm/ea1dd20a +0x88
  ... 17 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   76.05%  388.99 ms  heavy  wasm://wasm/ea1dd20a +0x33
   20.17%  103.17 ms  light  wasm://wasm/ea1dd20a +0x5f
    1.42%    7.28 ms  rec  wasm://wasm/ea1dd20a +0x88
  ... 2 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%     Self  Function
   99.43%  508.58 ms     0.00%  0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   99.04%  506.57 ms     0.00%  0.00 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   98.80%  505.36 ms     0.00%  0.00 ms  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
  ... 47 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   97.65%  499.44 ms  wasm://wasm/ea1dd20a
    0.68%    3.50 ms  (native and VM: no url)
    0.27%    1.38 ms  node:internal/process/pre_execution
  ... 11 more rows (raise --top to see them)

=== Call tree, top-down (time, gap before each sample) ===
   Total%      Total     Self%       Self  Function
   99.43%  508.58 ms     0.00%    0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   99.04%  506.57 ms     0.00%    0.00 ms  ├─ executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   98.80%  505.36 ms     0.00%    0.00 ms  │  ├─ Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   98.80%  505.36 ms     0.12%    0.61 ms  │  │  Module.load  node:internal/modules/cjs/loader:1257:33  [node]
   98.68%  504.75 ms     0.00%    0.00 ms  │  │  Module._extensions..js  node:internal/modules/cjs/loader:1604:37  [node]
   98.68%  504.75 ms     0.00%    0.00 ms  │  │  Module._compile  node:internal/modules/cjs/loader:1483:37  [node]
   98.68%  504.75 ms     0.12%    0.61 ms  │  │  (anonymous)  file:///tmp/profan-cpuprof-gen/wasm_run.js:1:1
   97.65%  499.44 ms     0.00%    0.00 ms  │  │  ├─ GenericJSToWasmWrapper  [v8]
   97.65%  499.44 ms     0.00%    0.00 ms  │  │  │  kernel::run  wasm://wasm/ea1dd20a +0xa5
   76.05%  388.99 ms    76.05%  388.99 ms  │  │  │  ├─ heavy  wasm://wasm/ea1dd20a +0x33
   20.17%  103.17 ms    20.17%  103.17 ms  │  │  │  ├─ light  wasm://wasm/ea1dd20a +0x5f
    1.42%    7.28 ms     0.00%    0.00 ms  │  │  │  └─ … 1 more under 20%: 7.28 ms in all, largest 7.28 ms
    0.92%    4.70 ms     0.00%    0.00 ms  │  │  └─ … 3 more under 20%: 4.70 ms in all, largest 3.48 ms
    0.24%    1.21 ms     0.00%    0.00 ms  │  └─ … 2 more under 20%: 1.21 ms in all, largest 0.61 ms
    0.39%    2.01 ms     0.00%    0.00 ms  └─ … 1 more under 20%: 2.01 ms in all, largest 2.01 ms
    0.57%    2.90 ms     0.00%    0.00 ms  … 2 more under 20%: 2.90 ms in all, largest 2.32 ms
