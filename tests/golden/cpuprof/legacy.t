# The legacy head/timestamps layout of the same program as speedscope-chrome65-simple:
# the same two self rows (d 34.34 ms, (anonymous) 11.57 ms).
$ profan cpuprof cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile
Input:        cpuprof/speedscope-node10-legacy-head-timestamps.cpuprofile
Format:       V8 CPU profile, legacy head/timestamps
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        45.92 ms in 29 samples
Samples:      29 over 45.92 ms, median interval 1.270 ms
Your code:    no function (--ours RE names it; docs/ownership.md); not yours: runtime (v8: 5 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%
warning: startTime and endTime are whole seconds (node 10): the profile spans its first to its last sample timestamp

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
