/* cpuprof_views.c: the views of a V8 CPU profile.
 *
 * Tables: top self, top self of your code (Node's and V8's internals credited
 * to the function of yours that called them: docs/ownership.md), top inclusive
 * (recursion counted once), self by script url; JS<->wasm wrapper frames are
 * credited to their caller in all of them. Function rows carry whose code they
 * are ([node], [v8], [dep PKG]). The header carries the weighting in force and
 * the shares of (garbage collector), (program), (idle) and WebAssembly, with a
 * warning when unnamed wasm frames hold real time. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profan/analysis.h"
#include "cpuprof.h"
#include "profan/views.h"
#include "profan/yours.h"

/* Stripped wasm below this share of the time is not worth a warning. */
#define UNNAMED_WASM_WARN_PERCENT 1.0
#define WRAPPERS "JS<->wasm wrapper frames"

static const char *weighting_text(enum cpuprof_weight w)
{
	switch (w) {
	case CPUPROF_WEIGHT_AFTER:
		return "the gap after each sample, the last one until endTime, as DevTools and speedscope "
		       "(--weight after)";
	case CPUPROF_WEIGHT_SAMPLES:
		return "sample count (--weight samples)";
	case CPUPROF_WEIGHT_BEFORE:
		break;
	}
	return "the gap before each sample, timeDeltas[i], as the usual script sums it (--weight before)";
}

/* Name and detail of a function row: "url:line:col" for JS, "url +0xOFFSET" for wasm. */
static const char *func_name(const void *ctx, uint32_t func, const char **detail)
{
	static char buf[1200];
	const struct profile *p = ctx;
	*detail = NULL;
	if (func >= p->funcs.len)
		return "(no JS caller)";
	const struct pf_func *f = &p->funcs.items[func];
	const char *url = profile_str(p, f->file);
	if (*url != '\0' && strcmp(url, profile_str(p, f->name)) != 0) { /* --by file: the name is the url */
		if (f->flags & CPUPROF_FUNC_WASM)
			snprintf(buf, sizeof(buf), "%s +0x%x", url, f->column ? f->column - 1 : 0);
		else if (f->line && f->column)
			snprintf(buf, sizeof(buf), "%s:%u:%u", url, f->line, f->column);
		else if (f->line)
			snprintf(buf, sizeof(buf), "%s:%u", url, f->line);
		else
			snprintf(buf, sizeof(buf), "%s", url);
		*detail = buf;
	}
	return profile_str(p, f->name);
}

/* Whose code a function row is (no mark on rows of yours but the highlight). */
static void mark_row(struct report *r, struct report_row *row, const struct profile *p, const struct ownership *own,
		     uint32_t func)
{
	if (func >= p->funcs.len)
		return;
	enum own_class cls = ownership_class(own, func);
	row->cls = ownership_class_name(cls);
	row->flags = cls == OWN_YOURS ? REPORT_ROW_OWNED : 0;
	const char *label = yours_label(p, own, func);
	if (label)
		row->label = report_strdup(r, label);
	if (p->funcs.items[func].file) {
		row->file = report_strdup(r, profile_str(p, p->funcs.items[func].file));
		row->line = p->funcs.items[func].line;
	}
}

static const char *script_name(const void *ctx, uint32_t lib, const char **detail)
{
	const struct profile *p = ctx;
	*detail = NULL;
	if (lib >= p->libs.len)
		return "(native and VM: no url)";
	return profile_str(p, p->libs.items[lib].name);
}

static double pct(int64_t v, int64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0.0;
}

/* Per-function self and inclusive sums, and shares by function flag. */
struct sums {
	struct pf_weights w;
	uint32_t *keys;
	size_t key_count;
	int64_t *self, *incl;
};

static void sums_compute(struct sums *s, const struct profile *p)
{
	weights_compute(&s->w, p, p->default_metric, NULL);
	s->keys = keys_by_func(p, &s->key_count);
	s->self = xcalloc(s->key_count + 1, sizeof(int64_t));
	s->incl = xcalloc(s->key_count + 1, sizeof(int64_t));
	struct pf_rows rows;
	view_self(p, &s->w, s->keys, s->key_count, &rows);
	for (size_t i = 0; i < rows.len; i++)
		s->self[rows.items[i].key] = rows.items[i].value;
	rows_release(&rows);
	view_inclusive(p, &s->w, s->keys, s->key_count, &rows);
	for (size_t i = 0; i < rows.len; i++)
		s->incl[rows.items[i].key] = rows.items[i].value;
	rows_release(&rows);
}

static void sums_release(struct sums *s)
{
	weights_release(&s->w);
	free(s->keys);
	free(s->self);
	free(s->incl);
}

static int64_t self_with_flags(const struct profile *p, const struct sums *s, uint32_t flags,
			       uint32_t without)
{
	int64_t v = 0;
	for (size_t f = 0; f < p->funcs.len; f++)
		if ((p->funcs.items[f].flags & flags) == flags && !(p->funcs.items[f].flags & without))
			v += s->self[f];
	return v;
}

static void add_shares(struct report *r, const struct profile *p, const struct sums *s, bool wasm_given)
{
	int64_t total = s->w.total;
	report_header(r, "VM shares", "(garbage collector) %.2f%%, (program) %.2f%%, (idle) %.2f%%",
		      pct(self_with_flags(p, s, CPUPROF_FUNC_GC, 0), total),
		      pct(self_with_flags(p, s, CPUPROF_FUNC_PROGRAM, 0), total),
		      pct(self_with_flags(p, s, CPUPROF_FUNC_IDLE, 0), total));
	int64_t wasm = self_with_flags(p, s, CPUPROF_FUNC_WASM, CPUPROF_FUNC_PLUMBING);
	int64_t unnamed = self_with_flags(p, s, CPUPROF_FUNC_WASM_UNNAMED, 0);
	int64_t plumbing = self_with_flags(p, s, CPUPROF_FUNC_PLUMBING, 0);
	bool any_wasm = false;
	for (size_t f = 0; f < p->funcs.len && !any_wasm; f++)
		any_wasm = p->funcs.items[f].flags & (CPUPROF_FUNC_WASM | CPUPROF_FUNC_PLUMBING);
	if (!any_wasm)
		return;
	report_header(
		r, "WebAssembly",
		"%.2f%% self in wasm functions (%.2f%% in unnamed wasm-function[N]), %.2f%% in JS<->wasm "
		"wrappers",
		pct(wasm, total), pct(unnamed, total), pct(plumbing, total));
	if (pct(unnamed, total) >= UNNAMED_WASM_WARN_PERCENT)
		report_warning(
			r,
			"%.1f%% of the time is in wasm-function[N] frames: the module was built without a "
			"name section. Rebuild keeping it (emcc --profiling-funcs; wasm-ld without "
			"--strip-all/--strip-debug; wasm-opt --debuginfo)%s",
			pct(unnamed, total),
			wasm_given ? ""
				   : ", or name the frames here with --wasm MODULE.wasm (a named build)");
}

int cpuprof_views(const struct view_input *in, struct report *r, struct view_choice *out)
{
	const struct profile *p = in->p;
	const char *path = in->paths[0];
	enum cpuprof_weight weight = cpuprof_view_opts_of(in->o)->weight;
	bool wasm_given = cpuprof_view_opts_of(in->o)->wasm != NULL;
	struct sums s;
	sums_compute(&s, p);
	const struct pf_metric *m = &p->metrics[p->default_metric];
	report_header(r, "Input", "%s", path);
	report_header(r, "Format", "V8 CPU profile, %s", p->format_detail ? p->format_detail : "");
	/* A profile with only hitCount has one sample per node, whose count is its hits */
	size_t count_m = profile_metric_index(p, "samples");
	int64_t hits = 0;
	for (size_t i = 0; count_m != SIZE_MAX && i < p->sample_count; i++)
		hits += p->sample_values[count_m][i];
	bool hit_counts = count_m != SIZE_MAX && hits != (int64_t)p->sample_count;
	report_header(r, "Weighted by", "%s",
		      hit_counts ? "hitCount: the file has no samples, so its duration is spread evenly over the hits"
				 : weighting_text(weight));
	char total[64];
	report_format_value(total, sizeof(total), s.w.total, m->unit);
	if (hit_counts)
		report_header(r, "Total", "%s in %" PRId64 " hits", total, hits);
	else
		report_header(r, "Total", "%s in %zu samples", total, s.w.sample_count);
	report_figure(r, "Total", "total", s.w.total, m->unit);
	if (hit_counts)
		report_figure(r, "Total", "hits", hits, PF_UNIT_COUNT);
	else
		report_figure(r, "Total", "samples", (int64_t)s.w.sample_count, PF_UNIT_COUNT);
	report_header_from_profile(r, p);
	yours_header(r, p, in->own);
	add_shares(r, p, &s, wasm_given);

	/* One rule for every table: JS<->wasm wrapper frames are V8's plumbing, so their self time
	 * belongs to the function that called through them (and to that function's script), and
	 * they are no row of their own. Without a caller it goes to "(no JS caller)". */
	bool *owned = xcalloc(s.key_count + 1, sizeof(bool));
	int64_t plumbing = 0;
	for (size_t f = 0; f < s.key_count; f++) {
		owned[f] = !(p->funcs.items[f].flags & CPUPROF_FUNC_PLUMBING);
		if (!owned[f])
			plumbing += s.self[f];
	}
	uint32_t *caller = keys_nearest_owned(p, s.keys, owned); /* per stack node */
	int64_t *self = xcalloc(s.key_count + 1, sizeof(int64_t));
	bool *seen = xcalloc(s.key_count + 1, sizeof(bool));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t f = owned[caller[n]] ? caller[n] : (uint32_t)s.key_count;
		if (s.w.node[n] != 0)
			self[f] += s.w.node[n], seen[f] = true;
	}
	char wrappers[64];
	report_format_value(wrappers, sizeof(wrappers), plumbing, m->unit);
	struct report_table *t = report_add_table(r, "top_self", "Top functions by self time", "Function");
	report_table_col(t, "Self", m->unit, s.w.total);
	report_table_col(t, "Total", m->unit, s.w.total);
	for (size_t f = 0; f <= s.key_count; f++) {
		if (!seen[f])
			continue;
		const char *detail;
		const char *name = func_name(p, (uint32_t)f, &detail);
		struct report_row *row = report_table_row(r, t, name, detail);
		row->values[0] = self[f];
		row->values[1] = f < s.key_count ? s.incl[f] : 0;
		mark_row(r, row, p, in->own, (uint32_t)f);
	}
	if (plumbing != 0)
		t->note = report_printf(r, WRAPPERS " (%s self) are counted in their caller's Self.",
					wrappers);
	report_table_finish(t);

	/* your code: each sample to its innermost function of yours */
	uint32_t *your_keys = yours_keys(p, in->own, NULL);
	struct pf_rows rows;
	view_self(p, &s.w, your_keys, p->funcs.len + 1, &rows);
	t = report_add_table(r, "top_self_yours", "Top self, your code", "Function");
	t->note = "each sample to its innermost function of yours: the Node and V8 internals it calls count for it";
	report_table_col(t, "Self", m->unit, s.w.total);
	for (size_t i = 0; i < rows.len; i++) {
		const char *detail;
		uint32_t f = rows.items[i].key;
		const char *name = f < p->funcs.len ? func_name(p, f, &detail) : "(no frame of your code)";
		struct report_row *row = report_table_row(r, t, name, f < p->funcs.len ? detail : NULL);
		row->values[0] = rows.items[i].value;
		mark_row(r, row, p, in->own, f);
	}
	report_table_finish(t);
	rows_release(&rows);
	free(your_keys);

	t = report_add_table(r, "top_inclusive", "Top functions by inclusive time (recursion counted once)",
			     "Function");
	report_table_col(t, "Total", m->unit, s.w.total);
	report_table_col(t, "Self", m->unit, s.w.total);
	for (size_t f = 0; f < s.key_count; f++) {
		if (s.incl[f] == 0 || !owned[f])
			continue;
		const char *detail;
		const char *name = func_name(p, (uint32_t)f, &detail);
		struct report_row *row = report_table_row(r, t, name, detail);
		row->values[0] = s.incl[f];
		row->values[1] = self[f];
		mark_row(r, row, p, in->own, (uint32_t)f);
	}
	if (plumbing != 0)
		t->note = report_printf(r, WRAPPERS " are in their callers' Total, and their %s self in "
					"their caller's Self.", wrappers);
	report_table_finish(t);

	/* by script: each stack node's self goes to the script of the function credited with it;
	 * key libs.len is "no url", as in keys_by_lib() */
	size_t lib_count = p->libs.len;
	uint32_t *lib_keys = xreallocarray(NULL, p->stacks.len ? p->stacks.len : 1, sizeof(uint32_t));
	for (size_t n = 0; n < p->stacks.len; n++) {
		uint32_t lib = owned[caller[n]] ? p->funcs.items[caller[n]].lib : PF_NONE;
		lib_keys[n] = lib == PF_NONE ? (uint32_t)lib_count : lib;
	}
	view_self(p, &s.w, lib_keys, lib_count + 1, &rows);
	t = report_add_table(r, "by_script", "Self time by script", "Script");
	report_table_col(t, "Self", m->unit, s.w.total);
	report_table_from_rows(r, t, &rows, script_name, p);
	if (plumbing != 0)
		t->note = report_printf(r, WRAPPERS " (%s self) are counted in their caller's script.",
					wrappers);
	report_table_finish(t);
	rows_release(&rows);
	free(lib_keys);
	free(caller);
	free(self);
	free(seen);
	free(owned);
	/* tree rows show url:line:column and wasm offsets as the tables do */
	*out = (struct view_choice){.metric = p->default_metric, .annotate = ANNOTATE_TICKS, .name_of = func_name};
	sums_release(&s);
	return PF_EXIT_OK;
}
