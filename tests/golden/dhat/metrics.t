# dh_view's sort metrics. short-lived: only transient()'s 2000-byte block lives under tuth (500
# instrs; tl 36 in the file). zero-access: every point but the realloc chain (rb = wb = 1110) has
# rb 0 or wb 0. The tree keeps every point and tests the condition per node, as dh_view does.
$ profan dhat dhat/peak.json --metric list
Metrics for --metric (dh_view's sort metrics and DHAT's raw fields):
  gb                   live at t-gmax, alias t-gmax
  gbk                  blocks live at t-gmax
  tb                   allocated in total, alias total
  tbk                  blocks allocated in total, alias total-blocks
  tiny                 tiny blocks
  short-lived          short-lived blocks
  zero-access          allocated, never read or never written
  zero-access-blocks   blocks never read or never written
  low-access           allocated, low access
  low-access-blocks    blocks with low access
  eb                   live at t-end (never freed), alias t-end
  ebk                  blocks live at t-end
  rb                   bytes read, alias reads
  high-reads           bytes read, high access
  wb                   bytes written, alias writes
  high-writes          bytes written, high access
  tl                   block lifetimes (instrs)
  mb                   max bytes live (per program point)
  mbk                  max blocks live (per program point)
$ profan dhat dhat/peak.json --metric short-lived --alloc-tree --top 3
Input:           dhat/peak.json (dhatFileVersion 2, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       9 functions
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          short-lived: blocks in total of the program points with average lifetime <= 500 instrs
Kept:            1 of 11 program points: 0 B live at t-gmax in 0 blocks, 2,000 B (1.95 KiB) allocated over the run; short-lived = 4.35% of all

=== Short-lived blocks by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
     tbk%  tbk        tb  Site
    4.35%    1  1.95 KiB  transient (peak.c:61)  <- main (peak.c:81)

=== Short-lived blocks by peak function (where it allocates) ===
each stack to the function of its site
     tbk%  tbk        tb  Function
    4.35%    1  1.95 KiB  transient  peak.c

=== Short-lived blocks by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
     tbk%  tbk        tb  Function
    4.35%    1  1.95 KiB  main  peak.c
    4.35%    1  1.95 KiB  transient  peak.c

=== Allocation tree (dh_view), innermost frame first ===
significant: tbk >= 0.5% of the root and the metric's condition; the rest of each sibling group folded
     tbk%  tbk  Frames
  100.00%   23  [root] <- 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)  (insignificant itself)
   95.65%   22  ├─ [6 insignificant]
    4.35%    1  └─ 0x1092CE: transient (peak.c:61) <- 0x1093A0: main (peak.c:81)
$ profan dhat dhat/peak.json --metric zero-access --top 3
Input:           dhat/peak.json (dhatFileVersion 2, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       9 functions
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          zero-access: bytes allocated in total of the program points with no reads or no writes
Kept:            10 of 11 program points: 31,921 B (31.17 KiB) live at t-gmax in 18 blocks, 33,921 B (33.13 KiB) allocated over the run; zero-access = 84.74% of all

=== Allocated, never read or never written by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      tb%         tb  tbk  Site
   74.94%  29.30 KiB    1  make_big (peak.c:22)  <- main (peak.c:70)
    5.00%   1.95 KiB    1  transient (peak.c:61)  <- main (peak.c:81)
    2.50%     1000 B   10  make_small (peak.c:30)  <- main (peak.c:71)
  ... 3 more rows (raise --top to see them)

=== Allocated, never read or never written by peak function (where it allocates) ===
each stack to the function of its site
      tb%         tb  tbk  Function
   74.94%  29.30 KiB    1  make_big  peak.c
    5.00%   1.95 KiB    1  transient  peak.c
    2.50%     1000 B   10  make_small  peak.c
  ... 3 more rows (raise --top to see them)

=== Allocated, never read or never written by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      tb%         tb  tbk  Function
   84.74%  33.13 KiB   19  main  peak.c
   74.94%  29.30 KiB    1  make_big  peak.c
    5.00%   1.95 KiB    1  transient  peak.c
  ... 5 more rows (raise --top to see them)
$ profan dhat dhat/peak.json --metric tiny --top 3
Input:           dhat/peak.json (dhatFileVersion 2, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       9 functions
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          tiny: blocks in total of the program points with average size <= 16 bytes
Kept:            1 of 11 program points: 1 B live at t-gmax in 1 block, 1 B allocated over the run; tiny = 4.35% of all

=== Tiny blocks by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
     tbk%  tbk   tb  Site
    4.35%    1  1 B  zero_size (peak.c:56)  <- main (peak.c:69)

=== Tiny blocks by peak function (where it allocates) ===
each stack to the function of its site
     tbk%  tbk   tb  Function
    4.35%    1  1 B  zero_size  peak.c

=== Tiny blocks by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
     tbk%  tbk   tb  Function
    4.35%    1  1 B  main  peak.c
    4.35%    1  1 B  zero_size  peak.c
$ profan dhat dhat/peak.json --metric high-reads
Input:           dhat/peak.json (dhatFileVersion 2, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       9 functions
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          high-reads: bytes read of the program points with reads or writes >= 1000 per byte
Kept:            0 of 11 program points: 0 B live at t-gmax in 0 blocks, 0 B allocated over the run; high-reads = 0.00% of all

=== Bytes read, high access by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
  (nothing to show)

=== Bytes read, high access by peak function (where it allocates) ===
each stack to the function of its site
  (nothing to show)

=== Bytes read, high access by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
  (nothing to show)
