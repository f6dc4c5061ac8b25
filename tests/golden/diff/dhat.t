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
