/* diff.c: `profan diff BASE NEW`: the same analysis of two profiles (or two
 * groups of runs), each normalised to its own total, by size of change.
 * Wiring only: loading through the format registry, filters through the
 * pipeline, the comparison in src/pipeline/diff.c. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "profan/cli.h"
#include "profan/formats.h"
#include "profan/pipeline.h"

enum { OPT_BASE = 0x100, OPT_FORMAT, OPT_METRIC, OPT_MEDIAN };

static const struct cli_opt opts[] = {
	{"base", required_argument, OPT_BASE, "FILE",
	 "a base file (repeat for several runs; then all "
	 "PROFILEs are new)"},
	{"format", required_argument, OPT_FORMAT, "F", "samply, dhat or cpuprof (default: recognised)"},
	{"metric", required_argument, OPT_METRIC, "M", "compare metric M (default: the profile's own)"},
	{"median", no_argument, OPT_MEDIAN, NULL, "several files per side: median share, not the sum"},
	{NULL, 0, 0, NULL, NULL},
};

struct args {
	VEC(char *) base;
	const char *format, *metric;
	bool median;
};

static int handle(int val, const char *arg, void *ctx)
{
	struct args *a = ctx;
	switch (val) {
	case OPT_BASE: vec_push(&a->base, (char *)arg); return 0;
	case OPT_FORMAT: a->format = arg; return 0;
	case OPT_METRIC: a->metric = arg; return 0;
	case OPT_MEDIAN: a->median = true; return 0;
	default: return -1;
	}
}

static int load_side(const struct cli_common *c, const struct pipeline_format *fmt, struct diff_side *s)
{
	struct profile *files = xcalloc(s->count, sizeof(*files));
	s->files = files;
	for (size_t i = 0; i < s->count; i++) {
		if (formats_load(s->paths[i], fmt, &files[i]) != 0) { /* released by the loader */
			s->count = i;
			return -1;
		}
		if (pipeline_prepare(c, &files[i]) != 0) {
			s->count = i + 1;
			return -1;
		}
	}
	return 0;
}

static void release_side(struct diff_side *s)
{
	/* a side never loaded (the base failed first) has paths but no files:
	 * `profan diff BAD GOOD` crashed here */
	for (size_t i = 0; s->files != NULL && i < s->count; i++)
		profile_release(&s->files[i]);
	free(s->files);
}

static int run(int argc, char **argv);

const struct cli_command cmd_diff = {
	.name = "diff",
	.summary = "compare two profiles (or two groups of runs) of one format, by change of share",
	.usage = "diff [options] BASE NEW  |  diff [options] --base B1 --base B2 NEW1 NEW2...",
	.description =
		"Runs the same analysis on both sides, normalises each side to its own total, and "
		"lists functions by\nthe absolute change of their self and inclusive share (percentage "
		"points), with the relative\nchange and the raw values. Filters apply to both sides; "
		"--flamegraph draws a differential flame\ngraph (red: grew, blue: shrank) and --folded "
		"writes difffolded's two-column stacks.",
	.examples = "  profan diff before.json.gz after.json.gz --top 20\n"
		    "  profan diff --base a1.cpuprofile --base a2.cpuprofile b1.cpuprofile b2.cpuprofile "
		    "--median\n"
		    "  profan diff old.json new.json --focus '^parse' --flamegraph diff.svg\n",
	.opts = opts,
	.run = run,
};

static int run(int argc, char **argv)
{
	struct args a = {0};
	struct cli_common c;
	int first;
	enum cli_result res = cli_parse(&cmd_diff, argc, argv, &c, handle, &a, &first);
	if (res != CLI_OK) {
		vec_free(&a.base);
		return res == CLI_DONE ? PF_EXIT_OK : PF_EXIT_USAGE;
	}
	int npos = argc - first;
	struct diff_side base = {0}, new_side = {0};
	if (a.base.len == 0 && npos != 2) {
		vec_free(&a.base);
		cli_usage_error(&cmd_diff, "give BASE and NEW, or --base FILE (repeated) and the new files");
		return PF_EXIT_USAGE;
	}
	if (a.base.len > 0 && npos < 1) {
		vec_free(&a.base);
		cli_usage_error(&cmd_diff, "no new profile to compare with the --base files");
		return PF_EXIT_USAGE;
	}
	if (c.pipeline.pprof || c.pipeline.tree || c.pipeline.inverted || c.pipeline.callers ||
	    c.pipeline.callees || c.pipeline.per_file) {
		vec_free(&a.base);
		cli_usage_error(&cmd_diff,
				"--pprof, trees and --per-file work on one side: use them with the "
				"format's own command");
		return PF_EXIT_USAGE;
	}
	const struct pipeline_format *fmt = NULL;
	if (a.format && (fmt = formats_find(a.format)) == NULL) {
		vec_free(&a.base);
		cli_usage_error(&cmd_diff, "--format wants samply, dhat or cpuprof, not '%s'", a.format);
		return PF_EXIT_USAGE;
	}
	if (a.base.len == 0) {
		base.paths = argv + first;
		base.count = 1;
		new_side.paths = argv + first + 1;
		new_side.count = 1;
	} else {
		base.paths = a.base.items;
		base.count = a.base.len;
		new_side.paths = argv + first;
		new_side.count = (size_t)npos;
	}
	int rc = PF_EXIT_FAIL;
	if (load_side(&c, fmt, &base) == 0 && load_side(&c, fmt, &new_side) == 0) {
		struct report r;
		report_init(&r);
		rc = diff_run(&c, &base, &new_side, a.metric, a.median, &r);
		if (rc == PF_EXIT_OK)
			rc = cli_emit(&c, &r);
		report_release(&r);
	}
	release_side(&base);
	release_side(&new_side);
	vec_free(&a.base);
	return rc;
}
