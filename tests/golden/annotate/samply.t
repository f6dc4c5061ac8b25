# --annotate on a perf recording of tests/annotate/anno.c: hot's own loop, mix inlined at line 39,
# step called at line 40 whose body is in an #include'd file. The per-line sample counts equal
# perf's own report of the same recording (tests/annotate/perf-report, check_samply.py).
$ profan samply annotate/anno.json.gz --symbol-path annotate --source-path ../tests/annotate --annotate 'hot|mix|step' --metric samples --top 3
Input:          annotate/anno.json.gz
Format:         samply, processed profile v55
Binary:         anno
Product:        anno
OS:             Debian GNU/Linux 12 (bookworm)
Threads:        1 with samples
Duration:       4.29 s
Symbol files:   3 libraries: 3 found, 0 missing, 0 mismatched, 0 not on disk
Symbols found:  anno 99.9%, ld-linux-x86-64.so.2 0.1%, libc.so.6 0.0% of sample count
Your code:      4 functions in anno
Weighted by:    sample count
Total:          1683 in 1683 samples
Annotated:      hot, mix, step (matching /hot|mix|step/)

=== Samples by library (self) ===
 Samples%  Samples  Library
   99.94%     1682  anno
    0.06%        1  ld-linux-x86-64.so.2

=== Top self, all code ===
 Samples%  Samples  Function
   46.11%      776  hot  src/anno.c:32
   30.24%      509  mix  src/anno.c:19  inlined into hot
   23.59%      397  step  src/anno.c:26
  ... 1 more row (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
 Samples%  Samples  Function
   46.11%      776  hot  src/anno.c:32
   30.24%      509  mix  src/anno.c:19
   23.59%      397  step  src/anno.c:26
  ... 1 more row (raise --top to see them)

=== Top inclusive, your code ===
 Samples%  Samples  Function
   99.94%     1682  hot  src/anno.c:32
   99.94%     1682  main  src/anno.c:44
   30.24%      509  mix  src/anno.c:19
  ... 1 more row (raise --top to see them)

=== Samples outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 1 in all; Via: the part in the function named after 'via'
 Samples%  Samples      Via%  Via  Function
    0.06%        1     0.06%    1  (no frame of your code)  via setup_vdso [ld-linux-x86-64.so.2]

=== Allocation samples by requesting function: 0.00% of all samples ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)

=== Lines of hot: sample count ===
hot  /home/dev/build/src/anno.c:32  [anno]
Self 776, Total 1682
  Self  Total  Line  Source
                     /home/dev/build/src/anno.c  (read from ../tests/annotate/anno.c)
     .      .    32  static __attribute__((noinline)) uint32_t hot(uint32_t seed, uint32_t rounds)
     .      .    33  {
     .      .    34          uint32_t x = seed;
     .      .    35          /* its own rounds */
   189    189    36          for (uint32_t i = 0; i < rounds; i++)
   231    231    37                  x = ROUND(x, i);
   355    355    38          for (uint32_t i = 0; i < 2 * rounds; i++)
     .    509    39                  x = mix(x, i);  → mix (inlined) 509
     .    397    40          x = step(x, rounds);  → step 397
     1      1    41          return x ^ seed; /* work after the call: step() must not become a tail call */
     .      .    42  }
     .      .    43  
     .      .    44  int main(int argc, char **argv)

=== Lines of mix: sample count ===
mix  /home/dev/build/src/anno.c:19  [anno]
Self 509, Total 509
Inlined into hot at anno.c:39 (509); never run out of line. Its lines add up every copy.
  Self  Total  Line  Source
                     /home/dev/build/src/anno.c  (read from ../tests/annotate/anno.c)
     .      .    19  static inline __attribute__((always_inline)) uint32_t mix(uint32_t x, uint32_t i)
     .      .    20  {
     .      .    21          /* one round, like hot's own */
   509    509    22          x = ROUND(x, i);
     .      .    23          return x;
     .      .    24  }
     .      .    25  

=== Lines of step: sample count ===
step  /home/dev/build/src/anno.c:26  [anno]
Self 397, Total 397
  Self  Total  Line  Source
                     /home/dev/build/src/anno_step.inc  (read from ../tests/annotate/anno_step.inc)
     .      .     1          /* step()'s rounds, in a file of their own that the function includes */
   153    153     2          for (uint32_t i = 0; i < n; i++)
   244    244     3                  x = ROUND(x, i);
$ profan samply annotate/anno.json.gz --symbol-path annotate --annotate '^hot$' --top 1
Input:          annotate/anno.json.gz
Format:         samply, processed profile v55
Binary:         anno
Product:        anno
OS:             Debian GNU/Linux 12 (bookworm)
Threads:        1 with samples
Duration:       4.29 s
Symbol files:   3 libraries: 3 found, 0 missing, 0 mismatched, 0 not on disk
Symbols found:  anno 100.0%, ld-linux-x86-64.so.2 0.0%, libc.so.6 0.0% of CPU time
Your code:      4 functions in anno
Weighted by:    CPU time (threadCPUDelta)
Total:          1.71 s in 1683 samples
Annotated:      hot (matching /^hot$/)

=== CPU by library (self) ===
     CPU%     CPU  Library
  100.00%  1.71 s  anno

=== Top self, all code ===
     CPU%        CPU  Function
   46.03%  786.87 ms  hot  src/anno.c:32
  ... 2 more rows (raise --top to see them)

=== Top self, your code ===
each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it
     CPU%        CPU  Function
   46.03%  786.87 ms  hot  src/anno.c:32
  ... 2 more rows (raise --top to see them)

=== Top inclusive, your code ===
     CPU%     CPU  Function
  100.00%  1.71 s  hot  src/anno.c:32
  ... 3 more rows (raise --top to see them)

=== CPU outside your code, by the nearest function of yours ===
  samples whose innermost function is not yours: 0.00 ms in all; Via: the part in the function named after 'via'
  (nothing to show)

=== Allocation CPU by requesting function: 0.00% of all CPU ===
samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one
  (nothing to show)

=== Lines of hot: CPU time (threadCPUDelta) ===
hot  /home/dev/build/src/anno.c:32  [anno]
Self 786.87 ms, Total 1.71 s
       Self      Total  Line  Source
                              /home/dev/build/src/anno.c  (source not found: looked at /home/dev/build/src/anno.c; --source-path DIR or --source-prefix OLD=NEW say where it is)
  192.30 ms  192.30 ms    36  
  233.01 ms  233.01 ms    37  
  360.55 ms  360.55 ms    38  
          .  517.88 ms    39    → mix (inlined) 517.88 ms
          .  404.70 ms    40    → step 404.70 ms
    1.01 ms    1.01 ms    41  
$ profan samply annotate/anno.json.gz --symbol-path annotate --source-prefix /home/dev/build/src=../tests/annotate --annotate 'mix' --top 1 --json
{
	"schema_version":	2,
	"profan_version":	"0.1.0",
	"header":	{
		"Input":	"annotate/anno.json.gz",
		"Format":	"samply, processed profile v55",
		"Binary":	"anno",
		"Product":	"anno",
		"OS":	"Debian GNU/Linux 12 (bookworm)",
		"Threads":	"1 with samples",
		"Duration":	"4.29 s",
		"Symbol files":	"3 libraries: 3 found, 0 missing, 0 mismatched, 0 not on disk",
		"Symbols found":	"anno 100.0%, ld-linux-x86-64.so.2 0.0%, libc.so.6 0.0% of CPU time",
		"Your code":	"4 functions in anno",
		"Weighted by":	"CPU time (threadCPUDelta)",
		"Total":	"1.71 s in 1683 samples",
		"Annotated":	"mix (matching /mix/)"
	},
	"figures":	{
		"Duration":	{
			"duration":	{
				"value":	4293084,
				"unit":	"us"
			}
		},
		"Total":	{
			"total":	{
				"value":	1709449,
				"unit":	"us"
			},
			"samples":	{
				"value":	1683,
				"unit":	"count"
			}
		}
	},
	"warnings":	[],
	"views":	[{
			"id":	"cpu_by_library",
			"title":	"CPU by library (self)",
			"key":	"Library",
			"columns":	[{
					"name":	"CPU",
					"unit":	"us",
					"total":	1709449
				}],
			"rows":	[{
					"name":	"anno",
					"values":	[1709449],
					"percent":	[100]
				}],
			"rows_cut":	0
		}, {
			"id":	"top_self",
			"title":	"Top self, all code",
			"key":	"Function",
			"columns":	[{
					"name":	"CPU",
					"unit":	"us",
					"total":	1709449
				}],
			"rows":	[{
					"name":	"hot",
					"detail":	"src/anno.c:32",
					"class":	"yours",
					"file":	"/home/dev/build/src/anno.c",
					"line":	32,
					"values":	[786868],
					"percent":	[46.030504566091182]
				}],
			"rows_cut":	2
		}, {
			"id":	"top_self_yours",
			"title":	"Top self, your code",
			"key":	"Function",
			"columns":	[{
					"name":	"CPU",
					"unit":	"us",
					"total":	1709449
				}],
			"rows":	[{
					"name":	"hot",
					"detail":	"src/anno.c:32",
					"class":	"yours",
					"file":	"/home/dev/build/src/anno.c",
					"line":	32,
					"values":	[786868],
					"percent":	[46.030504566091182]
				}],
			"rows_cut":	2,
			"note":	"each sample to its innermost function of yours: what that function runs inlined or calls outside your code counts for it"
		}, {
			"id":	"top_inclusive_yours",
			"title":	"Top inclusive, your code",
			"key":	"Function",
			"columns":	[{
					"name":	"CPU",
					"unit":	"us",
					"total":	1709449
				}],
			"rows":	[{
					"name":	"hot",
					"detail":	"src/anno.c:32",
					"class":	"yours",
					"file":	"/home/dev/build/src/anno.c",
					"line":	32,
					"values":	[1709449],
					"percent":	[100]
				}],
			"rows_cut":	3
		}, {
			"id":	"outside_yours",
			"title":	"CPU outside your code, by the nearest function of yours",
			"key":	"Function",
			"columns":	[{
					"name":	"CPU",
					"unit":	"us",
					"total":	1709449
				}, {
					"name":	"Via",
					"unit":	"us",
					"total":	1709449
				}],
			"rows":	[],
			"rows_cut":	0,
			"note":	"  samples whose innermost function is not yours: 0.00 ms in all; Via: the part in the function named after 'via'"
		}, {
			"id":	"alloc_yours",
			"title":	"Allocation CPU by requesting function: 0.00% of all CPU",
			"key":	"Function",
			"columns":	[{
					"name":	"CPU",
					"unit":	"us",
					"total":	1709449
				}],
			"rows":	[],
			"rows_cut":	0,
			"note":	"samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, to the first function of yours above the outermost one"
		}, {
			"id":	"annotate",
			"title":	"Lines of mix: CPU time (threadCPUDelta)",
			"key":	"Line",
			"columns":	[{
					"name":	"Self",
					"unit":	"us",
					"total":	null
				}, {
					"name":	"Total",
					"unit":	"us",
					"total":	null
				}],
			"function":	{
				"name":	"mix",
				"detail":	"/home/dev/build/src/anno.c:19  [anno]",
				"values":	[517880, 517880]
			},
			"files":	[{
					"path":	"/home/dev/build/src/anno.c",
					"source":	"read from ../tests/annotate/anno.c"
				}],
			"rows":	[{
					"file":	"/home/dev/build/src/anno.c",
					"line":	19,
					"source":	"static inline __attribute__((always_inline)) uint32_t mix(uint32_t x, uint32_t i)",
					"values":	[0, 0]
				}, {
					"file":	"/home/dev/build/src/anno.c",
					"line":	20,
					"source":	"{",
					"values":	[0, 0]
				}, {
					"file":	"/home/dev/build/src/anno.c",
					"line":	21,
					"source":	"\t/* one round, like hot's own */",
					"values":	[0, 0]
				}, {
					"file":	"/home/dev/build/src/anno.c",
					"line":	22,
					"source":	"\tx = ROUND(x, i);",
					"values":	[517880, 517880]
				}, {
					"file":	"/home/dev/build/src/anno.c",
					"line":	23,
					"source":	"\treturn x;",
					"values":	[0, 0]
				}, {
					"file":	"/home/dev/build/src/anno.c",
					"line":	24,
					"source":	"}",
					"values":	[0, 0]
				}, {
					"file":	"/home/dev/build/src/anno.c",
					"line":	25,
					"source":	"",
					"values":	[0, 0]
				}],
			"note":	"Inlined into hot at anno.c:39 (517.88 ms); never run out of line. Its lines add up every copy."
		}]
}
$ profan samply annotate/anno.json.gz --symbol-path annotate --annotate 'hott'
! exit 1
! profan: --annotate 'hott' matches no function; the closest names: hot, _start, step
$ profan samply annotate/anno.json.gz --symbol-path annotate --annotate 'nothing_like_this' --top 1
! exit 1
! profan: --annotate 'nothing_like_this' matches no function; the closest names: __libc_start_main, __libc_start_call_main, main
$ profan samply annotate/anno.json.gz --annotate 'x' --source-prefix =nothing
! exit 2
! profan: samply: --source-prefix wants OLD=NEW, not '=nothing'; see 'profan samply --help'
