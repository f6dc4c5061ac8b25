/* diff.c: profan diff's analysis (diff.h). */
#include "profan/diff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/match.h"

struct file_vals {
	int64_t total;
	VEC(int64_t) self, incl; /* by diff key */
};

struct diff_state {
	struct strmap keys; /* a function's identity (func_identity_keys()), and the names in it */
	VEC(char *) label, detail; /* by key */
	struct file_vals *files[2];
	size_t nfiles[2];
	bool by_owned_caller; /* self credited to the program's nearest frame (heap profiles) */
};

/* The diff key of FUNC, whose identity in D->keys is ID (func_identity_keys()). The
 * strmap also holds the names the identities refer to, so the label and
 * detail arrays are indexed by string id: unused slots stay NULL. */
static uint32_t key_of(struct diff_state *d, const struct profile *p, uint32_t func, uint32_t id)
{
	while (d->label.len <= id) {
		vec_push(&d->label, NULL);
		vec_push(&d->detail, NULL);
	}
	if (d->label.items[id] == NULL) {
		const char *detail;
		report_func_name(p, func, &detail);
		d->label.items[id] = xstrdup(func_label(p, func));
		d->detail.items[id] = detail ? xstrdup(detail) : NULL;
	}
	return id;
}

static void set_at(int64_t **items, size_t *len, size_t *cap, size_t k, int64_t v)
{
	if (k >= *cap) {
		size_t ncap = *cap ? *cap : 64;
		while (ncap <= k)
			ncap *= 2;
		*items = xreallocarray(*items, ncap, sizeof(int64_t));
		memset(*items + *cap, 0, (ncap - *cap) * sizeof(int64_t));
		*cap = ncap;
	}
	(*items)[k] += v;
	if (k >= *len)
		*len = k + 1;
}

static int64_t get_at(const int64_t *items, size_t len, size_t k)
{
	return k < len ? items[k] : 0;
}

static void measure(struct diff_state *d, const struct profile *p, size_t metric, struct file_vals *fv)
{
	struct pf_weights w;
	weights_compute(&w, p, metric, NULL);
	fv->total = w.total;
	size_t nkeys;
	uint32_t *keys = keys_by_func(p, &nkeys);
	struct pf_rows self, incl;
	if (d->by_owned_caller) {
		/* heap profiles: the leaf is malloc; what changed is who asked for the memory */
		bool *owned = xcalloc(nkeys + 1, sizeof(*owned));
		for (size_t f = 0; f < nkeys; f++)
			owned[f] = p->funcs.items[f].flags & PF_FUNC_OWNED;
		uint32_t *callers = keys_nearest_owned(p, keys, owned);
		view_self(p, &w, callers, nkeys, &self);
		free(callers);
		free(owned);
	} else {
		view_self(p, &w, keys, nkeys, &self);
	}
	view_inclusive(p, &w, keys, nkeys, &incl);
	uint32_t *ids = func_identity_keys(&d->keys, p);
	for (size_t i = 0; i < self.len; i++)
		set_at(&fv->self.items, &fv->self.len, &fv->self.cap,
		       key_of(d, p, self.items[i].key, ids[self.items[i].key]), self.items[i].value);
	for (size_t i = 0; i < incl.len; i++)
		set_at(&fv->incl.items, &fv->incl.len, &fv->incl.cap,
		       key_of(d, p, incl.items[i].key, ids[incl.items[i].key]), incl.items[i].value);
	free(ids);
	rows_release(&self);
	rows_release(&incl);
	free(keys);
	weights_release(&w);
}

/* A side's share of key K in ppm, and its summed value. */
static int64_t side_share(const struct diff_state *d, int s, size_t k, bool inclusive, bool median,
			  int64_t *sum)
{
	size_t n = d->nfiles[s];
	int64_t total = 0, value = 0;
	int64_t *shares = xreallocarray(NULL, n + 1, sizeof(*shares));
	for (size_t f = 0; f < n; f++) {
		const struct file_vals *fv = &d->files[s][f];
		int64_t v = inclusive ? get_at(fv->incl.items, fv->incl.len, k)
				      : get_at(fv->self.items, fv->self.len, k);
		value += v;
		total += fv->total;
		shares[f] = fv->total ? (int64_t)llround((double)v * 1e6 / (double)fv->total) : 0;
	}
	int64_t out = median  ? median_i64(shares, n)
		      : total ? (int64_t)llround((double)value * 1e6 / (double)total)
			      : 0;
	free(shares);
	*sum = value;
	return out;
}

static int change_cmp(const void *a, const void *b)
{
	const struct report_row *x = a, *y = b;
	int64_t ax = llabs(x->values[0]), ay = llabs(y->values[0]);
	if (ax != ay)
		return ax > ay ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void diff_table(struct report *r, const struct diff_state *d, const struct pf_metric *m,
		       bool inclusive, bool median)
{
	struct report_table *t =
		report_add_table(r, inclusive ? "diff_inclusive" : "diff_self",
				 report_printf(r, "%s share of %s: base → new, by size of change",
					       inclusive ? "Inclusive" : "Self", m->label),
				 "Function");
	report_table_col(t, "Change", PF_UNIT_PPM_CHANGE, 0);
	report_table_col(t, "Base", PF_UNIT_PPM, 0);
	report_table_col(t, "New", PF_UNIT_PPM, 0);
	t->note = "Change in percentage points (pp) of each side's own total; the detail gives the relative change"
		  " and the summed values.";
	for (size_t k = 0; k < d->label.len; k++) {
		int64_t sb, sn;
		int64_t b = side_share(d, 0, k, inclusive, median, &sb);
		int64_t n = side_share(d, 1, k, inclusive, median, &sn);
		if (sb == 0 && sn == 0)
			continue;
		char rel[48], vb[48], vn[48];
		if (b == 0 && n == 0)
			snprintf(rel, sizeof(rel), "~0");
		else if (b == 0)
			snprintf(rel, sizeof(rel), "new");
		else if (n == 0)
			snprintf(rel, sizeof(rel), "gone");
		else
			snprintf(rel, sizeof(rel), "%+.1f%%", 100.0 * (double)(n - b) / (double)b);
		report_format_value(vb, sizeof(vb), sb, m->unit);
		report_format_value(vn, sizeof(vn), sn, m->unit);
		const char *detail = d->detail.items[k];
		struct report_row *row =
			report_table_row(r, t, d->label.items[k],
					 report_printf(r, "%s  (%s → %s)%s%s", rel, vb, vn,
						       detail ? "  " : "", detail ? detail : ""));
		row->values[0] = n - b;
		row->values[1] = b;
		row->values[2] = n;
	}
	/* by the size of the change, either way (report_table_finish would put losses last) */
	if (t->rows.len > 1)
		qsort(t->rows.items, t->rows.len, sizeof(*t->rows.items), change_cmp);
	t->ranked = true;
}

static const char *side_text(struct report *r, const struct diff_side *s, const int64_t total,
			     const struct pf_metric *m, bool median)
{
	char tv[48];
	report_format_value(tv, sizeof(tv), total, m->unit);
	if (s->count == 1)
		return report_printf(r, "%s (%s, %s)", s->paths[0],
				     s->files[0].format ? s->files[0].format : "?", tv);
	const char *list = s->paths[0];
	for (size_t i = 1; i < s->count; i++)
		list = report_printf(r, "%s, %s", list, s->paths[i]);
	return report_printf(r, "%zu files, %s (%s; %s in all)", s->count,
			     median ? "median of their shares" : "summed", list, tv);
}

/* The metric called NAME in every file, by index; -1 after one error line. */
static int resolve_metric(const struct diff_side *const sides[2], const char *name, size_t *metric_of[2])
{
	const struct profile *first = &sides[0]->files[0];
	size_t m0 = profile_metric_index(first, name);
	for (int s = 0; s < 2; s++) {
		metric_of[s] = xcalloc(sides[s]->count + 1, sizeof(size_t));
		for (size_t f = 0; f < sides[s]->count; f++) {
			const struct profile *p = &sides[s]->files[f];
			size_t m = profile_metric_index(p, name);
			if (m == SIZE_MAX) {
				pf_error("%s: no metric '%s' in this profile", sides[s]->paths[f], name);
				return -1;
			}
			if (m0 == SIZE_MAX || p->metrics[m].unit != first->metrics[m0].unit) {
				pf_error("%s: metric '%s' has another unit than in %s", sides[s]->paths[f], name,
					 sides[0]->paths[0]);
				return -1;
			}
			metric_of[s][f] = m;
		}
	}
	return 0;
}

static const char *metric_name(const struct diff_side *base, const struct diff_opts *o)
{
	const struct profile *first = &base->files[0];
	if (o->metric != NULL)
		return o->metric;
	return first->metric_count ? first->metrics[first->default_metric].name : NULL;
}

int diff_report(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		struct report *r)
{
	const struct diff_side *sides[2] = {base, new_side};
	const struct profile *first = &base->files[0];
	const char *name = metric_name(base, o);
	if (name == NULL) {
		pf_error("%s: the profile has no metric", base->paths[0]);
		return PF_EXIT_FAIL;
	}
	size_t *metric_of[2] = {NULL, NULL};
	if (resolve_metric(sides, name, metric_of) < 0) {
		free(metric_of[0]);
		free(metric_of[1]);
		return PF_EXIT_FAIL;
	}
	struct diff_state d = {0};
	strmap_init(&d.keys);
	const struct pf_metric *m = &first->metrics[profile_metric_index(first, name)];
	d.by_owned_caller = first->format != NULL && strcmp(first->format, "dhat") == 0;
	int64_t totals[2] = {0, 0};
	int rc = PF_EXIT_OK;
	for (int s = 0; s < 2; s++) {
		d.nfiles[s] = sides[s]->count;
		d.files[s] = xcalloc(sides[s]->count, sizeof(struct file_vals));
		for (size_t f = 0; f < sides[s]->count; f++) {
			measure(&d, &sides[s]->files[f], metric_of[s][f], &d.files[s][f]);
			/* a side's sum bounds every value summed for it below (and in the trees) */
			if (rc == PF_EXIT_OK && __builtin_add_overflow(totals[s], d.files[s][f].total, &totals[s])) {
				pf_error("%s: %s summed over the %s files exceeds 2^63 - 1", sides[s]->paths[f],
					 m->name, s ? "new" : "base");
				rc = PF_EXIT_FAIL;
			}
		}
	}
	if (rc != PF_EXIT_OK)
		goto out;
	report_header(r, "Base", "%s", side_text(r, base, totals[0], m, o->median));
	report_header(r, "New", "%s", side_text(r, new_side, totals[1], m, o->median));
	report_header(r, "Compared", "%s as a share of each side's own total", m->label);
	if (d.by_owned_caller)
		report_header(r, "Self", "%s", "credited to the program's own frame nearest the allocation (allocator and "
				 "library frames skipped), as dhat's sites are");
	for (size_t i = 0; i < first->info.len; i++)
		if (strcmp(first->info.items[i].key, "Filters") == 0)
			report_header(r, "Filters", "%s", first->info.items[i].value);
	for (int s = 0; s < 2; s++)
		for (size_t f = 0; f < sides[s]->count; f++)
			for (size_t w = 0; w < sides[s]->files[f].warnings.len; w++)
				report_keep_warning(r, report_printf(r, "%s: %s", sides[s]->paths[f],
								     sides[s]->files[f].warnings.items[w]));
	diff_table(r, &d, m, false, o->median);
	diff_table(r, &d, m, true, o->median);
out:
	for (int s = 0; s < 2; s++) {
		for (size_t f = 0; f < d.nfiles[s]; f++) {
			vec_free(&d.files[s][f].self);
			vec_free(&d.files[s][f].incl);
		}
		free(d.files[s]);
		free(metric_of[s]);
	}
	for (size_t k = 0; k < d.label.len; k++) {
		free(d.label.items[k]);
		free(d.detail.items[k]);
	}
	vec_free(&d.label);
	vec_free(&d.detail);
	strmap_release(&d.keys);
	return rc;
}

void diff_calltree(const struct diff_side *base, const struct diff_side *new_side, const struct diff_opts *o,
		   struct calltree *t)
{
	const struct diff_side *sides[2] = {base, new_side};
	const char *name = metric_name(base, o);
	calltree_init(t, false);
	for (int s = 0; s < 2 && name != NULL; s++)
		for (size_t f = 0; f < sides[s]->count; f++) {
			const struct profile *p = &sides[s]->files[f];
			size_t m = profile_metric_index(p, name);
			if (m == SIZE_MAX)
				continue;
			struct pf_weights w;
			weights_compute(&w, p, m, NULL);
			calltree_add_topdown(t, p, &w, s, NULL);
			weights_release(&w);
		}
	calltree_finish(t);
}
