# profan diff on node --cpu-prof runs of fixtures/pipeline/ab.js: variant A spends ~3/4 of
# its time in parse, variant B moves work to render. Every number below is recomputed from
# the JSON by tests/pipeline/check_diff.py (test pipeline/diff_cpuprof); this file is layout.
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --top 4
Base:      pipeline/a1.cpuprofile.gz (cpuprofile, 703.90 ms)
New:       pipeline/b1.cpuprofile.gz (cpuprofile, 645.76 ms)
Compared:  time, gap before each sample as a share of each side's own total (V8 profiles measure wall-clock time, which the machine's load stretches: the verdicts compare shares, not milliseconds)
Matched:   functions by name and library, the program by its role, not its file name (--match file: also by file and line)
Totals:    base 703.90 ms → new 645.76 ms: -58.14 ms (-8.3%), no noise estimate
Verdicts:  one run per arm: no noise estimate exists, so no change is marked significant; record at least 4 runs per arm

=== Changed beyond noise ===
Rows the verdict rule calls changed, by size of change; the full tables follow.
  nothing can be called changed: no noise estimate (see Verdicts above)

=== Self share of time, gap before each sample: base → new, by size of change ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
    Change    Base     New  Function
  +0.85 pp   0.00%   0.85%  defineLazyProperties  new  (0.00 ms → 5.46 ms)  node:internal/util:598:30  [node]
  +0.65 pp  96.76%  97.41%  spin  -7.6%  (681.07 ms → 629.01 ms)  file:///tmp/profan-ab/ab.js:5:14
  -0.48 pp   0.48%   0.00%  requireBuiltin  gone  (3.40 ms → 0.00 ms)  node:internal/bootstrap/realm:420:24  [node]
  -0.39 pp   0.77%   0.38%  (program)  -54.4%  (5.42 ms → 2.47 ms)  [v8]
  ... 30 more rows (raise --top to see them)

=== Inclusive share of time, gap before each sample: base → new, by size of change ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
     Change    Base     New  Function
  +31.82 pp  24.40%  56.23%  render  +111.4%  (171.78 ms → 363.08 ms)  file:///tmp/profan-ab/ab.js:7:16
  -31.41 pp  72.68%  41.27%  parse  -47.9%  (511.59 ms → 266.50 ms)  file:///tmp/profan-ab/ab.js:6:15
   +0.85 pp   0.00%   0.85%  defineLazyProperties  new  (0.00 ms → 5.46 ms)  node:internal/util:598:30  [node]
   +0.70 pp   0.14%   0.85%  exposeLazyInterfaces  +446.3%  (1.00 ms → 5.46 ms)  node:internal/util:681:30  [node]
  ... 61 more rows (raise --top to see them)

=== Self share of time, gap before each sample by library: base → new ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
    Change    Base     New  Library
  +0.70 pp   0.14%   0.85%  node:internal/util  +446.3%  (1.00 ms → 5.46 ms)
  +0.51 pp  97.08%  97.59%  file:///tmp/profan-ab/ab.js  -7.8%  (683.37 ms → 630.19 ms)
  -0.48 pp   0.57%   0.09%  node:internal/bootstrap/realm  -85.6%  (3.99 ms → 0.58 ms)
  -0.38 pp   0.86%   0.47%  (no library)  -49.3%  (6.03 ms → 3.06 ms)
  ... 15 more rows (raise --top to see them)

=== Runs ===
Each run's total.
      Total  Arm   File
  703.90 ms  base  pipeline/a1.cpuprofile.gz
  645.76 ms  new   pipeline/b1.cpuprofile.gz
$ profan diff --base pipeline/a1.cpuprofile.gz --base pipeline/a2.cpuprofile.gz pipeline/b1.cpuprofile.gz pipeline/b2.cpuprofile.gz --order ABBA --top 3
Base:      2 runs (cpuprofile, median 729.05 ms): pipeline/a1.cpuprofile.gz, pipeline/a2.cpuprofile.gz
New:       2 runs (cpuprofile, median 693.22 ms): pipeline/b1.cpuprofile.gz, pipeline/b2.cpuprofile.gz
Compared:  time, gap before each sample as a share of each run's own total; each arm's median over its runs (V8 profiles measure wall-clock time, which the machine's load stretches: the verdicts compare shares, not milliseconds)
Matched:   functions by name and library, the program by its role, not its file name (--match file: also by file and line)
Totals:    base 729.05 ms (703.90 ms–754.20 ms over 2 runs) → new 693.22 ms (645.76 ms–740.69 ms over 2 runs): -35.83 ms (-4.9%), no noise estimate, p 0.667
Verdicts:  with 2 and 2 runs a rank test cannot reach 95% confidence (its smallest p is 0.333), so no change is marked significant; record at least 4 runs per arm, or lower --confidence
Order:     ABBA (from --order; A: base, B: new)

=== Changed beyond noise ===
Rows the verdict rule calls changed, by size of change; the full tables follow.
  nothing can be called changed: no noise estimate (see Verdicts above)

=== Self share of time, gap before each sample: base → new, by size of change ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
    Change    Base     New  Function
  +2.26 pp  95.61%  97.87%  spin  -2.6%  (696.75 ms → 678.66 ms per run; runs 94.46%–96.76% → 97.41%–98.33%; p 0.333)  file:///tmp/profan-ab/ab.js:5:14
  -0.98 pp   1.33%   0.35%  (program)  -75.3%  (9.85 ms → 2.43 ms per run; runs 0.77%–1.89% → 0.32%–0.38%; p 0.333)  [v8]
  -0.63 pp   0.75%   0.12%  parse  -84.9%  (5.58 ms → 0.84 ms per run; runs 0.33%–1.18% → 0.09%–0.15%; p 0.333)  file:///tmp/profan-ab/ab.js:6:15
  ... 46 more rows (raise --top to see them)

=== Inclusive share of time, gap before each sample: base → new, by size of change ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
     Change    Base     New  Function
  +31.53 pp  24.67%  56.20%  render  +116.5%  (179.92 ms → 389.54 ms per run; runs 24.40%–24.94% → 56.17%–56.23%; p 0.333)  file:///tmp/profan-ab/ab.js:7:16
  -30.33 pp  72.12%  41.79%  parse  -44.8%  (525.64 ms → 289.97 ms per run; runs 71.56%–72.68% → 41.27%–42.32%; p 0.333)  file:///tmp/profan-ab/ab.js:6:15
   +2.26 pp  95.61%  97.87%  spin  -2.6%  (696.75 ms → 678.66 ms per run; runs 94.46%–96.76% → 97.41%–98.33%; p 0.333)  file:///tmp/profan-ab/ab.js:5:14
  ... 70 more rows (raise --top to see them)

=== Self share of time, gap before each sample by library: base → new ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
    Change    Base     New  Library
  -1.32 pp   1.71%   0.40%  (no library)  -78.6%  (12.71 ms → 2.72 ms per run; runs 0.86%–2.57% → 0.32%–0.47%; p 0.333)
  +1.21 pp  96.83%  98.03%  file:///tmp/profan-ab/ab.js  -3.7%  (705.85 ms → 679.81 ms per run; runs 96.57%–97.08% → 97.59%–98.48%; p 0.333)
  +0.35 pp   0.07%   0.42%  node:internal/util  +446.9%  (0.50 ms → 2.73 ms per run; runs 0.00%–0.14% → 0.00%–0.85%; p 1)
  ... 18 more rows (raise --top to see them)

=== Runs ===
Each run's total; Made: its place in the order the runs were made.
      Total  Made  Arm   File
  703.90 ms     1  base  pipeline/a1.cpuprofile.gz
  754.20 ms     4  base  pipeline/a2.cpuprofile.gz
  645.76 ms     2  new   pipeline/b1.cpuprofile.gz
  740.69 ms     3  new   pipeline/b2.cpuprofile.gz
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --focus '^work$' --hide '^spin$' --top 3
Base:      pipeline/a1.cpuprofile.gz (cpuprofile, 683.37 ms)
New:       pipeline/b1.cpuprofile.gz (cpuprofile, 629.58 ms)
Compared:  time, gap before each sample as a share of each side's own total (V8 profiles measure wall-clock time, which the machine's load stretches: the verdicts compare shares, not milliseconds)
Matched:   functions by name and library, the program by its role, not its file name (--match file: also by file and line)
Filters:   focus=^work$, hide=^spin$ (kept 683.37 ms of 703.90 ms, 97.08%)
Totals:    base 683.37 ms → new 629.58 ms: -53.79 ms (-7.9%), no noise estimate
Verdicts:  one run per arm: no noise estimate exists, so no change is marked significant; record at least 4 runs per arm

=== Changed beyond noise ===
Rows the verdict rule calls changed, by size of change; the full tables follow.
  nothing can be called changed: no noise estimate (see Verdicts above)

=== Self share of time, gap before each sample: base → new, by size of change ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
     Change    Base     New  Function
  -32.53 pp  74.86%  42.33%  parse  -47.9%  (511.59 ms → 266.50 ms)  file:///tmp/profan-ab/ab.js:6:15
  +32.53 pp  25.14%  57.67%  render  +111.4%  (171.78 ms → 363.08 ms)  file:///tmp/profan-ab/ab.js:7:16

=== Inclusive share of time, gap before each sample: base → new, by size of change ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
     Change     Base      New  Function
  -32.53 pp   74.86%   42.33%  parse  -47.9%  (511.59 ms → 266.50 ms)  file:///tmp/profan-ab/ab.js:6:15
  +32.53 pp   25.14%   57.67%  render  +111.4%  (171.78 ms → 363.08 ms)  file:///tmp/profan-ab/ab.js:7:16
   +0.00 pp  100.00%  100.00%  (anonymous)  -7.9%  (683.37 ms → 629.58 ms)  node:internal/main/run_main_module:1:1  [node]
  ... 7 more rows (raise --top to see them)

=== Self share of time, gap before each sample by library: base → new ===
Change of each arm's median share of its runs' totals, in points (the verdict's measure: wall-clock milliseconds move with the machine's load); the detail gives the values.
    Change     Base      New  Library
  +0.00 pp  100.00%  100.00%  file:///tmp/profan-ab/ab.js  -7.9%  (683.37 ms → 629.58 ms)

=== Runs ===
Each run's total.
      Total  Arm   File
  683.37 ms  base  pipeline/a1.cpuprofile.gz
  629.58 ms  new   pipeline/b1.cpuprofile.gz
$ profan diff --top 1 --base pipeline/a1.cpuprofile.gz pipeline/a2.cpuprofile.gz -- pipeline/b1.cpuprofile.gz pipeline/b2.cpuprofile.gz | head -2
Base:      2 runs (cpuprofile, median 729.05 ms): pipeline/a1.cpuprofile.gz, pipeline/a2.cpuprofile.gz
New:       2 runs (cpuprofile, median 693.22 ms): pipeline/b1.cpuprofile.gz, pipeline/b2.cpuprofile.gz
$ profan diff --top 1 pipeline/a1.cpuprofile.gz pipeline/a2.cpuprofile.gz -- pipeline/b1.cpuprofile.gz | head -2
Base:      2 runs (cpuprofile, median 729.05 ms): pipeline/a1.cpuprofile.gz, pipeline/a2.cpuprofile.gz
New:       pipeline/b1.cpuprofile.gz (cpuprofile, 645.76 ms)
$ profan diff --top 1 -- pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz | head -2
Base:      pipeline/a1.cpuprofile.gz (cpuprofile, 703.90 ms)
New:       pipeline/b1.cpuprofile.gz (cpuprofile, 645.76 ms)
