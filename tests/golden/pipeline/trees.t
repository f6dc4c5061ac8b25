# Call trees on a node --cpu-prof run (fixtures/pipeline/ab.js, variant A). Layout only: every
# path's numbers are recomputed from the JSON by tests/pipeline/check_tree.py.
$ profan cpuprof pipeline/a1.cpuprofile.gz --top 1 --callees '^work$' --callers '^spin$' --tree-threshold 1
Input:        pipeline/a1.cpuprofile.gz
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        703.90 ms in 1082 samples
Samples:      1082 over 707.60 ms, median interval 0.580 ms
Your code:    5 functions in file:///tmp/profan-ab/ab.js; not yours: runtime (node, v8: 46 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.77%, (idle) 0.00%

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   96.76%  681.07 ms    96.76%  681.07 ms  spin  file:///tmp/profan-ab/ab.js:5:14
  ... 21 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   96.76%  681.07 ms  spin  file:///tmp/profan-ab/ab.js:5:14
  ... 3 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%     Self  Function
   99.23%  698.48 ms     0.00%  0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
  ... 50 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   97.08%  683.37 ms  file:///tmp/profan-ab/ab.js
  ... 13 more rows (raise --top to see them)

=== Callers of /^spin$/ (time, gap before each sample) ===
Total: through this call path; Self: the function's own time reached through it.
   Total%      Total     Self%       Self  Function
   96.76%  681.07 ms    96.76%  681.07 ms  spin  file:///tmp/profan-ab/ab.js:5:14
   72.35%  509.29 ms    72.35%  509.29 ms  ├─ parse  file:///tmp/profan-ab/ab.js:6:15
   72.35%  509.29 ms    72.35%  509.29 ms  │  work  file:///tmp/profan-ab/ab.js:8:14
   72.35%  509.29 ms    72.35%  509.29 ms  │  (anonymous)  file:///tmp/profan-ab/ab.js:1:1
   72.35%  509.29 ms    72.35%  509.29 ms  │  Module._compile  node:internal/modules/cjs/loader:1483:37  [node]
   72.35%  509.29 ms    72.35%  509.29 ms  │  Module._extensions..js  node:internal/modules/cjs/loader:1604:37  [node]
   72.35%  509.29 ms    72.35%  509.29 ms  │  Module.load  node:internal/modules/cjs/loader:1257:33  [node]
   72.35%  509.29 ms    72.35%  509.29 ms  │  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   72.35%  509.29 ms    72.35%  509.29 ms  │  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   72.35%  509.29 ms    72.35%  509.29 ms  │  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   24.40%  171.78 ms    24.40%  171.78 ms  └─ render  file:///tmp/profan-ab/ab.js:7:16
   24.40%  171.78 ms    24.40%  171.78 ms     work  file:///tmp/profan-ab/ab.js:8:14
   24.40%  171.78 ms    24.40%  171.78 ms     (anonymous)  file:///tmp/profan-ab/ab.js:1:1
   24.40%  171.78 ms    24.40%  171.78 ms     Module._compile  node:internal/modules/cjs/loader:1483:37  [node]
   24.40%  171.78 ms    24.40%  171.78 ms     Module._extensions..js  node:internal/modules/cjs/loader:1604:37  [node]
   24.40%  171.78 ms    24.40%  171.78 ms     Module.load  node:internal/modules/cjs/loader:1257:33  [node]
   24.40%  171.78 ms    24.40%  171.78 ms     Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   24.40%  171.78 ms    24.40%  171.78 ms     executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   24.40%  171.78 ms    24.40%  171.78 ms     (anonymous)  node:internal/main/run_main_module:1:1  [node]

=== Callees of /^work$/ (time, gap before each sample) ===
   Total%      Total     Self%       Self  Function
   97.08%  683.37 ms     0.00%    0.00 ms  work  file:///tmp/profan-ab/ab.js:8:14
   72.68%  511.59 ms     0.33%    2.30 ms  ├─ parse  file:///tmp/profan-ab/ab.js:6:15
   72.35%  509.29 ms    72.35%  509.29 ms  │  spin  file:///tmp/profan-ab/ab.js:5:14
   24.40%  171.78 ms     0.00%    0.00 ms  └─ render  file:///tmp/profan-ab/ab.js:7:16
   24.40%  171.78 ms    24.40%  171.78 ms     spin  file:///tmp/profan-ab/ab.js:5:14
$ profan cpuprof pipeline/a1.cpuprofile.gz --top 2 --focus '^work$' --by file --tree --tree-threshold 1
Input:        pipeline/a1.cpuprofile.gz
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        683.37 ms in 1060 samples
Samples:      1082 over 707.60 ms, median interval 0.580 ms
Filters:      focus=^work$, by=file (kept 683.37 ms of 703.90 ms, 97.08%)
Your code:    1 function in file:///tmp/profan-ab/ab.js; not yours: runtime (node, v8: 21 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
  100.00%  683.37 ms   100.00%  683.37 ms  file:///tmp/profan-ab/ab.js

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
  100.00%  683.37 ms  file:///tmp/profan-ab/ab.js

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%       Self  Function
  100.00%  683.37 ms   100.00%  683.37 ms  file:///tmp/profan-ab/ab.js
  100.00%  683.37 ms     0.00%    0.00 ms  node:internal/main/run_main_module  [node]
  ... 2 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
  100.00%  683.37 ms  file:///tmp/profan-ab/ab.js

=== Call tree, top-down (time, gap before each sample) ===
   Total%      Total     Self%       Self  Function
  100.00%  683.37 ms     0.00%    0.00 ms  node:internal/main/run_main_module  [node]
  100.00%  683.37 ms     0.00%    0.00 ms  └─ node:internal/modules/run_main  [node]
  100.00%  683.37 ms     0.00%    0.00 ms     node:internal/modules/cjs/loader  [node]
  100.00%  683.37 ms   100.00%  683.37 ms     file:///tmp/profan-ab/ab.js
$ profan cpuprof pipeline/a1.cpuprofile.gz pipeline/a2.cpuprofile.gz --top 3 --per-file
Input:        pipeline/a1.cpuprofile.gz
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        1.46 s in 2151 samples
Samples:      1082 over 707.60 ms, median interval 0.580 ms (file 1)
Inputs:       2 files merged (1: pipeline/a1.cpuprofile.gz, 2: pipeline/a2.cpuprofile.gz)
Your code:    5 functions in file:///tmp/profan-ab/ab.js; not yours: runtime (node, v8: 49 functions)
VM shares:    (garbage collector) 0.00%, (program) 1.35%, (idle) 0.35%

=== Top functions by self time ===
    Self%      Self    Total%     Total  Function
   95.57%    1.39 s    95.57%    1.39 s  spin  file:///tmp/profan-ab/ab.js:5:14
    1.35%  19.71 ms     1.35%  19.71 ms  (program)  [v8]
    0.77%  11.16 ms    72.10%    1.05 s  parse  file:///tmp/profan-ab/ab.js:6:15
  ... 28 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%      Self  Function
   95.57%    1.39 s  spin  file:///tmp/profan-ab/ab.js:5:14
    2.82%  41.15 ms  (no frame of your code)
    0.77%  11.16 ms  parse  file:///tmp/profan-ab/ab.js:6:15
  ... 2 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
   Total%   Total     Self%     Self  Function
   98.30%  1.43 s     0.00%  0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   97.55%  1.42 s     0.04%  0.58 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   97.39%  1.42 s     0.00%  0.00 ms  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
  ... 52 more rows (raise --top to see them)

=== Self time by script ===
    Self%      Self  Script
   96.82%    1.41 s  file:///tmp/profan-ab/ab.js
    1.74%  25.43 ms  (native and VM: no url)
    0.40%   5.77 ms  node:internal/bootstrap/realm
  ... 12 more rows (raise --top to see them)

=== Self share per file (2 files) ===
Each function's share of its own file's total; the detail lists the files in order.
  Median     Min     Max  Function
  95.61%  94.46%  96.76%  spin  96.76% 94.46%
   1.33%   0.77%   1.89%  (program)  0.77% 1.89%
   0.75%   0.33%   1.18%  parse  0.33% 1.18%
  ... 28 more rows (raise --top to see them)

=== Inclusive share per file (2 files) ===
Each function's share of its own file's total; the detail lists the files in order.
  Median     Min     Max  Function
  98.33%  97.43%  99.23%  (anonymous)  99.23% 97.43%
  97.56%  97.11%  98.01%  executeUserEntryPoint  98.01% 97.11%
  97.40%  96.96%  97.85%  Module._load  97.85% 96.96%
  ... 52 more rows (raise --top to see them)
