# Fractional timeDeltas (tests/malformed/gen.py): 2000 samples of `work`, each 0.6 µs after the
# one before, are 2000 x 0.6 = 1200 µs = 1.20 ms (rounding each delta made it 2.00 ms); 2000 x
# 0.4 µs = 0.80 ms (was 0.00 ms); 2000 x 0.5 µs = 1.00 ms. The running sum is rounded once per
# sample, so the gaps are whole µs (median 0.001 ms where most are 1 µs, 0.000 where most are 0).
# In a trace the running sum goes on from chunk to chunk: 1000 chunks of two 0.3 µs deltas are
# 2000 x 0.3 = 600 µs = 0.60 ms (rounding per chunk would give 1000 x 1 µs).
$ profan cpuprof ../tests/malformed/cpuprof/ok-deltas-fractional-06.cpuprofile --top 1
Input:        ../tests/malformed/cpuprof/ok-deltas-fractional-06.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        1.20 ms in 2000 samples
Samples:      2000 over 1.20 ms, median interval 0.001 ms
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%     Self    Total%    Total  Function
  100.00%  1.20 ms   100.00%  1.20 ms  work  file:///a.js:5:3

=== Top functions by inclusive time (recursion counted once) ===
   Total%    Total     Self%     Self  Function
  100.00%  1.20 ms     0.00%  0.00 ms  main  file:///a.js:1:1
  ... 1 more row (raise --top to see them)

=== Self time by script ===
    Self%     Self  Script
  100.00%  1.20 ms  file:///a.js
$ profan cpuprof ../tests/malformed/cpuprof/ok-deltas-fractional-04.cpuprofile --top 1
Input:        ../tests/malformed/cpuprof/ok-deltas-fractional-04.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        0.80 ms in 2000 samples
Samples:      2000 over 0.80 ms, median interval 0.000 ms
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%     Self    Total%    Total  Function
  100.00%  0.80 ms   100.00%  0.80 ms  work  file:///a.js:5:3

=== Top functions by inclusive time (recursion counted once) ===
   Total%    Total     Self%     Self  Function
  100.00%  0.80 ms     0.00%  0.00 ms  main  file:///a.js:1:1
  ... 1 more row (raise --top to see them)

=== Self time by script ===
    Self%     Self  Script
  100.00%  0.80 ms  file:///a.js
$ profan cpuprof ../tests/malformed/cpuprof/ok-deltas-fractional-05.cpuprofile --top 1
Input:        ../tests/malformed/cpuprof/ok-deltas-fractional-05.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        1.00 ms in 2000 samples
Samples:      2000 over 1.00 ms, median interval 0.001 ms
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%     Self    Total%    Total  Function
  100.00%  1.00 ms   100.00%  1.00 ms  work  file:///a.js:5:3

=== Top functions by inclusive time (recursion counted once) ===
   Total%    Total     Self%     Self  Function
  100.00%  1.00 ms     0.00%  0.00 ms  main  file:///a.js:1:1
  ... 1 more row (raise --top to see them)

=== Self time by script ===
    Self%     Self  Script
  100.00%  1.00 ms  file:///a.js
$ profan cpuprof ../tests/malformed/cpuprof/ok-trace-deltas-fractional.json --top 1
Input:        ../tests/malformed/cpuprof/ok-trace-deltas-fractional.json
Format:       V8 CPU profile, pid 1 id 0x1 (trace events: Profile + ProfileChunk)
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        0.60 ms in 2000 samples
Samples:      2000 over 0.60 ms, median interval 0.000 ms
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%     Self    Total%    Total  Function
  100.00%  0.60 ms   100.00%  0.60 ms  work  file:///a.js:5:3

=== Top functions by inclusive time (recursion counted once) ===
   Total%    Total     Self%     Self  Function
  100.00%  0.60 ms   100.00%  0.60 ms  work  file:///a.js:5:3

=== Self time by script ===
    Self%     Self  Script
  100.00%  0.60 ms  file:///a.js
