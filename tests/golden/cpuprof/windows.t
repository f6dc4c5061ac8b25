# fixtures/cpuprof/windows-paths.cpuprofile: hot.cpuprofile with scripts renamed as Windows, VS
# Code's debugger and Electron write them (tests/cpuprof/gen/windows.py); every function keeps its
# time from hot.t. Yours: hot.js (c:\...) and fib.js (file:///C:/...); lodash under
# node_modules\ a dependency; the js-debug bootloader and electron/js2c the runtime's. By hand:
# the top-level (anonymous) of hot.js has 37.14 ms of its own (hot.t) + warm 100.33 + churn
# 97.23 = 234.70 ms in your code's view.
$ profan cpuprof cpuprof/windows-paths.cpuprofile --top 6
Input:        cpuprof/windows-paths.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        613.88 ms in 1034 samples
Samples:      1034 over 614.24 ms, median interval 0.581 ms
Your code:    4 functions in c:\Users\dev\highlib\hot.js, file:///C:/Users/dev/highlib/fib.js; not yours: runtime (node, v8, +2: 50 functions), dependency (lodash: 1 function)
VM shares:    (garbage collector) 5.84%, (program) 0.49%, (idle) 0.00%

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   51.22%  314.42 ms    51.22%  314.42 ms  hot  c:\Users\dev\highlib\hot.js:8:13
   16.34%  100.33 ms    16.34%  100.33 ms  warm  c:\Users\dev\highlib\node_modules\lodash\lodash.js:14:14  [dep lodash]
   15.84%   97.23 ms    15.84%   97.23 ms  churn  c:\Users\dev\.vscode\extensions\ms-vscode.js-debug\src\bootloader.js:28:15  [js-debug]
    5.84%   35.83 ms     5.84%   35.83 ms  (garbage collector)  [v8]
    5.13%   31.49 ms     5.13%   31.49 ms  evaled  [v8]
    3.15%   19.36 ms     3.15%   19.36 ms  (anonymous)  c:\Users\dev\highlib\hot.js:24:10
  ... 15 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   51.22%  314.42 ms  hot  c:\Users\dev\highlib\hot.js:8:13
   38.23%  234.70 ms  (anonymous)  c:\Users\dev\highlib\hot.js:1:1
    7.11%   43.66 ms  (no frame of your code)
    3.15%   19.36 ms  (anonymous)  c:\Users\dev\highlib\hot.js:24:10
    0.28%    1.74 ms  fib  file:///C:/Users/dev/highlib/fib.js:20:13

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%     Self  Function
   93.57%  574.44 ms     0.00%  0.00 ms  (anonymous)  node:internal/main/run_main_module:1:1  [node]
   93.18%  571.99 ms     0.00%  0.00 ms  executeUserEntryPoint  node:internal/modules/run_main:155:31  [node]
   93.08%  571.40 ms     0.09%  0.58 ms  Module._load  node:internal/modules/cjs/loader:1003:24  [node]
   92.99%  570.82 ms     0.00%  0.00 ms  Module._extensions..js  node:internal/modules/cjs/loader:1604:37  [node]
   92.99%  570.82 ms     0.00%  0.00 ms  Module.load  node:internal/modules/cjs/loader:1257:33  [node]
   92.89%  570.22 ms     0.35%  2.12 ms  (anonymous)  c:\Users\dev\highlib\hot.js:1:1
  ... 49 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   54.72%  335.90 ms  c:\Users\dev\highlib\hot.js
   16.34%  100.33 ms  c:\Users\dev\highlib\node_modules\lodash\lodash.js
   15.84%   97.23 ms  c:\Users\dev\.vscode\extensions\ms-vscode.js-debug\src\bootloader.js
   11.46%   70.35 ms  (native and VM: no url)
    0.31%    1.88 ms  node:internal/process/pre_execution
    0.28%    1.74 ms  file:///C:/Users/dev/highlib/fib.js
  ... 10 more rows (raise --top to see them)
