# tests/dhat/peak.c under valgrind 3.19. Numbers checked against the program's design and DHAT's
# summary (tests/dhat/run.py) and against bench/dhat-views.js (tests/dhat/crosscheck.py).
$ profan dhat dhat/peak.json
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
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   81.25%  29.30 KiB    1  29.30 KiB  make_big (peak.c:22)  <- main (peak.c:70)
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain (peak.c:47)  <- main (peak.c:68)
    2.71%     1000 B   10     1000 B  make_small (peak.c:30)  <- main (peak.c:71)
    2.17%      800 B    1      800 B  inlined_grab (peak.c:17)  <- use_inlined (peak.c:42) <- main (peak.c:73)
    0.33%      120 B    5      120 B  recurse (peak.c:35)  <- main (peak.c:72), 1 of 5 caller chains
    0.00%        1 B    1        1 B  zero_size (peak.c:56)  <- main (peak.c:69)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
      gb%         gb  gbk         tb  Function
   81.25%  29.30 KiB    1  29.30 KiB  make_big  peak.c
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
    2.71%     1000 B   10     1000 B  make_small  peak.c
    2.17%      800 B    1      800 B  inlined_grab  peak.c
    0.33%      120 B    5      120 B  recurse  peak.c
    0.00%        1 B    1        1 B  zero_size  peak.c

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
  100.00%  36.06 KiB   19  39.09 KiB  main  peak.c
   81.25%  29.30 KiB    1  29.30 KiB  make_big  peak.c
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
    2.71%     1000 B   10     1000 B  make_small  peak.c
    2.17%      800 B    1      800 B  inlined_grab  peak.c
    2.17%      800 B    1      800 B  use_inlined  peak.c
    0.33%      120 B    5      120 B  recurse  peak.c
    0.00%        1 B    1        1 B  zero_size  peak.c
$ profan dhat dhat/peak.json --top 3 --stacks 2
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

=== Stack 1 of 10: 29.30 KiB gb (81.25%), 1 gbk, 29.30 KiB tb ===
'*' marks the frames of your code, '+' your own allocator wrappers
  Frame (innermost first)
  malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)
  make_big (peak.c:22)  *
  main (peak.c:70)  *

=== Stack 2 of 10: 4.88 KiB gb (13.54%), 1 gbk, 5.97 KiB tb ===
  Frame (innermost first)
  malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)
  realloc_chain (peak.c:47)  *
  main (peak.c:68)  *
$ profan dhat dhat/peak.json --where 'recurse' --not 'recurse \(peak\.c:37\)' --top 5
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
Metric:          gb: bytes live at t-gmax
Kept:            1 of 11 program points by --where 'recurse' --not 'recurse \(peak\.c:37\)': 24 B live at t-gmax in 1 block, 24 B allocated over the run; gb = 0.07% of all

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%    gb  gbk    tb  Site
    0.07%  24 B    1  24 B  recurse (peak.c:35)  <- main (peak.c:72)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
      gb%    gb  gbk    tb  Function
    0.07%  24 B    1  24 B  recurse  peak.c

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%    gb  gbk    tb  Function
    0.07%  24 B    1  24 B  main  peak.c
    0.07%  24 B    1  24 B  recurse  peak.c
$ profan dhat dhat/peak.json --where '^recurse' --where 'nothing-matches'
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
Metric:          gb: bytes live at t-gmax
Kept:            0 of 11 program points by --where '^recurse' --where 'nothing-matches': 0 B live at t-gmax in 0 blocks, 0 B allocated over the run; gb = 0.00% of all
warning: --where 'nothing-matches' matches no frame

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
  (nothing to show)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
  (nothing to show)

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
  (nothing to show)
$ profan dhat dhat/peak.json --metric eb --top 4
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
Metric:          eb: bytes live at t-end

=== Live at t-end (never freed) by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      eb%        eb  ebk        tb  Site
   99.98%  4.88 KiB    1  5.97 KiB  realloc_chain (peak.c:47)  <- main (peak.c:68)
    0.02%       1 B    1       1 B  zero_size (peak.c:56)  <- main (peak.c:69)

=== Live at t-end (never freed) by peak function (where it allocates) ===
each stack to the function of its site
      eb%        eb  ebk        tb  Function
   99.98%  4.88 KiB    1  5.97 KiB  realloc_chain  peak.c
    0.02%       1 B    1       1 B  zero_size  peak.c

=== Live at t-end (never freed) by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      eb%        eb  ebk         tb  Function
  100.00%  4.88 KiB    2  39.09 KiB  main  peak.c
   99.98%  4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
    0.02%       1 B    1        1 B  zero_size  peak.c
$ profan dhat dhat/peak.json --metric tb --alloc-tree --top 2
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
Metric:          tb: bytes allocated in total

=== Allocated in total by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      tb%         tb  tbk  Site
   74.94%  29.30 KiB    1  make_big (peak.c:22)  <- main (peak.c:70)
   15.26%   5.97 KiB    4  realloc_chain (peak.c:47)  <- main (peak.c:68)
  ... 5 more rows (raise --top to see them)

=== Allocated in total by peak function (where it allocates) ===
each stack to the function of its site
      tb%         tb  tbk  Function
   74.94%  29.30 KiB    1  make_big  peak.c
   15.26%   5.97 KiB    4  realloc_chain  peak.c
  ... 5 more rows (raise --top to see them)

=== Allocated in total by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      tb%         tb  tbk  Function
  100.00%  39.09 KiB   23  main  peak.c
   74.94%  29.30 KiB    1  make_big  peak.c
  ... 7 more rows (raise --top to see them)

=== Allocation tree (dh_view), innermost frame first ===
significant: tb >= 1% of the root; the rest of each sibling group folded
      tb%         tb  Frames
  100.00%  39.09 KiB  [root] <- 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)
   74.94%  29.30 KiB  ├─ 0x10917A: make_big (peak.c:22) <- 0x109309: main (peak.c:70)
   15.26%   5.97 KiB  ├─ 0x109267: realloc_chain (peak.c:47) <- 0x1092F7: main (peak.c:68)
    5.00%   1.95 KiB  ├─ 0x1092CE: transient (peak.c:61) <- 0x1093A0: main (peak.c:81)
    2.50%     1000 B  ├─ 0x1091CF: make_small (peak.c:30) <- 0x109319: main (peak.c:71)
    2.00%      800 B  ├─ 0x109253: inlined_grab (peak.c:17) <- 0x109253: use_inlined (peak.c:42) <- 0x109332: main (peak.c:73)
    0.30%      121 B  └─ [2 insignificant]
$ profan dhat dhat/peak.json --ours '^(main|recurse)$' --top 4
Input:           dhat/peak.json (dhatFileVersion 2, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       2 functions; not yours: outside --ours (7 functions)
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   81.25%  29.30 KiB    1  29.30 KiB  main (peak.c:70)
   13.54%   4.88 KiB    1   5.97 KiB  main (peak.c:68)
    2.71%     1000 B   10     1000 B  main (peak.c:71)
    2.17%      800 B    1      800 B  main (peak.c:73)
  ... 2 more rows (raise --top to see them)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
      gb%         gb  gbk         tb  Function
   99.67%  35.94 KiB   14  38.98 KiB  main  peak.c
    0.33%      120 B    5      120 B  recurse  peak.c

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
  100.00%  36.06 KiB   19  39.09 KiB  main  peak.c
    0.33%      120 B    5      120 B  recurse  peak.c
$ profan dhat dhat/peak.json --plumbing '^make_big ' --top 2
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
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   81.25%  29.30 KiB    1  29.30 KiB  main (peak.c:70)
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain (peak.c:47)  <- main (peak.c:68)
  ... 4 more rows (raise --top to see them)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
      gb%         gb  gbk         tb  Function
   81.25%  29.30 KiB    1  29.30 KiB  main  peak.c
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
  ... 4 more rows (raise --top to see them)

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
  100.00%  36.06 KiB   19  39.09 KiB  main  peak.c
   81.25%  29.30 KiB    1  29.30 KiB  make_big  peak.c
  ... 6 more rows (raise --top to see them)
$ profan dhat dhat/peak.json dhat/peak.json --top 3
Input:           dhat/peak.json (dhatFileVersion 2, heap mode)
Command:         ./peak (file 1)
PID:             5994 (file 1)
Mode:            heap
Your code:       9 functions
Total:           80,062 B (78.19 KiB) allocated in 46 blocks
At t-gmax:       73,842 B (72.11 KiB) in 38 blocks, at 155842 instrs (file 1) (96.27% of the run)
At t-end:        10,002 B (9.77 KiB) in 4 blocks, at 161881 instrs (file 1)
Reads, writes:   2,220 B (2.17 KiB) read, 62,220 B (60.76 KiB) written
Program points:  11 (file 1)
Metric:          gb: bytes live at t-gmax
Inputs:          2 files merged (1: dhat/peak.json, 2: dhat/peak.json)

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   81.25%  58.59 KiB    2  58.59 KiB  make_big (peak.c:22)  <- main (peak.c:70)
   13.54%   9.77 KiB    2  11.93 KiB  realloc_chain (peak.c:47)  <- main (peak.c:68)
    2.71%   1.95 KiB   20   1.95 KiB  make_small (peak.c:30)  <- main (peak.c:71)
  ... 3 more rows (raise --top to see them)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
      gb%         gb  gbk         tb  Function
   81.25%  58.59 KiB    2  58.59 KiB  make_big  peak.c
   13.54%   9.77 KiB    2  11.93 KiB  realloc_chain  peak.c
    2.71%   1.95 KiB   20   1.95 KiB  make_small  peak.c
  ... 3 more rows (raise --top to see them)

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
  100.00%  72.11 KiB   38  78.19 KiB  main  peak.c
   81.25%  58.59 KiB    2  58.59 KiB  make_big  peak.c
   13.54%   9.77 KiB    2  11.93 KiB  realloc_chain  peak.c
  ... 5 more rows (raise --top to see them)
