# --json carries the same numbers unrounded (microseconds).
$ profan cpuprof --json --top 2 cpuprof/speedscope-chrome65-simple.cpuprofile
{
	"schema_version":	2,
	"profan_version":	"0.1.0",
	"header":	{
		"Input":	"cpuprof/speedscope-chrome65-simple.cpuprofile",
		"Format":	"V8 CPU profile, .cpuprofile",
		"Weighted by":	"the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)",
		"Total":	"45.92 ms in 29 samples",
		"Samples":	"29 over 47.89 ms, median interval 1.270 ms",
		"Your code":	"no function (--ours RE names it; docs/ownership.md); not yours: runtime (v8: 5 functions)",
		"VM shares":	"(garbage collector) 0.00%, (program) 0.00%, (idle) 0.00%"
	},
	"figures":	{
		"Total":	{
			"total":	{
				"value":	45920,
				"unit":	"us"
			},
			"samples":	{
				"value":	29,
				"unit":	"count"
			}
		}
	},
	"warnings":	[],
	"views":	[{
			"id":	"top_self",
			"title":	"Top functions by self time",
			"key":	"Function",
			"columns":	[{
					"name":	"Self",
					"unit":	"us",
					"total":	45920
				}, {
					"name":	"Total",
					"unit":	"us",
					"total":	45920
				}],
			"rows":	[{
					"name":	"d",
					"class":	"runtime",
					"label":	"[v8]",
					"values":	[34345, 34345],
					"percent":	[74.79311846689896, 74.79311846689896]
				}, {
					"name":	"(anonymous)",
					"class":	"runtime",
					"label":	"[v8]",
					"values":	[11575, 45920],
					"percent":	[25.206881533101047, 100]
				}],
			"rows_cut":	0
		}, {
			"id":	"top_self_yours",
			"title":	"Top self, your code",
			"key":	"Function",
			"columns":	[{
					"name":	"Self",
					"unit":	"us",
					"total":	45920
				}],
			"rows":	[{
					"name":	"(no frame of your code)",
					"values":	[45920],
					"percent":	[100]
				}],
			"rows_cut":	0,
			"note":	"each sample to its innermost function of yours: the Node and V8 internals it calls count for it"
		}, {
			"id":	"top_inclusive",
			"title":	"Top functions by inclusive time (recursion counted once)",
			"key":	"Function",
			"columns":	[{
					"name":	"Total",
					"unit":	"us",
					"total":	45920
				}, {
					"name":	"Self",
					"unit":	"us",
					"total":	45920
				}],
			"rows":	[{
					"name":	"(anonymous)",
					"class":	"runtime",
					"label":	"[v8]",
					"values":	[45920, 11575],
					"percent":	[100, 25.206881533101047]
				}, {
					"name":	"a",
					"class":	"runtime",
					"label":	"[v8]",
					"values":	[34345, 0],
					"percent":	[74.79311846689896, 0]
				}],
			"rows_cut":	3
		}, {
			"id":	"by_script",
			"title":	"Self time by script",
			"key":	"Script",
			"columns":	[{
					"name":	"Self",
					"unit":	"us",
					"total":	45920
				}],
			"rows":	[{
					"name":	"(native and VM: no url)",
					"values":	[45920],
					"percent":	[100]
				}],
			"rows_cut":	0
		}]
}
