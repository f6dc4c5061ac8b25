# Self time split over lines by V8's positionTicks (hot.js), and a wasm function, whose time V8
# places at its body only. The numbers are checked by tests/annotate/check_cpuprof.py.
$ profan cpuprof cpuprof/hot.cpuprofile --annotate 'hot|warm|churn' --source-path ../tests/cpuprof/gen --top 2
Input:        cpuprof/hot.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        613.88 ms in 1034 samples
Samples:      1034 over 614.24 ms, median interval 0.581 ms
Your code:    6 functions in file:///tmp/profan-cpuprof-gen/hot.js; not yours: runtime (node, v8: 49 functions)
VM shares:    (garbage collector) 5.84%, (program) 0.49%, (idle) 0.00%
Annotated:    hot, warm (the 2 hottest of 3 functions matching /hot|warm|churn/; --top N or --top 0 for more)

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   51.22%  314.42 ms    51.22%  314.42 ms  hot  file:///tmp/profan-cpuprof-gen/hot.js:8:13
   16.34%  100.33 ms    16.34%  100.33 ms  warm  file:///tmp/profan-cpuprof-gen/hot.js:14:14
  ... 19 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   51.22%  314.42 ms  hot  file:///tmp/profan-cpuprof-gen/hot.js:8:13
   16.34%  100.33 ms  warm  file:///tmp/profan-cpuprof-gen/hot.js:14:14
  ... 5 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%     Self  Function
   93.57%  574.44 ms     0.00%  0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   93.18%  571.99 ms     0.00%  0.00 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
  ... 53 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   87.18%  535.20 ms  file:///tmp/profan-cpuprof-gen/hot.js
   11.46%   70.35 ms  (native and VM: no url)
  ... 11 more rows (raise --top to see them)

=== Lines of hot: time, gap before each sample ===
hot  file:///tmp/profan-cpuprof-gen/hot.js:8:13
Self 314.42 ms
Self split over lines by V8's hits per line (positionTicks, or a trace's per-sample lines); V8 records no call lines, so no Total per line.
       Self  Line  Source
                   file:///tmp/profan-cpuprof-gen/hot.js  (read from ../tests/cpuprof/gen/hot.js)
          .     7  'use strict';
          .     8  function hot(n) {
          .     9          let x = 0;
    1.17 ms    10          for (let i = 0; i < n * 3; i++)
  313.25 ms    11                  x = (x * 31 + i) | 0;
          .    12          return x;
          .    13  }
          .    14  function warm(n) {

=== Lines of warm: time, gap before each sample ===
warm  file:///tmp/profan-cpuprof-gen/hot.js:14:14
Self 100.33 ms
Self split over lines by V8's hits per line (positionTicks, or a trace's per-sample lines); V8 records no call lines, so no Total per line.
      Self  Line  Source
                  file:///tmp/profan-cpuprof-gen/hot.js  (read from ../tests/cpuprof/gen/hot.js)
         .    13  }
         .    14  function warm(n) {
         .    15          let x = 0;
   0.59 ms    16          for (let i = 0; i < n; i++)
  99.74 ms    17                  x = (x * 17 + i) | 0;
         .    18          return x;
         .    19  }
         .    20  function fib(n) {
$ profan cpuprof cpuprof/wasm-named.cpuprofile --annotate '^heavy$' --top 1
Input:        cpuprof/wasm-named.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        511.50 ms in 862 samples
Samples:      862 over 512.08 ms, median interval 0.584 ms
Your code:    6 functions in file:///tmp/profan-cpuprof-gen/wasm_run.js, wasm://wasm/c049a202; not yours: runtime (node, v8: 43 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.47%, (idle) 0.00%
WebAssembly:  97.54% self in wasm functions (0.00% in unnamed wasm-function[N]), 0.11% in JS<->wasm wrappers
Annotated:    heavy (matching /^heavy$/)

=== Top functions by self time ===
JS<->wasm wrapper frames (0.58 ms self) are counted in their caller's Self.
    Self%       Self    Total%      Total  Function
   72.97%  373.22 ms    72.97%  373.22 ms  heavy  wasm://wasm/c049a202 +0x33
  ... 18 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   72.97%  373.22 ms  heavy  wasm://wasm/c049a202 +0x33
  ... 6 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
JS<->wasm wrapper frames are in their callers' Total, and their 0.58 ms self in their caller's Self.
   Total%      Total     Self%     Self  Function
   99.53%  509.08 ms     0.11%  0.58 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
  ... 46 more rows (raise --top to see them)

=== Self time by script ===
JS<->wasm wrapper frames (0.58 ms self) are counted in their caller's script.
    Self%       Self  Script
   97.65%  499.47 ms  wasm://wasm/c049a202
  ... 12 more rows (raise --top to see them)

=== Lines of heavy: time, gap before each sample ===
heavy  wasm://wasm/c049a202 +0x33
Self 373.22 ms
V8 records no position inside WebAssembly code: the function's time is all at its body, byte 0x33 of the module.
       Self  Line  Source
  373.22 ms     -  (function body at byte 0x33)
