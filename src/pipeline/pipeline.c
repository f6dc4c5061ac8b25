/* pipeline.c: the analysis options every subcommand shares, and the two calls
 * a subcommand makes: pipeline_prepare() (transforms, before the views) and
 * pipeline_finish() (trees, per-file shares and exports, after them). */
#include "profan/pipeline.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/cli.h"
#include "profan/report.h"
#include "pipeline_int.h"
#include "profan/regex.h"

enum {
	OPT_FOCUS = PIPELINE_OPT_FIRST,
	OPT_IGNORE,
	OPT_HIDE,
	OPT_ROOT_AT,
	OPT_COLLAPSE_RECURSION,
	OPT_BY,
	OPT_TREE,
	OPT_INVERTED,
	OPT_TREE_THRESHOLD,
	OPT_CALLERS,
	OPT_CALLEES,
	OPT_PER_FILE,
	OPT_FOLDED,
	OPT_PPROF,
	OPT_FLAMEGRAPH,
};

static const struct cli_opt pipeline_cli_opts[] = {
	{"focus", required_argument, OPT_FOCUS, "RE",
	 "keep only samples with a function matching RE on the stack"},
	{"ignore", required_argument, OPT_IGNORE, "RE",
	 "drop samples with a function matching RE on the stack"},
	{"hide", required_argument, OPT_HIDE, "RE",
	 "take functions matching RE out of stacks (time goes to callers)"},
	{"root-at", required_argument, OPT_ROOT_AT, "RE",
	 "start stacks at the outermost function matching RE"},
	{"collapse-recursion", no_argument, OPT_COLLAPSE_RECURSION, NULL,
	 "fold direct recursion f > f > f into f"},
	{"by", required_argument, OPT_BY, "G", "group by function (default), file, line or lib"},
	{"tree", no_argument, OPT_TREE, NULL, "add the top-down call tree"},
	{"inverted", no_argument, OPT_INVERTED, NULL,
	 "add the bottom-up tree: hot functions and their callers"},
	{"tree-threshold", required_argument, OPT_TREE_THRESHOLD, "PCT",
	 "fold tree lines under PCT% (default 0.5)"},
	{"callers", required_argument, OPT_CALLERS, "FN", "who calls the functions matching FN (a regex)"},
	{"callees", required_argument, OPT_CALLEES, "FN", "what the functions matching FN call"},
	{"per-file", no_argument, OPT_PER_FILE, NULL, "with several inputs: shares per file, min/median/max"},
	{"folded", required_argument, OPT_FOLDED, "FILE", "write collapsed stacks (flamegraph.pl, inferno)"},
	{"pprof", required_argument, OPT_PPROF, "FILE", "write gzipped profile.proto for go tool pprof"},
	{"flamegraph", required_argument, OPT_FLAMEGRAPH, "FILE", "write an interactive SVG flame graph"},
	{NULL, 0, 0, NULL, NULL},
};

const struct cli_opt *pipeline_cli_options(void)
{
	return pipeline_cli_opts;
}

static const char *const step_names[] = {
	[PIPELINE_FOCUS] = "focus",
	[PIPELINE_IGNORE] = "ignore",
	[PIPELINE_HIDE] = "hide",
	[PIPELINE_ROOT_AT] = "root-at",
	[PIPELINE_COLLAPSE_RECURSION] = "collapse-recursion",
	[PIPELINE_BY] = "by",
};
static const char *const by_names[] = {
	[PIPELINE_BY_FUNCTION] = "function",
	[PIPELINE_BY_FILE] = "file",
	[PIPELINE_BY_LINE] = "line",
	[PIPELINE_BY_LIB] = "lib",
};

void pipeline_opts_init(struct pipeline_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->tree_threshold = 0.5;
}

static int add_step(struct pipeline_opts *o, const struct cli_command *cmd, struct pipeline_step st)
{
	if (o->step_count == PIPELINE_MAX_STEPS) {
		cli_usage_error(cmd, "more than %d filters", PIPELINE_MAX_STEPS);
		return -1;
	}
	o->steps[o->step_count++] = st;
	return 0;
}

static int check_regex(const struct cli_command *cmd, const char *opt, const char *arg)
{
	char err[300];
	struct regex *re = regex_compile(arg, err, sizeof(err));
	if (re == NULL) {
		cli_usage_error(cmd, "--%s: %s", opt, err);
		return -1;
	}
	regex_free(re);
	return 0;
}

int pipeline_parse_opt(struct pipeline_opts *o, const struct cli_command *cmd, int val, const char *arg)
{
	switch (val) {
	case OPT_FOCUS:
	case OPT_IGNORE:
	case OPT_HIDE:
	case OPT_ROOT_AT: {
		enum pipeline_step_kind k = val == OPT_FOCUS    ? PIPELINE_FOCUS
					    : val == OPT_IGNORE ? PIPELINE_IGNORE
					    : val == OPT_HIDE   ? PIPELINE_HIDE
								: PIPELINE_ROOT_AT;
		if (check_regex(cmd, step_names[k], arg) < 0)
			return -1;
		return add_step(o, cmd, (struct pipeline_step){.kind = k, .pattern = arg});
	}
	case OPT_COLLAPSE_RECURSION:
		return add_step(o, cmd, (struct pipeline_step){.kind = PIPELINE_COLLAPSE_RECURSION});
	case OPT_BY:
		for (size_t b = 0; b < ARRAY_SIZE(by_names); b++)
			if (strcmp(arg, by_names[b]) == 0)
				return add_step(o, cmd, (struct pipeline_step){.kind = PIPELINE_BY, .by = b});
		cli_usage_error(cmd, "--by wants function, file, line or lib, not '%s'", arg);
		return -1;
	case OPT_TREE: o->tree = true; return 0;
	case OPT_INVERTED: o->inverted = true; return 0;
	case OPT_TREE_THRESHOLD: {
		char *end;
		errno = 0;
		double v = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || errno || !(v >= 0 && v <= 100)) {
			cli_usage_error(cmd, "--tree-threshold wants a percentage from 0 to 100, not '%s'",
					arg);
			return -1;
		}
		o->tree_threshold = v;
		return 0;
	}
	case OPT_CALLERS:
	case OPT_CALLEES:
		if (check_regex(cmd, val == OPT_CALLERS ? "callers" : "callees", arg) < 0)
			return -1;
		*(val == OPT_CALLERS ? &o->callers : &o->callees) = arg;
		return 0;
	case OPT_PER_FILE: o->per_file = true; return 0;
	case OPT_FOLDED: o->folded = arg; return 0;
	case OPT_PPROF: o->pprof = arg; return 0;
	case OPT_FLAMEGRAPH: o->flamegraph = arg; return 0;
	default: break;
	}
	cli_usage_error(cmd, "internal error: unknown pipeline option %d", val);
	return -1;
}

/* Weight of METRIC over counted samples (excluded threads left out, as in the views). */
static int64_t counted_total(const struct profile *p, size_t metric)
{
	int64_t t = 0;
	if (metric >= p->metric_count)
		return 0;
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t th = p->sample_thread[i];
		if (th == PF_NONE || !p->threads.items[th].excluded)
			t += p->sample_values[metric][i];
	}
	return t;
}

int pipeline_prepare(const struct cli_common *c, struct profile *p)
{
	const struct pipeline_opts *o = &c->pipeline;
	if (o->step_count == 0)
		return 0;
	size_t metric = p->default_metric;
	int64_t before = counted_total(p, metric);
	bool drops = false;
	const char *desc = ""; /* "focus=RE, hide=RE, by=file": at most PIPELINE_MAX_STEPS parts */
	for (size_t i = 0; i < o->step_count; i++) {
		const struct pipeline_step *st = &o->steps[i];
		size_t matched;
		if (transform_step(p, st, &matched) < 0)
			return -1;
		if (st->kind == PIPELINE_BY)
			desc = profile_printf(p, "%s%sby=%s", desc, *desc ? ", " : "", by_names[st->by]);
		else if (st->pattern)
			desc = profile_printf(p, "%s%s%s=%s", desc, *desc ? ", " : "", step_names[st->kind],
					      st->pattern);
		else
			desc = profile_printf(p, "%s%s%s", desc, *desc ? ", " : "", step_names[st->kind]);
		if (st->pattern && matched == 0)
			profile_warn(p, "--%s '%s' matches no function", step_names[st->kind], st->pattern);
		drops |= st->kind == PIPELINE_FOCUS || st->kind == PIPELINE_IGNORE ||
			 st->kind == PIPELINE_ROOT_AT;
	}
	if (drops && metric < p->metric_count) {
		int64_t after = counted_total(p, metric);
		char a[48], b[48];
		report_format_value(a, sizeof(a), after, p->metrics[metric].unit);
		report_format_value(b, sizeof(b), before, p->metrics[metric].unit);
		desc = profile_printf(p, "%s (kept %s of %s, %.2f%%)", desc, a, b,
				      before ? 100.0 * (double)after / (double)before : 0.0);
	}
	profile_add_info(p, "Filters", desc);
	const char *bad = profile_check(p);
	if (bad != NULL) { /* a bug in a transform, not in the input: say so loudly */
		pf_error("internal error after filters: %s", bad);
		return -1;
	}
	return 0;
}

static bool *match_or_warn(struct report *r, const struct profile *p, const char *opt, const char *re_text)
{
	char err[300];
	struct regex *re = regex_compile(re_text, err, sizeof(err));
	if (re == NULL) {
		report_warning(r, "--%s: %s", opt, err);
		return NULL;
	}
	size_t n = 0;
	bool *m = pl_match_funcs(p, re, &n);
	regex_free(re);
	if (m == NULL) {
		report_warning(r, "--%s '%s' could not be matched", opt, re_text);
		return NULL;
	}
	if (n == 0) {
		report_warning(r, "--%s '%s' matches no function", opt, re_text);
		free(m);
		return NULL;
	}
	return m;
}

static void add_trees(const struct pipeline_opts *o, const struct profile *p, const struct pf_weights *w,
		      struct report *r)
{
	const struct pf_metric *m = &p->metrics[w->metric];
	/* the renderer folds nodes under the threshold; their callers need not be built */
	int64_t total = w->total < 0 ? -w->total : w->total;
	int64_t min_total = (int64_t)((double)total * o->tree_threshold / 100.0);
	if (o->tree) {
		struct calltree t;
		calltree_init(&t, false);
		calltree_add_topdown(&t, p, w, 0, NULL);
		calltree_finish(&t);
		tree_render(r, &t, "tree", report_printf(r, "Call tree, top-down (%s)", m->label), m, true,
			    w->total, o->tree_threshold);
		calltree_release(&t);
	}
	if (o->inverted) {
		struct calltree t;
		calltree_init(&t, true);
		calltree_add_inverted(&t, p, w, 0, NULL, min_total);
		calltree_finish(&t);
		tree_render(r, &t, "tree_inverted",
			    report_printf(r, "Call tree, bottom-up (%s): leaf functions, then their callers",
					  m->label),
			    m, false, w->total, o->tree_threshold);
		calltree_release(&t);
	}
	if (o->callers) {
		bool *targets = match_or_warn(r, p, "callers", o->callers);
		if (targets) {
			struct calltree t;
			calltree_init(&t, true);
			calltree_add_inverted(&t, p, w, 0, targets, min_total);
			calltree_finish(&t);
			tree_render(r, &t, "callers",
				    report_printf(r, "Callers of /%s/ (%s)", o->callers, m->label), m, true,
				    w->total, o->tree_threshold);
			r->tables.items[r->tables.len - 1]->note = "Total: through this call path; Self: the "
								   "function's own time reached through it.";
			calltree_release(&t);
			free(targets);
		}
	}
	if (o->callees) {
		bool *roots = match_or_warn(r, p, "callees", o->callees);
		if (roots) {
			struct calltree t;
			calltree_init(&t, false);
			calltree_add_topdown(&t, p, w, 0, roots);
			calltree_finish(&t);
			tree_render(r, &t, "callees",
				    report_printf(r, "Callees of /%s/ (%s)", o->callees, m->label), m, true,
				    w->total, o->tree_threshold);
			calltree_release(&t);
			free(roots);
		}
	}
}

int pipeline_finish(const struct cli_common *c, const struct profile *p, size_t metric, struct report *r)
{
	return pipeline_finish_selected(c, p, metric, NULL, r);
}

int pipeline_finish_selected(const struct cli_common *c, const struct profile *p, size_t metric,
			     const bool *keep, struct report *r)
{
	const struct pipeline_opts *o = &c->pipeline;
	if (metric >= p->metric_count)
		return PF_EXIT_OK;
	/* the filters and inputs belong in the header even if the subcommand wrote its own */
	for (size_t i = 0; i < p->info.len; i++) {
		const char *key = p->info.items[i].key;
		bool shown = false;
		for (size_t h = 0; h < r->header.len && !shown; h++)
			shown = strcmp(r->header.items[h].key, key) == 0;
		if (!shown && (strcmp(key, "Filters") == 0 || strcmp(key, "Inputs") == 0))
			report_header(r, key, "%s", p->info.items[i].value);
	}
	bool want_tree = o->tree || o->inverted || o->callers || o->callees;
	struct pf_weights w;
	weights_compute(&w, p, metric, keep);
	if (want_tree)
		add_trees(o, p, &w, r);
	if (o->per_file) {
		if (profile_run_count(p) > 1)
			perfile_tables(r, p, metric, keep, c->top);
		else
			report_warning(r, "--per-file compares several input files; there is only one");
	}
	int rc = PF_EXIT_OK;
	if (o->folded || o->flamegraph) {
		struct calltree t;
		calltree_init(&t, false);
		calltree_add_topdown(&t, p, &w, 0, NULL);
		calltree_finish(&t);
		if (o->folded) {
			if (export_folded(o->folded, &t, false) < 0)
				rc = PF_EXIT_FAIL;
			else
				report_header(r, "Folded stacks", "%s (%s)", o->folded,
					      p->metrics[metric].name);
		}
		if (rc == PF_EXIT_OK && o->flamegraph) {
			const char *filters = NULL;
			for (size_t i = 0; i < p->info.len; i++)
				if (strcmp(p->info.items[i].key, "Filters") == 0)
					filters = p->info.items[i].value;
			struct flamegraph_opts fo = {
				.title = report_printf(r, "%s: %s", p->format ? p->format : "profile",
						       p->metrics[metric].label),
				.subtitle = filters ? report_printf(r, "Filters: %s", filters) : NULL,
				.unit = p->metrics[metric].unit,
			};
			if (export_flamegraph(o->flamegraph, &t, &fo) < 0)
				rc = PF_EXIT_FAIL;
			else
				report_header(r, "Flame graph", "%s", o->flamegraph);
		}
		calltree_release(&t);
	}
	if (rc == PF_EXIT_OK && o->pprof) {
		if (export_pprof(o->pprof, p, metric, keep) < 0)
			rc = PF_EXIT_FAIL;
		else
			report_header(r, "pprof", "%s", o->pprof);
	}
	weights_release(&w);
	return rc;
}
