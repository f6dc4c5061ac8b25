# To be moved to tests/golden/samply/symbols.t when the samply command calls symbolize_profile()
# (it needs the samply loader; kept here so it does not fail on the symbols branch alone).
# A real recording of fixtures/elf/symtest-pie (perf + perf2samply, see fixtures/elf/README.md),
# symbolicated in process from the committed binary found through --symbol-path. Numbers checked
# with tests/symbol/expect_samply.py, which names each sample's leaf with binutils addr2line -i:
# self innermost leaf_mix 222.55 ms, outer_loop 82.64, middle_mix 5.86, fib 1.00 (total 312.04);
# with --no-inline outer_loop 311.04, fib 1.00. libc's id was replaced by a fake one, so it is
# missing on every machine.
$ profan samply elf/symtest.json.gz --symbol-path elf --top 4
Input:            elf/symtest.json.gz
Format:           samply, processed profile v55
Binary:           symtest-pie
Product:          symtest-pie
OS:               Debian GNU/Linux 12 (bookworm)
Threads:          1 with samples
Duration:         674.25 ms
Symbol files:     2 libraries: 1 found, 1 missing, 0 mismatched, 0 not on disk
Symbols found:    symtest-pie 100.0% of CPU time
Symbols missing:  libc.so.6 0.0% of CPU time
Your code:        5 functions in symtest-pie
Weighted by:      CPU time (threadCPUDelta)
Total:            312.04 ms in 320 samples

=== CPU by library (self) ===
     CPU%        CPU  Library
  100.00%  312.04 ms  symtest-pie

=== Top self, all code ===
     CPU%        CPU  Function
   71.32%  222.55 ms  leaf_mix  tests/symbol/symtest.c:8  inlined into outer_loop
   26.48%   82.64 ms  outer_loop  tests/symbol/symtest.c:19
    1.88%    5.86 ms  middle_mix  tests/symbol/symtest.c:13  inlined into outer_loop
    0.32%    1.00 ms  fib  tests/symbol/symtest.c:27

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%        CPU  Function
   71.32%  222.55 ms  leaf_mix  tests/symbol/symtest.c:8
   26.48%   82.64 ms  outer_loop  tests/symbol/symtest.c:19
    1.88%    5.86 ms  middle_mix  tests/symbol/symtest.c:13
    0.32%    1.00 ms  fib  tests/symbol/symtest.c:27

=== Top inclusive, your code ===
     CPU%        CPU  Function
  100.00%  312.04 ms  main  tests/symbol/symtest.c:34
   99.68%  311.04 ms  outer_loop  tests/symbol/symtest.c:19
   73.20%  228.41 ms  middle_mix  tests/symbol/symtest.c:13
   71.32%  222.55 ms  leaf_mix  tests/symbol/symtest.c:8
  ... 1 more row (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.00 ms in all; Via: the part in the function named after 'via'
  (nothing to show)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
$ profan samply elf/symtest.json.gz --symbol-path elf --top 2 --no-inline
Input:            elf/symtest.json.gz
Format:           samply, processed profile v55
Binary:           symtest-pie
Product:          symtest-pie
OS:               Debian GNU/Linux 12 (bookworm)
Threads:          1 with samples
Duration:         674.25 ms
Symbol files:     2 libraries: 1 found, 1 missing, 0 mismatched, 0 not on disk
Symbols found:    symtest-pie 100.0% of CPU time
Symbols missing:  libc.so.6 0.0% of CPU time
Your code:        3 functions in symtest-pie
Weighted by:      CPU time (threadCPUDelta)
Total:            312.04 ms in 320 samples

=== CPU by library (self) ===
     CPU%        CPU  Library
  100.00%  312.04 ms  symtest-pie

=== Top self, all code ===
     CPU%        CPU  Function
   99.68%  311.04 ms  outer_loop  tests/symbol/symtest.c:19
    0.32%    1.00 ms  fib  tests/symbol/symtest.c:27

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%        CPU  Function
   99.68%  311.04 ms  outer_loop  tests/symbol/symtest.c:19
    0.32%    1.00 ms  fib  tests/symbol/symtest.c:27

=== Top inclusive, your code ===
     CPU%        CPU  Function
  100.00%  312.04 ms  main  tests/symbol/symtest.c:34
   99.68%  311.04 ms  outer_loop  tests/symbol/symtest.c:19
  ... 1 more row (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.00 ms in all; Via: the part in the function named after 'via'
  (nothing to show)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
$ profan samply elf/symtest.json.gz --top 2
Input:            elf/symtest.json.gz
Format:           samply, processed profile v55
Binary:           symtest-pie
Product:          symtest-pie
OS:               Debian GNU/Linux 12 (bookworm)
Threads:          1 with samples
Duration:         674.25 ms
Symbol files:     2 libraries: 0 found, 2 missing, 0 mismatched, 0 not on disk
Symbols missing:  symtest-pie 100.0%, libc.so.6 0.0% of CPU time
Your code:        15 functions in symtest-pie
Weighted by:      CPU time (threadCPUDelta)
Total:            312.04 ms in 320 samples
warning: symtest-pie: not found with build id 49d9aa5fed736ad17b331dabaf4fbe60d57a80d6 at /home/dev/build/symtest-pie (no --symbol-path given), so 320 of 320 samples (100.0% by count) stay symtest-pie+0x... addresses: give the binary or its directory with --symbol-path (-v lists every path tried)

=== CPU by library (self) ===
     CPU%        CPU  Library
  100.00%  312.04 ms  symtest-pie

=== Top self, all code ===
     CPU%       CPU  Function
   30.23%  94.32 ms  symtest-pie+0x121c
   23.61%  73.67 ms  symtest-pie+0x122a
  ... 9 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%       CPU  Function
   30.23%  94.32 ms  symtest-pie+0x121c
   23.61%  73.67 ms  symtest-pie+0x122a
  ... 9 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%        CPU  Function
  100.00%  312.04 ms  symtest-pie+0x1130
   99.68%  311.04 ms  symtest-pie+0x10e4
  ... 13 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.00 ms in all; Via: the part in the function named after 'via'
  (nothing to show)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
$ profan samply elf/symtest.json.gz --symbol-path elf/rebuilt --top 1
Input:               elf/symtest.json.gz
Format:              samply, processed profile v55
Binary:              symtest-pie
Product:             symtest-pie
OS:                  Debian GNU/Linux 12 (bookworm)
Threads:             1 with samples
Duration:            674.25 ms
Symbol files:        2 libraries: 0 found, 1 missing, 1 mismatched, 0 not on disk
Symbols missing:     libc.so.6 0.0% of CPU time
Symbols mismatched:  symtest-pie 100.0% of CPU time
Your code:           15 functions in symtest-pie
Weighted by:         CPU time (threadCPUDelta)
Total:               312.04 ms in 320 samples
warning: symtest-pie: elf/rebuilt/symtest-pie is another build (id a9740bcd8c9abe7937067c2955453b34f067c25b, profile has 49d9aa5fed736ad17b331dabaf4fbe60d57a80d6); its frames stay unsymbolicated

=== CPU by library (self) ===
     CPU%        CPU  Library
  100.00%  312.04 ms  symtest-pie

=== Top self, all code ===
     CPU%       CPU  Function
   30.23%  94.32 ms  symtest-pie+0x121c
  ... 10 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%       CPU  Function
   30.23%  94.32 ms  symtest-pie+0x121c
  ... 10 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%        CPU  Function
  100.00%  312.04 ms  symtest-pie+0x1130
  ... 14 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.00 ms in all; Via: the part in the function named after 'via'
  (nothing to show)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
! profan: warning: symtest-pie: elf/rebuilt/symtest-pie is another build (id a9740bcd8c9abe7937067c2955453b34f067c25b, profile has 49d9aa5fed736ad17b331dabaf4fbe60d57a80d6); its frames stay unsymbolicated
