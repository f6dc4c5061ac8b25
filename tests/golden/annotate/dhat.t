# Bytes live at the peak per allocating line (tests/dhat/peak.c's design; check_dhat.py).
$ profan dhat dhat/peak.json --annotate '^(main|recurse|use_inlined)$' --source-path ../tests/dhat --top 0
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
Annotated:       main, use_inlined, recurse (matching /^(main|recurse|use_inlined)$/)

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

=== Lines of main: bytes live at t-gmax ===
main  peak.c
gb 36.06 KiB
         gb  Line  Source
                   peak.c  (read from ../tests/dhat/peak.c)
          .    65  int main(void)
          .    66  {
          .    67          void *small[SMALL_COUNT], *rec[5];
   4.88 KiB    68          void *chain = realloc_chain();  → realloc_chain 4.88 KiB
        1 B    69          void *zero = zero_size();  → zero_size 1 B
  29.30 KiB    70          void *big = make_big();  → make_big 29.30 KiB
     1000 B    71          make_small(small);  → make_small 1000 B
      120 B    72          recurse(rec, 4);  → recurse 120 B
      800 B    73          void *inl = use_inlined();  → use_inlined 800 B
          .    74          /* the peak: everything above is live */
          .    75          free(big);
          .    76          for (int i = 0; i < SMALL_COUNT; i++)

=== Lines of use_inlined: bytes live at t-gmax ===
use_inlined  peak.c
gb 800 B
     gb  Line  Source
               peak.c  (read from ../tests/dhat/peak.c)
      .    39  
      .    40  static __attribute__((noinline)) void *use_inlined(void)
      .    41  {
  800 B    42          return inlined_grab(800);  → inlined_grab (inlined) 800 B
      .    43  }
      .    44  
      .    45  static __attribute__((noinline)) void *realloc_chain(void)

=== Lines of recurse: bytes live at t-gmax ===
recurse  peak.c
gb 120 B
     gb  Line  Source
               peak.c  (read from ../tests/dhat/peak.c)
      .    32  
      .    33  static __attribute__((noinline)) void recurse(void **out, int depth)
      .    34  {
  120 B    35          out[depth] = malloc(24);  → malloc 120 B
      .    36          if (depth > 0)
      .    37                  recurse(out, depth - 1);
      .    38  }
$ profan dhat dhat/peak.json --annotate '^recurse$' --metric tb --json
{
	"schema_version":	2,
	"profan_version":	"0.1.0",
	"header":	{
		"Input":	"dhat/peak.json (dhatFileVersion 2, heap mode)",
		"Command":	"./peak",
		"PID":	"5994",
		"Mode":	"heap",
		"Your code":	"9 functions",
		"Total":	"40,031 B (39.09 KiB) allocated in 23 blocks",
		"At t-gmax":	"36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)",
		"At t-end":	"5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs",
		"Reads, writes":	"1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written",
		"Program points":	"11",
		"Metric":	"tb: bytes allocated in total",
		"Annotated":	"recurse (matching /^recurse$/)"
	},
	"figures":	{
		"Total":	{
			"total":	{
				"value":	40031,
				"unit":	"bytes"
			},
			"blocks":	{
				"value":	23,
				"unit":	"count"
			}
		},
		"At t-gmax":	{
			"total":	{
				"value":	36921,
				"unit":	"bytes"
			},
			"blocks":	{
				"value":	19,
				"unit":	"count"
			}
		},
		"At t-end":	{
			"total":	{
				"value":	5001,
				"unit":	"bytes"
			},
			"blocks":	{
				"value":	2,
				"unit":	"count"
			}
		},
		"Reads, writes":	{
			"read":	{
				"value":	1110,
				"unit":	"bytes"
			},
			"written":	{
				"value":	31110,
				"unit":	"bytes"
			}
		}
	},
	"warnings":	[],
	"views":	[{
			"id":	"sites",
			"title":	"Allocated in total by allocation site",
			"key":	"Site",
			"columns":	[{
					"name":	"tb",
					"unit":	"bytes",
					"total":	40031
				}, {
					"name":	"tbk",
					"unit":	"count",
					"total":	null
				}],
			"rows":	[{
					"name":	"make_big (peak.c:22)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	22,
					"context":	"<- main (peak.c:70)",
					"context_count":	1,
					"values":	[30000, 1],
					"percent":	[74.9419200119907, null]
				}, {
					"name":	"realloc_chain (peak.c:47)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	47,
					"context":	"<- main (peak.c:68)",
					"context_count":	1,
					"values":	[6110, 4],
					"percent":	[15.263171042442107, null]
				}, {
					"name":	"transient (peak.c:61)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	61,
					"context":	"<- main (peak.c:81)",
					"context_count":	1,
					"values":	[2000, 1],
					"percent":	[4.99612800079938, null]
				}, {
					"name":	"make_small (peak.c:30)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	30,
					"context":	"<- main (peak.c:71)",
					"context_count":	1,
					"values":	[1000, 10],
					"percent":	[2.49806400039969, null]
				}, {
					"name":	"inlined_grab (peak.c:17)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	17,
					"context":	"<- use_inlined (peak.c:42) <- main (peak.c:73)",
					"context_count":	1,
					"values":	[800, 1],
					"percent":	[1.9984512003197521, null]
				}, {
					"name":	"recurse (peak.c:35)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	35,
					"context":	"<- main (peak.c:72), 1 of 5 caller chains",
					"context_count":	5,
					"values":	[120, 5],
					"percent":	[0.29976768004796284, null]
				}, {
					"name":	"zero_size (peak.c:56)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	56,
					"context":	"<- main (peak.c:69)",
					"context_count":	1,
					"values":	[1, 1],
					"percent":	[0.00249806400039969, null]
				}],
			"rows_cut":	0,
			"note":	"Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours"
		}, {
			"id":	"functions_self",
			"title":	"Allocated in total by peak function (where it allocates)",
			"key":	"Function",
			"columns":	[{
					"name":	"tb",
					"unit":	"bytes",
					"total":	40031
				}, {
					"name":	"tbk",
					"unit":	"count",
					"total":	null
				}],
			"rows":	[{
					"name":	"make_big",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[30000, 1],
					"percent":	[74.9419200119907, null]
				}, {
					"name":	"realloc_chain",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[6110, 4],
					"percent":	[15.263171042442107, null]
				}, {
					"name":	"transient",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[2000, 1],
					"percent":	[4.99612800079938, null]
				}, {
					"name":	"make_small",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[1000, 10],
					"percent":	[2.49806400039969, null]
				}, {
					"name":	"inlined_grab",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[800, 1],
					"percent":	[1.9984512003197521, null]
				}, {
					"name":	"recurse",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[120, 5],
					"percent":	[0.29976768004796284, null]
				}, {
					"name":	"zero_size",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[1, 1],
					"percent":	[0.00249806400039969, null]
				}],
			"rows_cut":	0,
			"note":	"each stack to the function of its site"
		}, {
			"id":	"functions",
			"title":	"Allocated in total by peak function (inclusive)",
			"key":	"Function",
			"columns":	[{
					"name":	"tb",
					"unit":	"bytes",
					"total":	40031
				}, {
					"name":	"tbk",
					"unit":	"count",
					"total":	null
				}],
			"rows":	[{
					"name":	"main",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[40031, 23],
					"percent":	[100, null]
				}, {
					"name":	"make_big",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[30000, 1],
					"percent":	[74.9419200119907, null]
				}, {
					"name":	"realloc_chain",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[6110, 4],
					"percent":	[15.263171042442107, null]
				}, {
					"name":	"transient",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[2000, 1],
					"percent":	[4.99612800079938, null]
				}, {
					"name":	"make_small",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[1000, 10],
					"percent":	[2.49806400039969, null]
				}, {
					"name":	"inlined_grab",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[800, 1],
					"percent":	[1.9984512003197521, null]
				}, {
					"name":	"use_inlined",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[800, 1],
					"percent":	[1.9984512003197521, null]
				}, {
					"name":	"recurse",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[120, 5],
					"percent":	[0.29976768004796284, null]
				}, {
					"name":	"zero_size",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[1, 1],
					"percent":	[0.00249806400039969, null]
				}],
			"rows_cut":	0,
			"note":	"each function counted once per stack, however often it appears on it"
		}, {
			"id":	"annotate",
			"title":	"Lines of recurse: bytes allocated in total",
			"key":	"Line",
			"columns":	[{
					"name":	"tb",
					"unit":	"bytes",
					"total":	null
				}],
			"function":	{
				"name":	"recurse",
				"detail":	"peak.c",
				"values":	[120]
			},
			"files":	[{
					"path":	"peak.c",
					"source":	"source not found: looked at peak.c; --source-path DIR or --source-prefix OLD=NEW say where it is"
				}],
			"rows":	[{
					"file":	"peak.c",
					"line":	35,
					"source":	null,
					"values":	[120],
					"detail":	"→ malloc 120 B"
				}]
		}]
}
