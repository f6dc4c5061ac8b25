# Real samply files (fixtures/samply/public, provenance in fixtures/samply/README.md). Totals match
# docs/samply-format.md §10 (ΣthreadCPUDelta 474709 µs, 670 samples); every row agrees with
# tests/samply/reference.py (ctest -L samply).
$ profan samply --no-symbols samply/public/v55-record-linux-x86_64-nixos-multiprocess.json.gz --top 4 --threads
Input:        samply/public/v55-record-linux-x86_64-nixos-multiprocess.json.gz
Format:       samply, processed profile v55
Binary:       majjit
Product:      majjit
OS:           NixOS 26.05 (Yarara)
Threads:      23 with samples
Duration:     904.84 ms
Your code:    206 functions in majjit
Weighted by:  CPU time (threadCPUDelta)
Total:        474.71 ms in 670 samples

=== CPU by library (self) ===
     CPU%        CPU  Library
   48.36%  229.57 ms  jj
   41.39%  196.47 ms  libc.so.6
   10.11%   47.98 ms  majjit
    0.12%    0.56 ms  ld-linux-x86-64.so.2
  ... 1 more row (raise --top to see them)

=== Top self, all code ===
     CPU%      CPU  Function
    1.68%  7.99 ms  jj+0xc24b28
    1.47%  6.99 ms  jj+0x11b8f5
    1.26%  5.98 ms  jj+0xc2c7fc
    1.26%  5.97 ms  libc.so.6+0xae7e8
  ... 364 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%        CPU  Function
   84.21%  399.74 ms  (no frame of your code)
    1.21%    5.72 ms  majjit+0x232e4e
    0.71%    3.36 ms  majjit+0x1f8bf0
    0.54%    2.56 ms  majjit+0x2f721e
  ... 59 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%       CPU  Function
   15.74%  74.70 ms  majjit+0x114804
   15.74%  74.70 ms  majjit+0x16f962
   15.74%  74.70 ms  majjit+0x176f18
   15.74%  74.70 ms  majjit+0x17e784
  ... 202 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 426.73 ms in all; Via: the part in the function named after 'via'
     CPU%        CPU      Via%        Via  Function
   84.21%  399.74 ms    48.36%  229.57 ms  (no frame of your code)  via [jj]
    1.21%    5.72 ms     1.21%    5.72 ms  majjit+0x232e4e  via [libc.so.6]
    0.54%    2.56 ms     0.54%    2.56 ms  majjit+0x2f721e  via [libc.so.6]
    0.46%    2.20 ms     0.46%    2.20 ms  majjit+0x2de21a  via [libc.so.6]
  ... 18 more rows (raise --top to see them)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)

=== Threads ===
     CPU%        CPU  Samples  Thread
   77.36%  367.22 ms      366  jj  pid 726041.1 tid 726041.1
   15.91%   75.53 ms       99  majjit  pid 726037.1 tid 726037.1
    3.63%   17.23 ms       18  jj  pid 726043.1 tid 726043.1
    1.48%    7.03 ms        7  jj  pid 726039.1 tid 726039.1
  ... 19 more rows (raise --top to see them)
$ profan samply --no-symbols samply/public/v55-record-linux-x86_64-iouring-kernel-ip-34k-samples.json.gz --top 3
Input:        samply/public/v55-record-linux-x86_64-iouring-kernel-ip-34k-samples.json.gz
Format:       samply, processed profile v55
Binary:       radixox
Product:      radixox
OS:           EndeavourOS
Threads:      3 with samples
Duration:     33.28 s
Your code:    746 functions in radixox
Weighted by:  CPU time (threadCPUDelta)
Total:        34.44 s in 34510 samples

=== CPU by library (self) ===
     CPU%        CPU  Library
   85.01%    29.28 s  kernel
   13.70%     4.72 s  radixox
    1.28%  439.25 ms  libc.so.6
  ... 1 more row (raise --top to see them)

=== Top self, all code ===
     CPU%        CPU  Function
    3.80%     1.31 s  0xffffffffc1f29a24  [kernel]
    1.20%  411.78 ms  radixox+0x37e9f
    1.17%  404.43 ms  0xffffffff93704147  [kernel]
  ... 4326 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%        CPU  Function
   85.02%    29.28 s  (no frame of your code)
    1.20%  411.78 ms  radixox+0x37e9f
    0.67%  229.25 ms  radixox+0x76041
  ... 701 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%     CPU  Function
   14.98%  5.16 s  radixox+0x2ead4
   14.98%  5.16 s  radixox+0x301d2
   14.98%  5.16 s  radixox+0x4f557
  ... 743 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 29.72 s in all; Via: the part in the function named after 'via'
     CPU%        CPU      Via%        Via  Function
   85.02%    29.28 s     3.80%     1.31 s  (no frame of your code)  via 0xffffffffc1f29a24 [kernel]
    0.57%  196.29 ms     0.57%  196.29 ms  radixox+0x62e4c  via [libc.so.6]
    0.22%   76.74 ms     0.22%   76.74 ms  radixox+0x3477e  via [libc.so.6]
  ... 14 more rows (raise --top to see them)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
$ profan samply --no-symbols samply/real/work.json.gz --top 3
Input:        samply/real/work.json.gz
Format:       samply, processed profile v55
Binary:       work
Product:      work
OS:           Debian GNU/Linux 12 (bookworm)
Threads:      1 with samples
Duration:     97.12 ms
Your code:    11 functions in work
Weighted by:  CPU time (threadCPUDelta)
Total:        49.91 ms in 51 samples

=== CPU by library (self) ===
     CPU%       CPU  Library
   89.95%  44.89 ms  libc.so.6
   10.05%   5.02 ms  work

=== Top self, all code ===
     CPU%       CPU  Function
   87.95%  43.89 ms  libc.so.6+0xf8350
    3.98%   1.99 ms  work+0x120d
    2.08%   1.04 ms  work+0x115b
  ... 3 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%       CPU  Function
   89.95%  44.89 ms  work+0x120c
    3.98%   1.99 ms  work+0x120d
    2.08%   1.04 ms  work+0x115b
  ... 2 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%       CPU  Function
   98.01%  48.92 ms  work+0x1080
   93.93%  46.88 ms  work+0x1251
   89.95%  44.89 ms  work+0x120c
  ... 8 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 44.89 ms in all; Via: the part in the function named after 'via'
     CPU%       CPU      Via%       Via  Function
   89.95%  44.89 ms    89.95%  44.89 ms  work+0x120c  via [libc.so.6]

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
