# Copy and ad-hoc modes of tests/dhat/events.c, a C++ and a Rust program, the v1 layout of
# peak.json (same numbers as v2), and coreutils sort. Totals equal DHAT's summaries (see fixtures/dhat/README.md).
$ profan dhat dhat/events.copy.json --top 4
Input:           dhat/events.copy.json (dhatFileVersion 2, copy mode)
Command:         ./events
PID:             21277
Mode:            copy
Your code:       3 functions
Total:           12,597 B (12.30 KiB) copied in 28 copies
t-end:           158862 instrs
Program points:  8
Metric:          tb: bytes copied in total

=== Copied in total by copy site ===
Site: the recording line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      tb%         tb  tbk  Site
   97.55%  12.00 KiB    3  copy_block (events.c:13)  <- main (events.c:40)
    1.76%      222 B   20  open_path (dl-load.c:1859)  *  [system]
    0.25%       32 B    1  _dl_new_object (dl-object.c:245)  *  [system]
    0.19%       24 B    2  copy_name (events.c:18)  <- main (events.c:41), 1 of 2 caller chains
  ... 2 more rows (raise --top to see them)

=== Copied in total by events function (where it records) ===
each stack to the function of its site
      tb%         tb  tbk  Function
   97.55%  12.00 KiB    3  copy_block  events.c
    2.26%      285 B   23  (no frame of your code)
    0.19%       24 B    2  copy_name  events.c

=== Copied in total by events function (inclusive) ===
each function counted once per stack, however often it appears on it
      tb%         tb  tbk  Function
   97.74%  12.02 KiB    5  main  events.c
   97.55%  12.00 KiB    3  copy_block  events.c
    0.19%       24 B    2  copy_name  events.c
$ profan dhat dhat/events.adhoc.json
Input:           dhat/events.adhoc.json (dhatFileVersion 2, ad-hoc mode)
Command:         ./events
PID:             21047
Mode:            ad-hoc
Your code:       4 functions
Total:           60 units in 3 events
t-end:           152766 instrs
Program points:  3
Metric:          tb: units in total

=== Units in total by event site ===
Site: the recording line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      tb%  tb  tbk  Site
  100.00%  60    3  record (events.c:23)  <- cold_path (events.c:34) <- main (events.c:44), 1 of 3 caller chains

=== Units in total by events function (where it records) ===
each stack to the function of its site
      tb%  tb  tbk  Function
  100.00%  60    3  record  events.c

=== Units in total by events function (inclusive) ===
each function counted once per stack, however often it appears on it
      tb%  tb  tbk  Function
  100.00%  60    3  main  events.c
  100.00%  60    3  record  events.c
   50.00%  30    1  cold_path  events.c
   50.00%  30    2  hot_path  events.c
$ profan dhat dhat/containers.json
Input:           dhat/containers.json (dhatFileVersion 2, heap mode)
Command:         ./containers
PID:             6061
Mode:            heap
Your code:       3 functions; not yours: runtime (std, libstdc++.so.6.0.30: 7 functions)
Total:           80,805 B (78.91 KiB) allocated in 3 blocks
At t-gmax:       80,805 B (78.91 KiB) in 3 blocks, at 2028699 instrs (99.41% of the run)
At t-end:        0 B in 0 blocks, at 2040842 instrs
Reads, writes:   0 B read, 8,117 B (7.93 KiB) written
Program points:  3
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   89.97%  71.00 KiB    1  71.00 KiB  0x49027B9: ??? (in /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30)  *  [libstdc++.so.6.0.30]
    9.90%   7.81 KiB    1   7.81 KiB  fill_vector (containers.cpp:15)  <- main (containers.cpp:29)
    0.12%      101 B    1      101 B  make_string (containers.cpp:22)  <- main (containers.cpp:30)

=== Live at t-gmax by containers function (where it allocates) ===
each stack to the function of its site
      gb%         gb  gbk         tb  Function
   89.97%  71.00 KiB    1  71.00 KiB  (no frame of your code)
    9.90%   7.81 KiB    1   7.81 KiB  fill_vector  containers.cpp
    0.12%      101 B    1      101 B  make_string  containers.cpp

=== Live at t-gmax by containers function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%        gb  gbk        tb  Function
   10.03%  7.91 KiB    2  7.91 KiB  main  containers.cpp
    9.90%  7.81 KiB    1  7.81 KiB  fill_vector  containers.cpp
    0.12%     101 B    1     101 B  make_string  containers.cpp
$ profan dhat dhat/rsdemo.json --top 6
Input:           dhat/rsdemo.json (dhatFileVersion 2, heap mode)
Command:         ./rsdemo
PID:             30522
Mode:            heap
Your code:       3 functions; not yours: runtime (std: 50 functions)
Total:           14,716 B (14.37 KiB) allocated in 11 blocks
At t-gmax:       12,644 B (12.35 KiB) in 4 blocks, at 499636 instrs (98.51% of the run)
At t-end:        544 B in 1 block, at 507168 instrs
Reads, writes:   17,715 B (17.30 KiB) read, 22,963 B (22.42 KiB) written
Program points:  10
Metric:          gb: bytes live at t-gmax
warning: the Rust program's files are named without their folders: a crate's src/... (std's hashbrown, a dependency's) may read like yours; run valgrind with --fullpath-after=

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%        gb  gbk        tb  Site
   63.27%  7.81 KiB    1  7.81 KiB  rsdemo::fill_vec (rsdemo.rs:9)  <- rsdemo::main (rsdemo.rs:22)
   32.39%  4.00 KiB    1  4.00 KiB  rsdemo::boxed (rsdemo.rs:18)  <- rsdemo::main (rsdemo.rs:23)
    4.33%     548 B    2     548 B  alloc_impl_runtime (alloc.rs:190)  *  [std]

=== Live at t-gmax by rsdemo function (where it allocates) ===
each stack to the function of its site
      gb%        gb  gbk        tb  Function
   63.27%  7.81 KiB    1  7.81 KiB  rsdemo::fill_vec  rsdemo.rs
   32.39%  4.00 KiB    1  4.00 KiB  rsdemo::boxed  rsdemo.rs
    4.33%     548 B    2  2.56 KiB  (no frame of your code)

=== Live at t-gmax by rsdemo function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
   95.67%  11.81 KiB    2  11.81 KiB  rsdemo::main  rsdemo.rs
   63.27%   7.81 KiB    1   7.81 KiB  rsdemo::fill_vec  rsdemo.rs
   32.39%   4.00 KiB    1   4.00 KiB  rsdemo::boxed  rsdemo.rs
$ profan dhat dhat/peak.v1.json --top 3
Input:           dhat/peak.v1.json (dhatFileVersion 1, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       9 functions
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   81.25%  29.30 KiB    1  29.30 KiB  make_big (peak.c:22)  <- main (peak.c:70)
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain (peak.c:47)  <- main (peak.c:68)
    2.71%     1000 B   10     1000 B  make_small (peak.c:30)  <- main (peak.c:71)
  ... 3 more rows (raise --top to see them)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
      gb%         gb  gbk         tb  Function
   81.25%  29.30 KiB    1  29.30 KiB  make_big  peak.c
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
    2.71%     1000 B   10     1000 B  make_small  peak.c
  ... 3 more rows (raise --top to see them)

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
  100.00%  36.06 KiB   19  39.09 KiB  main  peak.c
   81.25%  29.30 KiB    1  29.30 KiB  make_big  peak.c
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
  ... 5 more rows (raise --top to see them)
$ profan dhat dhat/sort.json --top 4
Input:           dhat/sort.json (dhatFileVersion 2, heap mode)
Command:         sort -n nums.txt
PID:             27420
Mode:            heap
Your code:       1 function in sort
Total:           7,106,619 B (6.78 MiB) allocated in 222 blocks
At t-gmax:       7,095,148 B (6.77 MiB) in 157 blocks, at 62190105 instrs (87.36% of the run)
At t-end:        272 B in 15 blocks, at 71186750 instrs
Reads, writes:   26,883,701 B (25.64 MiB) read, 10,330,627 B (9.85 MiB) written
Program points:  31
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   99.76%   6.75 MiB    1   6.75 MiB  0x10EE8C: ??? (in /usr/bin/sort)  <- 0x10D99E: ??? (in /usr/bin/sort)
    0.17%  11.67 KiB  135  18.41 KiB  0x10B84B: ??? (in /usr/bin/sort)
    0.06%   4.00 KiB    1   4.00 KiB  0x10FA41: ??? (in /usr/bin/sort)  <- 0x11304E: ??? (in /usr/bin/sort) <- 0x10D2A6: ??? (in /usr/bin/sort)
    0.01%      592 B   14      592 B  0x11B338: ??? (in /usr/bin/sort)  <- 0x10D219: ??? (in /usr/bin/sort), 1 of 3 caller chains
  ... 5 more rows (raise --top to see them)

=== Live at t-gmax by sort function (where it allocates) ===
each stack to the function of its site
      gb%        gb  gbk        tb  Function
  100.00%  6.77 MiB  157  6.78 MiB  ???

=== Live at t-gmax by sort function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%        gb  gbk        tb  Function
  100.00%  6.77 MiB  157  6.78 MiB  ???
