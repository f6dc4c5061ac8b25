# What a Rust developer reads on tests/ownership/src/rsown.rs: a perf recording (perf2samply.py)
# and DHAT runs with and without --fullpath-after=. Every number of the views of your code is
# held to tests/ownership/check.py and dhat_check.py (addr2line, valgrind's text; perf report
# agrees) by tests/ownership/views_check.py, shares listed in tests/ownership/EXPECTED.md.
$ profan samply ownership/rsown.json.gz --symbol-path ownership --top 4 --wide
Input:          ownership/rsown.json.gz
Format:         samply, processed profile v55
Binary:         rsown
Product:        rsown
OS:             Debian GNU/Linux 12 (bookworm)
Threads:        4 with samples
Duration:       1.15 s
Symbol files:   3 libraries: 3 found, 0 missing, 0 mismatched, 0 not on disk
Symbols found:  rsown 78.5%, libc.so.6 21.5%, ld-linux-x86-64.so.2 0.0% of CPU time
Your code:      8 functions in rsown; not yours: runtime (std, hashbrown: 259 functions)
Weighted by:    CPU time (threadCPUDelta)
Total:          1.96 s in 1964 samples

=== CPU by library (self) ===
     CPU%        CPU  Library
   78.51%     1.54 s  rsown
   21.49%  421.45 ms  libc.so.6

=== Top self, all code ===
     CPU%        CPU  Function
   15.47%  303.42 ms  core::intrinsics::rotate_left  core/src/intrinsics/mod.rs:2025  [std]  inlined into rsown::hot_checksum and 1 more
   12.70%  249.12 ms  core::ptr::copy_nonoverlapping  core/src/ptr/mod.rs:526  [std]  inlined into hashbrown::raw::RawTable::reserve_rehash and 5 more
   11.38%  223.25 ms  u64::wrapping_mul  core/src/num/uint_macros.rs:2532  [std]  inlined into rsown::hot_checksum and 1 more
    9.84%  193.02 ms  <core::iter::adapters::enumerate::Enumerate as core::iter::traits::iterator::Iterator>::next  core/src/iter/adapters/enumerate.rs:79  [std]  inlined into rsown::hot_checksum
  ... 109 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%        CPU  Function
   45.89%  900.04 ms  rsown::hot_checksum  src/rsown.rs:27
   13.39%  262.69 ms  rsown::index_records  src/rsown.rs:52
   12.42%  243.59 ms  rsown::make_records  src/rsown.rs:39
    8.79%  172.39 ms  rsown::worker  src/rsown.rs:75
  ... 4 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%        CPU  Function
   99.62%     1.95 s  rsown::main::{closure#1}::{closure#0}  src/rsown.rs:91
   99.62%     1.95 s  rsown::worker  src/rsown.rs:75
   45.89%  900.04 ms  rsown::hot_checksum  src/rsown.rs:27
   13.39%  262.69 ms  rsown::index_records  src/rsown.rs:52
  ... 4 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 1.78 s in all; Via: the part in the function named after 'via'
     CPU%        CPU      Via%        Via  Function
   36.72%  720.29 ms    15.32%  300.47 ms  rsown::hot_checksum  src/rsown.rs:27  via u64::rotate_left [std]
   13.34%  261.69 ms     9.75%  191.23 ms  rsown::index_records  src/rsown.rs:52  via std::collections::hash::map::HashMap::entry [std]
   12.37%  242.59 ms     6.02%  118.11 ms  rsown::make_records  src/rsown.rs:39  via alloc::fmt::format [std]
    8.79%  172.39 ms     8.77%  172.10 ms  rsown::worker  src/rsown.rs:75  via core::ptr::drop_in_place [std]
  ... 4 more rows (raise --top to see them)

=== Allocation CPU by requesting function: 16.81% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
     CPU%        CPU  Function
    8.74%  171.39 ms  rsown::worker  src/rsown.rs:75
    5.41%  106.05 ms  rsown::make_records  src/rsown.rs:39
    2.44%   47.93 ms  rsown::index_records  src/rsown.rs:52
    0.22%    4.30 ms  (no frame of your code)
$ profan dhat ownership/rsown.dhat.json --top 3 --wide
Input:           ownership/rsown.dhat.json (dhatFileVersion 2, heap mode)
Command:         ./rsown 1
PID:             25688
Mode:            heap
Your code:       8 functions; not yours: runtime (std, hashbrown: 142 functions), allocator (malloc: 1 function)
Total:           16,066,452 B (15.32 MiB) allocated in 140,175 blocks
At t-gmax:       8,165,416 B (7.79 MiB) in 102,445 blocks, at 77714202 instrs (27.88% of the run)
At t-end:        544 B in 1 block, at 278717090 instrs
Reads, writes:   187,474,249 B (178.79 MiB) read, 61,433,547 B (58.59 MiB) written
Program points:  30
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%        gb    gbk        tb  Site
   33.71%  2.62 MiB      3  5.25 MiB  rsown::make_records (src/rsown.rs:46)  <- rsown::worker (src/rsown.rs:79) <- rsown::main::{closure#1}::{closure#0} (src/rsown.rs:91)
   24.69%  1.92 MiB      3  1.92 MiB  rsown::sort_records (src/rsown.rs:62)  <- rsown::worker (src/rsown.rs:81) <- rsown::main::{closure#1}::{closure#0} (src/rsown.rs:91)
   24.50%  1.91 MiB  34419  3.47 MiB  rsown::index_records (src/rsown.rs:55)  <- rsown::worker (src/rsown.rs:80) <- rsown::main::{closure#1}::{closure#0} (src/rsown.rs:91)
  ... 7 more rows (raise --top to see them)

=== Live at t-gmax by rsown function (where it allocates) ===
each stack to the function of its site
      gb%        gb    gbk        tb  Function
   49.58%  3.86 MiB  68001  6.83 MiB  rsown::make_records  src/rsown.rs
   24.69%  1.92 MiB      3  1.92 MiB  rsown::sort_records  src/rsown.rs
   24.50%  1.91 MiB  34419  3.47 MiB  rsown::index_records  src/rsown.rs
  ... 4 more rows (raise --top to see them)

=== Live at t-gmax by rsown function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%        gb     gbk         tb  Function
   99.97%  7.79 MiB  102426  15.32 MiB  rsown::main::{closure#1}::{closure#0}  src/rsown.rs
   99.97%  7.79 MiB  102426  15.32 MiB  rsown::worker  src/rsown.rs
   49.58%  3.86 MiB   68001   6.83 MiB  rsown::make_records  src/rsown.rs
  ... 4 more rows (raise --top to see them)
$ profan dhat ownership/rsown.short.dhat.json --top 3 --wide
Input:           ownership/rsown.short.dhat.json (dhatFileVersion 2, heap mode)
Command:         ./rsown 1
PID:             31825
Mode:            heap
Your code:       8 functions; not yours: runtime (std: 140 functions), dependency (hashbrown: 9 functions), allocator (malloc: 1 function)
Total:           16,066,452 B (15.32 MiB) allocated in 140,175 blocks
At t-gmax:       8,165,416 B (7.79 MiB) in 102,445 blocks, at 74526487 instrs (26.75% of the run)
At t-end:        544 B in 1 block, at 278623916 instrs
Reads, writes:   187,489,718 B (178.80 MiB) read, 61,433,499 B (58.59 MiB) written
Program points:  30
Metric:          gb: bytes live at t-gmax
warning: the Rust program's files are named without their folders: a crate's src/... (std's hashbrown, a dependency's) may read like yours; run valgrind with --fullpath-after=

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%        gb    gbk        tb  Site
   33.71%  2.62 MiB      3  5.25 MiB  rsown::make_records (rsown.rs:46)  <- rsown::worker (rsown.rs:79) <- rsown::main::{closure#1}::{closure#0} (rsown.rs:91)
   24.69%  1.92 MiB      3  1.92 MiB  rsown::sort_records (rsown.rs:62)  <- rsown::worker (rsown.rs:81) <- rsown::main::{closure#1}::{closure#0} (rsown.rs:91)
   24.50%  1.91 MiB  34419  3.47 MiB  rsown::index_records (rsown.rs:55)  <- rsown::worker (rsown.rs:80) <- rsown::main::{closure#1}::{closure#0} (rsown.rs:91)
  ... 7 more rows (raise --top to see them)

=== Live at t-gmax by rsown function (where it allocates) ===
each stack to the function of its site
      gb%        gb    gbk        tb  Function
   49.58%  3.86 MiB  68001  6.83 MiB  rsown::make_records  rsown.rs
   24.69%  1.92 MiB      3  1.92 MiB  rsown::sort_records  rsown.rs
   24.50%  1.91 MiB  34419  3.47 MiB  rsown::index_records  rsown.rs
  ... 4 more rows (raise --top to see them)

=== Live at t-gmax by rsown function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%        gb     gbk         tb  Function
   99.97%  7.79 MiB  102426  15.32 MiB  rsown::main::{closure#1}::{closure#0}  rsown.rs
   99.97%  7.79 MiB  102426  15.32 MiB  rsown::worker  rsown.rs
   49.58%  3.86 MiB   68001   6.83 MiB  rsown::make_records  rsown.rs
  ... 4 more rows (raise --top to see them)
! profan: warning: the Rust program's files are named without their folders: a crate's src/... (std's hashbrown, a dependency's) may read like yours; run valgrind with --fullpath-after=
