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
Symbols found:  libc.so.6 76.5%, demo 23.5% of CPU time
Your code:      7 functions in demo
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
    7.52%  137.89 ms  count_word  demo.c:28  inlined into main
  ... 17 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%        CPU  Function
   72.93%     1.34 s  main  demo.c:101
   12.42%  227.84 ms  count_word  demo.c:28
    7.30%  133.85 ms  by_count  demo.c:65
  ... 5 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%        CPU  Function
   99.94%     1.83 s  main  demo.c:101
   14.16%  259.81 ms  count_word  demo.c:28
    7.30%  133.85 ms  by_count  demo.c:65
  ... 4 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 1.41 s in all; Via: the part in the function named after 'via'
     CPU%       CPU      Via%       Via  Function
   70.27%    1.29 s    70.05%    1.29 s  main  demo.c:101  via qsort_r [libc.so.6]
    4.90%  89.95 ms     4.52%  82.96 ms  count_word  demo.c:28  via __strncmp_evex [libc.so.6]
    1.31%  23.96 ms     1.31%  23.96 ms  checksum  demo.c:74  via __strlen_evex [libc.so.6]
  ... 2 more rows (raise --top to see them)

=== Allocation CPU by requesting function: 0.22% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
     CPU%      CPU  Function
    0.16%  3.00 ms  count_word  demo.c:28
    0.05%  1.00 ms  grow  demo.c:47
