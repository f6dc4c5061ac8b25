# Samples taken at (root) itself, with no JS on the stack: two of the four 100 µs samples. They
# count in the total (0.40 ms), so they must show in every view as "(root)": 0.20 ms and 50.00%
# in top self, beside work's 0.20 ms, and in the call tree; the views add up to the total.
$ profan cpuprof cpuprof/root-samples.cpuprofile --tree
Input:        cpuprof/root-samples.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        0.40 ms in 4 samples
Samples:      4 over 0.40 ms, median interval 0.100 ms
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%

=== Top functions by self time ===
    Self%     Self    Total%    Total  Function
   50.00%  0.20 ms    50.00%  0.20 ms  (root)
   50.00%  0.20 ms    50.00%  0.20 ms  work  file:///w.js:4:11

=== Top functions by inclusive time (recursion counted once) ===
   Total%    Total     Self%     Self  Function
   50.00%  0.20 ms    50.00%  0.20 ms  (root)
   50.00%  0.20 ms    50.00%  0.20 ms  work  file:///w.js:4:11

=== Self time by script ===
    Self%     Self  Script
   50.00%  0.20 ms  (native and VM: no url)
   50.00%  0.20 ms  file:///w.js

=== Call tree, top-down (time, gap before each sample) ===
   Total%    Total     Self%     Self  Function
   50.00%  0.20 ms    50.00%  0.20 ms  (root)
   50.00%  0.20 ms    50.00%  0.20 ms  work  file:///w.js:4:11
