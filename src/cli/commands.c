/* commands.c: the subcommands: what each one reads, its help, and its option
 * groups. Every one runs the same driver (driver.h); only diff compares. */
#include "cli_int.h"

static const struct cli_group *const samply_groups[] = {&cli_own_group, &cli_binary_group, &cli_select_group,
							 &cli_samply_group, &cli_symbol_group, NULL};
static const struct cli_group *const perf_groups[] = {&cli_own_group, &cli_binary_group, &cli_samply_group,
						       &cli_symbol_group, NULL};
static const struct cli_group *const dhat_groups[] = {&cli_own_group, &cli_binary_group, &cli_dhat_group, NULL};
static const struct cli_group *const cpuprof_groups[] = {&cli_own_group, &cli_v8_group, NULL};
static const struct cli_group *const diff_groups[] = {&cli_diff_group, &cli_own_group, &cli_binary_group,
						       &cli_select_group, &cli_symbol_group, &cli_v8_group, NULL};

static const struct cli_command cmd_samply = {
	.name = "samply",
	.summary = "samply --save-only profiles (Firefox Profiler processed JSON, .json or .json.gz)",
	.usage = "samply [options] PROFILE...",
	.description =
		"Where CPU went, weighted by real CPU time (threadCPUDelta), and which of your functions it\n"
		"went to: by library; top self of all code; top self of your code (std helpers inlined into\n"
		"or called by a function count for it); top inclusive of your code; cost outside your code\n"
		"by the nearest function of yours and its main callee (via memcmp); allocation cost by the\n"
		"first function of yours above the allocator. Your code: docs/ownership.md, --ours, --binary.\n"
		"Reads layouts v41-v66, gzipped or not; frames print as LIB+0xADDR until symbolicated.\n"
		"Several PROFILEs are runs of one program and are merged.",
	.examples = "  profan samply prof.json.gz --top 60\n"
		    "  profan samply prof.json --binary wado-lsp --threads\n"
		    "  profan samply prof.json --thread '^rayon' --focus 'parse_'\n",
	.own = samply_groups,
	.format = "samply",
};

static const struct cli_command cmd_perf = {
	.name = "perf",
	.summary = "perf record's perf.data (file or pipe mode), read directly",
	.usage = "perf [options] PERF-DATA...",
	.description =
		"The views of `profan samply` on a perf.data: CPU time from the cpu-clock/task-clock sample\n"
		"periods (other events in --metric weight), by library and by your functions, with inline\n"
		"frames and lines. Stacks come from the kernel callchain (-g) or, for --call-graph dwarf, from\n"
		"each sample's copied user stack, unwound with the libraries' CFI. Libraries are found and\n"
		"checked by the build ids perf recorded (--symbol-path as for samply); kernel frames are\n"
		"named with --kallsyms. Lost samples, throttling and samples without a user caller are said\n"
		"in the header. What is read and skipped: docs/perf-format.md.",
	.examples = "  perf record -e cpu-clock -F 1000 --call-graph dwarf -o perf.data -- ./prog\n"
		    "  profan perf perf.data --top 30\n"
		    "  perf record -g -o - -- ./prog | profan perf -\n",
	.own = perf_groups,
	.format = "perf",
};

static const struct cli_command cmd_dhat = {
	.name = "dhat",
	.summary = "valgrind --tool=dhat output (dhat.out.*.json) and the Rust dhat crate's (dhat-heap.json)",
	.usage = "dhat [options] DHAT-FILE...",
	.description =
		"Shows what was live at the heap's peak (t-gmax) by allocation site and by your functions, or\n"
		"any of DHAT's metrics with --metric; valgrind's files and the Rust dhat crate's. Record with\n"
		"  valgrind --tool=dhat --num-callers=40 --fullpath-after= --dhat-out-file=dhat.json PROGRAM\n"
		"A site is the allocating line of your code (its first frame of yours; docs/ownership.md),\n"
		"with its main caller chain; stacks with no frame of yours are marked '*'.\n"
		"--where/--not match each frame's text without its address, e.g. 'make_buf (demo.c:47)'.\n"
		"Several DHAT-FILEs are runs of one program and are merged (the header describes the first).",
	.examples = "  profan dhat dhat.json\n"
		    "  profan dhat dhat.json --where 'parse_\\w+' --not '^free_list' --stacks 5\n"
		    "  profan dhat dhat.json --metric short-lived --alloc-tree\n",
	.own = dhat_groups,
	.format = "dhat",
};

static const struct cli_command cmd_cpuprof = {
	.name = "cpuprof",
	.summary = "V8 .cpuprofile (node --cpu-prof) and Chrome trace files",
	.usage = "cpuprof [options] PROFILE...",
	.description =
		"Self and inclusive time per JS or wasm function, and per script, from a V8 CPU profile:\n"
		"a .cpuprofile (node --cpu-prof, DevTools), its legacy head/timestamps form, or a Chrome or\n"
		"Node trace (CpuProfile, Profile + ProfileChunk events), plain or gzipped. A function is\n"
		"(name, url, line, column); top self of your code credits Node's and V8's internals to the\n"
		"function of yours that called them. The header gives the shares of (garbage collector), (program)\n"
		"and (idle), and of WebAssembly; JS<->wasm wrapper frames count in their caller's self time.\n"
		"Several PROFILEs are runs of one program and are merged.",
	.examples = "  node --cpu-prof --cpu-prof-dir=/tmp --cpu-prof-name=c.cpuprofile run.js\n"
		    "  profan cpuprof --top 20 /tmp/c.cpuprofile\n"
		    "  profan cpuprof --profile all --weight after trace.json.gz\n"
		    "  profan cpuprof --wasm compiler-with-names.wasm --json compile.cpuprofile\n",
	.own = cpuprof_groups,
	.format = "cpuprofile",
};

static const struct cli_command cmd_diff = {
	.name = "diff",
	.summary = "compare two profiles (or two groups of runs) of one format, by change of share",
	.usage = "diff [options] BASE NEW  |  diff [options] --base B1 --base B2 NEW1 NEW2...",
	.description =
		"Runs the same analysis on both sides (loading, symbolication and filters as the format's own\n"
		"command), normalises each side to its own total, and lists functions by the absolute change\n"
		"of their self and inclusive share (percentage points), with the relative change and the raw\n"
		"values. --flamegraph draws a differential flame graph (red: grew, blue: shrank) and --folded\n"
		"writes difffolded's two-column stacks.",
	.examples = "  profan diff before.json.gz after.json.gz --symbol-path build/ --top 20\n"
		    "  profan diff --base a1.cpuprofile --base a2.cpuprofile b1.cpuprofile b2.cpuprofile "
		    "--median\n"
		    "  profan diff old.json new.json --focus '^parse' --flamegraph diff.svg\n",
	.own = diff_groups,
	.format = NULL,
};

const struct cli_command *const cli_commands[] = {&cmd_samply, &cmd_perf, &cmd_dhat, &cmd_cpuprof, &cmd_diff, NULL};
