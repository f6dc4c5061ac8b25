# The sample clock's edges (issue 15 item 5). tests/corpus/EXPECTED.md (check.py) for the first:
# 20 samples, 1226.38 ms, of which the first gap is 970.60 ms (79.1 %); endTime - startTime is
# 7261.85 ms, so 6035.47 ms follow the last sample; median of all 20 gaps 7.181 ms.
$ profan cpuprof ../tests/corpus/chrome-ffprof-unchunked-CpuProfile.json --top 1 | head -10
Input:        ../tests/corpus/chrome-ffprof-unchunked-CpuProfile.json
Format:       V8 CPU profile, pid 19485 id CpuProfile@192 (CrRendererMain)
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        1.23 s in 20 samples
Samples:      20 over 7.26 s, median interval 7.181 ms
Your code:    33 functions in http://10.242.26.39:3000/webgfx-tests.js, http://10.242.26.39:3000/tests/cubes-aframe/aframe-master.js, http://10.242.26.39:3000/tests/cubes-aframe/components.js; not yours: runtime (v8: 7 functions)
VM shares:    (garbage collector) 1.52%, (program) 0.50%, (idle) 0.00%
warning: 6 child ids that name no node skipped
warning: 970.6 ms from the profile's start to its first sample (median interval 7.181 ms): --weight before credits it to the first sample (79.1% of the profile's total), --weight after to none
warning: 6035.5 ms from the last sample to the profile's endTime (median interval 7.181 ms): --weight after credits it to the last sample, --weight before to none
$ printf '%s' '{"startTime":100,"endTime":101,"head":{"functionName":"(root)","url":"","lineNumber":0,"id":1,"children":[{"functionName":"work","url":"file:///w.js","lineNumber":3,"id":2,"children":[]},{"functionName":"idle","url":"file:///w.js","lineNumber":9,"id":3,"children":[]}]},"samples":[2,2,3],"timestamps":[100500000,100510000,100530000]}' | profan cpuprof - | head -13
Input:        -
Format:       V8 CPU profile, legacy head/timestamps
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        30.00 ms in 3 samples
Samples:      3 over 30.00 ms, median interval 10.000 ms
Your code:    2 functions in file:///w.js
VM shares:    (garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%
warning: startTime and endTime are whole seconds (node 10): the profile spans its first to its last sample timestamp

=== Top functions by self time ===
    Self%      Self    Total%     Total  Function
   66.67%  20.00 ms    66.67%  20.00 ms  idle  file:///w.js:9
   33.33%  10.00 ms    33.33%  10.00 ms  work  file:///w.js:3
$ printf '%s' '{"startTime":100,"endTime":101,"head":{"functionName":"(root)","url":"","lineNumber":0,"id":1,"children":[{"functionName":"work","url":"file:///w.js","lineNumber":3,"id":2,"children":[]},{"functionName":"idle","url":"file:///w.js","lineNumber":9,"id":3,"children":[]}]},"samples":[2,2,3],"timestamps":[100500000,100510000,100530000]}' | profan cpuprof --weight after - | sed -n 4,5p
Total:        30.00 ms in 3 samples
Samples:      3 over 30.00 ms, median interval 10.000 ms
$ profan cpuprof cpuprof/orphan-chunks-rspack.json.gz --top 1 | head -5
Input:        cpuprof/orphan-chunks-rspack.json.gz
Format:       V8 CPU profile, pid 44554 id 1 (trace events: ProfileChunk without its Profile event)
Weighted by:  the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)
Total:        267.67 ms in 206 samples
Samples:      206 over 267.67 ms, median interval 1.250 ms
