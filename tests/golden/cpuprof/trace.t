# Chrome 70 trace with two profiles (main thread 0x9, worker 0xa): the largest by
# default with a warning, one by number, or both. Checked by tests/cpuprof/check.py. With both, each
# warning names its profile: 0x9 alone has a negative timeDelta and a first delta of 14,837 µs.
$ profan cpuprof --top 4 cpuprof/speedscope-chrome70-trace-two-threads.json.gz
Input:        cpuprof/speedscope-chrome70-trace-two-threads.json.gz
Format:       V8 CPU profile, pid 29018 id 0x9 (CrRendererMain)
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        279.81 ms in 1980 samples
Profile 1:    pid 29018 id 0x9 (CrRendererMain): 1980 samples, analysed
Profile 2:    pid 29018 id 0xa (DedicatedWorker thread): 1400 samples
Samples:      1980 over 279.81 ms, median interval 0.130 ms
Your code:    17 functions in chrome-extension://aomjjhallfgjeglblehebfpbcfeobpgk/injected.min.js, chrome-extension://denbgaamihkadbghdceggmchnflmhpmk/contentScript.js, http://127.0.0.1:8081/worker.html; not yours: runtime (node, v8: 46 functions)
VM shares:    (garbage collector) 1.21%, (program) 17.36%, (idle) 62.07%
warning: the trace holds 2 profiles with samples; this report is profile 1, the largest (choose with --profile N or --profile all)
warning: 1 sample earlier than the one before (negative timeDeltas): the clock is held so no sample gets negative time
warning: 14.8 ms from the profile's start to its first sample (median interval 0.130 ms): --weight before credits it to the first sample (5.3% of the profile's total), --weight after to none

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   62.07%  173.68 ms    62.07%  173.68 ms  (idle)
   17.36%   48.59 ms    17.36%   48.59 ms  (program)  [v8]
    6.74%   18.86 ms     6.74%   18.86 ms  banana  http://127.0.0.1:8081/worker.html:2:18
    5.30%   14.84 ms     5.30%   14.84 ms  (anonymous)  native dummy.js:1:1  [v8]
  ... 46 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   86.25%  241.33 ms  (no frame of your code)
    6.74%   18.86 ms  banana  http://127.0.0.1:8081/worker.html:2:18
    4.03%   11.27 ms  La  chrome-extension://aomjjhallfgjeglblehebfpbcfeobpgk/injected.min.js:35:467
    1.02%    2.84 ms  listenForMessage  chrome-extension://denbgaamihkadbghdceggmchnflmhpmk/contentScript.js:25:26
  ... 13 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%       Self  Function
   62.07%  173.68 ms    62.07%  173.68 ms  (idle)
   17.36%   48.59 ms    17.36%   48.59 ms  (program)  [v8]
    7.07%   19.78 ms     0.00%    0.00 ms  worker.onmessage  http://127.0.0.1:8081/worker.html:20:30
    6.98%   19.52 ms     0.24%    0.66 ms  apple  http://127.0.0.1:8081/worker.html:10:17
  ... 60 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   82.73%  231.48 ms  (native and VM: no url)
    6.98%   19.52 ms  http://127.0.0.1:8081/worker.html
    5.30%   14.84 ms  native dummy.js
    0.95%    2.67 ms  chrome-extension://aomjjhallfgjeglblehebfpbcfeobpgk/injected.min.js
  ... 11 more rows (raise --top to see them)
$ profan cpuprof --top 4 --profile 2 cpuprof/speedscope-chrome70-trace-two-threads.json.gz
Input:        cpuprof/speedscope-chrome70-trace-two-threads.json.gz
Format:       V8 CPU profile, pid 29018 id 0xa (DedicatedWorker thread)
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        191.61 ms in 1400 samples
Profile 1:    pid 29018 id 0x9 (CrRendererMain): 1980 samples
Profile 2:    pid 29018 id 0xa (DedicatedWorker thread): 1400 samples, analysed
Samples:      1400 over 191.61 ms, median interval 0.130 ms
Your code:    3 functions in http://127.0.0.1:8081/worker.js; not yours: runtime (v8: 2 functions)
VM shares:    (garbage collector) 0.00%, (program) 86.18%, (idle) 0.00%

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   86.18%  165.12 ms    86.18%  165.12 ms  (program)  [v8]
    9.34%   17.89 ms     9.34%   17.89 ms  gamma  http://127.0.0.1:8081/worker.js:1:15
    4.13%    7.91 ms    13.47%   25.81 ms  alpha  http://127.0.0.1:8081/worker.js:9:15
    0.21%    0.40 ms     0.21%    0.40 ms  postMessage  [v8]
  ... 1 more row (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   86.18%  165.12 ms  (no frame of your code)
    9.34%   17.89 ms  gamma  http://127.0.0.1:8081/worker.js:1:15
    4.13%    7.91 ms  alpha  http://127.0.0.1:8081/worker.js:9:15
    0.35%    0.68 ms  onmessage  http://127.0.0.1:8081/worker.js:15:21

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%       Self  Function
   86.18%  165.12 ms    86.18%  165.12 ms  (program)  [v8]
   13.82%   26.49 ms     0.15%    0.28 ms  onmessage  http://127.0.0.1:8081/worker.js:15:21
   13.47%   25.81 ms     4.13%    7.91 ms  alpha  http://127.0.0.1:8081/worker.js:9:15
    9.34%   17.89 ms     9.34%   17.89 ms  gamma  http://127.0.0.1:8081/worker.js:1:15
  ... 1 more row (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   86.38%  165.52 ms  (native and VM: no url)
   13.62%   26.09 ms  http://127.0.0.1:8081/worker.js
$ profan cpuprof --top 4 --profile all cpuprof/speedscope-chrome70-trace-two-threads.json.gz
Input:        cpuprof/speedscope-chrome70-trace-two-threads.json.gz
Format:       V8 CPU profile, trace events, 2 profiles
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        471.42 ms in 3380 samples
Profile 1:    pid 29018 id 0x9 (CrRendererMain): 1980 samples, analysed
Profile 2:    pid 29018 id 0xa (DedicatedWorker thread): 1400 samples, analysed
Samples 1:    1980 over 279.81 ms, median interval 0.130 ms
Samples 2:    1400 over 191.61 ms, median interval 0.130 ms
Your code:    20 functions in chrome-extension://aomjjhallfgjeglblehebfpbcfeobpgk/injected.min.js, chrome-extension://denbgaamihkadbghdceggmchnflmhpmk/contentScript.js, http://127.0.0.1:8081/worker.html, http://127.0.0.1:8081/worker.js; not yours: runtime (node, v8: 46 functions)
VM shares:    (garbage collector) 0.72%, (program) 45.33%, (idle) 36.84%
warning: profile 1: 1 sample earlier than the one before (negative timeDeltas): the clock is held so no sample gets negative time
warning: profile 1: 14.8 ms from the profile's start to its first sample (median interval 0.130 ms): --weight before credits it to the first sample (5.3% of the profile's total), --weight after to none

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   45.33%  213.71 ms    45.33%  213.71 ms  (program)  [v8]
   36.84%  173.68 ms    36.84%  173.68 ms  (idle)
    4.00%   18.86 ms     4.00%   18.86 ms  banana  http://127.0.0.1:8081/worker.html:2:18
    3.80%   17.89 ms     3.80%   17.89 ms  gamma  http://127.0.0.1:8081/worker.js:1:15
  ... 49 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   86.22%  406.45 ms  (no frame of your code)
    4.00%   18.86 ms  banana  http://127.0.0.1:8081/worker.html:2:18
    3.80%   17.89 ms  gamma  http://127.0.0.1:8081/worker.js:1:15
    2.39%   11.27 ms  La  chrome-extension://aomjjhallfgjeglblehebfpbcfeobpgk/injected.min.js:35:467
  ... 16 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%       Self  Function
   45.33%  213.71 ms    45.33%  213.71 ms  (program)  [v8]
   36.84%  173.68 ms    36.84%  173.68 ms  (idle)
    5.62%   26.49 ms     0.06%    0.28 ms  onmessage  http://127.0.0.1:8081/worker.js:15:21
    5.47%   25.81 ms     1.68%    7.91 ms  alpha  http://127.0.0.1:8081/worker.js:9:15
  ... 63 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   84.21%  397.00 ms  (native and VM: no url)
    5.53%   26.09 ms  http://127.0.0.1:8081/worker.js
    4.14%   19.52 ms  http://127.0.0.1:8081/worker.html
    3.15%   14.84 ms  native dummy.js
  ... 12 more rows (raise --top to see them)
$ profan cpuprof --top 4 cpuprof/speedscope-chrome141-trace-missing-args-data.json
Input:        cpuprof/speedscope-chrome141-trace-missing-args-data.json
Format:       V8 CPU profile, pid 7787 id 0x7b (CrRendererMain)
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        371.06 ms in 416 samples
Profile 1:    pid 7787 id 0x7b (CrRendererMain): 421 samples, analysed
Profile 2:    pid 7787 id 0x7d (CrRendererMain): 0 samples
Samples:      421 over 371.74 ms, median interval 0.131 ms
Your code:    28 functions in https://example.com/example-1.js, https://example.com/example-2.js, https://example.com/example-3.js; not yours: runtime (v8: 1 function)
VM shares:    (garbage collector) 0.00%, (program) 99.43%, (idle) 0.00%
warning: 2 ProfileChunk events without args.data skipped
warning: 2 nodes name a parent lost with the chunks that had no data: their stacks start at (lost parent)
warning: 5 samples name no node and were skipped
warning: 315.9 ms from the profile's start to its first sample (median interval 0.131 ms): --weight before credits it to the first sample (85.1% of the profile's total), --weight after to none

=== Top functions by self time ===
    Self%       Self    Total%      Total  Function
   99.43%  368.95 ms    99.43%  368.95 ms  (program)  [v8]
    0.14%    0.52 ms     0.53%    1.98 ms  a  https://example.com/example-2.js:3:44
    0.11%    0.39 ms     0.11%    0.39 ms  R  https://example.com/example-3.js:128:197827
    0.04%    0.14 ms     0.25%    0.94 ms  (anonymous)  https://example.com/example-1.js:93:618556
  ... 8 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%       Self  Function
   99.43%  368.95 ms  (no frame of your code)
    0.14%    0.52 ms  a  https://example.com/example-2.js:3:44
    0.11%    0.39 ms  R  https://example.com/example-3.js:128:197827
    0.04%    0.14 ms  (anonymous)  https://example.com/example-1.js:93:618556
  ... 8 more rows (raise --top to see them)

=== Top functions by inclusive time (recursion counted once) ===
   Total%      Total     Self%       Self  Function
   99.43%  368.95 ms    99.43%  368.95 ms  (program)  [v8]
    0.57%    2.11 ms     0.00%    0.00 ms  (lost parent)
    0.53%    1.98 ms     0.00%    0.00 ms  800492  https://example.com/example-1.js:93:589207
    0.53%    1.98 ms     0.14%    0.52 ms  a  https://example.com/example-2.js:3:44
  ... 26 more rows (raise --top to see them)

=== Self time by script ===
    Self%       Self  Script
   99.43%  368.95 ms  (native and VM: no url)
    0.32%    1.19 ms  https://example.com/example-3.js
    0.14%    0.52 ms  https://example.com/example-2.js
    0.11%    0.40 ms  https://example.com/example-1.js
