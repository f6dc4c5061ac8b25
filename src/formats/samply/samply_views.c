/* samply_views.c: the six views of a native profile recorded by samply:
 * CPU by library, top self (all code, then the user's binary), top inclusive
 * in the binary, library and kernel time credited to the nearest caller in the
 * binary, and allocation cost credited to the code that asked for memory;
 * plus the symbol files' header lines and the per-thread table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/analysis.h"
#include "profan/match.h"
#include "native.h"
#include "samply.h"
#include "profan/views.h"
#include "profan/yours.h"

/* The last two are in the profiles of recordings with context-switch records only (their
 * loaders add them after the first three): choose_metric() refuses them elsewhere. */
static const char *const metric_names[] = {"cpu", "samples", "weight", "oncpu", "offcpu", NULL};

const char *const *samply_metric_names(void)
{
	return metric_names;
}

static const char *metric_header(size_t m)
{
	static const char *const h[] = {"CPU", "Samples", "Weight", "On-CPU", "Off-CPU"};
	return h[m];
}

/* The same, inside a sentence. */
static const char *metric_noun(size_t m)
{
	static const char *const h[] = {"CPU", "samples", "weight", "on-CPU time", "off-CPU time"};
	return h[m];
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
static struct report_table *add_view(struct report *r, const char *id,
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
	report_table_finish(t);
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
static void thread_table(struct report *r, const struct profile *p, size_t metric)
{
	size_t nt = p->threads.len, hidden = 0;
	int64_t *val = xcalloc(nt + 1, sizeof(*val)), *cnt = xcalloc(nt + 1, sizeof(*cnt));
	int64_t total = 0;
	size_t cm = profile_count_metric(p);
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t t = p->sample_thread[i];
		val[t] += p->sample_values[metric][i];
		cnt[t] += cm == SIZE_MAX ? 1 : p->sample_values[cm][i];
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
	report_table_finish(tab);
	free(val);
	free(cnt);
}

/* ---- symbol files ---- */

struct lib_share {
	uint32_t lib;
	int64_t self;
};

static int share_cmp(const void *a, const void *b)
{
	const struct lib_share *x = a, *y = b;
	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	return x->lib < y->lib ? -1 : x->lib > y->lib;
}

static const char *state_key(enum pf_symstate s)
{
	switch (s) {
	case PF_SYM_FOUND: return "Symbols found";
	case PF_SYM_MISSING: return "Symbols missing";
	case PF_SYM_MISMATCH: return "Symbols mismatched";
	case PF_SYM_SKIPPED: return "Symbols not on disk";
	case PF_SYM_NOT_ELF: return "Not ELF";
	case PF_SYM_NONE: break;
	}
	return "Symbols";
}

/* "Symbol files: 5 libraries: 3 found, 1 missing, 1 mismatched, 0 not on disk", then
 * one line per state: its libraries, largest self share of METRIC first, at most 8. */
static void symbol_header(struct report *r, const struct profile *p, size_t metric)
{
	struct pf_weights w;
	weights_compute(&w, p, metric, NULL);
	struct lib_share *sh = xcalloc(p->libs.len ? p->libs.len : 1, sizeof(*sh));
	for (size_t i = 0; i < p->libs.len; i++)
		sh[i].lib = (uint32_t)i;
	for (size_t s = 0; s < w.node_count; s++) {
		uint32_t lib = profile_stack_frame(p, (uint32_t)s)->lib;
		if (lib < p->libs.len)
			sh[lib].self += w.node[s];
	}
	qsort(sh, p->libs.len, sizeof(*sh), share_cmp);
	size_t count[PF_SYM_NOT_ELF + 1] = {0}, total = 0;
	for (size_t i = 0; i < p->libs.len; i++)
		if (p->libs.items[i].sym_state != PF_SYM_NONE) {
			count[p->libs.items[i].sym_state]++;
			total++;
		}
	if (total > 0) {
		char not_elf[48] = "";
		if (count[PF_SYM_NOT_ELF] > 0) /* macOS and Windows recordings */
			snprintf(not_elf, sizeof(not_elf), ", %zu not ELF", count[PF_SYM_NOT_ELF]);
		report_header(r, "Symbol files",
			      "%zu librar%s: %zu found, %zu missing, %zu mismatched, %zu not on disk%s", total,
			      total == 1 ? "y" : "ies", count[PF_SYM_FOUND], count[PF_SYM_MISSING],
			      count[PF_SYM_MISMATCH], count[PF_SYM_SKIPPED], not_elf);
		for (int st = PF_SYM_FOUND; st <= PF_SYM_NOT_ELF; st++) {
			char line[1024];
			size_t len = 0, shown = 0, rest = 0;
			line[0] = '\0';
			for (size_t i = 0; i < p->libs.len; i++) {
				const struct pf_lib *l = &p->libs.items[sh[i].lib];
				if ((int)l->sym_state != st)
					continue;
				const char *name = profile_lib_label(p, sh[i].lib);
				double pct = w.total > 0 ? 100.0 * (double)sh[i].self / (double)w.total : 0.0;
				int k = snprintf(line + len, sizeof(line) - len, "%s%s %.1f%%", shown ? ", " : "",
						 *name ? name : profile_str(p, l->path), pct);
				if (shown >= 8 || k < 0 || (size_t)k >= sizeof(line) - len - 16) {
					line[len] = '\0';
					rest++;
					continue;
				}
				len += (size_t)k;
				shown++;
			}
			if (shown == 0)
				continue;
			/* the share of the report's metric, not of the samples (a warning counts those):
			 * "of CPU time", its label without the parenthesis */
			const char *label = p->metrics[metric].label;
			const char *paren = strstr(label, " (");
			int label_len = paren ? (int)(paren - label) : (int)strlen(label);
			char more[32] = "";
			if (rest)
				snprintf(more, sizeof(more), ", +%zu more", rest);
			report_header(r, state_key((enum pf_symstate)st), "%s of %.*s%s", line, label_len, label, more);
		}
	}
	free(sh);
	weights_release(&w);
}

/* ---- the views ---- */

struct state {
	struct regex *entry, *plumbing;
	bool *owned, *is_entry, *is_plumbing;
	uint32_t *func_keys, *lib_keys, *your_keys;
	struct pf_weights w;
	struct pf_rows rows;
};

static void state_release(struct state *x)
{
	regex_free(x->entry);
	regex_free(x->plumbing);
	free(x->owned);
	free(x->is_entry);
	free(x->is_plumbing);
	free(x->func_keys);
	free(x->lib_keys);
	free(x->your_keys);
	weights_release(&x->w);
	rows_release(&x->rows);
}

static int compile(const char *option, const char *pattern, struct regex **out)
{
	char err[512];
	*out = regex_compile(pattern, err, sizeof(err));
	if (*out == NULL) {
		pf_error("%s: %s", option, err);
		return -1;
	}
	return 0;
}

/* The metric called NAME (NULL: cpu) in *M; the weight metric is the sample count when every
 * weight is 1. -1 after one line when the profile has no such metric (oncpu and offcpu need
 * context-switch records). */
static int choose_metric(const struct profile *p, const char *name, size_t *m)
{
	*m = SAMPLY_METRIC_CPU;
	if (name == NULL || strcmp(name, "cpu") == 0)
		return 0;
	if (strcmp(name, "weight") == 0) {
		*m = samply_weight_metric(p);
		return 0;
	}
	size_t i = profile_metric_index(p, name);
	size_t known = sizeof(metric_names) / sizeof(*metric_names) - 1;
	if (i == SIZE_MAX || i >= known || strcmp(metric_names[i], name) != 0) {
		pf_error("--metric %s: this profile has no %s metric (it needs context-switch records: record "
			 "with --switch-events)", name, name);
		return -1;
	}
	*m = i;
	return 0;
}

/* A ranked table of function rows with the ownership model's class, label and paths. */
static struct report_table *func_table(struct report *r, const struct view_input *in, const char *id,
				       const char *title, const char *key_header, size_t metric, int64_t total,
				       const struct pf_rows *rows, const char *none, const char *second)
{
	const struct profile *p = in->p;
	struct report_table *t = report_add_table(r, id, title, key_header);
	report_table_col(t, metric_header(metric), p->metrics[metric].unit, total);
	if (second) /* columns come before rows */
		report_table_col(t, second, p->metrics[metric].unit, total);
	for (size_t i = 0; i < rows->len; i++)
		yours_row(r, t, p, in->own, rows->items[i].key, in->o->own.full_paths, none)->values[0] =
			rows->items[i].value;
	return t;
}

static void keep_yours_rows(struct pf_rows *rows, const struct ownership *own)
{
	size_t k = 0;
	for (size_t i = 0; i < rows->len; i++)
		if (ownership_is_yours(own, rows->items[i].key))
			rows->items[k++] = rows->items[i];
	rows->len = k;
}

/* Top self of all code; a row of inlined code names the function it was inlined into. */
static void top_self_all(struct report *r, const struct view_input *in, struct state *x, size_t metric)
{
	const struct profile *p = in->p;
	size_t nfunc = p->funcs.len;
	view_self(p, &x->w, x->func_keys, nfunc, &x->rows);
	uint32_t *host, *hosts;
	yours_inlined_into(p, &x->w, &x->rows, &host, &hosts);
	struct report_table *t = func_table(r, in, "top_self", "Top self, all code", "Function", metric, x->w.total,
					    &x->rows, "(none)", NULL);
	for (size_t i = 0; i < x->rows.len; i++) {
		if (host[i] == PF_NONE)
			continue;
		const char *unused;
		const char *name = report_func_name(p, host[i], &unused);
		t->rows.items[i].context =
			hosts[i] > 1 ? report_printf(r, "inlined into %s and %u more", name, hosts[i] - 1)
				     : report_printf(r, "inlined into %s", name);
	}
	report_table_finish(t);
	free(host);
	free(hosts);
	rows_release(&x->rows);
}

/* The views of your code (docs/ownership.md). */
static void your_views(struct report *r, const struct view_input *in, struct state *x, size_t metric)
{
	const struct profile *p = in->p;
	const struct ownership *own = in->own;
	const char *mn = metric_noun(metric), *none = "(no frame of your code)";
	int64_t total = x->w.total;
	x->your_keys = yours_keys(p, own, x->is_plumbing);
	char tot[64];

	view_self(p, &x->w, x->your_keys, p->funcs.len + 1, &x->rows);
	struct report_table *t = func_table(r, in, "top_self_yours", "Top self, your code", "Function", metric,
					    total, &x->rows, none, NULL);
	t->note = "each sample to its innermost function of yours: what that function runs inlined or calls "
		  "outside your code counts for it";
	report_table_finish(t);
	rows_release(&x->rows);

	view_inclusive(p, &x->w, x->func_keys, p->funcs.len, &x->rows);
	keep_yours_rows(&x->rows, own);
	report_table_finish(func_table(r, in, "top_inclusive_yours", "Top inclusive, your code", "Function",
				       metric, total, &x->rows, none, NULL));
	rows_release(&x->rows);

	uint32_t *via;
	int64_t *via_value;
	yours_view_outside(p, own, &x->w, x->your_keys, &x->rows, &via, &via_value);
	t = func_table(r, in, "outside_yours",
		       report_printf(r, "%s outside your code, by the nearest function of yours", metric_header(metric)),
		       "Function", metric, total, &x->rows, none, "Via");
	for (size_t i = 0; i < x->rows.len; i++) {
		struct report_row *row = &t->rows.items[i];
		row->values[1] = via_value[i];
		row->context = report_printf(r, "via %s", yours_via(r, p, own, via[i]));
	}
	report_format_value(tot, sizeof(tot), rows_sum(&x->rows), p->metrics[metric].unit);
	t->note = report_printf(r, "  samples whose innermost function is not yours: %s in all; Via: the part in "
				   "the function named after 'via'", tot);
	report_table_finish(t);
	free(via);
	free(via_value);
	rows_release(&x->rows);

	int64_t alloc = yours_view_alloc(p, &x->w, x->is_entry, x->your_keys, &x->rows);
	t = func_table(r, in, "alloc_yours",
		       report_printf(r, "Allocation %s by requesting function: %.2f%% of all %s", mn,
				     total ? 100.0 * (double)alloc / (double)total : 0.0, mn),
		       "Function", metric, total, &x->rows, none, NULL);
	t->note = "samples with an allocator entry (malloc, free, operator new, __rust_alloc...) on the stack, "
		  "to the first function of yours above the outermost one";
	report_table_finish(t);
	rows_release(&x->rows);
}

/* The views before ownership (--whole-binary): every frame of the binary is the user's. */
static void binary_views(struct report *r, const struct view_input *in, struct state *x, size_t metric,
			 const char *bin)
{
	const struct profile *p = in->p;
	size_t nfunc = p->funcs.len;
	int64_t total = x->w.total;
	const char *mn = metric_noun(metric);
	struct names funcs = {p, "(none)", x->owned};
	char tot[64];

	view_self(p, &x->w, x->func_keys, nfunc, &x->rows);
	keep_owned_rows(&x->rows, x->owned);
	add_view(r, "top_self_binary", report_printf(r, "Top self, %s only", bin), "Function", metric, p, total,
		 &x->rows, func_or_none, &funcs);
	rows_release(&x->rows);

	view_inclusive(p, &x->w, x->func_keys, nfunc, &x->rows);
	keep_owned_rows(&x->rows, x->owned);
	add_view(r, "top_inclusive_binary", report_printf(r, "Top inclusive, %s only", bin), "Function", metric,
		 p, total, &x->rows, func_or_none, &funcs);
	rows_release(&x->rows);

	view_nearest_owned(p, &x->w, x->func_keys, nfunc, x->owned, &x->rows);
	struct names near = {p, report_printf(r, "(no %s frame on the stack)", bin), x->owned};
	struct report_table *t =
		add_view(r, "nearest_binary_caller",
			 report_printf(r, "Library and kernel %s credited to the nearest %s caller", mn, bin),
			 "Caller", metric, p, total, &x->rows, func_or_none, &near);
	report_format_value(tot, sizeof(tot), rows_sum(&x->rows), p->metrics[metric].unit);
	t->note = report_printf(r, "  samples whose leaf is outside %s: %s in all", bin, tot);
	rows_release(&x->rows);

	int64_t alloc = view_alloc_callers(p, &x->w, x->is_entry, x->is_plumbing, &x->rows);
	struct names req = {p, "(no caller outside allocator and plumbing)", x->owned};
	add_view(r, "alloc_callers",
		 report_printf(r, "Allocation %s by requesting caller: %.2f%% of all %s", mn,
			       total ? 100.0 * (double)alloc / (double)total : 0.0, mn),
		 "Caller", metric, p, total, &x->rows, func_or_none, &req);
	rows_release(&x->rows);
}

static void build(const struct view_input *in, struct state *x, size_t metric, struct report *r)
{
	const struct profile *p = in->p;
	const struct profan_opts *o = in->o;
	uint32_t main_lib = samply_main_lib(p);
	const char *bin = main_lib == PF_NONE ? "binary" : profile_str(p, p->libs.items[main_lib].name);

	report_header(r, "Input", "%s", in->paths[0]);
	report_header(r, "Format", "%s, %s", p->format ? p->format : "samply", p->format_detail);
	report_header_from_profile(r, p);
	symbol_header(r, p, metric);
	if (in->symbols_origin)
		report_header(r, "Symbols", "names from %s", in->symbols_origin);
	if (!samply_view_opts_of(o)->whole_binary)
		yours_header(r, p, in->own);
	weights_compute(&x->w, p, metric, NULL);
	char tot[64];
	report_format_value(tot, sizeof(tot), x->w.total, p->metrics[metric].unit);
	report_header(r, "Weighted by", "%s", p->metrics[metric].label);
	report_header(r, "Total", "%s in %zu samples", tot, x->w.sample_count);
	report_figure(r, "Total", "total", x->w.total, p->metrics[metric].unit);
	report_figure(r, "Total", "samples", (int64_t)x->w.sample_count, PF_UNIT_COUNT);

	size_t nfunc, nlib;
	x->func_keys = keys_by_func(p, &nfunc);
	x->lib_keys = keys_by_lib(p, &nlib);
	x->owned = native_owned_funcs(p);
	struct names libs = {p, "(no library)", NULL};

	view_self(p, &x->w, x->lib_keys, nlib, &x->rows);
	add_view(r, "cpu_by_library", report_printf(r, "%s by library (self)", metric_header(metric)), "Library",
		 metric, p, x->w.total, &x->rows, lib_or_none, &libs);
	rows_release(&x->rows);

	top_self_all(r, in, x, metric);
	if (samply_view_opts_of(o)->whole_binary)
		binary_views(r, in, x, metric, bin);
	else
		your_views(r, in, x, metric);

	if (samply_view_opts_of(o)->threads)
		thread_table(r, p, metric);
}

int samply_views(const struct view_input *in, struct report *r, struct view_choice *out)
{
	const struct samply_view_opts *so = samply_view_opts_of(in->o);
	const struct profile *p = in->p;
	struct state x = {0};
	int rc = PF_EXIT_FAIL;
	if (so->whole_binary) {
		/* the seed's name lists: entries and container plumbing by name */
		if (compile("--alloc-entry", so->alloc_entry ? so->alloc_entry : NATIVE_ALLOC_ENTRY_DEFAULT,
			    &x.entry) < 0 ||
		    compile("--alloc-plumbing",
			    so->alloc_plumbing ? so->alloc_plumbing : NATIVE_ALLOC_PLUMBING_DEFAULT, &x.plumbing) < 0)
			goto out;
		x.is_entry = match_funcs(p, x.entry, NULL);
		x.is_plumbing = match_funcs(p, x.plumbing, NULL);
	} else {
		/* entries by the model (ownership_is_alloc_entry); plumbing by class, plus your own wrappers */
		if ((so->alloc_entry && compile("--alloc-entry", so->alloc_entry, &x.entry) < 0) ||
		    (so->alloc_plumbing && compile("--alloc-plumbing", so->alloc_plumbing, &x.plumbing) < 0))
			goto out;
		x.is_entry = x.entry ? match_funcs(p, x.entry, NULL) : xcalloc(p->funcs.len + 1, sizeof(bool));
		x.is_plumbing = x.plumbing ? match_funcs(p, x.plumbing, NULL) : xcalloc(p->funcs.len + 1, sizeof(bool));
		for (size_t f = 0; !x.entry && x.is_entry && f < p->funcs.len; f++)
			x.is_entry[f] = f < in->own->func_count && in->own->funcs[f].alloc_entry;
	}
	if (x.is_entry == NULL || x.is_plumbing == NULL)
		goto out; /* match_funcs printed why */
	size_t metric;
	if (choose_metric(in->p, in->o->metric, &metric) < 0) {
		rc = PF_EXIT_USAGE;
		goto out;
	}
	build(in, &x, metric, r);
	*out = (struct view_choice){.metric = metric};
	rc = PF_EXIT_OK;
out:
	state_release(&x);
	return rc;
}
