/* samply.c: `profan samply PROFILE`: the six native-profiling views of a samply profile.
 *
 * Reads the options, loads the profile (with its .syms.json sidecar when one
 * sits beside it), picks the weighting and sample filter, and builds the
 * report from views.h and native.h. Everything here is wiring. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profan/cli.h"
#include "profan/pipeline.h"
#include "profan/load.h"
#include "profan/native.h"
#include "profan/samply.h"
#include "profan/source.h"
#include "profan/symbolize.h"
#include "profan/views.h"

enum {
	OPT_BINARY = 0x100,
	OPT_THREAD,
	OPT_PID,
	OPT_UNDER,
	OPT_THREADS,
	OPT_METRIC,
	OPT_ALLOC_ENTRY,
	OPT_ALLOC_PLUMBING,
	OPT_NO_SIDECAR,
	OPT_SYMBOL_PATH,
	OPT_KALLSYMS,
	OPT_NO_INLINE,
	OPT_NO_SYMBOLS,
};

static const struct cli_opt opts[] = {
	{"binary", required_argument, OPT_BINARY, "NAME",
	 "your program's binary (default: meta.product, else the busiest process)"},
	{"thread", required_argument, OPT_THREAD, "RE", "only threads whose name matches RE"},
	{"pid", required_argument, OPT_PID, "P", "only process P (\"1234\" or samply's \"1234.1\")"},
	{"under", required_argument, OPT_UNDER, "RE",
	 "only samples with a function matching RE on the stack"},
	{"threads", no_argument, OPT_THREADS, NULL, "add a per-thread summary (samples, CPU)"},
	{"metric", required_argument, OPT_METRIC, "M", "weight by cpu (default), samples or weight"},
	{"alloc-entry", required_argument, OPT_ALLOC_ENTRY, "RE",
	 "allocator entry points (replaces default)"},
	{"alloc-plumbing", required_argument, OPT_ALLOC_PLUMBING, "RE",
	 "container plumbing skipped above them (replaces default)"},
	{"no-sidecar", no_argument, OPT_NO_SIDECAR, NULL, "ignore a .syms.json file beside the profile"},
	{"symbol-path", required_argument, OPT_SYMBOL_PATH, "DIR",
	 "also look for binaries and debug files in DIR (repeatable; also $PROFAN_SYMBOL_PATH)"},
	{"kallsyms", required_argument, OPT_KALLSYMS, "FILE", "name kernel frames from a copy of /proc/kallsyms"},
	{"no-inline", no_argument, OPT_NO_INLINE, NULL, "charge inlined code to the function it was inlined into"},
	{"no-symbols", no_argument, OPT_NO_SYMBOLS, NULL, "read no symbol files: native frames stay LIB+0xADDR"},
	{NULL, 0, 0, NULL, NULL},
};

struct args {
	struct samply_opts load;
	const char *thread_re, *pid, *under_re, *metric;
	const char *alloc_entry, *alloc_plumbing;
	bool threads, no_sidecar, no_symbols;
	VEC(const char *) symbol_paths;
	struct symbolize_opts sym;
	struct regex *thread_match;
};

static int handle(int val, const char *arg, void *ctx)
{
	struct args *a = ctx;
	switch (val) {
	case OPT_BINARY: a->load.binary = arg; break;
	case OPT_THREAD: a->thread_re = arg; break;
	case OPT_PID: a->pid = arg; break;
	case OPT_UNDER: a->under_re = arg; break;
	case OPT_THREADS: a->threads = true; break;
	case OPT_METRIC: a->metric = arg; break;
	case OPT_ALLOC_ENTRY: a->alloc_entry = arg; break;
	case OPT_ALLOC_PLUMBING: a->alloc_plumbing = arg; break;
	case OPT_NO_SIDECAR: a->no_sidecar = true; break;
	case OPT_SYMBOL_PATH:
		/* a typo here would silently leave every frame unsymbolicated */
		if (access(arg, R_OK | X_OK) != 0)
			pf_warn("--symbol-path %s: %s", arg, strerror(errno));
		vec_push(&a->symbol_paths, arg);
		break;
	case OPT_KALLSYMS: a->sym.kallsyms = arg; break;
	case OPT_NO_INLINE: a->sym.no_inline = true; break;
	case OPT_NO_SYMBOLS: a->no_symbols = true; break;
	default: return -1;
	}
	return 0;
}

/* --pid P matches samply's unique pid text ("1234.1") or the OS pid before the dot. */
static bool pid_matches(const char *want, const char *pid)
{
	if (strcmp(want, pid) == 0)
		return true;
	return strchr(want, '.') == NULL && strncmp(want, pid, strlen(want)) == 0 && pid[strlen(want)] == '.';
}

static bool select_thread(void *ctx, const struct samply_thread_desc *t)
{
	const struct args *a = ctx;
	if (a->pid != NULL && !pid_matches(a->pid, t->pid))
		return false;
	return a->thread_match == NULL ||
	       regex_match(a->thread_match, t->name, strlen(t->name), NULL, 0) == 1;
}

static const char *metric_header(size_t m)
{
	return m == SAMPLY_METRIC_CPU ? "CPU" : m == SAMPLY_METRIC_SAMPLES ? "Samples" : "Weight";
}

/* The same, inside a sentence. */
static const char *metric_noun(size_t m)
{
	return m == SAMPLY_METRIC_CPU ? "CPU" : m == SAMPLY_METRIC_SAMPLES ? "samples" : "weight";
}

struct names {
	const struct profile *p;
	const char *none;   /* name of the extra key past the last function or library */
	const bool *owned;  /* per function key: the user's binary (rows shown highlighted), or NULL */
};

static const char *func_or_none(const void *ctx, uint32_t key, const char **detail)
{
	const struct names *n = ctx;
	if (key >= n->p->funcs.len) {
		*detail = NULL;
		return n->none;
	}
	return report_func_name(n->p, key, detail);
}

static const char *lib_or_none(const void *ctx, uint32_t key, const char **detail)
{
	const struct names *n = ctx;
	if (key >= n->p->libs.len) {
		*detail = NULL;
		return n->none;
	}
	return report_lib_name(n->p, key, detail);
}

/* One table from view rows: value column = the weighting, percent of TOTAL. */
static struct report_table *add_view(struct report *r, const struct cli_common *c, const char *id,
				     const char *title, const char *key_header, size_t metric,
				     const struct profile *p, int64_t total, const struct pf_rows *rows,
				     report_name_fn name_of, const void *ctx)
{
	struct report_table *t = report_add_table(r, id, title, key_header);
	report_table_col(t, metric_header(metric), p->metrics[metric].unit, total);
	report_table_from_rows(r, t, rows, name_of, ctx);
	const bool *owned = name_of == func_or_none ? ((const struct names *)ctx)->owned : NULL;
	for (size_t i = 0; owned && i < rows->len; i++) /* rows are still in view order here */
		if (owned[rows->items[i].key])
			t->rows.items[i].flags |= REPORT_ROW_OWNED;
	report_table_finish(t, c->top);
	return t;
}

static void keep_owned_rows(struct pf_rows *rows, const bool *owned)
{
	size_t k = 0;
	for (size_t i = 0; i < rows->len; i++)
		if (owned[rows->items[i].key])
			rows->items[k++] = rows->items[i];
	rows->len = k;
}

/* Per-thread totals; per-CPU pseudo-threads repeat other threads' samples, so they are left out. */
static void thread_table(struct report *r, const struct cli_common *c, const struct profile *p, size_t metric)
{
	size_t nt = p->threads.len, hidden = 0;
	int64_t *val = xcalloc(nt + 1, sizeof(*val)), *cnt = xcalloc(nt + 1, sizeof(*cnt));
	int64_t total = 0;
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t t = p->sample_thread[i];
		val[t] += p->sample_values[metric][i];
		cnt[t]++;
		if (!p->threads.items[t].excluded)
			total += p->sample_values[metric][i];
	}
	struct report_table *tab = report_add_table(r, "threads", "Threads", "Thread");
	report_table_col(tab, metric_header(metric), p->metrics[metric].unit, total);
	report_table_col(tab, "Samples", PF_UNIT_COUNT, 0);
	for (size_t t = 0; t < nt; t++) {
		const struct pf_thread *th = &p->threads.items[t];
		if (th->excluded) {
			hidden++;
			continue;
		}
		const char *detail =
			report_printf(r, "pid %s tid %s", profile_str(p, th->pid), profile_str(p, th->tid));
		struct report_row *row = report_table_row(r, tab, profile_str(p, th->name), detail);
		row->values[0] = val[t];
		row->values[1] = cnt[t];
	}
	if (hidden)
		tab->note = report_printf(
			r, "  %zu per-CPU pseudo-thread%s not shown: %s the threads' samples", hidden,
			hidden == 1 ? "" : "s", hidden == 1 ? "it repeats" : "they repeat");
	report_table_finish(tab, c->top);
	free(val);
	free(cnt);
}

struct ctx {
	struct args a;
	struct cli_common common;
	const char *path;
	struct json_doc *syms;
	struct profile p;
	bool loaded;
	struct regex *under, *entry, *plumbing;
	bool *keep, *owned, *is_entry, *is_plumbing, *under_funcs;
	uint32_t *func_keys, *lib_keys;
	struct pf_weights w;
	struct pf_rows rows;
	struct report rep;
};

static void ctx_release(struct ctx *x)
{
	if (x->loaded)
		profile_release(&x->p);
	if (x->syms)
		json_doc_free(x->syms);
	vec_free(&x->a.symbol_paths);
	regex_free(x->a.thread_match);
	regex_free(x->under);
	regex_free(x->entry);
	regex_free(x->plumbing);
	free(x->keep);
	free(x->owned);
	free(x->is_entry);
	free(x->is_plumbing);
	free(x->under_funcs);
	free(x->func_keys);
	free(x->lib_keys);
	weights_release(&x->w);
	rows_release(&x->rows);
	report_release(&x->rep);
}

/* Compiles one option's pattern; a bad one is a usage error naming the option. */
static int compile_one(const char *option, const char *pattern, struct regex **out)
{
	char err[512];
	if (pattern == NULL)
		return 0;
	*out = regex_compile(pattern, err, sizeof(err));
	if (*out == NULL) {
		cli_usage_error(&cmd_samply, "%s: %s", option, err);
		return -1;
	}
	return 0;
}

static int compile_patterns(struct ctx *x)
{
	struct args *a = &x->a;
	if (compile_one("--thread", a->thread_re, &a->thread_match) < 0 ||
	    compile_one("--under", a->under_re, &x->under) < 0 ||
	    compile_one("--alloc-entry", a->alloc_entry ? a->alloc_entry : NATIVE_ALLOC_ENTRY_DEFAULT, &x->entry) < 0)
		return -1;
	return compile_one("--alloc-plumbing", a->alloc_plumbing ? a->alloc_plumbing : NATIVE_ALLOC_PLUMBING_DEFAULT,
			   &x->plumbing);
}

static int load(struct ctx *x)
{
	if (!x->a.no_sidecar && strcmp(x->path, "-") != 0) {
		char *side = samply_sidecar_path(x->path);
		if (access(side, R_OK) == 0) {
			struct source *src = source_open_file(side);
			x->syms = src ? json_parse(src, NULL) : NULL;
			if (src)
				source_close(src);
			if (x->syms == NULL) {
				free(side);
				return -1;
			}
		}
		free(side);
	}
	x->a.load.syms = x->syms;
	x->a.load.select_thread = (x->a.thread_match || x->a.pid) ? select_thread : NULL;
	x->a.load.select_ctx = &x->a;
	if (load_file(x->path, NULL, samply_load, &x->a.load, &x->p) != 0)
		return -1;
	x->loaded = true;
	x->a.sym.symbol_paths = x->a.symbol_paths.items;
	x->a.sym.symbol_path_count = x->a.symbol_paths.len;
	if (!x->a.no_symbols && symbolize_profile(&x->p, &x->a.sym, NULL) != 0)
		return -1;
	if (x->p.threads.len == 0 && (x->a.thread_match || x->a.pid)) {
		pf_error("%s: no thread with samples matches the --thread/--pid selection", x->path);
		return -1;
	}
	return 0;
}

static void build(struct ctx *x, size_t metric)
{
	struct profile *p = &x->p;
	struct report *r = &x->rep;
	const struct cli_common *c = &x->common;
	uint32_t main_lib = samply_main_lib(p);
	const char *bin = main_lib == PF_NONE ? "binary" : profile_str(p, p->libs.items[main_lib].name);

	report_header(r, "Input", "%s", x->path);
	report_header(r, "Format", "samply, %s", p->format_detail);
	symbolize_add_header(p, metric); /* nothing when --no-symbols */
	report_header_from_profile(r, p);
	if (x->syms)
		report_header(r, "Symbols", "names from %s", json_doc_origin(x->syms));
	if (x->under) {
		bool *m = x->under_funcs = native_funcs_matching(p, x->under);
		x->keep = native_samples_under(p, m);
	}
	weights_compute(&x->w, p, metric, x->keep);
	char tot[64];
	report_format_value(tot, sizeof(tot), x->w.total, p->metrics[metric].unit);
	report_header(r, "Weighted by", "%s", p->metrics[metric].label);
	report_header(r, "Total", "%s in %zu samples%s", tot, x->w.sample_count,
		      x->under ? report_printf(r, " under /%s/", x->a.under_re) : "");

	size_t nfunc, nlib;
	x->func_keys = keys_by_func(p, &nfunc);
	x->lib_keys = keys_by_lib(p, &nlib);
	x->owned = native_owned_funcs(p);
	struct names libs = {p, "(no library)", NULL}, funcs = {p, "(none)", x->owned};
	int64_t total = x->w.total;
	const char *mh = metric_header(metric), *mn = metric_noun(metric);

	view_self(p, &x->w, x->lib_keys, nlib, &x->rows);
	add_view(r, c, "cpu_by_library", report_printf(r, "%s by library (self)", mh), "Library", metric, p,
		 total, &x->rows, lib_or_none, &libs);
	rows_release(&x->rows);

	view_self(p, &x->w, x->func_keys, nfunc, &x->rows);
	add_view(r, c, "top_self", "Top self, all code", "Function", metric, p, total, &x->rows, func_or_none,
		 &funcs);
	keep_owned_rows(&x->rows, x->owned);
	add_view(r, c, "top_self_binary", report_printf(r, "Top self, %s only", bin), "Function", metric, p,
		 total, &x->rows, func_or_none, &funcs);
	rows_release(&x->rows);

	view_inclusive(p, &x->w, x->func_keys, nfunc, &x->rows);
	keep_owned_rows(&x->rows, x->owned);
	add_view(r, c, "top_inclusive_binary", report_printf(r, "Top inclusive, %s only", bin), "Function",
		 metric, p, total, &x->rows, func_or_none, &funcs);
	rows_release(&x->rows);

	view_nearest_owned(p, &x->w, x->func_keys, nfunc, x->owned, &x->rows);
	struct names near = {p, report_printf(r, "(no %s frame on the stack)", bin), x->owned};
	struct report_table *t =
		add_view(r, c, "nearest_binary_caller",
			 report_printf(r, "Library and kernel %s credited to the nearest %s caller", mn, bin),
			 "Caller", metric, p, total, &x->rows, func_or_none, &near);
	report_format_value(tot, sizeof(tot), rows_sum(&x->rows), p->metrics[metric].unit);
	t->note = report_printf(r, "  samples whose leaf is outside %s: %s in all", bin, tot);
	rows_release(&x->rows);

	x->is_entry = native_funcs_matching(p, x->entry);
	x->is_plumbing = native_funcs_matching(p, x->plumbing);
	int64_t alloc = view_alloc_callers(p, &x->w, x->is_entry, x->is_plumbing, &x->rows);
	struct names req = {p, "(no caller outside allocator and plumbing)", x->owned};
	add_view(r, c, "alloc_callers",
		 report_printf(r, "Allocation %s by requesting caller: %.2f%% of all %s", mn,
			       total ? 100.0 * (double)alloc / (double)total : 0.0, mn),
		 "Caller", metric, p, total, &x->rows, func_or_none, &req);
	rows_release(&x->rows);

	if (x->a.threads)
		thread_table(r, c, p, metric);
}

static int run(int argc, char **argv)
{
	struct ctx x = {0};
	report_init(&x.rep);
	int first, rc = PF_EXIT_FAIL;
	switch (cli_parse(&cmd_samply, argc, argv, &x.common, handle, &x.a, &first)) {
	case CLI_DONE: rc = PF_EXIT_OK; goto out;
	case CLI_USAGE: rc = PF_EXIT_USAGE; goto out;
	case CLI_OK: break;
	}
	if (argc == first) {
		cli_usage_error(&cmd_samply, "which profile? give one PROFILE");
		rc = PF_EXIT_USAGE;
		goto out;
	}
	size_t metric = SAMPLY_METRIC_CPU;
	if (x.a.metric != NULL) {
		const char *names[] = {"cpu", "samples", "weight"};
		for (metric = 0; metric < ARRAY_SIZE(names) && strcmp(names[metric], x.a.metric) != 0;
		     metric++)
			;
		if (metric == ARRAY_SIZE(names)) {
			cli_usage_error(&cmd_samply, "--metric wants cpu, samples or weight, not '%s'",
					x.a.metric);
			rc = PF_EXIT_USAGE;
			goto out;
		}
	}
	if (compile_patterns(&x) != 0) {
		rc = PF_EXIT_USAGE;
		goto out;
	}
	x.path = argv[first];
	if (load(&x) != 0)
		goto out;
	for (int i = first + 1; i < argc; i++) { /* more runs of the same program: merged */
		struct ctx more = {.a = x.a, .path = argv[i]};
		bool bad = load(&more) != 0 || profile_merge(&x.p, &more.p, more.path) != 0;
		if (more.loaded)
			profile_release(&more.p);
		if (more.syms)
			json_doc_free(more.syms);
		if (bad)
			goto out;
	}
	pipeline_note_inputs(&x.p, argv + first, (size_t)(argc - first));
	if (pipeline_prepare(&x.common, &x.p) != 0)
		goto out;
	if (metric == SAMPLY_METRIC_WEIGHT)
		metric = samply_weight_metric(&x.p);
	build(&x, metric);
	rc = pipeline_finish_selected(&x.common, &x.p, metric, x.keep, &x.rep);
	if (rc == PF_EXIT_OK)
		rc = cli_emit(&x.common, &x.rep);
out:
	ctx_release(&x);
	return rc;
}

const struct cli_command cmd_samply = {
	.name = "samply",
	.summary = "samply --save-only profiles (Firefox Profiler processed JSON, .json or .json.gz)",
	.usage = "samply [options] PROFILE...",
	.description =
		"Six views of where CPU went, weighted by real CPU time (threadCPUDelta): by library,\n"
		"top self (all code, then your binary only), top inclusive in your binary (recursion\n"
		"counted once), library and kernel time credited to the nearest caller in your binary,\n"
		"and allocation cost credited to the code that asked for memory. Reads layouts v41-v66,\n"
		"gzipped or not; frames print as LIB+0xADDR until symbolicated.",
	.examples = "  profan samply prof.json.gz --top 60\n"
		    "  profan samply prof.json --binary wado-lsp --threads\n"
		    "  profan samply prof.json --thread '^rayon' --under 'parse_'\n",
	.opts = opts,
	.run = run,
};
