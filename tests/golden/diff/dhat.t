# diff of two DHAT files: self is credited to the program's own frame nearest the allocation.
# By hand: make_big 30000 of 36921 B = 81.25 % -> 60000 of 66921 B = 89.66 % (+8.40 points);
# realloc_chain 5000 B: 13.54 % -> 7.47 %; 5000/36921 -> 5000/66921 is -44.8 % relative.
$ profan diff dhat/peak.json dhat/peak.doubled-big.json --top 2 -q
Base:      dhat/peak.json (dhat, 36.06 KiB)
New:       dhat/peak.doubled-big.json (dhat, 65.35 KiB)
Compared:  bytes live at t-gmax as a share of each side's own total
Self:      credited to the program's own frame nearest the allocation (allocator and library frames skipped), as dhat's sites are

=== Self share of bytes live at t-gmax: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
    Change    Base     New  Function
  +8.40 pp  81.25%  89.66%  make_big  +10.3%  (29.30 KiB → 58.59 KiB)  peak.c
  -6.07 pp  13.54%   7.47%  realloc_chain  -44.8%  (4.88 KiB → 4.88 KiB)  peak.c
  ... 4 more rows (raise --top to see them)

=== Inclusive share of bytes live at t-gmax: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
    Change    Base     New  Function
  +8.40 pp  81.25%  89.66%  make_big  +10.3%  (29.30 KiB → 58.59 KiB)  peak.c
  -6.07 pp  13.54%   7.47%  realloc_chain  -44.8%  (4.88 KiB → 4.88 KiB)  peak.c
  ... 7 more rows (raise --top to see them)
