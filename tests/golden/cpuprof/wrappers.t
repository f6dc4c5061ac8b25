# JS<->wasm wrapper frames: one rule in every table, credited to the function that called through
# them and to its script, never a row of their own (issue 15 item 5). Hand-made profile, 10 ms per
# sample: main (app.js) 1 sample, its js-to-wasm wrapper 2, heavy (wasm) 3, a wrapper with no JS
# caller 1. By hand: self main 10+20 = 30 ms, heavy 30, (no JS caller) 10, total 70; inclusive main
# 60 (self 30), heavy 30; by script app.js 30, wasm://wasm/abc 30, no url 10.
$ printf '%s' '{"startTime":0,"endTime":70000,"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,5]},{"id":2,"callFrame":{"functionName":"main","url":"file:///app.js","lineNumber":0,"columnNumber":0},"children":[3]},{"id":3,"callFrame":{"functionName":"js-to-wasm:i:i","url":"wasm://wasm/abc","lineNumber":0,"columnNumber":0},"children":[4]},{"id":4,"callFrame":{"functionName":"heavy","url":"wasm://wasm/abc","lineNumber":0,"columnNumber":40},"children":[]},{"id":5,"callFrame":{"functionName":"GenericWasmToJSWrapper","url":"","lineNumber":-1,"columnNumber":-1},"children":[]}],"samples":[2,3,3,4,4,4,5],"timeDeltas":[10000,10000,10000,10000,10000,10000,10000]}' | profan cpuprof -
Input:        -
Format:       V8 CPU profile, .cpuprofile
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        70.00 ms in 7 samples
Samples:      7 over 70.00 ms, median interval 10.000 ms
Your code:    2 functions in file:///app.js, wasm://wasm/abc; not yours: runtime (node, v8: 2 functions)
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%
WebAssembly:  42.86% self in wasm functions (0.00% in unnamed wasm-function[N]), 42.86% in JS<->wasm wrappers

=== Top functions by self time ===
JS<->wasm wrapper frames (30.00 ms self) are counted in their caller's Self.
    Self%      Self    Total%     Total  Function
   42.86%  30.00 ms    42.86%  30.00 ms  heavy  wasm://wasm/abc +0x28
   42.86%  30.00 ms    85.71%  60.00 ms  main  file:///app.js:1:1
   14.29%  10.00 ms     0.00%   0.00 ms  (no JS caller)

=== Top self, your code ===
each sample to its innermost function of yours: the Node and V8 internals it calls count for it
    Self%      Self  Function
   42.86%  30.00 ms  heavy  wasm://wasm/abc +0x28
   42.86%  30.00 ms  main  file:///app.js:1:1
   14.29%  10.00 ms  (no frame of your code)

=== Top functions by inclusive time (recursion counted once) ===
JS<->wasm wrapper frames are in their callers' Total, and their 30.00 ms self in their caller's Self.
   Total%     Total     Self%      Self  Function
   85.71%  60.00 ms    42.86%  30.00 ms  main  file:///app.js:1:1
   42.86%  30.00 ms    42.86%  30.00 ms  heavy  wasm://wasm/abc +0x28

=== Self time by script ===
JS<->wasm wrapper frames (30.00 ms self) are counted in their caller's script.
    Self%      Self  Script
   42.86%  30.00 ms  file:///app.js
   42.86%  30.00 ms  wasm://wasm/abc
   14.29%  10.00 ms  (native and VM: no url)
