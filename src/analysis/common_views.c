/* common_views.c: what every format shows besides its own views: the filter
 * and input header lines, the call trees (--tree, --inverted, --callers,
 * --callees), the per-file shares of merged runs and the source listings
 * (--annotate). */
#include <stdlib.h>
#include <string.h>

#include "profan/analysis.h"
#include "annotate.h"
#include "profan/calltree.h"
#include "profan/match.h"
#include "profan/views.h"
#include "perfile.h"
#include "tree.h"

/* The functions a tree option names, or NULL with a warning in the report. */
static bool *match_or_warn(struct report *r, const struct profile *p, const char *opt, const char *re_text)
{
	char err[300];
	struct regex *re = regex_compile(re_text, err, sizeof(err));
	if (re == NULL) {
		report_warning(r, "--%s: %s", opt, err);
		return NULL;
	}
	size_t n = 0;
	bool *m = match_funcs(p, re, &n);
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

static void add_tree(struct report *r, const struct tree_names *names, struct calltree *t,
		     const char *id, const char *title, const struct pf_metric *m, bool show_self,
		     const struct pf_weights *w, double threshold, const char *note)
{
	calltree_finish(t);
	tree_render(r, t, id, title, m, show_self, w->total, threshold, names);
	if (note)
		r->tables.items[r->tables.len - 1]->note = note;
	calltree_release(t);
}

static void add_trees(const struct profan_opts *o, const struct profile *p, const struct pf_weights *w,
		      const struct tree_names *names, struct report *r)
{
	const struct pf_metric *m = &p->metrics[w->metric];
	/* the renderer folds nodes under the threshold; their callers need not be built */
	int64_t total = w->total < 0 ? -w->total : w->total;
	int64_t min_total = (int64_t)((double)total * o->tree_threshold / 100.0);
	struct calltree t;
	if (o->tree) {
		calltree_init(&t, false);
		calltree_add_topdown(&t, p, w, 0, NULL);
		add_tree(r, names, &t, "tree", report_printf(r, "Call tree, top-down (%s)", m->label), m, true, w,
			 o->tree_threshold, NULL);
	}
	if (o->inverted) {
		calltree_init(&t, true);
		calltree_add_inverted(&t, p, w, 0, NULL, min_total);
		add_tree(r, names, &t, "tree_inverted",
			 report_printf(r, "Call tree, bottom-up (%s): leaf functions, then their callers", m->label),
			 m, false, w, o->tree_threshold, NULL);
	}
	bool *sel;
	if (o->callers && (sel = match_or_warn(r, p, "callers", o->callers)) != NULL) {
		calltree_init(&t, true);
		calltree_add_inverted(&t, p, w, 0, sel, min_total);
		add_tree(r, names, &t, "callers", report_printf(r, "Callers of /%s/ (%s)", o->callers, m->label), m, true,
			 w, o->tree_threshold,
			 "Total: through this call path; Self: the function's own time reached through it.");
		free(sel);
	}
	if (o->callees && (sel = match_or_warn(r, p, "callees", o->callees)) != NULL) {
		calltree_init(&t, false);
		calltree_add_topdown(&t, p, w, 0, sel);
		add_tree(r, names, &t, "callees", report_printf(r, "Callees of /%s/ (%s)", o->callees, m->label), m, true,
			 w, o->tree_threshold, NULL);
		free(sel);
	}
}

static const char *info_value(const struct profile *p, const char *key)
{
	for (size_t i = 0; i < p->info.len; i++)
		if (strcmp(p->info.items[i].key, key) == 0)
			return p->info.items[i].value;
	return NULL;
}

int common_views(const struct profan_opts *o, const struct profile *p, const struct ownership *own,
		 const struct view_choice *c, struct report *r)
{
	if (c->metric >= p->metric_count)
		return 0;
	/* the filters and inputs belong in the header even if the format wrote its own */
	static const char *const shared_keys[] = {"Filters", "Inputs"};
	for (size_t k = 0; k < ARRAY_SIZE(shared_keys); k++) {
		const char *v = info_value(p, shared_keys[k]);
		bool shown = false;
		for (size_t h = 0; h < r->header.len && !shown; h++)
			shown = strcmp(r->header.items[h].key, shared_keys[k]) == 0;
		if (v && !shown)
			report_header(r, shared_keys[k], "%s", v);
	}
	if (o->tree || o->inverted || o->callers || o->callees) {
		struct pf_weights w;
		weights_compute(&w, p, c->metric, c->keep);
		struct tree_names names = {.p = p, .own = own, .full_paths = o->own.full_paths, .detail_of = c->name_of};
		add_trees(o, p, &w, &names, r);
		weights_release(&w);
	}
	if (o->per_file) {
		if (profile_run_count(p) > 1)
			perfile_tables(r, p, c->metric, c->keep);
		else
			report_warning(r, "--per-file compares several input files; there is only one");
	}
	return annotate_views(o, p, own, c, r);
}
