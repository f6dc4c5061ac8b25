# A profile with hitCount only: the header says how it is weighted and counts hits, not nodes.
# 1034 hits and 614.24 ms (endTime - startTime) come from the file (fixtures/cpuprof/README.md).
$ profan cpuprof cpuprof/hot-hitcount.cpuprofile --top 1 -q | head -4
Input:        cpuprof/hot-hitcount.cpuprofile
Format:       V8 CPU profile, .cpuprofile
Weighted by:  hitCount: the file has no samples, so its duration is spread evenly over the hits
Total:        614.24 ms in 1034 hits
