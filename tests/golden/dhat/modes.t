# Copy and ad-hoc modes of tests/dhat/events.c, a C++ and a Rust program, the v1 layout of
# peak.json (same numbers as v2), and coreutils sort. Totals equal DHAT's summaries (see fixtures/dhat/README.md).
$ profan dhat dhat/events.copy.json --top 4
Input:           dhat/events.copy.json (dhatFileVersion 2, copy mode)
Command:         ./events
PID:             21277
Mode:            copy
Total:           12,597 B (12.30 KiB) copied in 28 copies
t-end:           158862 instrs
Program points:  8
Metric:          tb: bytes copied in total

=== Copied in total by copy site ===
Site: the first frames of events, allocator plumbing skipped, innermost first; '*' marks stacks with no frame of it
      tb%         tb  tbk  Site
   97.55%  12.00 KiB    3  copy_block (events.c:13) <- main (events.c:40)
    1.76%      222 B   20  open_path (dl-load.c:1859) <- _dl_map_object (dl-load.c:2104) <- openaux (dl-deps.c:64)  *
    0.25%       32 B    1  _dl_new_object (dl-object.c:245) <- _dl_map_object_from_fd (dl-load.c:1063) <- _dl_map_object (dl-load.c:2272)  *
    0.13%       16 B    1  _dl_allocate_tls_init (dl-tls.c:644) <- dl_main (rtld.c:2379) <- _dl_sysdep_start (dl-sysdep.c:140)  *
  ... 3 more rows (raise --top to see them)

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
Total:           60 units in 3 events
t-end:           152766 instrs
Program points:  3
Metric:          tb: units in total

=== Units in total by event site ===
Site: the first frames of events, allocator plumbing skipped, innermost first; '*' marks stacks with no frame of it
      tb%  tb  tbk  Site
   50.00%  30    1  record (events.c:23) <- cold_path (events.c:34) <- main (events.c:44)
   33.33%  20    1  record (events.c:23) <- hot_path (events.c:29) <- main (events.c:43)
   16.67%  10    1  record (events.c:23) <- hot_path (events.c:28) <- main (events.c:43)

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
Total:           80,805 B (78.91 KiB) allocated in 3 blocks
At t-gmax:       80,805 B (78.91 KiB) in 3 blocks, at 2028699 instrs (99.41% of the run)
At t-end:        0 B in 0 blocks, at 2040842 instrs
Reads, writes:   0 B read, 8,117 B (7.93 KiB) written
Program points:  3
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the first frames of containers, allocator plumbing skipped, innermost first; '*' marks stacks with no frame of it
      gb%         gb  gbk         tb  Site
   89.97%  71.00 KiB    1  71.00 KiB  0x49027B9: ??? (in /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30) <- call_init (dl-init.c:74) <- call_init (dl-init.c:26)  *
    9.90%   7.81 KiB    1   7.81 KiB  fill_vector(std::vector<unsigned long, std::allocator<unsigned long> >&) (containers.cpp:15) <- main (containers.cpp:29)
    0.12%      101 B    1      101 B  make_string(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >&) (containers.cpp:22) <- main (containers.cpp:30)

=== Live at t-gmax by containers function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%        gb  gbk        tb  Function
   10.03%  7.91 KiB    2  7.91 KiB  main  containers.cpp
    9.90%  7.81 KiB    1  7.81 KiB  fill_vector(std::vector<unsigned long, std::allocator<unsigned long> >&)  containers.cpp
    0.12%     101 B    1     101 B  make_string(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >&)  containers.cpp
$ profan dhat dhat/rsdemo.json --top 6
Input:           dhat/rsdemo.json (dhatFileVersion 2, heap mode)
Command:         ./rsdemo
PID:             30522
Mode:            heap
Total:           14,716 B (14.37 KiB) allocated in 11 blocks
At t-gmax:       12,644 B (12.35 KiB) in 4 blocks, at 499636 instrs (98.51% of the run)
At t-end:        544 B in 1 block, at 507168 instrs
Reads, writes:   17,715 B (17.30 KiB) read, 22,963 B (22.42 KiB) written
Program points:  10
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the first frames of rsdemo, allocator plumbing skipped, innermost first; '*' marks stacks with no frame of it
      gb%        gb  gbk        tb  Site
   63.27%  7.81 KiB    1  7.81 KiB  rsdemo::fill_vec (rsdemo.rs:9) <- rsdemo::main (rsdemo.rs:22) <- main (in /tmp/dh/rsdemo)
   32.39%  4.00 KiB    1  4.00 KiB  rsdemo::boxed (rsdemo.rs:18) <- rsdemo::main (rsdemo.rs:23) <- main (in /tmp/dh/rsdemo)
    4.33%     548 B    2  2.56 KiB  main (in /tmp/dh/rsdemo)

=== Live at t-gmax by rsdemo function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
  100.00%  12.35 KiB    4  14.37 KiB  main  [rsdemo]
   95.67%  11.81 KiB    2  11.81 KiB  rsdemo::main  rsdemo.rs
   63.27%   7.81 KiB    1   7.81 KiB  rsdemo::fill_vec  rsdemo.rs
   32.39%   4.00 KiB    1   4.00 KiB  rsdemo::boxed  rsdemo.rs
$ profan dhat dhat/peak.v1.json --top 3
Input:           dhat/peak.v1.json (dhatFileVersion 1, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the first frames of peak, allocator plumbing skipped, innermost first; '*' marks stacks with no frame of it
      gb%         gb  gbk         tb  Site
   81.25%  29.30 KiB    1  29.30 KiB  make_big (peak.c:22) <- main (peak.c:70)
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain (peak.c:47) <- main (peak.c:68)
    2.71%     1000 B   10     1000 B  make_small (peak.c:30) <- main (peak.c:71)
  ... 5 more rows (raise --top to see them)

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
Total:           7,106,619 B (6.78 MiB) allocated in 222 blocks
At t-gmax:       7,095,148 B (6.77 MiB) in 157 blocks, at 62190105 instrs (87.36% of the run)
At t-end:        272 B in 15 blocks, at 71186750 instrs
Reads, writes:   26,883,701 B (25.64 MiB) read, 10,330,627 B (9.85 MiB) written
Program points:  31
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the first frames of sort, allocator plumbing skipped, innermost first; '*' marks stacks with no frame of it
      gb%         gb  gbk         tb  Site
   99.76%   6.75 MiB    1   6.75 MiB  0x10EE8C: ??? (in /usr/bin/sort) <- 0x10D99E: ??? (in /usr/bin/sort)
    0.17%  11.67 KiB  135  18.41 KiB  0x10B84B: ??? (in /usr/bin/sort)
    0.06%   4.00 KiB    1   4.00 KiB  0x10FA41: ??? (in /usr/bin/sort) <- 0x11304E: ??? (in /usr/bin/sort) <- 0x10D2A6: ??? (in /usr/bin/sort)
    0.01%      512 B    1      512 B  0x11B338: ??? (in /usr/bin/sort) <- 0x10D219: ??? (in /usr/bin/sort)
  ... 8 more rows (raise --top to see them)

=== Live at t-gmax by sort function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%        gb  gbk        tb  Function
  100.00%  6.77 MiB  157  6.78 MiB  ???
