# A Firefox browser profile (fixtures/samply/firefox, made by tests/samply/gen_firefox.py, whose
# docstring works out every number below by hand): JS functions are told apart by the funcTable's
# file, line and column, so the two `Ajs` of two bundles (6.00 and 1.50 ms) and the two minified `e`
# on line 1 (0.70 and 0.30 ms) are four rows, not two; --by file groups by script
# (app.js 6.00, vendor.js 2.50, [libxul.so] 1.50 ms self). v48: funcTable.fileName; v58: funcTable.source.
$ profan samply --no-symbols samply/firefox/v58.json --top 5
Input:        samply/firefox/v58.json
Format:       samply, processed profile v58
Binary:       (not found; name it with --binary)
Product:      Firefox
OS:           X11; Linux x86_64
Threads:      1 with samples
Duration:     6.00 ms
Your code:    5 functions; not yours: dependency (EventDispatcher: 1 function)
Weighted by:  CPU time (threadCPUDelta)
Total:        10.00 ms in 7 samples

=== CPU by library (self) ===
     CPU%      CPU  Library
   85.00%  8.50 ms  (no library)
   15.00%  1.50 ms  libxul.so

=== Top self, all code ===
     CPU%      CPU  Function
   60.00%  6.00 ms  Ajs  https://app.example/static/app.js:10:5
   15.00%  1.50 ms  Ajs  https://cdn.example/vendor.js:1:200
   15.00%  1.50 ms  js::RunScript  [libxul.so]
    7.00%  0.70 ms  e  https://cdn.example/vendor.js:1:1000
    3.00%  0.30 ms  e  https://cdn.example/vendor.js:1:2000

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%      CPU  Function
   70.00%  7.00 ms  Ajs  https://app.example/static/app.js:10:5
   15.00%  1.50 ms  Ajs  https://cdn.example/vendor.js:1:200
    7.00%  0.70 ms  e  https://cdn.example/vendor.js:1:1000
    5.00%  0.50 ms  (no frame of your code)
    3.00%  0.30 ms  e  https://cdn.example/vendor.js:1:2000

=== Top inclusive, your code ===
     CPU%      CPU  Function
   95.00%  9.50 ms  onClick  https://app.example/static/app.js:40:3
   70.00%  7.00 ms  Ajs  https://app.example/static/app.js:10:5
   25.00%  2.50 ms  Ajs  https://cdn.example/vendor.js:1:200
    7.00%  0.70 ms  e  https://cdn.example/vendor.js:1:1000
    3.00%  0.30 ms  e  https://cdn.example/vendor.js:1:2000

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 1.50 ms in all; Via: the part in the function named after 'via'
     CPU%      CPU      Via%      Via  Function
   10.00%  1.00 ms    10.00%  1.00 ms  Ajs  https://app.example/static/app.js:10:5  via js::RunScript [libxul.so]
    5.00%  0.50 ms     5.00%  0.50 ms  (no frame of your code)  via js::RunScript [libxul.so]

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)
$ profan samply --no-symbols samply/firefox/v48.json --by file --top 3 --tree --tree-threshold 0
Input:        samply/firefox/v48.json
Format:       samply, processed profile v48
Binary:       (not found; name it with --binary)
Product:      Firefox
OS:           X11; Linux x86_64
Threads:      1 with samples
Duration:     6.00 ms
Filters:      by=file
Your code:    2 functions
Weighted by:  CPU time (threadCPUDelta)
Total:        10.00 ms in 7 samples

=== CPU by library (self) ===
     CPU%      CPU  Library
   85.00%  8.50 ms  (no library)
   15.00%  1.50 ms  libxul.so

=== Top self, all code ===
     CPU%      CPU  Function
   60.00%  6.00 ms  https://app.example/static/app.js
   25.00%  2.50 ms  https://cdn.example/vendor.js
   15.00%  1.50 ms  [libxul.so]

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%      CPU  Function
   70.00%  7.00 ms  https://app.example/static/app.js
   25.00%  2.50 ms  https://cdn.example/vendor.js
    5.00%  0.50 ms  (no frame of your code)

=== Top inclusive, your code ===
     CPU%      CPU  Function
   95.00%  9.50 ms  https://app.example/static/app.js
   25.00%  2.50 ms  https://cdn.example/vendor.js

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 1.50 ms in all; Via: the part in the function named after 'via'
     CPU%      CPU      Via%      Via  Function
   10.00%  1.00 ms    10.00%  1.00 ms  https://app.example/static/app.js  via [libxul.so]
    5.00%  0.50 ms     5.00%  0.50 ms  (no frame of your code)  via [libxul.so]

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)

=== Call tree, top-down (CPU time (threadCPUDelta)) ===
   Total%     Total     Self%     Self  Function
  100.00%  10.00 ms     5.00%  0.50 ms  [libxul.so]
   95.00%   9.50 ms     0.00%  0.00 ms  └─ (no file)  [unknown]
   95.00%   9.50 ms    60.00%  6.00 ms     https://app.example/static/app.js
   25.00%   2.50 ms    25.00%  2.50 ms     ├─ https://cdn.example/vendor.js
   10.00%   1.00 ms    10.00%  1.00 ms     └─ [libxul.so]
