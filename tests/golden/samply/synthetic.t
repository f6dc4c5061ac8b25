# The hand-designed profile of tests/samply/gen.py (v66 layout): every number below is worked out
# in gen.py's comments (CPU 257 µs; fib 110, write 90, malloc 50, (no stack) 7; your code: self fib
# 110, run 50, alloc_site 30, app+0x700 20, none 47; inclusive main 210, run 190; outside run 50,
# alloc_site 30, app+0x700 20, none 40; allocation 50 = 19.46 % by alloc_site 30, app+0x700 20), and
# tests/samply/reference.py recomputes them from the JSON.
$ profan samply --no-symbols samply/synthetic/v66.json --threads
Input:        samply/synthetic/v66.json
Format:       samply, processed profile v66
Binary:       app
Product:      app
Threads:      2 with samples (+1 per-CPU pseudo-thread, not counted)
Duration:     6.25 ms
Your code:    5 functions in app; not yours: runtime (std: 2 functions)
Weighted by:  CPU time (threadCPUDelta)
Total:        0.26 ms in 9 samples

=== CPU by library (self) ===
     CPU%      CPU  Library
   54.47%  0.14 ms  libc.so.6
   42.80%  0.11 ms  app
    2.72%  0.01 ms  (no library)

=== Top self, all code ===
     CPU%      CPU  Function
   42.80%  0.11 ms  fib  [app]
   35.02%  0.09 ms  write  [libc.so.6]
   19.46%  0.05 ms  malloc  [libc.so.6]
    2.72%  0.01 ms  (no stack)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%      CPU  Function
   42.80%  0.11 ms  fib  [app]
   19.46%  0.05 ms  run  [app]
   18.29%  0.05 ms  (no frame of your code)
   11.67%  0.03 ms  alloc_site  [app]
    7.78%  0.02 ms  app+0x700

=== Top inclusive, your code ===
     CPU%      CPU  Function
   81.71%  0.21 ms  main  [app]
   73.93%  0.19 ms  run  [app]
   42.80%  0.11 ms  fib  [app]
   11.67%  0.03 ms  alloc_site  [app]
    7.78%  0.02 ms  app+0x700

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.14 ms in all; Via: the part in the function named after 'via'
     CPU%      CPU      Via%      Via  Function
   19.46%  0.05 ms    19.46%  0.05 ms  run  [app]  via write [libc.so.6]
   15.56%  0.04 ms    15.56%  0.04 ms  (no frame of your code)  via write [libc.so.6]
   11.67%  0.03 ms    11.67%  0.03 ms  alloc_site  [app]  via alloc::raw_vec::RawVec<T,A>::grow_one [std]
    7.78%  0.02 ms     7.78%  0.02 ms  app+0x700  via malloc [libc.so.6]

=== Allocation CPU by requesting function: 19.46% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
     CPU%      CPU  Function
   11.67%  0.03 ms  alloc_site  [app]
    7.78%  0.02 ms  app+0x700

=== Threads ===
  1 per-CPU pseudo-thread not shown: it repeats the threads' samples
     CPU%      CPU  Samples  Thread
   80.54%  0.21 ms        6  app  pid 100.1 tid 100.1
   19.46%  0.05 ms        3  worker  pid 100.2 tid 102
$ profan samply --no-symbols samply/synthetic/v41.json --metric weight --top 2
Input:        samply/synthetic/v41.json
Format:       samply, processed profile v41
Binary:       app
Product:      app
Threads:      2 with samples (+1 per-CPU pseudo-thread, not counted)
Duration:     6.25 ms
Your code:    5 functions in app; not yours: runtime (std: 2 functions)
Weighted by:  sample weight (on- and off-CPU intervals)
Total:        11 in 9 samples

=== Weight by library (self) ===
  Weight%  Weight  Library
   54.55%       6  app
   36.36%       4  libc.so.6
  ... 1 more row (raise --top to see them)

=== Top self, all code ===
  Weight%  Weight  Function
   45.45%       5  fib  [app]
   18.18%       2  malloc  [libc.so.6]
  ... 3 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
  Weight%  Weight  Function
   45.45%       5  fib  [app]
   18.18%       2  (no frame of your code)
  ... 4 more rows (raise --top to see them)

=== Top inclusive, your code ===
  Weight%  Weight  Function
   81.82%       9  main  [app]
   63.64%       7  run  [app]
  ... 3 more rows (raise --top to see them)

=== Weight outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 4 in all; Via: the part in the function named after 'via'
  Weight%  Weight      Via%  Via  Function
    9.09%       1     9.09%    1  (no frame of your code)  via write [libc.so.6]
    9.09%       1     9.09%    1  alloc_site  [app]  via alloc::raw_vec::RawVec<T,A>::grow_one [std]
  ... 2 more rows (raise --top to see them)

=== Allocation weight by requesting function: 18.18% of all weight ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  Weight%  Weight  Function
    9.09%       1  alloc_site  [app]
    9.09%       1  app+0x700
$ profan samply --no-symbols samply/synthetic/v55.json --under '^fib$' --top 3
Input:        samply/synthetic/v55.json
Format:       samply, processed profile v55
Binary:       app
Product:      app
Threads:      2 with samples (+1 per-CPU pseudo-thread, not counted)
Duration:     6.25 ms
Filters:      under=^fib$ (kept 0.11 ms of 0.26 ms, 42.80%)
Your code:    5 functions in app; not yours: runtime (std: 2 functions)
Weighted by:  CPU time (threadCPUDelta)
Total:        0.11 ms in 3 samples

=== CPU by library (self) ===
     CPU%      CPU  Library
  100.00%  0.11 ms  app

=== Top self, all code ===
     CPU%      CPU  Function
  100.00%  0.11 ms  fib  [app]

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%      CPU  Function
  100.00%  0.11 ms  fib  [app]

=== Top inclusive, your code ===
     CPU%      CPU  Function
  100.00%  0.11 ms  fib  [app]
  100.00%  0.11 ms  main  [app]
  100.00%  0.11 ms  run  [app]

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.00 ms in all; Via: the part in the function named after 'via'
  (nothing to show)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
$ profan samply --no-symbols samply/synthetic/v55-nocpu.json --top 1 --pid 100.2
Input:        samply/synthetic/v55-nocpu.json
Format:       samply, processed profile v55
Binary:       app
Product:      app
Threads:      1 with samples
Duration:     2.50 ms
Your code:    3 functions in app
Weighted by:  CPU time, estimated as sample weight x interval
Total:        2.50 ms in 3 samples
warning: no threadCPUDelta in this profile: CPU is estimated as sample weight x interval (0.5 ms)

=== CPU by library (self) ===
     CPU%      CPU  Library
   80.00%  2.00 ms  app
  ... 1 more row (raise --top to see them)

=== Top self, all code ===
     CPU%      CPU  Function
   60.00%  1.50 ms  fib  [app]
  ... 2 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%      CPU  Function
   60.00%  1.50 ms  fib  [app]
  ... 2 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%      CPU  Function
   80.00%  2.00 ms  main  [app]
  ... 2 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.50 ms in all; Via: the part in the function named after 'via'
     CPU%      CPU      Via%      Via  Function
   20.00%  0.50 ms    20.00%  0.50 ms  (no frame of your code)  via write [libc.so.6]

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
$ profan samply --no-symbols samply/synthetic/v49-sidecar.json --top 3
Input:        samply/synthetic/v49-sidecar.json
Format:       samply, processed profile v49
Binary:       app
Product:      app
Threads:      2 with samples (+1 per-CPU pseudo-thread, not counted)
Duration:     6.25 ms
Symbols:      names from samply/synthetic/v49-sidecar.syms.json
Your code:    5 functions in app; not yours: runtime (std: 2 functions)
Weighted by:  CPU time (threadCPUDelta)
Total:        0.26 ms in 9 samples

=== CPU by library (self) ===
     CPU%      CPU  Library
   54.47%  0.14 ms  libc.so.6
   42.80%  0.11 ms  app
    2.72%  0.01 ms  (no library)

=== Top self, all code ===
     CPU%      CPU  Function
   42.80%  0.11 ms  fib  [app]
   35.02%  0.09 ms  write  [libc.so.6]
   19.46%  0.05 ms  malloc  [libc.so.6]
  ... 1 more row (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%      CPU  Function
   42.80%  0.11 ms  fib  [app]
   19.46%  0.05 ms  run  [app]
   18.29%  0.05 ms  (no frame of your code)
  ... 2 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%      CPU  Function
   81.71%  0.21 ms  main  [app]
   73.93%  0.19 ms  run  [app]
   42.80%  0.11 ms  fib  [app]
  ... 2 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.14 ms in all; Via: the part in the function named after 'via'
     CPU%      CPU      Via%      Via  Function
   19.46%  0.05 ms    19.46%  0.05 ms  run  [app]  via write [libc.so.6]
   15.56%  0.04 ms    15.56%  0.04 ms  (no frame of your code)  via write [libc.so.6]
   11.67%  0.03 ms    11.67%  0.03 ms  alloc_site  [app]  via alloc::raw_vec::RawVec<T,A>::grow_one [std]
  ... 1 more row (raise --top to see them)

=== Allocation CPU by requesting function: 19.46% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
     CPU%      CPU  Function
   11.67%  0.03 ms  alloc_site  [app]
    7.78%  0.02 ms  app+0x700
$ profan samply --no-symbols samply/synthetic/v49-sidecar.json --top 2 --no-sidecar
Input:        samply/synthetic/v49-sidecar.json
Format:       samply, processed profile v49
Binary:       app
Product:      app
Threads:      2 with samples (+1 per-CPU pseudo-thread, not counted)
Duration:     6.25 ms
Your code:    7 functions in app
Weighted by:  CPU time (threadCPUDelta)
Total:        0.26 ms in 9 samples

=== CPU by library (self) ===
     CPU%      CPU  Library
   54.47%  0.14 ms  libc.so.6
   42.80%  0.11 ms  app
  ... 1 more row (raise --top to see them)

=== Top self, all code ===
     CPU%      CPU  Function
   42.80%  0.11 ms  app+0x300
   35.02%  0.09 ms  write  [libc.so.6]
  ... 2 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%      CPU  Function
   42.80%  0.11 ms  app+0x300
   19.46%  0.05 ms  app+0x200
  ... 3 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%      CPU  Function
   81.71%  0.21 ms  app+0x100
   73.93%  0.19 ms  app+0x200
  ... 5 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.14 ms in all; Via: the part in the function named after 'via'
     CPU%      CPU      Via%      Via  Function
   19.46%  0.05 ms    19.46%  0.05 ms  app+0x200  via write [libc.so.6]
   15.56%  0.04 ms    15.56%  0.04 ms  (no frame of your code)  via write [libc.so.6]
  ... 2 more rows (raise --top to see them)

=== Allocation CPU by requesting function: 19.46% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
     CPU%      CPU  Function
   11.67%  0.03 ms  app+0x600
    7.78%  0.02 ms  app+0x700
