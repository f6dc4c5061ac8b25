/* format.c: DHAT as an input format (format.h): valgrind's files and the Rust dhat
 * crate's, one loader, and their views. */
#include <stddef.h>
#include <stdio.h>

#include "dhat.h"
#include "profan/format.h"

static int load(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	/* dh_view's tree shows valgrind's frame texts as written */
	struct dhat_load_opts lo = {.frame_texts = dhat_view_opts_of(env->o)->alloc_tree};
	return dhat_load(doc, out, &lo);
}

#define AT(field) offsetof(struct dhat_view_opts, field)

/* The program-point filters are matched as one set of at most 64 patterns. */
static const char *filter_limit(const void *opts, const char *value)
{
	const struct dhat_view_opts *d = opts;
	(void)value;
	return d->where.count + d->not_.count > 64 ? "at most 64 --where and --not patterns together" : NULL;
}

static void list_metrics(void)
{
	const char *const *texts;
	const char *const *names = dhat_metric_names(&texts);
	printf("Metrics for --metric (dh_view's sort metrics and DHAT's raw fields):\n");
	for (size_t i = 0; names[i]; i++)
		printf("  %-20s %s\n", names[i], texts[i]);
}

static const struct format_opt view_opts[] = {
	{"where", "RE", "keep program points with a frame matching RE (repeatable: all must match)", FOPT_PATTERNS,
	 AT(where), .check = filter_limit},
	{"not", "RE", "drop program points with a frame matching RE (repeatable)", FOPT_PATTERNS, AT(not_),
	 .check = filter_limit},
	{"metric", "M", "what to rank by (default gb; 'list' shows all)", FOPT_METRIC, .accept = dhat_metric_known,
	 .list = list_metrics, .refusal = "unknown metric '%s' (try --metric list)"},
	{"stacks", "N", "also print the N largest stacks whole", FOPT_SIZE, AT(stacks)},
	{"alloc-tree", NULL, "dh_view's allocation-rooted tree, frames as valgrind wrote them (--tree: the call tree)", FOPT_FLAG, AT(alloc_tree)},
	{"plumbing", "RE", "your own allocator wrappers, skipped when naming a site (repeatable)", FOPT_PATTERNS,
	 AT(plumbing), .check = filter_limit},
	{NULL},
};

static const struct format_opt_group view_group = {view_opts};

/* DHAT's counts are exact: runs of one program on one input agree on each site's bytes and
 * blocks, in total and at the heap's peak. */
static const char *const agreement[] = {"tb", "tbk", "gb", "gbk", NULL};

static const struct diff_format diff = {
	.agreement = agreement,
	.companion = dhat_metric_companion,
	.sample_sites = dhat_sample_sites,
	.self_note = "credited to the program's own frame nearest the allocation (allocator and library frames "
		     "skipped), as dhat's sites are",
};

const struct dhat_view_opts *dhat_view_opts_of(const struct profan_opts *o)
{
	static const struct dhat_view_opts defaults;
	const struct dhat_view_opts *mine = profan_format_opts(o, &dhat_format);
	return mine ? mine : &defaults;
}

const struct input_format dhat_format = {
	.name = "dhat",
	.command = "dhat",
	.label = "a DHAT profile",
	.cli = {
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
		.groups = {{FORMAT_OPTS_OWN}, {FORMAT_OPTS_BINARY}, {.own = &view_group}},
		.opts_size = sizeof(struct dhat_view_opts),
	},
	.sniff = dhat_sniff,
	.sniff_head = dhat_sniff_head,
	/* valgrind writes `"fs":]` for a stack it filtered; the program points go from the
	 * stream into columns (dhat_plan), not into the tree */
	.jopts = {.repair_missing_open_bracket = true, .plan = {&dhat_plan}},
	.load = load,
	.views = dhat_views,
	.diff = &diff,
	.recorder = &dhat_recorder,
};
