# diff of two DHAT files: self is credited to the program's own frame nearest the allocation.
# Bytes first, exactly; shares second. By hand: make_big 30000 -> 60000 B (+29.30 KiB, +100 %),
# 30000 of 36921 B = 81.25 % -> 60000 of 66921 B = 89.66 % (+8.40 points); realloc_chain keeps
# its 5000 B (+0.0 %, "same") while its share falls 13.54 % -> 7.47 %: no growth, no shrink.
$ profan diff dhat/peak.json dhat/peak.doubled-big.json --top 2 -q
Base:      dhat/peak.json (dhat, 36.06 KiB)
New:       dhat/peak.doubled-big.json (dhat, 65.35 KiB)
Compared:  bytes live at t-gmax as a share of each side's own total
Self:      credited to the program's own frame nearest the allocation (allocator and library frames skipped), as dhat's sites are
Matched:   functions by name and library, the program by its role, not its file name (--match file: also by file and line)
Totals:    base 36.06 KiB → new 65.35 KiB: +29.30 KiB (+81.3%), changed
Verdicts:  DHAT counts are exact: a row changed when its gb or gbk differ (one run per arm: this trusts the program to allocate the same for the same input; two runs per arm check it)
Result:    3 of 9 functions changed, 1 of 6 sites

=== Changed beyond noise ===
Rows whose counts differ, by size of change; the full tables follow.
      Change       Base        New  Blocks     Share  View       Function
  +29.30 KiB  29.30 KiB  58.59 KiB       0  +8.40 pp  self       make_big  +100.0%  (30,000 B → 60,000 B; gbk 1 → 1; share 81.25% → 89.66%)  peak.c
  +29.30 KiB  29.30 KiB  58.59 KiB       0  +8.40 pp  inclusive  make_big  +100.0%  (30,000 B → 60,000 B; gbk 1 → 1; share 81.25% → 89.66%)  peak.c
  ... 3 more rows (raise --top to see them)

=== Self share of bytes live at t-gmax: base → new, by size of change ===
Change of the value (the median of each arm's runs), then of the count and of the share of each run's total in points; the detail gives the relative change.
      Change       Base        New  Blocks     Share  Verdict  Function
  +29.30 KiB  29.30 KiB  58.59 KiB       0  +8.40 pp  changed  make_big  +100.0%  (30,000 B → 60,000 B; gbk 1 → 1; share 81.25% → 89.66%)  peak.c
         0 B   4.88 KiB   4.88 KiB       0  -6.07 pp  same     realloc_chain  +0.0%  (5,000 B → 5,000 B; gbk 1 → 1; share 13.54% → 7.47%)  peak.c
  ... 4 more rows (raise --top to see them)

=== Inclusive share of bytes live at t-gmax: base → new, by size of change ===
Change of the value (the median of each arm's runs), then of the count and of the share of each run's total in points; the detail gives the relative change.
      Change       Base        New  Blocks     Share  Verdict  Function
  +29.30 KiB  29.30 KiB  58.59 KiB       0  +8.40 pp  changed  make_big  +100.0%  (30,000 B → 60,000 B; gbk 1 → 1; share 81.25% → 89.66%)  peak.c
  +29.30 KiB  36.06 KiB  65.35 KiB       0  +0.00 pp  changed  main  +81.3%  (36,921 B → 66,921 B; gbk 19 → 19; share 100.00% → 100.00%)  peak.c
  ... 7 more rows (raise --top to see them)

=== By allocation site, bytes live at t-gmax: base → new ===
Change of the value (the median of each arm's runs), then of the count and of the share of each run's total in points; the detail gives the relative change.
      Change       Base        New  Blocks     Share  Verdict  Site
  +29.30 KiB  29.30 KiB  58.59 KiB       0  +8.40 pp  changed  make_big (peak.c:22)  +100.0%  (30,000 B → 60,000 B; gbk 1 → 1; share 81.25% → 89.66%)
         0 B   4.88 KiB   4.88 KiB       0  -6.07 pp  same     realloc_chain (peak.c:47)  +0.0%  (5,000 B → 5,000 B; gbk 1 → 1; share 13.54% → 7.47%)
  ... 4 more rows (raise --top to see them)

=== Runs ===
Each run's total.
      Total  Arm   File
  36.06 KiB  base  dhat/peak.json
  65.35 KiB  new   dhat/peak.doubled-big.json
$ profan diff --top 2 --base diff/dhat/a/dhat-20261201-130205.json diff/dhat/b/dhat-20261201-130230.json -- diff/dhat/b/dhat-20261201-130306.json
Base:      2 runs (dhat, median 136.72 KiB): diff/dhat/a/dhat-20261201-130205.json, diff/dhat/b/dhat-20261201-130230.json
New:       diff/dhat/b/dhat-20261201-130306.json (dhat, 146.48 KiB)
Compared:  bytes live at t-gmax as a share of each run's own total; each arm's median over its runs
Self:      credited to the program's own frame nearest the allocation (allocator and library frames skipped), as dhat's sites are
Matched:   functions by name and library, the program by its role, not its file name (--match file: also by file and line)
Totals:    base 136.72 KiB (126.95 KiB–146.48 KiB over 2 runs) → new 146.48 KiB: +9.77 KiB (+7.1%), no noise estimate, p 1
Verdicts:  DHAT counts are exact: a row changed when its gb or gbk differ; an arm whose runs differ falls back to the rank test
Order:     AAB (from the times in the file names; A: base, B: new)
Result:    nothing changed beyond noise among the rows with a verdict (5 functions, 3 sites compared); 5 rows without a verdict: an arm's runs differ and 2 + 1 runs give no noise estimate
warning: the base runs differ from the arm's first run, diff/dhat/a/dhat-20261201-130205.json: diff/dhat/b/dhat-20261201-130230.json at 1 of 4 sites (planted_cache (dnoise.c:36): gb 10,000 B → 30,000 B, tb 10,000 B → 30,000 B); DHAT's counts are exact, so these runs had another input or the program is not deterministic: their rows fall back to the rank test

=== Changed beyond noise ===
Rows whose counts differ, by size of change; the full tables follow.
  no change beyond noise

=== Self share of bytes live at t-gmax: base → new, by size of change ===
Change of the value (the median of each arm's runs), then of the count and of the share of each run's total in points; the detail gives the relative change.
     Change        Base         New  Blocks     Share  Verdict  Function
  +9.77 KiB   19.53 KiB   29.30 KiB       0  +6.15 pp           planted_cache  +50.0%  (20,000 B → 30,000 B; gbk 10 → 10; share 13.85% → 20.00%)  dnoise.c
        0 B  107.42 KiB  107.42 KiB       0  -5.64 pp  same     build_dict  +0.0%  (110,000 B → 110,000 B; gbk 11 → 11; share 78.97% → 73.33%)  dnoise.c
  ... 1 more row (raise --top to see them)

=== Inclusive share of bytes live at t-gmax: base → new, by size of change ===
Change of the value (the median of each arm's runs), then of the count and of the share of each run's total in points; the detail gives the relative change.
     Change        Base         New  Blocks     Share  Verdict  Function
  +9.77 KiB   19.53 KiB   29.30 KiB       0  +6.15 pp           planted_cache  +50.0%  (20,000 B → 30,000 B; gbk 10 → 10; share 13.85% → 20.00%)  dnoise.c
  +9.77 KiB  136.72 KiB  146.48 KiB       0  +0.00 pp           main  +7.1%  (140,000 B → 150,000 B; gbk 26 → 26; share 100.00% → 100.00%)  dnoise.c
  ... 3 more rows (raise --top to see them)

=== By allocation site, bytes live at t-gmax: base → new ===
Change of the value (the median of each arm's runs), then of the count and of the share of each run's total in points; the detail gives the relative change.
     Change        Base         New  Blocks     Share  Verdict  Site
  +9.77 KiB   19.53 KiB   29.30 KiB       0  +6.15 pp           planted_cache (dnoise.c:36)  +50.0%  (20,000 B → 30,000 B; gbk 10 → 10; share 13.85% → 20.00%)
        0 B  107.42 KiB  107.42 KiB       0  -5.64 pp  same     build_dict (dnoise.c:24)  +0.0%  (110,000 B → 110,000 B; gbk 11 → 11; share 78.97% → 73.33%)
  ... 1 more row (raise --top to see them)

=== Runs ===
Each run's total; Made: its place in the order the runs were made.
       Total  Made  Arm   File
  126.95 KiB     1  base  diff/dhat/a/dhat-20261201-130205.json
  146.48 KiB     2  base  diff/dhat/b/dhat-20261201-130230.json
  146.48 KiB     3  new   diff/dhat/b/dhat-20261201-130306.json
