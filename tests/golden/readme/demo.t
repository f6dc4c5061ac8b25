# The README's first screen (README.md embeds this block; tests/readme checks they agree).
$ profan samply samply/demo/demo.json.gz --symbol-path samply/demo --top 3
Input:          samply/demo/demo.json.gz
Format:         samply, processed profile v55
Binary:         demo
Product:        demo
OS:             Debian GNU/Linux 12 (bookworm)
Threads:        1 with samples
Duration:       1.90 s
Symbol files:   2 libraries: 2 found, 0 missing, 0 mismatched, 0 not on disk
Symbols found:  libc.so.6 76.5%, demo 23.5%
Weighted by:    CPU time (threadCPUDelta)
Total:          1.83 s in 1837 samples

=== CPU by library (self) ===
     CPU%        CPU  Library
   76.53%     1.40 s  libc.so.6
   23.47%  430.51 ms  demo

=== Top self, all code ===
     CPU%        CPU  Function
   40.97%  751.66 ms  __strcmp_evex  [libc.so.6]
   26.51%  486.38 ms  msort_with_tmp  stdlib/msort.c:39  [libc.so.6]
    7.52%  137.89 ms  count_word  /src/demo.c:28  [demo]
  ... 16 more rows (raise --top to see them)

=== Top self, demo only ===
     CPU%        CPU  Function
    7.52%  137.89 ms  count_word  /src/demo.c:28  [demo]
    7.30%  133.85 ms  by_count  /src/demo.c:65  [demo]
    2.99%   54.88 ms  make_text  /src/demo.c:85  [demo]
  ... 5 more rows (raise --top to see them)

=== Top inclusive, demo only ===
     CPU%        CPU  Function
  100.00%     1.83 s  _start  [demo]
   99.94%     1.83 s  main  /src/demo.c:101  [demo]
   14.16%  259.81 ms  count_word  /src/demo.c:28  [demo]
  ... 6 more rows (raise --top to see them)

=== Library and kernel CPU credited to the nearest demo caller ===
  samples whose leaf is outside demo: 1.40 s in all
     CPU%       CPU  Caller
   70.16%    1.29 s  main  /src/demo.c:101  [demo]
    4.80%  87.96 ms  count_word  /src/demo.c:28  [demo]
    1.31%  23.96 ms  checksum  /src/demo.c:74  [demo]
  ... 2 more rows (raise --top to see them)

=== Allocation CPU by requesting caller: 0.22% of all CPU ===
     CPU%      CPU  Caller
    0.16%  3.00 ms  count_word  /src/demo.c:28  [demo]
    0.05%  1.00 ms  grow  /src/demo.c:47  [demo]
