# DHAT's invalid `"fs":]` is read as an empty stack with a warning; identical stacks merge; a run that allocates nothing (empty.json) totals 0, in text and JSON.
$ profan dhat dhat/peak.fsbug.json --top 3
Input:           dhat/peak.fsbug.json (dhatFileVersion 2, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       8 functions
Total:           40,031 B (39.09 KiB) allocated in 23 blocks
At t-gmax:       36,921 B (36.06 KiB) in 19 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 31,110 B (30.38 KiB) written
Program points:  11
Metric:          gb: bytes live at t-gmax
warning: 1 stack written by DHAT as `"fs":]` (invalid JSON) read as empty

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
  100.00%  36.05 KiB   18  39.09 KiB  main  peak.c
   81.25%  29.30 KiB    1  29.30 KiB  make_big  peak.c
   13.54%   4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
  ... 4 more rows (raise --top to see them)
$ profan dhat dhat/peak.dup.json --top 2
Input:           dhat/peak.dup.json (dhatFileVersion 2, heap mode)
Command:         ./peak
PID:             5994
Mode:            heap
Your code:       9 functions
Total:           41,031 B (40.07 KiB) allocated in 24 blocks
At t-gmax:       37,921 B (37.03 KiB) in 20 blocks, at 155842 instrs (96.27% of the run)
At t-end:        5,001 B (4.88 KiB) in 2 blocks, at 161881 instrs
Reads, writes:   1,110 B (1.08 KiB) read, 32,110 B (31.36 KiB) written
Program points:  12 (1 merged into identical stacks)
Metric:          gb: bytes live at t-gmax

=== Live at t-gmax by allocation site ===
Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours
      gb%         gb  gbk         tb  Site
   81.75%  30.27 KiB    2  30.27 KiB  make_big (peak.c:22)  <- main (peak.c:70)
   13.19%   4.88 KiB    1   5.97 KiB  realloc_chain (peak.c:47)  <- main (peak.c:68)
  ... 4 more rows (raise --top to see them)

=== Live at t-gmax by peak function (where it allocates) ===
each stack to the function of its site
      gb%         gb  gbk         tb  Function
   81.75%  30.27 KiB    2  30.27 KiB  make_big  peak.c
   13.19%   4.88 KiB    1   5.97 KiB  realloc_chain  peak.c
  ... 4 more rows (raise --top to see them)

=== Live at t-gmax by peak function (inclusive) ===
each function counted once per stack, however often it appears on it
      gb%         gb  gbk         tb  Function
  100.00%  37.03 KiB   20  40.07 KiB  main  peak.c
   81.75%  30.27 KiB    2  30.27 KiB  make_big  peak.c
  ... 6 more rows (raise --top to see them)
$ profan dhat dhat/peak.json --top 2 --json
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
		"Metric":	"gb: bytes live at t-gmax"
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
			"title":	"Live at t-gmax by allocation site",
			"key":	"Site",
			"columns":	[{
					"name":	"gb",
					"unit":	"bytes",
					"total":	36921
				}, {
					"name":	"gbk",
					"unit":	"count",
					"total":	null
				}, {
					"name":	"tb",
					"unit":	"bytes",
					"total":	null
				}],
			"rows":	[{
					"name":	"make_big (peak.c:22)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	22,
					"context":	"<- main (peak.c:70)",
					"context_count":	1,
					"values":	[30000, 1, 30000],
					"percent":	[81.254570569594534, null, null]
				}, {
					"name":	"realloc_chain (peak.c:47)",
					"class":	"yours",
					"file":	"peak.c",
					"line":	47,
					"context":	"<- main (peak.c:68)",
					"context_count":	1,
					"values":	[5000, 1, 6110],
					"percent":	[13.542428428265756, null, null]
				}],
			"rows_cut":	4,
			"note":	"Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours"
		}, {
			"id":	"functions_self",
			"title":	"Live at t-gmax by peak function (where it allocates)",
			"key":	"Function",
			"columns":	[{
					"name":	"gb",
					"unit":	"bytes",
					"total":	36921
				}, {
					"name":	"gbk",
					"unit":	"count",
					"total":	null
				}, {
					"name":	"tb",
					"unit":	"bytes",
					"total":	null
				}],
			"rows":	[{
					"name":	"make_big",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[30000, 1, 30000],
					"percent":	[81.254570569594534, null, null]
				}, {
					"name":	"realloc_chain",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[5000, 1, 6110],
					"percent":	[13.542428428265756, null, null]
				}],
			"rows_cut":	4,
			"note":	"each stack to the function of its site"
		}, {
			"id":	"functions",
			"title":	"Live at t-gmax by peak function (inclusive)",
			"key":	"Function",
			"columns":	[{
					"name":	"gb",
					"unit":	"bytes",
					"total":	36921
				}, {
					"name":	"gbk",
					"unit":	"count",
					"total":	null
				}, {
					"name":	"tb",
					"unit":	"bytes",
					"total":	null
				}],
			"rows":	[{
					"name":	"main",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[36921, 19, 40031],
					"percent":	[100, null, null]
				}, {
					"name":	"make_big",
					"detail":	"peak.c",
					"class":	"yours",
					"file":	"peak.c",
					"values":	[30000, 1, 30000],
					"percent":	[81.254570569594534, null, null]
				}],
			"rows_cut":	6,
			"note":	"each function counted once per stack, however often it appears on it"
		}]
}
$ profan dhat dhat/empty.json --json
{
	"schema_version":	2,
	"profan_version":	"0.1.0",
	"header":	{
		"Input":	"dhat/empty.json (dhatFileVersion 2, heap mode)",
		"Command":	"/bin/true",
		"PID":	"2707",
		"Mode":	"heap",
		"Your code":	"no function (--ours RE names it; docs/ownership.md)",
		"Total":	"0 B allocated in 0 blocks",
		"At t-gmax":	"0 B in 0 blocks, at 0 instrs (0.00% of the run)",
		"At t-end":	"0 B in 0 blocks, at 156380 instrs",
		"Reads, writes":	"0 B read, 0 B written",
		"Program points":	"0",
		"Metric":	"gb: bytes live at t-gmax"
	},
	"figures":	{
		"Total":	{
			"total":	{
				"value":	0,
				"unit":	"bytes"
			},
			"blocks":	{
				"value":	0,
				"unit":	"count"
			}
		},
		"At t-gmax":	{
			"total":	{
				"value":	0,
				"unit":	"bytes"
			},
			"blocks":	{
				"value":	0,
				"unit":	"count"
			}
		},
		"At t-end":	{
			"total":	{
				"value":	0,
				"unit":	"bytes"
			},
			"blocks":	{
				"value":	0,
				"unit":	"count"
			}
		},
		"Reads, writes":	{
			"read":	{
				"value":	0,
				"unit":	"bytes"
			},
			"written":	{
				"value":	0,
				"unit":	"bytes"
			}
		}
	},
	"warnings":	[],
	"views":	[{
			"id":	"sites",
			"title":	"Live at t-gmax by allocation site",
			"key":	"Site",
			"columns":	[{
					"name":	"gb",
					"unit":	"bytes",
					"total":	0
				}, {
					"name":	"gbk",
					"unit":	"count",
					"total":	null
				}, {
					"name":	"tb",
					"unit":	"bytes",
					"total":	null
				}],
			"rows":	[],
			"rows_cut":	0,
			"note":	"Site: the allocating line of your code (its first frame of yours, your allocator wrappers skipped), then its main caller chain; '*' marks stacks with no frame of yours"
		}, {
			"id":	"functions_self",
			"title":	"Live at t-gmax by true function (where it allocates)",
			"key":	"Function",
			"columns":	[{
					"name":	"gb",
					"unit":	"bytes",
					"total":	0
				}, {
					"name":	"gbk",
					"unit":	"count",
					"total":	null
				}, {
					"name":	"tb",
					"unit":	"bytes",
					"total":	null
				}],
			"rows":	[],
			"rows_cut":	0,
			"note":	"each stack to the function of its site"
		}, {
			"id":	"functions",
			"title":	"Live at t-gmax by true function (inclusive)",
			"key":	"Function",
			"columns":	[{
					"name":	"gb",
					"unit":	"bytes",
					"total":	0
				}, {
					"name":	"gbk",
					"unit":	"count",
					"total":	null
				}, {
					"name":	"tb",
					"unit":	"bytes",
					"total":	null
				}],
			"rows":	[],
			"rows_cut":	0,
			"note":	"each function counted once per stack, however often it appears on it"
		}]
}
