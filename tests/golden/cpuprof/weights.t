# The three weightings on the smallest public profile (29 samples). before: sum of
# timeDeltas = 45.92 ms; after: each gap credited to the sample before it, so the total
# is endTime - startTime - timeDeltas[0]; samples: counts. Checked by tests/cpuprof/check.py.
$ profan cpuprof cpuprof/speedscope-chrome65-simple.cpuprofile
Input:        cpuprof/speedscope-chrome65-simple.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        45.92 ms in 29 samples
Samples:      29 over 47.89 ms, median interval 1.270 ms
Your code:    no function (--ours RE names it; docs/ownership.md); not yours: runtime (v8: 5 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%      Self    Total%     Total  Function
   74.79%  34.34 ms    74.79%  34.34 ms  d  [v8]
   25.21%  11.57 ms   100.00%  45.92 ms  (anonymous)  [v8]

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%      Self  Function
  100.00%  45.92 ms  (no frame of your code)

=== Top functions by inclusive time (recursion counted once) ===
   Total%     Total     Self%      Self  Function
  100.00%  45.92 ms    25.21%  11.57 ms  (anonymous)  [v8]
   74.79%  34.34 ms     0.00%   0.00 ms  a  [v8]
   74.79%  34.34 ms    74.79%  34.34 ms  d  [v8]
   38.23%  17.56 ms     0.00%   0.00 ms  c  [v8]
   36.56%  16.79 ms     0.00%   0.00 ms  b  [v8]

=== Self time by script ===
    Self%      Self  Script
  100.00%  45.92 ms  (native and VM: no url)
$ profan cpuprof --weight after cpuprof/speedscope-chrome65-simple.cpuprofile
Input:        cpuprof/speedscope-chrome65-simple.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap after each sample, the last one until endTime, as DevTools and speedscope (--weight after)
Total:        36.32 ms in 29 samples
Samples:      29 over 47.89 ms, median interval 1.270 ms
Your code:    no function (--ours RE names it; docs/ownership.md); not yours: runtime (v8: 5 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%      Self    Total%     Total  Function
   97.08%  35.26 ms    97.08%  35.26 ms  d  [v8]
    2.92%   1.06 ms   100.00%  36.32 ms  (anonymous)  [v8]

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%      Self  Function
  100.00%  36.32 ms  (no frame of your code)

=== Top functions by inclusive time (recursion counted once) ===
   Total%     Total     Self%      Self  Function
  100.00%  36.32 ms     2.92%   1.06 ms  (anonymous)  [v8]
   97.08%  35.26 ms     0.00%   0.00 ms  a  [v8]
   97.08%  35.26 ms    97.08%  35.26 ms  d  [v8]
   50.27%  18.25 ms     0.00%   0.00 ms  c  [v8]
   46.82%  17.00 ms     0.00%   0.00 ms  b  [v8]

=== Self time by script ===
    Self%      Self  Script
  100.00%  36.32 ms  (native and VM: no url)
$ profan cpuprof --weight samples cpuprof/speedscope-chrome65-simple.cpuprofile
Input:        cpuprof/speedscope-chrome65-simple.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  sample count (--weight samples)
Total:        29 in 29 samples
Samples:      29 over 47.89 ms, median interval 1.270 ms
Your code:    no function (--ours RE names it; docs/ownership.md); not yours: runtime (v8: 5 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%  Self    Total%  Total  Function
   96.55%    28    96.55%     28  d  [v8]
    3.45%     1   100.00%     29  (anonymous)  [v8]

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%  Self  Function
  100.00%    29  (no frame of your code)

=== Top functions by inclusive time (recursion counted once) ===
   Total%  Total     Self%  Self  Function
  100.00%     29     3.45%     1  (anonymous)  [v8]
   96.55%     28     0.00%     0  a  [v8]
   96.55%     28    96.55%    28  d  [v8]
   48.28%     14     0.00%     0  b  [v8]
   48.28%     14     0.00%     0  c  [v8]

=== Self time by script ===
    Self%  Self  Script
  100.00%    29  (native and VM: no url)
