/* generic_views.c: the views every profile has, for a format without views of
 * its own (a new loader gets these until it needs more): top self and top
 * inclusive by function, weighted by the profile's default metric. */
#include <stdlib.h>

#include "profan/analysis.h"
#include "profan/views.h"

void view_choice_release(struct view_choice *c)
{
	free(c->keep);
	c->keep = NULL;
}

int generic_views(const struct view_input *in, struct report *r, struct view_choice *out)
{
	const struct profile *p = in->p;
	size_t metric = in->o->metric ? profile_metric_index(p, in->o->metric) : p->default_metric;
	if (metric >= p->metric_count) {
		pf_error("%s: no metric '%s' in this profile", in->paths[0], in->o->metric ? in->o->metric : "");
		return PF_EXIT_FAIL;
	}
	const struct pf_metric *m = &p->metrics[metric];
	report_header(r, "Input", "%s", in->paths[0]);
	report_header(r, "Format", "%s%s%s", p->format ? p->format : "profile", p->format_detail ? ", " : "",
		      p->format_detail ? p->format_detail : "");
	report_header_from_profile(r, p);
	struct pf_weights w;
	weights_compute(&w, p, metric, NULL);
	char total[64];
	report_format_value(total, sizeof(total), w.total, m->unit);
	report_header(r, "Total", "%s (%s) in %zu samples", total, m->label, w.sample_count);
	report_figure(r, "Total", "total", w.total, m->unit);
	report_figure(r, "Total", "samples", (int64_t)w.sample_count, PF_UNIT_COUNT);
	size_t nkeys;
	uint32_t *keys = keys_by_func(p, &nkeys);
	struct pf_rows rows;
	for (int inclusive = 0; inclusive < 2; inclusive++) {
		if (inclusive)
			view_inclusive(p, &w, keys, nkeys, &rows);
		else
			view_self(p, &w, keys, nkeys, &rows);
		struct report_table *t =
			report_add_table(r, inclusive ? "top_inclusive" : "top_self",
					 inclusive ? "Top inclusive (recursion counted once)" : "Top self", "Function");
		report_table_col(t, inclusive ? "Total" : "Self", m->unit, w.total);
		report_table_from_rows(r, t, &rows, report_func_name, p);
		report_table_finish(t);
		rows_release(&rows);
	}
	free(keys);
	weights_release(&w);
	*out = (struct view_choice){.metric = metric};
	return PF_EXIT_OK;
}
