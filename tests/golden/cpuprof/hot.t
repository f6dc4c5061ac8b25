# node --cpu-prof of tests/cpuprof/gen/hot.js: hot() does 3x warm()'s loop, so it leads;
# fib recurses; the arrow is (anonymous); two evals of one function are one row.
# Numbers: tests/cpuprof/check.py recomputes every row of this run (ctest -L cpuprof).
$ profan cpuprof --top 8 cpuprof/hot.cpuprofile
Input:        cpuprof/hot.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        613.88 ms in 1034 samples
Samples:      1034 over 614.24 ms, median interval 0.581 ms
Your code:    6 functions in file:///tmp/profan-cpuprof-gen/hot.js; not yours: runtime (node, v8: 49 functions)
VM shares:    (garbage collector) 5.84%, (program) 0.49%, (idle) 0.00%

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   51.22%  314.42 ms    51.22%  314.42 ms  hot  file:///tmp/profan-cpuprof-gen/hot.js:8:13
   16.34%  100.33 ms    16.34%  100.33 ms  warm  file:///tmp/profan-cpuprof-gen/hot.js:14:14
   15.84%   97.23 ms    15.84%   97.23 ms  churn  file:///tmp/profan-cpuprof-gen/hot.js:28:15
    5.84%   35.83 ms     5.84%   35.83 ms  (garbage collector)  [v8]
    5.13%   31.49 ms     5.13%   31.49 ms  evaled  [v8]
    3.15%   19.36 ms     3.15%   19.36 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/hot.js:24:10
    0.49%    3.03 ms     0.49%    3.03 ms  (program)  [v8]
    0.35%    2.12 ms    92.89%  570.22 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/hot.js:1:1
  ... 13 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   51.22%  314.42 ms  hot  file:///tmp/profan-cpuprof-gen/hot.js:8:13
   16.34%  100.33 ms  warm  file:///tmp/profan-cpuprof-gen/hot.js:14:14
   15.84%   97.23 ms  churn  file:///tmp/profan-cpuprof-gen/hot.js:28:15
    7.11%   43.66 ms  (no frame of your code)
    6.05%   37.14 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/hot.js:1:1
    3.15%   19.36 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/hot.js:24:10
    0.28%    1.74 ms  fib  file:///tmp/profan-cpuprof-gen/hot.js:20:13

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%       Self  Function
   93.57%  574.44 ms     0.00%    0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   93.18%  571.99 ms     0.00%    0.00 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   93.08%  571.40 ms     0.09%    0.58 ms  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   92.99%  570.82 ms     0.00%    0.00 ms  Module._extensions..js  node:internal/modules/cjs/loader:1604:37  [node]
   92.99%  570.82 ms     0.00%    0.00 ms  Module.load  node:internal/modules/cjs/loader:1257:33  [node]
   92.89%  570.22 ms     0.35%    2.12 ms  (anonymous)  file:///tmp/profan-cpuprof-gen/hot.js:1:1
   92.89%  570.22 ms     0.00%    0.00 ms  Module._compile  node:internal/modules/cjs/loader:1483:37  [node]
   51.22%  314.42 ms    51.22%  314.42 ms  hot  file:///tmp/profan-cpuprof-gen/hot.js:8:13
  ... 47 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   87.18%  535.20 ms  file:///tmp/profan-cpuprof-gen/hot.js
   11.46%   70.35 ms  (native and VM: no url)
    0.31%    1.88 ms  node:internal/process/pre_execution
    0.19%    1.16 ms  node:internal/errors
    0.10%    0.60 ms  node:buffer
    0.10%    0.60 ms  node:internal/console/constructor
    0.10%    0.59 ms  node:internal/util/inspect
    0.10%    0.59 ms  node:internal/abort_controller
  ... 5 more rows (raise --top to see them)
