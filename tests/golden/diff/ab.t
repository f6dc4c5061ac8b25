# profan diff on node --cpu-prof runs of fixtures/pipeline/ab.js: variant A spends ~3/4 of
# its time in parse, variant B moves work to render. Every number below is recomputed from
# the JSON by tests/pipeline/check_diff.py (test pipeline/diff_cpuprof); this file is layout.
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --top 4
Base:      pipeline/a1.cpuprofile.gz (cpuprofile, 703.90 ms)
New:       pipeline/b1.cpuprofile.gz (cpuprofile, 645.76 ms)
Compared:  time, gap before each sample as a share of each side's own total

=== Self share of time, gap before each sample: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
    Change    Base     New  Function
  +0.85 pp   0.00%   0.85%  defineLazyProperties  new  (0.00 ms → 5.46 ms)  node:internal/util:598
  +0.65 pp  96.76%  97.41%  spin  +0.7%  (681.07 ms → 629.01 ms)  file:///tmp/profan-ab/ab.js:5
  -0.48 pp   0.48%   0.00%  requireBuiltin  gone  (3.40 ms → 0.00 ms)  node:internal/bootstrap/realm:420
  -0.39 pp   0.77%   0.38%  (program)  -50.3%  (5.42 ms → 2.47 ms)
  ... 30 more rows (raise --top to see them)

=== Inclusive share of time, gap before each sample: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
     Change    Base     New  Function
  +31.82 pp  24.40%  56.23%  render  +130.4%  (171.78 ms → 363.08 ms)  file:///tmp/profan-ab/ab.js:7
  -31.41 pp  72.68%  41.27%  parse  -43.2%  (511.59 ms → 266.50 ms)  file:///tmp/profan-ab/ab.js:6
   +0.85 pp   0.00%   0.85%  defineLazyProperties  new  (0.00 ms → 5.46 ms)  node:internal/util:598
   +0.70 pp   0.14%   0.85%  exposeLazyInterfaces  +495.6%  (1.00 ms → 5.46 ms)  node:internal/util:681
  ... 63 more rows (raise --top to see them)
$ profan diff --base pipeline/a1.cpuprofile.gz --base pipeline/a2.cpuprofile.gz pipeline/b1.cpuprofile.gz pipeline/b2.cpuprofile.gz --median --top 3
Base:      2 files, median of their shares (pipeline/a1.cpuprofile.gz, pipeline/a2.cpuprofile.gz; 1.46 s in all)
New:       2 files, median of their shares (pipeline/b1.cpuprofile.gz, pipeline/b2.cpuprofile.gz; 1.39 s in all)
Compared:  time, gap before each sample as a share of each side's own total

=== Self share of time, gap before each sample: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
    Change    Base     New  Function
  +2.26 pp  95.61%  97.87%  spin  +2.4%  (1.39 s → 1.36 s)  file:///tmp/profan-ab/ab.js:5
  -0.98 pp   1.33%   0.35%  (program)  -73.5%  (19.71 ms → 4.86 ms)
  -0.63 pp   0.75%   0.12%  parse  -84.1%  (11.16 ms → 1.69 ms)  file:///tmp/profan-ab/ab.js:6
  ... 47 more rows (raise --top to see them)

=== Inclusive share of time, gap before each sample: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
     Change    Base     New  Function
  +31.53 pp  24.67%  56.20%  render  +127.8%  (359.85 ms → 779.09 ms)  file:///tmp/profan-ab/ab.js:7
  -30.33 pp  72.12%  41.79%  parse  -42.0%  (1.05 s → 579.93 ms)  file:///tmp/profan-ab/ab.js:6
   +2.26 pp  95.61%  97.87%  spin  +2.4%  (1.39 s → 1.36 s)  file:///tmp/profan-ab/ab.js:5
  ... 72 more rows (raise --top to see them)
$ profan diff pipeline/a1.cpuprofile.gz pipeline/b1.cpuprofile.gz --focus '^work$' --hide '^spin$' --top 3
Base:      pipeline/a1.cpuprofile.gz (cpuprofile, 683.37 ms)
New:       pipeline/b1.cpuprofile.gz (cpuprofile, 629.58 ms)
Compared:  time, gap before each sample as a share of each side's own total
Filters:   focus=^work$, hide=^spin$ (kept 683.37 ms of 703.90 ms, 97.08%)

=== Self share of time, gap before each sample: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
     Change    Base     New  Function
  -32.53 pp  74.86%  42.33%  parse  -43.5%  (511.59 ms → 266.50 ms)  file:///tmp/profan-ab/ab.js:6
  +32.53 pp  25.14%  57.67%  render  +129.4%  (171.78 ms → 363.08 ms)  file:///tmp/profan-ab/ab.js:7

=== Inclusive share of time, gap before each sample: base → new, by size of change ===
Change in percentage points (pp) of each side's own total; the detail gives the relative change and the summed values.
     Change     Base      New  Function
  -32.53 pp   74.86%   42.33%  parse  -43.5%  (511.59 ms → 266.50 ms)  file:///tmp/profan-ab/ab.js:6
  +32.53 pp   25.14%   57.67%  render  +129.4%  (171.78 ms → 363.08 ms)  file:///tmp/profan-ab/ab.js:7
   +0.00 pp  100.00%  100.00%  (anonymous)  +0.0%  (683.37 ms → 629.58 ms)  node:internal/main/run_main_module:1
  ... 7 more rows (raise --top to see them)
